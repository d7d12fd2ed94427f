/**
 * Whether the token can spare the comment for this run: once fewer than a tenth of its hour is left, or
 * when this run's legs together would ask more than it can spare, the comment yields before asking GitHub anything
 * (the leg's row goes to its job summary, one line says why). The legs are counted from the compute service's list
 * (free for GitHub), only where the token's budget could not cover the most the list can show.
 */
import type { CommentTarget } from './github.ts'
import { CommentYieldedError } from './github.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import { runLegCount } from '../sandbox/run-legs.ts'
import { opContext, type CleanupDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'

/** What one leg's comment asks GitHub when legs finish together (its name, reads, the write, the look after it). */
export const COMMENT_REQUESTS_PER_LEG = 6
/** The most legs the count reads (3 pages of the list). */
const MOST_COUNTED = 300
const COUNT_DEADLINE_MS = 20_000

/** Why the comment yields, or undefined when the token can spare it. */
export async function commentYield(
  deps: CleanupDeps,
  state: ActionState,
  config: CleanupConfig,
  target: CommentTarget,
): Promise<string | undefined> {
  const budget = deps.githubBudget
  if (!budget) return undefined
  // The main step's last answer counts, within its hour: the post step may not have asked GitHub yet.
  budget.restore(state.githubBudget, deps.clock.now())
  if (budget.low) return new CommentYieldedError(budget.describe() ?? 'unknown').message
  const run = target.workflowRun
  // Each leg counted twice over: its comment, and its own gate or lookups that may not show in the budget yet.
  const perLeg = COMMENT_REQUESTS_PER_LEG + 1
  const spare = budget.spare
  if (!run || !target.repository.id || spare === undefined || spare >= perLeg * MOST_COUNTED) return undefined
  // The most legs the token can spare the comment for: one more, and the count can stop.
  const most = Math.max(0, Math.floor(spare / perLeg))
  const ctx = opContext({ core: deps.core, client: deps.makeClient(config), clock: deps.clock, signal: deps.signal })
  const attempt = { repositoryId: target.repository.id, runId: String(run.id), attempt: run.attempt }
  const legs = await runLegCount(ctx, attempt, deps.clock.now() + COUNT_DEADLINE_MS, most)
  if (legs === undefined || legs <= most) return undefined
  return (
    `this run's ${legs}${legs > most ? ' or more' : ''} jobs would ask GitHub about ` +
    `${(legs * COMMENT_REQUESTS_PER_LEG).toLocaleString('en-US')} requests for the comment, more than this token ` +
    `can spare (${budget.describe()}; a tenth is kept for the approval gate and runners): the comment yields, and ` +
    "this job's row is in its job summary. A GitHub App token as github-token has 5,000 requests an hour."
  )
}
