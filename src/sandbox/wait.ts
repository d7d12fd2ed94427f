/**
 * Waiting until a sandbox is ready or failed. Where the service has the
 * blocking wait (`GET /sandboxes/{id}/wait`, the deployed service), windows of
 * up to 30 s answer the moment it is ready; where it has not (404 from the
 * route, while a plain GET finds the sandbox), polling takes over for the rest
 * of the step. Chosen by what the service answers, never by a setting.
 */
import { WAIT_MARGIN_MS } from '../client/client.ts'
import { isNotFound, isServiceError, type ServiceError } from '../client/errors.ts'
import { isTransient, readRetryDelay } from '../client/retry.ts'
import type { SandboxRecord } from '../client/schemas.ts'
import { isEnded, isSettled } from './status.ts'
import type { OpContext } from '../step/deps.ts'
import { notVisibleYet } from './eventual.ts'
import { serviceText } from '../runtime/untrusted.ts'

export interface PollOptions {
  pollIntervalMs: number
  deadline: number
  /** When the start was accepted: a 404 before NOT_VISIBLE_YET_MS keeps the wait waiting. */
  acceptedAt?: number
  onStatus?: (status: string, record: SandboxRecord) => void
  /** Every record read, the last one included (outputs after a timeout come from it). */
  onRecord?: (record: SandboxRecord) => void
  /** The first time the service shows the sandbox (a record or a wait answer): a 404 after it means gone. */
  onSeen?: () => void
}

export class WaitTimeoutError extends Error {
  readonly lastStatus: string | undefined
  constructor(id: string, lastStatus: string | undefined, waitedMs: number) {
    super(
      `Sandbox ${id} did not reach 'running' within ${Math.round(waitedMs / 1000)}s ` +
        `(last status: ${lastStatus === undefined ? 'none seen' : serviceText(lastStatus)}). ` +
        "Raise 'timeout' if provisioning is slow; the post step stops the sandbox.",
    )
    this.name = 'WaitTimeoutError'
    this.lastStatus = lastStatus
  }
}

/** The service showed the sandbox, then answered 404: it is gone (TTL, or stopped elsewhere). */
export class SandboxGoneError extends Error {
  constructor(id: string, lastStatus: string | undefined, how: 'gone' | 'ended' = 'gone') {
    const what =
      how === 'ended'
        ? `Sandbox ${id} is '${serviceText(lastStatus ?? 'ended', 40)}'`
        : `Sandbox ${id} is gone (404) after the service had shown it` +
          (lastStatus ? ` as '${serviceText(lastStatus, 40)}'` : '')
    super(
      `${what}: it ended (its TTL, or a stop from elsewhere) before it was ` +
        `ready. Nothing is left running; run the job again.`,
    )
    this.name = 'SandboxGoneError'
  }
}

/** Once stretched, a poll waits this fraction of the time already waited: the detection lag stays under ~20% of it. */
const POLL_STRETCH = 0.2
const MAX_POLL_DELAY_MS = 10_000
const MAX_SLOWDOWN = 8
/** The longest blocking-wait window the service accepts. */
export const MAX_WAIT_WINDOW_S = 30

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

/**
 * The window for the next blocking wait: at most 30 s, and its HTTP timeout never past the deadline. 0: no window fits.
 */
export function waitWindowSeconds(timeLeftMs: number): number {
  // A window's HTTP timeout is W plus the SDK's margin: both fit before the deadline.
  return Math.max(0, Math.min(MAX_WAIT_WINDOW_S, Math.floor((timeLeftMs - WAIT_MARGIN_MS) / 1000)))
}

type Route = 'unknown' | 'present' | 'absent'

/**
 * Until the sandbox is ready or failed. Transient errors keep waiting; 429
 * waits Retry-After and slows polling; a 404 soon after the start is "not
 * visible yet".
 */
export async function waitUntilSettled(ctx: OpContext, id: string, options: PollOptions): Promise<SandboxRecord> {
  const watch = new SettleWatch(ctx, id, options)
  for (;;) {
    ctx.signal?.throwIfAborted()
    let delay: number
    try {
      const round = await watch.oneRound()
      if (typeof round !== 'number') return round
      delay = round
    } catch (error) {
      delay = watch.delayAfter(error)
    }
    const now = ctx.clock.now()
    if (now >= options.deadline) throw watch.timeout()
    if (delay > 0) await ctx.clock.sleep(Math.min(delay, options.deadline - now), ctx.signal)
  }
}

/** What one wait has learned: the last status, failures in a row, the poll slowdown, the blocking-wait route. */
class SettleWatch {
  private readonly ctx: OpContext
  private readonly client: OpContext['client']
  private readonly id: string
  private readonly options: PollOptions
  private readonly started: number
  private lastStatus: string | undefined
  private failures = 0
  private slowdown = 1
  /** What the service has shown of the blocking-wait route so far. */
  private route: Route = 'unknown'
  private shown = false

