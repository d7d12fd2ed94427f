/**
 * The comment's reads of this run attempt's jobs (issues 43 and 46): a leg's
 * own name, or every row's name for the last leg of the run.
 */
import type { CommentTarget } from '../inputs/comment.ts'
import type { GitHubCallDeps } from '../github/call.ts'
import { RunnerRegistry, type RunJob } from '../runner/github.ts'

/**
 * This run attempt's jobs (`actions: read`), read until one `until` accepts, waiting out a rate limit for a minute at
 * most; none where they cannot be read, said in the log: `what` could not be read, and `instead` what the row does.
 */
export async function readRunJobs(
  target: CommentTarget,
  deps: GitHubCallDeps,
  said: { what: string; instead: string },
  until?: (job: RunJob) => boolean,
): Promise<RunJob[]> {
  if (!target.workflowRun) return []
  try {
    const rateLimitUntil = deps.clock.now() + 60_000
    const registry = new RunnerRegistry(target.repository, target.githubToken, { ...deps, rateLimitUntil })
    return await registry.jobsOf(target.workflowRun, until)
  } catch (error) {
    deps.log(`comment: ${said.what} could not be read (${(error as Error).message}); ${said.instead}.`)
    return []
  }
}

/**
 * This job's name as GitHub shows it (`test (3.11)`): its record in this run attempt, found by this runner's name
 * (`actions: read`). Undefined where it cannot be read: the row is then named after the job and its sandbox.
 */
export async function legName(target: CommentTarget, deps: GitHubCallDeps): Promise<string | undefined> {
  const { workflowRun, runnerName } = target
  if (!workflowRun || !runnerName) return undefined
  const ours = (job: RunJob) => job.runnerName === runnerName && job.status !== 'completed'
  const said = { what: "this job's record", instead: 'its row names its sandbox' }
  return (await readRunJobs(target, deps, said, ours)).find(ours)?.name || undefined
}
