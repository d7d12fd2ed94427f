/**
 * Runner mode's modules in process (so coverage sees them): the registry
 * against the fake GitHub on loopback, the runner put on the emulated sandbox
 * over real OpenSSH, the post step's wait with a fake clock, the deletion.
 */
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import { deleteRegistration, runnerPollMs, waitForRunnerJob } from '../../src/runner/post.ts'
import { RunnerRegistry } from '../../src/runner/github.ts'
import type { CleanupConfig, StopConfig } from '../../src/inputs/config.ts'
import { remoteContext } from '../../src/sandbox/remote-context.ts'
import { runStop } from '../../src/modes/stop.ts'
import { registerRunner, replaceRunner } from '../../src/runner/register.ts'
import { realClock } from '../../src/runtime/clock.ts'
import type { CleanupDeps, StepDeps } from '../../src/step/deps.ts'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { THIS_RUN } from '../../scripts/lib/fake-runners.ts'
import type { SavedRunner } from '../../src/step/state.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { emulatorSshConfig } from '../../scripts/lib/ssh-config.ts'
import { FakeClock, recordingCore, type RecordingCore } from '../harness/fakes.ts'
import { canRun } from '../harness/ssh-job.ts'

let emulator: Emulator | undefined
const fake = useFakeGitHub()
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

async function setUp() {
  emulator = new Emulator({ ssh: true, generation: 'current', stopMs: 50 })
  const baseUrl = await emulator.start()
  await fake.serve()
  fake.makeDir('runner-remote-')
  const client = new ComputeClient({ baseUrl, apiToken: emulator.token, requestTimeoutMs: 5_000 })
  const sandboxId = emulator.seed('runner-remote').id
  const repository = fake.repository()
  const target = { configPath: emulatorSshConfig(emulator, fake.dir, 'box'), alias: 'box' }
  return { client, sandboxId, repository, target }
}

function stepDeps(core: RecordingCore, client: ComputeClient, clock = realClock): StepDeps {
  return { core, client, clock, signal: new AbortController().signal, env: process.env }
}

type SetUp = Awaited<ReturnType<typeof setUp>>

/** registerRunner for `sandboxId` (label gpu-x) on the set-up emulator and fake GitHub, logging to `core`. */
function register(
  setup: SetUp,
  core: RecordingCore,
  sandboxId = setup.sandboxId,
  workflowRun?: { id: number; attempt: number },
): Promise<void> {
  const deps = stepDeps(core, setup.client)
  const request = {
    label: 'gpu-x',
    pickupTimeoutMs: 60_000,
    githubToken: GITHUB_TOKEN,
    repository: setup.repository,
    addedDomains: [],
    workflowRun,
  }
  return registerRunner(deps, request, sandboxId, remoteContext(deps, sandboxId, setup.target, 'host'), fake.dir)
}

/** The post step's view of runner mode's inputs. */
function cleanupConfig(repository: SetUp['repository'], token = GITHUB_TOKEN, pickupTimeoutMs = 60_000): CleanupConfig {
  return { runner: () => ({ githubToken: token, repository, pickupTimeoutMs }) } as unknown as CleanupConfig
}

/** The holder's view in run 4242 with the label gpu-x: what a fresh runner after a refused job needs. */
function holderConfig(repository: SetUp['repository']): CleanupConfig {
  const runner = { githubToken: GITHUB_TOKEN, repository, pickupTimeoutMs: 60_000 }
  return {
    runner: () => ({ ...runner, workflowRun: { id: 4242, attempt: 1 }, label: 'gpu-x' }),
  } as unknown as CleanupConfig
}

