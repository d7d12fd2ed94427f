/**
 * The stranded-job fallback's modules in process (so coverage sees them),
 * against the fake GitHub on loopback with the stand-in runner package, on
 * this machine: the main step's fallback after an input error, the failing
 * runner as a separate user and (with a sudo that refuses) as this user, its
 * removal after its job, at runner-timeout and on cancel; and the post step's
 * mirror of a served job's result.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mirrorServedJob, runnerJobOutcome } from '../../src/runner/served-job.ts'
import { failQueuedJob } from '../../src/runner/stranded.ts'
import { cleanupUnserved } from '../../src/runner/post-unserved.ts'
import { RunnerManagementRefused } from '../../src/runner/github.ts'
import type { CleanupConfig } from '../../src/inputs/config.ts'
import type { UnservedRequest } from '../../src/inputs/unserved.ts'
import { runMain } from '../../src/main.ts'
import { failStrandedJob } from '../../src/runner/main-unserved.ts'
import { localRunnerAlive, startLocalRunner } from '../../src/runner/local.ts'
import { runnerLifetimeSeconds, serveUnserved } from '../../src/runner/unserved.ts'
import { realClock } from '../../src/runtime/clock.ts'
import type { CleanupDeps } from '../../src/step/deps.ts'
import type { SavedUnserved } from '../../src/step/saved.ts'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { THIS_RUN } from '../../scripts/lib/fake-runners.ts'
import { FakeClock, recordingCore, type RecordingCore } from '../harness/fakes.ts'
import { canRun } from '../harness/ssh-job.ts'
import { skipWithout } from '../harness/host.ts'

const fake = useFakeGitHub()

async function setUp() {
  await fake.serve()
  const env = {
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_REPOSITORY_ID: '31337',
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: 'gpu',
    GITHUB_API_URL: fake.url,
    GITHUB_SERVER_URL: fake.url,
  }
  const repository = fake.repository()
  const request: UnservedRequest = {
    label: 'gpu-x',
    githubToken: GITHUB_TOKEN,
    repository,
    workflowRun: { id: 4242, attempt: 1 },
    pickupTimeoutMs: 60_000,
    holdingJob: 'gpu',
  }
  return { env, request }
}

const savedOf = (core: RecordingCore) => JSON.parse(core.state['unserved-runner'] ?? '{}') as SavedUnserved
const runnerCleanup = (request: UnservedRequest, pickupTimeoutMs = request.pickupTimeoutMs) => ({
  githubToken: request.githubToken,
  repository: request.repository,
  pickupTimeoutMs,
  workflowRun: request.workflowRun,
})
const postDeps = (core: RecordingCore, cancelWait?: AbortSignal): CleanupDeps => ({
  core,
  clock: realClock,
  makeClient: () => {
    throw new Error('no service in this test')
  },
  cancelWait,
})
const left = (saved: SavedUnserved) => ({
  alive: localRunnerAlive(saved),
  dir: existsSync(saved.dir),
  user: saved.user ? spawnSync('getent', ['passwd', saved.user]).status === 0 : false,
  registration: fake.github.runners.byId.get(saved.id)?.deleted === false,
})
const NOTHING = { alive: false, dir: false, user: false, registration: false }

/** However the post step saw the end (the job fails in a moment, often between two reads); the job's result is checked apart. */
const FAILED_ITS_JOB =
  /: (it failed its job|it ran its job and ended|its registration is gone \(a just-in-time runner deregisters after its job\)|its process ended); removing it\./

