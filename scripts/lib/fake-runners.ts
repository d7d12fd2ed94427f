/**
 * The runner side of the fake GitHub (issue 24's test ground): just-in-time
 * runner registrations (POST …/actions/runners/generate-jitconfig), runners by
 * id (offline, online, busy; deleted once their one job is done, as a JIT
 * runner deregisters), a job that is assigned and finishes, the runner release
 * with its SHA-256 in the release notes, and the package itself: a stand-in
 * for actions/runner whose run.sh honours ACTIONS_RUNNER_INPUT_JITCONFIG (or
 * --jitconfig), reports online over HTTP, waits for its job to end, and exits.
 */
import { randomBytes } from 'node:crypto'
import type { components, operations } from '@octokit/openapi-types'
import { standInPackage } from './fake-runner-package.ts'
import {
  jobView,
  planText,
  queuedJob,
  THIS_RUN,
  type FakeJob,
  type JobConclusion,
  type JobOwner,
  type JobStep,
} from './fake-runner-jobs.ts'

export { THIS_RUN, type FakeJob, type JobConclusion, type JobOwner, type JobStep } from './fake-runner-jobs.ts'
import { documentedExample } from './github-openapi.ts'

/** GitHub's published REST schemas (@octokit/openapi-types, generated from its OpenAPI description): the answers are typed by them. */
type GitHubSchema = components['schemas']
type JobsAnswer =
  operations['actions/list-jobs-for-workflow-run-attempt']['responses'][200]['content']['application/json']

export const RUNNER_VERSION = '2.330.0'

export interface FakeRunner {
  id: number
  name: string
  labels: string[]
  status: 'offline' | 'online'
  busy: boolean
  deleted: boolean
  /** The registration's secret, inside its encoded JIT configuration. */
  secret: string
  /** A stand-in runner holds a session: it reads each job handed to it, and a job's time runs from that read. */
  listening?: boolean
}

export interface RunnerAnswer {
  status: number
  body: unknown
  /** Binary bodies (the package) go out as is. */
  raw?: Buffer
}

export class FakeRunners {
  readonly byId = new Map<number, FakeRunner>()
  private nextId = 100
  /** The release notes' checksum; tests change it to see a mismatch refused. */
  package = standInPackage()
  advertisedSha256 = this.package.sha256
  /** The stand-in cannot get online (its session is refused): the diagnostic log says why. */
  refuseSessions = false
  /** Set by the owner: where run.sh calls back (the fake's own loopback address). */
  url = ''
  /** generate-jitconfig answers lost after the registration was made (a 502 from a proxy in between), call by call. */
  loseJitAnswers = 0
  /** A hostile or odd GitHub: the name every answer gives its runners, whatever they were registered as. */
  answeredName: string | undefined = undefined
  /** Every encoded JIT configuration handed out: tests look for them where they must never be. */
  readonly jitConfigs: string[] = []
  /** Jobs of every workflow run that were handed a runner. */
  readonly jobs: FakeJob[] = []
  /** Jobs waiting in the queue for a label: GitHub hands one to a runner with the label the moment it connects. */
  private readonly queued: { label: string; owner: JobOwner; plan: JobStep[]; queuedAt: number }[] = []

  /** Queues a job for `label`: handed now to an idle online runner with it, else to the next one that connects. */
  queue(label: string, owner: JobOwner, plan: JobStep[]): void {
    this.queued.push({ label, owner, plan, queuedAt: Date.now() })
    for (const runner of this.byId.values()) this.handQueued(runner)
  }

  /** Jobs still queued (none handed yet), as the run's job list shows them (status queued, no runner). */
  get waiting(): number {
    return this.queued.length
  }

  private handQueued(runner: FakeRunner): void {
    if (runner.deleted || runner.busy || runner.status !== 'online') return
    const index = this.queued.findIndex((job) => runner.labels.includes(job.label))
    const [job] = index < 0 ? [] : this.queued.splice(index, 1)
    if (job) this.assignJob(runner.id, 0, job.owner, { plan: job.plan, queuedAt: job.queuedAt })
  }

