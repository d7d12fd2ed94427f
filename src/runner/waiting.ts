/**
 * This run's jobs still waiting for the runner's label: with
 * runner-jobs or runners above 1, a holder that cannot serve them all fails
 * every one of them at once (one failing runner each), up to what it was to
 * serve. Counted from one read of the run attempt's jobs: a queued job lists
 * the labels its runs-on asks for, and has no runner yet.
 */
import type { RunJob, RunnerRegistry } from './github.ts'
import type { WorkflowRun } from '../inputs/runner.ts'

/** A job not started yet: queued for a runner, or waiting (an environment's approval) before that. */
const NOT_STARTED = ['queued', 'waiting', 'pending', 'requested']

export function waitingFor(jobs: readonly RunJob[], label: string): RunJob[] {
  return jobs.filter(
    (job) => NOT_STARTED.includes(job.status ?? '') && !job.runnerName && (job.labels ?? []).includes(label),
  )
}

/**
 * How many failing runners to start: one where the holder was to serve one job (no read, as before); else the jobs
 * waiting for the label (at least one: a job may queue a moment after the read), at most `bound`; `bound` where the
 * read fails (a failed read is no evidence that none waits).
 */
export async function failingRunnersFor(
  registry: Pick<RunnerRegistry, 'jobsOf'>,
  run: WorkflowRun | undefined,
  label: string,
  bound: number,
  log: (message: string) => void,
): Promise<number> {
  if (bound <= 1 || !run) return 1
  try {
    const waiting = waitingFor(await registry.jobsOf(run), label).length
    log(`Runner: ${waiting} job${waiting === 1 ? '' : 's'} of this run wait${waiting === 1 ? 's' : ''} for '${label}'.`)
    return Math.min(Math.max(1, waiting), bound)
  } catch (error) {
    log(`Runner: this run's waiting jobs could not be read (${(error as Error).message}); failing up to ${bound}.`)
    return bound
  }
}
