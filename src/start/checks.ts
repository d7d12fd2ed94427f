/**
 * Start mode's checks around a start: the approval gate before anything,
 * max-live right after our own start, and the GPU check once ready. A sandbox
 * that fails one after it started is stopped here, before it is ever used.
 */
import { ApprovalGate } from '../approval/github.ts'
import type { ApprovalRequest } from '../inputs/approval.ts'
import type { LiveLimit } from '../inputs/caps.ts'
import type { StartConfig } from '../inputs/config.ts'
import { withinLimit } from '../sandbox/live-limit.ts'
import type { StartedSandbox } from '../sandbox/start.ts'
import { isReady } from '../sandbox/status.ts'
import type { PreparedSandboxSsh } from '../ssh/access.ts'
import { opContext, type StepDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'
import { checkSandboxGpus, stopBeforeUse, type GpuCheckRow } from '../gpu-check/main.ts'
import type { WaitOutcome } from './summary.ts'

/** max-live, right after our own start: beyond the limit by creation order, it is stopped before use. */
export async function keptUnderLimit(
  limit: LiveLimit,
  deps: StepDeps,
  id: string,
  acceptedAt: number,
  deadline: number,
): Promise<boolean> {
  const { within, place } = await withinLimit(opContext(deps), limit, id, deadline)
  if (within) return true
  const because = `max-live ${limit.max}: ${id} is number ${place} of this repository's live sandboxes (by creation)`
  await stopBeforeUse(deps, id, acceptedAt, because)
  deps.core.info(`max-live ${limit.max}: waiting for room again.`)
  return false
}

export async function passGate(approval: ApprovalRequest, deps: StepDeps, state: ActionState): Promise<void> {
  const { labelGone } = await new ApprovalGate(approval, { ...deps, log: (m) => deps.core.info(m) }).check()
  const pr = approval.pullRequest
  // A label an earlier job of this run removed already is not asked for again.
  if (approval.once && approval.label && pr && !labelGone)
    state.saveApproval({ number: pr.number, label: approval.label })
}

/** The check, when it is on and the sandbox is ready; undefined otherwise. */
export async function gpuCheck(
  config: StartConfig,
  deps: StepDeps,
  started: StartedSandbox,
  prepared: PreparedSandboxSsh | undefined,
  waited: WaitOutcome,
): Promise<GpuCheckRow | undefined> {
  if (!config.gpuCheck || !prepared || !waited.record || waited.error || !isReady(waited.status)) return undefined
  return checkSandboxGpus(deps, config, started, prepared, waited.record)
}
