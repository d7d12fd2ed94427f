/**
 * Publishing the pull-request comment (issue 32), from the main step (once the
 * sandbox is ready or the run is done) and from the post step (the final
 * version). Where GitHub refuses the write (a fork's pull request gets a
 * read-only token), the same text goes to the job summary, and the log says
 * why. Never fails the step.
 */
import { GitHubError } from '../github/call.ts'
import { upsertComment, type CommentTarget } from '../github/comment.ts'
import { renderComment, type CommentFacts } from '../step/comment-text.ts'
import type { RetryContext } from '../client/retry.ts'
import type { ActionCore } from '../runtime/core.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import { addSpent, NOTHING_SPENT } from '../sandbox/billing.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'
import { jobOutcome, runnerJobOutcome } from './served-job.ts'
import type { RunJob } from '../github/runners.ts'

/** A rate limit is waited out, but a comment is worth no more than a couple of minutes of a step. */
const COMMENT_RATE_LIMIT_WAIT_MS = 2 * 60_000

/**
 * Writes the comment; 'refused' where GitHub refused the write (then the job summary has the text). `refusedBefore`:
 * an earlier step of this job was refused and said why, so the same token is not tried again and nothing is repeated.
 */
export async function publishComment(
  deps: Omit<RetryContext, 'log'> & { core: ActionCore },
  target: CommentTarget | undefined,
  facts: CommentFacts,
  refusedBefore = false,
): Promise<'written' | 'refused' | 'failed' | undefined> {
  const { core } = deps
  if (!target) return undefined
  const text = renderComment(facts)
  if (refusedBefore) {
    await core.appendSummary(text)
    return 'refused'
  }
  try {
    const rateLimitUntil = deps.clock.now() + COMMENT_RATE_LIMIT_WAIT_MS
    const done = await upsertComment(target, text, { ...deps, rateLimitUntil, log: (message) => core.info(message) })
    core.info(`comment: ${done} the comment on pull request #${target.number}.`)
    return 'written'
  } catch (error) {
    // GitHub refused the write (a fork's pull request gets a read-only token): the job summary instead.
    if (error instanceof GitHubError && (error.status === 401 || error.status === 403) && !error.rateLimit) {
      core.info(
        `comment: GitHub refused to write on pull request #${target.number} (${error.status}; a pull request ` +
          "from a fork gets a read-only token): the job summary has the comment's text instead.",
      )
      await core.appendSummary(text)
      return 'refused'
    }
    core.warning(`comment: could not write the pull-request comment: ${(error as Error).message}`)
    return 'failed'
  }
}

/** The post step's final version: the sandbox stopped (or kept), and what the whole run was billed. */
export async function finalComment(
  deps: CleanupDeps,
  state: ActionState,
  readConfig: () => CleanupConfig,
  servedJob?: RunJob,
): Promise<void> {
  const facts = state.commentFacts
  if (!facts) return
  const config = readConfig()
  const startedAt = state.startedAt
  const total =
    startedAt === undefined
      ? undefined
      : addSpent(state.spentBefore ?? NOTHING_SPENT, deps.clock.now() - startedAt, state.hourlyCost)
  const ending = config.keepAlive ? 'kept alive (keep-alive: true)' : 'stopped by the post step'
  const runner = state.runner
  // The job the post step already read for its mirror, else read now.
  const job = servedJob ? jobOutcome(servedJob) : runner ? await runnerJobOutcome(deps, runner, config) : undefined
  const final = {
    ...facts,
    status: `${facts.status}${job ? `; the runner's job ${job}` : ''}; ${ending}`,
    billedSeconds: total?.seconds ?? facts.billedSeconds,
    cost: total ? (total.dollars ?? null) : facts.cost,
  }
  // Once per job: the main step already said why GitHub refused the write.
  await publishComment(deps, config.comment(), final, state.commentRefused)
}
