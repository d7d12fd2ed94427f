/**
 * The service transport (src/client/transport.ts) against a real HTTP server
 * on loopback, no msw: what goes on the wire, how an answer is read (as
 * fetch's Response would read it), and that a redirect, a cut-off body and an
 * abort are never taken for an answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { serviceTransport, type TransportRequest } from '../../src/client/transport.ts'

interface Received {
  method?: string
  url?: string
  headers: IncomingMessage['headers']
  body: string
}

let server: Server
let base: string
let answer: (request: IncomingMessage, response: ServerResponse) => void
const received: Received[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: `${Buffer.concat(chunks)}`,
      })
      answer(request, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
afterEach(() => {
  received.length = 0
  vi.restoreAllMocks()
})

function request(given: Partial<TransportRequest> = {}): TransportRequest {
  return { method: 'GET', url: `${base}/v1/x`, headers: {}, signal: AbortSignal.timeout(10_000), ...given }
}

describe('the service transport on a real socket', () => {
  it('sends the method, headers and body as given, with the body its length', async () => {
    answer = (_, response) => response.end('{}')
    const body = JSON.stringify({ name: 'ünïcode ✓' })
    const headers = { accept: 'application/json', authorization: 'Bearer t', 'content-type': 'application/json' }
    await serviceTransport(request({ method: 'POST', url: `${base}/v1/sandboxes/start?x=1`, headers, body }))
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({ method: 'POST', url: '/v1/sandboxes/start?x=1', body })
    expect(received[0]?.headers).toMatchObject({ ...headers, 'content-length': String(Buffer.byteLength(body)) })
    expect(received[0]?.headers['transfer-encoding']).toBeUndefined()
  })

  it('reads the answer as fetch would: status, ok, headers by any case, UTF-8 split across writes, no BOM', async () => {
    answer = (_, response) => {
      response.writeHead(429, [
        ['Retry-After', '7'],
        ['X-Many', 'a'],
        ['X-Many', 'b'],
      ])
      const text = Buffer.from('\uFEFF{"message":"héllo ✓"}')
      // Cut inside the two-byte é and the three-byte ✓.
      response.write(text.subarray(0, 16))
      setTimeout(() => response.end(text.subarray(16)), 5)
    }
    const got = await serviceTransport(request())
    expect(got.status).toBe(429)
    expect(got.ok).toBe(false)
    expect(got.headers.get('retry-after')).toBe('7')
    expect(got.headers.get('RETRY-AFTER')).toBe('7')
    expect(got.headers.get('x-many')).toBe('a, b')
    expect(got.headers.get('x-none')).toBeNull()
    expect(await got.text()).toBe('{"message":"héllo ✓"}')
  })

  it('a 2xx is ok; an empty body is empty text', async () => {
    answer = (_, response) => response.writeHead(204).end()
    const got = await serviceTransport(request())
    expect([got.status, got.ok, await got.text()]).toEqual([204, true, ''])
  })

  it('returns a redirect, never follows it (the token goes to base-url only)', async () => {
    answer = (_, response) => response.writeHead(302, { location: `${base}/elsewhere` }).end()
    const got = await serviceTransport(request({ headers: { authorization: 'Bearer t' } }))
    expect(got.status).toBe(302)
    expect(received.map((r) => r.url)).toEqual(['/v1/x'])
  })

  it('a body cut off by the server is an error, not a short answer', async () => {
    answer = (_, response) => {
      response.writeHead(200, { 'content-length': '100' })
      response.write('{"status":')
      setTimeout(() => response.socket?.destroy(), 5)
    }
    await expect(serviceTransport(request())).rejects.toThrow()
  })

  it('the signal ends a request whose answer never comes, and one whose body stalls', async () => {
    answer = () => undefined
    const waiting = new AbortController()
    const pending = serviceTransport(request({ signal: waiting.signal }))
    await vi.waitFor(() => expect(received).toHaveLength(1))
    waiting.abort(new Error('deadline'))
    await expect(pending).rejects.toThrow()

    answer = (_, response) => response.writeHead(200).write('{"sta')
    const stalled = new AbortController()
    const reading = serviceTransport(request({ signal: stalled.signal }))
    await vi.waitFor(() => expect(received).toHaveLength(2))
    stalled.abort(new Error('deadline'))
    await expect(reading).rejects.toThrow()
  })

  it('an https base-url goes through node:https', async () => {
    const sent = vi.spyOn(https, 'request').mockImplementation(() => {
      throw new Error('not here')
    })
    await expect(serviceTransport(request({ url: 'https://service.invalid/v1/x' }))).rejects.toThrow('not here')
    expect(String(sent.mock.calls[0]?.[0])).toBe('https://service.invalid/v1/x')
  })
})
