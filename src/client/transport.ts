/**
 * How bytes reach the service. Production calls the runtime's global fetch,
 * looked up at call time, with an undici dispatcher that honours the runner's
 * HTTPS_PROXY/NO_PROXY and bounds connect time. Unit tests run this same path:
 * msw replaces globalThis.fetch, so nothing here is swapped out for them.
 */
import { EnvHttpProxyAgent, type Dispatcher } from 'undici'

export interface TransportRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
}

export type Transport = (request: TransportRequest) => Promise<Response>

let sharedDispatcher: Dispatcher | undefined

function dispatcher(): Dispatcher {
  sharedDispatcher ??= new EnvHttpProxyAgent({ connect: { timeout: 10_000 }, keepAliveTimeout: 4_000 })
  return sharedDispatcher
}

/** The production transport: global fetch, no redirects followed. */
export const fetchTransport: Transport = (request) =>
  globalThis.fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // The token goes to base-url's host only: a redirect is returned, never followed.
    redirect: 'manual',
    // undici's dispatcher option of Node's fetch; typed loosely because lib.dom's RequestInit lacks it.
    dispatcher: dispatcher(),
  } as RequestInit)
