/**
 * The warm pool through the bundles (issue 55), against the emulator as
 * deployed with a real sshd: a job with `pool` starts cold and refills the
 * pool; the next job claims the pool's ready sandbox (pool-claimed true, the
 * summary says "from pool"), and its post step stops it; `mode: pool` fills
 * and drains; jobs at once never share a sandbox; a step killed right after
 * its claim still has its post step stop what it claimed.
 */
import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Emulator } from '../../emulator/emulator.ts'
import { plantLostClaimAnswers, type SandboxHost } from '../../emulator/sandbox-host.ts'
import { onceOutput, runStep } from '../../scripts/lib/action-runner.ts'
import { eventEnvironment } from '../../scripts/lib/event.ts'
import { ComputeClient } from '../../src/client/client.ts'
import { runMain } from '../../src/main.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { recordingCore } from '../harness/fakes.ts'
import { canRun, inputs, job, sleep, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()

const POOL = { pool: 'ci', 'pool-size': '1' }
const poolNames = (service: Emulator) => service.liveSandboxes().filter((s) => s.name.startsWith('gp-31337-ci-'))

/** Waits until the pool's live sandboxes are all ready (the emulator says `running`), `count` of them. */
async function poolReady(service: Emulator, count: number): Promise<string[]> {
  for (let k = 0; k < 200; k++) {
    const live = poolNames(service)
    if (live.length === count && live.every((s) => s.status === 'running')) return live.map((s) => s.id)
    await sleep(50)
  }
  throw new Error(`the pool never had ${count} ready: ${JSON.stringify(poolNames(service).map((s) => s.status))}`)
}

/** The runner of a push to the default branch: the trusted domain. */
const env = () => ({ HOME: job.home, ...eventEnvironment(join(job.home, 'event.json'), 'push') })

describe.skipIf(!canRun)('the warm pool, through the bundles', () => {
  it('a cold start refills the pool; the next job claims it in seconds; its post step stops it', async () => {
    const service = await startEmulator()
    const first = await runStep('main', { inputs: inputs(POOL), env: env() })
    expect(first.exitCode).toBe(0)
    expect(first.outputs['pool-claimed']).toBe('false')
    expect(first.stdout).toMatch(/Pool 'ci': nothing claimed \(pool 'ci' has no ready sandbox for this request\); this/)
    expect(first.stdout).toMatch(/Pool 'ci': 0 ready and unclaimed, 0 starting, pool-size 1: started 1\./)
    expect(first.summary).toContain('not from pool ci (branches): started its own')
    const [pooled] = await poolReady(service, 1)
    // The pool's sandbox is not the first job's to stop: its post step stops its own only.
    const firstPost = await runStep('post', { inputs: inputs(POOL), env: env(), state: first.state })
    expect(firstPost.exitCode).toBe(0)
    expect(service.liveSandboxes().map((s) => s.id)).toEqual([pooled])

    const second = await runStep('main', { inputs: inputs(POOL), env: env() })
    expect(second.exitCode).toBe(0)
    expect(second.outputs).toMatchObject({ 'pool-claimed': 'true', 'sandbox-id': pooled, status: 'ready' })
    expect(second.stdout).toMatch(
      new RegExp(`Pool 'ci': claimed ${pooled} in \\d+\\.\\ds; it waited \\d+s unclaimed\\.`),
    )
    expect(second.summary).toMatch(/from pool ci \(branches\): claimed in \d+\.\ds; it waited \d+s unclaimed \(billed/)
    // Its own refill: the claimed one no longer counts, so one more starts.
    expect(second.stdout).toMatch(/Pool 'ci': 0 ready and unclaimed, 0 starting, pool-size 1: started 1\./)
    const starts = service.requestsTo('POST', '/sandboxes/start')
    expect(starts).toHaveLength(3)
    const secondPost = await runStep('post', { inputs: inputs(POOL), env: env(), state: second.state })
    expect(secondPost.exitCode).toBe(0)
    await service.settle()
    expect(service.liveSandboxes().map((s) => s.id)).not.toContain(pooled)
    expect(poolNames(service)).toHaveLength(1)

    // mode: pool with pool-size 0 drains it: the unclaimed one is claimed, then stopped.
    const [left] = await poolReady(service, 1)
    const drain = await runStep('main', { inputs: inputs({ mode: 'pool', pool: 'ci', 'pool-size': '0' }), env: env() })
    expect(drain.exitCode).toBe(0)
    expect(JSON.parse(drain.outputs.pool ?? '')).toEqual({ ready: [], claimed: [], starting: [], stopped: [left] })
    expect(drain.summary).toContain('### Pool ci')
    const drainPost = await runStep('post', { inputs: inputs({ mode: 'pool', pool: 'ci' }), env: env() })
    expect(drainPost.stdout).toContain("Nothing to stop: the sandboxes mode 'pool' starts are the pool's")
    expect(await service.settle()).toEqual([])
    // The token and the key: only in the lines that mask them, never said.
    for (const step of [first, second, drain, firstPost, secondPost]) {
      const said = (step.stdout + step.stderr).split('\n').filter((line) => !line.startsWith('::add-mask::'))
      expect(said.join('\n')).not.toContain(service.token)
      expect(said.join('\n')).not.toContain('PRIVATE KEY')
    }
  }, 120_000)

  it('mode pool fills to pool-size once (asked again, it starts nothing more), within max-live', async () => {
    const service = await startEmulator()
    const fill = { mode: 'pool', pool: 'ci', 'pool-size': '3', 'max-live': '2' }
    const first = await runStep('main', { inputs: inputs(fill), env: env() })
    expect(first.exitCode).toBe(0)
    expect(JSON.parse(first.outputs.pool ?? '').starting).toHaveLength(2)
    expect(first.stdout).toContain('pool-size 3: started 2; max-live leaves room for 2.')
    await poolReady(service, 2)
    const again = await runStep('main', { inputs: inputs({ ...fill, 'max-live': '5' }), env: env() })
    expect(JSON.parse(again.outputs.pool ?? '')).toMatchObject({ claimed: [], stopped: [] })
    expect(again.stdout).toContain('2 ready and unclaimed, 0 starting, pool-size 3: started 1.')
    expect(poolNames(service)).toHaveLength(3)
    await poolReady(service, 3)
    await runStep('main', { inputs: inputs({ mode: 'pool', pool: 'ci', 'pool-size': '0' }), env: env() })
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it('four jobs at once for two ready pool sandboxes: two claim (each another), two start their own', async () => {
    const service = await startEmulator()
    await runStep('main', { inputs: inputs({ mode: 'pool', pool: 'ci', 'pool-size': '2' }), env: env() })
    const ready = await poolReady(service, 2)
    const legs = await Promise.all(
      [1, 2, 3, 4].map(() => runStep('main', { inputs: inputs({ ...POOL, 'pool-size': '0' }), env: env() })),
    )
    for (const leg of legs) expect(leg.exitCode).toBe(0)
    const claimed = legs.filter((leg) => leg.outputs['pool-claimed'] === 'true').map((leg) => leg.outputs['sandbox-id'])
    expect(claimed.sort()).toEqual([...ready].sort())
    const own = legs.filter((leg) => leg.outputs['pool-claimed'] === 'false')
    expect(own).toHaveLength(2)
    for (const leg of own) expect(leg.stdout).toMatch(/Pool 'ci': nothing claimed \(/)
    const posts = await Promise.all(
      legs.map((leg) => runStep('post', { inputs: inputs(POOL), env: env(), state: leg.state })),
    )
    for (const post of posts) expect(post.exitCode).toBe(0)
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it('a main step killed right after its claim: the post step stops the claimed sandbox', async () => {
    const service = await startEmulator()
    await runStep('main', { inputs: inputs({ mode: 'pool', pool: 'ci', 'pool-size': '1' }), env: env() })
    const [pooled] = await poolReady(service, 1)
    const killed = await runStep('main', {
      inputs: inputs({ ...POOL, 'pool-size': '0', run: 'sleep 60' }),
      env: env(),
      onSpawn: onceOutput(`claimed ${pooled}`, (child) => child.kill('SIGKILL')),
    })
    expect(killed.signal).toBe('SIGKILL')
    expect(service.liveSandboxes().map((s) => s.id)).toContain(pooled)
    const post = await runStep('post', { inputs: inputs(POOL), env: env(), state: killed.state })
    expect(post.exitCode).toBe(0)
    expect(service.requestsTo('POST', '/sandboxes/:id/stop').map((r) => r.path)).toEqual([`/sandboxes/${pooled}/stop`])
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it('mode sweep, 20 minutes on: the unclaimed pool sandbox is claimed, then stopped; the claimed one is kept', async () => {
    const service = await startEmulator()
    await runStep('main', { inputs: inputs({ mode: 'pool', pool: 'ci', 'pool-size': '2' }), env: env() })
    const ready = await poolReady(service, 2)
    const leg = await runStep('main', { inputs: inputs({ ...POOL, 'pool-size': '0' }), env: env() })
    const claimed = leg.outputs['sandbox-id'] ?? ''
    expect(leg.outputs['pool-claimed']).toBe('true')
    // In process, with the clock 20 minutes on: both pool sandboxes look older than pool-idle (15m).
    const core = recordingCore(inputs({ mode: 'sweep', 'github-token': 'ghs_token' }))
    const temp = mkdtempSync(join(job.home, 'temp-'))
    await runMain({
      core,
      clock: { ...realClock, now: () => Date.now() + 20 * 60_000 },
      signal: new AbortController().signal,
      env: {
        ...process.env,
        ...env(),
        RUNNER_TEMP: temp,
        GITHUB_REPOSITORY: 'octo/repo',
        GITHUB_REPOSITORY_ID: '31337',
      },
      makeClient: (c) => new ComputeClient({ baseUrl: c.baseUrl, apiToken: c.apiToken }),
    })
    expect(core.failed).toEqual([])
    const idle = ready.filter((id) => id !== claimed)
    expect(JSON.parse(core.outputs.stopped ?? '')).toEqual(idle)
    // The job's own (generated) name is its claimant.
    expect(core.log).toContainEqual(
      expect.stringMatching(new RegExp(`^Pool 'ci': ${claimed} kept: claimed by gh-31337-4242-1-[0-9a-f]{6}\\.$`)),
    )
    expect(core.log).toContainEqual(
      expect.stringMatching(/'gp-31337-ci-[0-9a-f]{8}-[0-9a-f]{6}': keep \(warm pool 'ci': stopped only when idle/),
    )
    expect(core.log).toContain(`Pools ci: 1 sandbox stopped as idle.`)
    await service.settle()
    expect(service.liveSandboxes().map((s) => s.id)).toEqual([claimed])
    await runStep('post', { inputs: inputs(POOL), env: env(), state: leg.state })
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it('a service of v1.0 (no SSH certificates): the pool is not used, said in one line; the job runs on its own', async () => {
    const service = await startEmulator({ generation: 'v1' })
    const main = await runStep('main', { inputs: inputs(POOL), env: env() })
    expect(main.exitCode).toBe(0)
    expect(main.outputs['pool-claimed']).toBe('false')
    expect(main.stdout).toContain(
      "Pool 'ci': not used: the service offers no SSH certificates, and a claim is made over SSH.",
    )
    // Nothing the pool could never claim is started.
    expect(service.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
    await runStep('post', { inputs: inputs(POOL), env: env(), state: main.state })
    expect(await service.settle()).toEqual([])
  }, 60_000)

  it("a claim whose answer is lost (the session dropped after the link was made) is asked again: it is this job's", async () => {
    const service = await startEmulator()
    await runStep('main', { inputs: inputs({ mode: 'pool', pool: 'ci', 'pool-size': '1' }), env: env() })
    const [pooled] = await poolReady(service, 1)
    plantLostClaimAnswers(service.sshService?.sandboxHost as SandboxHost, 1)
    const main = await runStep('main', { inputs: inputs({ ...POOL, 'pool-size': '0' }), env: env() })
    expect(main.exitCode).toBe(0)
    expect(main.outputs).toMatchObject({ 'pool-claimed': 'true', 'sandbox-id': pooled })
    expect(main.stdout).toMatch(new RegExp(`Pool 'ci': ${pooled} not claimed: .+\\.\\n`))
    expect(main.stdout).toMatch(new RegExp(`Pool 'ci': claimed ${pooled} in `))
    // Nothing else was started for this job: the lost answer cost no sandbox.
    expect(service.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
    const post = await runStep('post', { inputs: inputs(POOL), env: env(), state: main.state })
    expect(post.exitCode).toBe(0)
    expect(await service.settle()).toEqual([])
  }, 60_000)
})
