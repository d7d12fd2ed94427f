/**
 * A recording proxy on loopback between the bundles and the service: every
 * request goes on to the service as it came (method, path, query, the
 * headers that matter, the body), and every answer comes back as it came;
 * each exchange is kept (route, status, time, the answer's text) for the
 * report. The token passes through and is never kept.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Recorded {
  method: string
  /** The path under the base URL, without the query: /sandboxes/sbx-…/wait. */
  path: string
  query: string
  status: number
  ms: number
  text: string
}

const FORWARDED = ['authorization', 'content-type', 'accept', 'user-agent']
const RETURNED = ['content-type', 'retry-after']

export interface RecordingProxy {
  /** The base URL the bundles get (loopback, same path prefix as the service's). */
  baseUrl: string
  exchanges: Recorded[]
  close(): Promise<void>
}

export async function startProxy(upstreamBase: string): Promise<RecordingProxy> {
  const upstream = new URL(upstreamBase)
  const prefix = upstream.pathname.replace(/\/$/, '')
  const exchanges: Recorded[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const started = Date.now()
      const url = new URL(req.url ?? '/', upstream.origin)
      const headers: Record<string, string> = {}
      for (const name of FORWARDED) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name]
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
      fetch(url, { method: req.method, headers, body })
        .then(async (answer) => {
          const text = await answer.text()
          const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname
          exchanges.push({
            method: req.method ?? 'GET',
            path,
            query: url.search,
            status: answer.status,
            ms: Date.now() - started,
            text,
          })
          const back: Record<string, string> = {}
          for (const name of RETURNED) {
            const value = answer.headers.get(name)
            if (value !== null) back[name] = value
          }
          res.writeHead(answer.status, back)
          res.end(text)
        })
        .catch((error: unknown) => {
          // As a network failure looks to the action: the connection ends without an answer.
          console.error(`live-check proxy: ${req.method} ${url.pathname}: ${(error as Error).message}`)
          res.destroy()
        })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}${prefix}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
