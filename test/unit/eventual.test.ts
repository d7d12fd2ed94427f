/**
 * Odd but valid answers at the unit level, with a fake clock: a sandbox not
 * visible yet, a refused stop, a lost answer whose sandbox never shows, and
 * the smaller modes' less common paths.
 */
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { ComputeClient } from '../../src/client/client.ts'
import { reportFailure } from '../../src/entry/wiring.ts'
import type { StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { runStart } from '../../src/start/main.ts'
import { runMain } from '../../src/main.ts'
import { BASE, runPostAgainst, serveFakeService, TOKEN, type FakeService } from '../harness/fake-service.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

const fake = serveFakeService()
const server = fake.server
let service: FakeService
beforeEach(() => {
  service = fake.service()
})

const client = () => new ComputeClient({ baseUrl: BASE, apiToken: TOKEN })
const notFound = () => HttpResponse.json({ code: 404, error: 'sandbox_not_found', message: 'no' }, { status: 404 })
const signal = () => new AbortController().signal

function startConfig(inputs: Record<string, string> = {}): StartConfig {
  const all: Record<string, string> = { 'api-token': TOKEN, 'base-url': BASE, ...inputs }
  return parseInputs((n) => all[n] ?? '', {
    repositoryId: '7',
    runId: '1',
    runAttempt: '1',
    randomHex: () => 'abc123',
  }) as StartConfig
}

async function main(inputs: Record<string, string>, clock = new FakeClock()) {
  const core = recordingCore({ 'api-token': TOKEN, 'base-url': BASE, ...inputs })
  let error: Error | undefined
  try {
    await runMain({
      core,
      clock,
      makeClient: client,
      signal: signal(),
      env: { RUNNER_TEMP: '/nonexistent-runner-temp' },
    })
  } catch (e) {
    error = e as Error
  }
  return { core, error }
}

const post = runPostAgainst

describe('not visible yet', () => {
  it('the wait polls on through 404s in the first minute after the start', async () => {
    service.getScript = [notFound, notFound]
    const core = recordingCore()
    await runStart(startConfig(), { core, client: client(), clock: new FakeClock(), signal: signal() })
    expect(core.outputs.status).toBe('running')
    expect(core.log.filter((l) => l.includes('not visible yet, polling on'))).toHaveLength(2)
  })

  it('a 404 a minute after the start is an error for the wait', async () => {
    const clock = new FakeClock()
    // Every read answers 404, and the clock passes the minute while polling.
    service.getScript = Array.from({ length: 200 }, () => notFound)
    const core = recordingCore()
    const error = await runStart(startConfig({ 'poll-interval': '10s' }), {
      core,
      client: client(),
      clock,
      signal: signal(),
    }).catch((e: Error) => e)
    expect(String(error)).toMatch(/404 sandbox_not_found/)
    expect(clock.now() - 1_000_000).toBeGreaterThanOrEqual(60_000)
  })

  it('the post step retries a 404 stop until the minute has passed, then concludes it is gone', async () => {
    const clock = new FakeClock()
    const { core, error } = await post(
      {},
      { 'sandbox-id': 'sbx-00000000000000a1', 'started-at': String(clock.now() - 5_000) },
      clock,
    )
    expect(error).toBeUndefined()
    const stops = service.paths().filter((p) => p.endsWith('/stop'))
    expect(stops.length).toBeGreaterThan(3)
    expect(clock.now() - 1_000_000 + 5_000).toBeGreaterThanOrEqual(60_000)
    expect(core.log).toContain('Sandbox sbx-00000000000000a1 is already gone (404): nothing to stop.')
  })

  it('a refused stop whose read shows a live sandbox is tried again', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000a2', name: 'x', status: 'running' })
    service.statuses = []
    const conflict = () => HttpResponse.json({ code: 409, error: 'sandbox_busy', message: 'busy' }, { status: 409 })
    service.stopScript = [conflict]
    const { core, error } = await post({}, { 'sandbox-id': 'sbx-00000000000000a2' })
    expect(error).toBeUndefined()
    expect(service.paths()).toEqual([
      'POST /sandboxes/sbx-00000000000000a2/stop',
      'GET /sandboxes/sbx-00000000000000a2',
      'POST /sandboxes/sbx-00000000000000a2/stop',
      'GET /sandboxes/sbx-00000000000000a2',
    ])
    expect(
      core.log.some((l) => l.includes('refused (409 sandbox_busy) while the sandbox is still live; retrying')),
    ).toBe(true)
  })
})

