/**
 * `max-live`: at most n live sandboxes of this repository at once,
 * counted from the list: those this action named for this repository (the
 * generated name carries its id; a warm pool's sandboxes count too). Before a start a job waits while n or more
 * are live (backoff, a line a minute, up to capacity-timeout). Two jobs that
 * start at the same moment both pass that wait, so right after its own start a
 * job lists again and counts itself: beyond the first n by creation order (ties
 * by id) it stops its sandbox before it is used and waits again.
 */
import { READ_BACKOFF, backoffDelay, retryUntil, type BackoffOptions } from '../client/retry.ts'
import { SANDBOX_ID_PATTERN } from '../client/schemas.ts'
import type { LiveLimit } from '../inputs/caps.ts'
import { parseGeneratedName, parsePoolName } from '../inputs/default-name.ts'
import type { OpContext } from '../step/deps.ts'
import { formatDuration } from '../step/summary.ts'
import { isNotLive } from './status.ts'

interface Counted {
  id: string
  createdAt: number
}

/** A job waiting for room polls the list this often at most (the 600-a-minute get+list budget is shared). */
const ROOM_BACKOFF: BackoffOptions = { baseDelayMs: 2_000, maxDelayMs: 20_000 }
const REPORT_EVERY_MS = 60_000

export class LiveLimitTimeoutError extends Error {
  constructor(limit: LiveLimit, live: number, waitedMs: number) {
    super(
      `max-live ${limit.max}: ${live} sandboxes of this repository were still live after waiting ` +
        `${formatDuration(waitedMs)} (capacity-timeout); nothing was started. Raise max-live or ` +
        'capacity-timeout, or run fewer jobs at once.',
    )
    this.name = 'LiveLimitTimeoutError'
  }
}

/** This repository's live sandboxes named by the action, in creation order (ties by id). */
export async function repositoryLive(ctx: OpContext, limit: LiveLimit, deadline: number): Promise<Counted[]> {
  const client = ctx.client.withDeadline(deadline, ctx.clock)
  const live = await retryUntil(
    ctx,
    deadline,
    'list sandboxes (max-live)',
    async () => {
      const found: Counted[] = []
      for await (const sandbox of client.allSandboxes({ signal: ctx.signal })) {
        const named = parseGeneratedName(sandbox.name) ?? parsePoolName(sandbox.name)
        if (named?.repositoryId !== limit.repositoryId || isNotLive(sandbox.status)) continue
        if (!sandbox.id || !SANDBOX_ID_PATTERN.test(sandbox.id)) continue
        const createdAt = Date.parse(String(sandbox.created_at ?? ''))
        found.push({ id: sandbox.id, createdAt: Number.isFinite(createdAt) ? createdAt : Infinity })
      }
      return found
    },
    { backoff: READ_BACKOFF },
  )
  return live.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** Waits until fewer than `max` are live; throws LiveLimitTimeoutError at `deadline`. */
export async function waitForRoom(ctx: OpContext, limit: LiveLimit, deadline: number): Promise<void> {
  const began = ctx.clock.now()
  let reportedAt = -Infinity
  for (let round = 1; ; round++) {
    const live = await repositoryLive(ctx, limit, deadline)
    if (live.length < limit.max) return
    const now = ctx.clock.now()
    const wait = backoffDelay(round, ctx.clock.random(), ROOM_BACKOFF)
    if (now + wait > deadline) throw new LiveLimitTimeoutError(limit, live.length, now - began)
    if (now - reportedAt >= REPORT_EVERY_MS) {
      reportedAt = now
      ctx.log(
        `max-live ${limit.max}: ${live.length} sandboxes of this repository are live; waiting ` +
          `(${formatDuration(now - began)} so far, up to capacity-timeout).`,
      )
    }
    await ctx.clock.sleep(wait, ctx.signal)
  }
}

/**
 * Right after our own start: is `id` among the first `max` by creation order? It counts itself even
 * when the list does not show it yet (as the newest).
 */
export async function withinLimit(
  ctx: OpContext,
  limit: LiveLimit,
  id: string,
  deadline: number,
): Promise<{ within: boolean; place: number }> {
  const live = await repositoryLive(ctx, limit, deadline)
  if (!live.some((sandbox) => sandbox.id === id)) live.push({ id, createdAt: Infinity })
  const place = live.findIndex((sandbox) => sandbox.id === id) + 1
  return { within: place <= limit.max, place }
}
