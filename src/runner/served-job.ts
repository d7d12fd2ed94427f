/**
 * The job a runner served, as GitHub records it: for the pull-request comment,
 * and for the post step, which mirrors its result (CONTRACT): a served job
 * that ended failed, cancelled or timed out fails the holding step too, so
 * "Re-run failed jobs" re-runs both jobs and the new attempt's label is served.
 */
import type { RunJob, RunnerRegistry } from './github.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import type { WorkflowRun } from '../inputs/runner.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { SavedRunner } from '../step/saved.ts'
import { registry, runnerPollMs } from './post.ts'

/** GitHub may record a job's end a moment after its runner deregistered: read again this often, this many times. */
const SETTLE_READS = 6
const SETTLE_MAX_MS = 5_000
const FAILED = ['failure', 'cancelled', 'timed_out']

/** The job of this run that names the runner; with `settle`, read until GitHub shows it completed. */
async function servedJob(
  deps: CleanupDeps,
  saved: SavedRunner,
  config: CleanupConfig,
  settle: boolean,
): Promise<RunJob | undefined> {
  const runner = config.runner()
  const github = registry(deps, runner)
  if (!github || !runner.workflowRun) return undefined
  // The job the claim's read found, once GitHub showed it ended, is not read again.
  if (saved.served?.status === 'completed') return saved.served
  const names = (candidate: RunJob) => candidate.runnerName === saved.name
  const reads = settle ? SETTLE_READS : 1
  // Read again from the page the claim's read found it on, not from the first (a leg of a 240-leg matrix
  // whose job is on page 2 asked for pages 1 and 2 twice, 9 requests against a bound of 8).
  const from = saved.served?.page
  return (await readSettled(deps, github, runner.workflowRun, names, { reads, from })).find(names)
}

/**
 * This run's jobs, read again (up to `reads` times, at most SETTLE_MAX_MS apart) while one that `served` picks has not
 * ended. Without `wholeRun`, no page is read past the one holding a served job (a matrix's run has hundreds of jobs),
 * and none before `from`, the page an earlier read found it on.
 */
export async function readSettled(
  deps: CleanupDeps,
  github: RunnerRegistry,
  run: WorkflowRun,
  served: (job: RunJob) => boolean,
  options: { reads?: number; wholeRun?: boolean; from?: number } = {},
): Promise<RunJob[]> {
  const reads = options.reads ?? SETTLE_READS
  let jobs: RunJob[] = []
  for (let read = 1; read <= reads; read++) {
    jobs = await github.jobsOf(run, options.wholeRun ? undefined : served, options.wholeRun ? 1 : options.from)
    if (read === reads || jobs.filter(served).every((job) => job.status === 'completed')) break
    await deps.clock.sleep(Math.min(runnerPollMs(), SETTLE_MAX_MS), deps.cancelWait)
  }
  return jobs
}

/** How a job ended, for the pull-request comment ("'gpu-tests' ended: success"). */
export function jobOutcome(job: RunJob): string {
  return `'${serviceText(job.name, 80)}' ended: ${conclusionOf(job)}`
}

/** A job's conclusion, or its status while it has none, as safe text. */
export const conclusionOf = (job: RunJob, max = 30) => serviceText(job.conclusion ?? job.status ?? 'unknown', max)

/** How the runner's one job ended, read now; undefined: unknown. */
export async function runnerJobOutcome(
  deps: CleanupDeps,
  saved: SavedRunner,
  config: CleanupConfig,
): Promise<string | undefined> {
  try {
    const job = await servedJob(deps, saved, config, false)
    return job && jobOutcome(job)
  } catch {
    return undefined
  }
}

/**
 * The served job once GitHub shows it ended (the final comment reuses it), and why the holding step fails after it
 * failed: no `failure` when it succeeded, was skipped or is unknown.
 */
export async function mirrorServedJob(
  deps: CleanupDeps,
  saved: SavedRunner,
  config: CleanupConfig,
): Promise<{ job?: RunJob; failure?: string }> {
  let job: RunJob | undefined
  try {
    job = await servedJob(deps, saved, config, true)
  } catch (error) {
    deps.core.info(`Runner ${saved.name}: its job's result could not be read (${(error as Error).message}).`)
    return {}
  }
  if (!job) return {}
  deps.core.info(`Runner ${saved.name}: the job '${serviceText(job.name, 100)}' it served ended: ${conclusionOf(job)}.`)
  const failure = mirrorFailure(job, saved.name)
  return failure ? { job, failure } : { job }
}

/** Why the holding step fails after a job it served: undefined when that job succeeded, was skipped or is unknown. */
export function mirrorFailure(job: RunJob, runnerName: string): string | undefined {
  if (!job.conclusion || !FAILED.includes(job.conclusion)) return undefined
  return (
    `The job '${serviceText(job.name, 100)}' that ran on ${runnerName} ended '${conclusionOf(job)}', so this holding ` +
    `step fails too (the sandbox is stopped): "Re-run failed jobs" then re-runs both jobs, and the new attempt's ` +
    `runner serves the re-run.`
  )
}
