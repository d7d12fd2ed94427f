/**
 * `runner: true` and its inputs, with the refusals that must come before
 * anything costs money: no usable github-token, `internet-access: closed`
 * (the runner needs GitHub), `run` beside it, and a pull request from a fork
 * (a self-hosted runner would run the fork's code with access to the machine).
 */
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import type { NetworkPolicy } from '../client/schemas.ts'
import type { Collector, InputReader } from './collector.ts'
import { INPUT_DEFAULTS } from './defaults.ts'
import type { GitHubRepository } from './job-environment.ts'
import { DURATION_BOUNDS, duration } from './durations.ts'
import * as field from './fields.ts'
import { jobEnvironmentFromEnv, repositoryFromEnv, type JobEnvironment } from './job-environment.ts'

export interface RunnerRequest {
  label: string
  /** How long the post step waits for a job to pick the runner up. */
  pickupTimeoutMs: number
  githubToken: string
  repository: GitHubRepository
  /** Hosts (or addresses, as /32 or /128) added to a restricted allowlist for the runner (logged by the main step). */
  addedDomains: string[]
  /** The workflow run whose jobs may take the runner; undefined outside a workflow run (nothing to watch against). */
  workflowRun: WorkflowRun | undefined
  /** runner-jobs: how many jobs each runner slot serves one after another; 1 as before. */
  jobs?: number
  /** runners: one entry a runner at once on the sandbox, with the GPUs its jobs see ('0,1'; '' where none). */
  slots?: RunnerSlot[]
}

/** One of the `runners` on a sandbox: its folder under the login's home, and the GPUs its jobs see. */
export interface RunnerSlot {
  /** actions-runner for the first (as before), actions-runner-<k> for the k-th. */
  folder: string
  /** CUDA_VISIBLE_DEVICES for its jobs ('0', '2,3'); undefined with one runner or no GPU: nothing is set. */
  gpus?: string
}

/** The first runner's folder under the login's home, where the package is (a prepared image's too). */
export const FIRST_RUNNER_FOLDER = 'actions-runner'
/** A runner folder: the first, or `actions-runner-<k>` for the k-th of `runners`. */
export const RUNNER_FOLDER = /^actions-runner(-\d{1,2})?$/

/** Most jobs a runner slot serves, and most runners on one sandbox (one a GPU of an 8-GPU machine). */
export const MAX_RUNNER_JOBS = 20
export const MAX_RUNNERS = 8

/** The runner slots: the GPUs split evenly, each runner in a folder of its own (the first where it always was). */
export function runnerSlots(runners: number, gpuCount: number | undefined): RunnerSlot[] {
  const each = gpuCount && runners > 1 ? gpuCount / runners : 0
  return Array.from({ length: runners }, (_, k) => ({
    folder: k === 0 ? FIRST_RUNNER_FOLDER : `${FIRST_RUNNER_FOLDER}-${k + 1}`,
    ...(each >= 1 ? { gpus: Array.from({ length: each }, (_, i) => String(k * each + i)).join(',') } : {}),
  }))
}

/** A count read after the main step (never an error): a whole number from 1 to `max`, else 1 (at least one job). */
export function lenientCount(raw: string, max: number): number {
  const value = /^\s*\d{1,3}\s*$/.test(raw) ? Number(raw) : 1
  return value >= 1 && value <= max ? value : 1
}

/** runner-jobs and runners: whole numbers in their bounds; `runners` splits gpu-count evenly. */
function parseCounts(inputs: Collector, gpuCount: number | undefined): { jobs: number; slots: RunnerSlot[] } {
  const jobs = inputs.parse('runner-jobs', field.wholeNumber(1))
  if (jobs > MAX_RUNNER_JOBS) inputs.fail('runner-jobs', `must be at most ${MAX_RUNNER_JOBS}, got ${jobs}`)
  const runners = inputs.parse('runners', field.wholeNumber(1))
  if (runners > MAX_RUNNERS) inputs.fail('runners', `must be at most ${MAX_RUNNERS}, got ${runners}`)
  else if (runners > 1 && gpuCount && gpuCount % runners !== 0)
    inputs.fail(
      'runners',
      `must divide gpu-count evenly (each runner gets as many GPUs): gpu-count ${gpuCount}, runners ${runners}`,
    )
  const valid = Number.isInteger(runners) && runners >= 1 && runners <= MAX_RUNNERS
  return { jobs, slots: runnerSlots(valid ? runners : 1, gpuCount) }
}

