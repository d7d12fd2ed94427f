/**
 * Start mode's start phase: the name check, the runner's access, the SSH key and certificate, then the start itself;
 * where nothing was created, state says so for the post step.
 */
import { ServiceError } from '../client/errors.ts'
import type { StartConfig } from '../inputs/config.ts'
import type { RunnerRequest } from '../inputs/runner.ts'
import { registryFor } from '../runner/register.ts'
import { checkNameBeforeStart, NameHeldError, NameHolders } from '../sandbox/name-holders.ts'
import { CapacityExhaustedError, startSandbox, type StartTracker } from '../sandbox/start.ts'
import { prepareSandboxSsh, SshUnavailableError, type PreparedSandboxSsh } from '../ssh/access.ts'
import { opContext, stepEnvironment, type StepDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'

async function checkRunnerAccess(deps: StepDeps, runner: RunnerRequest): Promise<void> {
  await registryFor(deps, runner).checkAccess(runner.workflowRun)
  if (runner.addedDomains.length > 0)
    deps.core.info(
      `Runner: added ${runner.addedDomains.join(', ')} to the allowlist ` +
        `(internet-access: restricted): the runner needs them to reach GitHub.`,
    )
}

/** Why nothing exists after the start phase failed, for the log and the post step. */
function nothingStartedBecause(error: unknown, startSent: boolean): string {
  if (error instanceof SshUnavailableError) return 'SSH access was refused, so no start request was sent'
  if (error instanceof NameHeldError) return 'the name is held by another live sandbox, so no start request was sent'
  if (!startSent) {
    const why = error instanceof ServiceError ? `${error.status} ${error.code}` : 'the step failed before it'
    return `no start request was sent (${why})`
  }
  if (error instanceof CapacityExhaustedError)
    return `every start attempt was answered ${error.status} ${error.code}: no capacity for the listed GPU types`
  if (error instanceof ServiceError) return `every start attempt was refused (${error.status} ${error.code})`
  return 'no start was accepted'
}

/** The name check, SSH preparation and the start itself; when nothing was created, state says so for the post step. */
export async function startPhase(
  config: StartConfig,
  deps: StepDeps,
  state: ActionState,
  startDeadline: number,
  prepared?: PreparedSandboxSsh,
) {
  const { core } = deps
  core.startGroup(`Start sandbox '${config.name}'`)
  const tracker: StartTracker = { mayHaveCreated: false }
  const holders = new NameHolders(state)
  let preparedSsh = prepared
  let startSent = false
  try {
    // A name the user chose may be held already: know its holders before the first attempt.
    if (!config.nameWasGenerated) await checkNameBeforeStart(config, opContext(deps), holders, startDeadline)
    // GitHub next: a token that may not register runners fails the step before anything is billed.
    if (config.runner) await checkRunnerAccess(deps, config.runner)
    // SSH first: a service without certificates fails the step before anything is billed.
    // (Once per step: a replacement after a failed GPU check uses the same key and certificate.)
    if (config.ssh && !preparedSsh) preparedSsh = await prepareSandboxSsh(deps, stepEnvironment(deps), startDeadline)
    state.saveSandboxName(config.name)
    startSent = true
    const started = await startSandbox(config, deps, startDeadline, holders, tracker)
    return { started, preparedSsh }
  } catch (error) {
    // Every attempt was answered with a refusal, or none was sent: nothing exists, so the post step has nothing to look
    // for.
    if (!tracker.mayHaveCreated) {
      const why = nothingStartedBecause(error, startSent)
      state.clearSandboxName(why)
      core.info(`No sandbox was created: ${why}.`)
    }
    throw error
  } finally {
    core.endGroup()
  }
}
