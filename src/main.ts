/**
 * The main step (action.yml `main`, bundled as dist/main). `runMain` reads the
 * inputs once and runs the mode, with everything it touches passed in; `run`
 * wires the real dependencies into it (the bundle and @github/local-action call it).
 */
import { fileURLToPath } from 'node:url'
import type { ComputeClient } from './client/client.ts'
import type { ActionConfig, Connection } from './inputs/config.ts'
import { readMainInputs } from './inputs/read.ts'
import { jobEnvironmentFromEnv } from './inputs/job-environment.ts'
import { runConnect } from './modes/connect.ts'
import { runInstance } from './modes/instance.ts'
import { runNetworkPolicy } from './modes/network-policy.ts'
import { runPool } from './modes/pool.ts'
import { runStart } from './modes/start.ts'
import { runStop } from './modes/stop.ts'
import { runSweep } from './modes/sweep.ts'
import { failStrandedJob } from './runner/main-unserved.ts'
import { actionsCore } from './entry/actions-core.ts'
import { realClock, type Clock } from './runtime/clock.ts'
import type { ActionCore } from './runtime/core.ts'
import { GitHubBudget } from './runtime/github-budget.ts'
import type { RenewerLaunch } from './step/deps.ts'
import { runRenewerProcess } from './entry/renewer.ts'
import {
  cancellationSignal,
  isProcessEntry,
  makeClient,
  reportFailure,
  requestTimeoutMs,
  runAndExit,
} from './entry/wiring.ts'
import { RENEWER_FLAG } from './ssh/renewer-process.ts'

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
    await failStrandedJob(deps, error, config)
    throw error
  }
}

async function runMode(config: ActionConfig, deps: MainDeps): Promise<void> {
  const { core } = deps
  const modeDeps = {
    core,
    clock: deps.clock,
    signal: deps.signal,
    client: deps.makeClient(config),
    env: deps.env,
    renewer: deps.renewer,
    githubBudget: new GitHubBudget(),
  }
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
    case 'connect':
      return runConnect(config, modeDeps)
    case 'pool':
      return runPool(config, modeDeps)
  }
}

export async function run(): Promise<void> {
  const signal = cancellationSignal(actionsCore)
  try {
    const renewer = { script: fileURLToPath(import.meta.url), requestTimeoutMs: requestTimeoutMs() }
    await runMain({ core: actionsCore, clock: realClock, makeClient, signal, env: process.env, renewer })
  } catch (error) {
    reportFailure(actionsCore, error, signal)
  }
}

// The bundle's entry (node dist/main/index.js); imported (tests, local-action) it only exports.
// Run again with --ssh-renewer, it is the certificate renewer (ssh/renewer-process.ts starts it).
if (isProcessEntry(import.meta.url)) await runAndExit(process.argv[2] === RENEWER_FLAG ? runRenewerProcess : run)
