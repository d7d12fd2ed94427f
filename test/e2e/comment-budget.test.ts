/**
 * What a matrix asks GitHub (issue 46), through the bundles on the emulator and
 * the fake GitHub (every exchange checked against GitHub's OpenAPI
 * description, every request counted as GitHub counts it: a 304 is free): a
 * 12-leg `labeled` matrix with approve-label and comment, legs ending over a
 * few seconds, and a token whose hour is nearly spent, where the comment
 * yields to the job summary and the gate still runs.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { commands, runAction } from '../../scripts/lib/action-runner.ts'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { FakeResults } from '../../scripts/lib/fake-results.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { emulatorFixture } from '../harness/emulator-fixture.ts'

const fixture = emulatorFixture({ provisioningMs: 300, stopMs: 50, generation: 'current' })
const fake = useFakeGitHub()
const HEAD = 'e'.repeat(40)

let results: { close: () => Promise<void> } | undefined
afterEach(async () => {
  await results?.close()
  results = undefined
})

/**
 * A `labeled` run of pull request #7 (approve-label: gpu-ok) with `comment`; `leg(n)` runs matrix leg n. With
 * `artifacts`, the runner gives each leg the results service (ACTIONS_RUNTIME_TOKEN, ACTIONS_RESULTS_URL).
 */
