/**
 * What comes back from the sandbox is hostile, 5: a job of another workflow run handed this run's runner, through
 * the bundles on the emulator (real OpenSSH) and the fake GitHub (the other routes: hostile-sandbox.test.ts).
 */
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { commands, runStep, onceOutput } from '../../scripts/lib/action-runner.ts'
import { THIS_RUN, type JobStep } from '../../scripts/lib/fake-runners.ts'
import { runnerEnv, runnerInputs, runnerJob, setUpRunnerJob, useRunnerJob } from '../harness/runner-job.ts'
import { canRun, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
useRunnerJob()

describe.skipIf(!canRun)('5. a job of another workflow run handed the runner', () => {
  const CLAIM = { GPU_SANDBOX_RUNNER_CLAIM: '2s' }
  /** The main step registers the runner; the post step, once it waits, sees GitHub hand it to `owner`'s job for `ms`. */
  async function handOut(owner: { runId: number; attempt: number; name: string }, ms: number) {
    const service = await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv(CLAIM) })
    expect(main.exitCode, main.stdout).toBe(0)
    const runnerId = Number(main.outputs['runner-id'])
    // A refused job gets a fresh runner, which no job takes here: runner-timeout ends that wait.
    const post = await runStep('post', {
      inputs: runnerInputs({ 'runner-timeout': '3s' }),
      env: runnerEnv(CLAIM),
      state: main.state,
      onSpawn: onceOutput('waiting while its job runs', () => runnerJob.github.runners.assignJob(runnerId, ms, owner)),
    })
    return { service, main, post, runnerId }
  }

  it("the sandbox runner's job-started hook refuses a job of another run before any of its steps (issue 43)", async () => {
    const service = await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv(CLAIM) })
    expect(main.exitCode, main.stdout).toBe(0)
    const runnerId = Number(main.outputs['runner-id'])
    const stranger = { runId: 999, attempt: 1, name: 'queued-by-a-fork', repository: 'octo/repo' }
    const plan: JobStep[] = [
      { name: 'steal', run: 'echo STOLEN-STEP-RAN' },
      { name: 'cleanup', run: 'echo ALWAYS-STEP-RAN', if: 'always()' },
    ]
    const post = await runStep('post', {
      inputs: runnerInputs({ 'runner-timeout': '3s' }),
      env: runnerEnv(CLAIM),
      state: main.state,
      onSpawn: onceOutput('waiting while its job runs', () =>
        runnerJob.github.runners.assignJob(runnerId, 0, stranger, { plan }),
      ),
    })
    const job = runnerJob.github.runners.jobs.at(-1)
    expect(job?.conclusion).toBe('failure')
    // One ::error in the stranger's job, naming this run; none of its steps ran.
    expect(job?.log?.split('\n').filter((line) => line.startsWith('::error'))).toEqual([
      "::error title=Runner refused::This self-hosted runner serves workflow run 4242 (attempt 1) of octo/repo only: job 'queued-by-a-fork' of run 999 (attempt 1) of octo/repo was refused before its first step.",
    ])
    // The hook ended the job's worker: not even its always() step ran on the sandbox.
    expect(job?.log).not.toMatch(/STOLEN-STEP-RAN|ALWAYS-STEP-RAN/)
    expect(job?.log).not.toContain('A job completed hook')
    // The holder says so, starts a fresh runner for this run's job (none comes here: runner-timeout), stops the
    // sandbox and leaves no registration.
    expect(post.exitCode, post.stdout).toBe(0)
    expect(commands(post, 'warning')).toEqual([
      expect.stringMatching(
        /its job-started hook refused job 'queued-by-a-fork' of run 999 \(attempt 1\) of octo\/repo/,
      ),
      expect.stringMatching(/no job picked it up within runner-timeout \(3s\)/),
    ])
    expect(post.stdout).toMatch(/-r2: registered \(id \d+\) and online on the same sandbox/)
    expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
    expect(runnerJob.github.paths()).toContain(`DELETE /repos/octo/repo/actions/runners/${runnerId}`)
    expect([...runnerJob.github.runners.byId.values()].every((runner) => runner.deleted)).toBe(true)
  })

  /** Hands each runner that comes online, while the post step waits, the next job of `owners` (a stranger's, or this run's). */
  function handEach(owners: { runId: number; attempt: number; name: string }[]) {
    const handed = new Set<number>()
    return (child: ChildProcess, output: () => string) => {
      const timer = setInterval(() => {
        if (!output().includes('waiting while its job runs')) return
        for (const runner of runnerJob.github.runners.byId.values()) {
          if (handed.has(runner.id) || runner.status !== 'online' || runner.deleted || runner.busy) continue
          const owner = owners[handed.size]
          if (!owner) return
          handed.add(runner.id)
          const plan = [{ name: 'tests', run: `echo STEP-RAN-FOR-${owner.runId}` }]
          runnerJob.github.runners.assignJob(runner.id, 0, owner, { plan })
        }
      }, 100)
      child.on('close', () => clearInterval(timer))
    }
  }
  const STRANGER = { runId: 999, attempt: 1, name: 'queued-by-a-fork' }

  it("after a refused job of another run, a fresh runner with the label serves this run's job (issue 43)", async () => {
    const service = await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv(CLAIM) })
    expect(main.exitCode, main.stdout).toBe(0)
    const post = await runStep('post', {
      inputs: runnerInputs(),
      env: runnerEnv(CLAIM),
      state: main.state,
      onSpawn: handEach([STRANGER, THIS_RUN]),
    })
    expect(post.exitCode, post.stdout).toBe(0)
    expect(commands(post, 'warning')).toEqual([
      expect.stringMatching(
        /^Runner gpu-sandbox-sbx-[0-9a-f]{16}: a job of another workflow run was handed the runner; its job-started hook refused job 'queued-by-a-fork' of run 999 \(attempt 1\) of octo\/repo before its first step\.$/,
      ),
    ])
    expect(post.stdout).toMatch(
      /Runner gpu-sandbox-sbx-[0-9a-f]{16}-r2: registered \(id \d+\) and online on the same sandbox with the label gpu-sandbox-4242-1/,
    )
    const [refused, ours] = runnerJob.github.runners.jobs
    expect([refused?.conclusion, ours?.conclusion]).toEqual(['failure', 'success'])
    expect(refused?.log).not.toContain('STEP-RAN')
    expect(ours?.log).toContain('STEP-RAN-FOR-4242')
    expect(ours?.runnerName).toMatch(/-r2$/)
    expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
    expect([...runnerJob.github.runners.byId.values()].every((runner) => runner.deleted)).toBe(true)
  })

  it("past 3 fresh runners, the 4th refused job fails the holder, and this run's queued job is failed at once", async () => {
    const service = await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv(CLAIM) })
    const post = await runStep('post', {
      inputs: runnerInputs(),
      env: runnerEnv(CLAIM),
      state: main.state,
      // The 5th runner online is the failing one from the holder's machine: this run's job goes to it.
      onSpawn: handEach([STRANGER, STRANGER, STRANGER, STRANGER, THIS_RUN]),
    })
    expect(post.exitCode).toBe(1)
    expect(commands(post, 'warning')).toHaveLength(4)
    expect(commands(post, 'error').join('\n')).toMatch(
      /taken by a job outside this workflow run \(run 4242, attempt 1\): its job-started hook refused job 'queued-by-a-fork' of run 999 \(attempt 1\) of octo\/repo before its first step, the 4th job of another run; no more fresh runners are started/,
    )
    const jobs = runnerJob.github.runners.jobs
    expect(jobs.map((job) => [job.runId, job.conclusion])).toEqual([
      ...Array.from({ length: 4 }, () => [999, 'failure']),
      [4242, 'failure'],
    ])
    // This run's job: failed by its job-started hook with one error that says why, none of its steps run.
    const ours = jobs.at(-1)
    expect(ours?.runnerName).toMatch(/^gpu-sandbox-unserved-4242-1-[0-9a-f]{6}$/)
    expect(ours?.log).not.toContain('STEP-RAN')
    expect((ours?.log ?? '').split('\n').filter((line) => line.startsWith('::error'))).toEqual([
      expect.stringMatching(
        /^::error title=No GPU runner was served::No GPU runner was served for runs-on: gpu-sandbox-4242-1\. The holding job 'gpu-runner' \(workflow run 4242, attempt 1\) gave its runner to no job of this run: Runner gpu-sandbox-sbx-[0-9a-f]{16}-r4 was taken by a job outside this workflow run/,
      ),
    ])
    expect(post.stdout).toMatch(/Runner gpu-sandbox-unserved-4242-1-[0-9a-f]{6}: .*; removing it\./)
    expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
    expect([...runnerJob.github.runners.byId.values()].every((runner) => runner.deleted)).toBe(true)
    // The sandbox was stopped before the failing runner was registered: no GPU money while this run's job is failed.
    const stopped = post.stdout.indexOf(`Stopped sandbox ${main.outputs['sandbox-id']}`)
    expect(stopped).toBeGreaterThan(0)
    expect(stopped).toBeLessThan(post.stdout.indexOf('is failed at once'))
  })

  it('a hostile job name and run id from the stranger reach its log only as safe characters', async () => {
    await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv(CLAIM) })
    const runnerId = Number(main.outputs['runner-id'])
    const stranger = { runId: 4243, attempt: 1, name: 'x$(touch /tmp/pwned)`id`;::set-output name=a::b' }
    await runStep('post', {
      inputs: runnerInputs({ 'runner-timeout': '3s' }),
      env: runnerEnv(CLAIM),
      state: main.state,
      onSpawn: onceOutput('waiting while its job runs', () =>
        runnerJob.github.runners.assignJob(runnerId, 0, stranger, { plan: [{ name: 's', run: 'true' }] }),
      ),
    })
    const log = runnerJob.github.runners.jobs.at(-1)?.log ?? ''
    expect(log).toContain("job 'xtouchtmppwnedidset-outputnameab' of run 4243 (attempt 1)")
    expect(existsSync('/tmp/pwned')).toBe(false)
  })

  it('a job from outside without steps: refused by the hook, a warning names it', async () => {
    const { post } = await handOut({ runId: 999, attempt: 1, name: 'queued by a fork' }, 500)
    expect(post.exitCode, post.stdout).toBe(0)
    expect(commands(post, 'warning')[0]).toMatch(
      /its job-started hook refused job 'queuedbyafork' of run 999 \(attempt 1\) of octo\/repo before its first step/,
    )
  })

  it("this run's own job: the step passes", async () => {
    const { post } = await handOut({ runId: 4242, attempt: 1, name: 'gpu-tests' }, 3_000)
    expect(post.exitCode, post.stdout).toBe(0)
    expect(post.stdout).toContain("job 'gpu-tests' of this workflow run took it")
  })

  it('a token that cannot read the run’s jobs is refused before anything costs money', async () => {
    const service = await setUpRunnerJob()
    runnerJob.github.forbidden = [/\/actions\/runs\/\d+\/attempts\/\d+\/jobs$/]
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv() })
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error').join('\n')).toMatch(
      /Input 'github-token': GitHub answered 403 to reading the jobs of workflow run 4242 \(attempt 1\) for octo\/repo\. Runner mode needs the same token to hold actions: read/,
    )
    expect(service.requests).toHaveLength(0)
    // The token may still register runners: the waiting job gets the one that fails it (issue 37), nothing else.
    const posts = runnerJob.github.requests.filter((r) => r.method === 'POST')
    expect(posts.map((r) => r.path)).toEqual(['/repos/octo/repo/actions/runners/generate-jitconfig'])
    expect([...runnerJob.github.runners.byId.values()].map((r) => r.name)).toEqual([
      expect.stringMatching(/^gpu-sandbox-unserved-4242-1-/),
    ])
    const post = await runStep('post', {
      inputs: runnerInputs({ 'runner-timeout': '2s' }),
      env: runnerEnv(),
      state: main.state,
    })
    expect(post.stdout).toMatch(/no job was handed to it within runner-timeout; removing it/)
    expect([...runnerJob.github.runners.byId.values()].every((r) => r.deleted)).toBe(true)
  })
})
