/**
 * When the holder's runner served no job of this run (taken by a job
 * of another run, 3 fresh runners spent on such jobs, or no fresh one could be
 * registered): this run's queued job would wait for the label until the run is
 * cancelled. As when the main step cannot serve (runner/unserved.ts), a runner
 * with the label on this machine fails it at once, then is removed here: state
 * saved by a post step is read by no later step.
 */
import { jobEnvironmentFromEnv } from '../inputs/job-environment.ts'
import { readUnservedInputs } from '../inputs/read.ts'
import type { RunnerCleanup } from '../inputs/runner.ts'
import { registryFor } from './register.ts'
import { serveUnservedJobs } from './unserved.ts'
import { failingRunnersFor } from './waiting.ts'
import type { CleanupDeps } from '../step/deps.ts'
import { cleanupUnserved } from './post-unserved.ts'

/** What the holding job did, in the queued job's error. */
export const NOT_SERVED = 'gave its runner to no job of this run'
/** It served some of this run's jobs, then could not go on. */
export const SERVED_SOME = 'served what it could of this run, then could not go on'

export async function failQueuedJob(
  deps: CleanupDeps,
  runner: RunnerCleanup,
  why: string,
  env: NodeJS.ProcessEnv = process.env,
  left?: { waiting?: number; bound: number; what?: string },
): Promise<void> {
  const { core } = deps
  // A cancelled run cancels its queued jobs too: nothing waits.
  if (deps.cancelWait?.aborted) return
  const request = readUnservedInputs(core, jobEnvironmentFromEnv(env), [])
  if (!request) {
    core.info('Runner: no label and token to serve a failing runner with; a job of this run may wait for the label.')
    return
  }
  const signal = deps.cancelWait ?? new AbortController().signal
  const log = (message: string) => core.info(message)
  // With runner-jobs or runners above 1: every job still waiting, up to what the holder had left to serve.
  const count = !left
    ? 1
    : left.waiting !== undefined
      ? Math.min(left.waiting, left.bound)
      : await failingRunnersFor(registryFor(deps, request), request.workflowRun, request.label, left.bound, log)
  if (count < 1) return
  core.info(
    count === 1
      ? `Runner: this run's job waiting for '${request.label}' is failed at once, so that it does not wait.`
      : `Runner: this run's ${count} jobs waiting for '${request.label}' are failed at once, so that none waits.`,
  )
  const what = left?.what ?? NOT_SERVED
  const made = await serveUnservedJobs({ core, clock: deps.clock, signal }, request, why, what, count)
  await Promise.all(made.map((saved) => cleanupUnserved(deps, saved, runner)))
}
