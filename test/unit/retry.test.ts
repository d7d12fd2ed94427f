import { describe, expect, it } from 'vitest'
import { ServiceError } from '../../src/client/errors.ts'
import {
  backoffDelay,
  delayFor,
  isNotAccepted,
  isTransient,
  retryAfterDelay,
  withRetry,
} from '../../src/client/retry.ts'
import { pollDelay } from '../../src/sandbox/wait.ts'
import { FakeClock } from '../harness/fakes.ts'

function error(status: number, code = 'x', retryAfterMs?: number): ServiceError {
  return new ServiceError({ status, code, method: 'GET', path: '/p', retryAfterMs })
}

describe('backoff', () => {
  it('doubles from the base with equal jitter, capped', () => {
    expect(backoffDelay(1, 0)).toBe(500)
    expect(backoffDelay(1, 0.99)).toBe(995)
    expect(backoffDelay(2, 0)).toBe(1000)
    expect(backoffDelay(3, 1)).toBe(4000)
    expect(backoffDelay(20, 1)).toBe(30_000)
    expect(backoffDelay(20, 0)).toBe(15_000)
  })

  it('Retry-After plus 1.5 s plus a jitter of a quarter, between 1 s and 5 s', () => {
    expect(retryAfterDelay(1000, 0)).toBe(2500)
    expect(retryAfterDelay(1000, 1)).toBe(3500)
    expect(retryAfterDelay(8000, 1)).toBe(11_500)
    expect(retryAfterDelay(60_000, 1)).toBe(66_500)
    expect(delayFor(error(429, 'rate_limit_exceeded', 2000), 5, 0)).toBe(3500)
  })

  it('urgent calls (stop, delete) come back within 0.5 s of Retry-After, before any other call', () => {
    expect(retryAfterDelay(60_000, 0, true)).toBe(60_000)
    expect(retryAfterDelay(60_000, 0.999, true)).toBe(60_500)
    // Even an urgent call told a second more (Retry-After is rounded up) comes back before the others.
    for (const retryAfter of [0, 1000, 7000, 60_000]) {
      expect(retryAfterDelay(retryAfter + 1000, 0.999, true)).toBeLessThanOrEqual(retryAfterDelay(retryAfter, 0))
    }
    expect(delayFor(error(429, 'rate_limit_exceeded', 2000), 5, 0.5, undefined, true)).toBe(2250)
    // Urgency changes only 429 waits, not backoff after 5xx.
    expect(delayFor(error(503), 2, 0, undefined, true)).toBe(delayFor(error(503), 2, 0))
  })

  it('classifies what may be retried', () => {
    for (const status of [429, 503, 504, 500, 502, 0]) expect(isTransient(error(status))).toBe(true)
    for (const status of [400, 401, 403, 404, 409]) expect(isTransient(error(status))).toBe(false)
    expect(isTransient(error(0, 'aborted'))).toBe(false)
    expect(isTransient(new Error('plain'))).toBe(false)
    expect([429, 503, 504, 500, 502, 0].map((s) => isNotAccepted(error(s)))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ])
  })

  it('polls at the asked interval while provisioning is young, then waits a fifth of the time waited, at most 10 s', () => {
    expect(pollDelay(1000, 0)).toBe(1000)
    expect(pollDelay(1000, 5_000)).toBe(1000)
    expect(pollDelay(1000, 10_000)).toBe(2000)
    expect(pollDelay(1000, 30_000)).toBe(6000)
    expect(pollDelay(1000, 30_000, 1, 1)).toBe(6600)
    expect(pollDelay(1000, 600_000)).toBe(10_000)
    expect(pollDelay(1000, 600_000, 1, 0.999)).toBe(10_999)
    // Never faster than asked, even far beyond the 10 s cap.
    expect(pollDelay(30_000, 600_000, 8, 0)).toBe(30_000)
    expect(pollDelay(30_000, 0)).toBe(30_000)
  })

  it('polls slower after 429s: each one doubles the delay, up to 8x', () => {
    expect(pollDelay(1000, 0, 2)).toBe(2000)
    expect(pollDelay(1000, 10_000, 2)).toBe(4000)
    expect(pollDelay(1000, 30_000, 8)).toBe(10_000)
  })

  it('makes about 15 polls for a 30 s provisioning with 1 s polling, and about 45 for 5 minutes', () => {
    const pollsUntil = (provisioningMs: number) => {
      let polls = 1
      for (let t = 0; t < provisioningMs; polls++) t += pollDelay(1000, t)
      return polls
    }
    expect(pollsUntil(30_000)).toBeGreaterThanOrEqual(13)
    expect(pollsUntil(30_000)).toBeLessThanOrEqual(16)
    expect(pollsUntil(300_000)).toBeLessThanOrEqual(45)
  })
})

describe('withRetry', () => {
  it('retries transient errors, logging reason and wait, without real waiting', async () => {
    const clock = new FakeClock([0, 0, 0])
    const log: string[] = []
    const failures = [error(503), error(429, 'rate_limit_exceeded', 4000), error(0, 'network_error')]
    const result = await withRetry(
      async () => {
        const next = failures.shift()
        if (next) throw next
        return 'done'
      },
      { clock, deadline: clock.now() + 60_000, label: 'op', log: (m) => log.push(m) },
    )
    expect(result).toBe('done')
    expect(clock.sleeps).toEqual([500, 5500, 2000])
    expect(log).toEqual([
      'op: 503 x; retrying in 0.5s (attempt 2).',
      'op: 429 rate_limit_exceeded; retrying in 5.5s (attempt 3).',
      'op: network_error; retrying in 2.0s (attempt 4).',
    ])
  })

  it.each([400, 401, 403, 404, 409])('never retries %i', async (status) => {
    const clock = new FakeClock()
    let calls = 0
    await expect(
      withRetry(
        async () => {
          calls++
          throw error(status)
        },
        { clock, deadline: clock.now() + 60_000, label: 'op', log: () => {} },
      ),
    ).rejects.toMatchObject({ status })
    expect(calls).toBe(1)
    expect(clock.sleeps).toEqual([])
  })

  it('stops when the next wait would pass the deadline', async () => {
    const clock = new FakeClock()
    const log: string[] = []
    let calls = 0
    await expect(
      withRetry(
        async () => {
          calls++
          throw error(504)
        },
        { clock, deadline: clock.now() + 5_000, label: 'op', log: (m) => log.push(m) },
      ),
    ).rejects.toMatchObject({ status: 504 })
    // 750 + 1500 + 3000 would reach 5250 > 5000.
    expect(clock.sleeps).toEqual([750, 1500])
    expect(calls).toBe(3)
    expect(log.at(-1)).toBe('op: 504 x; no time left to retry (attempt 3).')
  })

  it('stops at once when cancelled', async () => {
    const clock = new FakeClock()
    const controller = new AbortController()
    let calls = 0
    await expect(
      withRetry(
        async () => {
          calls++
          controller.abort(new Error('SIGTERM'))
          throw error(503)
        },
        { clock, deadline: clock.now() + 60_000, signal: controller.signal, label: 'op', log: () => {} },
      ),
    ).rejects.toMatchObject({ status: 503 })
    expect(calls).toBe(1)
  })
})
