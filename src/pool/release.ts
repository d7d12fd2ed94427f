/**
 * The post step's part of the warm pool (issue 55): a claim the main step sent
 * but whose answer it never read (cancelled during it) or lost is looked at
 * again (read only), over the same SSH access; a claim that is this step's,
 * on a sandbox that is not the one the main step saved, is stopped, so a claim
 * never outlives its job. One that another step holds, or that cannot say, is
 * left: it is not this step's (its TTL ends an unanswered one).
 */
import type { CleanupConfig } from '../inputs/config.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { stopSandbox } from '../sandbox/stop.ts'
import { opContext, type CleanupDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'
import { claimedBy } from './claim.ts'

const STOP_BUDGET_MS = 2 * 60_000

export async function releasePoolClaims(deps: CleanupDeps, state: ActionState, config: CleanupConfig): Promise<void> {
  const saved = state.poolClaims
  const pending = (saved?.pending ?? []).filter((claim) => claim.id !== state.sandboxId)
  if (!saved || pending.length === 0) return
  const ctx = opContext({ ...deps, client: deps.makeClient(config) })
  for (const claim of pending) {
    const target = { configPath: claim.configPath, alias: claim.alias }
    // Read only: a claim that never arrived is not made now (that sandbox stays the pool's, for the next job).
    const by = await claimedBy(target, claim.id, { env: deps.env ?? process.env })
    if (by !== saved.claimant) {
      const why =
        by === null ? 'unclaimed' : by === undefined ? 'it could not say' : `claimed by ${serviceText(by, 100)}`
      deps.core.info(`Pool: ${claim.id} is not this job's (${why}); left to the pool.`)
      continue
    }
    await stopSandbox(ctx, claim.id, deps.clock.now() + STOP_BUDGET_MS)
    deps.core.info(`Pool: ${claim.id} was claimed by this job and not used (the claim's answer was lost); stopped.`)
  }
}
