/**
 * Mode `start`, in phases: start a sandbox safely (sandbox/start.ts), save its
 * id at once, wait until it is ready, set outputs, write the summary, and
 * finish SSH access.
 */
import type { StartConfig } from '../inputs/config.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { NOTHING_SPENT, readBillingContext, type BillingContext, type Spent } from '../sandbox/billing.ts'
import { applySpendingCaps } from '../sandbox/caps.ts'
import { waitForRoom } from '../sandbox/live-limit.ts'
import { buildStartRequest, type StartedSandbox } from '../sandbox/start.ts'
import type { PreparedSandboxSsh } from '../ssh/access.ts'
import { opContext, stepEnvironment, type StepDeps } from '../step/deps.ts'
import { setTextOutput } from '../step/outputs.ts'
import { ActionState } from '../step/state.ts'
import { reportDryRun } from '../step/summary.ts'
import type { PoolRow } from '../pool/row.ts'
import type { WaitOutcome } from './summary.ts'
import { readOnce, setOutputsFrom, waitPhase, writeSummary } from './wait.ts'
import { startPhase } from './phase.ts'
import { claimFromPool, forgetOthers, poolRowOf, upkeepLater, type Pooled } from '../pool/main.ts'
import { dropUnusedSsh, useReady } from './use.ts'
import { gpuCheck, keptUnderLimit, passGate } from './checks.ts'
import { setCostOutputs, spentBeforeUse } from './cost.ts'
import { asksRetry, usedOrFaulted, type FaultedAttempt } from './retry.ts'
import { commentFromMain } from '../comment/main.ts'
import { announceLeg } from '../comment/relay.ts'
import { ArtifactStore } from '../comment/artifacts.ts'
import {
  allFailedError,
  gpuCheckTable,
  MAX_REPLACEMENTS,
  nextAttempt,
  stopBeforeUse,
  type GpuCheckRow,
} from '../gpu-check/main.ts'

export async function runStart(requested: StartConfig, deps: StepDeps): Promise<void> {
  const state = new ActionState(deps.core)
  const stepStart = deps.clock.now()
  if (requested.dryRun) return reportStartDryRun(requested, deps)
  const config = await gateAndCaps(requested, deps, state)
  // The comment's row will come through the run's artifacts: said at once, while the sandbox starts.
  const store = config.comment ? ArtifactStore.fromEnvironment(stepEnvironment(deps), deps) : undefined
  const announced = announceLeg(store, config.comment, config.name, (message) => deps.core.info(message))
  try {
    await startAndUse(config, deps, state, stepStart, store !== undefined)
  } finally {
    await announced.settled()
  }
}

/** `relayed`: the comment's row goes through the run's artifacts (the post step gives it; said in the log). */
async function startAndUse(
  gated: StartConfig,
  deps: StepDeps,
  state: ActionState,
  stepStart: number,
  relayed: boolean,
): Promise<void> {
  // After the gate and the caps, before anything is started: a claim from the pool.
  const side: PoolSide = gated.pool ? await claimFromPool(gated as Pooled, deps, state) : {}
  try {
    return await attempts(gated, deps, state, { stepStart, relayed }, side)
  } finally {
    // The pool's upkeep runs beside the job's own wait and use; the step ends once it is done.
    await side.upkeep
    forgetOthers(side.pool, state)
    await dropUnusedSsh(gated, deps, state)
  }
}

/** The pool's part of a start: the claim (used by the first attempt only), and the upkeep once a sandbox is had. */
type PoolSide = Awaited<ReturnType<typeof claimFromPool>> & { upkeep?: Promise<void> }

