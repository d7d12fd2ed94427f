/**
 * After the main step failed in runner mode, before its error is reported:
 * the job waiting for the runner's label gets a runner that fails it at once
 * (runner/unserved.ts), unless the runner came online, the job was cancelled,
 * or runner mode's own inputs (`runner`, `runner-label`, `github-token`) are
 * what failed.
 */
import type { ActionConfig } from '../inputs/config.ts'
import { InputErrors } from '../inputs/collector.ts'
import { jobEnvironmentFromEnv } from '../inputs/job-environment.ts'
import { readUnservedInputs } from '../inputs/read.ts'
import { RunnerManagementRefused } from './github.ts'
import { registryFor } from './register.ts'
import { BEFORE_ONLINE, reportUnservable, serveUnservedJobs, type UnservedDeps } from './unserved.ts'
import { failingRunnersFor } from './waiting.ts'
import { ActionState } from '../step/state.ts'

/** Why no GPU runner was served, in one line. */
function reasonOf(error: unknown): string {
  if (error instanceof InputErrors) {
    const more = error.errors.length > 1 ? ` (and ${error.errors.length - 1} more invalid inputs)` : ''
    return `${error.errors[0]?.message ?? 'an invalid input'}${more}`
  }
  const message = error instanceof Error ? error.message : String(error)
  return message.split('\n')[0] ?? message
}

export async function failStrandedJob(
  deps: UnservedDeps & { env: NodeJS.ProcessEnv },
  error: unknown,
  config: ActionConfig | undefined,
): Promise<void> {
  if (deps.signal.aborted) return
  const inputError = error instanceof InputErrors
  if (!inputError && !(config?.mode === 'start' && config.runner)) return
  if (new ActionState(deps.core).runner?.online) return
  const request = readUnservedInputs(deps.core, jobEnvironmentFromEnv(deps.env), inputError ? error.errors : [])
  if (!request) return
  // The access check found the token may not manage runners: registering one would be refused too.
  if (error instanceof RunnerManagementRefused) return reportUnservable(deps.core, request, error.message)
  // With runner-jobs or runners above 1: every job of this run waiting for the label, up to that many.
  const log = (message: string) => deps.core.info(message)
  const bound = request.serves ?? 1
  const count = await failingRunnersFor(registryFor(deps, request), request.workflowRun, request.label, bound, log)
  await serveUnservedJobs(deps, request, reasonOf(error), BEFORE_ONLINE, count)
}
