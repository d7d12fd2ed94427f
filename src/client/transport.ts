/**
 * How bytes reach the service. Production calls the runtime's global fetch,
 * looked up at call time, and never follows redirects. Unit tests run this
 * same path: msw replaces globalThis.fetch, so nothing here is swapped out.
 *
 * Behind a proxy (HTTPS_PROXY / HTTP_PROXY set, as on some self-hosted
 * runners) requests go through undici's EnvHttpProxyAgent, which also
 * honours NO_PROXY. undici is loaded only then: it is a megabyte of code the
 * common case does not need at startup.
 */
import type { Dispatcher } from 'undici'
import { isLoopbackHost } from './url.ts'

export interface TransportRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
}

export type Transport = (request: TransportRequest) => Promise<Response>

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']

export function proxyConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return PROXY_VARIABLES.some((name) => (env[name] ?? '').trim() !== '')
}

/** undici's own fetch with its proxy agent: a dispatcher goes only to the fetch of the same undici (issue 54). */
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
 * The global fetch, looked up at call time, so msw (which replaces
 * globalThis.fetch) sees every request; through the proxy, undici's own fetch
 * with its agent. Node's fetch bundles another major of undici (Node 24: 7,
 * this package: 8), whose dispatcher interface differs: the two are not mixed.
 */
export async function proxiedFetch(url: string, init: RequestInit): Promise<Response> {
  const proxy = await proxyFor(url)
  if (!proxy) return globalThis.fetch(url, init)
  type Init = NonNullable<Parameters<Proxied['fetch']>[1]>
  // The same fields by name: lib.dom's RequestInit and undici's differ only in their types' origins.
  const response = await proxy.fetch(url, { ...(init as Init), dispatcher: proxy.agent })
  return response as unknown as Response
}

/** The production transport: global fetch, no redirects followed. */
export const fetchTransport: Transport = (request) =>
  proxiedFetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // The token goes to base-url's host only: a redirect is returned, never followed.
    redirect: 'manual',
  })
