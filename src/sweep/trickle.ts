/**
 * Stops in a steady trickle. The organization's 30 start+stop requests a
 * minute are shared with its CI, so a sweep takes at most a third of them
 * (one stop every 6 s), slows down further each time the service answers 429,
 * and never gives up on an orphan while the job runs.
 */
import { isServiceError } from '../client/errors.ts'
import type { RetryContext } from '../client/retry.ts'

export const STOPS_PER_MINUTE = 10
export const SLOWEST_INTERVAL_MS = 60_000

/** What one stop reports back to the pacer: whether the service said 429 on the way. */
export interface PacedStop {
  rateLimited: () => void
}

/** Runs `stop` for each item, one at a time, an interval apart; a 429 doubles the interval. */
export async function trickle<T>(
  items: readonly T[],
  stop: (item: T, paced: PacedStop) => Promise<void>,
  deps: RetryContext,
): Promise<void> {
  let interval = 60_000 / STOPS_PER_MINUTE
  let nextAt = deps.clock.now()
  for (const item of items) {
    const wait = nextAt - deps.clock.now()
    if (wait > 0) await deps.clock.sleep(wait, deps.signal)
    deps.signal?.throwIfAborted()
    let slowed = false
    await stop(item, {
      rateLimited: () => {
        if (slowed) return
        slowed = true
        interval = Math.min(SLOWEST_INTERVAL_MS, interval * 2)
        deps.log(`The service answered 429: the sweep slows to one stop every ${Math.round(interval / 1000)}s.`)
      },
    })
    // From the end of this stop (its retries included): never more than one stop per interval.
    nextAt = deps.clock.now() + interval
  }
}

export function isRateLimited(error: unknown): boolean {
  return isServiceError(error) && error.status === 429
}
