/**
 * Duration inputs (`90`, `90s`, `15m`, `2h`, `1h30m`) and their bounds. Every
 * duration has an upper bound: a timer longer than setTimeout can hold
 * (about 24.8 days) fires at once, so an unbounded `poll-interval: 999h`
 * would poll in a tight loop.
 */
import { z } from 'zod'
import { refuse } from './refuse.ts'

const DURATION = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/

/** Parses `90`, `90s`, `15m`, `2h`, `1h30m` into seconds; undefined when malformed. */
export function parseDurationSeconds(raw: string): number | undefined {
  const text = raw.trim()
  if (/^\d+$/.test(text)) return Number(text)
  const match = DURATION.exec(text)
  if (!match || text === '') return undefined
  const [, h = '0', m = '0', s = '0'] = match
  return Number(h) * 3600 + Number(m) * 60 + Number(s)
}

const HOUR = 3600
const DAY = 24 * HOUR

export interface DurationBounds {
  minSeconds: number
  maxSeconds: number
}

/**
 * The bounds of each duration input. Waits are bounded by what a job can
 * run (self-hosted runners allow days; a day is already generous); the TTL
 * by what a workflow run can last (a sandbox kept alive for later jobs).
 */
export const DURATION_BOUNDS = {
  timeout: { minSeconds: 1, maxSeconds: DAY },
  'poll-interval': { minSeconds: 1, maxSeconds: 10 * 60 },
  'capacity-timeout': { minSeconds: 0, maxSeconds: DAY },
  'max-ttl': { minSeconds: 1, maxSeconds: 30 * DAY },
  'max-grace': { minSeconds: 0, maxSeconds: DAY },
  'runner-timeout': { minSeconds: 1, maxSeconds: DAY },
  // An idle stop sooner than a minute would stop pool sandboxes as they become ready.
  'pool-idle': { minSeconds: 60, maxSeconds: DAY },
  // A keeper looks every few seconds; under a minute it would end before its first replacement is ready.
  'pool-watch': { minSeconds: 60, maxSeconds: 5 * DAY },
} as const satisfies Record<string, DurationBounds>

/** 86400 → '24h', 600 → '10m', 2592000 → '720h'. */
export function formatBound(seconds: number): string {
  if (seconds >= HOUR && seconds % HOUR === 0) return `${seconds / HOUR}h`
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60}m`
  return `${seconds}s`
}

/** A duration schema from the raw string; the message names the limit that was crossed. */
export function duration(bounds: DurationBounds) {
  return z.string().transform((raw, ctx) => {
    const seconds = parseDurationSeconds(raw)
    if (seconds === undefined) {
      return refuse(ctx, `must be a duration such as 90, 90s, 15m, 2h or 1h30m, got '${raw}'`)
    }
    if (seconds < bounds.minSeconds) {
      return refuse(ctx, `must be at least ${formatBound(bounds.minSeconds)}, got '${raw}'`)
    }
    if (seconds > bounds.maxSeconds) {
      return refuse(ctx, `must be at most ${formatBound(bounds.maxSeconds)} (${bounds.maxSeconds}s), got '${raw}'`)
    }
    return seconds
  })
}
