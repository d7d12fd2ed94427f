/**
 * The bundles against both generations of the service (issue 13): the v1.0
 * description and the service as deployed. Chosen by what the service
 * answers, never by a setting: the same inputs run against each.
 */
import { describe, expect, it } from 'vitest'
import type { EmulatorOptions } from '../../emulator/emulator.ts'
import { GENERATIONS, type Generation } from '../../emulator/generation.ts'
import { emulatorFixture } from '../harness/emulator-fixture.ts'
import { commands, runAction, runStep } from '../../scripts/lib/action-runner.ts'

const fixture = emulatorFixture({ provisioningMs: 1_500, stopMs: 50 })
const startEmulator = (generation: Generation, options: EmulatorOptions = {}) =>
  fixture.start({ generation, ...options })
const inputs = fixture.inputs

const READY_WORD: Record<Generation, string> = { v1: 'running', current: 'ready' }

describe.each(GENERATIONS)('generation %s', (generation) => {
  it('a sandbox reaches ready and the post step stops it; status passes on the service’s word', async () => {
    const service = await startEmulator(generation)
    const run = await runAction({ inputs: inputs({ image: 'img-cuda12 py3.12' }) })
    expect([run.main.exitCode, run.post.exitCode]).toEqual([0, 0])
    expect(run.main.outputs.status).toBe(READY_WORD[generation])
    const id = run.main.outputs['sandbox-id'] ?? ''
    const waits = service.requestsTo('GET', '/sandboxes/:id/wait')
    const reads = service.requestsTo('GET', `/sandboxes/${id}`)
    if (generation === 'current') {
      // The blocking wait answers the moment it is ready: one window, no polls; then one read after the stop.
      expect(waits.map((r) => r.status)).toEqual([200])
      expect(waits[0]?.query).toEqual({ timeout_seconds: '30' })
      expect(reads).toHaveLength(1)
      expect(run.main.summary).toMatch(/\| Expires \| \d{4}-\d\d-\d\dT[\d:.]+Z \(the service ends it then\) \|/)
    } else {
      // v1.0 has no such route: one 404, then polling for the rest of the step.
      expect(waits.map((r) => r.status)).toEqual([404])
      expect(reads.length).toBeGreaterThan(2)
      expect(run.main.stdout).toContain('The service has no blocking wait')
    }
    expect((service.requestsTo('POST', '/sandboxes/start')[0]?.body as { image_id?: string }).image_id).toBe(
      'img-cuda12 py3.12',
    )
    expect(run.post.stdout).toContain(`Stopped sandbox ${id}`)
    expect(await service.settle()).toEqual([])
  })

  it('a failed sandbox fails the step, naming why where the service says so; the post step stops it', async () => {
    const service = await startEmulator(generation, {
      outcome: 'failed',
      failure: { code: 'image_pull_failed', message: 'manifest for img:1 not found <b>x</b>' },
    })
    const run = await runAction({ inputs: inputs() })
    expect(run.main.exitCode).toBe(1)
    expect(run.main.outputs.status).toBe('failed')
    const error = commands(run.main, 'error').join('\n')
    if (generation === 'current') {
      expect(error).toMatch(
        /failed to provision \(status 'failed'\): image_pull_failed: manifest for img:1 not found <b>x<\/b>\./,
      )
      expect(run.main.summary).toContain(
        '| Failure | image\\_pull\\_failed: manifest for img:1 not found &lt;b&gt;x&lt;/b&gt; |',
      )
    } else {
      expect(error).toMatch(/failed to provision \(status 'failed'\)\. The post step stops it/)
      expect(run.main.summary).not.toContain('| Failure |')
    }
    expect(run.post.exitCode).toBe(0)
    expect(await service.settle()).toEqual([])
  })

  it('instance: the post step deletes its own instance, whatever happened to the identifiers since', async () => {
    const service = await startEmulator(generation)
    const before = service.seedInstance()
    const main = await runStep('main', { inputs: inputs({ mode: 'instance' }) })
    expect(main.exitCode).toBe(0)
    const ours = [...service.instances.values()].find((i) => i.uuid === main.outputs['instance-uuid'])
    const after = service.seedInstance()
    // Another job deletes the older instance: as deployed, every later identifier shifts down by one.
    const older = service.instances.get(String(before.identifier))
    if (older) older.deleted = true
    const post = await runStep('post', { inputs: inputs({ mode: 'instance' }), state: main.state })
    expect(post.exitCode).toBe(0)
    expect(ours?.deleted).toBe(true)
    expect(service.instances.get(String(after.identifier))?.deleted).toBe(false)
    if (generation === 'current') {
      expect(main.outputs['instance-id']).toBe('1')
      expect(post.stdout).toContain(`is now identifier 0 (was 1): deleting that one.`)
      expect(service.requestsTo('POST', '/instances/:id/delete').map((r) => r.path)).toEqual(['/instances/0/delete'])
      expect(commands(post, 'warning')).toEqual([])
    } else {
      expect(commands(post, 'warning').join('\n')).toMatch(/could not be checked by its uuid/)
    }
  })
})

describe('generation current: the blocking wait', () => {
  it('opens the next window at once when one ends with sandbox_wait_timeout', async () => {
    // 1 s windows on the emulator's clock: a 2.5 s provisioning takes three windows.
    const service = await startEmulator('current', { provisioningMs: 2_500, waitSecondMs: 30 })
    const run = await runAction({ inputs: inputs() })
    expect(run.main.exitCode).toBe(0)
    const waits = service.requestsTo('GET', '/sandboxes/:id/wait')
    expect(waits.length).toBeGreaterThanOrEqual(3)
    expect(waits.slice(0, -1).every((r) => r.status === 408)).toBe(true)
    expect(waits.at(-1)?.status).toBe(200)
    expect(service.requestsTo('GET', `/sandboxes/${run.main.outputs['sandbox-id']}`)).toHaveLength(1)
    expect(await service.settle()).toEqual([])
  })
})
