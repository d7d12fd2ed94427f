/**
 * The pull-request comment through the bundles (issue 32), on the emulator and
 * the fake GitHub: the first run creates one comment, a re-run edits it, a
 * fork's read-only token gets the job summary instead, and GitHub text in it
 * can neither ping anyone nor link anywhere.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runAction } from '../../scripts/lib/action-runner.ts'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { emulatorFixture } from '../harness/emulator-fixture.ts'
import { canRun } from '../harness/ssh-job.ts'

const fixture = emulatorFixture({ provisioningMs: 200, stopMs: 50, generation: 'current' })
const fake = useFakeGitHub()

async function pullRequestRun(workflow = 'GPU tests', extra: Record<string, string> = {}) {
  await fixture.start({ ssh: extra.run !== undefined })
  await fake.serve()
  fake.github.pulls.add(7, 'e'.repeat(40), undefined, '2026-11-25T10:00:00Z')
  fake.makeDir('comment-')
  mkdirSync(join(fake.dir, '.ssh'))
  writeFileSync(
    join(fake.dir, 'event.json'),
    JSON.stringify({ action: 'synchronize', pull_request: { number: 7, head: { sha: 'e'.repeat(40) } } }),
  )
  const env = (attempt: string) => ({
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: join(fake.dir, 'event.json'),
    GITHUB_API_URL: fake.url,
    GITHUB_SERVER_URL: fake.url,
    GITHUB_WORKFLOW: workflow,
    GITHUB_JOB: 'gpu',
    GITHUB_RUN_ATTEMPT: attempt,
    HOME: fake.dir,
  })
  const run = (attempt = '1') =>
    runAction({
      inputs: fixture.inputs({ comment: 'true', 'github-token': GITHUB_TOKEN, ...extra }),
      env: env(attempt),
    })
  return run
}

const comments = () => fake.github.pulls.pulls.get(7)?.comments ?? []

describe('comment: true', () => {
  it('the first run creates one comment; a re-run edits it in place, never a second', async () => {
    const run = await pullRequestRun()
    const first = await run('1')
    expect([first.main.exitCode, first.post.exitCode]).toEqual([0, 0])
    expect(first.main.stdout).toContain('comment: created the comment on pull request #7.')
    expect(first.post.stdout).toContain('comment: updated the comment on pull request #7.')
    expect(comments()).toHaveLength(1)
    const [body] = comments().map((c) => c.body)
    expect(body).toMatch(
      /^<!-- gpu-sandbox-action comment: GPU_tests\/gpu\/cpu -->\n#### GPU sandbox: GPU tests \/ gpu\n/,
    )
    expect(body).toContain('| Status | ready; stopped by the post step |')
    expect(body).toMatch(
      /\| Cost of this run \| \\~\\\$0\.\d{4} \(\d+ s billed, failed starts and replacements included\) \|/,
    )
    expect(body).toContain(`[The workflow run](${fake.url}/octo/repo/actions/runs/4242/attempts/1)`)
    const again = await run('2')
    expect(again.main.exitCode).toBe(0)
    expect(comments()).toHaveLength(1)
    expect(comments()[0]?.body).toContain('/actions/runs/4242/attempts/2)')
    expect(comments()[0]?.body).toContain(again.main.outputs['sandbox-id'])
  })

  it("a fork's read-only token: the same text goes to the job summary, and the job's log says why once", async () => {
    const run = await pullRequestRun()
    fake.github.forbidden = [/\/comments/]
    const { main, post } = await run()
    expect([main.exitCode, post.exitCode]).toEqual([0, 0])
    const why =
      /comment: GitHub refused to write on pull request #7 \(403; a pull request from a fork gets a read-only token\)/
    // Once in the job's log: the post step neither says it again nor asks GitHub again with the same token.
    const log = `${main.stdout}\n${post.stdout}`.split('\n')
    expect(log.filter((line) => why.test(line))).toHaveLength(1)
    expect(log.filter((line) => /comment:/.test(line))).toHaveLength(1)
    expect(main.summary).toContain('#### GPU sandbox: GPU tests / gpu')
    expect(post.summary).toContain('| Status | ready; stopped by the post step |')
    expect(comments()).toEqual([])
    expect(fake.github.paths().filter((path) => path.includes('/comments'))).toEqual([
      'GET /repos/octo/repo/issues/7/comments',
    ])
  })

  it('GitHub text (a workflow name a fork may write) can neither mention, reference nor link', async () => {
    const run = await pullRequestRun('CI @octo-org/admins #12 https://evil.test <b>x</b> [a](https://evil.test)')
    const { main } = await run()
    expect(main.exitCode).toBe(0)
    const [body] = comments().map((c) => c.body)
    const heading = body?.split('\n')[1] ?? ''
    // No mention, reference, autolink, HTML or Markdown link ('\\]' is an escaped, literal bracket).
    expect(heading).not.toMatch(/@octo|#12|https:\/\/|<b>|(?<!\\)\]\(/)
    expect(heading).toContain('@\u2060octo-org/admins')
    expect(heading).toContain('&lt;b&gt;')
  })

  it.skipIf(!canRun)('a run that fails: its exit code, how long it ran and what came back', async () => {
    const run = await pullRequestRun('GPU tests', {
      run: 'mkdir -p out && echo r > out/report.txt; exit 3',
      download: 'out',
    })
    const { main, post } = await run()
    expect(main.exitCode).toBe(1)
    expect(post.exitCode).toBe(0)
    const [body] = comments().map((c) => c.body)
    expect(body).toContain('| Status | run failed (exit 3); stopped by the post step |')
    expect(body).toMatch(/\| Run \| \d+s \|/)
    expect(body).toContain('| Downloaded | out |')
  })

  it.skipIf(!canRun)(
    'mode: connect writes its own comment: connected to the kept sandbox, which it never stops',
    async () => {
      await pullRequestRun('GPU tests', { run: '' })
      const kept = fixture.emulator?.seed('kept-sandbox')
      const env = {
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: join(fake.dir, 'event.json'),
        GITHUB_API_URL: fake.url,
        GITHUB_SERVER_URL: fake.url,
        GITHUB_WORKFLOW: 'GPU tests',
        GITHUB_JOB: 'later',
        HOME: fake.dir,
      }
      const stepInputs = fixture.inputs({
        mode: 'connect',
        'sandbox-id': kept?.id ?? '',
        comment: 'true',
        'github-token': GITHUB_TOKEN,
      })
      const { main, post } = await runAction({ inputs: stepInputs, env })
      expect([main.exitCode, post.exitCode]).toEqual([0, 0])
      const [body] = comments().map((c) => c.body)
      expect(body).toContain(`<!-- gpu-sandbox-action comment: GPU_tests/later/${kept?.id} -->`)
      expect(body).toMatch(/\| Status \| connected \(\w+\); kept by an earlier job, not stopped here \|/)
      expect(fixture.emulator?.stopRequestsFor(kept?.id ?? '')).toEqual([])
    },
  )

  it('hostile service text (why a sandbox failed) cannot break the table, ping anyone or link', async () => {
    const run = await pullRequestRun()
    await fixture.emulator?.close()
    await fixture.start({
      outcome: 'failed',
      failure: { code: 'image_pull_failed', message: '@octo-org/admins | x | see https://evil.test <img src=x> #5' },
    })
    const { main, post } = await run()
    expect(main.exitCode).toBe(1)
    expect(post.exitCode).toBe(0)
    const [body] = comments().map((c) => c.body)
    const status = body?.split('\n').find((line) => line.startsWith('| Status |')) ?? ''
    // One row of two cells: the service's '|' is escaped, and nothing in it pings, references or links.
    expect(status.split(/(?<!\\)\|/)).toHaveLength(4)
    expect(status).toContain('failed to provision')
    expect(status).not.toMatch(/@octo|#5|https:\/\/|<img/)
    expect(status).toContain('@\u2060octo-org/admins \\| x \\|')
  })
})