async function labeledMatrix(artifacts?: FakeResults) {
  if (artifacts) results = await artifacts.serve()
  const service = await fixture.start()
  await fake.serve()
  fake.github.pulls.add(7, HEAD, 'gpu-ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
  fake.makeDir('comment-budget-')
  const payload = { action: 'labeled', label: { name: 'gpu-ok' }, pull_request: { number: 7, head: { sha: HEAD } } }
  writeFileSync(join(fake.dir, 'event.json'), JSON.stringify(payload))
  const leg = (index: number) => {
    const jobs = fake.github.runners.jobs
    jobs.push({
      id: 9000 + index,
      runId: 4242,
      attempt: 1,
      name: `gpu (${index})`,
      runnerId: 0,
      runnerName: `GitHub Actions ${index}`,
      status: 'in_progress',
    })
    const inputs = { comment: 'true', 'approve-label': 'gpu-ok', 'github-token': GITHUB_TOKEN }
    return runAction({
      inputs: fixture.inputs(inputs),
      env: {
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: join(fake.dir, 'event.json'),
        GITHUB_API_URL: fake.url,
        GITHUB_SERVER_URL: fake.url,
        GITHUB_WORKFLOW: 'GPU tests',
        GITHUB_JOB: 'gpu',
        RUNNER_NAME: `GitHub Actions ${index}`,
        HOME: fake.dir,
        ...artifacts?.env(`job-${index}`),
      },
    })
  }
  return { service, leg }
}

/** When the fake's hour ends, as the action says it. */
const until = () => `${new Date(Math.ceil(fake.github.budget.resetsAt / 1000) * 1000).toISOString().slice(11, 16)} UTC`

const rows = () =>
  (fake.github.pulls.pulls.get(7)?.comments[0]?.body ?? '').split('\n').filter((line) => line.startsWith('| <!--r:'))

describe('comment: true on a matrix, on the default token', () => {
  it('12 legs of a labeled run ending over a few seconds: one comment with 12 rows, at most 3 requests a leg', async () => {
    const artifacts = new FakeResults()
    const { leg } = await labeledMatrix(artifacts)
    // GITHUB_TOKEN: 1,000 requests an hour for the repository.
    fake.github.budget = { ...fake.github.budget, limit: 1_000 }
    const legs = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        // Started over 3 s, as a matrix's runners come up: they end over a few seconds too.
        await new Promise((resolve) => setTimeout(resolve, index * 250))
        return leg(index)
      }),
    )
    expect(legs.map(({ main, post }) => [main.exitCode, post.exitCode])).toEqual(legs.map(() => [0, 0]))
    expect(fake.github.pulls.pulls.get(7)?.comments).toHaveLength(1)
    expect(rows()).toHaveLength(12)
    // Every row named after its job, read once by the leg that wrote them.
    expect(
      rows()
        .map((row) => /\| <!--r:\w+:\w+-->(gpu \(\d+\)) \|/.exec(row)?.[1])
        .sort(),
    ).toEqual(Array.from({ length: 12 }, (_, index) => `gpu (${index})`).sort())
    const counted = fake.github.counted().map((request) => `${request.method} ${request.path}`)
    const count = (pattern: RegExp) => counted.filter((request) => pattern.test(request)).length
    // The gate once a leg; the comment only from the legs that ended last (the rows came through the artifacts).
    expect(count(/^GET \/repos\/octo\/repo\/pulls\/7$/)).toBe(12)
    expect(count(/^(PATCH|POST) /)).toBeLessThanOrEqual(4)
    expect(counted.length).toBeLessThanOrEqual(36)
    // The artifacts were of the shape the results service takes, and none is left in the run.
    expect(artifacts.malformed).toEqual([])
    expect(artifacts.names()).toEqual([])
    const said = legs.flatMap(({ post }) => post.stdout.split('\n')).filter((line) => line.startsWith('comment:'))
    expect(
      said.filter((line) => line.includes("jobs' rows (the last of this run's jobs to end writes them)")),
    ).not.toEqual([])
  }, 120_000)

  it('a results service that keeps failing: each step says so once, and the leg writes its own row', async () => {
    const artifacts = new FakeResults()
    const { leg } = await labeledMatrix(artifacts)
    // Every upload answered 503 (each call is tried 4 times): the announcement's and the row's.
    for (let n = 0; n < 12; n++) artifacts.script.push({ method: 'CreateArtifact', status: 503 })
    const { main, post } = await leg(0)
    expect([main.exitCode, post.exitCode]).toEqual([0, 0])
    const lines = (text: string, pattern: RegExp) => text.split('\n').filter((line) => pattern.test(line))
    const announce = /^comment: could not say this job's row will come \(.*CreateArtifact answered 503/
    expect(lines(main.stdout, announce)).toHaveLength(1)
    const fallBack = /^comment: the run's artifacts failed \(.*answered 503.*\); this job writes its own row\.$/
    expect(lines(post.stdout, fallBack)).toHaveLength(1)
    expect(rows()).toHaveLength(1)
    expect(artifacts.names()).toEqual([])
    expect(commands(post, 'warning')).toEqual([])
  }, 60_000)

  it('without the results service (GitHub Enterprise Server), each leg writes its own row', async () => {
    const { leg } = await labeledMatrix()
    fake.github.budget = { ...fake.github.budget, limit: 1_000 }
    const legs = await Promise.all([0, 1, 2].map((index) => leg(index)))
    expect(legs.map(({ main, post }) => [main.exitCode, post.exitCode])).toEqual(legs.map(() => [0, 0]))
    expect(rows()).toHaveLength(3)
    const counted = fake.github.counted().map((request) => `${request.method} ${request.path}`)
    // The gate, the leg's name and at least one write, a leg.
    expect(counted.filter((request) => /\/attempts\/1\/jobs$/.test(request))).toHaveLength(3)
    expect(counted.filter((request) => /^(PATCH|POST) /.test(request)).length).toBeGreaterThanOrEqual(3)
  }, 120_000)

  it.each([
    ['its own row', undefined],
    ["the run's artifacts", 'results'],
  ])('a token with under a tenth of its hour left: the gate runs, the comment (%s) yields', async (_, through) => {
    const artifacts = through ? new FakeResults() : undefined
    const { service, leg } = await labeledMatrix(artifacts)
    // GITHUB_TOKEN's 1,000 requests an hour for the repository, 950 of them spent by other workflows.
    fake.github.budget = { ...fake.github.budget, limit: 1_000, used: 950 }
    const { main, post } = await leg(1)
    expect([main.exitCode, post.exitCode]).toEqual([0, 0])
    expect(service.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
    expect(main.stdout).toContain("Approval gate: pull request #7 is approved by 'gpu-ok' for head eeeeeeeeeeee.")
    const why =
      `comment: GitHub's budget for this token is low (49 of 1000 requests left this hour (until ${until()}), under ` +
      "a tenth): the comment yields to the approval gate and runners, and this job's row is in its job summary."
    expect(post.stdout.split('\n').filter((line) => line.includes('budget for this token'))).toEqual([why])
    expect(commands(post, 'warning')).toEqual([])
    expect(post.summary).toContain('#### GPU sandbox: GPU tests / gpu')
    expect(fake.github.pulls.pulls.get(7)?.comments).toEqual([])
    // The gate's read, and nothing for the comment: its name lookup and its writes yield too.
    expect(fake.github.paths()).toEqual(['GET /repos/octo/repo/pulls/7'])
    // Through the artifacts, the row stays there for a later writer.
    if (artifacts) expect(artifacts.names()).toEqual([expect.stringMatching(/^gpu-sandbox-comment-1-row-gh-31337-/)])
  })

  it('more legs than the token can spare the comment for: it yields before asking anything; the gate runs', async () => {
    const { service, leg } = await labeledMatrix()
    // 400 of GITHUB_TOKEN's 1,000 left; this run has 80 legs besides this one (their sandboxes, by their names).
    fake.github.budget = { ...fake.github.budget, limit: 1_000, used: 600 }
    for (let other = 0; other < 80; other++) service.seed(`gh-31337-4242-1-${(0xa00000 + other).toString(16)}`)
    const { main, post } = await leg(1)
    expect([main.exitCode, post.exitCode]).toEqual([0, 0])
    const lines = post.stdout.split('\n').filter((line) => line.startsWith('comment:'))
    expect(lines).toEqual([
      "comment: this run's 43 or more jobs would ask GitHub about 258 requests for the comment, more than this " +
        `token can spare (399 of 1000 requests left this hour (until ${until()}); a tenth is kept for the approval ` +
        "gate and runners): the comment yields, and this job's row is in its job summary. A GitHub App token as " +
        'github-token has 5,000 requests an hour.',
    ])
    expect(post.summary).toContain('#### GPU sandbox: GPU tests / gpu')
    expect(fake.github.pulls.pulls.get(7)?.comments).toEqual([])
    expect(fake.github.paths()).toEqual(['GET /repos/octo/repo/pulls/7'])
    expect(service.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
  })
})
