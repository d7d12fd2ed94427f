/** The blocking wait of the deployed service, and the fall-back to polling where it is absent. */
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { ComputeClient } from '../../src/client/client.ts'
import { waitUntilSettled, waitWindowSeconds } from '../../src/sandbox/wait.ts'
import { BASE, serveFakeService, TOKEN, type FakeService } from '../harness/fake-service.ts'
import { FakeClock } from '../harness/fakes.ts'

const fake = serveFakeService()
let service: FakeService
beforeEach(() => {
  service = fake.service()
  service.sandboxes.push({ id: 'sbx-00000000000000a1', name: 'x', status: 'created' })
})

const ID = 'sbx-00000000000000a1'
const record =
  (status: string, extra: Record<string, unknown> = {}) =>
  () =>
    HttpResponse.json({ id: ID, status, ...extra })
const windowEnd =
  (status = 408) =>
  () =>
    HttpResponse.json({ code: status, error: 'sandbox_wait_timeout', message: 'window passed' }, { status })

async function wait(clock = new FakeClock(), timeoutMs = 15 * 60_000) {
  const log: string[] = []
  const statuses: string[] = []
  const client = new ComputeClient({ baseUrl: BASE, apiToken: TOKEN })
  const result = await waitUntilSettled({ client, clock, log: (m) => log.push(m) }, ID, {
    pollIntervalMs: 1_000,
    deadline: clock.now() + timeoutMs,
    acceptedAt: clock.now(),
    onStatus: (s) => statuses.push(s),
  }).catch((error: Error) => error)
  return { result, log, statuses, clock }
}

describe('the blocking wait (service as deployed)', () => {
  it('answers ready at once: one request, no sleep', async () => {
    service.waitScript = [record('ready')]
    const { result, clock, statuses } = await wait()
    expect(result).toMatchObject({ status: 'ready' })
    expect(service.waits).toEqual([`GET /sandboxes/${ID}/wait?timeout_seconds=30`])
    expect(service.paths()).toEqual([])
    expect(clock.sleeps).toEqual([])
    expect(statuses).toEqual(['ready'])
  })

  it('sandbox_wait_timeout ends a window: the next opens at once, whatever status it came with', async () => {
    service.waitScript = [
      windowEnd(408),
      windowEnd(504),
      windowEnd(200),
      record('failed', { failure_code: 'image_pull_failed' }),
    ]
    const { result, clock } = await wait()
    expect(result).toMatchObject({ status: 'failed', failure_code: 'image_pull_failed' })
    expect(service.waits).toHaveLength(4)
    expect(clock.sleeps).toEqual([])
  })

  it('the window never outlasts the deadline; with no room for one it polls', () => {
    // W plus the 15 s margin of its HTTP timeout must fit in the time left.
    expect([
      waitWindowSeconds(15 * 60_000),
      waitWindowSeconds(30_000),
      waitWindowSeconds(16_000),
      waitWindowSeconds(15_900),
    ]).toEqual([30, 15, 1, 0])
  })

  it('a 404 from the route with the sandbox found by a plain GET means no route: polling for the rest of the step', async () => {
    service.statuses = ['provisioning', 'provisioning', 'running']
    const { result, log } = await wait()
    expect(result).toMatchObject({ status: 'running' })
    expect(service.waits).toHaveLength(1)
    expect(service.paths()).toEqual([`GET /sandboxes/${ID}`, `GET /sandboxes/${ID}`, `GET /sandboxes/${ID}`])
    expect(log.some((l) => l.includes('has no blocking wait'))).toBe(true)
  })

  it('a 404 from the route and from the GET soon after the start is "not visible yet": the wait goes on', async () => {
    const notFound = () => HttpResponse.json({ code: 404, error: 'sandbox_not_found', message: 'no' }, { status: 404 })
    service.waitScript = [notFound, record('ready')]
    service.getScript = [notFound]
    const { result, log } = await wait()
    expect(result).toMatchObject({ status: 'ready' })
    expect(service.waits).toHaveLength(2)
    expect(log.some((l) => l.includes('not visible yet'))).toBe(true)
  })

  it('a record that left the starting state but is neither ready nor failed does not spin', async () => {
    service.waitScript = [record('stopping'), record('stopping'), record('ready')]
    const { result, clock } = await wait()
    expect(result).toMatchObject({ status: 'ready' })
    expect(clock.sleeps).toEqual([1_000, 1_000])
  })

  it('the wait still ends at timeout', async () => {
    service.waitScript = Array.from({ length: 100 }, () => windowEnd())
    const clock = new FakeClock()
    // Each window "takes" its 30 s on the fake clock.
    const original = service.waitScript
    service.waitScript = original.map((answer) => () => {
      clock.time += 30_000
      return answer()
    })
    const { result } = await wait(clock, 2 * 60_000)
    expect(String(result)).toMatch(/did not reach 'running' within/)
    expect(service.waits.length).toBeLessThanOrEqual(5)
  })
})
