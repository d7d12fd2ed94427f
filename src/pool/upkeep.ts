/**
 * The pool's upkeep, the same in start mode (after its claim or
 * cold start, not waited for) and in mode `pool`: stop the pool's sandboxes
 * unclaimed past pool-idle (each claimed first: one a job holds is never
 * stopped), then start what the pool lacks to hold pool-size ready and
 * unclaimed ones, within the room max-live leaves. The sandboxes it starts are
 * the pool's, never this step's: the idle rule and their TTL end them.
 */
import { repositoryLive, withinLimit } from '../sandbox/live-limit.ts'
import { stopSandbox } from '../sandbox/stop.ts'
import { claimSandbox } from './claim.ts'
import { readyRecord } from './preparer.ts'
import { stopIdle, type IdleDeps } from './idle.ts'
import { refill, type Refilled } from './refill.ts'
import { prefixFor, type PooledConfig } from './request.ts'
import { startPoolSandbox } from './start.ts'
import { opContext, type StepDeps } from '../step/deps.ts'

export interface Upkeep extends Refilled {
  /** Idle ones this step stopped. */
  stopped: string[]
}

/** How long the count of live sandboxes for max-live may take. */
const COUNT_BUDGET_MS = 30_000
const STOP_BUDGET_MS = 60_000

/** How many more sandboxes max-live allows now (pool-size where there is no limit). */
async function roomLeft(config: PooledConfig, deps: StepDeps): Promise<number> {
  if (!config.liveLimit) return config.pool.size
  const live = await repositoryLive(opContext(deps), config.liveLimit, deps.clock.now() + COUNT_BUDGET_MS)
  return Math.max(0, config.liveLimit.max - live.length)
}

/**
 * A pool sandbox over max-live is stopped only once this step claimed it, as an idle stop is: a fast one may be ready
 * and claimed by a job before the stop, and another's is never stopped. One still provisioning is waited for (a claim
 * needs SSH); one that failed or ended is nobody's; one claimed by another is left to that job.
 */
export async function stopOverLimit(
  config: PooledConfig,
  deps: StepDeps,
  pool: IdleDeps,
  id: string,
  claimant: string,
) {
  // Not ready within the limit, failed or ended: nobody can have claimed it.
  const record = await readyRecord(pool, id, deps.clock.now() + config.timeoutMs, deps.signal)
  if (record) {
    const target = await pool.reach(id, record)
    const verdict = await claimSandbox(target, id, claimant, { env: pool.env, signal: deps.signal })
    if (verdict.kind !== 'won') return `left to ${verdict.kind === 'taken' ? 'the job that claimed it' : 'its TTL'}`
  }
  await stopSandbox(opContext(deps), id, deps.clock.now() + STOP_BUDGET_MS, { acceptedAt: deps.clock.now() })
  return 'claimed by this step and stopped'
}

/**
 * One pool sandbox, kept under max-live: steps at once may all see room for one more, so right after its start the
 * list is read again, and one beyond the limit by creation order is claimed and stopped (stopOverLimit) and the
 * refill ends there.
 */
async function startWithinLimit(config: PooledConfig, deps: StepDeps, pool: IdleDeps, claimant: string, name: string) {
  const ctx = opContext(deps)
  const id = await startPoolSandbox(ctx, config, name)
  if (!config.liveLimit) return id
  const { within, place } = await withinLimit(ctx, config.liveLimit, id, deps.clock.now() + COUNT_BUDGET_MS)
  if (within) return id
  const what = await stopOverLimit(config, deps, pool, id, claimant)
  throw new Error(
    `max-live ${config.liveLimit.max}: ${id} was number ${place} of this repository's live sandboxes, ${what}`,
  )
}

/** `drain` (mode pool with pool-size 0): every unclaimed ready one is stopped now, however short its wait. */
export async function keepPool(
  config: PooledConfig,
  deps: StepDeps,
  pool: IdleDeps,
  options: {
    claimant: string
    drain?: boolean
    recent?: readonly string[]
    noStarts?: boolean
    /** Asked before each start: false once the keeper must start no more (its preparations keep failing). */
    mayStart?: () => boolean
    knownPrepared?: ReadonlyMap<string, number>
    /** What this step's preparer is preparing or will try again: left alone by this step's idle rule. */
    preparing?: readonly string[]
  },
): Promise<Upkeep> {
  const { name, repositoryId, idleSeconds, size } = config.pool
  const idleMs = options.drain ? 0 : idleSeconds * 1000
  // Only this request's and trust domain's: a pull request's step never stops a branch's sandbox, nor the reverse.
  const prefix = prefixFor(config)
  // A prepared pool's preparation may run as long as the step's `timeout`.
  const prepareLimitMs = config.pool.prepare ? config.timeoutMs : undefined
  const idle = { name, repositoryId, idleMs, claimant: options.claimant, prefix, prepareLimitMs }
  const { stopped } = await stopIdle(pool, { ...idle, preparing: options.preparing })
  pool.mark?.('idle')
  const room = options.noStarts ? 0 : await roomLeft(config, deps)
  pool.mark?.('count')
  const start = async (sandboxName: string) => {
    if (options.mayStart?.() === false) throw new Error('the keeper starts no more: its preparations keep failing')
    return startWithinLimit(config, deps, pool, options.claimant, sandboxName)
  }
  const refillDeps = { ...pool, start }
  const filled = await refill(refillDeps, {
    ...{ name, prefix, size, room, prepareLimitMs },
    recent: options.recent,
    gone: stopped,
    knownPrepared: options.knownPrepared,
  })
  return { stopped, ...filled }
}
