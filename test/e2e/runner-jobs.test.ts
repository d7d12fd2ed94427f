/**
 * One GPU sandbox serves several jobs of its run (issue 48), through the
 * bundles: the emulator with real OpenSSH, the fake GitHub on loopback and the
 * stand-in runner (job-started and job-completed hooks, a Runner.Worker
 * process, `.env` read at start). runner-jobs: jobs one after another in the
 * same runner folder; runners: a runner a GPU; a sandbox that cannot go on
 * fails every job still waiting at once.
 */
import { describe, expect, it } from 'vitest'
import { commands, onceOutput, runStep, type StepResult } from '../../scripts/lib/action-runner.ts'
import { THIS_RUN, type JobOwner, type JobStep } from '../../scripts/lib/fake-runners.ts'
import { runnerEnv, runnerInputs, runnerJob, setUpRunnerJob, useRunnerJob } from '../harness/runner-job.ts'
import { canRun, useSshJob } from '../harness/ssh-job.ts'
import { skipWithout } from '../harness/host.ts'

useSshJob()
useRunnerJob()

const LABEL = 'gpu-sandbox-4242-1'
const own = (name: string): JobOwner => ({ ...THIS_RUN, name })
const step = (name: string, run: string): JobStep[] => [{ name, run }]

/** The fake GitHub's jobs of this run, by name: how each ended and what its steps printed. */
function thisRunJobs(): Record<string, { conclusion?: string; log: string; runner: string }> {
  const jobs = runnerJob.github.runners.jobs.filter((job) => job.runId === THIS_RUN.runId)
  return Object.fromEntries(
    jobs.map((job) => [job.name, { conclusion: job.conclusion, log: job.log ?? '', runner: job.runnerName }]),
  )
}

/** GitHub's REST API requests among `requests` (the package download is github.com's, not the API's). */
const apiRequests = (from: number) =>
  runnerJob.github.requests
    .slice(from)
    .map((r) => `${r.method} ${r.path}`)
    .filter((path) => !path.includes('/releases/download/'))

async function holder(
  inputs: Record<string, string>,
): Promise<{ main: StepResult; post: StepResult; asked: string[] }> {
  const main = await runStep('main', { inputs: runnerInputs(inputs), env: runnerEnv() })
  expect(main.exitCode, main.stdout).toBe(0)
  const before = runnerJob.github.requests.length
  const post = await runStep('post', { inputs: runnerInputs(inputs), env: runnerEnv(), state: main.state })
  return { main, post, asked: apiRequests(before) }
}

