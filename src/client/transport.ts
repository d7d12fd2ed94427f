/**
 * How bytes reach the service: one HTTP request over Node's own http/https
 * modules, no redirect followed. Not the global fetch: its first call loads
 * the undici Node bundles, about 50 ms of CPU in every step, for one JSON
 * request. Unit tests run this same path: msw intercepts node:http too.
 *
 * Behind a proxy (HTTPS_PROXY / HTTP_PROXY set, as on some self-hosted
 * runners) requests go through undici's EnvHttpProxyAgent, which also
 * honours NO_PROXY. undici is loaded only then: it is a megabyte of code the
 * common case does not need at startup.
 */
import http from 'node:http'
import type { Dispatcher } from 'undici'
import { AnswerHeaders, httpFetch, requestFor, type FetchAnswer, type HttpFetchInit } from './http-fetch.ts'
import { isLoopbackHost } from './url.ts'

export interface TransportRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
}

/** What the client reads of an answer; fetch's Response has the same shape (the proxy's path returns one). */
export interface Answer {
  status: number
  ok: boolean
  headers: { get(name: string): string | null }
  text(): Promise<string>
}

export type Transport = (request: TransportRequest) => Promise<Answer>

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']

export function proxyConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return PROXY_VARIABLES.some((name) => (env[name] ?? '').trim() !== '')
}

/** undici's own fetch with its proxy agent: a dispatcher goes only to the fetch of the same undici. */
interface Proxied {
  fetch: typeof import('undici').fetch
  agent: Dispatcher
}

let proxied: Promise<Proxied> | undefined

/**
 * The proxy for `url`, or none. A loopback target never goes through a proxy
 * (as @actions/http-client does): the token would cross it in clear for an
 * http:// emulator, and a proxy cannot reach the runner's loopback anyway.
 */
async function proxyFor(url: string): Promise<Proxied | undefined> {
  if (!proxyConfigured() || isLoopbackHost(new URL(url).hostname)) return undefined
  proxied ??= import('undici').then(({ EnvHttpProxyAgent, fetch }) => ({
    fetch,
    agent: new EnvHttpProxyAgent({ connect: { timeout: 10_000 }, keepAliveTimeout: 4_000 }),
  }))
  return proxied
}

/**
 * For GitHub's API (Octokit), the results service and the runner package's
 * download: httpFetch (fetch's shape over node:http, which msw intercepts
 * too); through the proxy, undici's own fetch with its agent. Not Node's
 * global fetch: its first call loads another undici (about 85 ms of CPU), and
 * it bundles another major of it (Node 24: 7, this package: 8), whose
 * dispatcher interface differs.
 */
export async function proxiedFetch(url: string, init: HttpFetchInit = {}): Promise<FetchAnswer> {
  const proxy = await proxyFor(url)
  if (!proxy) return httpFetch(url, init)
  type Init = NonNullable<Parameters<Proxied['fetch']>[1]>
  // The same fields by name: our init and undici's RequestInit differ only in their types' origins.
  const response = await proxy.fetch(url, { ...(init as Init), dispatcher: proxy.agent })
  return response as unknown as FetchAnswer
}

/** The whole answer of an http(s) request, its body decoded as fetch's `text()` decodes it (UTF-8, BOM dropped). */
function answerOf(incoming: http.IncomingMessage, body: Buffer): Answer {
  const status = incoming.statusCode ?? 0
  const text = new TextDecoder().decode(body)
  return {
    status,
    ok: status >= 200 && status < 300,
    // Repeated headers joined as fetch's Headers.get joins them.
    headers: new AnswerHeaders(incoming),
    text: async () => text,
  }
}

/** One request over node:http or node:https (requestFor); the body read whole. */
async function nodeRequest(request: TransportRequest): Promise<Answer> {
  const url = new URL(request.url)
  const send = await requestFor(url)
  return new Promise((resolve, reject) => {
    const { method, headers, signal } = request
    const outgoing = send(url, { method, headers, signal }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => resolve(answerOf(incoming, Buffer.concat(chunks))))
      // Cut off mid-body (the connection closed, or the signal fired): no answer, as fetch's text() would throw.
      incoming.on('error', reject)
    })
    outgoing.on('error', reject)
    // One write: Node sends it with its Content-Length.
    outgoing.end(request.body)
  })
}

/** The production transport: node:http(s), or undici behind a proxy; no redirect followed either way. */
export const serviceTransport: Transport = async (request) => {
  if (!(await proxyFor(request.url))) return nodeRequest(request)
  const { method, headers, body, signal } = request
  // The token goes to base-url's host only: a redirect is returned, never followed.
  return proxiedFetch(request.url, { method, headers, body, signal, redirect: 'manual' })
}
