/**
 * GitHub's rate-limit answers for the fake GitHub (issue 43), with GitHub's
 * own headers and messages (docs: "Rate limits for the REST API"):
 * - primary: 403 with `x-ratelimit-remaining: 0` and `x-ratelimit-reset` (epoch
 *   seconds), "API rate limit exceeded for installation ID …";
 * - secondary: 403 (or 429) "You have exceeded a secondary rate limit…", with
 *   `retry-after` when GitHub gives one.
 * The bodies are GitHub's error shape (`basic-error`), as every exchange is checked.
 */
import type { GitHubAnswer } from './github-openapi.ts'

export interface RateLimitRule {
  kind: 'primary' | 'secondary'
  /** When it lifts, by the fake's clock (ms). */
  until: number
  /** Only these paths meet it (default: every path). */
  paths?: RegExp
  /** The status of a secondary limit: 403 (default) or 429. */
  status?: 403 | 429
  /** A secondary limit's retry-after: the seconds to `until` (default), or none. */
  retryAfter?: 'until' | 'none'
  /** The token's hour as the answer tells it (default: an App token's 5,000, 4,100 left at a secondary limit). */
  hour?: { limit: number; remaining: number }
}

const DOCS = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api'

export function rateLimitAnswer(rule: RateLimitRule, now: number): GitHubAnswer {
  const resetSeconds = String(Math.ceil(rule.until / 1000))
  if (rule.kind === 'primary')
    return {
      status: 403,
      headers: {
        'x-ratelimit-limit': String(rule.hour?.limit ?? 5000),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-used': String(rule.hour?.limit ?? 5000),
        'x-ratelimit-reset': resetSeconds,
        'x-ratelimit-resource': 'core',
      },
      body: {
        message: 'API rate limit exceeded for installation ID 4242000.',
        documentation_url: `${DOCS}#about-the-primary-rate-limits`,
      },
    }
  const retryAfter = String(Math.max(1, Math.ceil((rule.until - now) / 1000)))
  return {
    status: rule.status ?? 403,
    headers: {
      'x-ratelimit-limit': String(rule.hour?.limit ?? 5000),
      'x-ratelimit-remaining': String(rule.hour?.remaining ?? 4100),
      'x-ratelimit-reset': resetSeconds,
      ...(rule.retryAfter === 'none' ? {} : { 'retry-after': retryAfter }),
    },
    body: {
      message:
        'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach ' +
        'out to GitHub Support for help, please include the request ID 0C01:2B3A:5D1E6F:7A8B9C:6745A1B2.',
      documentation_url: `${DOCS}#about-secondary-rate-limits`,
    },
  }
}
