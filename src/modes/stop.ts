/** Mode `stop`: stop a sandbox started elsewhere (e.g. an earlier job with keep-alive). */
import type { StopConfig } from '../inputs.ts'
import { stopSandbox } from '../sandboxes.ts'
import type { ModeDeps } from './start.ts'

export const STOP_DEADLINE_MS = 3 * 60_000

export async function runStop(config: StopConfig, deps: ModeDeps): Promise<void> {
  const { core, clock } = deps
  core.setOutput('sandbox-id', config.sandboxId)
  const result = await stopSandbox(
    { client: deps.client, clock, signal: deps.signal, log: (m) => core.info(m) },
    config.sandboxId,
    clock.now() + STOP_DEADLINE_MS,
  )
  if (result.outcome === 'gone') {
    core.info(`Sandbox ${config.sandboxId} is already gone (404): nothing to stop.`)
    core.setOutput('status', 'not-found')
    return
  }
  const status = result.status ?? 'stopping'
  core.setOutput('status', status)
  core.info(`Stop of sandbox ${config.sandboxId} accepted; status: ${status}.`)
  await core.appendSummary(`### Sandbox ${config.sandboxId} stopped\n\nStatus: ${status}\n`)
}
