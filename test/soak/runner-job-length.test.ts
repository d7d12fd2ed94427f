/**
 * What runner mode asks GitHub does not grow with the job (issue 43): a 20 s
 * and a 120 s job through the bundles, the emulator's real OpenSSH and the
 * fake GitHub. The post step's fallback poll is set to 1 s here, so a holder
 * that asked GitHub while the job runs would show some 100 more requests for
 * the longer job; the runner on the sandbox says when its job ends instead.
 */
import { describe, expect, it } from 'vitest'
import { onceOutput, runStep } from '../../scripts/lib/action-runner.ts'
import { runnerEnv, runnerInputs, runnerJob, setUpRunnerJob, useRunnerJob } from '../harness/runner-job.ts'
import { canRun, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
useRunnerJob()

/** GitHub's REST API only (the package download is github.com's). */
const api = (paths: string[]) => paths.filter((path) => !path.includes('/releases/download/'))

/** One leg whose job runs `jobMs`: the API requests of each step, and of the time the job ran. */
async function leg(jobMs: number) {
  const service = await setUpRunnerJob()
  const github = runnerJob.github
  const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv() })
  expect(main.exitCode, main.stdout).toBe(0)
  const runnerId = Number(main.outputs['runner-id'])
  const afterMain = github.requests.length
  let atStart = 0
  let atEnd = -1
  const watch = setInterval(() => {
    if (atEnd < 0 && github.runners.jobs.at(-1)?.status === 'completed') atEnd = github.requests.length
  }, 50)
  const post = await runStep('post', {
    inputs: runnerInputs(),
    env: runnerEnv(),
    state: main.state,
    timeoutMs: jobMs + 60_000,
    onSpawn: onceOutput('waiting while its job runs', () => {
      atStart = github.requests.length
      github.runners.assignJob(runnerId, jobMs)
    }),
  })
  clearInterval(watch)
  expect(post.exitCode, post.stdout).toBe(0)
  expect(github.runners.jobs.at(-1)?.conclusion).toBe('success')
  expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
  const paths = github.paths()
  return {
    main: api(paths.slice(0, afterMain)).length,
    post: api(paths.slice(afterMain)).length,
    whileRunning: api(paths.slice(atStart, atEnd)),
  }
}

describe.skipIf(!canRun)('runner mode: GitHub requests do not grow with the job', () => {
  it('a 20 s and a 120 s job: the same requests (main 4, post 2), none while the job runs', async () => {
    const short = await leg(20_000)
    const long = await leg(120_000)
    expect(short.whileRunning).toEqual([])
    expect(long.whileRunning).toEqual([])
    expect([short.main, short.post]).toEqual([4, 2])
    expect([long.main, long.post]).toEqual([4, 2])
  }, 300_000)
})
