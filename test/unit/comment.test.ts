/**
 * The pull-request comment in process (issue 32): what it says, how it is
 * found again and edited, and where it goes when GitHub refuses the write.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { finalComment, publishComment } from '../../src/cleanup/comment.ts'
import { runnerJobOutcome } from '../../src/cleanup/served-job.ts'
import { marker, upsertComment } from '../../src/github/comment.ts'
import type { CleanupConfig, StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { commentText } from '../../src/runtime/untrusted.ts'
import { commentFromMain } from '../../src/modes/start-comment.ts'
import { NOTHING_SPENT } from '../../src/sandbox/billing.ts'
import { renderComment, type CommentFacts } from '../../src/step/comment-text.ts'
import type { CleanupDeps } from '../../src/step/deps.ts'
import { ActionState } from '../../src/step/state.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

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

async function target() {
  await fake.serve()
  fake.github.pulls.add(7, 'f'.repeat(40), undefined, '2026-11-25T10:00:00Z')
  const repository = fake.repository()
  const runUrl = 'https://github.com/octo/repo/actions/runs/9/attempts/1'
  return { githubToken: GITHUB_TOKEN, repository, number: 7, key: 'CI/gpu/H100', job: 'CI / gpu', runUrl }
}

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

describe('writing it', () => {
  it('creates one, then finds it by its marker and edits it; a refusal sends the text to the summary', async () => {
    const to = await target()
    const d = deps()
    expect(await upsertComment(to, 'first', d)).toBe('created')
    expect(await upsertComment(to, 'second', d)).toBe('updated')
    expect(fake.github.pulls.pulls.get(7)?.comments.map((c) => c.body)).toEqual([`${marker('CI/gpu/H100')}\nsecond`])
    // Another job's comment, and one that only quotes our marker later in its text, are not ours.
    expect(await upsertComment({ ...to, key: 'CI/other/cpu' }, 'x', d)).toBe('created')
    fake.github.forbidden = [/\/comments/]
    const refused = deps()
    await publishComment(refused, to, FACTS)
    expect(refused.core.summaries).toEqual([renderComment(FACTS)])
    expect(refused.core.log.join('\n')).toMatch(/GitHub refused to write on pull request #7 \(403;/)
  })

  it('the post step writes the final version: stopped, and billed to the stop', async () => {
    const to = await target()
    const d = deps()
    const state = new ActionState(d.core)
    state.saveCommentFacts(FACTS)
    d.core.state['started-at'] = String(d.clock.now() - 200_000)
    d.core.state['hourly-cost'] = '3.6'
    const config = { keepAlive: false, comment: () => to } as unknown as CleanupConfig
    await finalComment(d as unknown as CleanupDeps, state, () => config)
    const body = fake.github.pulls.pulls.get(7)?.comments[0]?.body ?? ''
    expect(body).toContain('| Status | run passed (exit 0); stopped by the post step |')
    expect(body).toContain('| Cost of this run | \\~\\$0.2000 (200 s billed')
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
      key: 'CI/gpu/H100+A100',
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
    expect(state.commentFacts).toMatchObject({
      status: 'run failed (exit 3)',
      gpu: '2 x A100',
      timeToReadyMs: 60_000,
      runMs: 30_000,
      downloaded: ['reports'],
      billedSeconds: 90,
      job: 'CI / gpu',
    })
    await commentFromMain(config, withDeps, state, started, { ...outcome, failure: undefined })
    expect(state.commentFacts?.status).toBe('run passed (exit 0)')
    expect(fake.github.pulls.pulls.get(7)?.comments).toHaveLength(1)
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
