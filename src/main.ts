import { actionsCore as core } from './actions-core.ts'
import { cancellationSignal, makeClient, realClock, reportFailure } from './entry.ts'
import { runMain } from './run.ts'

const signal = cancellationSignal(core)
try {
  await runMain({ core, clock: realClock, makeClient, signal, env: process.env })
} catch (error) {
  reportFailure(core, error, signal)
}
process.exit()
