/** The main step: parse inputs, then run the mode. Entry files only wire real dependencies into this. */
import type { ComputeClient } from './client/client.ts'
import type { Clock } from './client/retry.ts'
import type { ActionCore } from './core.ts'
import { parseInputs, runContextFromEnv, type Connection } from './inputs.ts'
import { runInstance } from './modes/instance.ts'
import { runNetworkPolicy } from './modes/network-policy.ts'
import { runStart } from './modes/start.ts'
import { runStop } from './modes/stop.ts'
import { maskPrivateKeyInputs } from './inputs/private-key.ts'

export interface MainDeps {
  core: ActionCore
  clock: Clock
  makeClient: (connection: Connection) => ComputeClient
  signal: AbortSignal
  env: NodeJS.ProcessEnv
}

export async function runMain(deps: MainDeps): Promise<void> {
  const { core } = deps
  // Masked before anything else can print it.
  const token = core.getInput('api-token')
  if (token) core.setSecret(token)
  // A private key given where a public one belongs is masked before any error can quote it.
  maskPrivateKeyInputs((name) => core.getInput(name), (secret) => core.setSecret(secret), ['public-key', 'instance-config'])

  const config = parseInputs((name) => core.getInput(name), runContextFromEnv(deps.env))
  const modeDeps = { core, clock: deps.clock, signal: deps.signal, client: deps.makeClient(config), env: deps.env }
  switch (config.mode) {
    case 'start':
      return runStart(config, modeDeps)
    case 'stop':
      return runStop(config, modeDeps)
    case 'network-policy':
      return runNetworkPolicy(config, modeDeps)
    case 'instance':
      return runInstance(config, modeDeps, deps.env)
  }
}
