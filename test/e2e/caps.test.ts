/**
 * The spending caps through the bundles (issue 31): the start body carries the
 * exact TTL `max-cost` buys at the accepted type's price, `max-hourly-price`
 * drops types before any start, and a cap that leaves nothing refuses with no
 * start request and nothing for the post step to stop.
 */
import { describe, expect, it } from 'vitest'
import { commands, runAction, onceOutput } from '../../scripts/lib/action-runner.ts'
import { emulatorFixture } from '../harness/emulator-fixture.ts'

const fixture = emulatorFixture({ provisioningMs: 300, stopMs: 50, generation: 'current' })

describe('spending caps', () => {
  it('max-cost and max-hourly-price: H100 is dropped, A100 starts with the TTL $1 buys, and the summary shows both', async () => {
    // The only H100 is taken: without the cap the action would wait for it; with it, H100 is never asked for.
    const service = await fixture.start({ capacity: { H100: 0 } })
    const run = await runAction({
      inputs: fixture.inputs({
        'gpu-type': 'H100, A100',
        'max-cost': '1',
        'max-hourly-price': '1.50',
        'max-ttl': '2h',
      }),
    })
    expect([run.main.exitCode, run.post.exitCode]).toEqual([0, 0])
    const starts = service.requestsTo('POST', '/sandboxes/start')
    expect(starts).toHaveLength(1)
    // The deployed catalog: A100 x1 + 4 vCPU + 100 GiB storage (memory is not priced there): $0.833/hour; $1 buys
    // floor(3600 / 0.833) s.
    expect(starts[0]?.body).toMatchObject({
      spec: { gpu_type: 'A100', gpu_count: 1 },
      lifetime: { enforce_ttl: true, max_ttl_seconds: Math.floor(3600 / 0.833) },
    })
    expect(run.main.stdout).toContain('Caps: max-hourly-price $1.50: dropped H100 ($1.94/hour).')
    expect(run.main.stdout).toContain('Caps: max-cost $1.00: A100 at $0.833/hour gets an enforced TTL of 1h12m.')
    expect(run.main.summary).toMatch(/\| TTL \| 1h12m \(enforced by the service\) \|/)
    expect(run.main.summary).toMatch(/\| Caps \| max-hourly-price \\\$1\.50: dropped H100 \(\\\$1\.94\/hour\)/)
    expect(run.main.summary).toContain('not priced: additional\\_memory\\_gib')
    expect(run.main.summary).toMatch(/\| Cost so far \| \\~(&lt;)?\\\$0\.\d+ \(\d+s at the estimate\) \|/)
    expect(service.stopRequestsFor(run.main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
  })

  it('a cap that leaves no type: an input error naming it, no start request, nothing for the post step', async () => {
    const service = await fixture.start()
    const run = await runAction({ inputs: fixture.inputs({ 'gpu-type': 'H100', 'max-hourly-price': '1' }) })
    expect(run.main.exitCode).toBe(1)
    expect(commands(run.main, 'error')).toEqual([
      "Input 'max-hourly-price': leaves no GPU type to start: H100 ($1.94/hour). Nothing was started.",
    ])
    expect(service.requestsTo('POST', '/sandboxes/start')).toEqual([])
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /pricing'])
    expect(run.post.exitCode).toBe(0)
    expect(service.sandboxes).toEqual([])
  })
})

describe('max-live', () => {
  it('a job over the limit waits (saying so), and starts once a sandbox of this repository ends', async () => {
    const service = await fixture.start()
    const holder = service.seed('gh-31337-4100-1-abcdef')
    const run = await runAction({
      inputs: fixture.inputs({ 'max-live': '1', 'capacity-timeout': '2m' }),
      onSpawn: onceOutput('max-live 1: 1 sandboxes of this repository are live; waiting', () =>
        setTimeout(() => service.endElsewhere(holder.id), 500),
      ),
    })
    expect([run.main.exitCode, run.post.exitCode]).toEqual([0, 0])
    const starts = service.requestsTo('POST', '/sandboxes/start')
    expect(starts).toHaveLength(1)
    // Sent only after the holder ended.
    expect(starts[0]?.at).toBeGreaterThan(service.statusTimes.get(holder.id)?.stopped ?? Infinity)
    expect(run.main.summary).toMatch(/\| Caps \| max-live 1 at once \|/)
  })

  it('a name chosen by the user is refused with max-live, before any request', async () => {
    const service = await fixture.start()
    const run = await runAction({ inputs: fixture.inputs({ 'max-live': '2', name: 'mine' }) })
    expect(run.main.exitCode).toBe(1)
    expect(commands(run.main, 'error')[0]).toMatch(/^Input 'max-live': counts the sandboxes this action names/)
    expect(service.requests).toEqual([])
  })
})
