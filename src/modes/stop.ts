/** Mode `stop`: stop a sandbox started elsewhere (e.g. an earlier job with keep-alive). */
import { isAccessDenied, sandboxRunnerNames } from '../runner/github.ts'
import type { StopConfig } from '../inputs/config.ts'
import { registryFor } from '../runner/register.ts'
import { describeStopOutcome, stopSandbox } from '../sandbox/stop.ts'
import { opContext, type StepDeps } from '../step/deps.ts'
import { setTextOutput } from '../step/outputs.ts'
import { markdownTable } from '../step/summary.ts'

export const STOP_DEADLINE_MS = 3 * 60_000

/**
 * The runners registered for the sandbox (named after its id, runner: true with keep-alive; `…-r2` to `…-r4`
 * where a holder's post step that started fresh runners after refused jobs did not end), deleted when there are any
 * and the token may. Each name is looked up exactly (GitHub's name filter), so a repository with many runners finds
 * them too.
 * Never fails the stop.
 */
async function deleteSandboxRunners(
  deps: StepDeps,
  sandboxId: string,
  cleanup: NonNullable<StopConfig['runnerCleanup']>,
): Promise<void> {
  const github = registryFor(deps, cleanup)
  for (const name of sandboxRunnerNames(sandboxId)) {
    try {
      const id = await github.removeByName(name)
      if (id !== undefined) deps.core.info(`Deleted the runner registration ${name} (id ${id}).`)
    } catch (error) {
      // The default github.token may not manage runners: most stops have no runner to delete, so that is no warning.
      if (isAccessDenied(error)) {
        deps.core.info(
          `No runner registration was looked for: 'github-token' may not manage runners (${error.status}).`,
        )
        return
      }
      // GitHub failing after its retries fails the next lookup too: one warning, and the rest named.
      const names = sandboxRunnerNames(sandboxId)
      const why = error instanceof Error ? error.message : String(error)
      deps.core.warning(
        `Could not delete the runner registration ${name}: ${why}. ` +
          `Delete any of ${names.slice(names.indexOf(name)).join(', ')} under Settings > Actions > Runners.`,
      )
      return
    }
  }
}

export async function runStop(config: StopConfig, deps: StepDeps): Promise<void> {
  const { core, clock } = deps
  core.setOutput('sandbox-id', config.sandboxId)
  const result = await stopSandbox(opContext(deps), config.sandboxId, clock.now() + STOP_DEADLINE_MS)
  if (result.outcome === 'gone') core.setOutput('status', 'not-found')
  else setTextOutput(core, 'status', result.status ?? (result.outcome === 'not-live' ? 'not-live' : 'stopping'))
  core.info(describeStopOutcome(config.sandboxId, result))
  if (config.runnerCleanup) await deleteSandboxRunners(deps, config.sandboxId, config.runnerCleanup)
  if (result.outcome !== 'accepted') return
  const status = result.status ?? 'stopping'
  await core.appendSummary(`### Sandbox ${config.sandboxId} stopped\n\n${markdownTable([['Status', status]])}`)
}
