/**
 * The main step (action.yml `main`, bundled as dist/main). `runMain` reads the
 * inputs once and runs the mode, with everything it touches passed in; `run`
 * wires the real dependencies into it (the bundle and @github/local-action call it).
 */
import { fileURLToPath } from 'node:url'
import type { ComputeClient } from './client/client.ts'
import type { ActionConfig, Connection } from './inputs/config.ts'
import { readMainInputs } from './inputs/read.ts'
import { coreForUse, fixedInputWarnings, type Use } from './inputs/uses.ts'
import { jobEnvironmentFromEnv } from './inputs/job-environment.ts'
import { actionsCore } from './entry/actions-core.ts'
import { realClock, type Clock } from './runtime/clock.ts'
import type { ActionCore } from './runtime/core.ts'
import { GitHubBudget } from './runtime/github-budget.ts'
import type { RenewerLaunch } from './step/deps.ts'
import {
  cancellationSignal,
  isProcessEntry,
  makeClient,
  reportFailure,
  requestTimeoutMs,
  runAndExit,
  runAsUse,
} from './entry/wiring.ts'
import { RENEWER_FLAG } from './ssh/renewer-process.ts'
import { readYourWrites } from './step/saved-here.ts'

export interface MainDeps {
  core: ActionCore
  clock: Clock
  makeClient: (connection: Connection) => ComputeClient
  signal: AbortSignal
  env: NodeJS.ProcessEnv
  renewer?: RenewerLaunch
}

export async function runMain(deps: MainDeps): Promise<void> {
  let config: ActionConfig | undefined
  try {
    config = readMainInputs(deps.core, jobEnvironmentFromEnv(deps.env))
    await runMode(config, deps)
  } catch (error) {
    // runner: true that cannot serve its runner still ends the job waiting for it (CONTRACT).
    const { failStrandedJob } = await import('./runner/main-unserved.ts')
    await failStrandedJob(deps, error, config)
    throw error
  }
}

async function runMode(config: ActionConfig, deps: MainDeps): Promise<void> {
  // The runner gives saved state to the post step only: the main step reads back its own.
  const core = readYourWrites(deps.core)
  const modeDeps = {
    core,
    clock: deps.clock,
    signal: deps.signal,
    client: deps.makeClient(config),
    env: deps.env,
    renewer: deps.renewer,
    githubBudget: new GitHubBudget(),
  }
  // Each mode's code is loaded when it runs: a stop never parses the runner's, the pool's or run's.
  switch (config.mode) {
    case 'start':
      return (await import('./start/main.ts')).runStart(config, modeDeps)
    case 'stop':
      return (await import('./modes/stop.ts')).runStop(config, modeDeps)
    case 'network-policy':
      return (await import('./modes/network-policy.ts')).runNetworkPolicy(config, modeDeps)
    case 'instance':
      return (await import('./modes/instance.ts')).runInstance(config, modeDeps, deps.env)
    case 'sweep':
      return (await import('./modes/sweep.ts')).runSweep(config, modeDeps)
    case 'connect':
      return (await import('./modes/connect.ts')).runConnect(config, modeDeps)
    case 'pool':
      return (await import('./modes/pool.ts')).runPool(config, modeDeps)
  }
}

/** The main step; `use` where a sub-action's entry names it (run/main.js), else the root's, reading `mode`; `runner` is
 * how it writes to the runner (local-action passes its own). */
export async function run(use?: Use, runner: ActionCore = actionsCore): Promise<void> {
  const core = use ? coreForUse(runner, use) : runner
  const signal = cancellationSignal(core)
  try {
    if (use) for (const warning of fixedInputWarnings(runner.getInput, use)) core.warning(warning)
    const renewer = { script: fileURLToPath(import.meta.url), requestTimeoutMs: requestTimeoutMs() }
    await runMain({ core, clock: realClock, makeClient, signal, env: process.env, renewer })
  } catch (error) {
    reportFailure(core, error, signal)
  }
}

/** A sub-action's main step (`import { runAs } from '../dist/main/index.js'; await runAs('run')`), then exit. */
export const runAs = (use: string): Promise<void> => runAsUse(use, run)

// The bundle's entry (node dist/main/index.js); imported (tests, local-action) it only exports.
// Run again with --ssh-renewer, it is the certificate renewer (ssh/renewer-process.ts starts it).
if (isProcessEntry(import.meta.url))
  await runAndExit(
    process.argv[2] === RENEWER_FLAG ? async () => (await import('./entry/renewer.ts')).runRenewerProcess() : run,
  )
