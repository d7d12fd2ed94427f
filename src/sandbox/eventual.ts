/**
 * The service is eventually consistent: a sandbox may not be visible for a
 * moment after its start is accepted, and some refusals pass by themselves.
 */
import { isNotFound } from '../client/errors.ts'
import { isTransient } from '../client/retry.ts'
import type { Clock } from '../runtime/clock.ts'

/**
 * For this long after an accepted start, a 404 for the sandbox means "not
 * visible yet" (eventual consistency), not "gone".
 */
export const NOT_VISIBLE_YET_MS = 60_000

/** The read after an accepted stop is informational: it gets a few seconds, not the step's time. */
export const INFO_READ_MS = 5_000

export function notVisibleYet(clock: Clock, error: unknown, acceptedAt: number | undefined): boolean {
  return isNotFound(error) && acceptedAt !== undefined && clock.now() - acceptedAt < NOT_VISIBLE_YET_MS
}

/** A condition that may pass by itself: try again with backoff, within the deadline. */
export class TryAgainLater extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'TryAgainLater'
  }
}

export function isTransientOrLater(error: unknown): boolean {
  return isTransient(error) || error instanceof TryAgainLater
}
