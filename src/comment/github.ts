/**
 * The pull-request comment: one per workflow, found by its
 * hidden marker (only a comment that starts with it counts; comments are listed
 * page by page, at most 10 pages of 100). Legs of a matrix finish together, so
 * a write is read, merge, write, read back, repair:
 * - every comment with the marker is read, and the writer merges its part
 *   into what they hold (the oldest comment stays; the others, made by legs
 *   that created one at the same moment, are merged into it and deleted);
 * - after a jittered pause the comment is read back: a part that another
 *   leg's write (from an older read) left out is merged in again, after a
 *   growing jittered pause (legs writing at once spread out), while the
 *   writer's time lasts (at most MAX_ROUNDS rounds);
 * - a rate limit sends the writer back to a fresh read after its wait, never
 *   a write from a stale one.
 */
import { backoffCeiling } from '../client/retry.ts'
import type { CommentTarget } from '../inputs/comment.ts'
import { callGitHub, GitHubError, type GitHubAnswer, type GitHubCallDeps } from '../github/call.ts'
import { loadOctokit } from '../github/octokit.ts'
import { describeRateLimit, rateLimitDelay } from '../github/rate-limit.ts'

export type { CommentTarget }

const PAGES = 10
/** Rounds a writer may take within its time (a matrix of hundreds of legs needs some under contention). */
const MAX_ROUNDS = 30
/** The pause before another round after another leg's write left this row out: up to 32 s, growing. */
const REWRITE_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 32_000 }
export const marker = (key: string) => `<!-- gpu-sandbox-action comment: ${key.replace(/-->/g, '')} -->`

/** How a writer merges its part into the comment, and sees that a body holds it. */
export interface CommentMerge {
  /** The new body from the bodies of every comment with the marker, oldest first (none: an empty list). */
  body: (found: readonly string[]) => string
  holds: (body: string) => boolean
  /** How many parts (rows) a body holds: a big matrix's legs spread their first writes over more time. */
  parts: (body: string) => number
}

/** Per part already in the comment, how long the first write may be put off (at most SPREAD_MAX_MS). */
const SPREAD_PER_PART_MS = 200
const SPREAD_MAX_MS = 60_000

interface Found {
  id: number
  body: string
}

type Call = (
  label: string,
  route: string,
  parameters: Record<string, unknown>,
  headers?: Record<string, string>,
) => Promise<GitHubAnswer>

/**
 * The token's budget ran low: the comment, which is optional, yields to what is not (the gate, the
 * runners), and the job summary has the row.
 */
export class CommentYieldedError extends Error {
  constructor(budget: string) {
    super(
      `GitHub's budget for this token is low (${budget}, under a tenth): the comment yields to the approval gate ` +
        "and runners, and this job's row is in its job summary.",
    )
    this.name = 'CommentYieldedError'
  }
}

/** An ETag as HTTP writes one (sent back as If-None-Match only then: an odd one would make the request fail). */
const isEtag = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 200 && /^(W\/)?"[\x21\x23-\x7e]*"$/.test(value)

/** Before each request of the comment: none once the token's budget is under a tenth. */
function mayAsk(deps: GitHubCallDeps): void {
  const budget = deps.githubBudget
  if (budget?.low) throw new CommentYieldedError(budget.describe() ?? 'unknown')
}

/**
 * The comment's requests: none once the budget is low; no wait inside one (after a rate limit the writer reads
 * afresh, upsertMerged); every read asked again with the ETag of its last answer, so a page nobody changed answers
 * 304, which GitHub does not count against the token's hour.
 */
