/**
 * Sandbox operations shared by the modes and the post step: find by name,
 * stop with retries, wait for a settled status.
 */
import type { ComputeClient } from './client/client.ts'
import { ServiceError, isServiceError, isNotFound } from './client/errors.ts'
import { SANDBOX_ID_PATTERN, type ListedSandbox, type SandboxRecord } from './client/schemas.ts'
import { isTransient, READ_BACKOFF, retryUntil } from './client/retry.ts'
import { type Clock } from './runtime/clock.ts'
import { createdAtMs } from './sandbox-record.ts'
import { isNotLive, isStoppingOrEnded, mayHoldName } from './sandbox-status.ts'

export interface OpContext {
  client: ComputeClient
  clock: Clock
  log: (message: string) => void
  signal?: AbortSignal
}

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

export interface ListedWithId extends ListedSandbox {
  id: string
}

/** Every listed sandbox named `name` that may still hold the name (ended ones do not), newest first. */
export async function findNameHolders(ctx: OpContext, name: string, deadline: number): Promise<ListedWithId[]> {
  const client = ctx.client.withDeadline(deadline, ctx.clock)
  return retryUntil(ctx, deadline, `list sandboxes named '${name}'`, async () => {
      const holders: ListedWithId[] = []
      for await (const sandbox of client.allSandboxes({ signal: ctx.signal })) {
        if (sandbox.name !== name || !mayHoldName(sandbox.status)) continue
        if (sandbox.id && SANDBOX_ID_PATTERN.test(sandbox.id)) holders.push({ ...sandbox, id: sandbox.id })
      }
      return holders
    },
    { backoff: READ_BACKOFF },
  )
}

/**
 * The newest sandbox named `name` that may be live and is not in `exclude`
 * (sandboxes that held the name before this step: never ours).
 */
export async function findLiveSandboxByName(ctx: OpContext, name: string, deadline: number, exclude: readonly string[] = []): Promise<ListedWithId | undefined> {
  const holders = await findNameHolders(ctx, name, deadline)
  return holders.find((sandbox) => !exclude.includes(sandbox.id) && !isStoppingOrEnded(sandbox.status))
}

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
  return isServiceError(error) && error.status >= 400 && error.status < 500 && ![401, 403, 404, 429].includes(error.status)
}

/**
 * POST /sandboxes/{id}/stop until it is accepted, the sandbox is certainly
 * gone or not live, or the deadline passes.
 */
export async function stopSandbox(ctx: OpContext, id: string, deadline: number, options: StopOptions = {}): Promise<StopResult> {
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
  const result = await retryUntil(ctx, deadline, `stop ${id}`, attempt, { urgent: options.urgent ?? true, retryable: isTransientOrLater, onRetry: options.onRetry })
  if (result.outcome !== 'accepted') return result
  // Report what the service says now; the stop itself already succeeded.
  try {
    const record = await client.withDeadline(ctx.clock.now() + INFO_READ_MS, ctx.clock).getSandbox(id, ctx.signal)
    return { outcome: 'accepted', status: record.status, createdAt: createdAtMs(record) }
  } catch {
    return { outcome: 'accepted', status: undefined }
  }
}

/**
 * Reads (GET /sandboxes/{id}, the 600-a-minute budget) every `pollIntervalMs`
 * until none of `ids` holds its name any more (ended, or 404), so that the
 * next start is sent once and lands, instead of start requests spent to find
 * out. Throws when the deadline comes first; nothing is started then.
 */
export async function waitUntilNameFree(ctx: OpContext, name: string, ids: readonly string[], pollIntervalMs: number, deadline: number): Promise<void> {
  const client = ctx.client.withDeadline(deadline, ctx.clock)
  let holding = [...ids]
  let reported = false
  const stillHeld = () =>
    new Error(
      `The name '${name}' was still held by ${holding.join(', ')} when 'timeout' ran out; nothing was started. ` +
        "A stopping sandbox holds its name until it has ended: raise 'timeout', or choose another 'name'.",
    )
  while (holding.length > 0) {
    const still: string[] = []
    for (const id of holding) {
      const status = await retryUntil(
        ctx,
        deadline,
        `read ${id}`,
        async () => {
          try {
            return (await client.getSandbox(id, ctx.signal)).status
          } catch (error) {
            if (isNotFound(error)) return undefined
            if (isServiceError(error, 'deadline_exceeded')) throw stillHeld()
            throw error
          }
        },
        { backoff: READ_BACKOFF },
      )
      if (status !== undefined && mayHoldName(status)) still.push(id)
    }
    holding = still
    if (holding.length === 0) break
    if (ctx.clock.now() + pollIntervalMs >= deadline) throw stillHeld()
    if (!reported) ctx.log(`Waiting for ${holding.join(', ')} to give up the name '${name}' (reading its status every ${(pollIntervalMs / 1000).toFixed(0)}s; no start is sent until then).`)
    reported = true
    await ctx.clock.sleep(pollIntervalMs, ctx.signal)
  }
}
