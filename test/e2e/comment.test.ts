/**
 * The pull-request comment through the bundles (issues 32 and 43), on the
 * emulator and the fake GitHub: one comment per workflow with a row per leg;
 * the first run creates it, a re-run edits the same row, 3 legs finishing
 * together leave 3 rows; a fork's read-only token gets the job summary instead,
 * and GitHub text in it can neither ping anyone nor link anywhere.
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
  const env = (attempt: string, leg: string) => ({
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: join(fake.dir, 'event.json'),
    GITHUB_API_URL: fake.url,
    GITHUB_SERVER_URL: fake.url,
    GITHUB_WORKFLOW: workflow,
    GITHUB_JOB: 'gpu',
    GITHUB_RUN_ATTEMPT: attempt,
    RUNNER_NAME: `GitHub Actions ${leg}`,
    HOME: fake.dir,
  })
  /** One leg of the job (its record in the run attempt names it `gpu (<leg>)`), as the runner runs it. */
  const run = (attempt = '1', leg = '1') => {
    const jobs = fake.github.runners.jobs
    jobs.push({
      id: jobs.length + 1,
      runId: 4242,
      attempt: Number(attempt),
      name: `gpu (${leg})`,
      runnerId: 0,
      runnerName: `GitHub Actions ${leg}`,
      status: 'in_progress',
    })
    return runAction({
      inputs: fixture.inputs({ comment: 'true', 'github-token': GITHUB_TOKEN, ...extra }),
      env: env(attempt, leg),
    })
  }
  return run
}

const comments = () => fake.github.pulls.pulls.get(7)?.comments ?? []
/** The cells of each leg's row (a '|' the text escaped is no cell break). */
const rows = (body = comments()[0]?.body ?? '') =>
  body
    .split('\n')
    .filter((line) => line.startsWith('| <!--r:'))
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^<!--r:\w+:\w+-->/, '')),
    )

describe('comment: true', () => {
  it('the first run creates one comment; a re-run edits its row in place, never a second', async () => {
    const run = await pullRequestRun()
    const first = await run('1')
    expect([first.main.exitCode, first.post.exitCode]).toEqual([0, 0])
    // One write a job, the post step's (issue 46): the main step asks GitHub nothing for the comment.
    expect(first.main.stdout).toContain(
      "comment: the post step writes this job's row, with the stop (one write a job).",
    )
    expect(first.post.stdout).toContain("comment: created the comment on pull request #7 (this job's row).")
    expect(comments()).toHaveLength(1)
    const [body = ''] = comments().map((c) => c.body)
    expect(body).toMatch(/^<!-- gpu-sandbox-action comment: GPU_tests -->\n#### GPU sandboxes: GPU tests\n/)
    expect(body).toContain('**1 job**: 1 done · 0 failed · 0 running')
    const [row = []] = rows()
    expect(row.slice(0, 3)).toEqual(['gpu (1)', 'ready; stopped by the post step', 'none (CPU only)'])
    expect(row[6]).toMatch(/^\\\$0\.\d{4}$/)
    expect(row[8]).toBe(`[1](${fake.url}/octo/repo/actions/runs/4242/attempts/1)`)
    // The leg's full story is in its job summary.
    expect(first.post.summary).toMatch(/\| Cost of this run \| \\~\\\$0\.\d{4} \(\d+ s billed/)
    const again = await run('2')
    expect(again.main.exitCode).toBe(0)
    expect(comments()).toHaveLength(1)
    expect(rows()).toHaveLength(1)
    expect(rows()[0]?.[7]).toBe(again.main.outputs['sandbox-id'])
    expect(rows()[0]?.[8]).toContain('/actions/runs/4242/attempts/2)')
  })

  it('3 legs of a matrix (same job, same GPU) finishing together leave one comment with 3 rows; a re-run edits them', async () => {
    const run = await pullRequestRun()
    const legs = ['3.10', '3.11', '3.12']
    const firsts = await Promise.all(legs.map((leg) => run('1', leg)))
    expect(firsts.map(({ main, post }) => [main.exitCode, post.exitCode])).toEqual(legs.map(() => [0, 0]))
    expect(comments()).toHaveLength(1)
    expect(rows().map((row) => row[0])).toEqual(['gpu (3.10)', 'gpu (3.11)', 'gpu (3.12)'])
    expect(comments()[0]?.body).toContain('**3 jobs**: 3 done · 0 failed · 0 running')
    await Promise.all(legs.map((leg) => run('2', leg)))
    expect(comments()).toHaveLength(1)
    expect(rows()).toHaveLength(3)
    expect(rows().every((row) => row[8]?.includes('/attempts/2)'))).toBe(true)
  })

  it("a fork's read-only token: the same text goes to the job summary, and the job's log says why once", async () => {
    const run = await pullRequestRun()
    fake.github.forbidden = [/\/comments/]
    const { main, post } = await run()
    expect([main.exitCode, post.exitCode]).toEqual([0, 0])
    const why =
      /comment: GitHub refused to write on pull request #7 \(403; a pull request from a fork gets a read-only token\)/
    // Once in the job's log, by the post step, the one that writes.
    const log = `${main.stdout}\n${post.stdout}`.split('\n')
    expect(log.filter((line) => why.test(line))).toHaveLength(1)
    expect(post.summary).toContain('#### GPU sandbox: GPU tests / gpu')
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
    // One write a leg: the post step's, with the run's result and the stop.
    expect(main.stdout).toContain("comment: the post step writes this job's row, with the stop (one write a job).")
    expect(fake.github.paths().filter((path) => path.startsWith('PATCH') || path.startsWith('POST'))).toHaveLength(1)
    const [row = []] = rows()
    expect(row[1]).toBe('run failed (exit 3); stopped by the post step')
    expect(row[5]).toMatch(/^\d+s$/)
    expect(comments()[0]?.body).toContain('**1 job**: 0 done · 1 failed · 0 running')
    expect(post.summary).toContain('| Downloaded | out |')
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
      expect(body).toMatch(/^<!-- gpu-sandbox-action comment: GPU_tests -->/)
      expect(rows()[0]?.[1]).toMatch(/^connected \(\w+\); kept by an earlier job, not stopped here$/)
      expect(rows()[0]?.[7]).toBe(kept?.id)
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
    // One row of 9 cells: the service's '|' is escaped, and nothing in it pings, references or links.
    const [row = []] = rows()
    expect(row).toHaveLength(9)
    const status = row[1] ?? ''
    expect(status).toContain('failed to provision')
    expect(status).not.toMatch(/@octo|#5|https:\/\/|<img/)
    // The row's cell is cut short; the leg's story in the job summary has it all, defused the same way.
    const story = post.summary.split('\n').find((line) => line.startsWith('| Status |')) ?? ''
    expect(story).toContain('@\u2060octo-org/admins \\| x \\|')
    expect(story).not.toMatch(/@octo|#5|https:\/\/|<img/)
  })
})
