/**
 * Start mode with `pool`: before anything is started, claim a ready
 * sandbox of the pool (pool/take.ts); after the claim or the cold start, refill
 * the pool without waiting (pool/refill.ts) and stop its idle ones
 * (pool/idle.ts). Nothing here ever fails the step: where the pool gives
 * nothing, the step starts its own as without a pool, saying why in one line.
 * Every claim is tracked in state before it is sent, so one whose answer was
 * lost (or a step cancelled during it) is asked again and stopped if it was ours.
 */
import type { SandboxRecord } from '../client/schemas.ts'
import type { StartConfig } from '../inputs/config.ts'
import type { PoolInput } from '../inputs/pool.ts'
import { claimedBy } from './claim.ts'
import { startHold } from './hold.ts'
import { heldIn } from './names.ts'
import { endsAtMs } from '../sandbox/record.ts'
import { poolDeps } from './deps.ts'
import type { IdleDeps } from './idle.ts'
import { waitedMs as waitedOf } from './match.ts'
import { claimRequestOf, digestLine, prefixFor } from './request.ts'
import { claimOne, takeFromPool, type Taken } from './take.ts'
import type { SshTarget } from '../remote/ssh-command.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { StartedSandbox } from '../sandbox/start.ts'
import { prepareSandboxSsh, SshUnavailableError, type PreparedSandboxSsh } from '../ssh/access.ts'
import { opContext, stepEnvironment, type StepDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'
import { formatDuration } from '../step/summary.ts'
import { keepAndWatch } from './keeper.ts'
import { claimTime, type PoolRow } from './row.ts'
import { Phases } from './phases.ts'

export type Pooled = StartConfig & { pool: PoolInput }

/** A sandbox this step claimed: what the rest of start mode uses, and what the summary and comment say. */
export interface Claimed {
  started: StartedSandbox
  record: SandboxRecord
  claimMs: number
  waitedMs: number | undefined
}

/** The step's SSH key and certificate (made here where start mode needs none), or why the pool cannot be used. */
async function sshFor(config: Pooled, deps: StepDeps, prepared?: PreparedSandboxSsh) {
  if (prepared) return prepared
  try {
    return await prepareSandboxSsh(deps, stepEnvironment(deps), deps.clock.now() + config.timeoutMs)
  } catch (error) {
    if (deps.signal.aborted) throw error
    const why =
      error instanceof SshUnavailableError
        ? 'the service offers no SSH certificates, and a claim is made over SSH'
        : serviceText((error as Error).message, 300)
    deps.core.info(`Pool '${config.pool.name}': not used: ${why}.`)
    return undefined
  }
}

/** A hold outlives its sandbox: what the record says is left of the sandbox's TTL, else all a pool sandbox gets. */
function ttlLeftSeconds(config: Pooled, record: SandboxRecord, now: number): number {
  const ends = endsAtMs(record, undefined)
  return ends === undefined ? config.maxTtlSeconds + config.pool.idleSeconds : Math.max(0, (ends - now) / 1000)
}

/**
 * The pool's parts, with every claim and hold tracked in state before it is sent; in the pull-requests domain a claim
 * is this step's only with its hold (hold.ts).
 */
function trackedDeps(config: Pooled, deps: StepDeps, state: ActionState, prepared: PreparedSandboxSsh): IdleDeps {
  const pending = new Map<string, SshTarget>()
  // Sandbox id to the hold's id (undefined: sent, not answered yet).
  const holds = new Map<string, string | undefined>()
  const save = () =>
    state.savePoolClaims({
      claimant: config.name,
      pending: [...pending].map(([id, target]) => ({ id, ...target })),
      holds: [...holds].map(([sandboxId, holdId]) => (holdId ? { sandboxId, holdId } : { sandboxId })),
    })
  const track = (id: string, target: SshTarget | undefined) => {
    if (target) pending.set(id, target)
    else pending.delete(id)
    save()
  }
  const pool = { ...poolDeps(opContext(deps), stepEnvironment(deps), prepared, !!config.pool.prepare), track }
  if (config.pool.domain !== 'pull-requests') return pool
  const hold = async (id: string, record: SandboxRecord) => {
    holds.set(id, undefined)
    save()
    const ttlSeconds = ttlLeftSeconds(config, record, deps.clock.now())
    const verdict = await startHold(opContext(deps), {
      repositoryId: config.pool.repositoryId,
      sandboxId: id,
      ttlSeconds,
    })
    if (verdict.kind === 'held') holds.set(id, verdict.id)
    else holds.delete(id)
    save()
    // Nothing was created: the link is this step's alone, and a sandbox claimed without its hold is not to be used.
    if (verdict.kind === 'failed')
      await release(pool, id, config.pool.name, config.name, 'its hold could not be started')
    return verdict
  }
  return { ...pool, hold }
}

/** A claim whose answer was lost, asked again (with its hold, where the domain needs one): 'won' is this step's. */
async function askAgain(pool: IdleDeps, id: string, claimant: string): Promise<boolean> {
  try {
    const record = await pool.read(id)
    const verdict = await claimOne(pool, { id, target: await pool.reach(id, record), record }, claimant)
    return verdict.kind === 'won'
  } catch {
    return false
  }
}

function claimedFrom(config: Pooled, taken: Taken): Claimed {
  const spec = (taken.record.spec ?? {}) as { gpu_type?: unknown }
  const gpuType = config.gpuTypes.find((type) => type === spec.gpu_type)
  const name = typeof taken.record.name === 'string' ? taken.record.name : taken.id
  return {
    started: { id: taken.id, name, gpuType, adopted: false, attempts: [`claimed from pool '${config.pool.name}'`] },
    record: taken.record,
    claimMs: taken.claimMs,
    waitedMs: taken.waitedMs,
  }
}

/**
 * Stops a sandbox this step claimed but does not use (a lost answer found to be its own after another claim, or a
 * claim whose hold could not be started).
 */
async function release(
  pool: IdleDeps,
  id: string,
  name: string,
  claimant: string,
  why = 'its answer was lost',
): Promise<void> {
  try {
    // Read only: a claim that never arrived is not made now, so that sandbox stays the pool's.
    const by = await claimedBy(await pool.reach(id, await pool.read(id)), id, { env: pool.env, signal: pool.signal })
    if (by !== claimant) return
    // A hold names it: another job's claim (this step holds no sandbox it does not use).
    if ((await heldIn(pool.list())).has(id)) {
      pool.track?.(id, undefined)
      pool.log(`Pool '${name}': ${id} is held by another job's claim; left to it.`)
      return
    }
    await pool.stop(id)
    pool.track?.(id, undefined)
    pool.log(`Pool '${name}': ${id} was claimed by this step too (${why}); stopped, unused.`)
  } catch (error) {
    const why = serviceText(String(error), 200)
    pool.log(`Pool '${name}': ${id}, claimed by this step and unused, could not be stopped now (${why}).`)
  }
}

/**
 * Claims a sandbox of the pool for this job, or says in one line why none was: the sandbox, and the SSH key and
 * certificate made for the claim (start mode uses them for `ssh`, `run` and the GPU check).
 */
export async function claimFromPool(
  config: Pooled,
  deps: StepDeps,
  state: ActionState,
  prepared?: PreparedSandboxSsh,
): Promise<{ claimed?: Claimed; prepared?: PreparedSandboxSsh; pool?: IdleDeps; why?: string }> {
  const ssh = await sshFor(config, deps, prepared)
  if (!ssh) return { why: 'no SSH access to claim with' }
  const pool = trackedDeps(config, deps, state, ssh)
  const { name, domain, domainWhy } = config.pool
  const holds = domain === 'pull-requests' ? ', each claim with a hold no code on the sandbox can undo' : ''
  deps.core.info(`Pool '${name}': the ${domain} domain's sandboxes only (${domainWhy})${holds}.`)
  const digest = digestLine(config.pool)
  if (digest) deps.core.info(digest)
  const began = deps.clock.now()
  const phases = new Phases(deps.clock)
  const wanted = { name, prefix: prefixFor(config), request: claimRequestOf(config), claimant: config.name }
  const outcome = await takeFromPool({ ...pool, mark: phases.mark }, wanted).catch((error: unknown) => {
    if (deps.signal.aborted) throw error
    return { why: `its list could not be read (${serviceText(String(error), 200)})`, unsure: undefined }
  })
  let taken = 'taken' in outcome ? outcome.taken : undefined
  for (const id of outcome.unsure ?? []) {
    if (taken) await release(pool, id, name, config.name)
    else if (await askAgain(pool, id, config.name)) {
      const record = await pool.read(id).catch(() => undefined)
      const waitedMs = record && waitedOf(record, deps.clock.now())
      if (record)
        taken = { id, record, claimMs: deps.clock.now() - began, ...(waitedMs === undefined ? {} : { waitedMs }) }
    }
  }
  deps.core.debug(phases.line(`Pool '${name}': the claim`))
  if (!taken) {
    const why = 'why' in outcome ? outcome.why : 'its claim could not be confirmed'
    deps.core.info(`Pool '${name}': nothing claimed (${why}); this job starts its own sandbox.`)
    return { prepared: ssh, pool, why }
  }
  const claimed = claimedFrom(config, taken)
  // Claimed: the survey's access to the other candidates goes (the claim's own, and any still unsure, stay).
  forgetOthers(pool, state, [taken.id])
  const since = config.pool.prepare ? 'from its start, preparation included' : 'unclaimed'
  const waited = claimed.waitedMs === undefined ? '' : `; it waited ${formatDuration(claimed.waitedMs)} ${since}`
  deps.core.info(`Pool '${name}': claimed ${taken.id} in ${claimTime(claimed.claimMs)}${waited}.`)
  return { claimed, prepared: ssh, pool }
}

/**
 * Removes the runner's SSH access files of every pool sandbox but `keep` and those the post step may still need (a
 * claim whose answer was lost, a preparation under way): once a claim is made, and when the main step ends, nothing
 * on the runner names another pool sandbox's address or host key.
 */
export function forgetOthers(pool: IdleDeps | undefined, state: ActionState, keep: readonly string[] = []): void {
  pool?.forget?.([...keep, ...pendingIds(state)])
}

/** Pool sandboxes the post step may still ask about: a claim whose answer was lost, a preparation cut short. */
export const pendingIds = (state: ActionState): string[] =>
  [...(state.poolClaims?.pending ?? []), ...(state.poolPreparing?.pending ?? [])].map((item) => item.id)

/** The summary's and the comment's pool row. */
export function poolRowOf(pool: PoolInput, claimed: Claimed | undefined, why: string | undefined): PoolRow {
  const { name, domain } = pool
  const prepared = pool.prepare ? { prepared: true } : {}
  if (!claimed) return { name, domain, ...prepared, ...(why ? { why } : {}) }
  return { name, domain, ...prepared, claim: { claimMs: claimed.claimMs, waitedMs: claimed.waitedMs } }
}

/**
 * The upkeep once this job has its sandbox: never a failure of the step, only a line. A prepared pool's sandboxes are
 * started and prepared by trusted steps only: a pull request's step leaves them to the pool's keeper; a branch job's
 * prepares what it started beside its own use (the step ends once that is done).
 */
export async function upkeepLater(config: Pooled, deps: StepDeps, pool: IdleDeps, state: ActionState): Promise<void> {
  if (config.pool.prepare && config.pool.domain === 'pull-requests') {
    deps.core.info(
      `Pool '${config.pool.name}': a pull request's step starts and prepares no sandbox of a prepared pool; ` +
        "the pool's keeper (mode: pool in a workflow of the default branch) does.",
    )
    return
  }
  try {
    await keepAndWatch(config, deps, pool, { claimant: config.name, state })
  } catch (error) {
    if (!deps.signal.aborted)
      deps.core.info(`Pool '${config.pool.name}': upkeep stopped early (${serviceText(String(error), 200)}).`)
  }
}
