/** Mode `stop`: stop a sandbox started elsewhere (e.g. an earlier job with keep-alive). */
import { isAccessDenied, runnerName } from '../github/runners.ts'
import type { StopConfig } from '../inputs/config.ts'
import { registryFor } from '../runner/register.ts'
import { describeStopOutcome, stopSandbox } from '../sandbox/stop.ts'
import { opContext, type StepDeps } from '../step/deps.ts'
import { setTextOutput } from '../step/outputs.ts'
import { markdownTable } from '../step/summary.ts'

export const STOP_DEADLINE_MS = 3 * 60_000

/**
 * The runner registered for the sandbox (named after its id; runner: true with
 * keep-alive), deleted when there is one and the token may. Never fails the stop.
 */
async function deleteSandboxRunner(
  deps: StepDeps,
  sandboxId: string,
  cleanup: NonNullable<StopConfig['runnerCleanup']>,
): Promise<void> {
  const github = registryFor(deps, cleanup)
  const name = runnerName(sandboxId)
  try {
    const id = await github.removeByName(name)
    if (id !== undefined) deps.core.info(`Deleted the runner registration ${name} (id ${id}).`)
  } catch (error) {
    // The default github.token may not manage runners: most stops have no runner to delete, so that is no warning.
    if (isAccessDenied(error))
      deps.core.info(`No runner registration was looked for: 'github-token' may not manage runners (${error.status}).`)
    else
      deps.core.warning(
        `Could not delete the runner registration ${name}: ${error instanceof Error ? error.message : String(error)}`,
      )
  }
}

export async function runStop(config: StopConfig, deps: StepDeps): Promise<void> {
  const { core, clock } = deps
  core.setOutput('sandbox-id', config.sandboxId)
  const result = await stopSandbox(opContext(deps), config.sandboxId, clock.now() + STOP_DEADLINE_MS)
  if (result.outcome === 'gone') core.setOutput('status', 'not-found')
  else setTextOutput(core, 'status', result.status ?? (result.outcome === 'not-live' ? 'not-live' : 'stopping'))
  core.info(describeStopOutcome(config.sandboxId, result))
  if (config.runnerCleanup) await deleteSandboxRunner(deps, config.sandboxId, config.runnerCleanup)
  if (result.outcome !== 'accepted') return
  const status = result.status ?? 'stopping'
  await core.appendSummary(`### Sandbox ${config.sandboxId} stopped\n\n${markdownTable([['Status', status]])}`)
}
