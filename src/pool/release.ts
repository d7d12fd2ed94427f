/**
 * The post step's part of the warm pool: a claim the main step sent but whose
 * answer it never read (cancelled during it) or lost is looked at again (read
 * only), over the same SSH access; a claim that is this step's, on a sandbox
 * that is not the one the main step saved, is stopped, so a claim never
 * outlives its job. One that another step holds, or that cannot say, is left:
 * it is not this step's (its TTL ends an unanswered one). In the
 * pull-requests domain a claim is this step's only with its hold: a sandbox a
 * hold names that this step cannot show is its own is left too.
 *
 * The holds this step started are stopped last, each once its sandbox's stop
 * was accepted (or the main step stopped it), never while it may still run a
 * job's code: a hold that ended early would let another job claim it.
 */
import { SANDBOX_ID_PATTERN } from '../client/schemas.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { stopSandbox } from '../sandbox/stop.ts'
import { opContext, type CleanupDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'
import { claimedBy, claimSandbox, lookAt } from './claim.ts'
import { listWithin } from './deps.ts'
import { heldIn } from './names.ts'

const STOP_BUDGET_MS = 2 * 60_000

export async function releasePoolClaims(deps: CleanupDeps, state: ActionState, config: CleanupConfig): Promise<void> {
  const saved = state.poolClaims
  const pending = (saved?.pending ?? []).filter((claim) => claim.id !== state.sandboxId)
  if (!saved || pending.length === 0) return
  const ctx = opContext({ ...deps, client: deps.makeClient(config) })
  let held: Set<string> | undefined
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
    const ownHold = saved.holds?.some((hold) => hold.sandboxId === claim.id && hold.holdId)
    if (!ownHold && (held ??= await heldIn(listWithin(ctx))).has(claim.id)) {
      deps.core.info(
        `Pool: ${claim.id} is named by a hold this job cannot show is its own (its answer was lost); ` +
          'left to its TTL, with the hold.',
      )
      continue
    }
    await stopSandbox(ctx, claim.id, deps.clock.now() + STOP_BUDGET_MS)
    deps.core.info(
      `Pool: ${claim.id} was claimed by this job and not used (the claim's answer was lost, or its stop was ` +
        'refused then); stopped.',
    )
  }
}

/**
 * Stops the holds this step started: the job's own sandbox's once `stopped` says the post step's stop of it was
 * accepted (none with keep-alive), any other's at once (the main step stopped that one, or never used it).
 */
export async function releaseHolds(
  deps: CleanupDeps,
  state: ActionState,
  config: CleanupConfig,
  stopped: boolean,
): Promise<void> {
  const holds = (state.poolClaims?.holds ?? []).filter((hold) => hold.holdId && SANDBOX_ID_PATTERN.test(hold.holdId))
  if (holds.length === 0) return
  const ctx = opContext({ ...deps, client: deps.makeClient(config) })
  for (const { sandboxId, holdId = '' } of holds) {
    if (sandboxId === state.sandboxId && (!stopped || config.keepAlive)) {
      const why = config.keepAlive ? 'keep-alive leaves it running' : 'its stop was not accepted'
      deps.core.info(`Pool: the hold ${holdId} stays with ${sandboxId}: ${why}; both end at their TTL.`)
      continue
    }
    await stopSandbox(ctx, holdId, deps.clock.now() + STOP_BUDGET_MS)
    deps.core.info(`Pool: the hold ${holdId} of ${sandboxId} stopped.`)
  }
}

/**
 * The pool sandboxes the main step was preparing when it ended (cancelled, killed): one whose preparation was marked,
 * or that a job claimed, is left; any other is claimed under the preparer's lock, so no job ever can, and stopped.
 * One that cannot be reached now (its certificate expired) is never claimed: its abandoned lock has the pool's idle
 * rule, or its TTL, end it.
 */
export async function stopHalfPrepared(deps: CleanupDeps, state: ActionState, config: CleanupConfig): Promise<void> {
  const saved = state.poolPreparing
  if (!saved || saved.pending.length === 0) return
  const ctx = opContext({ ...deps, client: deps.makeClient(config) })
  const env = deps.env ?? process.env
  for (const item of saved.pending.filter((entry) => SANDBOX_ID_PATTERN.test(entry.id))) {
    const target = { configPath: item.configPath, alias: item.alias }
    const look = await lookAt(target, item.id, { env })
    // Claimed by this step's preparer already (its preparation failed, and the stop after it was refused): its own.
    const own = look.by === saved.claimant
    if (!own && (look.by !== null || look.preparedAt !== undefined)) {
      const why = look.preparedAt !== undefined ? 'its preparation was marked' : 'it is claimed, or could not say'
      deps.core.info(`Pool: ${item.id}, being prepared when the main step ended, is left (${why}).`)
      continue
    }
    if (!own && (await claimSandbox(target, item.id, saved.claimant, { env })).kind !== 'won') continue
    await stopSandbox(ctx, item.id, deps.clock.now() + STOP_BUDGET_MS)
    deps.core.info(
      own
        ? `Pool: ${item.id}, whose preparation failed and whose stop was refused then, stopped.`
        : `Pool: ${item.id} was left half-prepared by the main step; stopped.`,
    )
  }
}
