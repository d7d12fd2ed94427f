/**
 * What GitHub says about a workflow run: GET /repos/{owner}/{repo}/actions/runs/{run_id}
 * through @actions/github (github/octokit.ts: loaded only when a run is asked about).
 */
import { z } from 'zod'
import { retryUntil, type RetryContext } from '../client/retry.ts'
import { isRateLimit, loadOctokit, statusOf, type Octokit } from '../github/octokit.ts'
import { describeRateLimit, rateLimitDelay, rateLimitOf } from '../github/rate-limit.ts'
import { describeGitHubFailure, isTransientGitHub } from '../github/failure.ts'
import type { GitHubRepository } from '../inputs/job-environment.ts'
import { withTimeout } from '../runtime/abort.ts'

/** What the sweep needs to know about one run. */
export type RunVerdict =
  /** status: completed (the run's latest attempt). */
  | { kind: 'completed'; attempt: number; conclusion: string | undefined }
  /** queued, in_progress, waiting, requested, pending or any other word. */
  | { kind: 'active'; attempt: number; status: string }
  /** 404: deleted, or not a run of this repository. */
  | { kind: 'unknown' }
  /** GitHub could not answer (5xx, network, an answer that is not a run): decided again next sweep. */
  | { kind: 'unreadable'; detail: string }

/** A 401 or 403 (or a rate limit): nothing may be stopped on a guess, so the sweep ends. */
export class GitHubAccessError extends Error {
  override readonly name = 'GitHubAccessError'
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

const WorkflowRun = z.looseObject({
  id: z.number(),
  status: z.string().nullable().optional(),
  conclusion: z.string().nullable().optional(),
  run_attempt: z.number().int().positive().optional(),
})

export type RunLookup = (runId: string) => Promise<RunVerdict>

const REQUEST_TIMEOUT_MS = 30_000
/** One run's lookup keeps retrying 5xx and lost answers this long. */
const LOOKUP_DEADLINE_MS = 30_000
/**
 * All lookups of one sweep together: when GitHub is down, the sweep ends in minutes, keeping what it could not decide.
 */
export const LOOKUP_BUDGET_MS = 2 * 60_000

export interface RunLookupDeps extends RetryContext {
  /** Longest wait for one GitHub answer (30 s; shorter in tests). */
  requestTimeoutMs?: number
}

/**
 * What a lookup that failed says: unknown (404) or unreadable (`unreachable`: GitHub cannot be reached at all); access
 * refusals throw.
 */
function failedLookup(
  error: unknown,
  repository: GitHubRepository,
  rateLimit?: string,
): { verdict: RunVerdict; unreachable?: string } {
  const status = statusOf(error)
  if (status === 404) return { verdict: { kind: 'unknown' } }
  if (rateLimit || isRateLimit(error)) {
    throw new GitHubAccessError(
      status ?? 429,
      `${rateLimit ?? 'the GitHub API rate limit is exhausted'} for 'github-token', later than the sweep can wait; ` +
        'nothing was stopped. The next scheduled sweep tries again',
    )
  }
  if (status === 401 || status === 403) {
    throw new GitHubAccessError(
      status,
      `Input 'github-token': GitHub answered ${status} to reading workflow ` +
        `runs of ${repository.owner}/${repository.repo}; nothing was stopped. ` +
        `Give the job 'permissions: { actions: read }' (the default github-token ` +
        `needs it), or pass a token that can read this repository's Actions runs`,
    )
  }
  const failure = describeGitHubFailure(error)
  return {
    verdict: { kind: 'unreadable', detail: failure.text },
    unreachable: failure.final ? failure.text : undefined,
  }
}

/** What a run's record says: completed (with its attempt and conclusion), still active, or not this run. */
function verdictOf(runId: string, data: unknown): RunVerdict {
  const run = WorkflowRun.safeParse(data)
  if (!run.success || String(run.data.id) !== runId) return { kind: 'unreadable', detail: 'the answer is not this run' }
  const attempt = run.data.run_attempt ?? 1
  if (run.data.status === 'completed')
    return { kind: 'completed', attempt, conclusion: run.data.conclusion ?? undefined }
  return { kind: 'active', attempt, status: run.data.status ?? 'unknown' }
}

/** The run's record, 5xx and lost answers retried until `deadline`. */
function getRun(github: Octokit, repository: GitHubRepository, deps: RunLookupDeps, runId: string, deadline: number) {
  return retryUntil(
    deps,
    deadline,
    `GitHub run ${runId}`,
    () => {
      const signal = withTimeout(deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, deps.signal)
      const { owner, repo } = repository
      return github.rest.actions.getWorkflowRun({ owner, repo, run_id: Number(runId), request: { signal } })
    },
    { retryable: isTransientGitHub },
  )
}

/**
 * One lookup per run id, however many sandboxes name it. Octokit is loaded at
 * the first lookup: a sweep with no candidate never loads it.
 */
export function makeRunLookup(repository: GitHubRepository, token: string, deps: RunLookupDeps): RunLookup {
  let client: Promise<Octokit> | undefined
  // `request` replaces @actions/github's own (undici) fetch: one transport, proxy included, for every request.
  const octokit = () => (client ??= loadOctokit(token, repository.apiUrl))
  const asked = new Map<string, Promise<RunVerdict>>()
  let budgetEnds: number | undefined
  // Set once GitHub cannot be reached at all (the name does not resolve, nothing listens): no later run is asked.
  let unreachable: string | undefined

  const ask = async (runId: string): Promise<RunVerdict> => {
    await octokit()
    budgetEnds ??= deps.clock.now() + LOOKUP_BUDGET_MS
    for (let limits = 1; ; limits++) {
      if (unreachable) return { kind: 'unreadable', detail: unreachable }
      if (deps.clock.now() >= budgetEnds)
        return {
          kind: 'unreadable',
          detail: "GitHub did not answer the earlier runs within the sweep's 2-minute budget",
        }
      try {
        const deadline = Math.min(deps.clock.now() + LOOKUP_DEADLINE_MS, budgetEnds)
        return verdictOf(runId, (await getRun(await octokit(), repository, deps, runId, deadline)).data)
      } catch (error) {
        deps.signal?.throwIfAborted()
        // A rate limit is a wait while the sweep's budget allows it; past it, the sweep ends saying which.
        const limit = rateLimitOf(error, deps.clock.now(), limits)
        const wait = limit ? rateLimitDelay(limit, deps.clock.random()) : Infinity
        if (limit && deps.clock.now() + wait < budgetEnds) {
          deps.log(
            `GitHub run ${runId}: ${describeRateLimit(limit, deps.clock.now())}; waiting ${Math.ceil(wait / 1000)} s.`,
          )
          await deps.clock.sleep(wait, deps.signal)
          continue
        }
        const failed = failedLookup(error, repository, limit && describeRateLimit(limit, deps.clock.now()))
        unreachable ??= failed.unreachable
        return failed.verdict
      }
    }
  }

  return (runId) => {
    let verdict = asked.get(runId)
    if (!verdict) {
      verdict = ask(runId)
      asked.set(runId, verdict)
    }
    return verdict
  }
}
