/**
 * One merged write of the pull-request comment (issues 43 and 46): the rows a
 * writer holds merged into what the comment holds (github.ts does the
 * reads, writes and repairs), and what its failures mean for the step. A leg
 * writes its own row (comment.ts), or the last leg of a run writes every row
 * that came through the run's artifacts (gather.ts).
 */
import { GitHubError } from '../github/call.ts'
import { CommentYieldedError, marker, upsertMerged, type CommentMerge, type CommentTarget } from './github.ts'
import type { RetryContext } from '../client/retry.ts'
import type { ActionCore } from '../runtime/core.ts'
import type { GitHubBudget } from '../runtime/github-budget.ts'
import { renderRow, renderTable, rowsOf, type CommentRow } from './rows.ts'
import type { CommentFacts } from './text.ts'

/**
 * How long a write may take, rate limits and other legs' writes included: a couple of minutes of the main step (its
 * sandbox is billing), more of the post step (the sandbox is stopped; the final row is the one that must not be lost).
 */
const COMMENT_WAIT_MS = 2 * 60_000
const FINAL_COMMENT_WAIT_MS = 5 * 60_000

/** These rows merged into the rows of every comment found (the oldest's first), and how to see they are there. */
export function rowsMerge(target: CommentTarget, mine: readonly CommentRow[]): CommentMerge {
  // Every row this step has read: one that another leg's write (from an older read) left out comes back with ours.
  const seen = new Map<string, CommentRow>()
  return {
    body: (found) => {
      const current = new Map<string, CommentRow>()
      for (const body of found) for (const [key, other] of rowsOf(body)) if (!current.has(key)) current.set(key, other)
      for (const [key, other] of current) seen.set(key, other)
      const rows = new Map([...seen, ...current])
      for (const row of mine) rows.set(row.key, row)
      return renderTable(marker(target.key), target.workflow, rows.values())
    },
    holds: (body) => {
      const held = rowsOf(body)
      return mine.every((row) => held.get(row.key)?.line === row.line)
    },
    parts: (body) => rowsOf(body).size,
  }
}

/** This leg's row merged into the rows of every comment found. */
export function rowMerge(target: CommentTarget, facts: CommentFacts): CommentMerge {
  return rowsMerge(target, [renderRow(facts)])
}

export type CommentOutcome = 'written' | 'refused' | 'yielded' | 'failed'

/**
 * One merged write, with what its failures mean: a low budget yields, a refused token (a fork's pull request) and
 * any other failure are said once; `story`: what goes to the job summary then (unless it is there already).
 */
export async function writeMerged(
  deps: Omit<RetryContext, 'log'> & { core: ActionCore; githubBudget?: GitHubBudget },
  target: CommentTarget,
  merge: CommentMerge,
  options: { final: boolean; story?: string; spread?: boolean },
): Promise<'created' | 'updated' | Exclude<CommentOutcome, 'written'>> {
  const { core } = deps
  try {
    const rateLimitUntil = deps.clock.now() + (options.final ? FINAL_COMMENT_WAIT_MS : COMMENT_WAIT_MS)
    const log = (message: string) => core.info(message)
    return await upsertMerged(target, merge, { ...deps, rateLimitUntil, log }, { spread: options.spread ?? true })
  } catch (error) {
    if (error instanceof CommentYieldedError) {
      core.info(`comment: ${error.message}`)
      if (options.story) await core.appendSummary(options.story)
      return 'yielded'
    }
    // GitHub refused the write (a fork's pull request gets a read-only token): the job summary instead.
    if (error instanceof GitHubError && (error.status === 401 || error.status === 403) && !error.rateLimit) {
      core.info(
        `comment: GitHub refused to write on pull request #${target.number} (${error.status}; a pull request ` +
          "from a fork gets a read-only token): the job summary has the comment's text instead.",
      )
      if (options.story) await core.appendSummary(options.story)
      return 'refused'
    }
    core.warning(`comment: could not write the pull-request comment: ${(error as Error).message}`)
    return 'failed'
  }
}
