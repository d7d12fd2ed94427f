/**
 * The pull requests' hold against the service's odd answers, in process against the emulator as deployed (an sshd
 * per sandbox), each time with a job whose later step empties its sandbox's HOME (its claim link gone): a hold the
 * service accepted that failed afterwards (its name free again) still keeps its sandbox claimed, since the list
 * still shows it; and in an organization with more sandboxes than the list's bound, the sandbox is never handed on
 * either (the list is newest first: a hold is newer than its sandbox, so no step sees the one without the other).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StartBody } from '../../emulator/options.ts'
import { makeClient, poolReady, poolSteps } from '../harness/pool-steps.ts'
import { canRun, job, later, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
beforeEach(() => vi.stubEnv('HOME', job.home))
afterEach(() => vi.unstubAllEnvs())

const steps = poolSteps(9800)
const HOSTILE = 'find "$HOME" -mindepth 1 -maxdepth 1 -exec rm -rf {} +'
const KEEPER = { mode: 'pool', pool: 'ci', 'pool-for': 'pull-requests' }
const JOB = { pool: 'ci', 'pool-size': '0', ssh: 'true' }

/** A pull request's job that claims, then a later step of it that empties its sandbox's HOME. */
async function hostileJob(run: number) {
  const step = await steps.main({ ...JOB, 'ssh-alias': `job-${run}` }, run, 'pull_request')
  expect(step.failed).toEqual([])
  expect(step.outputs['pool-claimed']).toBe('true')
  const emptied = later([`job-${run}`, HOSTILE])
  expect(emptied.status, emptied.stderr).toBe(0)
  return step
}

describe.skipIf(!canRun)("a pull request's claim stays its own whatever the service answers", () => {
  it('a hold the service accepted that failed afterwards still keeps its sandbox claimed', async () => {
    const holdsFail = (body: StartBody) => (body.name?.startsWith('gc-') ? 'failed' : 'running')
    const service = await startEmulator({ sshHost: { perSandbox: true }, outcome: holdsFail })
    await steps.main({ ...KEEPER, 'pool-size': '1' }, 1)
    const [pooled] = await poolReady(service, 1)
    const first = await hostileJob(2)
    expect(first.outputs['sandbox-id']).toBe(pooled)
    // Its hold failed: the name is free again, the link is gone, yet the list still names the hold.
    for (let k = 0; k < 100 && !service.sandboxes.some((s) => s.name.startsWith('gc-') && s.status === 'failed'); k++)
      await new Promise((resolve) => setTimeout(resolve, 50))
    const next = await steps.main({ ...JOB, 'ssh-alias': 'job-3' }, 3, 'pull_request')
    expect(next.outputs['pool-claimed']).toBe('false')
    expect(next.outputs['sandbox-id']).not.toBe(pooled)
    for (const step of [first, next]) expect((await steps.post(step, 'pull_request')).failed).toEqual([])
    await steps.main({ ...KEEPER, 'pool-size': '0' }, 4)
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it('an organization with more sandboxes than the list reads: the emptied sandbox is never handed on', async () => {
    // One sandbox a page: 20 pages are read, and 22 newer sandboxes push the claim and its hold past them.
    const service = await startEmulator({ sshHost: { perSandbox: true }, pageSize: 1 })
    await steps.main({ ...KEEPER, 'pool-size': '1' }, 1)
    const [pooled] = await poolReady(service, 1)
    const first = await hostileJob(2)
    const client = makeClient({ baseUrl: job.baseUrl, apiToken: service.token })
    const others = []
    for (let k = 0; k < 22; k++)
      others.push(
        await client.startSandbox({
          name: `other-${k}`,
          spec: { cpu_count: 1, memory_gib: 1, storage_gib: 1 },
          network_policy: { internet_access: 'closed', cidr_allowlist: [], domain_allowlist: [] },
          lifetime: { enforce_ttl: true, max_ttl_seconds: 600 },
        }),
      )
    const next = await steps.main({ ...JOB, 'ssh-alias': 'job-3' }, 3, 'pull_request')
    expect(next.failed).toEqual([])
    expect(next.outputs['pool-claimed']).toBe('false')
    expect(next.outputs['sandbox-id']).not.toBe(pooled)
    for (const step of [first, next]) expect((await steps.post(step, 'pull_request')).failed).toEqual([])
    // The others are this test's own (the organization's 30 stops a minute are spent above): only they are left.
    const mine = new Set(others.map((other) => other.id))
    expect((await service.settle()).filter((s) => !mine.has(s.id))).toEqual([])
  }, 120_000)
})
