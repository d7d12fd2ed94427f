/**
 * The mirror's read of the served job (src/cleanup/served-job.ts), in process
 * against the fake GitHub on loopback (issue 54): where the claim's read found
 * the job on the second page of the run's jobs but not yet ended (GitHub
 * records a job's end a moment after its runner's hook), the read again asks
 * for that page alone, not for every page before it: a leg of a 240-leg matrix
 * asked 9 times, against a bound of 8.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mirrorServedJob } from '../../src/cleanup/served-job.ts'
import { RunnerRegistry, type RunJob } from '../../src/github/runners.ts'
import type { CleanupConfig } from '../../src/inputs/config.ts'
import type { CleanupDeps } from '../../src/step/deps.ts'
import type { SavedRunner } from '../../src/step/state.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { THIS_RUN } from '../../scripts/lib/fake-runners.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

let github: FakeGitHub
let served: { url: string; close: () => Promise<void> }
beforeEach(async () => {
  github = new FakeGitHub()
  served = await github.serve()
})
afterEach(() => served.close())

const repository = () => ({ owner: 'octo', repo: 'repo', id: '31337', apiUrl: served.url, serverUrl: served.url })
const config = () =>
  ({
    runner: () => ({
      githubToken: GITHUB_TOKEN,
      repository: repository(),
      pickupTimeoutMs: 600_000,
      workflowRun: { id: 4242, attempt: 1 },
    }),
  }) as unknown as CleanupConfig
const deps = (): CleanupDeps => ({
  core: recordingCore(),
  clock: new FakeClock(),
  makeClient: () => undefined as never,
})
const jobPages = () => github.requests.filter((r) => r.path.endsWith('/jobs')).map((r) => r.query ?? '')

describe("the served job's result, read again", () => {
  it("starts at the page the claim's read found it on", async () => {
    // 150 earlier jobs of this run: the runner's job is the 151st, on the second page.
    for (let i = 0; i < 150; i++)
      github.runners.jobs.push({
        id: i + 1,
        runId: 4242,
        attempt: 1,
        name: `lint ${i}`,
        runnerId: 0,
        runnerName: 'GitHub Actions 7',
        status: 'completed',
      })
    const registry = new RunnerRegistry(repository(), GITHUB_TOKEN, { clock: new FakeClock(), log: () => undefined })
    const { runner } = await registry.generate('gpu-sandbox-sbx-00000000000000aa', 'gpu-x')
    const fake = github.runners.byId.get(runner.id)
    if (fake) fake.status = 'online'
    github.runners.assignJob(runner.id, 60_000, THIS_RUN)
    // The claim's read: both pages, the job still in progress.
    const names = (job: RunJob) => job.runnerName === runner.name
    const [claimed] = (await registry.jobsOf({ id: 4242, attempt: 1 }, names)).filter(names)
    expect(claimed).toMatchObject({ status: 'in_progress', page: 2 })
    const saved: SavedRunner = {
      id: runner.id,
      name: runner.name,
      online: true,
      ...(claimed ? { served: claimed } : {}),
    }
    // GitHub shows it ended by the time the mirror reads again.
    const job = github.runners.jobs.at(-1)
    if (job) Object.assign(job, { status: 'completed', conclusion: 'failure' })
    const before = jobPages().length
    const mirrored = await mirrorServedJob(deps(), saved, config())
    expect(mirrored.failure).toMatch(/ended 'failure'/)
    // One request, for page 2; before, pages 1 and 2 again.
    expect(jobPages().slice(before)).toEqual([expect.stringContaining('page=2')])
  })
})