  constructor(ctx: OpContext, id: string, options: PollOptions) {
    this.ctx = ctx
    this.client = ctx.client.withDeadline(options.deadline, ctx.clock)
    this.id = id
    this.options = options
    this.started = ctx.clock.now()
  }

  timeout(): WaitTimeoutError {
    return new WaitTimeoutError(this.id, this.lastStatus, this.ctx.clock.now() - this.started)
  }

  /** One blocking-wait window or one poll: the settled record, or the delay before the next round. */
  async oneRound(): Promise<SandboxRecord | number> {
    const { ctx, options } = this
    const window = this.route === 'absent' ? 0 : waitWindowSeconds(options.deadline - ctx.clock.now())
    if (window === 0) {
      const done = this.seen(await this.client.getSandbox(this.id, ctx.signal))
      return (
        done ?? pollDelay(options.pollIntervalMs, ctx.clock.now() - this.started, this.slowdown, ctx.clock.random())
      )
    }
    const record = await waitWindow(ctx, this.client, this.id, window, options, (found) => {
      this.route = found
      // A window that ended is the service waiting on this very sandbox: it exists.
      if (found === 'present') this.markShown()
    })
    if (!record) return 0
    // Left the starting state without being ready or failed: not a reason to spin.
    return this.seen(record) ?? options.pollIntervalMs
  }

  /** The delay before the next round after `error`, or the error that ends the wait. */
  delayAfter(error: unknown): number {
    const { ctx, id, options } = this
    // The wait's own deadline, reached while a request was due.
    if (isServiceError(error, 'deadline_exceeded')) throw this.timeout()
    // Once shown, a 404 is gone (expired, stopped elsewhere): that ends the wait at once.
    if (this.shown && isNotFound(error)) throw new SandboxGoneError(id, this.lastStatus)
    if (notVisibleYet(ctx.clock, error, options.acceptedAt)) {
      ctx.log(`poll ${id}: 404 less than a minute after the start; not visible yet, polling on.`)
      return options.pollIntervalMs
    }
    if (!isTransient(error)) throw error
    this.failures++
    // Other jobs share the get budget: poll slower from now on instead of living on 429s.
    if ((error as ServiceError).status === 429) this.slowdown = Math.min(MAX_SLOWDOWN, this.slowdown * 2)
    const delay = Math.max(options.pollIntervalMs, readRetryDelay(error, this.failures, ctx.clock.random()))
    ctx.log(
      (
        `poll ${id}: ${(error as ServiceError).status || ''} ${(error as ServiceError).code}; ` +
        `next poll in ${(delay / 1000).toFixed(1)}s.`
      ).replace(':  ', ': '),
    )
    return delay
  }

  private markShown(): void {
    if (this.shown) return
    this.shown = true
    this.options.onSeen?.()
  }

  /** A record read: report a new status; the record when settled. */
  private seen(record: SandboxRecord): SandboxRecord | undefined {
    this.failures = 0
    this.markShown()
    this.options.onRecord?.(record)
    if (record.status !== this.lastStatus) {
      this.lastStatus = record.status
      this.options.onStatus?.(record.status, record)
    }
    // Ended before it was ready (its TTL, a stop from elsewhere): it never will be.
    if (isEnded(record.status)) throw new SandboxGoneError(this.id, record.status, 'ended')
    return isSettled(record.status) ? record : undefined
  }
}

/**
 * One blocking-wait window. Returns the record it answered, or undefined when
 * the window ended first (`sandbox_wait_timeout`: open the next one at once).
 * A 404 is told apart by one plain GET: the sandbox found means the route is
 * absent (polling from now on), and that GET's record is returned.
 */
async function waitWindow(
  ctx: OpContext,
  client: OpContext['client'],
  id: string,
  window: number,
  options: PollOptions,
  setRoute: (route: Route) => void,
): Promise<SandboxRecord | undefined> {
  try {
    const record = await client.waitForSandbox(id, window, ctx.signal)
    setRoute('present')
    return record
  } catch (error) {
    if (isServiceError(error, 'sandbox_wait_timeout')) {
      setRoute('present')
      return undefined
    }
    if (!isServiceError(error) || error.status !== 404) throw error
    // The route is missing, or the sandbox is: one plain GET tells which (its 404 is handled by the caller).
    const record = await client.getSandbox(id, ctx.signal)
    setRoute('absent')
    ctx.log(
      `The service has no blocking wait (GET /sandboxes/{id}/wait answered ` +
        `404): polling every ${(options.pollIntervalMs / 1000).toFixed(0)}s ` +
        `or slower from now on.`,
    )
    return record
  }
}
