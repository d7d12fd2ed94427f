/**
 * Start, stop and post logic against a small stateful msw service, with the
 * production client and transport and a fake clock.
 */
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { ComputeClient } from '../../src/client/client.ts'
import type { StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { runStart } from '../../src/start/main.ts'
import { runMain } from '../../src/main.ts'
import { runPost } from '../../src/post.ts'
import { BASE, runPostAgainst, serveFakeService, TOKEN, type FakeService } from '../harness/fake-service.ts'
import { FakeClock, recordingCore, type RecordingCore } from '../harness/fakes.ts'

const fake = serveFakeService()
let service: FakeService
beforeEach(() => {
  service = fake.service()
})

const client = () => new ComputeClient({ baseUrl: BASE, apiToken: TOKEN })
const GENERATED = 'gh-7-1-1-b0c5e1'

function config(inputs: Record<string, string> = {}): StartConfig {
  // A generated name unless the test chooses one: a chosen name is looked up before the first start.
  const all: Record<string, string> = { 'api-token': TOKEN, 'base-url': BASE, ...inputs }
  return parseInputs((n) => all[n] ?? '', {
    repositoryId: '7',
    runId: '1',
    runAttempt: '1',
    randomHex: () => 'b0c5e1',
  }) as StartConfig
}

async function start(
  inputs: Record<string, string> = {},
  clock = new FakeClock(),
): Promise<{ core: RecordingCore; error?: Error }> {
  const core = recordingCore()
  try {
    await runStart(config(inputs), { core, client: client(), clock, signal: new AbortController().signal })
    return { core }
  } catch (error) {
    return { core, error: error as Error }
  }
}

const capacityBusy = () =>
  HttpResponse.json({ code: 503, error: 'sandbox_capacity_unavailable', message: 'none free' }, { status: 503 })

describe('start', () => {
  it('starts, saves name then id, polls to running and sets the outputs', async () => {
    const saveOrder: string[] = []
    const core = recordingCore()
    const save = core.saveState
    core.saveState = (name, value) => {
      saveOrder.push(`${name} after ${service.requests.length} requests`)
      save(name, value)
    }
    await runStart(config(), { core, client: client(), clock: new FakeClock(), signal: new AbortController().signal })
    const id = 'sbx-0000000000000001'
    expect(service.paths()).toEqual([
      'POST /sandboxes/start',
      `GET /sandboxes/${id}`,
      `GET /sandboxes/${id}`,
      `GET /sandboxes/${id}`,
    ])
    expect(saveOrder).toEqual([
      'sandbox-name after 0 requests',
      'sandbox-id after 1 requests',
      'started-at after 1 requests',
      'sandbox-seen after 2 requests',
      'hourly-cost after 4 requests',
    ])
    // Pricing is read without the token (as the interface shows it); the credit alert with it.
    expect(service.billingRequests.sort()).toEqual(['GET /credit-alert (with token)', 'GET /pricing'])
    // 4 vCPU x 0.01 + 16 GiB x 0.005 + 100 GB x 0.0002 = 0.14 $/h (CPU only)
    expect(Number(core.state['hourly-cost'])).toBeCloseTo(0.14, 10)
    const summary = core.summaries.join('\n')
    expect(summary).toContain(
      '| Estimated cost | \\~\\$0.14/hour (4 x additional\\_vcpus \\$0.01 + 16 x additional\\_memory\\_gib \\$0.005 + 100 x disk\\_gb \\$0.0002) |',
    )
    expect(summary).toContain('| Credit alert | \\$25.00, armed |')
    expect(summary).toContain('| Time to running | 2s |')
    expect(core.annotations).toEqual([])
    expect(core.state['sandbox-id']).toBe(id)
    expect(core.outputs).toMatchObject({
      'sandbox-id': id,
      'sandbox-name': GENERATED,
      status: 'running',
      'gpu-type': '',
    })
    expect(JSON.parse(core.outputs.sandbox ?? '')).toEqual({ id, name: GENERATED, status: 'running', spec: {} })
    expect(core.log.filter((l) => l.startsWith(`${id}:`))).toEqual([
      `${id}: pending (after 0s)`,
      `${id}: provisioning (after 1s)`,
      `${id}: running (after 2s)`,
    ])
    expect(service.requests[0]?.body).toEqual({
      name: GENERATED,
      spec: { cpu_count: 4, memory_gib: 16, storage_gib: 100 },
      network_policy: { internet_access: 'open' },
      lifetime: { enforce_ttl: true, max_ttl_seconds: 21600 },
    })
  })

  it('pricing or credit-alert failures are warnings, never a failed step', async () => {
    service.pricing = () => HttpResponse.json({ code: 500, error: 'internal_error', message: 'boom' }, { status: 500 })
    service.creditAlert = () => HttpResponse.json({ unexpected: true })
    const { core, error } = await start({ 'gpu-type': 'A100' })
    expect(error).toBeUndefined()
    expect(core.outputs.status).toBe('running')
    expect(core.annotations.map((a) => a.level)).toEqual(['warning', 'warning'])
    expect(core.annotations.map((a) => a.message).join('\n')).toMatch(
      /Could not read pricing.*not affected[\s\S]*Could not read the credit alert/,
    )
    const summary = core.summaries.join('\n')
    expect(summary).toContain('| Estimated cost | no estimate (pricing unavailable) |')
    expect(summary).toContain('| Credit alert | unavailable |')
    expect(core.state['hourly-cost']).toBeUndefined()
  })

  it('no estimate when a needed pricing key is missing; credit alert none configured', async () => {
    service.pricing = () => HttpResponse.json({ pricing: { h100_x1_prototyping: 1.89, additional_vcpus: 0.01 } })
    service.creditAlert = () => HttpResponse.json({ alert: null })
    const { core, error } = await start({ 'gpu-type': 'A100' })
    expect(error).toBeUndefined()
    const summary = core.summaries.join('\n')
    expect(summary).toContain(
      '| Estimated cost | no estimate (the pricing catalog has no a100\\_x1\\_prototyping (or a100\\_x1\\_…)) |',
    )
    // No GPU price: no cost, but the seconds billed are known.
    expect(core.outputs.cost).toBe('')
    expect(core.outputs['billed-seconds']).toMatch(/^\d+$/)
    expect(summary).toContain('| Credit alert | none configured |')
    expect(core.annotations).toEqual([])
  })

  it('polls at poll-interval while provisioning is young, then slower, never faster than asked', async () => {
    // 40 polls' worth of provisioning: the waits between polls tell the pacing.
    service.statuses = [...Array<string>(39).fill('provisioning'), 'running']
    const clock = new FakeClock(Array<number>(100).fill(0))
    const { core, error } = await start({}, clock)
    expect(error).toBeUndefined()
    expect(core.outputs.status).toBe('running')
    expect(clock.sleeps.slice(0, 6)).toEqual([1000, 1000, 1000, 1000, 1000, 1000])
    expect(clock.sleeps.every((ms) => ms >= 1000)).toBe(true)
    // Each wait is a fifth of the time waited so far, up to 10 s.
    expect(clock.sleeps.slice(6, 12)).toEqual([1200, 1440, 1728, 2074, 2488, 2986])
    expect(Math.max(...clock.sleeps)).toBe(10_000)
  })

  it('a 429 while polling waits Retry-After and doubles the poll delay from then on', async () => {
    service.statuses = [...Array<string>(6).fill('provisioning'), 'running']
    const tooMany = () =>
      HttpResponse.json(
        { code: 429, error: 'rate_limit_exceeded', message: 'slow' },
        { status: 429, headers: { 'retry-after': '7' } },
      )
    service.getScript = [undefined, tooMany] as (() => Response | undefined)[]
    const clock = new FakeClock(Array<number>(100).fill(0))
    const { core, error } = await start({}, clock)
    expect(error).toBeUndefined()
    // 1 s, then the 429: Retry-After 7 s + 1.5 s; then twice the pace (a fifth of 9.5 s, 13.3 s waited, x2).
    expect(clock.sleeps.slice(0, 4)).toEqual([1000, 8500, 3800, 5320])
    expect(core.log).toContain(`poll sbx-0000000000000001: 429 rate_limit_exceeded; next poll in 8.5s.`)
  })

  it('after a lost answer retries with the same name and adopts its own sandbox on 409', async () => {
    service.startScript = [() => 'lost']
    const { core, error } = await start()
    expect(error).toBeUndefined()
    expect(core.state['sandbox-name']).toBe(GENERATED)
    const starts = service.requests.filter((r) => r.path === '/sandboxes/start')
    expect(starts.map((r) => (r.body as { name: string }).name)).toEqual([GENERATED, GENERATED])
    expect(service.sandboxes).toHaveLength(1)
    expect(core.outputs['sandbox-id']).toBe(service.sandboxes[0]?.id)
    expect(core.log).toContain(
      `Adopting sandbox ${service.sandboxes[0]?.id}: an earlier start attempt created it but its answer was lost.`,
    )
    expect(service.paths().slice(0, 3)).toEqual(['POST /sandboxes/start', 'POST /sandboxes/start', 'GET /sandboxes'])
  })

  it('a 409 with no lost answer fails with the remedy, and lists nothing', async () => {
    // A generated name is not looked up first; another job's sandbox taking it is a plain 409.
    service.sandboxes.push({ id: 'sbx-00000000000000aa', name: GENERATED, status: 'running' })
    const { error } = await start()
    expect(error?.message).toMatch(/409 sandbox_name_in_use.*replace-existing: true/)
    expect(service.paths()).toEqual(['POST /sandboxes/start'])
  })

  it('a chosen name held by a live sandbox fails at once: one list, no start', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000aa', name: 'box-1', status: 'running' })
    const { core, error } = await start({ name: 'box-1' })
    expect(error?.message).toMatch(
      /The name 'box-1' is held by the live sandbox sbx-00000000000000aa \(status running\), which this step did not start; nothing was started\..*replace-existing: true/,
    )
    expect(service.paths()).toEqual(['GET /sandboxes'])
    expect(core.state['name-holders']).toBe('sbx-00000000000000aa')
    expect(core.state['sandbox-name'] ?? '').toBe('')
  })

  it('replace-existing stops the holder, reads it until it gives the name up, and backs off on a 409 with no holder listed', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000aa', name: 'box-1', status: 'running' })
    // The service answers 409 twice more although no holder is listed: the blind backoff is the only way on.
    const held = () => HttpResponse.json({ code: 409, error: 'sandbox_name_in_use', message: 'held' }, { status: 409 })
    service.startScript = [held, held]
    const clock = new FakeClock()
    const { core, error } = await start({ name: 'box-1', 'replace-existing': 'true' }, clock)
    expect(error).toBeUndefined()
    expect(service.paths().slice(0, 9)).toEqual([
      'GET /sandboxes',
      'POST /sandboxes/sbx-00000000000000aa/stop',
      // The stop's informational read, then the read that finds the name given up.
      'GET /sandboxes/sbx-00000000000000aa',
      'GET /sandboxes/sbx-00000000000000aa',
      'POST /sandboxes/start',
      'GET /sandboxes',
      'POST /sandboxes/start',
      'GET /sandboxes',
      'POST /sandboxes/start',
    ])
    expect(clock.sleeps.slice(0, 2)).toEqual([750, 1500])
    expect(core.outputs['sandbox-id']).not.toBe('sbx-00000000000000aa')
    expect(core.state['name-holders']).toBe('sbx-00000000000000aa')
    expect(core.annotations).toEqual([])
  })

  it('replace-existing waits for a holder that never gives the name up with reads only, until timeout, and never says to set replace-existing', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000aa', name: 'box-1', status: 'stopping' })
    const clock = new FakeClock()
    const { error } = await start({ name: 'box-1', 'replace-existing': 'true', timeout: '1m' }, clock)
    expect(error?.message).toMatch(
      /The name 'box-1' was still held by sbx-00000000000000aa when 'timeout' ran out; nothing was started/,
    )
    expect(error?.message).not.toMatch(/set 'replace-existing/)
    // No start request is spent to find out: reads once a poll interval.
    expect(service.paths().filter((p) => p.startsWith('POST '))).toEqual([])
    expect(service.paths().filter((p) => p === 'GET /sandboxes/sbx-00000000000000aa').length).toBeGreaterThanOrEqual(50)
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(60_000)
  })

  it('falls back through the gpu-type list on capacity errors', async () => {
    service.startScript = [capacityBusy, capacityBusy]
    const { core, error } = await start({ 'gpu-type': 'H100, A100, A6000', 'gpu-count': '2' })
    expect(error).toBeUndefined()
    const specs = service.requests
      .filter((r) => r.path === '/sandboxes/start')
      .map((r) => (r.body as { spec: unknown }).spec)
    expect(specs).toEqual([
      { cpu_count: 4, memory_gib: 16, storage_gib: 100, gpu_type: 'H100', gpu_count: 2 },
      { cpu_count: 4, memory_gib: 16, storage_gib: 100, gpu_type: 'A100', gpu_count: 2 },
      { cpu_count: 4, memory_gib: 16, storage_gib: 100, gpu_type: 'A6000', gpu_count: 2 },
    ])
    expect(core.outputs['gpu-type']).toBe('A6000')
    expect(core.summaries[0]).toContain('H100 x2: no capacity; A100 x2: no capacity; A6000 x2: accepted')
  })

  it('cycles with backoff while every type is busy, and gives up at capacity-timeout', async () => {
    service.startScript = Array.from({ length: 100 }, () => capacityBusy)
    const clock = new FakeClock()
    const { core, error } = await start({ 'gpu-type': 'H100,A100', 'capacity-timeout': '1m' }, clock)
    expect(error?.message).toMatch(
      /^No capacity: every GPU type listed in 'gpu-type' \(H100, A100\) answered sandbox_capacity_unavailable for 56s \(5 rounds through the list, 10 start attempts; capacity-timeout 1m\)\. No start was accepted\. Raise 'capacity-timeout', or add another type to 'gpu-type'\.$/,
    )
    expect(core.state['sandbox-name']).toBe('')
    // Five rounds through both types, backing off between them, within the minute.
    expect(clock.sleeps).toEqual([3750, 7500, 15_000, 30_000])
    expect(service.paths().filter((p) => p === 'POST /sandboxes/start')).toHaveLength(10)
    expect(service.sandboxes).toHaveLength(0)
  })

  it.each([
    [400, 'invalid_request'],
    [401, 'unauthorized'],
    [403, 'sandbox_access_denied'],
  ])('%i is never retried', async (status, code) => {
    service.startScript = [() => HttpResponse.json({ code: status, error: code, message: 'no' }, { status })]
    const { core, error } = await start()
    expect(error?.message).toContain(`${status} ${code}`)
    expect(service.paths()).toEqual(['POST /sandboxes/start'])
    expect(core.state['sandbox-name']).toBe('')
  })

  it('a failed sandbox fails the step, with its id saved for the post step', async () => {
    service.statuses = ['provisioning', 'failed']
    const { core, error } = await start()
    expect(error?.message).toMatch(/failed to provision/)
    expect(core.outputs.status).toBe('failed')
    expect(core.state['sandbox-id']).toBe('sbx-0000000000000001')
  })

  it('gives up waiting at timeout', async () => {
    service.statuses = Array.from({ length: 1000 }, () => 'provisioning')
    const clock = new FakeClock()
    const { core, error } = await start({ timeout: '30s' }, clock)
    expect(error?.message).toMatch(/did not reach 'running' within 30s \(last status: provisioning\)/)
    expect(core.outputs.status).toBe('provisioning')
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(30_000)
  })

  it('wait: false returns after the start with one status read', async () => {
    const { core } = await start({ wait: 'false' })
    expect(service.paths()).toEqual(['POST /sandboxes/start', 'GET /sandboxes/sbx-0000000000000001'])
    expect(core.outputs.status).toBe('pending')
  })

  it('dry-run outputs the request and sends nothing', async () => {
    const { core } = await start({ 'dry-run': 'true', 'gpu-type': 'a100', env: 'A=1\nDB_PASSWORD=s3cr3t-value' })
    expect(service.requests).toEqual([])
    expect(JSON.parse(core.outputs.request ?? '')).toMatchObject({
      spec: { gpu_type: 'A100', gpu_count: 1 },
      env: { A: '1', DB_PASSWORD: 's3cr3t-value' },
    })
    expect(core.state).toEqual({})
    // env values may be secrets: the log and the summary name the keys only.
    const shown = [...core.log, ...core.summaries].join('\n')
    expect(shown).toContain('"DB_PASSWORD": "***"')
    expect(shown).not.toContain('s3cr3t-value')
  })
})

