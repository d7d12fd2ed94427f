/**
 * Whether the token can spare the comment for this run (issue 46), in process against the emulator on loopback:
 * a low budget yields at once; an ample one asks the service nothing; otherwise this run attempt's legs are counted
 * from the list (by their generated names) and the comment yields when they would need more than can be spared; a
 * list that cannot be read decides nothing.
 */
import { describe, expect, it } from 'vitest'
import { commentYield } from '../../src/comment/share.ts'
import { ComputeClient } from '../../src/client/client.ts'
import type { CommentTarget } from '../../src/comment/github.ts'
import type { CleanupConfig } from '../../src/inputs/config.ts'
import { GitHubBudget } from '../../src/runtime/github-budget.ts'
import type { CleanupDeps } from '../../src/step/deps.ts'
import { ActionState } from '../../src/step/state.ts'
import { emulatorFixture } from '../harness/emulator-fixture.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

const fixture = emulatorFixture({ provisioningMs: 50, stopMs: 10, generation: 'current' })

const target = (run: CommentTarget['workflowRun'] = { id: 4242, attempt: 1 }): CommentTarget => ({
  githubToken: 'ghs_x',
  repository: { owner: 'octo', repo: 'repo', id: '31337', apiUrl: 'http://127.0.0.1:9', serverUrl: 'x' },
  number: 7,
  key: 'ci',
  workflow: 'CI',
  job: 'CI / gpu',
  ...(run ? { workflowRun: run } : {}),
  runUrl: 'https://github.test/octo/repo/actions/runs/4242/attempts/1',
})

function setUp(remaining?: number, limit = 1_000) {
  const core = recordingCore()
  const githubBudget = new GitHubBudget()
  if (remaining !== undefined)
    githubBudget.observe({
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 3600),
    })
  const makeClient = () =>
    new ComputeClient({ baseUrl: fixture.baseUrl, apiToken: fixture.emulator?.token ?? '', requestTimeoutMs: 2_000 })
  const deps = { core, clock: new FakeClock(), makeClient, githubBudget } as unknown as CleanupDeps
  return { core, deps, state: new ActionState(core), config: {} as CleanupConfig }
}

const lists = () => fixture.emulator?.requestsTo('GET', '/sandboxes').length ?? 0

describe('commentYield', () => {
  it('without a budget, or with an ample one, the comment goes ahead and the service is not asked', async () => {
    await fixture.start()
    const none = setUp()
    expect(await commentYield({ ...none.deps, githubBudget: undefined }, none.state, none.config, target())).toBe(
      undefined,
    )
    expect(await commentYield(none.deps, none.state, none.config, target())).toBeUndefined()
    const ample = setUp(4_900, 5_000)
    expect(await commentYield(ample.deps, ample.state, ample.config, target())).toBeUndefined()
    expect(lists()).toBe(0)
  })

  it("under a tenth: yields at once; the main step's saved answer counts", async () => {
    await fixture.start()
    const low = setUp(99)
    expect(await commentYield(low.deps, low.state, low.config, target())).toMatch(
      /^GitHub's budget for this token is low \(99 of 1000/,
    )
    const fresh = setUp()
    fresh.state.saveGitHubBudget({ limit: 1_000, remaining: 42, resetsAt: Date.now() + 60_000 })
    const saved = { ...fresh.deps, clock: { ...fresh.deps.clock, now: () => Date.now() } } as CleanupDeps
    expect(await commentYield(saved, fresh.state, fresh.config, target())).toMatch(/\(42 of 1000 requests left/)
    expect(lists()).toBe(0)
  })

  it("counts this run attempt's legs: 80 more than 400 left can spare; 10 are spared it", async () => {
    const emulator = await fixture.start()
    for (let n = 0; n < 80; n++) emulator.seed(`gh-31337-4242-1-${(0xb00000 + n).toString(16)}`)
    // Another attempt, another run, another repository, a name someone chose: not this run's legs.
    for (const name of ['gh-31337-4242-2-aaaaaa', 'gh-31337-4243-1-aaaaaa', 'gh-99-4242-1-aaaaaa', 'mine'])
      emulator.seed(name)
    const tight = setUp(400)
    const why = await commentYield(tight.deps, tight.state, tight.config, target())
    expect(why).toMatch(/^this run's 43 or more jobs would ask GitHub about 258 requests for the comment/)
    expect(why).toContain('A GitHub App token as github-token has 5,000 requests an hour.')
    expect(await commentYield(tight.deps, tight.state, tight.config, target({ id: 4243, attempt: 1 }))).toBeUndefined()
    // Outside a workflow run there is no run to count: no decision.
    const outside = { ...target(), workflowRun: undefined }
    expect(await commentYield(tight.deps, tight.state, tight.config, outside)).toBeUndefined()
  })

  it('a list that cannot be read in time decides nothing, and says so', async () => {
    await fixture.start()
    await fixture.emulator?.close()
    const tight = setUp(400)
    const real = { ...tight.deps, clock: { ...tight.deps.clock, now: () => Date.now() } } as CleanupDeps
    expect(await commentYield(real, tight.state, tight.config, target())).toBeUndefined()
    expect(tight.core.log.some((line) => line.startsWith("comment: this run's sandboxes could not be counted"))).toBe(
      true,
    )
  }, 40_000)
})
