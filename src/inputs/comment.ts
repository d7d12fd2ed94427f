/**
 * `comment: true` (issues 32 and 43): where the pull-request comment goes. Its
 * hidden marker's key is the workflow (its file, else its name): one comment
 * per workflow holds a row for every job and matrix leg, and every re-run edits
 * the same rows.
 */
import { pullRequestOf } from './approval.ts'
import type { Collector } from './collector.ts'
import * as field from './fields.ts'
import { repositoryFromEnv, type GitHubRepository, type JobEnvironment } from './job-environment.ts'

export interface CommentTarget {
  githubToken: string
  repository: GitHubRepository
  number: number
  /** The hidden marker's key: the workflow. */
  key: string
  /** The workflow's name: the comment's heading. */
  workflow: string
  /** "Workflow / job", the heading of this job's story. */
  job: string
  /** This run attempt and this runner: where this job's record (and its leg's name) is found. */
  workflowRun?: { id: number; attempt: number }
  runnerName?: string
  /** This run attempt on GitHub: the one link the comment keeps. */
  runUrl: string
}

/** The workflow's file (GITHUB_WORKFLOW_REF without its ref), else its name: the same on every run and re-run. */
export function commentKey(env: NodeJS.ProcessEnv): string {
  const file = (env.GITHUB_WORKFLOW_REF ?? '').split('@')[0]
  return (file || env.GITHUB_WORKFLOW || 'workflow').replace(/[^\w./-]/g, '_').slice(0, 160)
}

/** The comment's target; undefined without comment: true, or outside a pull request (said once, in the log). */
export function parseComment(
  inputs: Collector,
  job: JobEnvironment,
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
  const workflow = env.GITHUB_WORKFLOW ?? 'workflow'
  const [id, attempt] = [Number(job.runId ?? env.GITHUB_RUN_ID), Number(job.runAttempt ?? env.GITHUB_RUN_ATTEMPT ?? 1)]
  return {
    githubToken,
    repository,
    number: pullRequest.number,
    key: commentKey(env),
    workflow,
    job: `${workflow} / ${env.GITHUB_JOB ?? 'job'}`,
    runUrl,
    ...(Number.isSafeInteger(id) && id > 0 && Number.isSafeInteger(attempt) ? { workflowRun: { id, attempt } } : {}),
    ...(env.RUNNER_NAME ? { runnerName: env.RUNNER_NAME } : {}),
  }
}
