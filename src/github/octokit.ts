/**
 * Octokit (@actions/github), loaded only where GitHub is asked (sweep, runner
 * mode): a lazily loaded chunk the other steps never pay for. Requests go
 * through proxiedFetch (fetch's shape over node:http, or undici's fetch behind
 * a proxy, as the service's requests behind one), so msw sees them in tests
 * and a configured proxy applies.
 */
import { proxiedFetch } from '../client/transport.ts'

export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>

export function loadOctokit(token: string, apiUrl: string): Promise<Octokit> {
  return import('@actions/github').then(({ getOctokit }) =>
    // Octokit reads of an answer only what fetch's Response and FetchAnswer share (status, url, headers, the body).
    getOctokit(token, { baseUrl: apiUrl, request: { fetch: proxiedFetch as unknown as typeof fetch } }),
  )
}

interface OctokitError {
  status?: number
  response?: { headers?: Record<string, string | undefined> }
}

/** The HTTP status GitHub answered, when the error carries one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as OctokitError | undefined)?.status
  return typeof status === 'number' ? status : undefined
}

/** The headers of the answer an Octokit error carries, if any (its rate limit, its budget). */
export function responseHeaders(error: unknown): Record<string, unknown> | undefined {
  return (error as { response?: { headers?: Record<string, unknown> } } | undefined)?.response?.headers
}

/** A 429, or a 403 that is a rate limit (remaining 0, or Retry-After). */
export function isRateLimit(error: unknown): boolean {
  const status = statusOf(error)
  const headers = (error as OctokitError).response?.headers ?? {}
  return (
    status === 429 ||
    (status === 403 && (headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined))
  )
}
