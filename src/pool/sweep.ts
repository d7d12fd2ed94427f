/**
 * Mode `sweep`'s part of the warm pool: this repository's pool sandboxes of
 * both trust domains (and of requests no step asks for any more) unclaimed
 * past `pool-idle` are stopped, each claimed first (so one a job holds is
 * never stopped), as a step of the pool would; then the holds whose sandbox
 * has ended. Only names parsed as this repository's are looked at. A service that
 * gives no SSH certificate leaves them to their TTL (said in the log); a
 * dry-run names the ones past pool-idle and claims or stops nothing.
 */
import type { ListedSandbox } from '../client/schemas.ts'
import type { SweepConfig } from '../inputs/config.ts'
import { poolDeps } from './deps.ts'
import { stopIdle } from './idle.ts'
import { sweepHolds } from './sweep-holds.ts'
import { parsePoolName } from './names.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { isNotLive } from '../sandbox/status.ts'
import { prepareSandboxSsh } from '../ssh/access.ts'
import { opContext, stepEnvironment, type StepDeps } from '../step/deps.ts'

const PREPARE_MS = 3 * 60_000

/** The pools of this repository with a live sandbox in the list. */
function livePools(listed: readonly ListedSandbox[], repositoryId: string): string[] {
  const pools = new Set<string>()
  for (const item of listed) {
    const parts = parsePoolName(item.name)
    if (parts?.repositoryId === repositoryId && !isNotLive(item.status)) pools.add(parts.pool)
  }
  return [...pools].sort()
}

/** Stops the idle pool sandboxes of both trust domains, and the holds whose sandbox has ended; the ids stopped. */
export async function sweepPools(config: SweepConfig, deps: StepDeps, listed: ListedSandbox[]): Promise<string[]> {
  const ctx = opContext(deps)
  const holds = await sweepHolds(ctx, listed, { repositoryId: config.repository.id, dryRun: config.dryRun })
  const pools = livePools(listed, config.repository.id)
  if (pools.length === 0) return holds
  const idleMs = config.poolIdleSeconds * 1000
  if (config.dryRun) {
    ctx.log(`Pools ${pools.join(', ')}: dry-run, no pool sandbox is claimed or stopped as idle.`)
    return holds
  }
  let prepared
  try {
    prepared = await prepareSandboxSsh(deps, stepEnvironment(deps), deps.clock.now() + PREPARE_MS)
  } catch (error) {
    const why = serviceText((error as Error).message, 300)
    ctx.log(
      `Pools ${pools.join(', ')}: idle sandboxes are left to their TTL: no SSH certificate to claim with (${why}).`,
    )
    return holds
  }
  const pool = poolDeps(ctx, stepEnvironment(deps), prepared)
  const stopped: string[] = [...holds]
  const claimant = `sweep-${deps.clock.now()}`
  for (const name of pools) {
    const done = await stopIdle(pool, { name, repositoryId: config.repository.id, idleMs, claimant })
    stopped.push(...done.stopped)
  }
  const idle = stopped.length - holds.length
  ctx.log(`Pools ${pools.join(', ')}: ${idle} sandbox${idle === 1 ? '' : 'es'} stopped as idle.`)
  return stopped
}
