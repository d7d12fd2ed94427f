/**
 * How an answer becomes an error the client throws: the machine code (kept
 * only in a safe form), the service's message or a short excerpt (token-free,
 * never from a body that may hold a key), and Retry-After.
 */
import type { z } from 'zod'
import { ServiceError } from './errors.ts'
import { errorBodySchema } from './schemas.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { Answer } from './transport.ts'

/** Machine codes from the service are kept only in this form; anything else is replaced by the client's own. */
export const ERROR_CODE_PATTERN = /^[a-z0-9_]{1,64}$/

const EXCERPT_LENGTH = 200

/** The request an answer belongs to, and what its text may not show. */
export interface AnswerContext {
  method: string
  path: string
  /** Removed from every quoted text. */
  token: string
  /** The answer may carry a private key (instance create): never quoted. */
  mayHoldKey?: boolean
}

/** Parses Retry-After: delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

/** Service text for a message: token removed, one line, no command, cut (see untrusted.ts). */
function clean(text: string | undefined, token: string, limit?: number): string | undefined {
  if (text === undefined || text.trim() === '') return undefined
  return serviceText(token ? text.split(token).join('***') : text, limit)
}

export function excerpt(text: string, token: string, mayHoldKey = false): string {
  // A body that may hold a private key is never quoted, not even in part.
  if (mayHoldKey) return `(${Buffer.byteLength(text)} bytes, not quoted: the answer may hold a private key)`
  return clean(text, token, EXCERPT_LENGTH) ?? ''
}

/** Why no answer arrived: the error and its causes, e.g. "connect ECONNREFUSED 127.0.0.1:443 (ECONNREFUSED)". */
export function describeCause(error: unknown, token: string): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current instanceof Error && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code
    parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message)
    current = current.cause
  }
  return excerpt(parts.join(': ') || String(error), token)
}

export function invalidAnswer(status: number, method: string, path: string, detail: string): ServiceError {
  return new ServiceError({ status, code: 'invalid_response', serviceMessage: detail, method, path })
}

/** A non-2xx answer as a ServiceError: the JSON error object's code and message, or the status and an excerpt. */
export function errorFrom(response: Answer, text: string, context: AnswerContext): ServiceError {
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'))
  let parsedBody: z.infer<typeof errorBodySchema> | undefined
  try {
    const result = errorBodySchema.safeParse(JSON.parse(text))
    if (result.success) parsedBody = result.data
  } catch {
    parsedBody = undefined
  }
  const fallbackCode = response.status === 401 ? 'unauthorized' : response.status === 404 ? 'not_found' : 'http_error'
  return new ServiceError({
    status: response.status,
    code: parsedBody?.error && ERROR_CODE_PATTERN.test(parsedBody.error) ? parsedBody.error : fallbackCode,
    // Not the JSON error object: the status plus a short, token-free excerpt.
    serviceMessage: parsedBody
      ? clean(parsedBody.message, context.token)
      : text.trim() === ''
        ? undefined
        : excerpt(text, context.token, context.mayHoldKey),
    method: context.method,
    path: context.path,
    retryAfterMs,
  })
}
