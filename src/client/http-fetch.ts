/**
 * fetch's shape over Node's own http/https modules, for the requests that
 * are not the service's: GitHub's API (Octokit's `request.fetch`), the
 * results service and the runner package's download. Node's global fetch
 * loads its undici on the first call: about 85 ms of CPU for one request,
 * which a step that asks GitHub once or twice pays in full.
 *
 * What the callers read of an answer is what fetch's Response gives: status,
 * statusText, ok, url, redirected, headers (get, has, iteration in order of
 * name: Octokit copies them so), text(), json(), arrayBuffer() and body (a web stream, made when
 * asked for). Redirects are followed as fetch follows them (at most 20; 303,
 * and 301/302 after a POST, become a GET without a body; a different origin
 * gets no authorization). A request that gets no answer fails as fetch's
 * does: a TypeError 'fetch failed' whose cause is the socket's error, or the
 * signal's reason once it is aborted. Unit tests hold it to Node's fetch.
 */
import http from 'node:http'
import { Readable } from 'node:stream'

export interface HttpFetchInit {
  method?: string
  headers?: Record<string, string>
  body?: string | Uint8Array | null
  signal?: AbortSignal | null
  redirect?: 'follow' | 'manual' | 'error'
}

/** What the callers read of an answer: Node's fetch Response (through a proxy) and HttpAnswer both have it. */
export interface FetchAnswer {
  readonly status: number
  readonly statusText: string
  readonly ok: boolean
  readonly url: string
  readonly redirected: boolean
  readonly headers: { get(name: string): string | null; has(name: string): boolean }
  readonly body: ReadableStream<Uint8Array> | null
  text(): Promise<string>
  json(): Promise<unknown>
  arrayBuffer(): Promise<ArrayBuffer>
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 20
/** What fetch drops when a redirect turns a request into a GET, and what it never sends to another origin. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization']

/** An answer's headers as fetch's Headers reads them: names in lower case, repeated ones joined with ', '. */
export class AnswerHeaders {
  private readonly values: Map<string, string>
  constructor(incoming: http.IncomingMessage) {
    const names = Object.keys(incoming.headersDistinct).sort()
    this.values = new Map(names.map((name) => [name, incoming.headersDistinct[name]?.join(', ') ?? '']))
  }
  get(name: string): string | null {
    return this.values.get(name.toLowerCase()) ?? null
  }
  has(name: string): boolean {
    return this.values.has(name.toLowerCase())
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.values.entries()
  }
}

/** What a read of a cut-off or aborted body rejects with, as fetch's body does. */
function terminated(error: unknown, signal: AbortSignal | null | undefined): unknown {
  return signal?.aborted ? signal.reason : new TypeError('terminated', { cause: error })
}

export class HttpAnswer implements FetchAnswer {
  readonly status: number
  readonly statusText: string
  readonly ok: boolean
  readonly headers: AnswerHeaders
  private stream: ReadableStream<Uint8Array> | undefined
  private read: Promise<Buffer> | undefined
  readonly url: string
  readonly redirected: boolean
  private readonly incoming: http.IncomingMessage
  private readonly signal: AbortSignal | null | undefined
  constructor(incoming: http.IncomingMessage, url: string, redirected: boolean, signal?: AbortSignal | null) {
    this.incoming = incoming
    this.url = url
    this.redirected = redirected
    this.signal = signal
    this.status = incoming.statusCode ?? 0
    this.statusText = incoming.statusMessage ?? ''
    this.ok = this.status >= 200 && this.status < 300
    this.headers = new AnswerHeaders(incoming)
    // A body cut off before anyone reads it is no crash: its error waits in `incoming.errored` for a read.
    incoming.on('error', () => {})
  }
  /** The body as a web stream (made on first use: node:stream/web is loaded only then). */
  get body(): ReadableStream<Uint8Array> {
    this.stream ??= Readable.toWeb(this.incoming) as ReadableStream<Uint8Array>
    return this.stream
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes()
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  }
  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes())
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text())
  }
  /** The whole body, read once (a second read gets the same bytes). */
  private bytes(): Promise<Buffer> {
    const { incoming, signal } = this
    this.read ??= new Promise((resolve, reject) => {
      if (incoming.errored) return reject(terminated(incoming.errored, signal))
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => resolve(Buffer.concat(chunks)))
      incoming.on('error', (error) => reject(terminated(error, signal)))
    })
    return this.read
  }
}

/**
 * node:http's or node:https's `request` for `url`, looked up at call time (msw patches them). node:https is loaded
 * on the first https request: with TLS it is about 20 ms of CPU that an http:// address (the emulator) never needs.
 */
export async function requestFor(url: URL): Promise<typeof http.request> {
  return url.protocol === 'https:' ? (await import('node:https')).default.request : http.request
}

/** One request, its answer once the headers are in. */
async function send(url: URL, method: string, init: HttpFetchInit, headers: Record<string, string>) {
  const request = await requestFor(url)
  const { body, signal } = init
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const outgoing = request(url, { method, headers, signal: signal ?? undefined }, resolve)
    outgoing.on('error', (error) =>
      reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
    )
    outgoing.end(body ?? undefined)
  })
}

/** fetch(url, init) for the requests named above; see the module's comment for what it does as fetch does. */
export async function httpFetch(input: string | URL, init: HttpFetchInit = {}): Promise<HttpAnswer> {
  init.signal?.throwIfAborted()
  let url = new URL(input)
  let method = (init.method ?? 'GET').toUpperCase()
  let headers = Object.fromEntries(
    Object.entries(init.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  )
  let body = init.body
  if (typeof body === 'string' && !('content-type' in headers)) headers['content-type'] = 'text/plain;charset=UTF-8'
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TypeError('fetch failed', { cause: new Error(`not an http(s) URL: ${url.protocol}`) })
    const incoming = await send(url, method, { ...init, body }, headers)
    const location = incoming.headers.location
    const status = incoming.statusCode ?? 0
    if (!REDIRECTS.has(status) || location === undefined || init.redirect === 'manual')
      return new HttpAnswer(incoming, url.href, redirects > 0, init.signal)
    incoming.resume()
    if (init.redirect === 'error') throw new TypeError('fetch failed', { cause: new Error('unexpected redirect') })
    if (redirects >= MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') })
    const next = new URL(location, url)
    if ((status === 303 && method !== 'GET' && method !== 'HEAD') || (status <= 302 && method === 'POST')) {
      method = 'GET'
      body = undefined
      headers = without(headers, BODY_HEADERS)
    }
    if (next.origin !== url.origin) headers = without(headers, CREDENTIAL_HEADERS)
    url = next
  }
}

function without(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)))
}
