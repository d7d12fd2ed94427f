/**
 * Publishing the pull-request comment (issues 32 and 43), from the main step
 * (once the sandbox is ready or the run is done) and from the post step (the
 * final version): one comment per workflow, in which this job (this matrix
 * leg) writes only its own row (comment-rows.ts), merged with the rows other
 * legs wrote (github/comment.ts). The post step also puts the leg's full story
 * in the job summary. Where GitHub refuses the write (a fork's pull request
 * gets a read-only token), the story goes to the job summary, and the log says
 * why, once per job. Never fails the step.
 */
import { GitHubError } from '../github/call.ts'
import {
  CommentYieldedError,
  legName,
  marker,
  upsertMerged,
  type CommentMerge,
  type CommentTarget,
} from '../github/comment.ts'
import { renderComment, type CommentFacts } from '../step/comment-text.ts'
import { renderRow, renderTable, rowsOf, type CommentRow } from '../step/comment-rows.ts'
import type { RetryContext } from '../client/retry.ts'
import type { ActionCore } from '../runtime/core.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import { addSpent, NOTHING_SPENT } from '../sandbox/billing.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'
import { commentYield } from './comment-share.ts'
import { jobOutcome, runnerJobOutcome } from './served-job.ts'
import type { RunJob } from '../github/runners.ts'

/**
 * How long a write may take, rate limits and other legs' writes included: a couple of minutes of the main step (its
 * sandbox is billing), more of the post step (the sandbox is stopped; the final row is the one that must not be lost).
 */
const COMMENT_WAIT_MS = 2 * 60_000
const FINAL_COMMENT_WAIT_MS = 5 * 60_000

/** This leg's row merged into the rows of every comment found (the oldest's first), and how to see it is there. */
export function rowMerge(target: CommentTarget, facts: CommentFacts): CommentMerge {
  const row = renderRow(facts)
  // Every row this step has read: one that another leg's write (from an older read) left out comes back with ours.
  const seen = new Map<string, CommentRow>()
  return {
    body: (found) => {
      const current = new Map<string, CommentRow>()
      for (const body of found) for (const [key, other] of rowsOf(body)) if (!current.has(key)) current.set(key, other)
      for (const [key, other] of current) seen.set(key, other)
      const rows = new Map([...seen, ...current])
      rows.set(row.key, row)
      return renderTable(marker(target.key), target.workflow, rows.values())
    },
    holds: (body) => rowsOf(body).get(row.key)?.line === row.line,
    parts: (body) => rowsOf(body).size,
  }
}

export interface PublishOptions {
  /** The leg's full story goes to the job summary too (the post step's final version). */
  story?: boolean
  /** Why the token cannot spare the comment: nothing is asked, the story goes to the job summary. */
  yieldBecause?: string
}

/** Writes this leg's row; 'refused' where GitHub refused the write (then the job summary has the story). */
export async function publishComment(
  deps: Omit<RetryContext, 'log'> & { core: ActionCore },
  target: CommentTarget | undefined,
  facts: CommentFacts,
  options: PublishOptions = {},
): Promise<'written' | 'refused' | 'yielded' | 'failed' | undefined> {
  const { core } = deps
  if (!target) return undefined
  const story = renderComment(facts)
  if (options.story || options.yieldBecause) await core.appendSummary(story)
  if (options.yieldBecause) {
    core.info(`comment: ${options.yieldBecause}`)
    return 'yielded'
  }
  try {
    const rateLimitUntil = deps.clock.now() + (options.story ? FINAL_COMMENT_WAIT_MS : COMMENT_WAIT_MS)
    const log = (message: string) => core.info(message)
    const done = await upsertMerged(target, rowMerge(target, facts), { ...deps, rateLimitUntil, log })
    core.info(`comment: ${done} the comment on pull request #${target.number} (this job's row).`)
    return 'written'
  } catch (error) {
    if (error instanceof CommentYieldedError) {
      core.info(`comment: ${error.message}`)
      if (!options.story) await core.appendSummary(story)
      return 'yielded'
    }
    // GitHub refused the write (a fork's pull request gets a read-only token): the job summary instead.
    if (error instanceof GitHubError && (error.status === 401 || error.status === 403) && !error.rateLimit) {
      core.info(
        `comment: GitHub refused to write on pull request #${target.number} (${error.status}; a pull request ` +
          "from a fork gets a read-only token): the job summary has the comment's text instead.",
      )
      if (!options.story) await core.appendSummary(story)
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
  gpuUse?: string,
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
  const target = config.comment()
  // A token that cannot spare the comment for this run's legs yields before asking anything.
  const yieldBecause = target ? await commentYield(deps, state, config, target) : undefined
  // The leg's name (its record in this run attempt), read here once: the main step asks GitHub nothing for the comment.
  const leg =
    facts.leg ??
    (target && !yieldBecause ? await legName(target, { ...deps, log: (m) => deps.core.info(m) }) : undefined)
  const final = {
    ...facts,
    ...(leg ? { leg } : {}),
    ...(gpuUse ? { gpuUse } : {}),
    status: `${facts.status}${job ? `; the runner's job ${job}` : ''}; ${ending}`,
    billedSeconds: total?.seconds ?? facts.billedSeconds,
    cost: total ? (total.dollars ?? null) : facts.cost,
  }
  await publishComment(deps, target, final, { story: true, yieldBecause })
}
