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
import { poolReach } from './access.ts'
import type { IdleDeps } from './idle.ts'

/** How long one read or one stop of the pool's may take. */
const READ_BUDGET_MS = 15_000
const STOP_BUDGET_MS = 60_000

export function poolDeps(
  ctx: OpContext,
  env: NodeJS.ProcessEnv,
  prepared: Pick<PreparedSandboxSsh, 'dir' | 'keyPath' | 'certPath'>,
): IdleDeps {
  const within = (ms: number) => ctx.client.withDeadline(ctx.clock.now() + ms, ctx.clock)
  return {
    clock: ctx.clock,
    list: () => within(READ_BUDGET_MS * 2).allSandboxes({ signal: ctx.signal, maxPages: 20 }),
    read: (id) =>
      retryUntil(
        ctx,
        ctx.clock.now() + READ_BUDGET_MS,
        `read ${id}`,
        () => within(READ_BUDGET_MS).getSandbox(id, ctx.signal),
        {
          backoff: READ_BACKOFF,
        },
      ),
    reach: poolReach(prepared),
    env,
    signal: ctx.signal,
    log: ctx.log,
    stop: async (id) => {
      await stopSandbox(ctx, id, ctx.clock.now() + STOP_BUDGET_MS)
    },
  }
}
