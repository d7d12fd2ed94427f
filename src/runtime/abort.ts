/** Bounds on waits: one request's or one remote command's own time limit, under the step's cancellation. */

/** A signal that aborts after `ms`, or earlier with `signal` (when given). */
export function withTimeout(ms: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(ms)
  return signal ? AbortSignal.any([signal, timeout]) : timeout
}
