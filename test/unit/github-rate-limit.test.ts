/**
 * GitHub's rate limits are waits, never refusals (issue 43), in process on a
 * fake clock against the fake GitHub on loopback, which answers them with
 * GitHub's own headers and messages: a primary limit is waited out until its
 * reset, a secondary one for its retry-after (or a minute, growing); a limit
 * past what the step can wait fails naming it and when it lifts; a plain 403
 * is still a refusal; the runner's post step keeps a running job's sandbox
 * however long GitHub refuses.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { waitForRunnerJob } from '../../src/runner/post.ts'
import { GitHubError } from '../../src/github/call.ts'
import { rateLimitOf } from '../../src/github/rate-limit.ts'
import { isAccessDenied, RunnerRegistry } from '../../src/runner/github.ts'
import type { CleanupConfig } from '../../src/inputs/config.ts'
import type { CleanupDeps } from '../../src/step/deps.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { THIS_RUN } from '../../scripts/lib/fake-runners.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

let github: FakeGitHub
let served: { url: string; close: () => Promise<void> }
let clock: FakeClock
beforeEach(async () => {
  github = new FakeGitHub()
  served = await github.serve()
  clock = new FakeClock()
  github.now = () => clock.now()
})
afterEach(() => served.close())

const repository = () => ({ owner: 'octo', repo: 'repo', id: '31337', apiUrl: served.url, serverUrl: served.url })
const HOUR = 3_600_000

async function registered(log: string[] = []) {
  const registry = new RunnerRegistry(repository(), GITHUB_TOKEN, { clock, log: (line) => log.push(line) })
  const { runner } = await registry.generate('gpu-sandbox-sbx-00000000000000ab', 'gpu-x')
  return { registry, id: runner.id, log }
}

describe('rateLimitOf: what GitHub answered', () => {
  const answer = (status: number, headers: Record<string, string>, message = 'x') => ({
    status,
    message,
    response: { headers, data: { message } },
  })

  it('reads the primary limit, the secondary one with and without retry-after, and leaves a refusal alone', () => {
    const now = 1_700_000_000_000
    const reset = String(now / 1000 + 600)
    expect(rateLimitOf(answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }), now)).toEqual({
      kind: 'primary',
      waitMs: 600_000,
      resetsAt: now + 600_000,
    })
    expect(rateLimitOf(answer(429, { 'retry-after': '30' }), now)).toEqual({
      kind: 'secondary',
      waitMs: 30_000,
      resetsAt: now + 30_000,
    })
    const secondary = answer(403, { 'x-ratelimit-remaining': '12' }, 'You have exceeded a secondary rate limit.')
    expect([1, 2, 3, 9].map((inARow) => rateLimitOf(secondary, now, inARow)?.waitMs)).toEqual([
      60_000, 120_000, 240_000, 900_000,
    ])
    expect(rateLimitOf(answer(403, { 'x-ratelimit-remaining': '12' }, 'Resource not accessible'), now)).toBeUndefined()
    expect(rateLimitOf(answer(401, { 'x-ratelimit-remaining': '0' }), now)).toBeUndefined()
  })
})

describe('a call under a rate limit', () => {
  it('a primary limit is waited out until its reset, then the call is answered', async () => {
    const { registry, id, log } = await registered()
    github.rateLimit = { kind: 'primary', until: clock.now() + 90_000 }
    const before = clock.now()
    expect(await registry.get(id)).toMatchObject({ id })
    expect(clock.now() - before).toBeGreaterThanOrEqual(90_000)
    expect(github.rateLimited).toBe(1)
    expect(log.join('\n')).toMatch(
      /^reading runner \d+: GitHub's primary rate limit for this token \(its requests an hour\); it lifts at \d\d:\d\d:\d\d UTC; waiting \d+ s\.$/m,
    )
  })

  it("a secondary limit: its retry-after, or without one a minute, then two: GitHub's own 429 as well", async () => {
    const { registry, id } = await registered()
    github.rateLimit = { kind: 'secondary', until: clock.now() + 20_000, status: 429 }
    await registry.get(id)
    expect(clock.sleeps.at(-1)).toBeGreaterThanOrEqual(20_000)
    expect(clock.sleeps.at(-1)).toBeLessThan(26_000)
    github.rateLimit = { kind: 'secondary', until: clock.now() + 100_000, retryAfter: 'none' }
    await registry.get(id)
    expect(clock.sleeps.slice(-2).map((ms) => Math.floor(ms / 60_000))).toEqual([1, 2])
  })

  it('a limit later than the step can wait fails at once, naming the limit and when it lifts; never a refusal', async () => {
    const { id } = await registered()
    const limited = new RunnerRegistry(repository(), GITHUB_TOKEN, {
      clock,
      log: () => undefined,
      rateLimitUntil: clock.now() + 10 * 60_000,
    })
    github.rateLimit = { kind: 'primary', until: clock.now() + HOUR }
    const error = await limited.get(id).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(GitHubError)
    expect((error as GitHubError).rateLimit?.kind).toBe('primary')
    expect(isAccessDenied(error)).toBe(false)
    expect((error as Error).message).toMatch(
      /^reading runner \d+: GitHub's primary rate limit for this token \(its requests an hour\); it lifts at \d\d:\d\d:\d\d UTC, later than this step can wait\./,
    )
    expect(clock.sleeps).toEqual([])
  })

  it('a plain 403 (a token without the permission) is a refusal at once, with no wait', async () => {
    const { registry, id } = await registered()
    github.forbidden = [/\/actions\/runners\//]
    const error = await registry.get(id).catch((caught: unknown) => caught)
    expect(isAccessDenied(error)).toBe(true)
    expect(clock.sleeps).toEqual([])
  })
})

describe("the runner's post step under a rate limit", () => {
  it('keeps a running job\'s sandbox while GitHub refuses every read for an hour, and ends once it answers "gone"', async () => {
    const { id } = await registered()
    const runner = github.runners.byId.get(id)
    if (runner) runner.status = 'online'
    github.runners.assignJob(id, 60_000, THIS_RUN)
    const core = recordingCore()
    const config = {
      runner: () => ({
        githubToken: GITHUB_TOKEN,
        repository: repository(),
        pickupTimeoutMs: 60_000,
        workflowRun: { id: 4242, attempt: 1 },
      }),
    } as unknown as CleanupConfig
    const deps = { core, clock, makeClient: () => undefined as never } as CleanupDeps
    const waiting = waitForRunnerJob(deps, { id, name: 'gpu-sandbox-sbx-00000000000000ab', online: true }, config)
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Every read meets the primary limit for an hour; the job ends meanwhile.
    const limitedFrom = clock.now()
    github.rateLimit = { kind: 'primary', until: limitedFrom + HOUR }
    if (runner) runner.deleted = true
    expect(await waiting).toBeUndefined()
    // It ended only once GitHub answered again: never on a limit, never with "not waiting for its job".
    expect(clock.now()).toBeGreaterThanOrEqual(limitedFrom + HOUR)
    expect(core.annotations.filter((a) => /not waiting|access/i.test(a.message))).toEqual([])
    expect(core.log.join('\n')).toContain("GitHub's primary rate limit for this token")
    expect(core.log.join('\n')).toMatch(/the registration is gone/)
  })
})