async function caller(target: CommentTarget, deps: GitHubCallDeps): Promise<Call> {
  const github = await loadOctokit(target.githubToken, target.repository.apiUrl)
  const needs = 'The pull-request comment needs a token with pull-requests: write.'
  const now = { ...deps, rateLimitUntil: 0 }
  const seen = new Map<string, { etag: string; answer: GitHubAnswer }>()
  return async (label, route, parameters, headers) => {
    mayAsk(deps)
    const key = route.startsWith('GET ') && !headers ? `${route} ${JSON.stringify(parameters)}` : undefined
    const last = key ? seen.get(key) : undefined
    const conditional = last ? { 'if-none-match': last.etag } : headers
    try {
      const answer = await callGitHub(github, target.repository, now, {
        label,
        route,
        parameters,
        needs,
        headers: conditional,
      })
      const etag = answer.headers.etag
      if (key && isEtag(etag)) seen.set(key, { etag, answer })
      return answer
    } catch (error) {
      if (last && error instanceof GitHubError && error.status === 304) return last.answer
      throw error
    }
  }
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

/**
 * How old a read may be when its merge is written: from the read's request to the write. A busy machine can hold a
 * step up between the two; a write from an older read is not sent (a fresh read is), so another leg's row written
 * meanwhile is never left out by a write more than this late, and the look after each write comes later than it.
 */
const FRESH_MS = 1_500
/** Reads in a row too old to write from, before a write is made from the latest anyway. */
const STALE_READS = 3

interface Read {
  /** When it was asked for (the clock's time). */
  asked: number
  found: Found[]
}

async function read(call: Call, target: CommentTarget, clock: GitHubCallDeps['clock']): Promise<Read> {
  const asked = clock.now()
  return { asked, found: await findMarked(call, target, marker(target.key)) }
}

/** What a write did: created a comment, or edited one (its id, and the ETag GitHub gave the edited comment). */
type Written = { done: 'created' } | { done: 'updated'; id: number; etag?: string }

/** Writes the merge of a read: the oldest comment, or a new one; deletes the duplicates merged into it. */
async function write(call: Call, target: CommentTarget, merge: CommentMerge, found: Found[]): Promise<Written> {
  const body = merge.body(found.map((c) => c.body))
  const [keep, ...duplicates] = found
  if (!keep) {
    await call(
      `commenting on pull request #${target.number}`,
      'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
      { issue_number: target.number, body },
    )
    return { done: 'created' }
  }
  const edited = await call(`editing comment ${keep.id}`, 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
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
  const etag = edited.headers.etag
  return { done: 'updated', id: keep.id, ...(isEtag(etag) && duplicates.length === 0 ? { etag } : {}) }
}

/**
 * The look after a write: an edit is looked at with If-None-Match and the ETag GitHub gave it, so a comment nobody
 * wrote since answers 304, which GitHub does not count against the token's hour; after that (or a new comment, or
 * duplicates) every marked comment is read again. 'holds': still this writer's (undefined: read again).
 */
async function lookBack(call: Call, target: CommentTarget, written: Written, clock: GitHubCallDeps['clock']) {
  if (written.done === 'updated' && written.etag) {
    const asked = clock.now()
    try {
      const { data } = await call(
        `reading comment ${written.id} back`,
        'GET /repos/{owner}/{repo}/issues/comments/{comment_id}',
        { comment_id: written.id },
        { 'if-none-match': written.etag },
      )
      const body = (data as { body?: unknown } | undefined)?.body
      if (typeof body === 'string') return { asked, found: [{ id: written.id, body }] }
    } catch (error) {
      if (error instanceof GitHubError && error.status === 304) return 'holds' as const
      // Gone (merged into an older duplicate and deleted): every marked comment is read again.
      if (!(error instanceof GitHubError && error.status === 404)) throw error
    }
  }
  return read(call, target, clock)
}

/**
 * Legs of a big matrix finish in bursts (a compute-service window's worth at once): where the comment holds 25 rows
 * or more, each puts its first write off by a random share of a pause that grows with the rows already there, so the
 * burst's writes spread out instead of overwriting each other. The read that told is the first round's read when
 * there is no pause.
 */
async function spread(call: Call, target: CommentTarget, merge: CommentMerge, deps: GitHubCallDeps) {
  const first = await read(call, target, deps.clock)
  const parts = first.found[0] ? merge.parts(first.found[0].body) : 0
  const pause = Math.round(Math.min(SPREAD_MAX_MS, parts * SPREAD_PER_PART_MS) * deps.clock.random())
  if (pause < 1_000 || parts < 25) return first
  deps.log(`comment: ${parts} rows already; writing in ${Math.ceil(pause / 1000)} s, spread from other jobs' writes.`)
  await deps.clock.sleep(pause, deps.signal)
  return undefined
}

/**
 * Rounds of write, pause, read back, until the comment holds this writer's part. The read back is the next round's
 * read when it is still fresh; the pause grows, jittered, with the rounds, so legs writing at once spread out.
 */
export async function upsertMerged(
  target: CommentTarget,
  merge: CommentMerge,
  deps: GitHubCallDeps,
  options: { spread: boolean } = { spread: true },
): Promise<'created' | 'updated'> {
  const { clock } = deps
  mayAsk(deps)
  const call = await caller(target, deps)
  const until = deps.rateLimitUntil ?? clock.now() + 2 * 60_000
  let first: 'created' | 'updated' | undefined
  // A read that fails here is read again by the first round, which waits out a rate limit.
  let stale = 0
  const opening = options.spread ? spread(call, target, merge, deps) : read(call, target, clock)
  let last: Read | undefined = await opening.catch((error: unknown) => {
    if (error instanceof GitHubError && error.rateLimit) return undefined
    throw error
  })
  // A round is a write; a read too old to write from is no round (STALE_READS and the time bound those).
  for (let round = 1; round <= MAX_ROUNDS && clock.now() < until;) {
    try {
      const fresh = last ?? (await read(call, target, clock))
      last = undefined
      // A read too old to write from is read again, 3 times at most: a GitHub that answers slowly is not made faster
      // by asking again, and the read back below comes later than the read took.
      const took = clock.now() - fresh.asked
      if (took > FRESH_MS && ++stale <= STALE_READS) continue
      stale = 0
      const written = await write(call, target, merge, fresh.found)
      first ??= written.done
      const backoff = round === 1 ? 0 : backoffCeiling(round, REWRITE_BACKOFF) * clock.random()
      await clock.sleep(Math.max(FRESH_MS, took) + 1_500 + Math.round(clock.random() * 2_000 + backoff), deps.signal)
      const seen = await lookBack(call, target, written, clock)
      if (seen === 'holds') return first
      last = seen
      const [kept] = last.found
      if (kept && merge.holds(kept.body)) return first
      round++
      deps.log(`comment: another job's write left this job's row out; writing it again (round ${round}).`)
    } catch (error) {
      last = undefined
      if (error instanceof CommentYieldedError) throw error
      const limit = error instanceof GitHubError ? error.rateLimit : undefined
      const wait = limit ? rateLimitDelay(limit, clock.random()) : Infinity
      if (!limit || clock.now() + wait > until) throw error
      deps.log(`comment: ${describeRateLimit(limit, clock.now())}; waiting ${Math.ceil(wait / 1000)} s.`)
      await clock.sleep(wait, deps.signal)
    }
  }
  throw new GitHubError(undefined, 'comment: other jobs kept rewriting it; gave up when its time was up')
}
