/**
 * What GitHub's answers say of a token's hour (issue 46): read from x-ratelimit-* of the core resource only, odd
 * values ignored, a tenth kept back, and the main step's last answer carried to the post step within its hour.
 */
import { describe, expect, it } from 'vitest'
import { GitHubBudget } from '../../src/runtime/github-budget.ts'

const answer = (limit: unknown, remaining: unknown, extra: Record<string, unknown> = {}) => ({
  'x-ratelimit-limit': limit,
  'x-ratelimit-remaining': remaining,
  'x-ratelimit-reset': '1790000000',
  ...extra,
})

describe('GitHubBudget', () => {
  it('is unknown until an answer says, then low under a tenth of the limit', () => {
    const budget = new GitHubBudget()
    expect([budget.low, budget.describe(), budget.spares(10_000)]).toEqual([false, undefined, true])
    budget.observe(answer('1000', '100'))
    expect(budget.low).toBe(false)
    budget.observe(answer('1000', '99'))
    expect(budget.low).toBe(true)
    expect(budget.describe()).toBe('99 of 1000 requests left this hour (until 14:13 UTC)')
  })

  it('spares what leaves the tenth untouched', () => {
    const budget = new GitHubBudget()
    budget.observe(answer('1000', '400'))
    expect(budget.spares(300)).toBe(true)
    expect(budget.spares(301)).toBe(false)
  })

  it('ignores other resources and odd values: negative, fractional, missing, a remaining above the limit is cut', () => {
    const budget = new GitHubBudget()
    budget.observe(answer('5000', '10', { 'x-ratelimit-resource': 'search' }))
    budget.observe(answer('-1', '10'))
    budget.observe(answer('1000', '1.5'))
    budget.observe(answer(undefined, '10'))
    budget.observe(answer('abc', 'def'))
    budget.observe(undefined)
    expect(budget.describe()).toBeUndefined()
    budget.observe(answer('1000', '7000'))
    expect(budget.describe()).toMatch(/^1000 of 1000 requests left/)
  })

  it("starts from the main step's answer within its hour, never over the post step's own", () => {
    const main = new GitHubBudget()
    main.observe(answer('1000', '50'))
    const saved = main.save()
    expect(saved).toEqual({ limit: 1000, remaining: 50, resetsAt: 1_790_000_000_000 })
    const post = new GitHubBudget()
    post.restore(saved, 1_790_000_000_000)
    expect(post.low).toBe(false)
    post.restore(saved, 1_789_999_999_000)
    expect(post.low).toBe(true)
    const answered = new GitHubBudget()
    answered.observe(answer('1000', '900'))
    answered.restore(saved, 0)
    expect(answered.low).toBe(false)
    expect(new GitHubBudget().save()).toBeUndefined()
  })
})
