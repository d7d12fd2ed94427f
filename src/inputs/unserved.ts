/**
 * Runner mode's fallback when the holding step cannot serve its runner
 * (CONTRACT, "Runner mode never strands a job"): the label, token, repository
 * and run needed to register a runner that fails the waiting job at once.
 * Read leniently after the main step failed: an input error anywhere but in
 * `runner`, `runner-label` and `github-token` still gives it; never an error.
 */
import { Collector, type InputError, type InputReader } from './collector.ts'
import { DURATION_BOUNDS, duration } from './durations.ts'
import * as field from './fields.ts'
import { repositoryFromEnv, type GitHubRepository, type JobEnvironment } from './job-environment.ts'
import {
  defaultLabel,
  isForkPullRequest,
  LABEL,
  lenientCount,
  MAX_RUNNER_JOBS,
  MAX_RUNNERS,
  workflowRunFromEnv,
  type WorkflowRun,
} from './runner.ts'

export interface UnservedRequest {
  label: string
  githubToken: string
  repository: GitHubRepository
  workflowRun: WorkflowRun | undefined
  /** runner-timeout (its default when invalid): how long the post step waits for the stranded job. */
  pickupTimeoutMs: number
  /** The holding job's key in the workflow (GITHUB_JOB), for the stranded job's error. */
  holdingJob: string
  /** runner-jobs × runners (1 where either is invalid): the most waiting jobs failed at once. */
  serves?: number
}

const OWN_INPUTS: readonly string[] = ['runner', 'runner-label', 'github-token']
const DEFAULT_TIMEOUT_S = 600

/** Undefined when runner mode was not asked for, or its own inputs cannot name a label and a token. */
export function parseUnserved(
  read: InputReader,
  job: JobEnvironment,
  errors: readonly InputError[],
): UnservedRequest | undefined {
  if (errors.some((error) => OWN_INPUTS.includes(error.input))) return undefined
  const inputs = new Collector(read)
  const mode = field.mode.safeParse(inputs.raw('mode'))
  if (mode.success && mode.data !== 'start') return undefined
  if (field.boolean.safeParse(inputs.raw('runner')).data !== true) return undefined
  const label = inputs.isSet('runner-label') ? inputs.raw('runner-label').trim() : defaultLabel(job)
  const githubToken = field.usableGitHubToken(inputs.read('github-token'))
  const env = job.env ?? {}
  // A fork's pull request is refused runner mode outright (an error on 'runner'); checked again, never guessed.
  if (!LABEL.test(label) || githubToken === undefined || isForkPullRequest(env)) return undefined
  const repository = repositoryFromEnv(env)
  if (!repository) return undefined
  const timeout = duration(DURATION_BOUNDS['runner-timeout']).safeParse(inputs.raw('runner-timeout'))
  return {
    label,
    githubToken,
    repository,
    workflowRun: workflowRunFromEnv(env),
    pickupTimeoutMs: (timeout.success ? timeout.data : DEFAULT_TIMEOUT_S) * 1000,
    holdingJob: env.GITHUB_JOB ?? '',
    serves: lenientCount(inputs.raw('runner-jobs'), MAX_RUNNER_JOBS) * lenientCount(inputs.raw('runners'), MAX_RUNNERS),
  }
}
