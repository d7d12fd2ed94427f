/** The main step: parse inputs, then run the mode. Entry files only wire real dependencies into this. */
import type { ComputeClient } from './client/client.ts'
import type { Clock } from './client/retry.ts'
import type { ActionCore } from './core.ts'
import type { Connection } from './inputs/config.ts'
import { readMainInputs } from './inputs/modes.ts'
import { runContextFromEnv } from './inputs/run-context.ts'
import { runInstance } from './modes/instance.ts'
import { runNetworkPolicy } from './modes/network-policy.ts'
import { runStart } from './modes/start.ts'
import { runStop } from './modes/stop.ts'
import { runSweep } from './modes/sweep.ts'

export interface MainDeps {
  core: ActionCore
  clock: Clock
  makeClient: (connection: Connection) => ComputeClient
  signal: AbortSignal
  env: NodeJS.ProcessEnv
}

export async function runMain(deps: MainDeps): Promise<void> {
  const { core } = deps
  const config = readMainInputs(core, runContextFromEnv(deps.env))
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
    case 'sweep':
      return runSweep(config, modeDeps)
  }
}