async function attempts(
  gated: StartConfig,
  deps: StepDeps,
  state: ActionState,
  step: { stepStart: number; relayed: boolean },
  side: PoolSide,
): Promise<void> {
  let config = gated
  let prepared = side.prepared
  const checks: GpuCheckRow[] = []
  const faulted: FaultedAttempt[] = []
  const roomDeadline = deps.clock.now() + config.capacityTimeoutMs
  let spent = NOTHING_SPENT
  for (;;) {
    const claimed = side.claimed
    side.claimed = undefined
    if (!claimed && config.liveLimit) await waitForRoom(opContext(deps), config.liveLimit, roomDeadline)
    const { started, preparedSsh } = claimed
      ? { started: claimed.started, preparedSsh: prepared }
      : await startPhase(config, deps, state, step.stepStart + config.timeoutMs, prepared)
    prepared = preparedSsh
    const acceptedAt = announceStarted(started, deps, state, claimed?.waitedMs)
    // A claimed sandbox was billed from its creation: its wait unclaimed is this job's cost.
    const billedFrom = acceptedAt - (claimed?.waitedMs ?? 0)
    if (side.pool && config.pool) side.upkeep ??= upkeepLater(config as Pooled, deps, side.pool, state)
    // Informational, read while the sandbox provisions; it never fails the step.
    const billing = readBilling(config, started, deps)
    if (
      !claimed &&
      config.liveLimit &&
      !(await keptUnderLimit(config.liveLimit, deps, started.id, acceptedAt, roomDeadline))
    ) {
      spent = await spentBeforeUse(spent, deps, state, billedFrom, billing)
      config = nextAttempt(config, deps)
      continue
    }
    const waited = config.wait ? await waitPhase(config, deps, state, started) : await readOnce(deps, state, started)
    const row = await gpuCheck(config, deps, started, prepared, waited)
    if (row) checks.push(row)
    if (row && row.problems.length > 0) {
      await stopBeforeUse(deps, started.id, acceptedAt, 'GPU check')
      spent = await spentBeforeUse(spent, deps, state, billedFrom, billing)
      if (checks.length > MAX_REPLACEMENTS) {
        await deps.core.appendSummary(`### GPU check\n\n${gpuCheckTable(checks)}\n`)
        throw allFailedError(checks)
      }
      config = nextAttempt(config, deps)
      continue
    }
    const pool = config.pool && poolRowOf(config.pool, claimed, side.why)
    const used = { started, waited, billing: await billing, acceptedAt, billedFrom, spent, prepared, checks, pool }
    const use = () => useAttempt(config, deps, state, step, { ...used, faulted })
    const attempt = { id: started.id, acceptedAt, alias: config.ssh?.alias }
    if (!(await usedOrFaulted(use, deps, attempt, faulted))) return
    spent = await spentBeforeUse(spent, deps, state, billedFrom, billing)
    config = nextAttempt(config, deps)
  }
}

/** What one attempt that passed its checks hands to its use. */
interface UsedAttempt {
  started: StartedSandbox
  waited: WaitOutcome
  billing: BillingContext
  acceptedAt: number
  billedFrom: number
  spent: Spent
  prepared: PreparedSandboxSsh | undefined
  checks: GpuCheckRow[]
  pool: PoolRow | undefined
  /** Attempts before this one that a GPU fault ended (retry-on-gpu-fault). */
  faulted: FaultedAttempt[]
}

