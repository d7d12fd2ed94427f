/**
 * The client's one response handler: one HTTP request to the service, and
 * every outcome turned into a parsed body or a ServiceError (status, machine
 * code, a message that says what to do). Redirects are never followed; the
 * token goes only to the base URL; an answer that may hold a key is never quoted.
 */
import type { z } from 'zod'
import { serviceText } from '../runtime/untrusted.ts'
import { ServiceError } from './errors.ts'
import { describeCause, errorFrom, excerpt, invalidAnswer } from './response.ts'
import { serviceTransport, type Answer } from './transport.ts'

const USER_AGENT = 'gpu-sandbox-action/1'

export interface CallOptions<T> {
  method: 'GET' | 'POST' | 'PATCH'
  path: string
  body?: unknown
  schema?: z.ZodType<T>
  authenticated?: boolean
  signal?: AbortSignal
  /** The answer may carry a private key (instance create): never quoted in an error. */
  mayHoldKey?: boolean
  /** This request's own timeout instead of the general one (a blocking wait); still cut to the deadline. */
  timeoutMs?: number
}

/** Where a call goes, with what, and how long it may still wait. */
export interface Endpoint {
  baseUrl: string
  apiToken: string
  timeLeftMs(ownTimeoutMs?: number): number
}

/** Sends the request; the answer and its text, or a ServiceError that says why none came. */
async function send(endpoint: Endpoint, options: CallOptions<unknown>): Promise<{ response: Answer; text: string }> {
  const { method, path } = options
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': USER_AGENT }
  if (options.authenticated !== false) headers.authorization = `Bearer ${endpoint.apiToken}`
  let body: string | undefined
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  const timeLeft = endpoint.timeLeftMs(options.timeoutMs)
  // Nothing is sent: the caller's deadline has passed.
  if (timeLeft <= 0) throw new ServiceError({ status: 0, code: 'deadline_exceeded', method, path })
  const timeout = AbortSignal.timeout(timeLeft)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  try {
    const response = await serviceTransport({ method, url: endpoint.baseUrl + path, headers, body, signal })
    return { response, text: await response.text() }
  } catch (error) {
    const code = options.signal?.aborted ? 'aborted' : timeout.aborted ? 'request_timeout' : 'network_error'
    throw new ServiceError({
      status: 0,
      code,
      method,
      path,
      serviceMessage: describeCause(error, endpoint.apiToken),
      cause: error,
    })
  }
}

/** A 2xx answer's body: JSON (or nothing), checked against the schema when there is one. */
function parseAnswer<T>(endpoint: Endpoint, options: CallOptions<T>, status: number, text: string): T {
  const { method, path } = options
  let json: unknown = undefined
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text)
    } catch {
      throw invalidAnswer(
        status,
        method,
        path,
        `the body is not JSON: ${excerpt(text, endpoint.apiToken, options.mayHoldKey)}`,
      )
    }
  }
  if (!options.schema) return json as T
  const parsed = options.schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'body'
    throw invalidAnswer(status, method, path, serviceText(`unexpected ${where}: ${issue?.message ?? 'invalid'}`))
  }
  return parsed.data
}

/** One request: a parsed body, or a ServiceError. */
export async function callService<T>(endpoint: Endpoint, options: CallOptions<T>): Promise<T> {
  const { method, path } = options
  const { response, text } = await send(endpoint, options as CallOptions<unknown>)
  if (response.status >= 300 && response.status < 400)
    throw new ServiceError({ status: response.status, code: 'redirect_not_followed', method, path })
  if (!response.ok)
    throw errorFrom(response, text, { method, path, token: endpoint.apiToken, mayHoldKey: options.mayHoldKey })
  return parseAnswer(endpoint, options, response.status, text)
}
