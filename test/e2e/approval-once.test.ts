/**
 * approve-label-once approves the run, not its first leg (issue 46), through
 * the bundles on the emulator and the fake GitHub: two legs of a labelled run
 * run one after the other both start and the label is removed once; a re-run
 * of that run starts too; a later run of the same head without a new label is
 * refused, and so is a run whose label a person removed.
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
const fake = useFakeGitHub()
const ONCE = { 'approve-label': 'gpu-ok', 'approve-label-once': 'true' }

async function pullRequestRun(action: 'labeled' | 'reopened') {
  const service = await fixture.start()
  await fake.serve()
  fake.makeDir('approval-once-')
  const payload = {
    action,
    number: 7,
    ...(action === 'labeled' ? { label: { name: 'gpu-ok' } } : {}),
    pull_request: { number: 7, head: { sha: HEAD, repo: { full_name: 'octo/repo' } } },
  }
  writeFileSync(join(fake.dir, 'event.json'), JSON.stringify(payload))
  const env = (attempt: string) => ({
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: join(fake.dir, 'event.json'),
    GITHUB_API_URL: fake.url,
    GITHUB_SERVER_URL: fake.url,
    GITHUB_ACTOR: 'contributor',
    GITHUB_RUN_ATTEMPT: attempt,
  })
  const leg = (attempt = '1') =>
    runAction({ inputs: fixture.inputs({ 'github-token': GITHUB_TOKEN, ...ONCE }), env: env(attempt) })
  return { service, leg }
}

describe('approve-label-once', () => {
  it('2 legs of a labelled run one after the other both start; the label is removed once; a re-run starts', async () => {
    const { service, leg } = await pullRequestRun('labeled')
    fake.github.pulls.add(7, HEAD, 'gpu-ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    const first = await leg()
    expect([first.main.exitCode, first.post.exitCode]).toEqual([0, 0])
    expect(first.post.stdout).toContain("approve-label-once: removed the label 'gpu-ok' of pull request #7")
    const second = await leg()
    expect(second.main.exitCode, second.main.stdout).toBe(0)
    expect(second.main.stdout).toContain(
      "Approval gate: pull request #7 is approved by 'gpu-ok' for head aaaaaaaaaaaa (approve-label-once: removed " +
        'already by an earlier job of this run, which it approved).',
    )
    expect(second.post.exitCode).toBe(0)
    // Neither a warning nor a second removal: the leg knew from the gate that the label was gone.
    expect(commands(second.post, 'warning')).toEqual([])
    expect(second.post.stdout).not.toContain('approve-label-once')
    const rerun = await leg('2')
    expect(rerun.main.exitCode, rerun.main.stdout).toBe(0)
    expect(service.requestsTo('POST', '/sandboxes/start')).toHaveLength(3)
    const removals = fake.github.paths().filter((path) => path.startsWith('DELETE'))
    expect(removals).toEqual(['DELETE /repos/octo/repo/issues/7/labels/gpu-ok'])
    expect(fake.github.paths()).toEqual([
      'GET /repos/octo/repo/pulls/7',
      'DELETE /repos/octo/repo/issues/7/labels/gpu-ok',
      'GET /repos/octo/repo/pulls/7',
      'GET /repos/octo/repo/issues/7/timeline',
      'GET /repos/octo/repo/pulls/7',
      'GET /repos/octo/repo/issues/7/timeline',
    ])
  })

  it('a later run of the same head (a new event) without a new label is refused; nothing sent', async () => {
    const { service, leg } = await pullRequestRun('reopened')
    const { pulls } = fake.github
    pulls.open(7, HEAD, '2026-11-25T10:00:00Z')
    pulls.label(7, 'gpu-ok', '2026-11-25T11:00:00Z')
    pulls.unlabel(7, 'gpu-ok', '2026-11-25T11:30:00Z', { login: 'github-actions[bot]', type: 'Bot' })
    // This run: reopened after the approved run's label was used up.
    pulls.runElsewhere(HEAD, '2026-11-25T12:00:00Z', 'pull/7/head', THIS_RUN_ID, 'pull_request')
    const { main } = await leg()
    expect(main.exitCode).toBe(1)
    expect(service.requests).toEqual([])
    expect(commands(main, 'error')).toEqual([
      "Approval gate: pull request #7 (head aaaaaaaaaaaa, run by @contributor) does not carry the label 'gpu-ok'. " +
        "A maintainer approves this code by adding the label 'gpu-ok'. Nothing was started.",
    ])
  })

  it("a label a person removed withdraws the approval: the run's later legs are refused", async () => {
    const { service, leg } = await pullRequestRun('labeled')
    const { pulls } = fake.github
    pulls.add(7, HEAD, 'gpu-ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    pulls.unlabel(7, 'gpu-ok', '2026-11-25T11:05:00Z')
    const { main } = await leg()
    expect(main.exitCode).toBe(1)
    expect(service.requests).toEqual([])
    expect(commands(main, 'error')[0]).toBe(
      "Approval gate: the label 'gpu-ok' was removed from pull request #7 by @octo-maintainer after it approved " +
        "this run: a person's removal withdraws the approval. A maintainer approves this code by adding the label " +
        "'gpu-ok' again. Nothing was started.",
    )
  })
})
