/**
 * The pull-request comment (issues 32 and 43): one per workflow, found by its
 * hidden marker (only a comment that starts with it counts; comments are listed
 * page by page, at most 10 pages of 100). Legs of a matrix finish together, so
 * a write is read, merge, write, read back, repair:
 * - every comment with the marker is read, and the writer merges its part
 *   into what they hold (the oldest comment stays; the others, made by legs
 *   that created one at the same moment, are merged into it and deleted);
 * - after a jittered pause the comment is read back: a part that another
 *   leg's write (from an older read) left out is merged in again, up to
 *   MAX_ROUNDS times;
 * - a rate limit sends the writer back to a fresh read after its wait, never
 *   a write from a stale one.
 */
import type { CommentTarget } from '../inputs/comment.ts'
import { callGitHub, GitHubError, type GitHubCallDeps } from './call.ts'
import { loadOctokit } from './octokit.ts'
import { describeRateLimit, rateLimitDelay } from './rate-limit.ts'
import { RunnerRegistry, type RunJob } from './runners.ts'

export type { CommentTarget }

const PAGES = 10
const MAX_ROUNDS = 6
export const marker = (key: string) => `<!-- gpu-sandbox-action comment: ${key.replace(/-->/g, '')} -->`

/** How a writer merges its part into the comment, and sees that a body holds it. */
export interface CommentMerge {
  /** The new body from the bodies of every comment with the marker, oldest first (none: an empty list). */
  body: (found: readonly string[]) => string
  holds: (body: string) => boolean
}

interface Found {
  id: number
  body: string
}

type Call = (label: string, route: string, parameters: Record<string, unknown>) => Promise<{ data: unknown }>

async function caller(target: CommentTarget, deps: GitHubCallDeps): Promise<Call> {
  const github = await loadOctokit(target.githubToken, target.repository.apiUrl)
  const needs = 'The pull-request comment needs a token with pull-requests: write.'
  // No wait inside a call: after a rate limit the writer reads afresh (upsertMerged).
  const now = { ...deps, rateLimitUntil: 0 }
  return (label, route, parameters) => callGitHub(github, target.repository, now, { label, route, parameters, needs })
}

/** Every comment of the pull request that starts with the marker, oldest first. */
async function findMarked(call: Call, target: CommentTarget, mark: string): Promise<Found[]> {
  const found: Found[] = []
  for (let page = 1; page <= PAGES; page++) {
    const { data } = await call(
      `listing the comments of pull request #${target.number}`,
      'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
      { issue_number: target.number, per_page: 100, page },
    )
    const comments = Array.isArray(data) ? (data as { id?: unknown; body?: unknown }[]) : []
    for (const c of comments)
      if (typeof c.id === 'number' && typeof c.body === 'string' && c.body.startsWith(mark))
        found.push({ id: c.id, body: c.body })
    if (comments.length < 100) break
  }
  return found.sort((a, b) => a.id - b.id)
}

/** One round: read, merge, write (the oldest comment, or a new one), delete the duplicates merged into it. */
async function writeRound(call: Call, target: CommentTarget, mark: string, merge: CommentMerge) {
  const found = await findMarked(call, target, mark)
  const body = merge.body(found.map((c) => c.body))
  const [keep, ...duplicates] = found
  if (!keep) {
    await call(
      `commenting on pull request #${target.number}`,
      'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
      { issue_number: target.number, body },
    )
    return 'created' as const
  }
  await call(`editing comment ${keep.id}`, 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
    comment_id: keep.id,
    body,
  })
  for (const duplicate of duplicates)
    await call(
      `deleting the duplicate comment ${duplicate.id}`,
      'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}',
      { comment_id: duplicate.id },
    ).catch((error: unknown) => {
      // Already deleted by another leg that merged it too.
      if (!(error instanceof GitHubError && error.status === 404)) throw error
    })
  return 'updated' as const
}

export async function upsertMerged(
  target: CommentTarget,
  merge: CommentMerge,
  deps: GitHubCallDeps,
): Promise<'created' | 'updated'> {
  const call = await caller(target, deps)
  const mark = marker(target.key)
  const until = deps.rateLimitUntil ?? deps.clock.now() + 2 * 60_000
  let first: 'created' | 'updated' | undefined
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    try {
      const written = await writeRound(call, target, mark, merge)
      first ??= written
      // Legs that read before this write and write after it would leave this part out: look again a little later.
      await deps.clock.sleep(1_000 + Math.round(deps.clock.random() * 2_000), deps.signal)
      const [kept] = await findMarked(call, target, mark)
      if (kept && merge.holds(kept.body)) return first
      deps.log(`comment: another job's write left this job's row out; writing it again (round ${round + 1}).`)
    } catch (error) {
      const limit = error instanceof GitHubError ? error.rateLimit : undefined
      const wait = limit ? rateLimitDelay(limit, deps.clock.random()) : Infinity
      if (!limit || deps.clock.now() + wait > until) throw error
      deps.log(`comment: ${describeRateLimit(limit, deps.clock.now())}; waiting ${Math.ceil(wait / 1000)} s.`)
      await deps.clock.sleep(wait, deps.signal)
    }
  }
  throw new GitHubError(undefined, `comment: other jobs kept rewriting it; gave up after ${MAX_ROUNDS} rounds`)
}

/**
 * This job's name as GitHub shows it (`test (3.11)`): its record in this run attempt, found by this runner's name
 * (`actions: read`). Undefined where it cannot be read: the row is then named after the job and its sandbox.
 */
export async function legName(target: CommentTarget, deps: GitHubCallDeps): Promise<string | undefined> {
  const { workflowRun, runnerName } = target
  if (!workflowRun || !runnerName) return undefined
  const ours = (job: RunJob) => job.runnerName === runnerName && job.status !== 'completed'
  try {
    const rateLimitUntil = deps.clock.now() + 60_000
    const registry = new RunnerRegistry(target.repository, target.githubToken, { ...deps, rateLimitUntil })
    return (await registry.jobsOf(workflowRun, ours)).find(ours)?.name || undefined
  } catch (error) {
    deps.log(`comment: this job's record could not be read (${(error as Error).message}); its row names its sandbox.`)
    return undefined
  }
}
