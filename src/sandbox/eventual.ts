/**
 * The service is eventually consistent: a sandbox may not be visible for a
 * moment after its start is accepted, and some refusals pass by themselves.
 */
import type { ComputeClient } from '../client/client.ts'
import { isNotFound } from '../client/errors.ts'
import type { SandboxRecord } from '../client/schemas.ts'
import { isTransient } from '../client/retry.ts'
import type { Clock } from '../runtime/clock.ts'

/**
 * For this long after an accepted start, a 404 for the sandbox means "not
 * visible yet" (eventual consistency), not "gone".
 */
export const NOT_VISIBLE_YET_MS = 60_000

/**
 * An informational read (after an accepted stop, for outputs, while connections fail) gets a few seconds, not the
 * step's time.
 */
export const INFO_READ_MS = 5_000

/**
 * The one quick read of a sandbox: one request, at most INFO_READ_MS, no retry; the caller decides what a failure
 * means.
 */
export function quickRead(
  ctx: { client: ComputeClient; clock: Clock; signal?: AbortSignal },
  id: string,
): Promise<SandboxRecord> {
  return ctx.client.withDeadline(ctx.clock.now() + INFO_READ_MS, ctx.clock).getSandbox(id, ctx.signal)
}

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