  /**
   * GitHub gives the runner a job of `owner`'s run: busy for `ms`, then it ends (`conclusion`, default success) and the
   * JIT runner deregisters; with `plan`, the stand-in runs the job itself and reports how it ended.
   */
  assignJob(
    id: number,
    ms: number,
    owner: JobOwner = THIS_RUN,
    how: { conclusion?: JobConclusion; plan?: JobStep[]; queuedAt?: number } = {},
  ): void {
    const runner = this.byId.get(id)
    // GitHub hands jobs to online runners only.
    if (!runner || runner.deleted || runner.status !== 'online') return
    runner.busy = true
    const job: FakeJob = {
      id: 9000 + this.jobs.length,
      runId: owner.runId,
      attempt: owner.attempt,
      name: owner.name,
      runnerId: id,
      runnerName: runner.name,
      status: 'in_progress',
      startedAt: performance.now(),
      ...(owner.repository ? { repository: owner.repository } : {}),
      ...(how.plan ? { plan: how.plan } : {}),
      // A job that waited in the queue shows GitHub's times (queued, started, completed) as they were.
      ...(how.queuedAt ? { wall: { created: how.queuedAt, started: Date.now() } } : {}),
    }
    this.jobs.push(job)
    if (how.plan) return
    // As a real job's steps, its time runs once its runner has it: however loaded the machine, the runner reads it.
    job.onRead = () => setTimeout(() => this.endJob(job, how.conclusion ?? 'success'), ms).unref()
    if (!runner.listening) job.onRead()
  }

  private endJob(job: FakeJob, conclusion: JobConclusion, log?: string): void {
    // A job ends once: a timed job its runner reported (a refusal) keeps that ending when its time runs out.
    if (job.status === 'completed') return
    const runner = this.byId.get(job.runnerId)
    if (runner) {
      runner.busy = false
      runner.deleted = true
    }
    if (job.wall) job.wall.completed = Date.now()
    Object.assign(job, {
      status: 'completed',
      conclusion,
      endedAt: performance.now(),
      ...(log === undefined ? {} : { log }),
    })
  }

  /** The stand-in's view of its job (planText); reading it starts a timed job's time. */
  private planOf(runner: FakeRunner): string {
    const job = this.jobs.find((candidate) => candidate.runnerId === runner.id && candidate.status === 'in_progress')
    if (!job) return ''
    job.onRead?.()
    delete job.onRead
    return planText(job)
  }

  /** The stand-in reports how the job it ran ended, with its log. */
  private reported(runner: FakeRunner, body: unknown): RunnerAnswer {
    const job = this.jobs.find((candidate) => candidate.runnerId === runner.id && candidate.status === 'in_progress')
    const report = (body ?? {}) as { conclusion?: unknown; log?: unknown }
    if (!job || !['success', 'failure'].includes(String(report.conclusion)))
      return { status: 422, body: { message: 'no job, or no conclusion' } }
    this.endJob(job, report.conclusion as JobConclusion, Buffer.from(String(report.log ?? ''), 'base64').toString())
    return { status: 200, body: { ok: true } }
  }

  private jobsOf(repository: string, runId: number, attempt: number, query: URLSearchParams): RunnerAnswer {
    const queued = this.queued
      .filter((job) => job.owner.runId === runId && job.owner.attempt === attempt)
      .map((job, k) => queuedJob(8000 + k, job))
    const all = [...this.jobs.filter((job) => job.runId === runId && job.attempt === attempt), ...queued]
    const perPage = Math.min(Number(query.get('per_page') ?? 30) || 30, 100)
    const page = Math.max(Number(query.get('page') ?? 1) || 1, 1)
    const jobs = all
      .slice((page - 1) * perPage, page * perPage)
      .map((job) =>
        jobView(job, repository, job.labels ?? this.byId.get(job.runnerId)?.labels ?? [], this.answeredName),
      )
    const body: JobsAnswer = { total_count: all.length, jobs }
    return { status: 200, body }
  }

  private view(runner: FakeRunner): GitHubSchema['runner'] {
    return {
      id: runner.id,
      name: this.answeredName ?? runner.name,
      os: 'Linux',
      status: runner.status,
      busy: runner.busy,
      labels: runner.labels.map((name, i) => ({ id: i + 1, name, type: 'custom' as const })),
    }
  }

