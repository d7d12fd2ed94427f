/** The step's way to work on one sandbox over SSH: its clock, signal, log, and a quick word on whether it is gone. */
import { isNotFound } from '../client/errors.ts'
import type { RemoteContext } from '../remote/job.ts'
import type { Placement, SshTarget } from '../remote/ssh-command.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { stepEnvironment, type StepDeps } from '../step/deps.ts'
import { quickRead } from './eventual.ts'
import { isNotLive } from './status.ts'

/** While connections fail: one read of the sandbox says whether it is still there (a failed read says nothing). */
function sandboxGone(deps: StepDeps, sandboxId: string): () => Promise<string | undefined> {
  return async () => {
    try {
      const record = await quickRead(deps, sandboxId)
      return isNotLive(record.status) ? `status '${serviceText(record.status, 40)}'` : undefined
    } catch (error) {
      return isNotFound(error) ? 'the service answers 404 for it' : undefined
    }
  }
}

/** Work on the sandbox `sandboxId` over `target`, with the step's clock, signal and log. */
export function remoteContext(
  deps: StepDeps,
  sandboxId: string,
  target: SshTarget,
  placement: Placement,
): RemoteContext {
  const log = (message: string) => deps.core.info(message)
  return {
    target,
    placement,
    env: stepEnvironment(deps),
    clock: deps.clock,
    signal: deps.signal,
    log,
    sandboxGone: sandboxGone(deps, sandboxId),
  }
}
