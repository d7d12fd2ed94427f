/**
 * Never leak, never stop someone else's: reasonable service behaviours the
 * interface leaves open, taught to the emulator as options, each run through
 * the committed bundles (issue 11).
 */
import { existsSync, statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { emulatorFixture } from '../harness/emulator-fixture.ts'
import { commands, onceOutput, runAction, runStep } from '../../scripts/lib/action-runner.ts'

const fixture = emulatorFixture({ provisioningMs: 200, stopMs: 50 })
const startEmulator = fixture.start
const inputs = fixture.inputs

describe('1. a sandbox that is not visible yet', () => {
  it('the wait keeps waiting through 404s in the first seconds after the start', async () => {
    const service = await startEmulator({ invisibleForMs: 1_500 })
    const run = await runAction({ inputs: inputs() })
    expect(run.main.exitCode).toBe(0)
    expect(run.main.outputs.status).toBe('running')
    expect(run.main.stdout).toContain('404 less than a minute after the start; not visible yet, polling on.')
    expect(run.post.exitCode).toBe(0)
    expect(await service.settle()).toEqual([])
  })

  it('the post step tries the stop again instead of concluding "already gone"', async () => {
    // Invisible for 2.5 s, and to its first stop however late that comes (a loaded machine may start the post step
    // after the window): the post step meets a 404 within the minute either way.
    const service = await startEmulator({ invisibleForMs: 2_500, invisibleForStops: 1 })
    // wait: false ends the main step right after the start, while the sandbox is still invisible.
    const run = await runAction({ inputs: inputs({ wait: 'false' }) })
    expect(run.main.exitCode).toBe(0)
    const id = run.main.outputs['sandbox-id'] ?? ''
    expect(run.post.exitCode).toBe(0)
    expect(run.post.stdout).toMatch(
      new RegExp(`stop ${id}: 404 less than a minute after the start \\(not visible yet\\); retrying`),
    )
    expect(run.post.stdout).toContain(`Stopped sandbox ${id}`)
    expect(run.post.stdout).not.toContain('already gone')
    expect(service.stopRequestsFor(id).length).toBeGreaterThan(1)
    expect(await service.settle()).toEqual([])
  })

  it('after a minute a 404 means gone', async () => {
    await startEmulator()
    const startedAt = String(Date.now() - 61_000)
    const post = await runStep('post', {
      inputs: inputs(),
      state: { 'sandbox-id': 'sbx-00000000000000a1', 'started-at': startedAt },
    })
    expect(post.exitCode).toBe(0)
    expect(post.stdout).toContain('Sandbox sbx-00000000000000a1 is already gone (404): nothing to stop.')
    expect(fixture.emulator?.stopRequestsFor('sbx-00000000000000a1')).toHaveLength(1)
  })
})

describe('2. a name someone else holds', () => {
  it('a live holder of a chosen name fails the step at once: no start is sent, the holder is never stopped', async () => {
    const service = await startEmulator()
    const theirs = service.seed('pr-7')
    // The case: B's first start answer lost, the retry answered 409.
    service.addFault({ route: 'POST /sandboxes/start', attempts: [1], fault: 500 })
    const run = await runAction({ inputs: inputs({ name: 'pr-7' }) })
    expect(run.main.exitCode).toBe(1)
    expect(commands(run.main, 'error').join('\n')).toMatch(
      `The name 'pr-7' is held by the live sandbox ${theirs.id} (status running), which this step did not start; nothing was started.`,
    )
    expect(service.requestsTo('POST', '/sandboxes/start')).toEqual([])
    expect(run.post.exitCode).toBe(0)
    expect(service.stopRequestsFor(theirs.id)).toEqual([])
    expect(service.liveSandboxes().map((s) => s.id)).toEqual([theirs.id])
  })

  it('a post step whose start was cut off never stops the sandbox that held the name before', async () => {
    const service = await startEmulator()
    const theirs = service.seed('pr-7')
    // B was killed while its start request was in flight: only the name and the holders reached state.
    const post = await runStep('post', {
      inputs: inputs({ name: 'pr-7' }),
      state: { 'name-holders': theirs.id, 'sandbox-name': 'pr-7' },
    })
    expect(post.exitCode).toBe(0)
    expect(post.stdout).toContain(`Not ours, never stopped here: ${theirs.id}`)
    expect(post.stdout).toContain("No live sandbox named 'pr-7' exists")
    expect(service.stopRequestsFor(theirs.id)).toEqual([])
    expect(service.liveSandboxes().map((s) => s.id)).toEqual([theirs.id])
  })

  it('a lost answer never adopts a sandbox that held the name before the first attempt', async () => {
    // A stopping holder: the step waits for it to give up the name, which it does once the step has said so (not
    // on a timer: a loaded machine still finds it holding the name when the step lists the holders).
    const service = await startEmulator({ seededStopMs: 600_000 })
    const theirs = service.seed('pr-8', 'stopping')
    service.addFault({ route: 'POST /sandboxes/start', attempts: [1], fault: 'reset' })
    const onSpawn = onceOutput(`Waiting for ${theirs.id} to give up the name`, () => service.finishStops())
    const run = await runAction({ inputs: inputs({ name: 'pr-8' }), onSpawn })
    expect(run.main.exitCode).toBe(0)
    const ours = run.main.outputs['sandbox-id'] ?? ''
    expect(ours).not.toBe(theirs.id)
    expect(run.main.state['name-holders']).toBe(theirs.id)
    expect(run.main.stdout).not.toContain(`Adopting sandbox ${theirs.id}`)
    expect(service.stopRequestsFor(theirs.id)).toEqual([])
    expect(service.stopRequestsFor(ours)).toHaveLength(1)
    expect(await service.settle()).toEqual([])
  })
})

describe('3. replace-existing', () => {
  it('waits while the stopped holder still holds the name, then starts', async () => {
    const service = await startEmulator({ stopMs: 2_000 })
    const theirs = service.seed('pr-9')
    const run = await runAction({ inputs: inputs({ name: 'pr-9', 'replace-existing': 'true', timeout: '1m' }) })
    expect(run.main.exitCode).toBe(0)
    expect(run.main.stdout).toContain(`replace-existing: stopping ${theirs.id}, which holds the name 'pr-9'.`)
    // Waited out with reads: the one start lands, no start request is spent on a 409.
    expect(service.requestsTo('POST', '/sandboxes/start').map((r) => r.status)).toEqual([202])
    expect(run.main.stdout).not.toMatch(/set 'replace-existing/)
    const ours = run.main.outputs['sandbox-id'] ?? ''
    expect(service.sandboxes.map((s) => s.id)).toEqual([theirs.id, ours])
    expect(await service.settle()).toEqual([])
  })
})

describe('4. a list page with two arrays', () => {
  it('is read (the array of objects) when a lost start answer is resolved by listing', async () => {
    const service = await startEmulator({
      listExtraArrays: true,
      faults: [{ route: 'POST /sandboxes/start', attempts: [1], fault: 'lost-answer' }],
    })
    const run = await runAction({ inputs: inputs({ timeout: '20s' }), timeoutMs: 40_000 })
    expect(run.main.exitCode).toBe(0)
    expect(run.main.stdout).toMatch(/Adopting sandbox sbx-[0-9a-f]{16}/)
    expect(service.requestsTo('GET', '/sandboxes')).toHaveLength(1)
    expect(service.sandboxes).toHaveLength(1)
    expect(await service.settle()).toEqual([])
  })
})

describe('5. a stop answered 409 for a failed sandbox', () => {
  it('is read: not live means done, and the post step passes saying so', async () => {
    const service = await startEmulator({ outcome: 'failed', refuseStopWhenFailed: true })
    const run = await runAction({ inputs: inputs() })
    expect(run.main.exitCode).toBe(1)
    const id = run.main.outputs['sandbox-id'] ?? ''
    expect(run.post.exitCode).toBe(0)
    expect(run.post.stdout).toContain(
      `Sandbox ${id} is failed and not live: nothing to stop (the service answered the stop with 409 sandbox_not_running).`,
    )
    expect(commands(run.post, 'error')).toEqual([])
    expect(run.post.summary).toContain(
      '| Stop | not live (failed); the stop was answered 409 sandbox\\_not\\_running |',
    )
    expect(service.stopRequestsFor(id).map((r) => r.status)).toEqual([409])
  })
})

describe('6. slow bodies', () => {
  it('no request outlives timeout: a hung poll ends the wait at timeout, not at the 30 s request timeout', async () => {
    const service = await startEmulator()
    service.addFault({ route: 'GET /sandboxes/:id', fault: 'slow-body' })
    const main = await runStep('main', { inputs: inputs({ timeout: '3s' }), timeoutMs: 20_000 })
    expect(main.signal).toBeNull()
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error').join('\n')).toMatch(/did not reach 'running' within 3s/)
    service.clearFaults()
    const post = await runStep('post', { inputs: inputs(), state: main.state })
    expect(post.exitCode).toBe(0)
    expect(await service.settle()).toEqual([])
  })

  it("the post step's informational read after an accepted stop gets a few seconds", async () => {
    const service = await startEmulator()
    const main = await runStep('main', { inputs: inputs() })
    service.addFault({ route: 'GET /sandboxes/:id', fault: 'hang' })
    // 30 s for the read would be past this limit; a few seconds are not.
    const post = await runStep('post', { inputs: inputs(), state: main.state, timeoutMs: 20_000 })
    expect(post.signal).toBeNull()
    expect(post.exitCode).toBe(0)
    expect(post.stdout).toContain(`Stopped sandbox ${main.outputs['sandbox-id']}`)
    expect(await service.settle()).toEqual([])
  })
})

describe('7. output size', () => {
  it('a huge record is cut to fit the 1 MiB limit of a step’s outputs, and says so', async () => {
    await startEmulator({ recordExtra: { diagnostics: 'x'.repeat(2_000_000), zone: 'eu-1' } })
    const run = await runAction({ inputs: inputs() })
    expect(run.main.exitCode).toBe(0)
    const total = Object.entries(run.main.outputs).reduce(
      (sum, [name, value]) => sum + Buffer.byteLength(name) + Buffer.byteLength(value),
      0,
    )
    expect(total).toBeLessThan(1024 * 1024)
    const record = JSON.parse(run.main.outputs.sandbox ?? '')
    expect(record).toMatchObject({ id: run.main.outputs['sandbox-id'], status: 'running', zone: 'eu-1' })
    expect(record._truncated).toMatchObject({ limit_bytes: 768 * 1024, dropped: [] })
    expect(record._truncated.original_bytes).toBeGreaterThan(2_000_000)
    expect(record.diagnostics.length).toBeLessThan(2_000)
    expect(commands(run.main, 'warning').join('\n')).toMatch(
      /The 'sandbox' output was cut from \d+ to at most 786432 bytes/,
    )
  })
})

describe('tests that could not fail before', () => {
  it('instance: a lost answer on create is not retried, and the step says to check the console', async () => {
    const service = await startEmulator()
    service.addFault({ route: 'POST /instances/create', attempts: [1], fault: 'lost-answer' })
    const main = await runStep('main', { inputs: inputs({ mode: 'instance' }) })
    expect(main.exitCode).toBe(1)
    expect(service.requestsTo('POST', '/instances/create')).toHaveLength(1)
    expect(commands(main, 'error').join('\n')).toMatch(
      /not retried \(create is not idempotent\)\. Check the account console/,
    )
  })

  it('instance: the key file is mode 0600 and the post step removes it', async () => {
    await startEmulator()
    const main = await runStep('main', { inputs: inputs({ mode: 'instance' }) })
    const path = main.outputs['ssh-key-path'] ?? ''
    expect(statSync(path).mode & 0o777).toBe(0o600)
    const post = await runStep('post', { inputs: inputs({ mode: 'instance' }), state: main.state })
    expect(post.exitCode).toBe(0)
    expect(existsSync(path)).toBe(false)
  })

  it('network-policy: an accepted policy that differs from the asked one is warned about', async () => {
    const service = await startEmulator({ acceptedPolicyFilter: (policy) => ({ ...policy, cidr_allowlist: [] }) })
    const started = await runStep('main', { inputs: inputs({ 'keep-alive': 'true' }) })
    const id = started.outputs['sandbox-id'] ?? ''
    const run = await runStep('main', {
      inputs: inputs({
        mode: 'network-policy',
        'sandbox-id': id,
        'internet-access': 'restricted',
        'cidr-allowlist': '10.0.0.0/8',
      }),
    })
    expect(run.exitCode).toBe(0)
    expect(commands(run, 'warning').join('\n')).toMatch(/cidr_allowlist.*10\.0\.0\.0\/8/)
    await runStep('main', { inputs: inputs({ mode: 'stop', 'sandbox-id': id }) })
    expect(await service.settle()).toEqual([])
  })

  it('a stop that finally fails is a "Sandbox may still be running" error and a failed post step', async () => {
    const service = await startEmulator()
    const main = await runStep('main', { inputs: inputs() })
    // The token stops working between the steps: the stop is refused with 401, never retried.
    const post = await runStep('post', { inputs: { ...inputs(), 'api-token': 'revoked-token' }, state: main.state })
    expect(post.exitCode).toBe(1)
    expect(post.stdout).toMatch(
      /^::error title=Sandbox may still be running::Cleanup failed: POST \/sandboxes\/sbx-[0-9a-f]{16}\/stop failed with 401/m,
    )
    expect(service.liveSandboxes()).toHaveLength(1)
    await runStep('post', { inputs: inputs(), state: main.state })
    expect(await service.settle()).toEqual([])
  })
})
