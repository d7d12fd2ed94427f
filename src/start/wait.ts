/** Start mode's wait for ready (or the one read of wait: false), its outputs and its summary. */
import type { SandboxRecord } from '../client/schemas.ts'
import type { StartConfig } from '../inputs/config.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { BillingContext } from '../sandbox/billing.ts'
import { quickRead } from '../sandbox/eventual.ts'
import type { StartedSandbox } from '../sandbox/start.ts'
import { waitUntilSettled } from '../sandbox/wait.ts'
import { opContext, type StepDeps } from '../step/deps.ts'
import { setJsonOutput, setTextOutput } from '../step/outputs.ts'
import type { ActionState } from '../step/state.ts'
import { formatDuration } from '../step/summary.ts'
import type { PoolRow } from '../pool/row.ts'
import { startSummary, type WaitOutcome } from './summary.ts'

/** Polls (or waits on the service) until ready, failed or the timeout; a poll error is kept for the summary. */
export async function waitPhase(
  config: StartConfig,
  deps: StepDeps,
  state: ActionState,
  started: StartedSandbox,
): Promise<WaitOutcome> {
  const { core, clock, signal } = deps
  core.startGroup(`Wait for ${started.id} to be ready`)
  const acceptedAt = clock.now()
  let lastStatus: string | undefined
  let lastRecord: SandboxRecord | undefined
  try {
    const record = await waitUntilSettled(opContext(deps), started.id, {
      pollIntervalMs: config.pollIntervalMs,
      deadline: acceptedAt + config.timeoutMs,
      acceptedAt,
      onSeen: () => state.saveSandboxSeen(),
      onRecord: (seen) => (lastRecord = seen),
      onStatus: (status) => {
        lastStatus = status
        core.info(`${started.id}: ${serviceText(status)} (after ${formatDuration(clock.now() - acceptedAt)})`)
        setTextOutput(core, 'status', status)
      },
    })
    return { record, known: record, status: record.status }
  } catch (error) {
    // Cancelled: leave at once, the post step stops it. Anything else still gets a summary.
    if (signal.aborted) throw error
    // After a timeout or a poll error the last record seen is still the best word on the sandbox.
    return { known: lastRecord, status: lastStatus ?? 'accepted', error }
  } finally {
    core.endGroup()
  }
}

/** wait: false: one read, for the outputs; it never fails the step. */
export async function readOnce(deps: StepDeps, state: ActionState, started: StartedSandbox): Promise<WaitOutcome> {
  try {
    const record = await quickRead(deps, started.id)
    state.saveSandboxSeen()
    return { record, known: record, status: record.status }
  } catch (error) {
    deps.core.warning(`wait: false, and the status of ${started.id} could not be read: ${(error as Error).message}`)
    return { known: undefined, status: 'accepted' }
  }
}

export function setOutputsFrom(config: StartConfig, deps: StepDeps, waited: WaitOutcome): void {
  const fromRecord = waited.known?.network_policy
  setTextOutput(deps.core, 'status', waited.status)
  if (waited.known) setJsonOutput(deps.core, 'sandbox', waited.known)
  setJsonOutput(
    deps.core,
    'network-policy',
    fromRecord && typeof fromRecord === 'object' ? fromRecord : config.networkPolicy,
  )
}

export async function writeSummary(
  config: StartConfig,
  deps: StepDeps,
  state: ActionState,
  started: StartedSandbox,
  waited: WaitOutcome,
  billing: BillingContext,
  stepStart: number,
  pool?: PoolRow,
): Promise<void> {
  if (billing.dollarsPerHour !== undefined) state.saveHourlyCost(billing.dollarsPerHour)
  await deps.core.appendSummary(startSummary(config, started, waited, billing, deps.clock.now() - stepStart, pool))
}
