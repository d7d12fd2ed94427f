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
  status: 'queued' | 'in_progress' | 'completed'
  /** A queued job's labels (runs-on); a handed one shows its runner's. */
  labels?: string[]
  /** Wall-clock times (epoch ms) of a job that waited in the queue; others show fixed times. */
  wall?: { created: number; started?: number; completed?: number }
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
  /** A timed job not yet read by its listening runner: starts its time. */
  onRead?: () => void
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

/** A job still in the queue for `label`, as the run's job list shows it: no runner yet. */
export function queuedJob(id: number, job: { label: string; owner: JobOwner; queuedAt: number }): FakeJob {
  const { runId, attempt, name, repository } = job.owner
  return {
    id,
    runId,
    attempt,
    name,
    runnerId: 0,
    runnerName: '',
    status: 'queued',
    labels: [job.label],
    wall: { created: job.queuedAt },
    ...(repository ? { repository } : {}),
  }
}

const iso = (at: number) => new Date(at).toISOString()

export const THIS_RUN: JobOwner = { runId: 4242, attempt: 1, name: 'gpu-tests' }

/** A job as GitHub's REST API shows it (the fields of its `job` schema the tests need, and the usual others). */
export function jobView(
  job: FakeJob,
  repository: string,
  labels: string[],
  answeredName?: string,
): GitHubSchema['job'] {
  const base = `https://api.github.test/repos/${repository}/actions`
  const wall = job.wall
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
    // A queued job shows its creation as its start, as GitHub does until a runner takes it.
    created_at: wall ? iso(wall.created) : '2026-11-25T20:00:00Z',
    started_at: wall ? iso(wall.started ?? wall.created) : '2026-11-25T20:00:01Z',
    completed_at: job.status !== 'completed' ? null : wall ? iso(wall.completed ?? Date.now()) : '2026-11-25T20:01:00Z',
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
    runner_id: job.status === 'queued' ? null : job.runnerId,
    runner_name: job.status === 'queued' ? null : (answeredName ?? job.runnerName),
    runner_group_id: 1,
    runner_group_name: 'Default',
    workflow_name: 'CI',
  }
}

/**
 * A job as the stand-in runner reads it: a first line with what its steps see (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT,
 * GITHUB_REPOSITORY, GITHUB_JOB) and whether it has steps ('planned') or GitHub ends it ('timed'), then one line a
 * step (if, name, script in base64).
 */
export function planText(job: FakeJob): string {
  const kind = job.plan ? 'planned' : 'timed'
  const head = `#job\t${job.runId}\t${job.attempt}\t${job.repository ?? 'octo/repo'}\t${job.name}\t${kind}\n`
  const steps = (job.plan ?? []).map(
    (step) => `${step.if ?? 'success()'}\t${step.name}\t${Buffer.from(step.run).toString('base64')}\n`,
  )
  return head + steps.join('')
}
