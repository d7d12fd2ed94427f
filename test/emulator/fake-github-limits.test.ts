/**
 * The fake GitHub's enforced limits (the matrix benchmark, issue 43): each
 * limit answered as GitHub answers it, counted, and lifted when its window
 * passes; `scale` compresses GitHub's minute and hour alike.
 */
import { describe, expect, it } from 'vitest'
import { GitHubLimits } from '../../scripts/lib/fake-github-limits.ts'

function limits(options: ConstructorParameters<typeof GitHubLimits>[0]) {
  const clock = { now: 1_000_000 }
  return { clock, limits: new GitHubLimits(options, () => clock.now) }
}

describe("the fake GitHub's limits", () => {
  it('points a minute: a write costs 5, a read 1; past 900 a secondary 403 with retry-after, lifted a minute on', () => {
    const { clock, limits: l } = limits({})
    for (let i = 0; i < 180; i++) {
      expect(l.admit('PATCH')).toBeUndefined()
      l.release()
    }
    const refused = l.admit('GET')
    expect(refused).toMatchObject({ status: 403, headers: { 'retry-after': '60' } })
    expect((refused?.body as { message: string }).message).toMatch(/^You have exceeded a secondary rate limit/)
    expect(l.met).toEqual({ primary: 0, concurrent: 0, points: 1, content: 0 })
    clock.now += 60_000
    expect(l.admit('GET')).toBeUndefined()
  })

  it('content-creating requests: 80 POSTs a minute; requests in flight: 100 at once', () => {
    const { limits: content } = limits({ pointsPerMinute: 100_000 })
    for (let i = 0; i < 80; i++) {
      expect(content.admit('POST')).toBeUndefined()
      content.release()
    }
    expect(content.admit('POST')?.status).toBe(403)
    expect(content.admit('GET')).toBeUndefined()
    expect(content.met.content).toBe(1)
    const { limits: flight } = limits({})
    for (let i = 0; i < 100; i++) expect(flight.admit('GET')).toBeUndefined()
    expect(flight.admit('GET')?.status).toBe(403)
    flight.release()
    expect(flight.admit('GET')).toBeUndefined()
    expect([flight.met.concurrent, flight.peakInFlight]).toEqual([1, 100])
  })

  it('the hour: past its requests a primary 403 until x-ratelimit-reset; scale compresses it and retry-after', () => {
    const { clock, limits: l } = limits({ perHour: 3, scale: 6, pointsPerMinute: 100_000 })
    for (let i = 0; i < 3; i++) {
      expect(l.admit('GET')).toBeUndefined()
      l.release()
    }
    const primary = l.admit('GET')
    expect(primary?.headers).toMatchObject({
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.ceil((1_000_000 + 600_000) / 1000)),
    })
    expect((primary?.body as { message: string }).message).toMatch(/^API rate limit exceeded/)
    clock.now += 600_000
    expect(l.admit('GET')).toBeUndefined()
    const { limits: fast } = limits({ scale: 6, pointsPerMinute: 1 })
    fast.admit('GET')
    expect(fast.admit('GET')?.headers?.['retry-after']).toBe('10')
  })
})
