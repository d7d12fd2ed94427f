/** Who is asking (the token's organization) and the per-organization rate limits, in fixed windows. */
import { HttpError } from './http.ts'
import type { Organization, ResolvedOptions } from './options.ts'

export function organizationOf(options: ResolvedOptions, auth: string | undefined): Organization {
  const match = /^Bearer (\S+)$/.exec(auth ?? '')
  const org = match ? options.organizations.find((o) => o.token === match[1]) : undefined
  if (!org) throw new HttpError(401, 'unauthorized', auth ? 'invalid API token' : 'missing Authorization header')
  return org
}

export class RateLimits {
  private readonly windows = new Map<string, { windowStart: number; count: number }>()
  private readonly options: ResolvedOptions
  private readonly clock: () => number
  constructor(options: ResolvedOptions, clock: () => number) {
    this.options = options
    this.clock = clock
  }

  clear(): void {
    this.windows.clear()
  }

  limit(org: string, bucket: 'start-stop' | 'get-list'): void {
    const key = `${org}:${bucket}`
    const limit = bucket === 'start-stop' ? this.options.startStopLimit : this.options.getListLimit
    const now = this.clock()
    let window = this.windows.get(key)
    if (!window || now - window.windowStart >= this.options.rateWindowMs) {
      window = { windowStart: now, count: 0 }
      this.windows.set(key, window)
    }
    if (window.count >= limit) {
      const retryAfter = Math.max(1, Math.ceil((window.windowStart + this.options.rateWindowMs - now) / 1000))
      throw new HttpError(429, 'rate_limit_exceeded', `more than ${limit} requests per window`, {
        'retry-after': String(retryAfter),
      })
    }
    window.count++
  }
}