describe.skipIf(!canRun)('runner mode, in process', () => {
  it('registers, installs, starts and sees the runner online; the post wait sees its job and the deletion finds it gone', async () => {
    const setup = await setUp()
    const { client, sandboxId } = setup
    const core = recordingCore()
    await register(setup, core)
    const saved = JSON.parse(core.state.runner ?? '{}')
    expect(saved).toMatchObject({ name: `gpu-sandbox-${sandboxId}`, online: true })
    expect(core.outputs).toMatchObject({ 'runner-name': `gpu-sandbox-${sandboxId}`, 'runner-label': 'gpu-x' })
    expect(core.secrets).toContain(fake.github.runners.jitConfigs[0])
    // A second registration finds the package already there.
    const again = recordingCore()
    await expect(register(setup, again)).rejects.toThrow(/409|registering a just-in-time runner/)
    expect(again.log).toContain(
      'Runner: ~/actions-runner/run.sh is already on the sandbox (a prepared image); used as is.',
    )

    const post = recordingCore()
    const clock = new FakeClock()
    const config = cleanupConfig(setup.repository)
    const cleanupDeps: CleanupDeps = { core: post, clock, makeClient: () => client }
    fake.github.runners.assignJob(saved.id, 1_500)
    await waitForRunnerJob(cleanupDeps, saved, config)
    // Outside a workflow run the hooks only note the job (nothing to refuse against): the sandbox still says so.
    expect(post.log.join('\n')).toContain("its job 'gpu-tests' ended (the runner on the sandbox says so)")
    await deleteRegistration(cleanupDeps, saved, config)
    expect(post.log.at(-1)).toMatch(/is already gone|Deleted the runner registration/)
  })

  it('in process: no job within runner-timeout, then a runner that ends before any job: the sandbox says so', async () => {
    const setup = await setUp()
    const core = recordingCore()
    await register(setup, core, setup.sandboxId, { id: 4242, attempt: 1 })
    const saved = JSON.parse(core.state.runner ?? '{}') as SavedRunner
    const deps = (recording: RecordingCore) => ({
      core: recording,
      clock: new FakeClock(),
      makeClient: () => setup.client,
    })
    const waited = recordingCore()
    expect(await waitForRunnerJob(deps(waited), saved, cleanupConfig(setup.repository, GITHUB_TOKEN, 2_000))).toBe(
      undefined,
    )
    expect(waited.annotations.map((a) => a.message)).toEqual([
      expect.stringMatching(
        /no job picked it up within runner-timeout \(2s\)\. Does a job use runs-on with its label\?/,
      ),
    ])
    // Neither the main step (the runner said it listens) nor the wait (the sandbox says) read the runner.
    expect(fake.github.paths().filter((path) => path.startsWith('GET /repos/octo/repo/actions/runners/'))).toEqual([])
    // run.sh ends (killed) before any job: the watch sees its process gone.
    const kill = spawnSync('ssh', ['-F', setup.target.configPath, 'box', `kill ${saved.watch?.pid ?? 0}`])
    expect(kill.status).toBe(0)
    const ended = recordingCore()
    expect(await waitForRunnerJob(deps(ended), saved, cleanupConfig(setup.repository))).toBeUndefined()
    expect(ended.log.join('\n')).toContain('the runner ended before any job started on it; stopping the sandbox.')
  })

  it("in process: a refused job of another run gets a fresh runner on the same sandbox, which serves this run's job", async () => {
    const setup = await setUp()
    const core = recordingCore()
    await register(setup, core, setup.sandboxId, { id: 4242, attempt: 1 })
    const saved = JSON.parse(core.state.runner ?? '{}') as SavedRunner
    expect(saved.watch?.pid).toBeGreaterThan(0)
    const post = recordingCore()
    const config = holderConfig(setup.repository)
    const stranger = { runId: 999, attempt: 1, name: 'queued-by-a-fork' }
    fake.github.runners.assignJob(saved.id, 0, stranger, { plan: [{ name: 's', run: 'echo STOLEN' }] })
    // This run's job goes to the fresh runner once it is online.
    const timer = setInterval(() => {
      const fresh = [...fake.github.runners.byId.values()].find((r) => r.id !== saved.id && r.status === 'online')
      if (!fresh || fresh.busy || fresh.deleted) return
      clearInterval(timer)
      fake.github.runners.assignJob(fresh.id, 0, THIS_RUN, { plan: [{ name: 't', run: 'echo OURS' }] })
    }, 100)
    let current: SavedRunner = saved
    const taken = await waitForRunnerJob(
      { core: post, clock: new FakeClock(), makeClient: () => setup.client },
      saved,
      config,
      (fresh) => (current = fresh),
    )
    clearInterval(timer)
    expect(taken).toBeUndefined()
    expect(current.name).toBe(`gpu-sandbox-${setup.sandboxId}-r2`)
    expect(post.annotations.map((a) => a.message)).toEqual([
      expect.stringMatching(/its job-started hook refused job 'queued-by-a-fork' of run 999 \(attempt 1\)/),
    ])
    expect(fake.github.runners.jobs.map((job) => job.conclusion)).toEqual(['failure', 'success'])
    expect(post.secrets).toContain(fake.github.runners.jitConfigs.at(-1))
  })

  it('a fresh runner that never comes online: the holder fails, and no registration of it is left', async () => {
    const setup = await setUp()
    const core = recordingCore()
    await register(setup, core, setup.sandboxId, { id: 4242, attempt: 1 })
    const saved = JSON.parse(core.state.runner ?? '{}') as SavedRunner
    const config = holderConfig(setup.repository)
    fake.github.runners.assignJob(
      saved.id,
      0,
      { runId: 999, attempt: 1, name: 'x' },
      { plan: [{ name: 's', run: 'true' }] },
    )
    // GitHub refuses the fresh runner's session: its run.sh ends before it comes online.
    fake.github.runners.refuseSessions = true
    const post = recordingCore()
    const taken = await waitForRunnerJob(
      { core: post, clock: new FakeClock(), makeClient: () => setup.client },
      saved,
      config,
    )
    expect(taken).toMatch(
      /no fresh runner could be started \(the new runner gpu-sandbox-sbx-[0-9a-f]{16}-r2 did not come online/,
    )
    expect([...fake.github.runners.byId.values()].map((r) => [r.name.replace(/^.*(-r\d+)$/, '$1'), r.deleted])).toEqual(
      [
        [saved.name, true],
        ['-r2', true],
      ],
    )
  })

  it('no fresh runner where the refused job ran to its end on the sandbox (a step of it may have run there)', async () => {
    const setup = await setUp()
    const core = recordingCore()
    await register(setup, core, setup.sandboxId, { id: 4242, attempt: 1 })
    const saved = JSON.parse(core.state.runner ?? '{}') as SavedRunner
    // A runner whose hook could not end the job: the job ran on, and its completed hook left its note.
    const home = emulator?.sshService?.sandboxHost.home ?? ''
    writeFileSync(join(home, 'actions-runner', 'gpu-sandbox-job-completed'), '1\n')
    expect(spawnSync('ssh', ['-F', setup.target.configPath, 'box', `kill ${saved.watch?.pid ?? 0}`]).status).toBe(0)
    const context = remoteContext(stepDeps(core, setup.client), setup.sandboxId, setup.target, 'host')
    const registry = new RunnerRegistry(setup.repository, GITHUB_TOKEN, { clock: new FakeClock(), log: () => {} })
    const deps = { core, clock: new FakeClock() }
    await expect(
      replaceRunner(deps, context, registry, { pid: saved.watch?.pid ?? 0 }, { name: 'n-r2', label: 'gpu-x' }),
    ).rejects.toThrow('the refused job ran to its end on the sandbox (a step of it may have run there)')
    expect(fake.github.runners.jitConfigs).toHaveLength(1)
  })

  it('a runner name GitHub answers with is never what state, outputs or the log carry: the name asked for is', async () => {
    const setup = await setUp()
    const { client, sandboxId } = setup
    fake.github.runners.answeredName = 'x\n::error::forged by GitHub ##[warning]again'
    const core = recordingCore()
    await register(setup, core)
    const saved = JSON.parse(core.state.runner ?? '{}')
    expect(saved).toMatchObject({ name: `gpu-sandbox-${sandboxId}`, online: true })
    expect(core.outputs['runner-name']).toBe(`gpu-sandbox-${sandboxId}`)
    const post = recordingCore()
    await waitForRunnerJob(
      { core: post, clock: new FakeClock(), makeClient: () => client },
      saved,
      cleanupConfig(setup.repository, GITHUB_TOKEN, 1_000),
    )
    const text = [...core.log, ...post.log, ...post.annotations.map((a) => a.message)].join('\n')
    expect(text).toContain(`Runner: registered as 'gpu-sandbox-${sandboxId}' (GitHub calls it 'x`)
    expect(text).not.toMatch(/^\s*::error::/m)
    expect(text).not.toContain('##[warning]')
  })

  it('a lost registration answer: the 409 of the retry is our own registration, replaced; when that fails too, the post step finds it by name', async () => {
    const setup = await setUp()
    const { client, sandboxId } = setup
    fake.github.runners.loseJitAnswers = 1
    const core = recordingCore()
    await register(setup, core)
    const [lost, kept] = [...fake.github.runners.byId.values()]
    expect(core.log.join('\n')).toContain(
      `Runner: GitHub already has 'gpu-sandbox-${sandboxId}' (id ${lost?.id}), registered by an earlier attempt whose answer was lost; deleting it and registering again.`,
    )
    expect(lost?.deleted).toBe(true)
    expect(kept).toMatchObject({ deleted: false, status: 'online' })
    expect(JSON.parse(core.state.runner ?? '{}')).toMatchObject({ id: kept?.id, online: true })

    // Every answer lost: the step fails, state names the registration without an id, and the post step deletes it by name.
    const other = emulator?.seed('runner-remote-2').id ?? ''
    fake.github.runners.loseJitAnswers = 9
    const failed = recordingCore()
    await expect(register(setup, failed, other)).rejects.toThrow(/GitHub answered 409/)
    const saved = JSON.parse(failed.state.runner ?? '{}')
    expect(saved).toEqual({ id: 0, name: `gpu-sandbox-${other}`, online: false })
    const orphan = [...fake.github.runners.byId.values()].find((r) => r.name === saved.name && !r.deleted)
    expect(orphan).toBeDefined()
    const post = recordingCore()
    await deleteRegistration(
      { core: post, clock: new FakeClock(), makeClient: () => client },
      saved,
      cleanupConfig(setup.repository),
    )
    expect(post.log.at(-1)).toBe(`Deleted the runner registration gpu-sandbox-${other} (id ${orphan?.id}).`)
    expect(orphan?.deleted).toBe(true)
  })

  it('the post wait: pickup timeout on the fake clock, 403 ends it, never-online skips it, missing token says so', async () => {
    const { client, repository } = await setUp()
    const registry = new RunnerRegistry(repository, GITHUB_TOKEN, {
      clock: realClock,
      log: () => {},
      requestTimeoutMs: 5_000,
    })
    const { runner } = await registry.generate('gpu-sandbox-sbx-00000000000000aa', 'l')
    const config = (token = GITHUB_TOKEN) => cleanupConfig(repository, token)
    const core = recordingCore()
    const clock = new FakeClock()
    await waitForRunnerJob(
      { core, clock, makeClient: () => client },
      { id: runner.id, name: runner.name, online: true },
      config(),
    )
    expect(core.annotations[0]?.message).toMatch(/no job picked it up within runner-timeout \(1m/)
    // Reads at 0, 16, 32 and 48 s; at 64 s the time is up without a fifth: at most 4 in any minute.
    expect(clock.sleeps).toEqual([16_000, 16_000, 16_000, 16_000])

    const denied = recordingCore()
    await waitForRunnerJob(
      { core: denied, clock: new FakeClock(), makeClient: () => client },
      { id: runner.id, name: runner.name, online: true },
      config('ghs_wrong'),
    )
    expect(denied.annotations[0]?.message).toMatch(/GitHub answered 401 to reading runner/)

    const never = recordingCore()
    await waitForRunnerJob(
      { core: never, clock, makeClient: () => client },
      { id: runner.id, name: runner.name, online: false },
      config(),
    )
    expect(never.log[0]).toMatch(/never came online/)

    const missing = recordingCore()
    await waitForRunnerJob(
      { core: missing, clock, makeClient: () => client },
      { id: runner.id, name: runner.name, online: true },
      config(''),
    )
    await deleteRegistration(
      { core: missing, clock, makeClient: () => client },
      { id: runner.id, name: runner.name, online: true },
      config(''),
    )
    expect(missing.annotations[0]?.message).toMatch(/'github-token' \(or GITHUB_REPOSITORY\) is missing/)

    await deleteRegistration(
      { core, clock, makeClient: () => client },
      { id: runner.id, name: runner.name, online: true },
      config(),
    )
    expect(core.log.at(-1)).toBe(`Deleted the runner registration ${runner.name} (id ${runner.id}).`)
    const failing = recordingCore()
    fake.github.script.push({ status: 422, body: { message: 'nope' } })
    await deleteRegistration(
      { core: failing, clock, makeClient: () => client },
      { id: 999, name: 'x', online: true },
      config(),
    )
    expect(failing.annotations[0]?.message).toMatch(/Could not delete the runner registration x/)
    expect(runnerPollMs({ GPU_SANDBOX_RUNNER_POLL: '2s' })).toBe(2_000)
    expect(runnerPollMs({ GPU_SANDBOX_RUNNER_POLL: '0' })).toBe(16_000)
  })

  it('the registry: release, refusals and odd answers', async () => {
    const { repository } = await setUp()
    const registry = new RunnerRegistry(repository, GITHUB_TOKEN, {
      clock: new FakeClock(),
      log: () => {},
      requestTimeoutMs: 5_000,
    })
    expect(await registry.latestRelease()).toEqual({ version: '2.330.0', sha256: fake.github.runners.package.sha256 })
    fake.github.script.push({ status: 200, body: { tag_name: 'v2.330.0', body: 'no checksum here' } })
    await expect(registry.latestRelease()).rejects.toThrow(/gives no version and linux-x64 SHA-256/)
    fake.github.script.push({ status: 200, body: { runner: { id: 'x' } } })
    await expect(registry.generate('n', 'l')).rejects.toThrow(/not a runner and its configuration/)
    fake.github.script.push({ status: 403, body: { message: 'Resource not accessible by integration' } })
    await expect(registry.checkAccess(undefined)).rejects.toThrow(
      /GitHub answered 403 to listing self-hosted runners for octo\/repo\. Runner mode needs a token with repository administration: write/,
    )
    // A rate limit is a wait, then the same call again (issue 43): never a refusal.
    fake.github.script.push({ status: 429, body: { message: 'rate' }, headers: { 'retry-after': '1' } })
    await expect(registry.checkAccess(undefined)).resolves.toBeUndefined()
    expect(await registry.get(12345)).toBeUndefined()
    expect(await registry.remove(12345)).toBe(false)
    expect(await registry.findByName('nobody')).toBeUndefined()
  })

  it('mode: stop deletes the registrations named after the sandbox (…-r3 too); a token that may not is only a note', async () => {
    const { client, sandboxId, repository } = await setUp()
    const registry = new RunnerRegistry(repository, GITHUB_TOKEN, {
      clock: realClock,
      log: () => {},
      requestTimeoutMs: 5_000,
    })
    const { runner } = await registry.generate(`gpu-sandbox-${sandboxId}`, 'l')
    // A fresh runner after refused jobs, left where the holder's post step did not end; and a stranger's look-alike.
    const fresh = (await registry.generate(`gpu-sandbox-${sandboxId}-r3`, 'l')).runner
    const other = (await registry.generate(`gpu-sandbox-${sandboxId}-r3x`, 'l')).runner
    const core = recordingCore()
    const stop = (token: string): StopConfig => ({
      mode: 'stop',
      apiToken: '',
      baseUrl: '',
      sandboxId,
      runnerCleanup: { githubToken: token, repository },
    })
    const before = fake.github.requests.length
    await runStop(stop(GITHUB_TOKEN), stepDeps(core, client))
    expect(core.log).toContain(`Deleted the runner registration gpu-sandbox-${sandboxId} (id ${runner.id}).`)
    expect(core.log).toContain(`Deleted the runner registration gpu-sandbox-${sandboxId}-r3 (id ${fresh.id}).`)
    expect(fake.github.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/octo/repo/actions/runners',
      `DELETE /repos/octo/repo/actions/runners/${runner.id}`,
      'GET /repos/octo/repo/actions/runners',
      'GET /repos/octo/repo/actions/runners',
      `DELETE /repos/octo/repo/actions/runners/${fresh.id}`,
      'GET /repos/octo/repo/actions/runners',
    ])
    expect(fake.github.runners.byId.get(other.id)?.deleted).toBe(false)
    // GitHub failing a lookup: one warning naming what is left to look for, no more requests.
    fake.github.script = [undefined, { status: 422, body: { message: 'Validation Failed' } }]
    const failing = recordingCore()
    const count = fake.github.requests.length
    await runStop(stop(GITHUB_TOKEN), stepDeps(failing, client))
    expect(fake.github.requests.length - count).toBe(2)
    expect(failing.annotations.map((a) => a.message)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Could not delete the runner registration gpu-sandbox-${sandboxId}-r2: .*422.*\\. Delete any of ` +
            `gpu-sandbox-${sandboxId}-r2, gpu-sandbox-${sandboxId}-r3, gpu-sandbox-${sandboxId}-r4 under Settings`,
        ),
      ),
    ])
    const denied = recordingCore()
    await runStop(stop('ghs_wrong'), stepDeps(denied, client))
    expect(denied.log.at(-1)).toMatch(
      /No runner registration was looked for: 'github-token' may not manage runners \(401\)/,
    )
    expect(denied.annotations).toEqual([])
  })
})
