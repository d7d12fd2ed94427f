/**
 * runner: true is refused before anything costs money (issue 24): each case
 * fails naming the input, and neither the service nor GitHub's registration
 * route gets a request. Beside runner.test.ts, in a file of its own.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { commands, runStep } from '../../scripts/lib/action-runner.ts'
import { runnerEnv, runnerInputs, runnerJob, setUpRunnerJob, useRunnerJob } from '../harness/runner-job.ts'
import { canRun, job, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
useRunnerJob()

describe.skipIf(!canRun)('runner: true refusals', () => {
  it.each([
    [
      'no github-token',
      { 'github-token': '${{ github.token }}' },
      {},
      /Input 'github-token': is required with runner: true/,
    ],
    ['run beside it', { run: 'true' }, {}, /Input 'runner': cannot be combined with 'run'/],
    [
      'a pull request from a fork',
      {},
      { GITHUB_EVENT_NAME: 'pull_request' },
      /Input 'runner': is refused for pull requests from forks/,
    ],
    [
      'a token GitHub refuses',
      { 'github-token': 'ghs_wrong' },
      {},
      /Input 'github-token': GitHub answered 401 to listing self-hosted runners for octo\/repo\. Runner mode needs a token with repository administration: write/,
    ],
  ])('refused before anything costs money: %s', async (name, extraInputs, extraEnv, message) => {
    const service = await setUpRunnerJob()
    const eventPath = join(job.home, 'event.json')
    writeFileSync(eventPath, JSON.stringify({ pull_request: { head: { repo: { full_name: 'fork/repo' } } } }))
    const main = await runStep('main', {
      inputs: runnerInputs(extraInputs),
      env: runnerEnv({ GITHUB_EVENT_PATH: eventPath, ...extraEnv }),
    })
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error').join('\n')).toMatch(message)
    expect(service.requests).toHaveLength(0)
    expect(runnerJob.github.requests.filter((r) => r.method === 'POST')).toHaveLength(0)
    // An error in runner mode's own inputs registers nothing; a token refused outright says the job stays queued.
    const waits = commands(main, 'error').some((line) =>
      /will wait in GitHub's queue until this workflow run/.test(line),
    )
    expect(waits).toBe(name === 'a token GitHub refuses')
  })

  it('internet-access closed: refused before the service is asked; the waiting job gets the runner that fails it', async () => {
    const service = await setUpRunnerJob()
    const inputs = runnerInputs({ 'internet-access': 'closed', 'runner-timeout': '2s' })
    const main = await runStep('main', { inputs, env: runnerEnv() })
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error').join('\n')).toMatch(
      /Input 'internet-access': is 'closed', but runner: true needs GitHub/,
    )
    expect(service.requests).toHaveLength(0)
    const runners = [...runnerJob.github.runners.byId.values()]
    expect(runners.map((r) => [r.name.replace(/[0-9a-f]{6}$/, 'x'), r.status])).toEqual([
      ['gpu-sandbox-unserved-4242-1-x', 'online'],
    ])
    const post = await runStep('post', { inputs, env: runnerEnv(), state: main.state })
    expect(post.exitCode).toBe(0)
    expect(runners.every((r) => r.deleted)).toBe(true)
  })
})
