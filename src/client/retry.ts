/**
 * Retries with jittered backoff. Time comes from an injected Clock
 * (runtime/clock.ts) so tests never wait for real time; every wait respects the caller's deadline and
 * cancellation signal.
 */
import type { Clock } from '../runtime/clock.ts'
import { NOT_ACCEPTED_CODES, REJECTED_CODES, ServiceError } from './errors.ts'
import { serviceText } from '../runtime/untrusted.ts'

export interface BackoffOptions {
  baseDelayMs: number
  maxDelayMs: number
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseDelayMs: 1_000, maxDelayMs: 30_000 }

/**
 * Reads (GET, list, the blocking wait) after errors: the get budget is 20
 * times the start/stop budget, and every second of backoff is a second of
 * detection lag once the service is back. At most 5 s, unless the service
 * says how long with Retry-After.
 */
export const READ_BACKOFF: BackoffOptions = { baseDelayMs: 1_000, maxDelayMs: 5_000 }

/** The one growth formula of every backoff here: base * 2^(attempt-1), capped at the most. */
export function backoffCeiling(attempt: number, options: BackoffOptions): number {
  return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1))
}

/** Exponential backoff with "equal jitter": between half and all of base * 2^(attempt-1), capped. */
export function backoffDelay(attempt: number, random: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const ceiling = backoffCeiling(attempt, options)
  return Math.round(ceiling / 2 + (random * ceiling) / 2)
}

/**
 * Retry-After plus jitter, so that many jobs told the same instant do not all
 * come back in lock-step. Urgent calls (stop, delete: they end spending) come
 * back within 0.5 s of the time given. The rest wait 1.5 s more, plus up to a
 * quarter of the wait (at least 1 s, at most 5 s): Retry-After is whole
 * seconds, so a window may open up to 1 s before it says, and the extra 1.5 s
 * lets every pending stop of a matrix take its slot first.
 */
export function retryAfterDelay(retryAfterMs: number, random: number, urgent = false): number {
  if (urgent) return Math.round(retryAfterMs + random * 500)
  const spread = Math.min(5_000, Math.max(1_000, retryAfterMs / 4))
  return Math.round(retryAfterMs + 1_500 + random * spread)
}

/** 429, 503/504 (not accepted) and answers lost on the way (network, timeout, 500, 502). */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ServiceError)) return false
  if (error.code === 'aborted' || error.code === 'unreadable_page' || REJECTED_CODES.includes(error.code)) return false
  if (NOT_ACCEPTED_CODES.includes(error.code)) return true
  return error.status === 429 || error.status === 503 || error.status === 504 || error.ambiguous
}

/** Retry only what the service certainly did not carry out: for calls that are not idempotent. */
export function isNotAccepted(error: unknown): boolean {
  if (!(error instanceof ServiceError) || REJECTED_CODES.includes(error.code)) return false
  return error.status === 429 || error.status === 503 || error.status === 504 || NOT_ACCEPTED_CODES.includes(error.code)
}

export interface RetryOptions {
  clock: Clock
  /** Absolute time (clock.now()) after which no new attempt starts. */
  deadline: number
  signal?: AbortSignal
  /** What the retry log lines call the operation, e.g. 'stop sbx-…'. */
  label: string
  log: (message: string) => void
  retryable?: (error: unknown) => boolean
  /** Called for every failed attempt that will be retried, before the wait. */
  onRetry?: (error: unknown, attempt: number) => void
  backoff?: BackoffOptions
  /** Stops and deletes: on 429, come back first when the window opens (see retryAfterDelay). */
  urgent?: boolean
}

/** The wait before the next attempt after `error`, the attempt-th failure. */
export function delayFor(
  error: unknown,
  attempt: number,
  random: number,
  backoff: BackoffOptions = DEFAULT_BACKOFF,
  urgent = false,
): number {
  if (error instanceof ServiceError && error.status === 429) {
    return retryAfterDelay(error.retryAfterMs ?? backoff.baseDelayMs, random, urgent)
  }
  return backoffDelay(attempt, random, backoff)
}

/**
 * The wait before the next read after `error`: Retry-After when the service gave one (any status), else READ_BACKOFF.
 */
export function readRetryDelay(error: unknown, attempt: number, random: number): number {
  if (error instanceof ServiceError && error.retryAfterMs !== undefined)
    return retryAfterDelay(error.retryAfterMs, random)
  return backoffDelay(attempt, random, READ_BACKOFF)
}

function reasonOf(error: unknown): string {
  if (error instanceof ServiceError) {
    if (error.status === 0) return error.code
    return `${error.status} ${error.code}`
  }
  // Another service's error (GitHub's, through Octokit) may quote what it answered.
  return serviceText(error instanceof Error ? error.message : String(error), 200)
}

/** What every retried call takes from its caller: time, cancellation, and where retry lines go. */
export interface RetryContext {
  clock: Clock
  signal?: AbortSignal
  log: (message: string) => void
}

export type RetryExtras = Pick<RetryOptions, 'retryable' | 'onRetry' | 'backoff' | 'urgent'>

/** withRetry with the caller's clock, signal and log, until `deadline`: the one option block every call shares. */
export function retryUntil<T>(
  ctx: RetryContext,
  deadline: number,
  label: string,
  operation: (attempt: number) => Promise<T>,
  extras: RetryExtras = {},
): Promise<T> {
  return withRetry(operation, { clock: ctx.clock, deadline, signal: ctx.signal, label, log: ctx.log, ...extras })
}

export async function withRetry<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const retryable = options.retryable ?? isTransient
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted()
    try {
      return await operation(attempt)
    } catch (error) {
      if (!retryable(error) || options.signal?.aborted) throw error
      const wait = delayFor(error, attempt, options.clock.random(), options.backoff, options.urgent)
      if (options.clock.now() + wait > options.deadline) {
        options.log(`${options.label}: ${reasonOf(error)}; no time left to retry (attempt ${attempt}).`)
        throw error
      }
      options.onRetry?.(error, attempt)
      options.log(
        `${options.label}: ${reasonOf(error)}; retrying in ${(wait / 1000).toFixed(1)}s (attempt ${attempt + 1}).`,
      )
      await options.clock.sleep(wait, options.signal)
    }
  }
}
