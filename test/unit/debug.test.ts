/**
 * debug-on-failure's inputs and the post step's refusals in process (issues
 * 32 and 42): a key that is not one public key line; a fork's pull request
 * (its run runs, the hold is refused with one warning); a sandbox with no way
 * in (a warning, then the sandbox is stopped at once).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { holdForDebugging, refuseForkHold } from '../../src/cleanup/debug.ts'
import { FORK_REFUSAL } from '../../src/inputs/debug.ts'
import { ComputeClient } from '../../src/client/client.ts'
import type { CleanupConfig, StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import type { CleanupDeps } from '../../src/step/deps.ts'
import { ActionState } from '../../src/step/state.ts'
import { emulatorSshConfig } from '../../scripts/lib/ssh-config.ts'
import { skipWithout } from '../harness/host.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

const PUB = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl me@laptop'
let dir = ''
let emulator: Emulator | undefined
afterEach(async () => {
  rmSync(dir, { recursive: true, force: true })
  await emulator?.close()
  emulator = undefined
})

const config = (extra: Record<string, string>, env: NodeJS.ProcessEnv = {}) => {
  const inputs: Record<string, string> = { 'api-token': 'emulator-token-0123456789abcdef', ...extra }
  return parseInputs((n) => inputs[n] ?? '', { env, repositoryId: '7', runId: '1', runAttempt: '1' }) as StartConfig
}

describe('debug-on-failure inputs', () => {
  it('a duration and one public key line; it gives the step SSH access', () => {
    const parsed = config({ 'debug-on-failure': '5m', 'debug-public-key': PUB })
    expect(parsed.debug).toEqual({ holdMs: 300_000, publicKey: PUB })
    expect(parsed.ssh).toEqual({ alias: 'sandbox' })
  })

  it('refuses what cannot be used, naming the input', () => {
    expect(() => config({ 'debug-on-failure': '5m' })).toThrow(
      "Input 'debug-public-key': is required with debug-on-failure",
    )
    expect(() => config({ 'debug-public-key': PUB })).toThrow(
      "Input 'debug-public-key': is set but 'debug-on-failure' is empty",
    )
    expect(() =>
      config({ 'debug-on-failure': '5m', 'debug-public-key': '-----BEGIN OPENSSH PRIVATE KEY-----' }),
    ).toThrow("Input 'debug-public-key': must be one OpenSSH public key line")
    expect(() => config({ 'debug-on-failure': '7h', 'debug-public-key': PUB })).toThrow("Input 'debug-on-failure'")
    dir = mkdtempSync(join(tmpdir(), 'debug-fork-'))
    writeFileSync(
      join(dir, 'event.json'),
      JSON.stringify({ pull_request: { head: { repo: { full_name: 'fork/repo' } } } }),
    )
    const fork = {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: join(dir, 'event.json'),
      GITHUB_REPOSITORY: 'octo/repo',
    }
    // A fork's pull request: the inputs are checked as ever, the run is not refused, and no SSH is set up for a hold.
    const forkRun = config({ 'debug-on-failure': '5m', 'debug-public-key': PUB }, fork)
    expect(forkRun.debug).toEqual({ holdMs: 300_000, publicKey: PUB, refused: FORK_REFUSAL })
    expect(forkRun.ssh).toBeUndefined()
    expect(() => config({ 'debug-on-failure': 'soon', 'debug-public-key': PUB }, fork)).toThrow(
      "Input 'debug-on-failure'",
    )
  })
})

describe("a fork's pull request in the post step", () => {
  const forkCleanup = (keepAlive = false) =>
    ({
      keepAlive,
      debug: () => ({ holdMs: 60_000, publicKey: PUB, refused: FORK_REFUSAL }),
      runner: () => ({ githubToken: '', repository: undefined }),
    }) as unknown as CleanupConfig

  it('a failed run: one warning that the hold is refused, and why; a passing run or keep-alive: nothing', async () => {
    const core = recordingCore()
    const state = new ActionState(core)
    state.saveSandboxId('sbx-00000000000000ef', Date.now())
    const deps = { core, clock: new FakeClock(), makeClient: () => undefined } as unknown as CleanupDeps
    await refuseForkHold(deps, state, () => forkCleanup())
    expect(core.annotations).toEqual([])
    state.saveMainFailure('run exited with 3')
    await refuseForkHold(deps, state, () => forkCleanup(true))
    expect(core.annotations).toEqual([])
    await refuseForkHold(deps, state, () => forkCleanup())
    expect(core.annotations).toEqual([
      {
        level: 'warning',
        message: `debug-on-failure: the run failed (run exited with 3), but ${FORK_REFUSAL}. Stopping the sandbox now.`,
      },
    ])
  })
})

describe('the hold in the post step', () => {
  it('a sandbox with no SSH endpoint (v1.0): a warning naming debug-on-failure, no certificate asked, no hold', async () => {
    emulator = new Emulator({ generation: 'v1' })
    const baseUrl = await emulator.start()
    const core = recordingCore()
    const state = new ActionState(core)
    state.saveSandboxId(emulator.seed('held').id, Date.now())
    state.saveMainFailure('run exited with 3')
    state.saveDebugAccess({ configPath: '/nonexistent', alias: 'sandbox' })
    const client = new ComputeClient({ baseUrl, apiToken: emulator.token })
    const deps = { core, clock: new FakeClock(), makeClient: () => client } as unknown as CleanupDeps
    const cleanup = () =>
      ({ keepAlive: false, debug: () => ({ holdMs: 60_000, publicKey: PUB }) }) as unknown as CleanupConfig
    await holdForDebugging(deps, state, cleanup)
    expect(core.annotations).toHaveLength(1)
    expect(core.annotations[0]?.message).toBe(
      'debug-on-failure: no hold: the sandbox record has no ssh field (no address to connect to); ' +
        'stopping the sandbox now.',
    )
    expect(emulator.requests.filter((r) => r.path.includes('ssh-certificate'))).toEqual([])
    expect(core.log.join('\n')).not.toMatch(/holding/)
  })
})

describe('the hold, in process against the emulator with real OpenSSH', () => {
  async function held(setUp: (home: string) => void, holdMs: number, cancel = false) {
    emulator = new Emulator({ generation: 'current', ssh: true })
    const baseUrl = await emulator.start()
    dir = mkdtempSync(join(tmpdir(), 'debug-hold-'))
    const configPath = emulatorSshConfig(emulator, dir, 'box')
    setUp(emulator.sshService?.sandboxHost.home ?? '')
    const core = recordingCore()
    const state = new ActionState(core)
    state.saveSandboxId(emulator.seed('held').id, Date.now())
    state.saveMainFailure('run exited with 3')
    state.saveDebugAccess({ configPath, alias: 'box' })
    const client = new ComputeClient({ baseUrl, apiToken: emulator.token })
    const controller = new AbortController()
    // Cancelled once the hold has begun (the certificate and the record were read).
    const timer = cancel ? setTimeout(() => controller.abort(new Error('cancelled by SIGTERM')), 400) : undefined
    const deps = { core, clock: new FakeClock(), makeClient: () => client, cancelWait: controller.signal }
    const cleanup = () => ({ keepAlive: false, debug: () => ({ holdMs, publicKey: PUB }) }) as unknown as CleanupConfig
    await holdForDebugging(deps as unknown as CleanupDeps, state, cleanup)
    clearTimeout(timer)
    return core.log.join('\n')
  }

  it.skipIf(skipWithout('the hold with real OpenSSH', 'sshd'))(
    'prints the connection, then ends on the release file, the time, or a cancel',
    async () => {
      const released = await held((home) => writeFileSync(join(home, '.gpu-sandbox-release'), ''), 60_000)
      expect(released).toMatch(/debug-on-failure: the run failed \(run exited with 3\); holding sbx-\w+ for 1m\./)
      expect(released).toMatch(/^ {5}ssh-ed25519-cert-v01@openssh\.com \S+/m)
      // The sandbox's own host key, as its record gives it.
      const pinned = released.split('\n').find((line) => line.startsWith('     [127.0.0.1]:'))
      expect(pinned).toBe(`     [127.0.0.1]:${emulator?.sshService?.port} ${emulator?.sshService?.hostKey}`)
      expect(released).toMatch(/^ {2}3\. ssh -i <your private key> .* -p \d+ \w+@127\.0\.0\.1$/m)
      expect(released).toContain('debug-on-failure: ~/.gpu-sandbox-release appeared; stopping now.')
      await emulator?.close()
      rmSync(dir, { recursive: true, force: true })
      expect(await held(() => undefined, 3_000)).toContain('debug-on-failure: the time is up; stopping now.')
      await emulator?.close()
      rmSync(dir, { recursive: true, force: true })
      expect(await held(() => undefined, 60_000, true)).toContain(
        'debug-on-failure: the job was cancelled; stopping now.',
      )
    },
  )
})

describe("a later step's failure", () => {
  it('GitHub cannot be read: no hold, and the log says so', async () => {
    const core = recordingCore()
    const state = new ActionState(core)
    state.saveSandboxId('sbx-00000000000000ee', Date.now())
    state.saveDebugAccess({ configPath: '/nonexistent', alias: 'box' })
    const repository = {
      owner: 'octo',
      repo: 'repo',
      id: '7',
      apiUrl: 'http://127.0.0.1:9',
      serverUrl: 'http://127.0.0.1:9',
    }
    const cleanup = () =>
      ({
        keepAlive: false,
        debug: () => ({ holdMs: 60_000, publicKey: PUB }),
        runner: () => ({ githubToken: 'ghs_x', repository, workflowRun: { id: 4242, attempt: 1 } }),
      }) as unknown as CleanupConfig
    const deps = { core, clock: new FakeClock(), makeClient: () => undefined }
    const saved = process.env.RUNNER_NAME
    process.env.RUNNER_NAME = 'GitHub Actions 3'
    try {
      await holdForDebugging(deps as unknown as CleanupDeps, state, cleanup)
    } finally {
      if (saved === undefined) delete process.env.RUNNER_NAME
      else process.env.RUNNER_NAME = saved
    }
    expect(core.annotations.map((a) => `${a.level}: ${a.message}`)).toEqual([
      expect.stringMatching(
        /^warning: debug-on-failure: no hold: this job's steps could not be read, so a failed later step cannot be seen \(.*\)\.$/,
      ),
    ])
  })
})
