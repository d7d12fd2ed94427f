/**
 * What a step's work is given: the core adapter, the client, the clock and the
 * cancellation signal (StepDeps; CleanupDeps for the post step), and the one context the operations below
 * take (OpContext: client, clock, signal, log), built by opContext() only.
 */
import type { ComputeClient } from '../client/client.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import type { PostInputs } from '../inputs/post.ts'
import type { RetryContext } from '../client/retry.ts'
import type { Clock } from '../runtime/clock.ts'
import type { ActionCore } from '../runtime/core.ts'
import type { GitHubBudget } from '../runtime/github-budget.ts'
import type { ActionState } from './state.ts'

/** What the main step's modes are given. */
export interface StepDeps {
  core: ActionCore
  client: ComputeClient
  clock: Clock
  signal: AbortSignal
  /** The step's environment (RUNNER_TEMP); process.env when absent. */
  env?: NodeJS.ProcessEnv
  /** How to start the certificate renewer; absent where the modes run in-process (unit tests): no renewer then. */
  renewer?: RenewerLaunch
  /** What GitHub's answers in this step say of the token's hourly budget. */
  githubBudget?: GitHubBudget
}

/** The certificate renewer runs `node <script> --ssh-renewer` (the main bundle's own file). */
export interface RenewerLaunch {
  script: string
  requestTimeoutMs: number
}

/** What the post step's cleanups are given: the client is made from the post step's own inputs. */
export interface CleanupDeps {
  core: ActionCore
  clock: Clock
  makeClient: (config: CleanupConfig) => ComputeClient
  signal?: AbortSignal
  /**
   * Ends waits that may be cut short (a runner's job) when the job is cancelled; the stop itself never listens to it.
   */
  cancelWait?: AbortSignal
  /** What GitHub's answers in this step say of the token's hourly budget. */
  githubBudget?: GitHubBudget
  /** The step's environment (the run's artifacts service); process.env when absent. */
  env?: NodeJS.ProcessEnv
}

/** The clock, signal and log every retried call shares, and the client it calls. */
export interface OpContext extends RetryContext {
  client: ComputeClient
}

/** The operations' context for a step: its client, clock and signal, and log lines to the step's log. */
export function opContext(deps: {
  core: Pick<ActionCore, 'info'>
  client: ComputeClient
  clock: Clock
  signal?: AbortSignal
}): OpContext {
  return { client: deps.client, clock: deps.clock, signal: deps.signal, log: (message) => deps.core.info(message) }
}

/** The step's environment: the one given, else the process's own (the one place that defaults it). */
export function stepEnvironment(deps: { env?: NodeJS.ProcessEnv }): NodeJS.ProcessEnv {
  return deps.env ?? process.env
}

/** One thing the post step cleans up (the sandbox, the instance): what it is handed, and how long a stop may try. */
export type Cleanup = (deps: CleanupDeps, state: ActionState, inputs: PostInputs, deadlineMs: number) => Promise<void>
