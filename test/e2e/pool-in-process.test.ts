/**
 * The warm pool's modes in process (runMain, runPost; the bundles' runs are in
 * pool-mode.test.ts), against the emulator as deployed with a real sshd: a
 * keeper fills the pool, a job claims (its summary, outputs and comment facts
 * say so), a job whose claim answer is lost still gets its sandbox, the drain
 * leaves nothing live; and a post step given a claim the main step never
 * heard back about stops exactly that sandbox when the claim is its job's,
 * and leaves one that is not.
 */
import { describe, expect, it } from 'vitest'
import { plantLostClaimAnswers, type SandboxHost } from '../../emulator/sandbox-host.ts'
import { claimSandbox } from '../../src/pool/claim.ts'
import { poolAccess } from '../../src/pool/access.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { prepareSandboxSsh } from '../../src/ssh/access.ts'
import { recordingCore } from '../harness/fakes.ts'
import { makeClient, poolReady, poolSteps } from '../harness/pool-steps.ts'
import { canRun, inputs, job, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()

const { environment, main, post } = poolSteps(4000)

describe.skipIf(!canRun)('the warm pool in process', () => {
  it('keeper, a claim, a claim whose answer is lost, and the drain', async () => {
    const service = await startEmulator()
    const keeper = await main({ mode: 'pool', pool: 'ci', 'pool-size': '2', 'max-live': '4' }, 1)
    expect(keeper.failed).toEqual([])
    expect(JSON.parse(keeper.outputs.pool ?? '').starting).toHaveLength(2)
    expect(keeper.summaries.join('')).toContain('### Pool ci')
    const [a, b] = await poolReady(service, 2)

    const claimed = await main({ pool: 'ci', 'pool-size': '0', 'max-live': '4' }, 2)
    expect(claimed.failed).toEqual([])
    expect(claimed.outputs['pool-claimed']).toBe('true')
    expect([a, b]).toContain(claimed.outputs['sandbox-id'])
    expect(claimed.summaries.join('')).toMatch(
      /from pool ci \(branches\): claimed in \d+\.\ds; it waited \d+s unclaimed/,
    )
    // The cost counts from the sandbox's creation: its wait unclaimed is this job's.
    expect(Number(claimed.state['started-at'])).toBeLessThan(Date.now() - 100)

    plantLostClaimAnswers(service.sshService?.sandboxHost as SandboxHost, 1)
    const lost = await main({ pool: 'ci', 'pool-size': '0' }, 3)
    expect(lost.failed).toEqual([])
    expect(lost.outputs['pool-claimed']).toBe('true')
    expect(new Set([claimed.outputs['sandbox-id'], lost.outputs['sandbox-id']]).size).toBe(2)

    for (const step of [claimed, lost]) expect((await post(step)).failed).toEqual([])
    expect(service.liveSandboxes().filter((s) => s.status !== 'stopped')).toEqual([])
    const drain = await main({ mode: 'pool', pool: 'ci', 'pool-size': '0' }, 4)
    expect(JSON.parse(drain.outputs.pool ?? '')).toEqual({ ready: [], claimed: [], starting: [], stopped: [] })
    expect(await service.settle()).toEqual([])
  }, 90_000)

  it("the post step stops a claim the main step never heard back about, when it is the job's, and no other", async () => {
    const service = await startEmulator()
    await main({ mode: 'pool', pool: 'ci', 'pool-size': '2' }, 1)
    const [ours, theirs] = await poolReady(service, 2)
    // A main step that sent its claim and was killed before the answer: its state says so, its claim is made.
    const state = recordingCore(inputs({ pool: 'ci' }))
    const deps = {
      core: state,
      client: makeClient({ baseUrl: job.baseUrl, apiToken: service.token }),
      clock: realClock,
    }
    const env = environment(5)
    const prepared = await prepareSandboxSsh(
      { ...deps, signal: new AbortController().signal, env },
      env,
      Date.now() + 60_000,
    )
    const { reach } = poolAccess(prepared)
    const claimant = 'gh-31337-4005-1-abcdef'
    const claim = async (id: string, who: string) => {
      const target = await reach(id, await deps.client.getSandbox(id))
      expect(await claimSandbox(target, id, who, { env })).toEqual({ kind: 'won' })
      return { id, ...target }
    }
    const pending = [await claim(ours ?? '', claimant), await claim(theirs ?? '', 'another-job')]
    state.saveState('sandbox-name', claimant)
    state.saveState('pool-claims', JSON.stringify({ claimant, pending }))
    const after = await post(state)
    expect(after.failed).toEqual([])
    expect(after.log).toContain(
      `Pool: ${ours} was claimed by this job and not used (the claim's answer was lost, or its stop was refused ` +
        'then); stopped.',
    )
    expect(after.log).toContain(`Pool: ${theirs} is not this job's (claimed by another-job); left to the pool.`)
    expect(service.requestsTo('POST', '/sandboxes/:id/stop').map((r) => r.path)).toEqual([`/sandboxes/${ours}/stop`])
    await main({ mode: 'pool', pool: 'ci', 'pool-size': '0' }, 6)
    expect(service.liveSandboxes().map((s) => s.id)).toEqual([theirs])
  }, 90_000)
})
