/**
 * httpFetch (src/client/http-fetch.ts) side by side with Node's own fetch, on
 * real sockets on loopback: for the same answers both must give the same
 * status, text, headers, URL and redirects, send the server the same method,
 * body and credentials, and fail the same way when no answer comes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpFetch, type HttpFetchInit } from '../../src/client/http-fetch.ts'

interface Seen {
  method?: string
  url?: string
  body: string
  authorization?: string
  contentType?: string
}

type Route = (request: IncomingMessage, response: ServerResponse, seen: Seen) => void

let servers: Server[] = []
/** Every request each server saw, by path. */
const seen: Seen[] = []
let base = ''
let other = ''

const routes: Record<string, Route> = {
  '/echo': (_request, response, request) => response.end(JSON.stringify(request)),
  '/text': (_request, response) => {
    response.writeHead(201, 'Made It', [
      ['content-type', 'text/plain; charset=utf-8'],
      ['x-many', 'a'],
      ['x-many', 'b'],
      ['X-Upper', 'Yes'],
    ])
    const bytes = Buffer.from('\uFEFFgrüße ✓')
    response.write(bytes.subarray(0, 6))
    setTimeout(() => response.end(bytes.subarray(6)), 20)
  },
  '/none': (_request, response) => response.writeHead(204).end(),
  '/missing': (_request, response) => {
    response.writeHead(404, { 'content-type': 'application/json' })
    response.end('{"message":"Not Found"}')
  },
  '/cut': (_request, response) => {
    response.writeHead(200, { 'content-length': '100' })
    response.write('only part')
    setTimeout(() => response.socket?.destroy(), 20)
  },
  '/stall': () => {},
  '/loop': (_request, response) => response.writeHead(302, { location: '/loop' }).end(),
}

function redirect(request: IncomingMessage, response: ServerResponse): boolean {
  const match = /^\/redirect\/(\d+)\?to=(.+)$/.exec(request.url ?? '')
  if (!match) return false
  response.writeHead(Number(match[1]), { location: decodeURIComponent(match[2] ?? '') })
  response.end('moved')
  return true
}

async function serve(): Promise<string> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const request_: Seen = {
        method: request.method,
        url: request.url,
        body: `${Buffer.concat(chunks)}`,
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
        ...(request.headers['content-type'] ? { contentType: request.headers['content-type'] } : {}),
      }
      seen.push(request_)
      if (redirect(request, response)) return
      const route = routes[(request.url ?? '').split('?')[0] ?? '']
      if (route) return route(request, response, request_)
      response.writeHead(500)
      response.end('no route')
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  base = await serve()
  other = await serve()
})
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  servers = []
})

/** What a caller reads of an answer, the server's Date (a second apart, maybe) and Node's fetch-only headers aside. */
async function view(answer: Awaited<ReturnType<typeof httpFetch>> | Response) {
  const headers = [...answer.headers].filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name))
  return {
    status: answer.status,
    statusText: answer.statusText,
    ok: answer.ok,
    url: answer.url,
    redirected: answer.redirected,
    headers,
    many: answer.headers.get('X-MANY'),
    text: await answer.text(),
  }
}

/** Both clients on the same request: what each read, and what the server saw of each. */
async function both(path: string, init: HttpFetchInit = {}) {
  const from = seen.length
  const node = await view(await fetch(`${base}${path}`, init as RequestInit))
  const middle = seen.length
  const ours = await view(await httpFetch(`${base}${path}`, init))
  return { node, ours, nodeSaw: seen.slice(from, middle), oursSaw: seen.slice(middle) }
}

describe('httpFetch reads answers as Node fetch does', () => {
  it.each([
    ['a text answer split across writes: status text, repeated headers joined, BOM dropped', '/text'],
    ['204 without a body', '/none'],
    ['a 404 with JSON', '/missing'],
  ])('%s', async (_what, path) => {
    const { node, ours } = await both(path)
    expect(ours).toEqual(node)
  })

  it('sends method, body and content type as fetch does (a string body is text/plain unless typed)', async () => {
    for (const init of [
      { method: 'POST', body: '{"a":1}' },
      { method: 'PATCH', body: '{"a":1}', headers: { 'Content-Type': 'application/json', Authorization: 'token x' } },
      { method: 'PUT', body: new Uint8Array([104, 105]) },
      { method: 'DELETE' },
    ]) {
      const { node, ours, nodeSaw, oursSaw } = await both('/echo', init)
      expect(ours).toEqual(node)
      expect(oursSaw).toEqual(nodeSaw)
    }
  })

  it('headers answer has() by any case, as get() does', async () => {
    const [node, ours] = await Promise.all([fetch(`${base}/text`), httpFetch(`${base}/text`)])
    for (const name of ['X-Upper', 'x-upper', 'x-many', 'x-absent'])
      expect([name, ours.headers.has(name)]).toEqual([name, node.headers.has(name)])
    await Promise.all([node.text(), ours.text()])
  })

  it('json() and arrayBuffer() give what text() holds', async () => {
    const answer = await httpFetch(`${base}/missing`)
    expect(await answer.json()).toEqual({ message: 'Not Found' })
    expect(Buffer.from(await (await httpFetch(`${base}/missing`)).arrayBuffer()).toString()).toBe(
      '{"message":"Not Found"}',
    )
  })

  it('body is a web stream that can be read or cancelled', async () => {
    const chunks: Buffer[] = []
    for await (const chunk of (await httpFetch(`${base}/text`)).body) chunks.push(Buffer.from(chunk))
    expect(Buffer.concat(chunks).toString()).toBe('\uFEFFgrüße ✓')
    await (await httpFetch(`${base}/text`)).body.cancel()
  })
})