  private generate(body: unknown): RunnerAnswer {
    const request = (body ?? {}) as { name?: unknown; labels?: unknown; runner_group_id?: unknown }
    if (
      typeof request.name !== 'string' ||
      !Array.isArray(request.labels) ||
      typeof request.runner_group_id !== 'number'
    ) {
      return { status: 422, body: { message: 'Invalid request: name, runner_group_id and labels are required' } }
    }
    if ([...this.byId.values()].some((r) => !r.deleted && r.name === request.name))
      return { status: 409, body: { message: 'Already exists - A runner with the same name already exists' } }
    const runner: FakeRunner = {
      id: this.nextId++,
      name: request.name,
      labels: request.labels.map(String),
      status: 'offline',
      busy: false,
      deleted: false,
      secret: randomBytes(12).toString('hex'),
    }
    this.byId.set(runner.id, runner)
    const config = Buffer.from(JSON.stringify({ url: this.url, runnerId: runner.id, secret: runner.secret })).toString(
      'base64',
    )
    this.jitConfigs.push(config)
    if (this.loseJitAnswers > 0) {
      this.loseJitAnswers--
      return { status: 502, body: { message: 'Bad Gateway' } }
    }
    return { status: 201, body: { runner: this.view(runner), encoded_jit_config: config } }
  }

  private bySecret(authorization: string | undefined): FakeRunner | undefined {
    const secret = /^RunnerSecret (\S+)$/.exec(authorization ?? '')?.[1]
    return [...this.byId.values()].find((r) => r.secret === secret)
  }

  /** The stand-in's own calls (no token: its registration secret). */
  answerRunnerCall(
    method: string,
    path: string,
    authorization: string | undefined,
    body?: unknown,
  ): RunnerAnswer | undefined {
    if (!path.startsWith('/_fake/runner/')) return undefined
    const runner = this.bySecret(authorization)
    if (!runner) return { status: 401, body: { message: 'unknown runner' } }
    if (path === '/_fake/runner/job') {
      if (method === 'POST') return this.reported(runner, body)
      const plan = this.planOf(runner)
      return { status: 200, body: plan, raw: Buffer.from(plan) }
    }
    if (method === 'POST' && path === '/_fake/runner/session') {
      if (this.refuseSessions || runner.deleted) return { status: 403, body: { message: 'session refused' } }
      Object.assign(runner, { status: 'online', listening: true })
      this.handQueued(runner)
      return { status: 200, body: { session: 'ok' } }
    }
    const state = runner.deleted ? 'done' : runner.busy ? 'busy' : 'idle'
    return { status: 200, body: state, raw: Buffer.from(state) }
  }

  /** The REST routes, for the repository `repository` (already authenticated by the caller). */
  answer(
    method: string,
    path: string,
    repository: string,
    body: unknown,
    query = new URLSearchParams(),
  ): RunnerAnswer | undefined {
    if (method === 'GET' && path === '/repos/actions/runner/releases/latest') {
      const notes = `## Changes\n\n<!-- BEGIN SHA linux-x64 -->${this.advertisedSha256}<!-- END SHA linux-x64 -->\n`
      // GitHub's documented example of a release, with this release's tag and notes.
      const release = documentedExample<GitHubSchema['release']>('release')
      return {
        status: 200,
        body: { ...release, tag_name: `v${RUNNER_VERSION}`, name: `v${RUNNER_VERSION}`, body: notes },
      }
    }
    if (
      method === 'GET' &&
      path === `/actions/runner/releases/download/v${RUNNER_VERSION}/actions-runner-linux-x64-${RUNNER_VERSION}.tar.gz`
    ) {
      return { status: 200, body: undefined, raw: this.package.tarball }
    }
    const jobs = new RegExp(`^/repos/${repository}/actions/runs/(\\d+)/attempts/(\\d+)/jobs$`).exec(path)
    if (method === 'GET' && jobs) return this.jobsOf(repository, Number(jobs[1]), Number(jobs[2]), query)
    const base = `/repos/${repository}/actions/runners`
    if (method === 'POST' && path === `${base}/generate-jitconfig`) return this.generate(body)
    const one = new RegExp(`^${base}/(\\d+)$`).exec(path)
    if (one) {
      const runner = this.byId.get(Number(one[1]))
      if (!runner || runner.deleted) return { status: 404, body: { message: 'Not Found' } }
      if (method === 'DELETE') {
        runner.deleted = true
        return { status: 204, body: undefined }
      }
      if (method === 'GET') return { status: 200, body: this.view(runner) }
    }
    if (method === 'GET' && path === base) {
      const runners = [...this.byId.values()].filter((r) => !r.deleted).map((r) => this.view(r))
      return { status: 200, body: { total_count: runners.length, runners } }
    }
    return undefined
  }
}
