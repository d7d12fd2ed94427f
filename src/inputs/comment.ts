/**
 * `comment: true` (issue 32): where the pull-request comment goes. Its hidden
 * marker's key is the workflow, the job and the GPU types asked for, so every
 * re-run of the job (and only it) edits the same comment; matrix legs that
 * ask for other GPUs get their own.
 */
import { pullRequestOf } from './approval.ts'
import type { Collector } from './collector.ts'
import * as field from './fields.ts'
import { repositoryFromEnv, type GitHubRepository, type JobEnvironment } from './job-environment.ts'

export interface CommentTarget {
  githubToken: string
  repository: GitHubRepository
  number: number
  /** The hidden marker's key: workflow, job and the sandbox asked for. */
  key: string
  /** "Workflow / job", the comment's heading. */
  job: string
  /** This run attempt on GitHub: the one link the comment keeps. */
  runUrl: string
}

export function commentKey(env: NodeJS.ProcessEnv, gpus: readonly string[]): string {
  const part = (value: string | undefined) => (value ?? '').replace(/[^\w.-]/g, '_').slice(0, 80)
  return `${part(env.GITHUB_WORKFLOW)}/${part(env.GITHUB_JOB)}/${gpus.length > 0 ? gpus.join('+') : 'cpu'}`
}

/** The comment's target; undefined without comment: true, or outside a pull request (said once, in the log). */
export function parseComment(
  inputs: Collector,
  job: JobEnvironment,
  keyParts: readonly string[],
  log: (message: string) => void = () => undefined,
): CommentTarget | undefined {
  if (!inputs.parse('comment', field.boolean)) return undefined
  const env = job.env ?? {}
  const githubToken = field.usableGitHubToken(inputs.read('github-token'))
  if (!githubToken) inputs.fail('github-token', 'is empty, and comment: true writes with it (pull-requests: write)')
  const repository = repositoryFromEnv(env, (why) => inputs.fail('comment', why))
  const pullRequest = pullRequestOf(env)
  if (typeof pullRequest === 'string') inputs.fail('comment', pullRequest)
  if (!githubToken || !repository || typeof pullRequest === 'string') return undefined
  if (!pullRequest) {
    log(`comment: a '${env.GITHUB_EVENT_NAME ?? 'local'}' run has no pull request to comment on.`)
    return undefined
  }
  const runUrl =
    `${repository.serverUrl}/${repository.owner}/${repository.repo}/actions/runs/` +
    `${env.GITHUB_RUN_ID ?? ''}/attempts/${env.GITHUB_RUN_ATTEMPT ?? '1'}`
  const heading = `${env.GITHUB_WORKFLOW ?? 'workflow'} / ${env.GITHUB_JOB ?? 'job'}`
  const key = commentKey(env, keyParts)
  return { githubToken, repository, number: pullRequest.number, key, job: heading, runUrl }
}
