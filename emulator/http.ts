/** The emulator's HTTP plumbing: the error it answers with, JSON answers, bodies, and route names. */
import type { IncomingMessage, ServerResponse } from 'node:http'

export class HttpError extends Error {
  readonly status: number
  readonly code: string
  readonly headers: Record<string, string>
  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.headers = headers
  }
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers })
  res.end(text)
}

export function sendError(res: ServerResponse, error: HttpError): void {
  send(res, error.status, { code: error.status, error: error.code, message: error.message }, error.headers)
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 1_000_000) throw new HttpError(413, 'invalid_request', 'request body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> }

/** '/sandboxes/sbx-…/stop' → '/sandboxes/:id/stop', for fault rules and request filters. */
export function routeOf(path: string): string {
  return path
    .replace(/^\/sandboxes\/[^/]+/, (m) => (m === '/sandboxes/start' ? m : '/sandboxes/:id'))
    .replace(/^\/instances\/(?!create$|list$)[^/]+/, '/instances/:id')
    .replace('/sandboxes/:id', (m) => (path === '/sandboxes/ssh-certificate' ? path : m))
}