describe('a lost answer whose sandbox never shows', () => {
  it('fails after a few looks and keeps the name for the post step', async () => {
    // The start is lost and the name is in use by nothing this step can list.
    service.startScript = [
      () => HttpResponse.error(),
      () => HttpResponse.json({ code: 409, error: 'sandbox_name_in_use', message: 'held' }, { status: 409 }),
    ]
    const clock = new FakeClock()
    const core = recordingCore()
    const error = await runStart(startConfig(), { core, client: client(), clock, signal: signal() }).catch(
      (e: Error) => e,
    )
    expect(String(error)).toMatch(
      /in use after a start attempt whose answer was lost, but no live sandbox of this step/,
    )
    expect(service.paths().filter((p) => p === 'GET /sandboxes')).toHaveLength(5)
    expect(core.state['sandbox-name']).toBe('gh-7-1-1-abc123')
  })
})

describe('mode stop', () => {
  it('a stop refused for a failed sandbox outputs its status', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000b1', name: 'x', status: 'failed' })
    service.statuses = []
    service.stopScript = [
      () => HttpResponse.json({ code: 409, error: 'sandbox_not_running', message: 'failed' }, { status: 409 }),
    ]
    const { core, error } = await main({ mode: 'stop', 'sandbox-id': 'sbx-00000000000000b1' })
    expect(error).toBeUndefined()
    expect(core.outputs).toEqual({ 'sandbox-id': 'sbx-00000000000000b1', status: 'failed' })
  })

  it('an unknown sandbox is not-found', async () => {
    const { core } = await main({ mode: 'stop', 'sandbox-id': 'sbx-00000000000000b2' })
    expect(core.outputs.status).toBe('not-found')
  })
})

describe('mode instance', () => {
  it('dry-run sends nothing', async () => {
    const { core } = await main({ mode: 'instance', 'dry-run': 'true', 'instance-config': '{"template":"base"}' })
    expect(service.requests).toEqual([])
    expect(JSON.parse(core.outputs.request ?? '')).toEqual({ template: 'base' })
  })

  it('a lost create answer is not retried and says to check the console', async () => {
    // A connection that dies before any answer.
    server.use(http.post(`${BASE}/instances/create`, () => HttpResponse.error()))
    const { error } = await main({ mode: 'instance' })
    expect(error?.message).toMatch(/not retried \(create is not idempotent\)\. Check the account console/)
  })

  it('a public key: no key file, no key output', async () => {
    const { core } = await main({
      mode: 'instance',
      'public-key': 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPkgkGp9Xs35zwAoc3bqIuzEoFuGhJ4TEMV2QROGuF me@ci',
    })
    expect(core.outputs['ssh-key-path']).toBeUndefined()
    expect(core.log).toContain('Instance 100 created with the given public key.')
  })

  it('the post step: keep-alive leaves it; a 404 means gone', async () => {
    const kept = await post({ mode: 'instance', 'keep-alive': 'true' }, { 'instance-id': '100' })
    expect(kept.core.annotations[0]?.message).toMatch(/instance 100 is left running/)
    const gone = await post({ mode: 'instance' }, { 'instance-id': '555' })
    expect(gone.error).toBeUndefined()
    expect(gone.core.log).toContain('Instance 555 is already gone (404).')
  })
})

describe('reportFailure', () => {
  it('a cancelled step says so instead of the error it was cancelled with', () => {
    const core = recordingCore()
    const controller = new AbortController()
    controller.abort(new Error('cancelled by SIGTERM'))
    reportFailure(core, new Error('aborted request'), controller.signal)
    expect(core.failed).toEqual(['Cancelled: cancelled by SIGTERM.'])
  })

  it('any other error fails the step with its message', () => {
    const core = recordingCore()
    reportFailure(core, 'plain text')
    expect(core.failed).toEqual(['plain text'])
  })
})
