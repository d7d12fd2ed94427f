/**
 * Just-in-time runner registrations of one repository, through Octokit: the
 * access check, generate-jitconfig, a runner by id (never the list, except to
 * find one by name), delete, and the runner release (version and SHA-256 for
 * linux-x64, from the release notes). 5xx and lost answers are retried, rate
 * limits waited out (call.ts); 401 and 403 say what the token needs.
 * Every GitHub string is service text: it reaches a log through serviceText.
 */
import { z } from 'zod'
import type { GitHubRepository } from '../inputs/job-environment.ts'
import type { WorkflowRun } from '../inputs/runner.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { callGitHub, GitHubError, type GitHubCallDeps } from '../github/call.ts'
import { loadOctokit, type Octokit } from '../github/octokit.ts'

export * from './names.ts'

export class GitHubRunnerError extends GitHubError {
  constructor(status: number | undefined, message: string) {
    super(status, message)
    this.name = 'GitHubRunnerError'
  }
}

/** The access check found that this token may not manage runners at all: it cannot register any. */
export class RunnerManagementRefused extends GitHubRunnerError {
  constructor(status: number | undefined, message: string) {
    super(status, message)
    this.name = 'RunnerManagementRefused'
  }
}

/** GitHub answered 401 or 403 that is not a rate limit: this token may not manage the repository's runners. */
export function isAccessDenied(error: unknown): error is GitHubRunnerError {
  return error instanceof GitHubRunnerError && (error.status === 401 || error.status === 403) && !error.rateLimit
}

const Runner = z.looseObject({
  id: z.number().int().positive(),
  name: z.string(),
  status: z.string(),
  busy: z.boolean(),
})
export type RunnerInfo = z.infer<typeof Runner>
const JitAnswer = z.looseObject({ runner: Runner, encoded_jit_config: z.string().min(1) })
const RunnerList = z.looseObject({ runners: z.array(z.unknown()) })
const Release = z.looseObject({ tag_name: z.string(), body: z.string().nullable().optional() })

const PERMISSION =
  'a token with repository administration: write (a GitHub App installation ' +
  'token from actions/create-github-app-token, or a fine-grained token); ' +
  'the default github.token cannot register runners'
/** Reading the run's jobs, to see who took the runner. */
const ACTIONS_READ =
  'the same token to hold actions: read as well (a GitHub App or fine-grained ' +
  'token with Actions: read), to see which job takes the runner'
const JOB_PAGES = 10

const Job = z.looseObject({
  id: z.number(),
  name: z.string().nullish(),
  runner_name: z.string().nullish(),
  status: z.string().nullish(),
  conclusion: z.string().nullish(),
  created_at: z.string().nullish(),
  started_at: z.string().nullish(),
  completed_at: z.string().nullish(),
  labels: z.array(z.string()).nullish(),
  steps: z.array(z.looseObject({ name: z.string().nullish(), conclusion: z.string().nullish() })).nullish(),
})
const JobList = z.looseObject({ jobs: z.array(z.unknown()) })

/** A job of a workflow run, and the runner GitHub gave it (none yet: undefined). */
export interface RunJob {
  id: number
  name: string
  runnerName: string | undefined
  status?: string
  conclusion?: string
  /** The first step whose conclusion is failure, if any. */
  failedStep?: string
  /** The labels its runs-on asks for (a queued job waits for a runner with them). */
  labels?: string[]
  /** When it was queued, started and ended (epoch ms), where GitHub says. */
  createdAt?: number
  startedAt?: number
  completedAt?: number
  /** The page of the run's jobs (100 a page) that listed it: a read again starts there. */
  page?: number
}
export type RegistryDeps = GitHubCallDeps

export class RunnerRegistry {
  private octokit: Promise<Octokit> | undefined
  private readonly repository: GitHubRepository
  private readonly token: string
  private readonly deps: RegistryDeps
  constructor(repository: GitHubRepository, token: string, deps: RegistryDeps) {
    this.repository = repository
    this.token = token
    this.deps = deps
  }

  /**
   * One request, retried while GitHub is briefly away; refusals turned into what to do (`needs`: what a refused token
   * lacks).
   */
  private async call(
    label: string,
    route: string,
    parameters: Record<string, unknown> = {},
    needs = PERMISSION,
  ): Promise<{ status: number; data: unknown }> {
    const github = await (this.octokit ??= loadOctokit(this.token, this.repository.apiUrl))
    const call = { label, route, parameters, needs: `Runner mode needs ${needs}` }
    return callGitHub(
      github,
      this.repository,
      this.deps,
      call,
      (status, message) => new GitHubRunnerError(status, message),
    )
  }

  /** Before anything costs money: may this token manage the repository's runners, and read `run`'s jobs? */
  async checkAccess(run: WorkflowRun | undefined): Promise<void> {
    try {
      await this.call('listing self-hosted runners', 'GET /repos/{owner}/{repo}/actions/runners', { per_page: 1 })
    } catch (error) {
      throw isAccessDenied(error) ? new RunnerManagementRefused(error.status, error.message) : error
    }
    if (run) await this.jobsPage(run, 1, 1)
  }

  private async jobsPage(run: WorkflowRun, page: number, perPage: number): Promise<unknown[]> {
    const label = `reading the jobs of workflow run ${run.id} (attempt ${run.attempt})`
    const parameters = { run_id: run.id, attempt_number: run.attempt, per_page: perPage, page }
    const { data } = await this.call(
      label,
      'GET /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}/jobs',
      parameters,
      ACTIONS_READ,
    )
    const list = JobList.safeParse(data)
    if (!list.success) throw new GitHubRunnerError(undefined, `${label}: the answer is not a list of jobs`)
    return list.data.jobs
  }

