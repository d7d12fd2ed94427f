/** What every mode's main step is given: the core adapter, the client, the clock and the cancellation signal. */
import type { ComputeClient } from '../client/client.ts'
import type { Clock } from '../client/retry.ts'
import type { ActionCore } from '../core.ts'

export interface ModeDeps {
  core: ActionCore
  client: ComputeClient
  clock: Clock
  signal: AbortSignal
  /** The step's environment (RUNNER_TEMP); process.env when absent. */
  env?: NodeJS.ProcessEnv
}
