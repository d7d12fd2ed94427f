/**
 * What the pool's parts (take, refill, idle) are given in a real step: the
 * service's list and records through the one client (each read retried
 * briefly, every request within the pool's own deadline), SSH access to the
 * candidates over the step's certificate, and the stop every mode uses.
 */
import { READ_BACKOFF, retryUntil } from '../client/retry.ts'
import type { PreparedSandboxSsh } from '../ssh/access.ts'
import { stopSandbox } from '../sandbox/stop.ts'
import type { OpContext } from '../step/deps.ts'
import { poolAccess } from './access.ts'
import type { IdleDeps } from './idle.ts'

/** How long one read or one stop of the pool's may take. */
const READ_BUDGET_MS = 15_000
const STOP_BUDGET_MS = 60_000

/** The service's list for the pool's readers (newest first, 20 pages at most), within the pool's bound. */
export function listWithin(ctx: OpContext) {
  return ctx.client
    .withDeadline(ctx.clock.now() + READ_BUDGET_MS * 2, ctx.clock)
    .allSandboxes({ signal: ctx.signal, maxPages: 20 })
}

/** One sandbox's record, read again briefly after a passing failure, within the pool's bound. */
export function readWithin(ctx: OpContext, id: string) {
  const client = ctx.client.withDeadline(ctx.clock.now() + READ_BUDGET_MS, ctx.clock)
  return retryUntil(ctx, ctx.clock.now() + READ_BUDGET_MS, `read ${id}`, () => client.getSandbox(id, ctx.signal), {
    backoff: READ_BACKOFF,
  })
}

export function poolDeps(
  ctx: OpContext,
  env: NodeJS.ProcessEnv,
  prepared: Pick<PreparedSandboxSsh, 'dir' | 'keyPath' | 'certPath'>,
  preparedPool = false,
): IdleDeps {
  const access = poolAccess(prepared)
  return {
    prepared: preparedPool,
    clock: ctx.clock,
    list: () => listWithin(ctx),
    read: (id) => readWithin(ctx, id),
    reach: access.reach,
    forget: access.forget,
    env,
    signal: ctx.signal,
    log: ctx.log,
    stop: async (id) => {
      await stopSandbox(ctx, id, ctx.clock.now() + STOP_BUDGET_MS)
    },
  }
}