  /** The jobs of one attempt of a workflow run (up to 1,000), with each one's runner; `until`: no page after it. */
  async jobsOf(run: WorkflowRun, until?: (job: RunJob) => boolean, firstPage = 1): Promise<RunJob[]> {
    const jobs: RunJob[] = []
    for (let page = firstPage; page <= JOB_PAGES && !(until && jobs.some(until)); page++) {
      const raw = await this.jobsPage(run, page, 100)
      for (const item of raw) {
        const job = Job.safeParse(item)
        if (!job.success) continue
        const failed = job.data.steps?.find((step) => step.conclusion === 'failure')
        const times = [job.data.created_at, job.data.started_at, job.data.completed_at]
        const [createdAt, startedAt, completedAt] = times.map((at) => Date.parse(at ?? ''))
        jobs.push({
          id: job.data.id,
          name: job.data.name ?? '',
          runnerName: job.data.runner_name ?? undefined,
          status: job.data.status ?? undefined,
          conclusion: job.data.conclusion ?? undefined,
          ...(failed ? { failedStep: failed.name ?? 'a step' } : {}),
          ...(job.data.labels ? { labels: job.data.labels } : {}),
          ...(createdAt ? { createdAt } : {}),
          ...(startedAt ? { startedAt } : {}),
          ...(completedAt ? { completedAt } : {}),
          page,
        })
      }
      if (raw.length < 100) break
    }
    return jobs
  }

  /** Registers a JIT runner; the configuration is a credential (the caller masks it at once). */
  async generate(name: string, label: string): Promise<{ runner: RunnerInfo; jitConfig: string }> {
    const { data } = await this.call(
      'registering a just-in-time runner',
      'POST /repos/{owner}/{repo}/actions/runners/generate-jitconfig',
      {
        name,
        runner_group_id: 1,
        labels: [label],
        work_folder: '_work',
      },
    )
    const parsed = JitAnswer.safeParse(data)
    if (!parsed.success)
      throw new GitHubRunnerError(
        undefined,
        'registering a just-in-time runner: GitHub answered something that is not a runner and its configuration',
      )
    return { runner: parsed.data.runner, jitConfig: parsed.data.encoded_jit_config }
  }

  /** The runner now; undefined once GitHub no longer has it (a JIT runner deregisters after its job). */
  async get(id: number): Promise<RunnerInfo | undefined> {
    try {
      const parsed = Runner.safeParse(
        (
          await this.call(`reading runner ${id}`, 'GET /repos/{owner}/{repo}/actions/runners/{runner_id}', {
            runner_id: id,
          })
        ).data,
      )
      if (!parsed.success) throw new GitHubRunnerError(undefined, `reading runner ${id}: the answer is not a runner`)
      return parsed.data
    } catch (error) {
      if (error instanceof GitHubRunnerError && error.status === 404) return undefined
      throw error
    }
  }

  /** Deletes a registration; false when it was already gone. */
  async remove(id: number): Promise<boolean> {
    try {
      await this.call(`deleting runner ${id}`, 'DELETE /repos/{owner}/{repo}/actions/runners/{runner_id}', {
        runner_id: id,
      })
      return true
    } catch (error) {
      if (error instanceof GitHubRunnerError && error.status === 404) return false
      throw error
    }
  }

  /**
   * Deletes a registration by its id, or by its name while the id is 0 (the registration's answer was lost, and
   * GitHub may still have made it); the id deleted, undefined when it was already gone.
   */
  async removeRegistration(id: number, name: string): Promise<number | undefined> {
    if (id > 0) return (await this.remove(id)) ? id : undefined
    return this.removeByName(name)
  }

  /** Registered runners (the first 100; with `name`, those of that name). */
  async list(name?: string): Promise<RunnerInfo[]> {
    const { data } = await this.call('listing self-hosted runners', 'GET /repos/{owner}/{repo}/actions/runners', {
      ...(name ? { name } : {}),
      per_page: 100,
    })
    const list = RunnerList.safeParse(data)
    return list.success
      ? list.data.runners.map((r) => Runner.safeParse(r)).flatMap((r) => (r.success ? [r.data] : []))
      : []
  }

  /** The registered runner with exactly this name, if any. */
  async findByName(name: string): Promise<RunnerInfo | undefined> {
    return (await this.list(name)).find((runner) => runner.name === name)
  }

  /** Deletes the registration with exactly this name; its id, or undefined when there was none. */
  async removeByName(name: string): Promise<number | undefined> {
    const runner = await this.findByName(name)
    return runner && (await this.remove(runner.id)) ? runner.id : undefined
  }

  /** The latest actions/runner release: its version and the linux-x64 package's SHA-256. */
  async latestRelease(): Promise<{ version: string; sha256: string }> {
    const { data } = await this.call(
      'reading the actions/runner release',
      'GET /repos/{owner}/{repo}/releases/latest',
      { owner: 'actions', repo: 'runner' },
    )
    const release = Release.safeParse(data)
    const version = release.success ? /^v?(\d+\.\d+\.\d+)$/.exec(release.data.tag_name)?.[1] : undefined
    const sha256 = release.success
      ? /<!-- BEGIN SHA linux-x64 -->\s*([0-9a-f]{64})\s*<!-- END SHA linux-x64 -->/.exec(release.data.body ?? '')?.[1]
      : undefined
    if (!version || !sha256)
      throw new GitHubRunnerError(
        undefined,
        `the actions/runner release ${serviceText(release.success ? release.data.tag_name : '?', 40)} ` +
          `gives no version and linux-x64 SHA-256`,
      )
    return { version, sha256 }
  }
}
