/** Mode `stop`: stop a sandbox started elsewhere (e.g. an earlier job with keep-alive). */
import type { StopConfig } from '../inputs/config.ts'
import { describeStopOutcome, stopSandbox } from '../sandbox/stop.ts'
import { opContext, type StepDeps } from '../step/deps.ts'
import { setTextOutput } from '../step/outputs.ts'
import { markdownTable } from '../step/summary.ts'

export const STOP_DEADLINE_MS = 3 * 60_000

export async function runStop(config: StopConfig, deps: StepDeps): Promise<void> {
  const { core, clock } = deps
  core.setOutput('sandbox-id', config.sandboxId)
  const result = await stopSandbox(opContext(deps), config.sandboxId, clock.now() + STOP_DEADLINE_MS)
  if (result.outcome === 'gone') core.setOutput('status', 'not-found')
  else setTextOutput(core, 'status', result.status ?? (result.outcome === 'not-live' ? 'not-live' : 'stopping'))
  core.info(describeStopOutcome(config.sandboxId, result))
  if (result.outcome !== 'accepted') return
  const status = result.status ?? 'stopping'
  await core.appendSummary(`### Sandbox ${config.sandboxId} stopped\n\n${markdownTable([['Status', status]])}`)
}
