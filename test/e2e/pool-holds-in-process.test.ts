/**
 * The pull-requests domain's holds in process (runMain, runPost; the bundles' runs are in pool-domains.test.ts),
 * against the emulator as deployed with a real sshd per sandbox: a keeper run for a push keeps the pull requests'
 * pool; a pull request's job claims with a hold, another whose claim answer is lost still gets its sandbox and its
 * hold; each post step stops the sandbox, then its hold; keep-alive keeps both. A post step given a claim whose hold
 * it cannot show is its own leaves that sandbox; one whose claim no hold names is stopped.
 */
import { describe, expect, it } from 'vitest'
import type { Emulator } from '../../emulator/emulator.ts'
import { plantLostClaimAnswers, type SandboxHost } from '../../emulator/sandbox-host.ts'
import { holdName } from '../../src/inputs/default-name.ts'
import { poolAccess } from '../../src/pool/access.ts'
import { claimSandbox } from '../../src/pool/claim.ts'
import { phasesOf } from '../../src/pool/phases.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { prepareSandboxSsh } from '../../src/ssh/access.ts'
import { recordingCore, type RecordingCore } from '../harness/fakes.ts'
import { makeClient, poolReady, poolSteps, type PoolEvent } from '../harness/pool-steps.ts'
import { canRun, inputs, job, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()

const steps = poolSteps(5000)
const environment = steps.environment
const main = (extra: Record<string, string>, run: number, event: PoolEvent = 'pull_request') =>
  steps.main(extra, run, event)
const post = (given: RecordingCore) => steps.post(given, 'pull_request')

const holdOf = (service: Emulator, id: string) => service.liveSandboxes().find((s) => s.name === holdName('31337', id))
const KEEPER = { mode: 'pool', pool: 'ci', 'pool-for': 'pull-requests', 'max-live': '8' }

describe.skipIf(!canRun)("the pull requests' holds in process", () => {
  it('claims with holds, a lost claim answer too; each post step stops its sandbox, then its hold', async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    const keeper = await main({ ...KEEPER, 'pool-size': '3' }, 1, 'push')
    expect(keeper.failed).toEqual([])
    expect(keeper.log).toContain("Pool 'ci': keeping the pull-requests domain's pool (pool-for).")
    expect(keeper.summaries.join('')).toContain('### Pool ci (pull-requests)')
    const pooled = await poolReady(service, 3)

    const first = await main({ pool: 'ci', 'pool-size': '0' }, 2)
    expect(first.failed).toEqual([])
    const a = first.outputs['sandbox-id'] ?? ''
    expect(pooled).toContain(a)
    // Where the claim's time went, phase by phase, for step debug logging.
    const trace = first.debugs.find((line) => line.startsWith("Pool 'ci': the claim took "))
    // (`rest`: what came after the last phase, where a loaded machine makes it a millisecond or more.)
    const named = (line: string | undefined) =>
      Object.keys(phasesOf(line ?? '')?.phases ?? {}).filter((p) => p !== 'rest')
    expect(named(trace)).toEqual(['list', 'survey', 'link', 'hold'])
    const look = keeper.debugs.find((line) => line.startsWith("Pool 'ci': look 1 took "))
    expect(named(look)).toEqual(['renew', 'list', 'idle', 'count', 'survey', 'start'])
    const hold = holdOf(service, a)
    expect(JSON.parse(first.state['pool-claims'] ?? '').holds).toEqual([{ sandboxId: a, holdId: hold?.id }])

    const kept = await main({ pool: 'ci', 'pool-size': '0', 'keep-alive': 'true' }, 4)
    const c = kept.outputs['sandbox-id'] ?? ''
    expect(kept.outputs['pool-claimed']).toBe('true')
    const keptHold = holdOf(service, c)

    // The one left (each sandbox has a home of its own): its claim's answer is lost, and asked again.
    const [left = ''] = pooled.filter((id) => id !== a && id !== c)
    plantLostClaimAnswers(service.sshService?.hostFor(left) as SandboxHost, 1)
    const lost = await main({ pool: 'ci', 'pool-size': '0' }, 3)
    expect(lost.outputs).toMatchObject({ 'pool-claimed': 'true', 'sandbox-id': left })
    const b = left
    const lostHold = holdOf(service, b)
    expect(lostHold).toBeDefined()

    const posts = [await post(first), await post(lost), await post(kept)]
    for (const step of posts) expect(step.failed).toEqual([])
    expect(posts[0]?.log).toContain(`Pool: the hold ${hold?.id} of ${a} stopped.`)
    expect(posts[1]?.log).toContain(`Pool: the hold ${lostHold?.id} of ${b} stopped.`)
    expect(posts[2]?.log).toContain(
      `Pool: the hold ${keptHold?.id} stays with ${c}: keep-alive leaves it running; both end at their TTL.`,
    )
    await service.settle()
    expect(
      service
        .liveSandboxes()
        .map((s) => s.id)
        .sort(),
    ).toEqual([c, keptHold?.id].sort())
    for (const id of [c, keptHold?.id ?? ''])
      await makeClient({ baseUrl: job.baseUrl, apiToken: service.token }).stopSandbox(id)
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it('a lost claim: left where a hold it cannot show is its own names it, stopped where none does', async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    await main({ ...KEEPER, 'pool-size': '2' }, 1, 'push')
    const [unheld = '', held = ''] = await poolReady(service, 2)
    const state = recordingCore(inputs({ pool: 'ci' }))
    const client = makeClient({ baseUrl: job.baseUrl, apiToken: service.token })
    const env = environment(5, 'pull_request')
    const deps = { core: state, client, clock: realClock, signal: new AbortController().signal, env }
    const { reach } = poolAccess(await prepareSandboxSsh(deps, env, Date.now() + 60_000))
    const claimant = 'gh-31337-5005-1-abcdef'
    const pending = []
    for (const id of [unheld, held]) {
      const target = await reach(id, await client.getSandbox(id))
      expect(await claimSandbox(target, id, claimant, { env })).toEqual({ kind: 'won' })
      pending.push({ id, ...target })
    }
    // Its hold's start was sent, its answer never read: a hold of that name lives.
    await client.startSandbox({
      name: holdName('31337', held),
      spec: { cpu_count: 1, memory_gib: 1, storage_gib: 1 },
      network_policy: { internet_access: 'closed' },
      lifetime: { enforce_ttl: true, max_ttl_seconds: 600 },
    })
    state.saveState('sandbox-name', claimant)
    state.saveState('pool-claims', JSON.stringify({ claimant, pending, holds: [{ sandboxId: held }] }))
    const after = await post(state)
    expect(after.failed).toEqual([])
    expect(after.log).toContain(
      `Pool: ${unheld} was claimed by this job and not used (the claim's answer was lost, or its stop was refused ` +
        'then); stopped.',
    )
    expect(after.log).toContain(
      `Pool: ${held} is named by a hold this job cannot show is its own (its answer was lost); left to its TTL, with the hold.`,
    )
    expect(service.requestsTo('POST', '/sandboxes/:id/stop').map((r) => r.path)).toEqual([`/sandboxes/${unheld}/stop`])
    await service.settle()
    expect(service.liveSandboxes().map((s) => s.id)).toContain(held)
  }, 90_000)

  it('a hold the service refuses: the claimed sandbox is stopped unused, and the job starts its own', async () => {
    // Bounds above both of the hold's specs; the pool's own spec is within them.
    const bounds = { cpu_count: 8, memory_gib: 32, storage_gib: 200 }
    const service = await startEmulator({ sshHost: { perSandbox: true }, minSpec: bounds })
    const spec = { cpu: '8', memory: '32', storage: '200' }
    await main({ ...KEEPER, ...spec, 'pool-size': '1' }, 1, 'push')
    const [pooled = ''] = await poolReady(service, 1)
    const step = await main({ ...spec, pool: 'ci', 'pool-size': '0' }, 2)
    expect(step.failed).toEqual([])
    expect(step.outputs['pool-claimed']).toBe('false')
    expect(step.outputs['sandbox-id']).not.toBe(pooled)
    expect(step.log).toContain(
      `Pool 'ci': ${pooled} was claimed by this step too (its hold could not be started); stopped, unused.`,
    )
    expect(step.log).toContain(`Pool 'ci': ${pooled} not claimed: its hold was not started (400 invalid_request).`)
    expect(service.requestsTo('POST', '/sandboxes/:id/stop').map((r) => r.path)).toEqual([`/sandboxes/${pooled}/stop`])
    expect((await post(step)).failed).toEqual([])
    expect(await service.settle()).toEqual([])
  }, 90_000)
})
