/**
 * The comment's rows through the run's artifacts (issue 46), in process, on
 * the fake results service and the fake GitHub on loopback: a leg that ends
 * while another leg of the run still runs asks GitHub nothing; the last one
 * writes every row once, named after its job, and deletes the artifacts; a
 * leg whose sandbox is gone, or a list that cannot be read, does not hold the
 * write; a row another job uploaded is read in one shape only, its link is
 * this run's; a results service that fails sends the leg back to its own write.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { FakeResults } from '../../scripts/lib/fake-results.ts'
import { announceLeg, legArtifact, rowArtifact, type RelayedRow } from '../../src/comment/relay.ts'
import { legOf, relayRow } from '../../src/comment/gather.ts'
import { ArtifactStore } from '../../src/comment/artifacts.ts'
import type { CommentTarget } from '../../src/comment/github.ts'
import type { ComputeClient } from '../../src/client/client.ts'
import type { ListedSandbox } from '../../src/client/schemas.ts'
import { GitHubBudget } from '../../src/runtime/github-budget.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

const fake = useFakeGitHub()
let results: { close: () => Promise<void> } | undefined
afterEach(async () => {
  await results?.close()
  results = undefined
})

const row = (leg: number, status = 'run passed (exit 0); stopped by the post step'): RelayedRow => ({
  v: 1,
  facts: {
    sandboxId: `sbx-${leg}`,
    job: 'CI / gpu',
    gpu: '1 x A100',
    status,
    timeToReadyMs: 30_000,
    runMs: 60_000,
    billedSeconds: 95,
    cost: 0.05,
    runUrl: 'https://evil.test/elsewhere',
  },
  runnerName: `GitHub Actions ${leg}`,
  at: 1_000_000,
})

/** A run attempt with `legs` jobs on the fake GitHub and the fake results service; `sandboxes`: the service's list. */
async function relayRun(legs: number) {
  const pullRequest = await fake.commentTarget()
  for (let leg = 0; leg < legs; leg++)
    fake.github.runners.jobs.push({
      id: 100 + leg,
      runId: 9,
      attempt: 1,
      name: `gpu (${leg})`,
      runnerId: 0,
      runnerName: `GitHub Actions ${leg}`,
      status: 'in_progress',
    })
  const artifacts = new FakeResults()
  results = await artifacts.serve()
  const target: CommentTarget = {
    ...pullRequest,
    runUrl: `${fake.url}/octo/repo/actions/runs/9/attempts/1`,
    workflowRun: { id: 9, attempt: 1 },
  }
  const sandboxes: ListedSandbox[] = []
  let listFails = false
  const client = {
    async *allSandboxes() {
      if (listFails) throw new Error('503 service_unavailable')
      yield* sandboxes
    },
  } as unknown as ComputeClient
  /** Leg n's post step: its store (its job's token), its core and clock. */
  const leg = (n: number, budget?: GitHubBudget, clock = new FakeClock()) => {
    const core = recordingCore()
    const store = ArtifactStore.fromEnvironment(artifacts.env(`job-${n}`), { clock }) as ArtifactStore
    const ctx = { client, clock, log: (message: string) => core.info(message) }
    return {
      core,
      store,
      relay: (r: RelayedRow) => relayRow({ core, ctx, store, githubBudget: budget }, target, `sbx-${n}`, r),
    }
  }
  const announce = async (n: number) => {
    sandboxes.push({ id: `id-${n}`, name: `sbx-${n}`, status: 'ready' } as ListedSandbox)
    await announceLeg(leg(n).store, target, `sbx-${n}`, () => undefined).settled()
  }
  const stop = (n: number) => {
    const listed = sandboxes.find((s) => s.name === `sbx-${n}`)
    if (listed) listed.status = 'finished'
  }
  return { artifacts, target, leg, announce, stop, failList: () => (listFails = true) }
}

const rows = () =>
  (fake.github.pulls.pulls.get(7)?.comments[0]?.body ?? '').split('\n').filter((line) => line.startsWith('| <!--r:'))