/** One attempt of a workflow run (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT). */
export interface WorkflowRun {
  id: number
  attempt: number
}

/** This job's workflow run, from the runner's environment; undefined outside one. */
export function workflowRunFromEnv(env: NodeJS.ProcessEnv): WorkflowRun | undefined {
  const id = env.GITHUB_RUN_ID ?? ''
  const attempt = env.GITHUB_RUN_ATTEMPT || '1'
  if (!/^[1-9]\d{0,15}$/.test(id) || !/^[1-9]\d{0,5}$/.test(attempt)) return undefined
  return { id: Number(id), attempt: Number(attempt) }
}

/** A runner label as GitHub takes it (and as the stranded job's error may name it). */
export const LABEL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/

/** Hosts a runner talks to on github.com; on GitHub Enterprise Server, its own host instead. */
export function runnerDomains(repository: GitHubRepository): string[] {
  const server = new URL(repository.serverUrl).hostname
  if (server !== 'github.com') return [...new Set([server, new URL(repository.apiUrl).hostname])]
  return [
    'github.com',
    'api.github.com',
    'codeload.github.com',
    'objects.githubusercontent.com',
    '*.actions.githubusercontent.com',
    '*.blob.core.windows.net',
  ]
}

/**
 * Adds the hosts to a restricted policy: names to domain_allowlist, addresses (a GHES by IP) to cidr_allowlist; what
 * was added.
 */
function allowRunnerHosts(policy: NetworkPolicy, hosts: string[]): string[] {
  const domains = new Set(policy.domain_allowlist ?? [])
  const cidrs = new Set(policy.cidr_allowlist ?? [])
  const added: string[] = []
  for (const host of hosts) {
    const version = isIP(host.replace(/^\[|\]$/g, ''))
    const entry = version === 0 ? host : `${host.replace(/^\[|\]$/g, '')}/${version === 4 ? 32 : 128}`
    const list = version === 0 ? domains : cidrs
    if (list.has(entry)) continue
    list.add(entry)
    added.push(entry)
  }
  if (domains.size > 0) policy.domain_allowlist = [...domains]
  if (cidrs.size > 0) policy.cidr_allowlist = [...cidrs]
  return added
}

/** Whether this run is for a pull request whose head lives in another repository. */
export function isForkPullRequest(env: NodeJS.ProcessEnv): boolean {
  if (!['pull_request', 'pull_request_target'].includes(env.GITHUB_EVENT_NAME ?? '')) return false
  try {
    const event = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? '', 'utf8')) as {
      pull_request?: { head?: { repo?: { full_name?: string } | null } }
    }
    // A deleted fork has no head repository: still not this repository.
    return event.pull_request?.head?.repo?.full_name !== env.GITHUB_REPOSITORY
  } catch {
    // A pull_request event whose payload cannot be read: refuse rather than guess.
    return true
  }
}

const labelOrNothing = (label: string) => (LABEL.test(label) ? label : '')

export function defaultLabel(job: JobEnvironment): string {
  return job.runId ? `gpu-sandbox-${job.runId}-${job.runAttempt ?? '1'}` : 'gpu-sandbox-local'
}

/** Parses runner mode's inputs; adds the runner's hosts to a restricted `policy`. Undefined without runner: true. */
type Job = JobEnvironment

function refuseWithoutRunner(inputs: Collector): undefined {
  for (const name of ['runner-label', 'runner-timeout', 'runner-jobs', 'runners'] as const)
    if (inputs.changed(name)) inputs.fail(name, "is set but 'runner' is not true")
}

