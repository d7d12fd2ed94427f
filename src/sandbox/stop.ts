/** Stopping one sandbox: retried until accepted, or until it is certainly gone or not live. */
import { ServiceError, isNotFound, isServiceError } from '../client/errors.ts'
import { retryUntil } from '../client/retry.ts'
import type { SandboxRecord } from '../client/schemas.ts'
import type { OpContext } from '../step/deps.ts'
import { isTransientOrLater, notVisibleYet, quickRead, TryAgainLater } from './eventual.ts'
import { createdAtMs } from './record.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { isNotLive } from './status.ts'

export interface StopResult {
  /**
   * 'accepted': the service took the stop; 'gone': it answered 404 (already
   * stopped and removed); 'not-live': it refused the stop and a read showed
   * the sandbox failed, stopping or ended.
   */
  outcome: 'accepted' | 'gone' | 'not-live'
  /** What GET /sandboxes/{id} said right after the stop (or the refusal), when it answered. */
  status: string | undefined
  /** The refusal, e.g. '409 sandbox_not_running', when the outcome is 'not-live'. */
  refusal?: string
  /** The record's created_at (epoch ms), when the read after the stop showed one. */
  createdAt?: number
}

export interface StopOptions {
  /** When the start was accepted: a 404 before NOT_VISIBLE_YET_MS is not "gone" yet. */
  acceptedAt?: number
  /** Called for each failed attempt that will be retried (the sweep slows down on a 429). */
  onRetry?: (error: unknown) => void
  /** false: on a 429, come back after CI's stops (the sweep is not in a hurry). Default true. */
  urgent?: boolean
}

/** 4xx answers to a stop that are followed by a read: not 404 (gone), 429 (wait), 401/403 (the token). */
function isRefusal(error: unknown): error is ServiceError {
  return (
    isServiceError(error) && error.status >= 400 && error.status < 500 && ![401, 403, 404, 429].includes(error.status)
  )
}

/**
 * POST /sandboxes/{id}/stop until it is accepted, the sandbox is certainly
 * gone or not live, or the deadline passes.
 */
export async function stopSandbox(
  ctx: OpContext,
  id: string,
  deadline: number,
  options: StopOptions = {},
): Promise<StopResult> {
  const client = ctx.client.withDeadline(deadline, ctx.clock)
  const young = (error: unknown) => notVisibleYet(ctx.clock, error, options.acceptedAt)
  const attempt = async (): Promise<StopResult> => {
    try {
      await client.stopSandbox(id, ctx.signal)
      return { outcome: 'accepted', status: undefined }
    } catch (error) {
      if (young(error)) throw new TryAgainLater(`404 less than a minute after the start (not visible yet)`)
      if (isNotFound(error)) return { outcome: 'gone', status: undefined }
      if (!isRefusal(error)) throw error
      // Refused: what matters is whether the sandbox is live. Read it.
      const refusal = `${error.status} ${error.code}`
      let record: SandboxRecord
      try {
        record = await client.getSandbox(id, ctx.signal)
      } catch (readError) {
        if (young(readError)) throw new TryAgainLater(`refused (${refusal}) and not visible yet`)
        if (isNotFound(readError)) return { outcome: 'gone', status: undefined }
        throw readError
      }
      if (isNotLive(record.status)) return { outcome: 'not-live', status: record.status, refusal }
      throw new TryAgainLater(`refused (${refusal}) while the sandbox is still live`, { cause: error })
    }
  }
  const result = await retryUntil(ctx, deadline, `stop ${id}`, attempt, {
    urgent: options.urgent ?? true,
    retryable: isTransientOrLater,
    onRetry: options.onRetry,
  })
  if (result.outcome !== 'accepted') return result
  // Report what the service says now; the stop itself already succeeded.
  try {
    const record = await quickRead({ client, clock: ctx.clock, signal: ctx.signal }, id)
    return { outcome: 'accepted', status: record.status, createdAt: createdAtMs(record) }
  } catch {
    return { outcome: 'accepted', status: undefined }
  }
}

/** The log line for a stop that found nothing live (the post step and mode: stop say the same). */
export function describeStopOutcome(id: string, result: StopResult): string {
  if (result.outcome === 'gone') return `Sandbox ${id} is already gone (404): nothing to stop.`
  if (result.outcome === 'not-live')
    return (
      `Sandbox ${id} is ${serviceText(result.status)} and not live: nothing ` +
      `to stop (the service answered the stop with ${result.refusal}).`
    )
  return `Stop of sandbox ${id} accepted; status: ${serviceText(result.status ?? 'stopping')}.`
}
