/**
 * The approval gate through the bundles (issues 31 and 42), on the emulator and
 * the fake GitHub: a labelled pull request runs; an unlabelled one, one pushed
 * after labelling (also a commit pushed back, or one with runs elsewhere), an
 * actor under min-permission and a token that cannot read are refused with zero
 * requests to the service; approve-label-once removes the label in the post
 * step; other events pass without a read.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { commands, runAction } from '../../scripts/lib/action-runner.ts'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { THIS_RUN_ID } from '../../scripts/lib/fake-pulls.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { emulatorFixture } from '../harness/emulator-fixture.ts'

const fixture = emulatorFixture({ provisioningMs: 200, stopMs: 50, generation: 'current' })
const HEAD = 'a'.repeat(40)
const NEWER = 'b'.repeat(40)
const fake = useFakeGitHub()

async function gate(event: { name: string; action: string; head: string; label?: string }, actor = 'contributor') {
  const service = await fixture.start()
  await fake.serve()
  fake.makeDir('approval-')
  const payload = {
    action: event.action,
    number: 7,
    ...(event.label ? { label: { name: event.label } } : {}),
    pull_request: { number: 7, head: { sha: event.head, repo: { full_name: 'octo/repo' } } },
  }
  writeFileSync(join(fake.dir, 'event.json'), JSON.stringify(payload))
  const env = {
    GITHUB_EVENT_NAME: event.name,
    GITHUB_EVENT_PATH: join(fake.dir, 'event.json'),
    GITHUB_API_URL: fake.url,
    GITHUB_SERVER_URL: fake.url,
    GITHUB_ACTOR: actor,
    GITHUB_TRIGGERING_ACTOR: actor,
  }
  const run = (extra: Record<string, string>) =>
    runAction({ inputs: fixture.inputs({ 'github-token': GITHUB_TOKEN, ...extra }), env })
  return { service, run }
}

const refusedWithNothingSent = (main: { exitCode: number | null }, service: { requests: unknown[] }) => {
  expect(main.exitCode).toBe(1)
  expect(service.requests).toEqual([])
}

describe('approve-label', () => {
  it('a labeled run whose head is the labelled commit runs; approve-label-once removes the label after', async () => {
    const { service, run } = await gate({ name: 'pull_request', action: 'labeled', head: HEAD, label: 'gpu-ok' })
    fake.github.pulls.add(7, HEAD, 'gpu-ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    const { main, post } = await run({ 'approve-label': 'gpu-ok', 'approve-label-once': 'true' })
    expect(main.exitCode, main.stdout).toBe(0)
    expect(main.stdout).toContain("Approval gate: pull request #7 is approved by 'gpu-ok' for head aaaaaaaaaaaa.")
    expect(service.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
    expect(post.exitCode).toBe(0)
    expect(post.stdout).toContain("approve-label-once: removed the label 'gpu-ok' of pull request #7")
    expect(fake.github.pulls.pulls.get(7)?.labels).toEqual([])
    expect(fake.github.paths()).toEqual([
      'GET /repos/octo/repo/pulls/7',
      'DELETE /repos/octo/repo/issues/7/labels/gpu-ok',
    ])
  })

  it('an unlabelled pull request is refused: who, which commit, what a maintainer does; nothing sent', async () => {
    const { service, run } = await gate({ name: 'pull_request', action: 'synchronize', head: HEAD })
    fake.github.pulls.add(7, HEAD, undefined, '2026-11-25T10:00:00Z')
    const { main, post } = await run({ 'approve-label': 'gpu-ok' })
    refusedWithNothingSent(main, service)
    expect(commands(main, 'error')).toEqual([
      "Approval gate: pull request #7 (head aaaaaaaaaaaa, run by @contributor) does not carry the label 'gpu-ok'. " +
        "A maintainer approves this code by adding the label 'gpu-ok'. Nothing was started.",
    ])
    expect(post.exitCode).toBe(0)
  })

  it('with pool: a refused run claims nothing from the pool (no list, no certificate, no claim) and starts nothing', async () => {
    const { service, run } = await gate({ name: 'pull_request', action: 'synchronize', head: HEAD })
    fake.github.pulls.add(7, HEAD, undefined, '2026-11-25T10:00:00Z')
    const { main, post } = await run({ 'approve-label': 'gpu-ok', pool: 'ci' })
    refusedWithNothingSent(main, service)
    expect(main.stdout).not.toContain("Pool 'ci'")
    expect(post.exitCode).toBe(0)
  })

  it('a push after the approval is refused: the label was given to another commit', async () => {
    const { service, run } = await gate({ name: 'pull_request_target', action: 'labeled', head: HEAD, label: 'gpu-ok' })
    fake.github.pulls.add(7, NEWER, 'gpu-ok', '2026-11-25T12:00:00Z', '2026-11-25T11:00:00Z')
    const { main } = await run({ 'approve-label': 'gpu-ok' })
    refusedWithNothingSent(main, service)
    expect(commands(main, 'error')[0]).toMatch(
      /the label 'gpu-ok' was given to aaaaaaaaaaaa, but pull request #7's head is now bbbbbbbbbbbb \(a push after the approval\)\. A maintainer approves the current head by removing the label 'gpu-ok' and adding it again\./,
    )
  })

  it('a synchronize run: a label older than the push refuses; one added after it (then re-run) approves', async () => {
    let { service, run } = await gate({ name: 'pull_request', action: 'synchronize', head: NEWER })
    fake.github.pulls.add(7, NEWER, 'gpu-ok', '2026-11-25T12:00:00Z', '2026-11-25T11:00:00Z')
    const refused = await run({ 'approve-label': 'gpu-ok' })
    refusedWithNothingSent(refused.main, service)
    expect(commands(refused.main, 'error')[0]).toMatch(
      /the label 'gpu-ok' on pull request #7 was added \(2026-11-25T11:00:00Z\) before this run was made for its head bbbbbbbbbbbb \(2026-11-25T12:00:00Z, run by @contributor\)/,
    )
    await fake.close()
    await fixture.emulator?.close()
    ;({ service, run } = await gate({ name: 'pull_request', action: 'synchronize', head: NEWER }))
    fake.github.pulls.add(7, NEWER, 'gpu-ok', '2026-11-25T12:00:00Z', '2026-11-25T12:30:00Z')
    const approved = await run({ 'approve-label': 'gpu-ok' })
    expect(approved.main.exitCode, approved.main.stdout).toBe(0)
    expect(service.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
    expect(fake.github.paths()).toEqual([
      'GET /repos/octo/repo/pulls/7',
      `GET /repos/octo/repo/actions/runs/${THIS_RUN_ID}`,
      'GET /repos/octo/repo/issues/7/timeline',
    ])
  })

  it('a commit pushed back after the label is refused: X pushed, replaced by a labelled A, X pushed again', async () => {
    const { service, run } = await gate({ name: 'pull_request_target', action: 'synchronize', head: HEAD })
    const { pulls } = fake.github
    pulls.open(7, HEAD, '2026-11-25T10:00:00Z')
    pulls.push(7, NEWER, '2026-11-25T10:10:00Z', { force: true })
    pulls.label(7, 'gpu-ok', '2026-11-25T10:20:00Z')
    pulls.push(7, HEAD, '2026-11-25T10:30:00Z', { force: true, run: THIS_RUN_ID })
    const { main } = await run({ 'approve-label': 'gpu-ok' })
    refusedWithNothingSent(main, service)
    expect(commands(main, 'error')).toEqual([
      "Approval gate: the label 'gpu-ok' on pull request #7 was added (2026-11-25T10:20:00Z) before this run was " +
        'made for its head aaaaaaaaaaaa (2026-11-25T10:30:00Z, run by @contributor): a push after the approval, or ' +
        "a commit pushed again. A maintainer approves the current head by removing the label 'gpu-ok' and adding " +
        'it again. Nothing was started.',
    ])
  })

  it('a commit with an older run on another branch, pushed after the label, is refused: those runs prove nothing', async () => {
    const { service, run } = await gate({ name: 'pull_request_target', action: 'synchronize', head: HEAD })
    const { pulls } = fake.github
    pulls.runElsewhere(HEAD, '2026-11-25T09:00:00Z', 'draft-elsewhere')
    pulls.open(7, NEWER, '2026-11-25T10:00:00Z')
    pulls.label(7, 'gpu-ok', '2026-11-25T10:20:00Z')
    pulls.push(7, HEAD, '2026-11-25T10:30:00Z', { run: THIS_RUN_ID })
    const { main } = await run({ 'approve-label': 'gpu-ok' })
    refusedWithNothingSent(main, service)
    expect(commands(main, 'error')[0]).toMatch(/was added \(2026-11-25T10:20:00Z\) before this run was made/)
    expect(fake.github.paths()).not.toContain('GET /repos/octo/repo/actions/runs')
  })

  it('a run queued while its head moved away and back is refused: the head was force-pushed after it', async () => {
    const { service, run } = await gate({ name: 'pull_request', action: 'synchronize', head: HEAD })
    const { pulls } = fake.github
    pulls.open(7, HEAD, '2026-11-25T10:00:00Z', THIS_RUN_ID)
    pulls.push(7, NEWER, '2026-11-25T10:10:00Z', { force: true })
    pulls.label(7, 'gpu-ok', '2026-11-25T10:20:00Z')
    pulls.push(7, HEAD, '2026-11-25T10:30:00Z', { force: true })
    const { main } = await run({ 'approve-label': 'gpu-ok' })
    refusedWithNothingSent(main, service)
    expect(commands(main, 'error')[0]).toMatch(
      /^Approval gate: pull request #7's head branch was force-pushed \(2026-11-25T10:30:00Z\) after this run was made for aaaaaaaaaaaa \(2026-11-25T10:00:00Z\): aaaaaaaaaaaa may have been pushed back after the approval\./,
    )
  })

  it("a re-run of a synchronize run labelled after its push starts (a re-run keeps its run's created_at)", async () => {
    const { service, run } = await gate({ name: 'pull_request', action: 'synchronize', head: HEAD })
    const { pulls } = fake.github
    pulls.open(7, NEWER, '2026-11-25T09:00:00Z')
    pulls.push(7, HEAD, '2026-11-25T10:00:00Z', { run: THIS_RUN_ID })
    pulls.label(7, 'gpu-ok', '2026-11-25T10:20:00Z')
    fake.github.runs.set(THIS_RUN_ID, { run_attempt: 2, status: 'in_progress' })
    const { main } = await run({ 'approve-label': 'gpu-ok' })
    expect(main.exitCode, main.stdout).toBe(0)
    expect(main.stdout).toContain("Approval gate: pull request #7 is approved by 'gpu-ok' for head aaaaaaaaaaaa.")
    expect(service.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
  })

  it('a run whose head is no longer the head is refused, even with a label added after it', async () => {
    const { service, run } = await gate({ name: 'pull_request', action: 'synchronize', head: HEAD })
    const { pulls } = fake.github
    pulls.open(7, HEAD, '2026-11-25T10:00:00Z', THIS_RUN_ID)
    pulls.push(7, NEWER, '2026-11-25T10:10:00Z')
    pulls.label(7, 'gpu-ok', '2026-11-25T10:20:00Z')
    const { main } = await run({ 'approve-label': 'gpu-ok' })
    refusedWithNothingSent(main, service)
    expect(commands(main, 'error')[0]).toMatch(
      /this run is for aaaaaaaaaaaa, but pull request #7's head is now bbbbbbbbbbbb \(a push after this run was made\)/,
    )
  })

  it('a token that cannot read the pull request: refused naming github-token and the permission; nothing sent', async () => {
    const { service, run } = await gate({ name: 'pull_request', action: 'labeled', head: HEAD, label: 'gpu-ok' })
    fake.github.pulls.add(7, HEAD, 'gpu-ok', '2026-11-25T10:00:00Z')
    fake.github.forbidden = [/\/pulls\//]
    const { main } = await run({ 'approve-label': 'gpu-ok' })
    refusedWithNothingSent(main, service)
    expect(commands(main, 'error')[0]).toMatch(
      /^Input 'github-token': GitHub answered 403 to reading pull request #7 for octo\/repo\. The approval gate needs a token with pull-requests: read, and refuses without it\./,
    )
  })
})

describe('min-permission', () => {
  it('an actor under it is refused with nothing sent; one who holds it runs', async () => {
    let { service, run } = await gate({ name: 'pull_request', action: 'opened', head: HEAD }, 'outsider')
    const refused = await run({ 'min-permission': 'write' })
    refusedWithNothingSent(refused.main, service)
    expect(commands(refused.main, 'error')[0]).toMatch(
      /^Approval gate: @outsider holds 'read' on octo\/repo, below min-permission 'write' \(pull request #7, head aaaaaaaaaaaa\)\./,
    )
    await fake.close()
    await fixture.emulator?.close()
    ;({ service, run } = await gate({ name: 'pull_request', action: 'opened', head: HEAD }, 'keeper'))
    fake.github.pulls.roles.set('keeper', 'maintain')
    const passed = await run({ 'min-permission': 'write' })
    expect(passed.main.exitCode, passed.main.stdout).toBe(0)
    expect(passed.main.stdout).toContain("Approval gate: @keeper holds 'maintain' (min-permission 'write').")
    expect(service.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
  })

  it('a run that is not a pull request passes without reading GitHub', async () => {
    const { service, run } = await gate({ name: 'push', action: '', head: HEAD })
    const { main } = await run({ 'min-permission': 'admin', 'approve-label': 'gpu-ok' })
    expect(main.exitCode, main.stdout).toBe(0)
    expect(main.stdout).toContain("Approval gate: a 'push' run is not a pull request's: nothing to approve.")
    expect(fake.github.paths()).toEqual([])
    expect(service.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
  })
})
