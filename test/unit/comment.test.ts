/**
 * The pull-request comment in process (issues 32 and 43): what it says, how it
 * is found again and edited (one per workflow, a row per leg, none lost when
 * legs write together), and where it goes when GitHub refuses the write.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { finalComment, publishComment } from '../../src/comment/post.ts'
import { runnerJobOutcome } from '../../src/runner/served-job.ts'
import { marker } from '../../src/comment/github.ts'
import { legName } from '../../src/comment/jobs.ts'
import { renderRow, renderTable, rowsOf } from '../../src/comment/rows.ts'
import type { CleanupConfig, StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { commentText } from '../../src/runtime/untrusted.ts'
import { commentFromMain } from '../../src/comment/main.ts'
import { GpuFaultError } from '../../src/gpu-fault/error.ts'
import { NOTHING_SPENT } from '../../src/sandbox/billing.ts'
import { renderComment, type CommentFacts } from '../../src/comment/text.ts'
import type { CleanupDeps } from '../../src/step/deps.ts'
import { ActionState } from '../../src/step/state.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'
import { GitHubBudget } from '../../src/runtime/github-budget.ts'

const fake = useFakeGitHub()

const FACTS: CommentFacts = {
  sandboxId: 'sbx-00000000000000aa',
  job: 'CI / gpu',
  gpu: '1 x H100',
  status: 'run passed (exit 0)',
  timeToReadyMs: 42_000,
  runMs: 61_000,
  downloaded: ['reports/'],
  billedSeconds: 130,
  cost: 0.0712,
  runUrl: 'https://github.com/octo/repo/actions/runs/1/attempts/1',
}

const target = () => fake.commentTarget()

const deps = () => {
  const core = recordingCore()
  return { core, clock: new FakeClock(), signal: new AbortController().signal, log: (m: string) => core.info(m) }
}

describe('what the comment says', () => {
  it('a table of the story and the one link that is ours', () => {
    expect(renderComment(FACTS)).toBe(
      [
        '#### GPU sandbox: CI / gpu',
        '',
        '| | |',
        '|---|---|',
        '| Status | run passed (exit 0) |',
        '| Sandbox | sbx-00000000000000aa |',
        '| GPU | 1 x H100 |',
        '| Time to ready | 42s |',
        '| Run | 1m1s |',
        '| Cost of this run | \\~\\$0.0712 (130 s billed, failed starts and replacements included) |',
        '| Downloaded | reports/ |',
        '',
        '[The workflow run](https://github.com/octo/repo/actions/runs/1/attempts/1)',
        '',
      ].join('\n'),
    )
    expect(renderComment({ ...FACTS, cost: null })).toContain('| Cost of this run | no price for the GPU (130 s billed')
  })

  it('neutralises mentions, references and links in any text', () => {
    expect(commentText("the runner's job #3")).toBe('the runner&#39;s job #\u20603')
    expect(commentText('@team #3 http://x www.y.z [l](u)')).toBe(
      '@\u2060team #\u20603 http:\u2060//x www\u2060.y.z \\[l\\](u)',
    )
  })
})

const bodies = () => fake.github.pulls.pulls.get(7)?.comments.map((c) => c.body) ?? []
const leg = (name: string, extra: Partial<CommentFacts> = {}): CommentFacts => ({
  ...FACTS,
  leg: name,
  sandboxId: `sbx-${name.replace(/\D/g, '').padStart(16, '0')}`,
  ...extra,
})

describe('writing it: one comment per workflow, a row per leg', () => {
  it('creates one, then edits only its own row; a refusal sends the story to the summary', async () => {
    const to = await target()
    expect(await publishComment(deps(), to, leg('test (3.10)'))).toBe('written')
    expect(await publishComment(deps(), to, leg('test (3.11)'))).toBe('written')
    expect(await publishComment(deps(), to, leg('test (3.10)', { status: 'run failed (exit 3)' }))).toBe('written')
    expect(bodies()).toHaveLength(1)
    const [body = ''] = bodies()
    expect(body.startsWith(`${marker('.github/workflows/ci.yml')}\n#### GPU sandboxes: CI\n`)).toBe(true)
    expect(body).toContain('**2 jobs**: 1 done · 1 failed · 0 running')
    const rows = [...rowsOf(body).values()].map((row) => row.line.replace(/^\| <!--r:\w+:\w+-->/, '| '))
    expect(rows).toEqual([
      '| test (3.10) | run failed (exit 3) | 1 x H100 |  | 42s | 1m1s | \\$0.0712 | sbx-0000000000000310 | ' +
        '[1](https://github.com/octo/repo/actions/runs/1/attempts/1) |',
      '| test (3.11) | run passed (exit 0) | 1 x H100 |  | 42s | 1m1s | \\$0.0712 | sbx-0000000000000311 | ' +
        '[1](https://github.com/octo/repo/actions/runs/1/attempts/1) |',
    ])
    fake.github.forbidden = [/\/comments/]
    const refused = deps()
    expect(await publishComment(refused, to, FACTS)).toBe('refused')
    expect(refused.core.summaries).toEqual([renderComment(FACTS)])
    expect(refused.core.log.join('\n')).toMatch(/GitHub refused to write on pull request #7 \(403;/)
  })

  it("240 legs with long names and messages stay under GitHub's 65,536 characters, every row there", () => {
    const long =
      'https://github.com/a-long-organization-name/a-long-repository-name/actions/runs/12345678901/attempts/3'
    const rows = Array.from({ length: 240 }, (_, i) =>
      renderRow(
        leg(`test (shard ${i} of 240, python 3.12, cuda 12.4, ${'x'.repeat(80)})`, {
          status: `failed: ${'the sandbox said something long | with pipes @and #mentions '.repeat(8)}`,
          gpu: '8 x H100',
          runUrl: long,
          sandboxId: `sbx-${i.toString(16).padStart(16, '0')}`,
        }),
      ),
    )
    const body = renderTable(marker('.github/workflows/gpu-tests.yml'), 'GPU tests', rows)
    expect(body.length).toBeLessThan(65_536)
    expect(rowsOf(body).size).toBe(240)
    expect(body).toContain('**240 jobs**: 0 done · 240 failed · 0 running')
  })

  it('a low budget yields to the summary; another failure is a warning; a rate limit is a wait', async () => {
    const to = await target()
    // The token's hour nearly spent (under a tenth): no request, the story to the summary, one line why.
    const low = { ...deps(), githubBudget: new GitHubBudget() }
    low.githubBudget.observe({ 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '99' })
    expect(await publishComment(low, to, FACTS)).toBe('yielded')
    expect(low.core.summaries).toEqual([renderComment(FACTS)])
    expect(low.core.log.filter((line) => line.includes('comment:'))).toEqual([
      "comment: GitHub's budget for this token is low (99 of 1000 requests left this hour, under a tenth): the " +
        "comment yields to the approval gate and runners, and this job's row is in its job summary.",
    ])
    expect(fake.github.paths()).toEqual([])
    // A tenth left exactly is not low: the comment is written.
    const tenth = { ...deps(), githubBudget: new GitHubBudget() }
    tenth.githubBudget.observe({ 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '100' })
    expect(await publishComment(tenth, to, FACTS)).toBe('written')
    fake.github.pulls.pulls.get(7)?.comments.splice(0)
    fake.github.script = [{ status: 422, body: { message: 'Validation Failed', documentation_url: 'x' } }]
    const failed = deps()
    expect(await publishComment(failed, to, FACTS)).toBe('failed')
    expect(failed.core.annotations[0]?.message).toMatch(/^comment: could not write the pull-request comment: .*422/)
    // A secondary limit on the first read: the writer waits it out, then reads afresh and writes.
    const limited = deps()
    fake.github.now = () => limited.clock.now()
    fake.github.rateLimit = { kind: 'secondary', until: limited.clock.now() + 30_000 }
    expect(await publishComment(limited, to, leg('test (3.10)'))).toBe('written')
    expect(limited.core.log.join('\n')).toMatch(/comment: GitHub's secondary rate limit .*; waiting \d+ s\./)
    expect(rowsOf(bodies()[0] ?? '').size).toBe(1)
  })

  it('3 legs writing at the same moment leave one comment with 3 rows; a re-run edits the same rows', async () => {
    const to = await target()
    const names = ['test (3.10)', 'test (3.11)', 'test (3.12)']
    await Promise.all(names.map((name) => publishComment(deps(), to, leg(name))))
    expect(bodies()).toHaveLength(1)
    expect(rowsOf(bodies()[0] ?? '').size).toBe(3)
    const rerun = 'https://github.com/octo/repo/actions/runs/1/attempts/2'
    await Promise.all(names.map((name) => publishComment(deps(), to, leg(name, { runUrl: rerun }))))
    expect(bodies()).toHaveLength(1)
    const rows = [...rowsOf(bodies()[0] ?? '').values()]
    expect(rows).toHaveLength(3)
    expect(rows.every((row) => row.line.includes('/attempts/2)'))).toBe(true)
  })

  it('repairs: comments two legs created at once are merged into the oldest, the other deleted', async () => {
    const to = await target()
    const mark = marker(to.key)
    const pull = fake.github.pulls.pulls.get(7)
    pull?.comments.push({ id: 10, body: `${mark}\n${renderRow(leg('test (3.10)')).line}` })
    pull?.comments.push({ id: 11, body: `${mark}\n${renderRow(leg('test (3.11)')).line}` })
    pull?.comments.push({ id: 12, body: "a person's comment" })
    await publishComment(deps(), to, leg('test (3.12)'))
    expect(pull?.comments.map((c) => c.id)).toEqual([10, 12])
    expect(rowsOf(pull?.comments[0]?.body ?? '').size).toBe(3)
    expect(fake.github.paths()).toContain('DELETE /repos/octo/repo/issues/comments/11')
  })

  it("repairs: a leg's row that another leg's stale write dropped is written again", async () => {
    const to = await target()
    const pull = fake.github.pulls.pulls.get(7)
    // While this leg pauses before reading back, another leg's write from an older read lands without its row.
    const clock = new FakeClock()
    const sleep = clock.sleep.bind(clock)
    let dropped = false
    clock.sleep = async (ms, signal) => {
      const [comment] = pull?.comments ?? []
      if (!dropped && comment) {
        comment.body = `${marker(to.key)}\n${renderRow(leg('test (3.11)')).line}`
        dropped = true
      }
      return sleep(ms, signal)
    }
    const d = { ...deps(), clock }
    expect(await publishComment(d, to, leg('test (3.10)'))).toBe('written')
    expect(rowsOf(pull?.comments[0]?.body ?? '').size).toBe(2)
    expect(d.core.log.join('\n')).toContain("comment: another job's write left this job's row out; writing it again")
  })

  it("a leg's name is its job's record in this run attempt, found by this runner; unreadable: none", async () => {
    const to = { ...(await target()), workflowRun: { id: 1, attempt: 1 }, runnerName: 'GitHub Actions 11' }
    const records: [string, string][] = [
      ['lint', 'GitHub Actions 2'],
      ['test (3.11)', 'GitHub Actions 11'],
    ]
    for (const [name, runnerName] of records)
      fake.github.runners.jobs.push({
        id: name.length,
        runId: 1,
        attempt: 1,
        name,
        runnerId: 0,
        runnerName,
        status: 'in_progress',
      })
    const d = deps()
    expect(await legName(to, d)).toBe('test (3.11)')
    expect(await legName({ ...to, runnerName: 'GitHub Actions 99' }, d)).toBeUndefined()
    expect(await legName({ ...to, runnerName: undefined }, d)).toBeUndefined()
    fake.github.forbidden = [/\/jobs/]
    expect(await legName(to, d)).toBeUndefined()
    expect(d.core.log.join('\n')).toMatch(
      /comment: this job's record could not be read \(.*403.*\); its row names its sandbox\./,
    )
  })

  it('the post step writes the final version: stopped, and billed to the stop; the story goes to the summary', async () => {
    const to = await target()
    const d = deps()
    const state = new ActionState(d.core)
    state.saveCommentFacts(FACTS)
    d.core.state['started-at'] = String(d.clock.now() - 200_000)
    d.core.state['hourly-cost'] = '3.6'
    const config = { keepAlive: false, comment: () => to } as unknown as CleanupConfig
    await finalComment(d as unknown as CleanupDeps, state, () => config)
    const body = bodies()[0] ?? ''
    expect(body).toContain('| run passed (exit 0); stopped by the post step | 1 x H100 |  | 42s | 1m1s | \\$0.2000 |')
    expect(d.core.summaries.join('\n')).toContain('| Cost of this run | \\~\\$0.2000 (200 s billed')
  })
})

describe('the comment of a holder that served several jobs (issue 48)', () => {
  it('its row names every job it served and how each ended, read once for the mirror', async () => {
    const to = await target()
    const d = deps()
    const state = new ActionState(d.core)
    state.saveCommentFacts(FACTS)
    const config = { keepAlive: false, comment: () => to } as unknown as CleanupConfig
    const job = (name: string, conclusion: string) => ({ id: name.length, name, runnerName: 'r', conclusion })
    await finalComment(d as unknown as CleanupDeps, state, () => config, [
      job('build', 'success'),
      job('test', 'failure'),
    ])
    // Short, so that the row's 70 characters hold them; the summary has a row each.
    expect(bodies()[0] ?? '').toContain('| run passed (exit 0); 2 jobs: build success, test failure; stopped by t… |')
  })
})

describe('comment: true as an input', () => {
  it('outside a pull request there is nothing to comment on; a pull request gets its number and key', () => {
    fake.makeDir('comment-input-')
    writeFileSync(
      join(fake.dir, 'event.json'),
      JSON.stringify({ pull_request: { number: 9, head: { sha: 'a'.repeat(40) } } }),
    )
    const env = (event: string) => ({
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_REPOSITORY_ID: '31337',
      GITHUB_EVENT_NAME: event,
      GITHUB_EVENT_PATH: join(fake.dir, 'event.json'),
      GITHUB_WORKFLOW: 'CI',
      GITHUB_JOB: 'gpu',
    })
    const read = (event: string, extra: Record<string, string> = {}) => {
      const inputs: Record<string, string> = {
        'api-token': 'emulator-token-0123456789abcdef',
        comment: 'true',
        'github-token': 'ghs_x',
        ...extra,
      }
      return parseInputs((n) => inputs[n] ?? '', {
        env: env(event),
        repositoryId: '31337',
        runId: '1',
        runAttempt: '1',
      }) as StartConfig
    }
    expect(read('push').comment).toBeUndefined()
    expect(read('pull_request', { 'gpu-type': 'H100, A100' }).comment).toMatchObject({
      number: 9,
      key: 'CI',
      workflow: 'CI',
      job: 'CI / gpu',
      workflowRun: { id: 1, attempt: 1 },
    })
    expect(() => read('pull_request', { 'github-token': '' })).toThrow(
      "Input 'github-token': is empty, and comment: true",
    )
  })
})

describe("the main step's comment", () => {
  it('says what the run did (its exit code, or that it passed), saves the facts, and writes the comment', async () => {
    const to = await target()
    const d = deps()
    const state = new ActionState(d.core)
    const base = parseInputs(
      (n) => ({ 'api-token': 'emulator-token-0123456789abcdef', run: 'pytest', download: 'reports' })[n] ?? '',
      {
        env: {},
        repositoryId: '31337',
        runId: '1',
        runAttempt: '1',
      },
    ) as StartConfig
    const config = { ...base, gpuCount: 2, comment: to }
    const started = { id: 'sbx-00000000000000ab', name: 'n', gpuType: 'A100' as const, adopted: false, attempts: [] }
    const outcome = {
      acceptedAt: d.clock.now() - 90_000,
      readyAt: d.clock.now() - 30_000,
      spent: NOTHING_SPENT,
      dollarsPerHour: 3.6,
    }
    const withDeps = {
      ...d,
      client: undefined as never,
      env: { GITHUB_WORKFLOW: 'CI', GITHUB_JOB: 'gpu', GITHUB_RUN_ID: '9' },
    }
    await commentFromMain(config, withDeps, state, started, {
      ...outcome,
      failure: new Error('run exited with 3 after 30s'),
    })
    expect(state.commentFacts()).toMatchObject({
      status: 'run failed (exit 3)',
      gpu: '2 x A100',
      timeToReadyMs: 60_000,
      runMs: 30_000,
      downloaded: ['reports'],
      billedSeconds: 90,
      job: 'CI / gpu',
    })
    await commentFromMain(config, withDeps, state, started, { ...outcome, failure: undefined })
    expect(state.commentFacts()?.status).toBe('run passed (exit 0)')
    // A GPU fault of the machine's kind: said first; a retried job names the attempt the fault ended.
    const fault = {
      ...{ time: '2026-12-07T12:03:11.000Z', gpu: 0, source: 'xid', code: 79, bucket: 'RESTART_BM' as const },
      ...{ kind: 'machine' as const, meaning: 'fallen off the bus', count: 1 },
    }
    const gpuFailure = new GpuFaultError(fault, new Error('run exited with 1 after 3s'), false)
    await commentFromMain(config, withDeps, state, started, { ...outcome, failure: gpuFailure })
    expect(state.commentFacts()?.status).toBe("GPU 0 Xid 79 fault, likely not the code's; run failed (exit 1)")
    const faulted = [{ id: 'sbx-00000000000000aa', short: 'GPU 0 Xid 79' }]
    await commentFromMain(config, withDeps, state, started, { ...outcome, failure: undefined, faulted })
    expect(state.commentFacts()?.status).toBe('run passed (exit 0); after GPU 0 Xid 79 on sbx-00000000000000aa')
    // With or without run, the post step writes the row (one write a leg, issue 46): the main step asks GitHub nothing.
    expect(d.core.log).toContain("comment: the post step writes this job's row, with the stop (one write a job).")
    await commentFromMain({ ...config, run: undefined }, withDeps, state, started, { ...outcome, failure: undefined })
    expect(state.commentFacts()?.status).toBe('ready')
    expect(fake.github.pulls.pulls.get(7)?.comments).toEqual([])
    expect(fake.github.paths()).toEqual([])
    await commentFromMain({ ...config, comment: undefined }, withDeps, state, started, {
      ...outcome,
      failure: undefined,
    })
  })
})

describe("the runner's job in the final comment", () => {
  it("names how the runner's one job ended; unknown when GitHub does not say", async () => {
    const to = await target()
    fake.github.runners.jobs.push({
      id: 5,
      runId: 4242,
      attempt: 1,
      name: 'gpu-tests',
      runnerId: 1,
      runnerName: 'gpu-sandbox-sbx-1',
      status: 'completed',
    })
    const d = deps()
    const runner = () => ({
      githubToken: GITHUB_TOKEN,
      repository: to.repository,
      workflowRun: { id: 4242, attempt: 1 },
    })
    const config = { runner } as unknown as CleanupConfig
    const saved = { id: 1, name: 'gpu-sandbox-sbx-1', online: true }
    expect(await runnerJobOutcome(d as unknown as CleanupDeps, saved, config)).toBe("'gpu-tests' ended: success")
    expect(await runnerJobOutcome(d as unknown as CleanupDeps, { ...saved, name: 'other' }, config)).toBeUndefined()
  })
})
