/**
 * The pool's failure paths that used to leave a GPU running to its TTL, in process against the emulator as deployed
 * (an sshd per sandbox): a failed preparation whose stop is refused, a claim whose hold failed and whose release's
 * stop is refused, and a pool sandbox started over max-live, which is stopped only once this step claimed it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PooledConfig } from '../../src/pool/request.ts'
import { poolDeps } from '../../src/pool/deps.ts'
import { claimSandbox } from '../../src/pool/claim.ts'
import { stopOverLimit } from '../../src/pool/upkeep.ts'
import { runMain } from '../../src/main.ts'
import { runPost } from '../../src/post.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { prepareSandboxSsh } from '../../src/ssh/access.ts'
import { opContext } from '../../src/step/deps.ts'
import { recordingCore } from '../harness/fakes.ts'
import { makeClient, poolReady, poolSteps } from '../harness/pool-steps.ts'
import { canRun, inputs, job, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
beforeEach(() => vi.stubEnv('HOME', job.home))
afterEach(() => vi.unstubAllEnvs())

const steps = poolSteps(9700)
const STOP = 'POST /sandboxes/:id/stop'

describe.skipIf(!canRun)("the pool's failure paths end their sandboxes", () => {
  it("a failed preparation whose stop is refused stays the keeper's: its post step stops it", async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    service.addFault({ route: STOP, attempts: [1], fault: 403 })
    const keeper = recordingCore(inputs({ mode: 'pool', pool: 'ci', 'pool-prepare': 'exit 4', 'pool-size': '1' }))
    const env = steps.environment(1)
    const signal = new AbortController().signal
    await expect(runMain({ core: keeper, clock: realClock, makeClient, signal, env })).rejects.toThrow(/exited with 4/)
    const [id = ''] = service.liveSandboxes().map((s) => s.id)
    expect(keeper.log).toContain(
      `Pool 'ci': ${id} could not be stopped now; it stays this step's, for its post step to stop.`,
    )
    const post = recordingCore(keeper.inputs, keeper.state)
    await runPost({ core: post, clock: realClock, makeClient, env })
    expect(post.log).toContain(`Pool: ${id}, whose preparation failed and whose stop was refused then, stopped.`)
    expect(await service.settle()).toEqual([])
  }, 90_000)

  it('a claim whose hold failed and whose release was refused is stopped by the post step', async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    await steps.main({ mode: 'pool', pool: 'ci', 'pool-size': '1', 'pool-for': 'pull-requests' }, 1)
    const [pooled = ''] = await poolReady(service, 1)
    // The hold's start is refused (nothing created), then the release's stop of the claimed sandbox.
    service.addFault({ route: 'POST /sandboxes/start', attempts: [1], fault: 403 })
    service.addFault({ route: STOP, attempts: [1], fault: 403 })
    const pulled = await steps.main({ pool: 'ci', 'pool-size': '0', run: 'echo own' }, 2, 'pull_request')
    expect(pulled.failed).toEqual([])
    expect(pulled.outputs['pool-claimed']).toBe('false')
    expect(pulled.log.join('\n')).toContain(
      `Pool 'ci': ${pooled}, claimed by this step and unused, could not be stopped`,
    )
    const post = await steps.post(pulled, 'pull_request')
    expect(post.failed).toEqual([])
    expect(post.log.join('\n')).toContain(`Pool: ${pooled} was claimed by this job and not used`)
    expect(await service.settle()).toEqual([])
  }, 90_000)

  it('a pool sandbox over max-live is claimed before its stop; one a job claimed first is left to it', async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    const core = recordingCore(inputs({ mode: 'pool', pool: 'ci' }))
    const env = steps.environment(1)
    const base = { core, client: makeClient({ baseUrl: job.baseUrl, apiToken: service.token }), clock: realClock }
    const deps = { ...base, signal: new AbortController().signal, env }
    const pool = poolDeps(opContext(deps), env, await prepareSandboxSsh(deps, env, Date.now() + 60_000))
    const config = { timeoutMs: 60_000 } as PooledConfig
    const start = (name: string) =>
      base.client.startSandbox({
        name,
        spec: { cpu_count: 1, memory_gib: 1, storage_gib: 1 },
        network_policy: { internet_access: 'closed', cidr_allowlist: [], domain_allowlist: [] },
        lifetime: { enforce_ttl: true, max_ttl_seconds: 600 },
      })
    const [over, taken] = await Promise.all([
      start('gp-31337-ci-00000000-aaaaaa'),
      start('gp-31337-ci-00000000-bbbbbb'),
    ])
    // Still provisioning: waited for, claimed as this step, then stopped.
    expect(await stopOverLimit(config, deps, pool, over.id, 'keeper-1')).toBe('claimed by this step and stopped')
    // It was read until ready (provisioning takes 300 ms here), then claimed: its stop came after.
    const reads = service.requestsTo('GET', `/sandboxes/${over.id}`)
    expect(reads.length).toBeGreaterThan(1)
    // A job claimed the other first: it is that job's.
    await poolReady(service, 1)
    const record = await base.client.getSandbox(taken.id)
    expect(await claimSandbox(await pool.reach(taken.id, record), taken.id, 'job-7', { env })).toEqual({ kind: 'won' })
    expect(await stopOverLimit(config, deps, pool, taken.id, 'keeper-1')).toBe('left to the job that claimed it')
    expect(service.requestsTo('POST', STOP.slice(5)).map((r) => r.path)).toEqual([`/sandboxes/${over.id}/stop`])
    await base.client.stopSandbox(taken.id)
    expect(await service.settle()).toEqual([])
  }, 90_000)
})
