/**
 * The jobs of the fake GitHub's runners (fake-runners.ts): what a job is, whose
 * run it belongs to, the steps the stand-in runner runs itself, and the job as
 * GitHub's REST API shows it (typed by its published schema).
 */
import type { components } from '@octokit/openapi-types'

type GitHubSchema = components['schemas']

/** A job of a workflow run, as GET …/actions/runs/{run_id}/attempts/{n}/jobs lists it. */
export interface FakeJob {
  id: number
  runId: number
  attempt: number
  name: string
  runnerId: number
  runnerName: string
  status: 'in_progress' | 'completed'
  /** The repository whose run it is, when not octo/repo (GITHUB_REPOSITORY in its steps and hooks). */
  repository?: string
  /** The job's steps so far, with their conclusions (debug-on-failure reads them). */
  steps?: { name: string; conclusion: 'success' | 'failure' | null }[]
  /** How it ended (a timed job: set at its end; a job the stand-in runs: what it reported). */
  conclusion?: JobConclusion
  /** Steps the stand-in runner runs itself (after its job-started hook); the job then ends when it reports. */
  plan?: JobStep[]
  /** The job's log as the stand-in reported it (the hook's output and the steps'). */
  log?: string
  /** When it ended (performance.now() of the fake's process): benchmarks time the failing hook by it. */
  endedAt?: number
  /** When GitHub handed it to its runner (performance.now()). */
  startedAt?: number
}

export type JobConclusion = 'success' | 'failure' | 'cancelled'

/** A step of a job the stand-in runs: `if` as a workflow's (default success()), `run` a bash script. */
export interface JobStep {
  name: string
  if?: 'success()' | 'always()' | 'failure()'
  run: string
}

/** Whose job a runner is handed: a job of this run (the action runner's GITHUB_RUN_ID 4242), or one queued by someone else. */
export interface JobOwner {
  runId: number
  attempt: number
  name: string
  /** The repository whose run it is (GITHUB_REPOSITORY in its steps); octo/repo unless given. */
  repository?: string
}

export const THIS_RUN: JobOwner = { runId: 4242, attempt: 1, name: 'gpu-tests' }

/** A job as GitHub's REST API shows it (the fields of its `job` schema the tests need, and the usual others). */
export function jobView(
  job: FakeJob,
  repository: string,
  labels: string[],
  answeredName?: string,
): GitHubSchema['job'] {
  const base = `https://api.github.test/repos/${repository}/actions`
  return {
    id: job.id,
    run_id: job.runId,
    run_attempt: job.attempt,
    run_url: `${base}/runs/${job.runId}`,
    node_id: `CR_${job.id}`,
    head_sha: '0123456789abcdef0123456789abcdef01234567',
    head_branch: 'main',
    url: `${base}/jobs/${job.id}`,
    html_url: `https://github.test/${repository}/actions/runs/${job.runId}/job/${job.id}`,
    status: job.status,
    conclusion: job.status === 'completed' ? (job.conclusion ?? 'success') : null,
    created_at: '2026-11-25T20:00:00Z',
    started_at: '2026-11-25T20:00:01Z',
    completed_at: job.status === 'completed' ? '2026-11-25T20:01:00Z' : null,
    name: job.name,
    steps: (job.steps ?? []).map((step, index) => ({
      name: step.name,
      status: step.conclusion === null ? ('in_progress' as const) : ('completed' as const),
      conclusion: step.conclusion,
      number: index + 1,
      started_at: '2026-11-25T20:00:02Z',
      completed_at: step.conclusion === null ? null : '2026-11-25T20:00:30Z',
    })),
    check_run_url: `https://api.github.test/repos/${repository}/check-runs/${job.id}`,
    labels: labels,
    runner_id: job.runnerId,
    runner_name: answeredName ?? job.runnerName,
    runner_group_id: 1,
    runner_group_name: 'Default',
    workflow_name: 'CI',
  }
}
