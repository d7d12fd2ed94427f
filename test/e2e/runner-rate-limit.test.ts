/**
 * runner: true through the bundles when GitHub rate-limits the runner's reads and writes while its job runs and after
 * (a file of its own: it waits out 25 s of the limit, beside the other runner tests).
 */
import { describe, expect, it } from 'vitest'
import { commands, runStep, onceOutput } from '../../scripts/lib/action-runner.ts'
import { runnerEnv, runnerInputs, runnerJob, setUpRunnerJob, useRunnerJob } from '../harness/runner-job.ts'
import { canRun, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
useRunnerJob()

describe.skipIf(!canRun)('runner: true under GitHub rate limits', () => {
  it("GitHub rate-limits every read while the job runs and after: the sandbox stops within seconds of the job's end", async () => {
    const service = await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv() })
    expect(main.exitCode, main.stdout).toBe(0)
    const id = main.outputs['sandbox-id'] ?? ''
    const runnerId = Number(main.outputs['runner-id'])
    let limitedUntil = 0
    const post = await runStep('post', {
      inputs: runnerInputs(),
      env: runnerEnv(),
      state: main.state,
      onSpawn: onceOutput('waiting while its job runs', () => {
        // A 2-second job, and GitHub's primary limit on every read and write of runners and runs for 25 seconds.
        limitedUntil = Date.now() + 25_000
        runnerJob.github.rateLimit = { kind: 'primary', until: limitedUntil, paths: /\/actions\/(runners|runs)\// }
        runnerJob.github.runners.assignJob(runnerId, 2_000)
      }),
    })
    expect(post.exitCode, post.stdout).toBe(0)
    const job = runnerJob.github.runners.jobs.at(-1)
    expect(job?.conclusion).toBe('success')
    const [stop] = service.stopRequestsFor(id)
    // The sandbox said the job ended; it was stopped while GitHub still refused, within 30 s of the job's end.
    expect(stop?.at).toBeLessThan(limitedUntil)
    expect(post.stdout).toContain("its job 'gpu-tests' ended (the runner on the sandbox says so)")
    expect(post.stdout).toMatch(/GitHub's primary rate limit for this token \(its requests an hour\); it lifts at/)
    // Who took it could not be confirmed: a warning, no evidence; the registration is deleted once GitHub answers.
    expect(commands(post, 'warning').join('\n')).toMatch(/could not read this run's jobs to see who took the runner/)
    expect(runnerJob.github.paths()).toContain(`DELETE /repos/octo/repo/actions/runners/${runnerId}`)
  }, 120_000) // the 25 s limit waited out, with the runner's start: ~45 s alone, more on a loaded machine
})
