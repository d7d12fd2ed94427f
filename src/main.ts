/**
 * The main step. `run()` wires the real dependencies into runMain; the bundle
 * entry (src/bin/main.ts) calls it, and so does `@github/local-action`.
 */
import { actionsCore as core } from './actions-core.ts'
import { cancellationSignal, makeClient, realClock, reportFailure } from './entry.ts'
import { runMain } from './run.ts'

export async function run(): Promise<void> {
  const signal = cancellationSignal(core)
  try {
    await runMain({ core, clock: realClock, makeClient, signal, env: process.env })
  } catch (error) {
    reportFailure(core, error, signal)
  }
}