describe.skipIf(!canRun)('a stranded job, in process', () => {
  it.skipIf(skipWithout('the failing runner as a separate user, in process', 'sudo'))(
    'an input error: runMain registers the failing runner as a separate user; the post step removes it after its job',
    async () => {
      const { env, request } = await setUp()
      process.env.GPU_SANDBOX_RUNNER_POLL = '1s'
      const inputs = { 'api-token': 'tok', runner: 'true', 'github-token': GITHUB_TOKEN, 'gpu-type': 'B200' }
      const core = recordingCore(inputs)
      const signal = new AbortController().signal
      const makeClient = () => {
        throw new Error('no request may be sent')
      }
      await expect(runMain({ core, clock: realClock, makeClient, signal, env })).rejects.toThrow(/gpu-type/)
      const saved = savedOf(core)
      expect(saved.user).toMatch(/^gpu-unserved-/)
      expect(fake.github.runners.byId.get(saved.id)).toMatchObject({ status: 'online', labels: ['gpu-sandbox-4242-1'] })
      expect(core.secrets).toContain(fake.github.runners.jitConfigs.at(-1))
      const post = recordingCore()
      const waiting = cleanupUnserved(postDeps(post), saved, runnerCleanup(request))
      setTimeout(
        () => fake.github.runners.assignJob(saved.id, 0, THIS_RUN, { plan: [{ name: 'x', run: 'true' }] }),
        1_500,
      )
      await waiting
      expect(post.log.join('\n')).toMatch(FAILED_ITS_JOB)
      expect(fake.github.runners.jobs.at(-1)?.conclusion).toBe('failure')
      expect(left(saved)).toEqual(NOTHING)
      delete process.env.GPU_SANDBOX_RUNNER_POLL
    },
  )

  it('without passwordless sudo: runs as this user (as root, RUNNER_ALLOW_RUNASROOT); a cancel removes it at once', async () => {
    const { request } = await setUp()
    const core = recordingCore()
    const signal = new AbortController().signal
    await serveUnserved({ core, clock: realClock, signal, sudo: 'false' }, request, 'why')
    const saved = savedOf(core)
    expect(saved.user).toBeUndefined()
    expect(core.log.join('\n')).toMatch(/run as this job's user \(no passwordless sudo on this machine\)/)
    expect(left(saved)).toEqual({ alive: true, dir: true, user: false, registration: true })
    const post = recordingCore()
    await cleanupUnserved(postDeps(post, AbortSignal.abort()), saved, runnerCleanup(request))
    expect(post.log).toContain(`Runner ${saved.name}: the holding job was cancelled; removing it.`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(left(saved)).toEqual(NOTHING)
  })

  it('no job at runner-timeout: removed; a registration GitHub no longer has is fine', async () => {
    const { request } = await setUp()
    const core = recordingCore()
    await serveUnserved({ core, clock: realClock, signal: new AbortController().signal }, request, 'why')
    const saved = savedOf(core)
    const post = recordingCore()
    const clock = new FakeClock()
    await cleanupUnserved({ ...postDeps(post), clock }, saved, runnerCleanup(request, 1_000))
    expect(post.log).toContain(`Runner ${saved.name}: no job was handed to it within runner-timeout; removing it.`)
    expect(left(saved)).toEqual(NOTHING)
    // Again (a second post step, say): nothing there, nothing to warn about.
    await cleanupUnserved({ ...postDeps(post), clock }, saved, runnerCleanup(request, 1_000))
    expect(post.annotations).toEqual([])
  })

  it('a token that may not register: the plain error, nothing left; a refused access check does not even try', async () => {
    const { env, request } = await setUp()
    fake.github.forbidden = [/generate-jitconfig/]
    const core = recordingCore()
    await serveUnserved({ core, clock: realClock, signal: new AbortController().signal }, request, 'why')
    expect(core.annotations.map((a) => a.message).join('\n')).toMatch(
      /The job with runs-on: gpu-x will wait in GitHub's queue until this workflow run is cancelled .*403/,
    )
    expect(core.state['unserved-runner']).toBe('')
    // A holding job on another platform: the same plain error, nothing tried.
    const mac = recordingCore()
    await serveUnserved(
      { core: mac, clock: realClock, signal: new AbortController().signal, platform: 'darwin' },
      request,
      'why',
    )
    expect(mac.annotations.map((a) => a.message).join('\n')).toMatch(
      /will wait .*runs on darwin-\w+; the failing runner needs linux-x64/,
    )
    expect(mac.state['unserved-runner']).toBeUndefined()
    const refused = recordingCore({ runner: 'true', 'github-token': GITHUB_TOKEN })
    const deps = { core: refused, clock: realClock, signal: new AbortController().signal, env }
    const config = { mode: 'start', runner: {} } as Parameters<typeof failStrandedJob>[2]
    await failStrandedJob(deps, new RunnerManagementRefused(403, 'refused'), config)
    expect(refused.annotations.map((a) => a.message).join('\n')).toMatch(/will wait in GitHub's queue .*\(refused\)/)
    expect(refused.state['unserved-runner']).toBeUndefined()
    expect(fake.github.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
  })
})

describe.skipIf(!canRun)('a stranded job, in process: odd answers', () => {
  it('a runner that cannot get online: the plain error, its registration deleted, nothing left', async () => {
    const { request } = await setUp()
    fake.github.runners.refuseSessions = true
    const core = recordingCore()
    await serveUnserved({ core, clock: realClock, signal: new AbortController().signal }, request, 'why')
    expect(core.annotations.map((a) => a.message).join('\n')).toMatch(
      /will wait in GitHub's queue .*run\.sh ended before the runner came online \('Exiting runner\.\.\.'\)/,
    )
    expect(core.state['unserved-runner']).toBe('')
    expect([...fake.github.runners.byId.values()].map((r) => r.deleted)).toEqual([true])
    expect(fake.github.requests.map((r) => r.method)).toContain('DELETE')
  })

  it('after the runner served no job of this run (issue 43): the queued job is handed the failing runner as it connects, failed, and all removed', async () => {
    const { env, request } = await setUp()
    process.env.GPU_SANDBOX_RUNNER_POLL = '1s'
    const inputs = { runner: 'true', 'github-token': GITHUB_TOKEN }
    // GitHub hands the queued job the moment a runner with its label connects: often before a read sees it online.
    fake.github.runners.queue('gpu-sandbox-4242-1', THIS_RUN, [{ name: 'tests', run: 'echo TESTS-RAN' }])
    const post = recordingCore(inputs)
    await failQueuedJob(postDeps(post), runnerCleanup(request), 'Runner r-4 was taken by a job outside this run', env)
    delete process.env.GPU_SANDBOX_RUNNER_POLL
    const job = fake.github.runners.jobs.at(-1)
    expect(job?.conclusion).toBe('failure')
    expect(job?.log).not.toContain('TESTS-RAN')
    expect(job?.log).toContain(
      "The holding job 'gpu' (workflow run 4242, attempt 1) gave its runner to no job of this run: Runner r-4 was " +
        'taken by a job outside this run.',
    )
    const log = post.log.join('\n')
    expect(log).toContain("Runner: this run's job waiting for 'gpu-sandbox-4242-1' is failed at once")
    expect(log).toMatch(FAILED_ITS_JOB)
    expect(post.annotations).toEqual([])
    expect(left(savedOf(post))).toEqual(NOTHING)
    expect([...fake.github.runners.byId.values()].every((r) => r.deleted)).toBe(true)
  })

  it('after the runner served no job of this run: nothing when the run is cancelled, or with no token to register with', async () => {
    const { env, request } = await setUp()
    const cancelled = recordingCore({ runner: 'true', 'github-token': GITHUB_TOKEN })
    await failQueuedJob(postDeps(cancelled, AbortSignal.abort()), runnerCleanup(request), 'why', env)
    const none = recordingCore({ runner: 'true' })
    await failQueuedJob(postDeps(none), runnerCleanup(request), 'why', env)
    expect(none.log).toEqual([
      'Runner: no label and token to serve a failing runner with; a job of this run may wait for the label.',
    ])
    expect([cancelled.log, fake.github.requests]).toEqual([[], []])
  })

  it('a registration whose answer was lost: found by its name, made again, online', async () => {
    const { request } = await setUp()
    fake.github.runners.loseJitAnswers = 1
    const core = recordingCore()
    await serveUnserved({ core, clock: realClock, signal: new AbortController().signal }, request, 'why')
    const saved = savedOf(core)
    expect(core.log.join('\n')).toMatch(/registered by an earlier attempt whose answer was lost; deleting it/)
    expect(fake.github.runners.byId.get(saved.id)?.status).toBe('online')
    const post = recordingCore()
    await cleanupUnserved(postDeps(post, AbortSignal.abort()), saved, runnerCleanup(request))
    expect(left(saved)).toEqual(NOTHING)
    expect([...fake.github.runners.byId.values()].every((r) => r.deleted)).toBe(true)
  })

  it("the post step without a token, or with GitHub refusing its reads: it still removes what is this machine's", async () => {
    const { request } = await setUp()
    const core = recordingCore()
    await serveUnserved({ core, clock: realClock, signal: new AbortController().signal }, request, 'why')
    const saved = savedOf(core)
    fake.github.forbidden = [/\/actions\/runners\/\d+$/]
    const post = recordingCore()
    const clock = new FakeClock()
    await cleanupUnserved({ ...postDeps(post), clock }, saved, runnerCleanup(request, 3_000))
    expect(post.log.join('\n')).toMatch(/GitHub answered 403 to reading runner/)
    expect(post.annotations.map((a) => a.message).join('\n')).toMatch(
      /could not be removed entirely: the registration .*403.*Settings > Actions > Runners/,
    )
    expect(left(saved)).toMatchObject({ alive: false, dir: false, user: false })
    const none = recordingCore()
    await cleanupUnserved({ ...postDeps(none), clock }, saved, { ...runnerCleanup(request), githubToken: '' })
    expect(none.log.join('\n')).toMatch(/its registration is not known, so no job is waited for/)
    expect(none.annotations.map((a) => a.message).join('\n')).toMatch(/'github-token' is missing/)
    fake.github.forbidden = []
    await cleanupUnserved({ ...postDeps(none), clock }, { ...saved, id: 0 }, runnerCleanup(request))
    expect(fake.github.runners.byId.get(saved.id)?.deleted).toBe(true)
  })
})

describe.skipIf(!canRun)('the failing runner bounds its own life', () => {
  it('ends by itself at its lifetime, where no post step removes it (timeout(1) on the process group)', async () => {
    const dir = fake.makeDir('unserved-lifetime-')
    mkdirSync(join(dir, 'runner'))
    writeFileSync(join(dir, 'runner', 'run.sh'), '#!/bin/bash\nsleep 600\n', { mode: 0o755 })
    const runner = { dir, pid: 0 }
    runner.pid = startLocalRunner(runner, join(dir, 'job-started.sh'), 'not a configuration', 1)
    expect(localRunnerAlive(runner)).toBe(true)
    for (let waited = 0; waited < 50 && localRunnerAlive(runner); waited++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    expect(localRunnerAlive(runner)).toBe(false)
    // In the action: runner-timeout, the 2 minutes it may take to come online, and 15 minutes for the post step's stop.
    expect(runnerLifetimeSeconds({ pickupTimeoutMs: 600_000 })).toBe(1_620)
  })
})

describe.skipIf(!canRun)("the post step's mirror of the served job", () => {
  it.each([
    ['failure', /The job 'gpu-tests' that ran on gpu-sandbox-sbx-1 ended 'failure', so this holding step fails too/],
    ['cancelled', /ended 'cancelled'/],
    ['success', undefined],
  ] as const)('%s', async (conclusion, message) => {
    const { request } = await setUp()
    const body = { name: 'gpu-sandbox-sbx-1', labels: ['gpu-x'], runner_group_id: 1 }
    const made = fake.github.runners.answer(
      'POST',
      '/repos/octo/repo/actions/runners/generate-jitconfig',
      'octo/repo',
      body,
    )
    const id = (made?.body as { runner: { id: number } }).runner.id
    // GitHub hands jobs to online runners only.
    Object.assign(fake.github.runners.byId.get(id) ?? {}, { status: 'online' })
    fake.github.runners.assignJob(id, 50, THIS_RUN, { conclusion })
    const core = recordingCore()
    const config = { runner: () => runnerCleanup({ ...request, workflowRun: { id: 4242, attempt: 1 } }) }
    process.env.GPU_SANDBOX_RUNNER_POLL = '1s'
    const deps = postDeps(core)
    const saved = { id, name: 'gpu-sandbox-sbx-1', online: true }
    // Read while the job still runs: read again until GitHub shows it completed.
    const { job, failure: failed } = await mirrorServedJob(deps, saved, config as unknown as CleanupConfig)
    expect(job?.conclusion).toBe(conclusion)
    if (message) expect(failed).toMatch(message)
    else expect(failed).toBeUndefined()
    expect(await runnerJobOutcome(deps, saved, config as unknown as CleanupConfig)).toBe(
      `'gpu-tests' ended: ${conclusion}`,
    )
    delete process.env.GPU_SANDBOX_RUNNER_POLL
  })

  it('a job list GitHub will not give: no mirror, a note', async () => {
    const { request } = await setUp()
    fake.github.forbidden = [/\/jobs$/]
    const core = recordingCore()
    const config = { runner: () => runnerCleanup(request) } as unknown as CleanupConfig
    const saved = { id: 1, name: 'gpu-sandbox-sbx-1', online: true }
    expect(await mirrorServedJob({ ...postDeps(core), clock: new FakeClock() }, saved, config)).toEqual({})
    expect(core.log.join('\n')).toMatch(/its job's result could not be read \(.*403/)
  })
})
