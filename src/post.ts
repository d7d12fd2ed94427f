/**
 * The post step. `run()` wires the real dependencies into runPost; the bundle
 * entry (src/bin/post.ts) calls it, and so does `@github/local-action`.
 */
import { actionsCore as core } from './actions-core.ts'
import { makeClient, realClock, reportFailure } from './entry.ts'
import { runPost } from './cleanup.ts'

export async function run(): Promise<void> {
  try {
    await runPost({ core, clock: realClock, makeClient })
  } catch (error) {
    // A sandbox that could not be stopped costs money: say so loudly.
    core.error(`Cleanup failed: ${error instanceof Error ? error.message : String(error)}`, { title: 'Sandbox may still be running' })
    reportFailure(core, error)
  }
}