/** Outputs and summary, then run, runner or SSH, then the cost outputs again and the comment. */
async function useAttempt(
  config: StartConfig,
  deps: StepDeps,
  state: ActionState,
  step: { stepStart: number; relayed: boolean },
  used: UsedAttempt,
): Promise<void> {
  const { started, waited, billing, acceptedAt, billedFrom, spent, prepared, checks } = used
  setOutputsFrom(config, deps, waited)
  if (config.pool) deps.core.setOutput('pool-claimed', used.pool?.claim ? 'true' : 'false')
  await writeSummary(config, deps, state, started, waited, billing, step.stepStart, used.pool)
  if (checks.length > 0) await deps.core.appendSummary(`#### GPU check\n\n${gpuCheckTable(checks)}\n`)
  const hourly = billing.dollarsPerHour
  setCostOutputs(deps, spent, billedFrom, hourly)
  const readyAt = deps.clock.now()
  let failure: unknown
  try {
    // A prepared pool's job on a sandbox of its own prepares it first (a claimed one was prepared).
    const prepareOwn = used.pool?.claim ? undefined : config.pool?.prepare
    const retriesLeft = (config.run?.retryOnGpuFault ?? 0) - used.faulted.length
    return await useReady(config, deps, started, waited, { acceptedAt, readyAt, prepared, prepareOwn, retriesLeft })
  } catch (error) {
    failure = error
    if (config.debug) state.saveMainFailure(serviceText((error as Error).message?.split('\n')[0], 200))
    throw error
  } finally {
    // Again once run or runner is done: what this run cost by the end of the main step, and the comment.
    setCostOutputs(deps, spent, billedFrom, hourly)
    const outcome = { acceptedAt, billedFrom, readyAt, failure, spent, dollarsPerHour: hourly, pool: used.pool }
    // An attempt that goes again has no row of its own: the last attempt's row names it.
    if (waited.record && !deps.signal.aborted && !asksRetry(failure))
      await commentFromMain(config, deps, state, started, { ...outcome, faulted: used.faulted }, step.relayed)
  }
}

/** The gate first (a refused run sends nothing), then the caps (they may shorten the list and the TTL). */
async function gateAndCaps(requested: StartConfig, deps: StepDeps, state: ActionState): Promise<StartConfig> {
  if (requested.approval) await passGate(requested.approval, deps, state)
  const capped = await applySpendingCaps(requested, deps)
  for (const line of capped.lines) deps.core.info(`Caps: ${line}.`)
  const limit = capped.config.liveLimit
  if (!limit) return capped.config
  return { ...capped.config, capsApplied: [...(capped.config.capsApplied ?? []), `max-live ${limit.max} at once`] }
}

async function reportStartDryRun(config: StartConfig, deps: StepDeps): Promise<void> {
  const request = buildStartRequest(config, config.gpuTypes[0])
  // env values may be secrets: the log and the summary show only their names (the output has the real body).
  const shown = request.env
    ? { ...request, env: Object.fromEntries(Object.keys(request.env).map((key) => [key, '***'])) }
    : request
  await reportDryRun(deps.core, 'Sandbox', 'POST /sandboxes/start', request, shown, ' (env values hidden)')
}

/** Saves the id and sets the first outputs; returns when the start was accepted. */
function announceStarted(started: StartedSandbox, deps: StepDeps, state: ActionState, waitedMs = 0): number {
  const { core } = deps
  const acceptedAt = deps.clock.now()
  // Saved the moment the answer (or the claim) arrived, before any polling: the post step stops it from here on. A
  // claimed sandbox's cost counts from its creation.
  state.saveSandboxId(started.id, acceptedAt - waitedMs)
  core.setOutput('sandbox-id', started.id)
  setTextOutput(core, 'sandbox-name', started.name)
  core.setOutput('gpu-type', started.gpuType ?? '')
  const verb = started.attempts[0]?.startsWith('claimed') ? 'claimed' : started.adopted ? 'adopted' : 'accepted'
  const how = `${verb}${started.gpuType ? ` with ${started.gpuType}` : ''}`
  core.info(`Sandbox ${started.id} ('${serviceText(started.name)}') ${how}.`)
  return acceptedAt
}

function readBilling(config: StartConfig, started: StartedSandbox, deps: StepDeps): Promise<BillingContext> {
  const spec = {
    cpu: config.cpu,
    memoryGib: config.memoryGib,
    storageGib: config.storageGib,
    gpuType: started.gpuType,
    gpuCount: config.gpuCount ?? 1,
  }
  return readBillingContext(deps.client, spec, (message) => deps.core.warning(message), deps.signal)
}
