/**
 * Who took the runner (src/runner/post.ts, ClaimWatch), in process on a
 * fake clock against the fake GitHub on loopback: a job of this run, a job of
 * another run (still running, or already done), and a run's jobs that cannot
 * be read; the served job's result read again from the page that listed it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { waitForRunnerJob } from '../../src/runner/post.ts'
import type { Serving } from '../../src/runner/post-watch.ts'
import { mirrorServedJob } from '../../src/runner/served-job.ts'
import { RunnerRegistry, type RunJob } from '../../src/runner/github.ts'
import type { CleanupConfig } from '../../src/inputs/config.ts'
import type { CleanupDeps } from '../../src/step/deps.ts'
import type { SavedRunner } from '../../src/step/state.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { THIS_RUN } from '../../scripts/lib/fake-runners.ts'
import { FakeClock, recordingCore, type RecordingCore } from '../harness/fakes.ts'

let github: FakeGitHub
let served: { url: string; close: () => Promise<void> }
beforeEach(async () => {
  github = new FakeGitHub()
  served = await github.serve()
})
afterEach(() => served.close())

const repository = () => ({ owner: 'octo', repo: 'repo', id: '31337', apiUrl: served.url, serverUrl: served.url })
const OTHER_RUN = { runId: 999, attempt: 1, name: 'queued by a fork' }

/** A registered runner that is online, as the main step leaves it. */
async function onlineRunner(): Promise<SavedRunner> {
  const registry = new RunnerRegistry(repository(), GITHUB_TOKEN, { clock: new FakeClock(), log: () => undefined })
  const { runner } = await registry.generate('gpu-sandbox-sbx-00000000000000aa', 'gpu-x')
  const fake = github.runners.byId.get(runner.id)
  if (fake) fake.status = 'online'
  return { id: runner.id, name: runner.name, online: true }
}

function config(inRun = true): CleanupConfig {
  const workflowRun = inRun ? { id: 4242, attempt: 1 } : undefined
  return {
    runner: () => ({ githubToken: GITHUB_TOKEN, repository: repository(), pickupTimeoutMs: 600_000, workflowRun }),
  } as unknown as CleanupConfig
}

function deps(core: RecordingCore, clock: FakeClock): CleanupDeps {
  return { core, clock, makeClient: () => undefined as never }
}

const jobsRequests = () => github.requests.filter((r) => r.path.endsWith('/jobs')).length

/** `count` ended jobs of this run that GitHub's hosted runners ran, listed before the runner's own. */
function earlierJobs(count: number): void {
  for (let i = 0; i < count; i++)
    github.runners.jobs.push({
      id: i + 1,
      runId: 4242,
      attempt: 1,
      name: `lint ${i}`,
      runnerId: 0,
      runnerName: 'GitHub Actions 7',
      status: 'completed',
    })
}