describe('main entry logic', () => {
  it('masks the token first and sends nothing for a bad input', async () => {
    const core = recordingCore({ 'api-token': TOKEN, 'base-url': BASE, cpu: 'lots' })
    await expect(
      runMain({ core, clock: new FakeClock(), makeClient: client, signal: new AbortController().signal, env: {} }),
    ).rejects.toThrow(/Input 'cpu'/)
    expect(core.secrets).toEqual([TOKEN])
    expect(service.requests).toEqual([])
  })

  it('mode stop stops sandbox-id and reports the status', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000bb', name: 'x', status: 'running' })
    const core = recordingCore({
      'api-token': TOKEN,
      'base-url': BASE,
      mode: 'stop',
      'sandbox-id': 'sbx-00000000000000bb',
    })
    await runMain({ core, clock: new FakeClock(), makeClient: client, signal: new AbortController().signal, env: {} })
    expect(service.paths()).toEqual([
      'POST /sandboxes/sbx-00000000000000bb/stop',
      'GET /sandboxes/sbx-00000000000000bb',
    ])
    expect(core.outputs).toEqual({ 'sandbox-id': 'sbx-00000000000000bb', status: 'stopped' })
  })
})

describe('post', () => {
  const post = runPostAgainst

  it('stops the sandbox from state', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000cc', name: 'box-1', status: 'running' })
    const { core, error } = await post({}, { 'sandbox-name': 'box-1', 'sandbox-id': 'sbx-00000000000000cc' })
    expect(error).toBeUndefined()
    expect(core.secrets).toEqual([TOKEN])
    expect(service.paths()).toEqual([
      'POST /sandboxes/sbx-00000000000000cc/stop',
      'GET /sandboxes/sbx-00000000000000cc',
    ])
    expect(core.log).toContain('Stopped sandbox sbx-00000000000000cc (status: stopped).')
  })

  it("a runner's wait that fails on the way never keeps the sandbox from being stopped", async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000cd', name: 'box-2', status: 'running' })
    const core = recordingCore(
      { 'api-token': TOKEN, 'base-url': BASE, runner: 'true' },
      { 'sandbox-id': 'sbx-00000000000000cd', runner: JSON.stringify({ id: 5, name: 'gpu-sandbox-x', online: true }) },
    )
    // Any failure inside the wait (here: the log itself) ends the wait, never the post step.
    const warning = core.warning.bind(core)
    core.warning = (message) => {
      if (String(message).startsWith('Runner gpu-sandbox-x:')) throw new Error('the wait broke')
      warning(message)
    }
    await runPost({
      core,
      clock: new FakeClock(),
      makeClient: () => new ComputeClient({ baseUrl: BASE, apiToken: TOKEN }),
    })
    expect(core.annotations.map((a) => a.message)).toContain(
      'Runner: the wait for its job failed (Error: the wait broke); stopping now.',
    )
    expect(service.paths()).toContain('POST /sandboxes/sbx-00000000000000cd/stop')
  })

  it('summarises the stop, how long the sandbox lived and what this run cost by the estimate', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000cc', name: 'box-1', status: 'running' })
    const clock = new FakeClock()
    clock.time = Date.UTC(2026, 10, 22, 12)
    const startedAt = clock.now() - 90 * 60_000
    const { core, error } = await post(
      {},
      { 'sandbox-id': 'sbx-00000000000000cc', 'started-at': String(startedAt), 'hourly-cost': '2' },
      clock,
    )
    expect(error).toBeUndefined()
    expect(core.log.slice(-2)).toEqual([
      '::endgroup::',
      'Stopped sandbox sbx-00000000000000cc after 1h30m (status: stopped).',
    ])
    expect(core.summaries).toEqual([
      '### Sandbox sbx-00000000000000cc cleanup\n\n| | |\n|---|---|\n' +
        '| Stop | stop accepted; status stopped |\n' +
        '| Lived | 1h30m (from the accepted start to the stop) |\n' +
        '| Billed seconds | 5400s |\n' +
        '| Estimated cost of this run | \\~\\$3.00 (1h30m at \\~\\$2.00/hour) |\n',
    ])
    // The post step makes no pricing call: the main step handed the estimate over in state.
    expect(service.billingRequests).toEqual([])
  })

  it('finds the sandbox by name when the id never arrived', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000dd', name: 'box-1', status: 'provisioning' })
    service.sandboxes.push({ id: 'sbx-00000000000000de', name: 'other', status: 'running' })
    const { error } = await post({}, { 'sandbox-name': 'box-1' })
    expect(error).toBeUndefined()
    expect(service.paths()).toEqual([
      'GET /sandboxes',
      'POST /sandboxes/sbx-00000000000000dd/stop',
      'GET /sandboxes/sbx-00000000000000dd',
    ])
  })

  it('looks again before concluding a name-only start created nothing', async () => {
    const clock = new FakeClock()
    const { core } = await post({}, { 'sandbox-name': 'box-1' }, clock)
    expect(service.paths()).toEqual(['GET /sandboxes', 'GET /sandboxes', 'GET /sandboxes'])
    expect(clock.sleeps).toEqual([2000, 4000])
    // The final line comes after the group, visible without expanding it.
    expect(core.log.slice(-2)).toEqual([
      '::endgroup::',
      "No live sandbox named 'box-1' exists: the start request created nothing, so there is nothing to stop.",
    ])
  })

  it('a 404 means already gone', async () => {
    const { core, error } = await post({}, { 'sandbox-id': 'sbx-00000000000000ee' })
    expect(error).toBeUndefined()
    expect(core.log).toContain('Sandbox sbx-00000000000000ee is already gone (404): nothing to stop.')
  })

  it('retries 429, 503 and lost answers until the stop is accepted', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000ff', name: 'box-1', status: 'running' })
    service.stopScript = [
      () =>
        HttpResponse.json(
          { code: 429, error: 'rate_limit_exceeded', message: 'slow' },
          { status: 429, headers: { 'retry-after': '3' } },
        ),
      () => HttpResponse.json({ code: 503, error: 'service_unavailable', message: 'down' }, { status: 503 }),
      () => HttpResponse.error(),
    ]
    const clock = new FakeClock()
    const { error } = await post({}, { 'sandbox-id': 'sbx-00000000000000ff' }, clock)
    expect(error).toBeUndefined()
    expect(service.paths().filter((p) => p.endsWith('/stop'))).toHaveLength(4)
    // A stop is urgent: Retry-After 3 s plus at most 0.5 s of jitter (0.25 s at random 0.5).
    expect(clock.sleeps).toEqual([3250, 1500, 3000])
  })

  it('a stop that keeps failing until the deadline throws', async () => {
    service.stopScript = Array.from(
      { length: 200 },
      () => () => HttpResponse.json({ code: 503, error: 'x', message: 'down' }, { status: 503 }),
    )
    const { error } = await post({}, { 'sandbox-id': 'sbx-00000000000000ff' })
    expect(error?.message).toMatch(/POST \/sandboxes\/sbx-00000000000000ff\/stop failed with 503/)
  })

  it('keep-alive leaves the sandbox running with a notice and sends nothing', async () => {
    const { core } = await post({ 'keep-alive': 'true' }, { 'sandbox-id': 'sbx-00000000000000ff' })
    expect(service.requests).toEqual([])
    expect(core.annotations).toEqual([
      { level: 'notice', message: expect.stringMatching(/keep-alive: true: sbx-00000000000000ff is left running/) },
    ])
  })

  it.each([
    [{}, {}, /the main step sent no start request/],
    [
      {},
      { 'sandbox-name': '', 'start-refused': '401 unauthorized' },
      /Nothing to clean up: the main step created no sandbox \(401 unauthorized\)\./,
    ],
    [{ mode: 'stop' }, { 'sandbox-id': 'sbx-00000000000000ff' }, /mode 'stop' starts nothing/],
    [{ mode: 'network-policy' }, {}, /mode 'network-policy' starts nothing/],
  ])('skips with a reason: %j %j', async (inputs, state, reason) => {
    const { core } = await post(inputs, state)
    expect(service.requests).toEqual([])
    expect(core.log.join('\n')).toMatch(reason)
  })
})
