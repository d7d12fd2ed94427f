/**
 * Sandbox operations shared by the modes and the post step: find by name,
 * stop with retries, wait for a settled status.
 */
import type { ComputeClient } from './client/client.ts'
import { ServiceError, isServiceError } from './client/errors.ts'
import { SANDBOX_ID_PATTERN, type ListedSandbox, type SandboxRecord } from './client/schemas.ts'
import { delayFor, isTransient, withRetry, type Clock } from './client/retry.ts'

export interface OpContext {
  client: ComputeClient
  clock: Clock
  log: (message: string) => void
  signal?: AbortSignal
}

/**
 * Statuses that certainly mean "no longer live". The interface names only
 * running and failed; anything else is treated as possibly live, so a name
 * search errs towards stopping (a repeated stop is safe).
 */
const GONE_STATUSES = new Set(['stopped', 'stopping', 'terminated', 'terminating', 'deleted', 'deleting', 'expired', 'destroyed'])

export function isGoneStatus(status: string | undefined): boolean {
  return status !== undefined && GONE_STATUSES.has(status.toLowerCase())
}

/** The newest sandbox named `name` that may be live, from GET /sandboxes (newest first). */
export async function findLiveSandboxByName(ctx: OpContext, name: string, deadline: number): Promise<ListedSandbox & { id: string } | undefined> {
  return withRetry(
    async () => {
      for await (const sandbox of ctx.client.allSandboxes({ signal: ctx.signal })) {
        if (sandbox.name !== name || isGoneStatus(sandbox.status)) continue
        if (sandbox.id && SANDBOX_ID_PATTERN.test(sandbox.id)) return { ...sandbox, id: sandbox.id }
      }
      return undefined
    },
    { clock: ctx.clock, deadline, signal: ctx.signal, label: `find sandbox '${name}'`, log: ctx.log },
  )
}

export interface StopResult {
  /** 'accepted': the service took the stop; 'gone': it answered 404 (already stopped and removed). */
  outcome: 'accepted' | 'gone'
  /** What GET /sandboxes/{id} said right after the stop, when it answered. */
  status: string | undefined
  record: SandboxRecord | undefined
}

/** POST /sandboxes/{id}/stop until it is accepted, a 404 says it is gone, or the deadline passes. */
export async function stopSandbox(ctx: OpContext, id: string, deadline: number): Promise<StopResult> {
  try {
    await withRetry(() => ctx.client.stopSandbox(id, ctx.signal), {
      clock: ctx.clock,
      deadline,
      signal: ctx.signal,
      label: `stop ${id}`,
      log: ctx.log,
      urgent: true,
    })
  } catch (error) {
    if (isServiceError(error) && error.status === 404) return { outcome: 'gone', status: undefined, record: undefined }
    throw error
  }
  // Report what the service says now; the stop itself already succeeded.
  try {
    const record = await ctx.client.getSandbox(id, ctx.signal)
    return { outcome: 'accepted', status: record.status, record }
  } catch {
    return { outcome: 'accepted', status: undefined, record: undefined }
  }
}

export interface PollOptions {
  pollIntervalMs: number
  deadline: number
  onStatus?: (status: string, record: SandboxRecord) => void
}

export class WaitTimeoutError extends Error {
  readonly lastStatus: string | undefined
  constructor(id: string, lastStatus: string | undefined, waitedMs: number) {
    super(
      `Sandbox ${id} did not reach 'running' within ${Math.round(waitedMs / 1000)}s (last status: ${lastStatus ?? 'none seen'}). ` +
        "Raise 'timeout' if provisioning is slow; the post step stops the sandbox.",
    )
    this.name = 'WaitTimeoutError'
    this.lastStatus = lastStatus
  }
}

/** Once stretched, a poll waits this fraction of the time already waited: the detection lag stays under ~20% of it. */
const POLL_STRETCH = 0.2
const MAX_POLL_DELAY_MS = 10_000
const MAX_SLOWDOWN = 8

/**
 * Poll delay: the asked interval while provisioning is young, then a fifth of
 * the time waited so far (at most 10 s), times `slowdown` (doubled by each 429
 * while polling), with up to 10% jitter on the stretched part. Never below
 * the asked interval. A job thus makes ~15 polls for a 30 s provisioning
 * instead of 30, which keeps a large matrix inside the get budget.
 */
export function pollDelay(pollIntervalMs: number, elapsedMs: number, slowdown = 1, random = 0): number {
  const stretched = Math.max(pollIntervalMs, elapsedMs * POLL_STRETCH) * slowdown
  if (stretched <= pollIntervalMs) return pollIntervalMs
  // Above the asked interval here, so the cap and the jitter can only keep it there.
  const capped = Math.min(stretched, Math.max(pollIntervalMs, MAX_POLL_DELAY_MS))
  return Math.round(capped * (1 + 0.1 * random))
}

/** GET /sandboxes/{id} until status is running or failed. Transient errors keep polling; 429 waits Retry-After. */
export async function waitUntilSettled(ctx: OpContext, id: string, options: PollOptions): Promise<SandboxRecord> {
  const started = ctx.clock.now()
  let lastStatus: string | undefined
  let failures = 0
  let slowdown = 1
  for (;;) {
    ctx.signal?.throwIfAborted()
    let delay: number
    try {
      const record = await ctx.client.getSandbox(id, ctx.signal)
      failures = 0
      if (record.status !== lastStatus) {
        lastStatus = record.status
        options.onStatus?.(record.status, record)
      }
      if (record.status === 'running' || record.status === 'failed') return record
      delay = pollDelay(options.pollIntervalMs, ctx.clock.now() - started, slowdown, ctx.clock.random())
    } catch (error) {
      if (!isTransient(error)) throw error
      failures++
      // Other jobs share the get budget: poll slower from now on instead of living on 429s.
      if ((error as ServiceError).status === 429) slowdown = Math.min(MAX_SLOWDOWN, slowdown * 2)
      delay = Math.max(options.pollIntervalMs, delayFor(error, failures, ctx.clock.random()))
      ctx.log(`poll ${id}: ${(error as ServiceError).status || ''} ${(error as ServiceError).code}; next poll in ${(delay / 1000).toFixed(1)}s.`.replace(':  ', ': '))
    }
    const now = ctx.clock.now()
    if (now >= options.deadline) throw new WaitTimeoutError(id, lastStatus, now - started)
    await ctx.clock.sleep(Math.min(delay, options.deadline - now), ctx.signal)
  }
}