describe.skipIf(!canRun)('one sandbox serves several jobs of its run', () => {
  it('runner-jobs: 3 jobs one after another in the same folder; a job of another run between them is refused and replaced', async () => {
    const service = await setUpRunnerJob()
    const runners = runnerJob.github.runners
    runners.queue(LABEL, own('build'), step('build', 'sleep 1; echo built-by-build > artifact.txt'))
    const fork = { runId: 999, attempt: 1, name: 'queued-by-a-fork', repository: 'fork/repo' }
    runners.queue(LABEL, fork, step('steal', 'echo FORK-STEP-RAN'))
    runners.queue(LABEL, own('test'), step('test', 'sleep 1; echo "found: $(cat artifact.txt)"'))
    runners.queue(LABEL, own('bench'), step('bench', 'sleep 1; echo "still: $(cat artifact.txt)"'))
    const { main, post, asked } = await holder({ 'runner-jobs': '3' })
    expect(post.exitCode, post.stdout).toBe(0)
    const jobs = thisRunJobs()
    expect(Object.keys(jobs).sort(), post.stdout).toEqual(['bench', 'build', 'test'])
    expect(Object.values(jobs).map((job) => job.conclusion)).toEqual(['success', 'success', 'success'])
    // The next job found the previous job's files: the same runner folder, its _work kept.
    expect(jobs.test?.log).toContain('found: built-by-build')
    expect(jobs.bench?.log).toContain('still: built-by-build')
    // Each job had a runner of its own (just-in-time: one job each), numbered in the folder; the fork's was refused.
    const id = main.outputs['sandbox-id'] ?? ''
    expect([jobs.build?.runner, jobs.test?.runner, jobs.bench?.runner]).toEqual([
      `gpu-sandbox-${id}`,
      `gpu-sandbox-${id}-r3`,
      `gpu-sandbox-${id}-r4`,
    ])
    const refused = runners.jobs.find((job) => job.runId === 999)
    expect(refused).toMatchObject({ conclusion: 'failure', runnerName: `gpu-sandbox-${id}-r2` })
    expect(refused?.log).not.toContain('FORK-STEP-RAN')
    expect(commands(post, 'warning').join('\n')).toMatch(/refused job 'queued-by-a-fork' of run 999/)
    // Nothing left registered, the sandbox stopped once, and a row per job in the summary.
    expect([...runners.byId.values()].every((runner) => runner.deleted)).toBe(true)
    expect(service.stopRequestsFor(id)).toHaveLength(1)
    expect(post.summary).toMatch(/### Jobs served on the sandbox \(3\)/)
    for (const name of ['build', 'test', 'bench'])
      expect(post.summary).toMatch(new RegExp(`\\| ${name} \\| gpu-sandbox-`))
    // GitHub was never polled for a runner while its job ran; at most 8 requests a job in the post step.
    expect(asked.filter((path) => /^GET \/repos\/octo\/repo\/actions\/runners\/\d+$/.test(path))).toEqual([])
    expect(asked.length).toBeLessThanOrEqual(3 * 8)
    // None while a job of this run ran (each ran a second or more): the sandbox said when each ended.
    const running = runners.jobs.filter((job) => job.runId === THIS_RUN.runId)
    const during = runnerJob.github.requests.filter(
      (r) =>
        !r.path.startsWith('/_fake/') &&
        running.some((job) => r.at > (job.startedAt ?? 0) + 100 && r.at < (job.endedAt ?? 0) - 100),
    )
    expect(during.map((r) => `${r.method} ${r.path}`)).toEqual([])
  }, 120_000) // four jobs with their runners' starts, in turn: ~40 s alone, more on a loaded machine

  it('runners: 2 on a 2-GPU sandbox: a leg on each runner, each seeing one GPU; outputs list both runners', async () => {
    await setUpRunnerJob()
    const runners = runnerJob.github.runners
    const leg = (n: number) =>
      runners.queue(
        LABEL,
        own(`leg-${n}`),
        step('gpus', 'echo "cuda=[$CUDA_VISIBLE_DEVICES] nvidia=[$NVIDIA_VISIBLE_DEVICES]"'),
      )
    leg(1)
    leg(2)
    const inputs = { runners: '2', 'gpu-type': 'A100', 'gpu-count': '2', 'gpu-check': 'false', 'gpu-report': 'false' }
    const { main, post } = await holder(inputs)
    expect(post.exitCode, post.stdout).toBe(0)
    const id = main.outputs['sandbox-id'] ?? ''
    expect(JSON.parse(main.outputs['runner-name'] ?? '[]')).toEqual([`gpu-sandbox-${id}`, `gpu-sandbox-${id}-g2`])
    expect(JSON.parse(main.outputs['runner-id'] ?? '[]')).toHaveLength(2)
    const jobs = thisRunJobs()
    const seen = Object.values(jobs)
      .map((job) => /cuda=\[[^\]]*\] nvidia=\[[^\]]*\]/.exec(job.log)?.[0])
      .sort()
    expect(seen).toEqual(['cuda=[0] nvidia=[0]', 'cuda=[1] nvidia=[1]'])
    // The runner on the second GPU ran its leg from its own folder.
    const second = Object.values(jobs).find((job) => job.log.includes('cuda=[1]'))
    expect(second?.runner).toBe(`gpu-sandbox-${id}-g2`)
    expect([...runners.byId.values()].every((runner) => runner.deleted)).toBe(true)
    expect(post.summary).toMatch(/\| gpu-sandbox-[^|]*-g2 \| 1 \|/)
  })

  it.skipIf(skipWithout('the failing runners on the holding machine', 'procps'))(
    'the sandbox cannot go on after the first job with 2 jobs waiting: both are failed at once, nothing left registered',
    async () => {
      await setUpRunnerJob()
      const runners = runnerJob.github.runners
      // The first job breaks the sandbox's runner (its run.sh gone): no runner can start there again.
      runners.queue(LABEL, own('build'), step('build', 'rm -f ../run.sh; echo broke-it'))
      runners.queue(LABEL, own('test'), step('test', 'echo TEST-RAN'))
      runners.queue(LABEL, own('bench'), step('bench', 'echo BENCH-RAN'))
      const { post } = await holder({ 'runner-jobs': '3', 'runner-timeout': '30s' })
      const jobs = thisRunJobs()
      expect(jobs.build?.conclusion).toBe('success')
      for (const name of ['test', 'bench']) {
        expect(jobs[name]?.conclusion).toBe('failure')
        expect(jobs[name]?.log).toMatch(/No GPU runner was served for runs-on: gpu-sandbox-4242-1/)
        expect(jobs[name]?.log).not.toMatch(/TEST-RAN|BENCH-RAN/)
      }
      expect(post.stdout).toContain("Runner: this run's 2 jobs waiting for 'gpu-sandbox-4242-1' are failed at once")
      // The holding step fails, naming what is gone (issue 54).
      expect(post.exitCode, post.stdout).toBe(1)
      expect(commands(post, 'error').join('\n')).toMatch(/~\/actions-runner\/run\.sh is gone from the sandbox/)
      expect(runners.waiting).toBe(0)
      expect([...runners.byId.values()].every((runner) => runner.deleted)).toBe(true)
    },
  )

  it.skipIf(skipWithout('the failing runners on the holding machine', 'procps'))(
    "runner-jobs: 2, the first job removes its runner folder's bin/: the second job is failed at once, the holding step fails saying why",
    async () => {
      const service = await setUpRunnerJob()
      const runners = runnerJob.github.runners
      runners.queue(LABEL, own('build'), step('build', 'rm -rf ../bin; echo broke-bin'))
      runners.queue(LABEL, own('test'), step('test', 'echo TEST-RAN'))
      const { main, post } = await holder({ 'runner-jobs': '2', 'runner-timeout': '30s' })
      expect(post.exitCode, post.stdout).toBe(1)
      const jobs = thisRunJobs()
      expect(jobs.build?.conclusion).toBe('success')
      expect(jobs.test?.conclusion).toBe('failure')
      expect(jobs.test?.log).toMatch(/No GPU runner was served for runs-on: gpu-sandbox-4242-1/)
      expect(jobs.test?.log).toMatch(/served what it could of this run, then could not go on/)
      expect(jobs.test?.log).not.toContain('TEST-RAN')
      // Failed by the hook within a minute of the first job's end, not left queued for runner-timeout or a day.
      const ended = (name: string) => runners.jobs.find((job) => job.name === name)?.endedAt ?? Infinity
      expect(ended('test') - ended('build')).toBeLessThan(60_000)
      // The step fails naming what could not start and why: the fresh runner's run.sh ended (its bin/ gone).
      const [error] = commands(post, 'error')
      expect(error).toMatch(/no runner could start for the next job of this run \(the new runner gpu-sandbox-\S+-r2/)
      expect(error).toMatch(/run\.sh ended before the runner came online/)
      expect(error).toMatch(/its folder had served 1 of 2 jobs/)
      expect(error).not.toMatch(/end was not recorded/)
      expect(runners.waiting).toBe(0)
      expect([...runners.byId.values()].every((runner) => runner.deleted)).toBe(true)
      expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
    },
  )

  it.skipIf(skipWithout('the failing runners on the holding machine', 'procps'))(
    'runner-jobs: 2, new SSH connections refused while the first job runs: the second job is failed, the error says SSH',
    async () => {
      const service = await setUpRunnerJob()
      const runners = runnerJob.github.runners
      runners.queue(LABEL, own('build'), step('build', 'sleep 5; echo built'))
      runners.queue(LABEL, own('test'), step('test', 'echo TEST-RAN'))
      const inputs = runnerInputs({ 'runner-jobs': '2', 'runner-timeout': '30s' })
      const main = await runStep('main', { inputs, env: runnerEnv() })
      expect(main.exitCode, main.stdout).toBe(0)
      // The sandbox's sshd stops listening once the post step watches (its open session stays), as the issue saw.
      const refuse = onceOutput('waiting while its job runs', () =>
        setTimeout(() => service.sshService?.refuseNewConnections(), 2_000),
      )
      const post = await runStep('post', { inputs, env: runnerEnv(), state: main.state, onSpawn: refuse })
      expect(post.exitCode, post.stdout).toBe(1)
      const jobs = thisRunJobs()
      expect(jobs.build?.conclusion).toBe('success')
      expect(jobs.test?.conclusion).toBe('failure')
      expect(jobs.test?.log).not.toContain('TEST-RAN')
      const [error] = commands(post, 'error')
      expect(error).toMatch(
        /no runner could start for the next job of this run \(the sandbox could not be reached over SSH/,
      )
      expect(error).not.toMatch(/end was not recorded/)
      expect([...runners.byId.values()].every((runner) => runner.deleted)).toBe(true)
      expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
    },
  )

  it.skipIf(skipWithout('the failing runners on the holding machine', 'procps'))(
    'a holder refused before anything costs money, with a 2-leg matrix waiting: both legs are failed at once',
    async () => {
      const service = await setUpRunnerJob()
      const runners = runnerJob.github.runners
      for (const n of [1, 2]) runners.queue(LABEL, own(`leg-${n}`), step('tests', 'echo LEG-RAN'))
      const inputs = runnerInputs({ runners: '2', 'internet-access': 'closed', 'runner-timeout': '20s' })
      const main = await runStep('main', { inputs, env: runnerEnv() })
      expect(main.exitCode).toBe(1)
      expect(service.requests).toHaveLength(0)
      expect(main.stdout).toContain("Runner: 2 jobs of this run wait for 'gpu-sandbox-4242-1'.")
      const post = await runStep('post', { inputs, env: runnerEnv(), state: main.state })
      expect(post.exitCode, post.stdout).toBe(0)
      const jobs = thisRunJobs()
      for (const name of ['leg-1', 'leg-2']) {
        expect(jobs[name]?.conclusion).toBe('failure')
        expect(jobs[name]?.log).toContain('::error title=No GPU runner was served::')
        expect(jobs[name]?.log).not.toContain('LEG-RAN')
      }
      expect([...runners.byId.values()].map((runner) => runner.deleted)).toEqual([true, true])
    },
  )
})