describe('who took the runner', () => {
  it("this run's job: no verdict, and the job is named once (its run's jobs read page by page)", async () => {
    const saved = await onlineRunner()
    // 120 other jobs of this run first: the one that took the runner is on the second page.
    earlierJobs(120)
    github.runners.assignJob(saved.id, 60_000, THIS_RUN)
    const core = recordingCore()
    const clock = new FakeClock()
    const waiting = waitForRunnerJob(deps(core, clock), saved, config())
    // The job ends while the post step waits.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const runner = github.runners.byId.get(saved.id)
    if (runner) runner.deleted = true
    expect(await waiting).toBeUndefined()
    expect(core.log.filter((line) => line.includes("job 'gpu-tests' of this workflow run took it"))).toHaveLength(1)
    expect(github.paths()).toContain('GET /repos/octo/repo/actions/runs/4242/attempts/1/jobs')
    expect(core.annotations).toEqual([])
  })

  it('a job of another run, still running: after 30 s of reads that name no job of this run, the verdict', async () => {
    const saved = await onlineRunner()
    github.runners.assignJob(saved.id, 60_000, OTHER_RUN)
    const core = recordingCore()
    const clock = new FakeClock()
    const began = clock.now()
    const verdict = await waitForRunnerJob(deps(core, clock), saved, config())
    expect(verdict).toMatch(
      /^Runner gpu-sandbox-sbx-00000000000000aa was taken by a job outside this workflow run \(run 4242, attempt 1\): GitHub showed it busy, and for 30s no job of this run named it\. The sandbox is stopped/,
    )
    // Reads every 16 s: busy at 0, 16 and 32 s; the third settles it.
    expect(clock.now() - began).toBe(32_000)
    expect(jobsRequests()).toBe(3)
  })

  it('a job of another run that already ended: its record settles it at once', async () => {
    const saved = await onlineRunner()
    github.runners.assignJob(saved.id, 1, OTHER_RUN)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const verdict = await waitForRunnerJob(deps(recordingCore(), new FakeClock()), saved, config())
    expect(verdict).toMatch(/: it ran a job that no job of this run names\./)
  })

  it("jobs that cannot be read are no evidence: one warning, and the wait goes on to the job's end", async () => {
    const saved = await onlineRunner()
    github.forbidden = [/\/jobs$/]
    github.runners.assignJob(saved.id, 60_000, OTHER_RUN)
    const core = recordingCore()
    const clock = new FakeClock()
    const waiting = waitForRunnerJob(deps(core, clock), saved, config())
    while (clock.now() < 1_000_000 + 100_000) await new Promise((resolve) => setTimeout(resolve, 5))
    const runner = github.runners.byId.get(saved.id)
    if (runner) runner.deleted = true
    expect(await waiting).toBeUndefined()
    const warnings = core.annotations.filter((a) => a.level === 'warning').map((a) => a.message)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /could not read this run's jobs to see who took the runner \(Input 'github-token': GitHub answered 403 to reading the jobs of workflow run 4242 \(attempt 1\).*\); watching on\./,
    )
  })

  it('GitHub not answering while the job runs is no news: the wait goes on until the job really ends', async () => {
    const saved = await onlineRunner()
    github.runners.assignJob(saved.id, 60_000, THIS_RUN)
    // The first read gets through (busy); then 30 answers are 502s, more than one poll's minute of retries.
    github.script = [
      undefined,
      ...Array.from({ length: 30 }, () => ({ status: 502, body: { message: 'Bad Gateway' } })),
    ]
    const core = recordingCore()
    let ended = false
    const waiting = waitForRunnerJob(deps(core, new FakeClock()), saved, config(false)).finally(() => (ended = true))
    for (let i = 0; github.script.length > 0 && !ended && i < 2_000; i++)
      await new Promise((resolve) => setTimeout(resolve, 5))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(ended).toBe(false)
    expect(core.log.join('\n')).not.toContain('its job ended')
    const runner = github.runners.byId.get(saved.id)
    if (runner) runner.deleted = true
    expect(await waiting).toBeUndefined()
    expect(core.log.join('\n')).toContain('its job ended and the registration is gone')
  })

  it('outside a workflow run there is nothing to hold a job against: said once, and not watched', async () => {
    const saved = await onlineRunner()
    github.runners.assignJob(saved.id, 1, OTHER_RUN)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const core = recordingCore()
    expect(await waitForRunnerJob(deps(core, new FakeClock()), saved, config(false))).toBeUndefined()
    expect(core.log).toContain(
      `Runner ${saved.name}: no workflow run (GITHUB_RUN_ID) to hold its job against, so who takes it is not watched.`,
    )
    expect(jobsRequests()).toBe(0)
  })

  it('a sandbox that cannot be reached over SSH: said once, and GitHub is asked instead (issue 43)', async () => {
    const saved = await onlineRunner()
    const dir = mkdtempSync(join(tmpdir(), 'runner-watch-'))
    // Nothing listens on port 1 of loopback: every watch connection is refused at once.
    const configPath = join(dir, 'config')
    writeFileSync(configPath, 'Host box\n  HostName 127.0.0.1\n  Port 1\n  BatchMode yes\n')
    const core = recordingCore()
    const clock = new FakeClock()
    github.runners.assignJob(saved.id, 60_000, THIS_RUN)
    const waiting = waitForRunnerJob(
      deps(core, clock),
      { ...saved, watch: { pid: 1, configPath, alias: 'box' } },
      config(),
    )
    const runner = github.runners.byId.get(saved.id)
    if (runner) runner.deleted = true
    expect(await waiting).toBeUndefined()
    rmSync(dir, { recursive: true, force: true })
    const log = core.log.join('\n')
    expect(log.match(/Runner watch: the connection to the sandbox ended/g)).toHaveLength(5)
    expect(log).toMatch(/the sandbox cannot be reached over SSH \(exit 255: .*\); asking GitHub instead\./)
    expect(github.paths()).toContain(`GET /repos/octo/repo/actions/runners/${saved.id}`)
  })

  it('with runner-jobs left to serve, an unreachable sandbox strands the rest: the reason says SSH (issue 54)', async () => {
    const saved = await onlineRunner()
    const dir = mkdtempSync(join(tmpdir(), 'runner-watch-'))
    const configPath = join(dir, 'config')
    writeFileSync(configPath, 'Host box\n  HostName 127.0.0.1\n  Port 1\n  BatchMode yes\n')
    github.runners.assignJob(saved.id, 60_000, THIS_RUN)
    const serving: Serving = { jobs: 2, refusals: { count: 0 } }
    const watched = { ...saved, watch: { pid: 1, configPath, alias: 'box' } }
    const waiting = waitForRunnerJob(deps(recordingCore(), new FakeClock()), watched, config(), undefined, serving)
    const runner = github.runners.byId.get(saved.id)
    if (runner) runner.deleted = true
    // GitHub tells when this job ends; no runner can start for the next one without the sandbox.
    expect(await waiting).toBeUndefined()
    rmSync(dir, { recursive: true, force: true })
    expect(serving.stranded).toMatch(
      /^Runner gpu-sandbox-sbx-0+aa: no runner could start for the next job of this run \(the sandbox could not be reached over SSH \(exit 255: .*\)\); its folder had served 0 of 2 jobs by then\./,
    )
  })
})

