/**
 * The approval gate in process (issue 31): its inputs, its reading of GitHub
 * (the fake GitHub on loopback), and the post step's removal of the label.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { removeApproval } from '../../src/approval/post.ts'
import { ApprovalGate } from '../../src/approval/github.ts'
import type { CleanupConfig, StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import type { CleanupDeps } from '../../src/step/deps.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

const HEAD = 'c'.repeat(40)
const fake = useFakeGitHub()

async function setUp(payload: unknown, event = 'pull_request', extra: Record<string, string> = {}, runId = '4242') {
  await fake.serve()
  fake.makeDir('approval-unit-')
  writeFileSync(join(fake.dir, 'event.json'), typeof payload === 'string' ? payload : JSON.stringify(payload))
  const env = {
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_REPOSITORY_ID: '31337',
    GITHUB_API_URL: fake.url,
    GITHUB_SERVER_URL: fake.url,
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: join(fake.dir, 'event.json'),
    GITHUB_ACTOR: 'someone',
  }
  const inputs: Record<string, string> = {
    'api-token': 'emulator-token-0123456789abcdef',
    'github-token': GITHUB_TOKEN,
    ...extra,
  }
  return () =>
    parseInputs((name) => inputs[name] ?? '', {
      env,
      repositoryId: '31337',
      runId,
      runAttempt: '1',
    }) as StartConfig
}

const labeled = (head = HEAD) => ({
  action: 'labeled',
  label: { name: 'ok' },
  pull_request: { number: 3, head: { sha: head } },
})

async function check(config: StartConfig) {
  const core = recordingCore()
  const log = (message: string) => core.info(message)
  const deps = { core, clock: new FakeClock(), signal: new AbortController().signal, log }
  await new ApprovalGate(config.approval as NonNullable<StartConfig['approval']>, deps).check()
  return core
}

describe('approval inputs', () => {
  it('refuses what cannot be evaluated, naming the input', async () => {
    let config = await setUp(labeled(), 'pull_request', { 'approve-label-once': 'true' })
    expect(config).toThrow("Input 'approve-label-once': is true but 'approve-label' is empty")
    config = await setUp(labeled(), 'pull_request', { 'min-permission': 'owner' })
    expect(config).toThrow("Input 'min-permission': must be one of read, triage, write, maintain, admin, got 'owner'")
    config = await setUp('{not json', 'pull_request', { 'approve-label': 'ok' })
    expect(config).toThrow(
      /Input 'approve-label': the pull_request event's payload \(GITHUB_EVENT_PATH\) cannot be read/,
    )
    config = await setUp(labeled(), 'pull_request', { 'approve-label': 'ok', 'github-token': '' })
    expect(config).toThrow(/Input 'github-token': is empty, and approve-label reads GitHub with it/)
  })

  it('reads the event: the labelled commit, and the label a labeled event added', async () => {
    const config = await setUp(labeled(), 'pull_request_target', { 'approve-label': 'ok', 'min-permission': 'Write' })
    expect(config().approval).toMatchObject({
      label: 'ok',
      once: false,
      minPermission: 'write',
      actor: 'someone',
      pullRequest: { event: 'pull_request_target', number: 3, headSha: HEAD, action: 'labeled', labeled: 'ok' },
    })
  })
})

describe('the gate against GitHub', () => {
  it('passes a labelled head; refuses when GitHub has no record of when the label came', async () => {
    let config = await setUp(labeled(), 'pull_request', { 'approve-label': 'ok' })
    fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    expect((await check(config())).log).toContain(
      "Approval gate: pull request #3 is approved by 'ok' for head cccccccccccc.",
    )
    await fake.close()
    config = await setUp({ ...labeled(), action: 'reopened' }, 'pull_request', { 'approve-label': 'ok' })
    fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z').events.length = 0
    await expect(check(config())).rejects.toThrow(
      /GitHub's records do not show that 'ok' was added to pull request #3 after its head cccccccccccc was pushed/,
    )
  })

  const synchronize = { action: 'synchronize', pull_request: { number: 3, head: { sha: HEAD } } }
  const cannotShow = /GitHub's records do not show that 'ok' was added to pull request #3 after its head/

  it('refuses without this run: no GITHUB_RUN_ID, a run record without a time, a timeline longer than it reads', async () => {
    let config = await setUp(synchronize, 'pull_request', { 'approve-label': 'ok' }, '')
    fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    await expect(check(config())).rejects.toThrow(cannotShow)
    expect(fake.github.paths()).toEqual(['GET /repos/octo/repo/pulls/3', 'GET /repos/octo/repo/issues/3/timeline'])
    await fake.close()
    config = await setUp(synchronize, 'pull_request', { 'approve-label': 'ok' })
    fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    // An odd answer (scripted: off GitHub's schema on purpose).
    fake.github.runScripts.set(4242, [{ status: 200, body: { id: 4242, created_at: 'yesterday' } }])
    await expect(check(config())).rejects.toThrow(cannotShow)
    await fake.close()
    config = await setUp(synchronize, 'pull_request', { 'approve-label': 'ok' })
    const pull = fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    pull.events.unshift(
      ...Array.from({ length: 1000 }, () => ({ event: 'unlabeled' as const, label: 'x', at: '2026' })),
    )
    await expect(check(config())).rejects.toThrow(cannotShow)
    expect(fake.github.paths().filter((path) => path.endsWith('/timeline'))).toHaveLength(10)
  })

  it('approves a label newer than this run with no force push since; a force push after it refuses', async () => {
    let config = await setUp(synchronize, 'pull_request', { 'approve-label': 'ok' })
    let pull = fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    // The force push that made this head (before the run was made) is no reason to refuse.
    pull.events.unshift({ event: 'head_ref_force_pushed', at: '2026-11-25T10:00:00Z' })
    expect((await check(config())).log).toContain(
      "Approval gate: pull request #3 is approved by 'ok' for head cccccccccccc.",
    )
    await fake.close()
    config = await setUp(synchronize, 'pull_request', { 'approve-label': 'ok' })
    pull = fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    pull.events.push({ event: 'head_ref_force_pushed', at: '2026-11-25T10:30:00Z' })
    await expect(check(config())).rejects.toThrow(
      "Approval gate: pull request #3's head branch was force-pushed (2026-11-25T10:30:00Z) after this run was made " +
        'for cccccccccccc (2026-11-25T10:00:00Z): cccccccccccc may have been pushed back after the approval.',
    )
  })

  it('a GitHub that keeps failing refuses (never passes)', async () => {
    const config = await setUp(labeled(), 'pull_request', { 'min-permission': 'read' })
    fake.github.script = Array.from({ length: 40 }, () => ({ status: 502, body: { message: 'Bad Gateway' } }))
    await expect(check(config())).rejects.toThrow(/reading someone's permission/)
  })
})

describe('approve-label-once: a label this run used up still approves it (issue 46)', () => {
  const ONCE = { 'approve-label': 'ok', 'approve-label-once': 'true' }
  const BOT = { login: 'github-actions[bot]', type: 'Bot' as const }
  const synchronize = { action: 'synchronize', pull_request: { number: 3, head: { sha: HEAD } } }

  it('a labeled run: a bot removed it, approved; a person, or no such label at all, refused', async () => {
    let config = await setUp(labeled(), 'pull_request', ONCE)
    fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    fake.github.pulls.unlabel(3, 'ok', '2026-11-25T11:05:00Z', BOT)
    expect((await check(config())).log).toContain(
      "Approval gate: pull request #3 is approved by 'ok' for head cccccccccccc (approve-label-once: removed " +
        'already by an earlier job of this run, which it approved).',
    )
    await fake.close()
    config = await setUp(labeled(), 'pull_request', ONCE)
    fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    fake.github.pulls.unlabel(3, 'ok', '2026-11-25T11:05:00Z', BOT)
    fake.github.pulls.unlabel(3, 'ok', '2026-11-25T11:06:00Z')
    await expect(check(config())).rejects.toThrow(/was removed from pull request #3 by @octo-maintainer after it/)
    await fake.close()
    config = await setUp(labeled(), 'pull_request', ONCE)
    fake.github.pulls.add(3, HEAD, undefined, '2026-11-25T10:00:00Z')
    await expect(check(config())).rejects.toThrow(/does not carry the label 'ok'/)
    // Without approve-label-once a label gone is a refusal, whoever removed it.
    await fake.close()
    config = await setUp(labeled(), 'pull_request', { 'approve-label': 'ok' })
    fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    fake.github.pulls.unlabel(3, 'ok', '2026-11-25T11:05:00Z', BOT)
    await expect(check(config())).rejects.toThrow(/does not carry the label 'ok'/)
  })

  it('a synchronize run: a label newer than the run, used up by a bot, approves; a force push since refuses', async () => {
    let config = await setUp(synchronize, 'pull_request', ONCE)
    fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    fake.github.pulls.unlabel(3, 'ok', '2026-11-25T11:05:00Z', BOT)
    expect((await check(config())).log.join('\n')).toContain('removed already by an earlier job of this run')
    await fake.close()
    config = await setUp(synchronize, 'pull_request', ONCE)
    const pull = fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    fake.github.pulls.unlabel(3, 'ok', '2026-11-25T11:05:00Z', BOT)
    pull.events.push({ event: 'head_ref_force_pushed', at: '2026-11-25T11:10:00Z' })
    await expect(check(config())).rejects.toThrow(
      "Approval gate: pull request #3's head branch was force-pushed (2026-11-25T11:10:00Z) after the label 'ok' " +
        'approved this run.',
    )
    // A label older than this run (the push came after it) never approved it, removed or not.
    await fake.close()
    config = await setUp(synchronize, 'pull_request', ONCE)
    fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T12:00:00Z', '2026-11-25T11:00:00Z')
    fake.github.pulls.unlabel(3, 'ok', '2026-11-25T11:05:00Z', BOT)
    await expect(check(config())).rejects.toThrow(/does not carry the label 'ok'/)
  })
})

describe('approve-label-once in the post step', () => {
  const deps = () => {
    const core = recordingCore()
    return {
      core,
      deps: { core, clock: new FakeClock(), signal: new AbortController().signal } as unknown as CleanupDeps,
    }
  }
  const cleanup = (githubToken: string) =>
    ({
      runner: () => ({
        githubToken,
        repository: fake.repository(),
      }),
    }) as unknown as CleanupConfig

  it('removes the label; a label already gone is fine; a refusal or no token is a warning, never a failure', async () => {
    await setUp(labeled())
    fake.github.pulls.add(3, HEAD, 'ok', '2026-11-25T10:00:00Z')
    let { core, deps: d } = deps()
    await removeApproval(d, { number: 3, label: 'ok' }, cleanup(GITHUB_TOKEN))
    expect(core.log).toContain(
      "approve-label-once: removed the label 'ok' of pull request #3; the next run needs a new approval.",
    )
    ;({ core, deps: d } = deps())
    await removeApproval(d, { number: 3, label: 'ok' }, cleanup(GITHUB_TOKEN))
    expect(core.log).toContain("approve-label-once: the label 'ok' of pull request #3 is already gone.")
    ;({ core, deps: d } = deps())
    fake.github.forbidden = [/\/labels\//]
    await removeApproval(d, { number: 3, label: 'ok' }, cleanup(GITHUB_TOKEN))
    expect(core.annotations.map((a) => a.message).join('\n')).toMatch(/needs a token with pull-requests: write/)
    ;({ core, deps: d } = deps())
    await removeApproval(d, { number: 3, label: 'ok' }, cleanup(''))
    expect(core.annotations.map((a) => a.message).join('\n')).toMatch(/no github-token or repository in this step/)
  })
})
