/** Mode `stop`: stop a sandbox started elsewhere (e.g. an earlier job with keep-alive). */
import type { StopConfig } from '../inputs/config.ts'
import { setTextOutput } from '../outputs.ts'
import { stopSandbox } from '../sandboxes.ts'
import { markdownTable } from '../summary.ts'
import { serviceText } from '../untrusted.ts'
import type { ModeDeps } from './deps.ts'

export const STOP_DEADLINE_MS = 3 * 60_000

export async function runStop(config: StopConfig, deps: ModeDeps): Promise<void> {
  const { core, clock } = deps
  core.setOutput('sandbox-id', config.sandboxId)
  const result = await stopSandbox(
    { client: deps.client, clock, signal: deps.signal, log: (m) => core.info(m) },
    config.sandboxId,
    clock.now() + STOP_DEADLINE_MS,
  )
  if (result.outcome === 'not-live') {
    setTextOutput(core, 'status', result.status ?? 'not-live')
    core.info(`Sandbox ${config.sandboxId} is ${serviceText(result.status)} and not live: nothing to stop (the stop was answered ${result.refusal}).`)
    return
  }
  if (result.outcome === 'gone') {
    core.info(`Sandbox ${config.sandboxId} is already gone (404): nothing to stop.`)
    core.setOutput('status', 'not-found')
    return
  }
  const status = result.status ?? 'stopping'
  setTextOutput(core, 'status', status)
  core.info(`Stop of sandbox ${config.sandboxId} accepted; status: ${serviceText(status)}.`)
  await core.appendSummary(`### Sandbox ${config.sandboxId} stopped\n\n${markdownTable([['Status', status]])}`)
}