describe("the served job's result, read again (issue 54)", () => {
  it("starts at the page the claim's read found it on, not at the first", async () => {
    // 150 earlier jobs of this run: the runner's job is the 151st, on the second page.
    earlierJobs(150)
    const saved = await onlineRunner()
    github.runners.assignJob(saved.id, 60_000, THIS_RUN)
    // The claim's read: both pages, the job still in progress (GitHub records its end a moment after the hook).
    const registry = new RunnerRegistry(repository(), GITHUB_TOKEN, { clock: new FakeClock(), log: () => undefined })
    const names = (job: RunJob) => job.runnerName === saved.name
    const [claimed] = (await registry.jobsOf({ id: 4242, attempt: 1 }, names)).filter(names)
    expect(claimed).toMatchObject({ status: 'in_progress', page: 2 })
    if (claimed) saved.served = claimed
    // GitHub shows it ended by the time the mirror reads again.
    Object.assign(github.runners.jobs.at(-1) ?? {}, { status: 'completed', conclusion: 'failure' })
    const before = github.requests.length
    const mirrored = await mirrorServedJob(deps(recordingCore(), new FakeClock()), saved, config())
    expect(mirrored.failure).toMatch(/ended 'failure'/)
    // One request, for page 2 alone: before, pages 1 and 2 again (a 240-leg matrix's leg asked 9 times, the bound 8).
    const pages = github.requests.slice(before).filter((r) => r.path.endsWith('/jobs'))
    expect(pages.map((r) => r.query)).toEqual(['per_page=100&page=2'])
  })
})