describe('httpFetch follows redirects as Node fetch does', () => {
  const to = (status: number, target: string) => `/redirect/${status}?to=${encodeURIComponent(target)}`

  it.each([
    ['302 GET', 302, 'GET'],
    ['301 POST becomes a GET without its body', 301, 'POST'],
    ['303 PUT becomes a GET', 303, 'PUT'],
    ['307 POST keeps its method and body', 307, 'POST'],
    ['308 PATCH keeps its method and body', 308, 'PATCH'],
  ])('%s', async (_what, status, method) => {
    const init = { method, headers: { 'content-type': 'application/json', authorization: 'token x' } }
    const { node, ours, nodeSaw, oursSaw } = await both(to(status, '/echo'), {
      ...init,
      ...(method === 'GET' ? {} : { body: '{"b":2}' }),
    })
    expect(ours).toEqual(node)
    expect(oursSaw).toEqual(nodeSaw)
  })

  it('another origin gets no authorization; the answer names where it came from', async () => {
    const { node, ours, nodeSaw, oursSaw } = await both(to(302, `${other}/echo`), {
      headers: { authorization: 'token secret' },
    })
    expect(ours).toEqual(node)
    expect(oursSaw).toEqual(nodeSaw)
    expect(oursSaw.at(-1)?.authorization).toBeUndefined()
    expect(ours.url).toBe(`${other}/echo`)
  })

  it('a redirect to a scheme other than http(s) fails, and so does such a URL itself', async () => {
    for (const url of [`${base}${to(302, 'ftp://127.0.0.1/file')}`, 'ftp://127.0.0.1/file']) {
      await expect(fetch(url)).rejects.toThrow(TypeError)
      await expect(httpFetch(url)).rejects.toThrow(TypeError)
    }
  })

  it("manual: the redirect itself is the answer; 'error' and a loop fail", async () => {
    const { node, ours } = await both(to(302, '/echo'), { redirect: 'manual' })
    expect(ours).toEqual(node)
    expect(ours.status).toBe(302)
    for (const [path, init] of [
      [to(302, '/echo'), { redirect: 'error' }],
      ['/loop', {}],
    ] as const) {
      await expect(fetch(`${base}${path}`, init)).rejects.toThrow(TypeError)
      await expect(httpFetch(`${base}${path}`, init)).rejects.toThrow(TypeError)
    }
  })
})

describe('httpFetch fails as Node fetch does', () => {
  it('nothing listening: a TypeError whose cause carries the code', async () => {
    const closed = await serve()
    const server = servers.pop()
    await new Promise((resolve) => server?.close(resolve))
    const node = await fetch(`${closed}/echo`).catch((error: unknown) => error)
    const ours = await httpFetch(`${closed}/echo`).catch((error: unknown) => error)
    for (const error of [node, ours]) {
      expect(error).toBeInstanceOf(TypeError)
      expect((error as Error).message).toBe('fetch failed')
      expect(((error as Error).cause as { code?: string }).code).toBe('ECONNREFUSED')
    }
  })

  it("an aborted request rejects with the signal's reason; an aborted signal sends nothing", async () => {
    for (const client of [fetch, httpFetch] as const) {
      const reason = new Error('deadline')
      const controller = new AbortController()
      const pending = (client as typeof httpFetch)(`${base}/stall`, { signal: controller.signal })
      setTimeout(() => controller.abort(reason), 50)
      await expect(pending).rejects.toBe(reason)
      const before = seen.length
      await expect((client as typeof httpFetch)(`${base}/echo`, { signal: AbortSignal.abort(reason) })).rejects.toBe(
        reason,
      )
      expect(seen.length).toBe(before)
    }
  })

  it('a body cut off mid-way: text() rejects with a TypeError, as fetch', async () => {
    for (const client of [fetch, httpFetch] as const) {
      const answer = await (client as typeof httpFetch)(`${base}/cut`)
      expect(answer.status).toBe(200)
      await expect(answer.text()).rejects.toThrow(TypeError)
    }
  })
})