export function parseRunner(
  inputs: Collector,
  job: Job,
  policy: NetworkPolicy,
  gpus?: number,
): RunnerRequest | undefined {
  if (!inputs.parse('runner', field.boolean)) return refuseWithoutRunner(inputs)
  const env = job.env ?? {}
  const label = inputs.isSet('runner-label') ? inputs.raw('runner-label').trim() : defaultLabel(job)
  if (!LABEL.test(label))
    inputs.fail(
      'runner-label',
      `must be 1 to 100 letters, digits, '.', '_' or '-', starting with ` +
        `a letter or digit; got '${label.slice(0, 100)}'`,
    )
  const pickupTimeoutMs = inputs.parse('runner-timeout', duration(DURATION_BOUNDS['runner-timeout'])) * 1000
  const counts = parseCounts(inputs, gpus)
  const token = field.usableGitHubToken(inputs.read('github-token'))
  if (token === undefined)
    inputs.fail(
      'github-token',
      'is required with runner: true: a token with repository administration: ' +
        'write (a GitHub App token from actions/create-github-app-token, or ' +
        'a fine-grained token); the default github.token cannot register runners',
    )
  if (inputs.isSet('run'))
    inputs.fail(
      'runner',
      "cannot be combined with 'run': run tests in the sandbox in one step, " +
        'or register it as a runner for another job, not both',
    )
  if (policy.internet_access === 'closed')
    inputs.fail(
      'internet-access',
      "is 'closed', but runner: true needs GitHub; use 'restricted' (the action adds GitHub's hosts) or 'open'",
    )
  if (isForkPullRequest(env))
    inputs.fail(
      'runner',
      'is refused for pull requests from forks: a self-hosted runner would ' +
        'run the fork’s code with access to the sandbox and to what the job ' +
        'can reach. Run such pull requests on GitHub-hosted runners',
    )
  const repository = repositoryFromEnv(env, (why) => inputs.fail('runner', `runner: true ${why}`))
  if (!repository) return undefined
  const addedDomains =
    policy.internet_access === 'restricted' ? allowRunnerHosts(policy, runnerDomains(repository)) : []
  return {
    label,
    pickupTimeoutMs,
    githubToken: token ?? '',
    repository,
    addedDomains,
    workflowRun: workflowRunFromEnv(env),
    // One job on one runner, the default: nothing more to say.
    ...(counts.jobs > 1 ? { jobs: counts.jobs } : {}),
    ...(counts.slots.length > 1 ? { slots: counts.slots } : {}),
  }
}

/** What the post step needs for a registered runner: never an input error (a stop must not wait on one). */
export interface RunnerCleanup {
  githubToken: string
  repository: GitHubRepository | undefined
  pickupTimeoutMs: number
  workflowRun: WorkflowRun | undefined
  /** The runner's label (a fresh runner after a refused job gets it too); '' or unset: no fresh runner. */
  label?: string
  /** runner-jobs: jobs each runner folder serves one after another; 1 unless given (and valid). */
  jobs?: number
}

/** The post step's runner inputs, read only when state has a runner. */
export function parseRunnerCleanup(read: InputReader): RunnerCleanup {
  const raw = read('runner-timeout').trim() || INPUT_DEFAULTS['runner-timeout']
  const timeout = duration(DURATION_BOUNDS['runner-timeout']).safeParse(raw)
  return {
    githubToken: field.usableGitHubToken(read('github-token')) ?? '',
    repository: repositoryFromEnv(process.env),
    pickupTimeoutMs: (timeout.success ? timeout.data : 600) * 1000,
    workflowRun: workflowRunFromEnv(process.env),
    label: labelOrNothing(read('runner-label').trim() || defaultLabel(jobEnvironmentFromEnv(process.env))),
    jobs: lenientCount(read('runner-jobs'), MAX_RUNNER_JOBS),
  }
}