describe("the comment's rows through the run's artifacts", () => {
  it('a leg ending while another runs asks GitHub nothing; the last writes both rows once and deletes the artifacts', async () => {
    const run = await relayRun(2)
    await run.announce(0)
    await run.announce(1)
    const first = run.leg(0)
    run.stop(0)
    expect(await first.relay(row(0))).toBe('relayed')
    expect(first.core.log).toContain(
      "comment: this job's row is with the run's artifacts; another job of this run still running writes the comment.",
    )
    expect(fake.github.paths()).toEqual([])
    const last = run.leg(1)
    run.stop(1)
    expect(await last.relay(row(1, 'run failed (exit 2); stopped by the post step'))).toBe('written')
    expect(fake.github.paths()).toEqual([
      'GET /repos/octo/repo/actions/runs/9/attempts/1/jobs',
      'GET /repos/octo/repo/issues/7/comments',
      'POST /repos/octo/repo/issues/7/comments',
      'GET /repos/octo/repo/issues/7/comments',
    ])
    expect(rows().map((line) => line.split(' | ')[0]?.replace(/^\| <!--r:\w+:/, ''))).toEqual([
      'done-->gpu (0)',
      'failed-->gpu (1)',
    ])
    // The link is this run's, never what a row said.
    expect(rows().every((line) => line.includes(`(${run.target.runUrl})`) && !line.includes('evil.test'))).toBe(true)
    expect(run.artifacts.names()).toEqual([])
    expect(run.artifacts.malformed).toEqual([])
  })

  it('a leg whose sandbox is gone without a row does not hold the write (its job ended without its post step)', async () => {
    const run = await relayRun(2)
    await run.announce(0)
    await run.announce(1)
    run.stop(0)
    expect(await run.leg(1).relay(row(1))).toBe('written')
    expect(rows()).toHaveLength(1)
    // The announcement of the leg that never gave a row stays (kept a day at most by the service).
    expect(run.artifacts.names()).toEqual([legArtifact(run.target, 'sbx-0')])
  })

  it('a leg whose sandbox ended without a row is looked at again: its row, newer, makes it the writer', async () => {
    const run = await relayRun(2)
    await run.announce(0)
    await run.announce(1)
    run.stop(0)
    run.stop(1)
    // Leg 1 is between its stop and its row when leg 0 looks; its row comes during leg 0's pause.
    const clock = new FakeClock()
    const pause = clock.sleep.bind(clock)
    clock.sleep = async (ms, signal) => {
      await run.leg(1).store.upload(rowArtifact(run.target, 'sbx-1'), Buffer.from(JSON.stringify(row(1))))
      clock.sleep = pause
      return pause(ms, signal)
    }
    const first = run.leg(0, undefined, clock)
    expect(await first.relay(row(0))).toBe('relayed')
    expect(clock.sleeps).toEqual([5_000])
    expect(first.core.log).toContain(
      "comment: this job's row is with the run's artifacts; a job of this run that ended after this one writes the comment.",
    )
    expect(fake.github.paths()).toEqual([])
  })

  it('a list that cannot be read counts no leg as running: this leg writes, and says why', async () => {
    const run = await relayRun(2)
    await run.announce(0)
    await run.announce(1)
    run.failList()
    const last = run.leg(1)
    expect(await last.relay(row(1))).toBe('written')
    expect(last.core.log.some((line) => line.includes("the compute service's list could not be read"))).toBe(true)
  })

  it('a row another job uploaded in another shape is left out with one line; the rest is written', async () => {
    const run = await relayRun(2)
    const hostile = ArtifactStore.fromEnvironment(run.artifacts.env('job-x'), { clock: new FakeClock() })
    await hostile?.upload(
      rowArtifact(run.target, 'sbx-x'),
      Buffer.from('{"v":1,"facts":{"status":"' + 'x'.repeat(2_000) + '"}}'),
    )
    const last = run.leg(1)
    expect(await last.relay(row(1))).toBe('written')
    expect(rows()).toHaveLength(1)
    expect(last.core.log).toContain("comment: 1 of the run's row artifacts could not be read; left out.")
  })

  it('a results service that fails sends the leg back to its own write; a low budget leaves the rows for later', async () => {
    const run = await relayRun(1)
    run.artifacts.script.push({ method: 'CreateArtifact', status: 400, body: { code: 'invalid_argument', msg: 'no' } })
    const failing = run.leg(0)
    expect(await failing.relay(row(0))).toBeUndefined()
    expect(failing.core.log.some((line) => line.includes("the run's artifacts failed"))).toBe(true)
    const budget = new GitHubBudget()
    budget.restore({ limit: 1_000, remaining: 50, resetsAt: Date.now() + 3_600_000 }, Date.now())
    const low = run.leg(0, budget)
    expect(await low.relay(row(0))).toBe('yielded')
    expect(fake.github.paths()).toEqual([])
    expect(run.artifacts.names()).toEqual([rowArtifact(run.target, 'sbx-0')])
  })
})

describe('the job a row came from', () => {
  const jobs = [
    { id: 1, name: 'gpu (a)', runnerName: 'self-1', startedAt: 1_000_000, completedAt: 2_000_000 },
    { id: 2, name: 'gpu (b)', runnerName: 'self-1', startedAt: 3_000_000 },
    { id: 3, name: 'gpu (c)', runnerName: 'GitHub Actions 3' },
  ]
  it('is the one its runner ran, or of several, the one running when the leg started', () => {
    expect(legOf(jobs, { runnerName: 'GitHub Actions 3', at: 5 })).toBe('gpu (c)')
    expect(legOf(jobs, { runnerName: 'self-1', at: 1_500_000 })).toBe('gpu (a)')
    expect(legOf(jobs, { runnerName: 'self-1', at: 3_500_000 })).toBe('gpu (b)')
    expect(legOf(jobs, { runnerName: 'nobody', at: 3_500_000 })).toBeUndefined()
  })
})
