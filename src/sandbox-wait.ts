/**
 * Waiting until a sandbox is ready or failed. Where the service has the
 * blocking wait (`GET /sandboxes/{id}/wait`, the deployed service), windows of
 * up to 30 s answer the moment it is ready; where it has not (404 from the
 * route, while a plain GET finds the sandbox), polling takes over for the rest
 * of the step. Chosen by what the service answers, never by a setting.
 */
import { WAIT_MARGIN_MS } from './client/client.ts'
import { isNotFound, isServiceError, type ServiceError } from './client/errors.ts'
import { isTransient, readRetryDelay } from './client/retry.ts'
import type { SandboxRecord } from './client/schemas.ts'
import { isEnded, isSettled } from './sandbox-status.ts'
import { notVisibleYet, type OpContext } from './sandboxes.ts'
import { serviceText } from './untrusted.ts'

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
      `Sandbox ${id} did not reach 'running' within ${Math.round(waitedMs / 1000)}s (last status: ${lastStatus === undefined ? 'none seen' : serviceText(lastStatus)}). ` +
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
        : `Sandbox ${id} is gone (404) after the service had shown it${lastStatus ? ` as '${serviceText(lastStatus, 40)}'` : ''}`
    super(`${what}: it ended (its TTL, or a stop from elsewhere) before it was ready. Nothing is left running; run the job again.`)
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

/** The window for the next blocking wait: at most 30 s, and its HTTP timeout never past the deadline. 0: no window fits. */
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
  const client = ctx.client.withDeadline(options.deadline, ctx.clock)
  const started = ctx.clock.now()
  let lastStatus: string | undefined
  let failures = 0
  let slowdown = 1
  // What the service has shown of the blocking-wait route so far.
  const service: { route: Route } = { route: 'unknown' }
  const timeout = () => new WaitTimeoutError(id, lastStatus, ctx.clock.now() - started)
  let shown = false
  const markShown = () => {
    if (shown) return
    shown = true
    options.onSeen?.()
  }
  /** A record read: report a new status; the record when settled. */
  const seen = (record: SandboxRecord): SandboxRecord | undefined => {
    failures = 0
    markShown()
    options.onRecord?.(record)
    if (record.status !== lastStatus) {
      lastStatus = record.status
      options.onStatus?.(record.status, record)
    }
    // Ended before it was ready (its TTL, a stop from elsewhere): it never will be.
    if (isEnded(record.status)) throw new SandboxGoneError(id, record.status, 'ended')
    return isSettled(record.status) ? record : undefined
  }

  for (;;) {
    ctx.signal?.throwIfAborted()
    let delay = 0
    try {
      const window = service.route === 'absent' ? 0 : waitWindowSeconds(options.deadline - ctx.clock.now())
      if (window > 0) {
        const record = await waitWindow(ctx, client, id, window, options, (found) => {
          service.route = found
          // A window that ended is the service waiting on this very sandbox: it exists.
          if (found === 'present') markShown()
        })
        if (record) {
          const done = seen(record)
          if (done) return done
          // Left the starting state without being ready or failed: not a reason to spin.
          delay = options.pollIntervalMs
        }
      } else {
        const done = seen(await client.getSandbox(id, ctx.signal))
        if (done) return done
        delay = pollDelay(options.pollIntervalMs, ctx.clock.now() - started, slowdown, ctx.clock.random())
      }
    } catch (error) {
      // The wait's own deadline, reached while a request was due.
      if (isServiceError(error, 'deadline_exceeded')) throw timeout()
      // Once shown, a 404 is gone (expired, stopped elsewhere): that ends the wait at once.
      if (shown && isNotFound(error)) throw new SandboxGoneError(id, lastStatus)
      if (notVisibleYet(ctx.clock, error, options.acceptedAt)) {
        delay = options.pollIntervalMs
        ctx.log(`poll ${id}: 404 less than a minute after the start; not visible yet, polling on.`)
      } else {
        if (!isTransient(error)) throw error
        failures++
        // Other jobs share the get budget: poll slower from now on instead of living on 429s.
        if ((error as ServiceError).status === 429) slowdown = Math.min(MAX_SLOWDOWN, slowdown * 2)
        delay = Math.max(options.pollIntervalMs, readRetryDelay(error, failures, ctx.clock.random()))
        ctx.log(`poll ${id}: ${(error as ServiceError).status || ''} ${(error as ServiceError).code}; next poll in ${(delay / 1000).toFixed(1)}s.`.replace(':  ', ': '))
      }
    }
    const now = ctx.clock.now()
    if (now >= options.deadline) throw timeout()
    if (delay > 0) await ctx.clock.sleep(Math.min(delay, options.deadline - now), ctx.signal)
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
    ctx.log(`The service has no blocking wait (GET /sandboxes/{id}/wait answered 404): polling every ${(options.pollIntervalMs / 1000).toFixed(0)}s or slower from now on.`)
    return record
  }
}
