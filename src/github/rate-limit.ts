/**
 * GitHub's rate limits, read as GitHub answers them: a limit is a
 * wait, never a refusal.
 * - primary: 403 or 429 with `x-ratelimit-remaining: 0`; it lifts at
 *   `x-ratelimit-reset` (epoch seconds);
 * - secondary: 403 or 429 with `retry-after` (seconds), or one that says it is a
 *   secondary limit (or a 429) without it: at least a minute, growing.
 * A 401, or a 403 that is none of these, is a real refusal.
 */
import { backoffCeiling } from '../client/retry.ts'
import { responseHeaders, statusOf } from './octokit.ts'

export type RateLimitKind = 'primary' | 'secondary'

export interface RateLimit {
  kind: RateLimitKind
  /** How long to wait before the next try, in ms (without jitter). */
  waitMs: number
  /** When GitHub says the limit lifts (ms since the epoch), when it says so. */
  resetsAt?: number
}

interface ErrorWithResponse {
  message?: unknown
  response?: { headers?: Record<string, string | number | undefined>; data?: unknown }
}

const header = (error: unknown, name: string): string | undefined => {
  const value = responseHeaders(error)?.[name]
  return value === undefined ? undefined : String(value)
}

/** The message GitHub sent with the answer (body `message`), else the error's own. */
function messageOf(error: unknown): string {
  const data = (error as ErrorWithResponse | undefined)?.response?.data
  const body = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined
  const own = (error as ErrorWithResponse | undefined)?.message
  return String(body ?? own ?? '')
}

/** The secondary limit's first wait; each one after it in a row doubles, up to MAX_SECONDARY_MS. */
export const SECONDARY_MIN_MS = 60_000
const MAX_SECONDARY_MS = 15 * 60_000

/**
 * The rate limit an error is, or undefined for any other answer. `now`: the caller's clock; `inARow`: how many
 * secondary limits came before this one without an answer in between (1 for the first).
 */
export function rateLimitOf(error: unknown, now: number, inARow = 1): RateLimit | undefined {
  const status = statusOf(error)
  if (status !== 403 && status !== 429) return undefined
  const retryAfter = Number(header(error, 'retry-after'))
  const secondaryWords = /secondary rate limit|abuse detection/i.test(messageOf(error))
  if (header(error, 'x-ratelimit-remaining') === '0' && !secondaryWords && !(retryAfter > 0)) {
    const reset = Number(header(error, 'x-ratelimit-reset')) * 1000
    const resetsAt = Number.isFinite(reset) && reset > 0 ? reset : undefined
    return { kind: 'primary', waitMs: Math.max(1_000, (resetsAt ?? now + SECONDARY_MIN_MS) - now), resetsAt }
  }
  if (Number.isFinite(retryAfter) && retryAfter > 0)
    return { kind: 'secondary', waitMs: retryAfter * 1000, resetsAt: now + retryAfter * 1000 }
  if (secondaryWords || status === 429) {
    const waitMs = backoffCeiling(inARow, { baseDelayMs: SECONDARY_MIN_MS, maxDelayMs: MAX_SECONDARY_MS })
    return { kind: 'secondary', waitMs }
  }
  return undefined
}

/** The wait before asking again: the limit's own, plus 1–5 s of jitter so legs told the same instant spread out. */
export function rateLimitDelay(limit: RateLimit, random: number): number {
  return limit.waitMs + 1_000 + Math.round(random * 4_000)
}

/** 12:34:56 UTC, for a message that says when a limit lifts. */
export function clockTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(11, 19)} UTC`
}

/** What a message says about a limit: which one, and when it lifts. */
export function describeRateLimit(limit: RateLimit, now: number): string {
  const which =
    limit.kind === 'primary'
      ? "GitHub's primary rate limit for this token (its requests an hour)"
      : "GitHub's secondary rate limit (too many requests at once or in a minute)"
  return `${which}; it lifts at ${clockTime(limit.resetsAt ?? now + limit.waitMs)}`
}
