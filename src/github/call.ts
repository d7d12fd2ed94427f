/**
 * One GitHub request of a repository, the way every GitHub reader here sends
 * it: through Octokit, retried while GitHub is briefly away (5xx, lost
 * answers), each try bounded; 404, rate limits, 401 and 403 turned into
 * errors that say what to do (`needs`: the sentence about what a refused
 * token lacks).
 */
import { retryUntil, type RetryContext } from '../client/retry.ts'
import type { GitHubRepository } from '../inputs/job-environment.ts'
import { describeGitHubFailure, isTransientGitHub } from './failure.ts'
import { isRateLimit, statusOf, type Octokit } from './octokit.ts'

const CALL_DEADLINE_MS = 60_000
const REQUEST_TIMEOUT_MS = 30_000

/** What GitHub answered (or that it did not), and the status when there was one. */
export class GitHubError extends Error {
  readonly status: number | undefined
  constructor(status: number | undefined, message: string) {
    super(message)
    this.name = 'GitHubError'
    this.status = status
  }
}

export interface GitHubCallDeps extends RetryContext {
  /** Each request's own limit (30 s unless given). */
  requestTimeoutMs?: number
}

export interface GitHubCall {
  label: string
  route: string
  parameters?: Record<string, unknown>
  /** Ends the 401/403 message: what the token needs. */
  needs: string
}

export async function callGitHub(
  github: Octokit,
  repository: GitHubRepository,
  deps: GitHubCallDeps,
  call: GitHubCall,
  makeError: (status: number | undefined, message: string) => Error = (status, message) =>
    new GitHubError(status, message),
): Promise<{ status: number; data: unknown }> {
  const { owner, repo } = repository
  const { label } = call
  try {
    return await retryUntil(
      deps,
      deps.clock.now() + CALL_DEADLINE_MS,
      label,
      () => {
        const timeout = AbortSignal.timeout(deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS)
        const signal = deps.signal ? AbortSignal.any([deps.signal, timeout]) : timeout
        return github.request(call.route, { owner, repo, ...call.parameters, request: { signal } })
      },
      { retryable: isTransientGitHub },
    )
  } catch (error) {
    deps.signal?.throwIfAborted()
    const status = statusOf(error)
    if (status === 404) throw makeError(404, `${label}: GitHub answered 404`)
    if (isRateLimit(error))
      throw makeError(status, `Input 'github-token': the GitHub API rate limit is exhausted (${label})`)
    if (status === 401 || status === 403)
      throw makeError(
        status,
        `Input 'github-token': GitHub answered ${status} to ${label} for ${owner}/${repo}. ${call.needs}`,
      )
    throw makeError(status, `${label}: ${describeGitHubFailure(error).text}`)
  }
}
