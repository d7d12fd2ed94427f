/**
 * Starting one pool sandbox: the GPU types in the job's order, one
 * request each (transient errors retried briefly), no wait for capacity. A
 * lost answer is not looked for: a pool sandbox is not this step's to stop,
 * and one nobody knows of idles out (the idle rule) or ends at its TTL.
 */
import { isServiceError } from '../client/errors.ts'
import { isTransient, retryUntil } from '../client/retry.ts'
import type { OpContext } from '../step/deps.ts'
import { buildStartRequest } from '../sandbox/start.ts'
import { poolStartConfig, type PooledConfig } from './request.ts'

/** How long one pool sandbox's start may take, retries included. */
export const POOL_START_BUDGET_MS = 30_000

/** Starts a pool sandbox named `name`; its id. Throws when no GPU type had room or the service refused. */
export async function startPoolSandbox(ctx: OpContext, config: PooledConfig, name: string): Promise<string> {
  const start = poolStartConfig(config, name)
  const deadline = ctx.clock.now() + POOL_START_BUDGET_MS
  const client = ctx.client.withDeadline(deadline, ctx.clock)
  const types = start.gpuTypes.length > 0 ? start.gpuTypes : [undefined]
  let last: unknown
  for (const type of types) {
    try {
      const started = await retryUntil(
        ctx,
        deadline,
        `start pool sandbox '${name}'`,
        () => client.startSandbox(buildStartRequest(start, type), ctx.signal),
        { retryable: (error) => isTransient(error) && !isServiceError(error, 'sandbox_capacity_unavailable') },
      )
      return started.id
    } catch (error) {
      last = error
      if (!isServiceError(error, 'sandbox_capacity_unavailable')) throw error
    }
  }
  throw last
}
