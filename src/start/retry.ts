/**
 * `retry-on-gpu-fault`: a run the GPU failed with a fault of the machine's kind, attempts left, goes again on a fresh
 * sandbox. The faulty one is stopped at once by this step (never handed back to a pool, never claimed again), its
 * billed time joins the cost, and the log, the summary and the comment's row name each attempt and its sandbox.
 */
import { GpuFaultError, attemptWords } from '../gpu-fault/error.ts'
import { stopBeforeUse } from '../gpu-check/main.ts'
import { summaryText } from '../runtime/untrusted.ts'
import type { StepDeps } from '../step/deps.ts'
import { ActionState } from '../step/state.ts'
import { forgetSandboxAccess } from '../cleanup/ssh.ts'

/** An attempt a GPU fault ended: its sandbox and the fault, short (`GPU 0 Xid 79`). */
export interface FaultedAttempt {
  id: string
  short: string
}

/** A run's error that asks for another attempt. */
export const asksRetry = (error: unknown): error is GpuFaultError => error instanceof GpuFaultError && error.retry

/**
 * An attempt's use; false when it ended well, true when a GPU fault asks for another: the faulty sandbox is stopped
 * and said, and the caller counts its cost and starts the next attempt. Any other error goes on.
 */
export async function usedOrFaulted(
  use: () => Promise<void>,
  deps: StepDeps,
  attempt: { id: string; acceptedAt: number; alias?: string },
  faulted: FaultedAttempt[],
): Promise<boolean> {
  try {
    await use()
    return false
  } catch (error) {
    if (!asksRetry(error)) throw error
    await endFaultedAttempt(deps, error, attempt, faulted)
    return true
  }
}

/** Stops the faulty sandbox at once and says so. */
async function endFaultedAttempt(
  deps: StepDeps,
  error: GpuFaultError,
  attempt: { id: string; acceptedAt: number; alias?: string },
  faulted: FaultedAttempt[],
): Promise<void> {
  const { id } = attempt
  faulted.push({ id, short: error.short })
  const words = attemptWords(error.fault)
  await stopBeforeUse(deps, id, attempt.acceptedAt, `retry-on-gpu-fault: ${id}, whose GPU faulted`)
  // Nothing on the runner names the stopped sandbox; the next one's access is written fresh.
  if (attempt.alias) await forgetSandboxAccess(deps.core, new ActionState(deps.core), deps.clock, attempt.alias)
  deps.core.info(
    `retry-on-gpu-fault: attempt ${faulted.length} on ${id} failed with a fault of the machine's kind (${words}); ` +
      `it is stopped, and the run goes again on a fresh sandbox (attempt ${faulted.length + 1}).`,
  )
  await deps.core.appendSummary(
    `#### Attempt ${faulted.length} on ${id}: GPU fault\n\n` +
      `${summaryText(words, 300)}. The sandbox was stopped at once; the run went again on a fresh sandbox ` +
      '(its sections follow). Both count in the cost.\n',
  )
}
