/**
 * The one place that knows what a sandbox status means. The service speaks
 * two vocabularies (v1.0: pending/starting/running/stopping/stopped; as
 * deployed: created/ready/finished) and may add words: anything unknown is
 * still in progress for the wait and possibly live for cleanup, because a
 * repeated stop is safe and a missed one costs money.
 */

/** Ready to use: the wait is over. */
const READY = new Set(['running', 'ready'])
/** Terminal without being usable. */
const FAILED = new Set(['failed'])
/** Being stopped: no longer wanted, but it may still hold its name. */
const STOPPING = new Set(['stopping', 'terminating', 'deleting'])
/** Ended: holds no name, bills nothing. */
const ENDED = new Set(['stopped', 'finished', 'terminated', 'deleted', 'expired', 'destroyed'])

function word(status: string | undefined): string {
  return (status ?? '').trim().toLowerCase()
}

export function isReady(status: string | undefined): boolean {
  return READY.has(word(status))
}

export function isFailed(status: string | undefined): boolean {
  return FAILED.has(word(status))
}

/** The wait ends here: ready or failed. */
export function isSettled(status: string | undefined): boolean {
  return isReady(status) || isFailed(status)
}

/** Ended for good: holds no name and bills nothing. */
export function isEnded(status: string | undefined): boolean {
  return ENDED.has(word(status))
}

/** Stopping or ended: a stop was already accepted, nothing more to ask for. */
export function isStoppingOrEnded(status: string | undefined): boolean {
  return isEnded(status) || STOPPING.has(word(status))
}

/**
 * Nothing left to stop: ended, being stopped, or failed (terminal). Used
 * after a stop was refused with a 4xx: such a sandbox is not live.
 */
export function isNotLive(status: string | undefined): boolean {
  return isStoppingOrEnded(status) || isFailed(status)
}

/** May still hold its name (a start with that name would answer 409): everything not ended, unknown words included. */
export function mayHoldName(status: string | undefined): boolean {
  return !isEnded(status)
}
