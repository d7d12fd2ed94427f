/** What every mode's main step is given: the core adapter, the client, the clock and the cancellation signal. */
import type { ComputeClient } from '../client/client.ts'
import type { RetryContext } from '../client/retry.ts'
import type { Clock } from '../runtime/clock.ts'
import type { ActionCore } from '../runtime/core.ts'

/** The retry context of a step: its clock and signal, retry lines to the log. */
export function retryContext(deps: { core: Pick<ActionCore, 'info'>; clock: Clock; signal?: AbortSignal }): RetryContext {
  return { clock: deps.clock, signal: deps.signal, log: (message) => deps.core.info(message) }
}

export interface ModeDeps {
  core: ActionCore
  client: ComputeClient
  clock: Clock
  signal: AbortSignal
  /** The step's environment (RUNNER_TEMP); process.env when absent. */
  env?: NodeJS.ProcessEnv
}
