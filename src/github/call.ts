/**
 * One GitHub request of a repository, the way every GitHub reader here sends
 * it: through Octokit, retried while GitHub is briefly away (5xx, lost
 * answers), each try bounded; a rate limit waited out while the step can
 * afford it, never read as a refusal; 404, 401 and 403 turned into
 * errors that say what to do (`needs`: the sentence about what a refused token
 * lacks).
 */
import { retryUntil, type RetryContext } from '../client/retry.ts'
import type { GitHubBudget } from '../runtime/github-budget.ts'
import type { GitHubRepository } from '../inputs/job-environment.ts'
import { describeGitHubFailure, isTransientGitHub } from './failure.ts'
import { responseHeaders, statusOf, type Octokit } from './octokit.ts'
import { describeRateLimit, rateLimitDelay, rateLimitOf, type RateLimit } from './rate-limit.ts'
import { withTimeout } from '../runtime/abort.ts'

const CALL_DEADLINE_MS = 60_000
const REQUEST_TIMEOUT_MS = 30_000
/** How long one call waits out rate limits unless its caller says (rateLimitUntil). */
export const RATE_LIMIT_WAIT_MS = 10 * 60_000

/** What GitHub answered (or that it did not), and the status when there was one. */
export class GitHubError extends Error {
  readonly status: number | undefined
  /** Set when the answer was a rate limit the step could not wait out: a wait, never a refusal. */
  rateLimit: RateLimit | undefined
  constructor(status: number | undefined, message: string) {
    super(message)
    this.name = 'GitHubError'
    this.status = status
  }
}

export interface GitHubCallDeps extends RetryContext {
  /** Each request's own limit (30 s unless given). */
  requestTimeoutMs?: number
  /** Until when (clock time) the step can afford to wait out a rate limit; unset: RATE_LIMIT_WAIT_MS from the call. */
  rateLimitUntil?: number
  /** What every answer says of the token's hourly budget (the optional yields when it runs low). */
  githubBudget?: GitHubBudget
}

export interface GitHubCall {
  label: string
  route: string
  parameters?: Record<string, unknown>
  /** Request headers (a conditional read's If-None-Match). */
  headers?: Record<string, string>
  /** Ends the 401/403 message: what the token needs. */
  needs: string
}

/** GitHub's answer: its status, headers (an ETag) and body. */
export interface GitHubAnswer {
  status: number
  headers: Record<string, string | number | undefined>
  data: unknown
}

export async function callGitHub(
  github: Octokit,
  repository: GitHubRepository,
  deps: GitHubCallDeps,
  call: GitHubCall,
  makeError: (status: number | undefined, message: string) => Error = (status, message) =>
    new GitHubError(status, message),
): Promise<GitHubAnswer> {
  const until = deps.rateLimitUntil ?? deps.clock.now() + RATE_LIMIT_WAIT_MS
  for (let limits = 1; ; limits++) {
    try {
      return await attempts(github, repository, deps, call)
    } catch (error) {
      deps.signal?.throwIfAborted()
      const now = deps.clock.now()
      const limit = rateLimitOf(error, now, limits)
      if (!limit) throw refusal(error, repository, call, makeError)
      const wait = rateLimitDelay(limit, deps.clock.random())
      if (now + wait > until) {
        const failure = makeError(
          statusOf(error),
          `${call.label}: ${describeRateLimit(limit, now)}, later than this step can wait. Fewer requests on this ` +
            "token (a matrix's legs share it), or a token of its own for this workflow (a GitHub App installation)",
        )
        if (failure instanceof GitHubError) failure.rateLimit = limit
        throw failure
      }
      deps.log(`${call.label}: ${describeRateLimit(limit, now)}; waiting ${Math.ceil(wait / 1000)} s.`)
      await deps.clock.sleep(wait, deps.signal)
    }
  }
}

/** One call's tries while GitHub is briefly away (5xx, lost answers), each bounded; each answer read for its budget. */
function attempts(
  github: Octokit,
  repository: GitHubRepository,
  deps: GitHubCallDeps,
  call: GitHubCall,
): Promise<GitHubAnswer> {
  const { owner, repo } = repository
  return retryUntil(
    deps,
    deps.clock.now() + CALL_DEADLINE_MS,
    call.label,
    async () => {
      const signal = withTimeout(deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, deps.signal)
      const headers = call.headers ? { headers: call.headers } : {}
      try {
        const answer = await github.request(call.route, {
          owner,
          repo,
          ...call.parameters,
          ...headers,
          request: { signal },
        })
        deps.githubBudget?.observe(answer.headers)
        return { status: answer.status, headers: answer.headers, data: answer.data }
      } catch (error) {
        deps.githubBudget?.observe(responseHeaders(error))
        throw error
      }
    },
    { retryable: isTransientGitHub },
  )
}

/** What an answer that is not a rate limit means: 404, a refused token (what it needs), or GitHub away. */
function refusal(
  error: unknown,
  repository: GitHubRepository,
  call: GitHubCall,
  makeError: (status: number | undefined, message: string) => Error,
): Error {
  const status = statusOf(error)
  const { owner, repo } = repository
  if (status === 404) return makeError(404, `${call.label}: GitHub answered 404`)
  if (status === 401 || status === 403)
    return makeError(
      status,
      `Input 'github-token': GitHub answered ${status} to ${call.label} for ${owner}/${repo}. ${call.needs}`,
    )
  return makeError(status, `${call.label}: ${describeGitHubFailure(error).text}`)
}
