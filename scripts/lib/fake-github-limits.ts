/**
 * GitHub's REST limits, enforced as GitHub answers them (docs: "Rate limits
 * for the REST API"), for the matrix benchmark (issue 43): one token's requests
 * an hour (primary: 403, `x-ratelimit-remaining: 0` until `x-ratelimit-reset`);
 * and the secondary limits, answered 403 with `retry-after` (GitHub's usual
 * 60 s): requests in flight at once, REST points a minute (a GET 1, a write 5),
 * content-creating requests (POST here) a minute. `scale` compresses GitHub's
 * minute and hour (and its retry-after) for a benchmark that compresses time.
 */
import type { GitHubAnswer } from './github-openapi.ts'
import { rateLimitAnswer } from './fake-rate-limits.ts'

export interface GitHubLimitOptions {
  perHour?: number
  concurrent?: number
  pointsPerMinute?: number
  writePoints?: number
  contentPerMinute?: number
  /** How long GitHub takes to answer, in ms (what makes requests overlap). */
  latencyMs?: number
  /** GitHub's minute and hour last `1 / scale` as long (default 1: real time). */
  scale?: number
}

export type LimitMet = 'primary' | 'concurrent' | 'points' | 'content'

export class GitHubLimits {
  /** Rate-limit answers given, by the limit met. */
  readonly met: Record<LimitMet, number> = { primary: 0, concurrent: 0, points: 0, content: 0 }
  /** The most requests in flight at once. */
  peakInFlight = 0
  private inFlight = 0
  private hourStart = -Infinity
  private hourUsed = 0
  private readonly spent: { at: number; points: number; content: boolean }[] = []
  private readonly options: Required<GitHubLimitOptions>

  private readonly now: () => number

  constructor(options: GitHubLimitOptions = {}, now: () => number = Date.now) {
    this.now = now
    this.options = {
      perHour: 5_000,
      concurrent: 100,
      pointsPerMinute: 900,
      writePoints: 5,
      contentPerMinute: 80,
      latencyMs: 0,
      scale: 1,
      ...options,
    }
  }

  get latencyMs(): number {
    return this.options.latencyMs
  }

  /** The token's requests an hour, and how many this hour has taken (every answer's x-ratelimit-* headers). */
  get hourLimit(): number {
    return this.options.perHour
  }

  get usedThisHour(): number {
    return this.now() - this.hourStart >= 60 * this.minuteMs ? 0 : this.hourUsed
  }

  private get minuteMs(): number {
    return 60_000 / this.options.scale
  }

  /** undefined: admitted (in flight until `release`); else GitHub's answer to a request over a limit. */
  admit(method: string): GitHubAnswer | undefined {
    const now = this.now()
    const hourMs = 60 * this.minuteMs
    if (now - this.hourStart >= hourMs) {
      this.hourStart = now
      this.hourUsed = 0
    }
    if (this.hourUsed >= this.options.perHour) return this.refuse('primary', this.hourStart + hourMs, now)
    while (this.spent.length > 0 && now - (this.spent[0]?.at ?? now) >= this.minuteMs) this.spent.shift()
    // A refused request counts against the hour too, as GitHub counts every authenticated request.
    this.hourUsed++
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(method)
    const points = write ? this.options.writePoints : 1
    const content = method === 'POST'
    const secondaryUntil = now + this.minuteMs
    if (this.inFlight >= this.options.concurrent) return this.refuse('concurrent', secondaryUntil, now)
    const minutePoints = this.spent.reduce((sum, entry) => sum + entry.points, 0)
    if (minutePoints + points > this.options.pointsPerMinute) return this.refuse('points', secondaryUntil, now)
    const minuteContent = this.spent.filter((entry) => entry.content).length
    if (content && minuteContent >= this.options.contentPerMinute) return this.refuse('content', secondaryUntil, now)
    this.spent.push({ at: now, points, content })
    this.inFlight++
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight)
    return undefined
  }

  release(): void {
    this.inFlight--
  }

  private refuse(limit: LimitMet, until: number, now: number): GitHubAnswer {
    this.met[limit]++
    const hour = { limit: this.options.perHour, remaining: Math.max(0, this.options.perHour - this.hourUsed) }
    return rateLimitAnswer({ kind: limit === 'primary' ? 'primary' : 'secondary', until, hour }, now)
  }
}
