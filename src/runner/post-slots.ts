/**
 * Runner mode's post step with several jobs on one sandbox: each
 * runner folder (`runners`) is watched at once, each serving up to
 * `runner-jobs` jobs of this run one after another (post-watch.ts); the
 * refusals of other runs' jobs count for the whole sandbox. After the stop,
 * one read of this run's jobs settles every job served (the mirror: one that
 * failed fails the holding step), counts the jobs still waiting for the label
 * (each is then failed at once, stranded.ts), and gives the summary a row per
 * job served. One folder serving one job is watched here too (one job to serve, as waitForRunnerJob's default);
 * its mirror and its failing runner keep the paths of before (post.ts).
 */
import type { RunJob } from './github.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { SavedRunner } from '../step/state.ts'
import { formatDuration } from '../step/summary.ts'
import { registry, waitForRunnerJob } from './post.ts'
import type { Serving } from './post-watch.ts'
import { waitingFor } from './waiting.ts'
import { conclusionOf, jobOutcome, mirrorFailure, readSettled } from './served-job.ts'

/** Whether the post step serves more than one job on the sandbox: more than one folder, or runner-jobs above 1. */
export function servesSeveral(runners: readonly SavedRunner[], config: CleanupConfig): boolean {
  return runners.length > 1 || (config.runner().jobs ?? 1) > 1
}

/** Why the holding step fails: a job of another run took a runner, or a folder could not go on. */
export interface FoldersOutcome {
  taken?: string
  stranded?: string
}

/**
 * Every folder watched at once; `runners` holds each folder's current runner (for the deletion and the mirror) as
 * they are replaced.
 */
export async function serveFolders(
  deps: CleanupDeps,
  runners: SavedRunner[],
  config: CleanupConfig,
): Promise<FoldersOutcome> {
  const serving: Serving = { jobs: config.runner().jobs ?? 1, refusals: { count: 0 } }
  const outcomes = await Promise.all(
    runners.map((saved, k) =>
      waitForRunnerJob(deps, saved, config, (fresh) => (runners[k] = fresh), serving).catch((error: unknown) => {
        // Whatever ended the wait, the stop still comes: a sandbox left running costs money.
        deps.core.warning(`Runner: the wait for its job failed (${serviceText(String(error), 300)}); stopping now.`)
        return undefined
      }),
    ),
  )
  const taken = outcomes.find((outcome) => outcome !== undefined)
  return { ...(taken ? { taken } : {}), ...(serving.stranded ? { stranded: serving.stranded } : {}) }
}

/** Every runner name that may have served a job in a folder: its earlier runners and its current one. */
const namesOf = (runner: SavedRunner) => [...(runner.ran ?? []), runner.name]

export interface FoldersServed {
  /** The jobs of this run its runners served, as GitHub records them. */
  jobs: RunJob[]
  /** Why the holding step fails: a job it served failed, was cancelled or timed out. */
  failure?: string
  /** This run's jobs still waiting for the label, none of them served. */
  waiting: number
}

/** After the stop: this run's jobs read once (again while a served one has not ended), every served job mirrored. */
export async function mirrorFolders(
  deps: CleanupDeps,
  runners: readonly SavedRunner[],
  config: CleanupConfig,
): Promise<FoldersServed | undefined> {
  const runner = config.runner()
  const github = registry(deps, runner)
  if (!github || !runner.workflowRun) return undefined
  const names = new Set(runners.flatMap(namesOf))
  const isServed = (job: RunJob) => job.runnerName !== undefined && names.has(job.runnerName)
  let jobs: RunJob[]
  try {
    jobs = await readSettled(deps, github, runner.workflowRun, isServed, { wholeRun: true })
  } catch (error) {
    deps.core.info(`Runner: the results of the jobs it served could not be read (${(error as Error).message}).`)
    return undefined
  }
  const served = jobs.filter(isServed)
  for (const job of served) deps.core.info(`Runner ${job.runnerName}: the job ${jobOutcome(job)}.`)
  const failed = served.map((job) => mirrorFailure(job, job.runnerName ?? '')).find((failure) => failure)
  await deps.core.appendSummary(servedTable(served, runners))
  const waiting = runner.label ? waitingFor(jobs, runner.label).length : 0
  return { jobs: served, waiting, ...(failed ? { failure: failed } : {}) }
}

/** A table cell of safe text: its pipes escaped. */
const escapePipes = (text: string) => text.replace(/\|/g, '\\|')

const seconds = (from?: number, to?: number) => (from && to && to >= from ? formatDuration(to - from) : '?')

/** The summary's row per job served: which runner, which GPUs, how long it waited for a runner, how long it ran. */
function servedTable(jobs: readonly RunJob[], runners: readonly SavedRunner[]): string {
  const gpusOf = (name: string) => runners.find((r) => namesOf(r).includes(name))?.gpus ?? 'all'
  const rows = jobs.map((job) => {
    const name = job.runnerName ?? ''
    const conclusion = escapePipes(conclusionOf(job))
    const times = `${seconds(job.createdAt, job.startedAt)} | ${seconds(job.startedAt, job.completedAt)}`
    return `| ${escapePipes(serviceText(job.name, 80))} | ${name} | ${gpusOf(name)} | ${times} | ${conclusion} |`
  })
  const none = jobs.length === 0 ? ['| (none) | | | | | |'] : []
  return [
    `### Jobs served on the sandbox (${jobs.length})`,
    '',
    '| Job | Runner | GPUs | Waited | Ran | Result |',
    '|---|---|---|---|---|---|',
    ...rows,
    ...none,
    '',
  ].join('\n')
}
