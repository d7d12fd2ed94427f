/**
 * Runner mode never strands a job (issue 37), through the bundles: when the
 * holding step cannot serve its runner, a runner with the label comes online
 * from this machine (the holding machine), and the stand-in runner (which
 * honours ACTIONS_RUNNER_HOOK_JOB_STARTED as the released one does) fails the
 * job handed to it with one ::error; only its always()/failure() steps run,
 * as a separate user that cannot read the holder's environment or private
 * files. The post step removes it all; no sandbox is live.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { commands, runStep, visibleText, type StepResult, onceOutput } from '../../scripts/lib/action-runner.ts'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { THIS_RUN, type JobStep } from '../../scripts/lib/fake-runners.ts'
import { runnerEnv, runnerInputs, runnerJob, setUpRunnerJob, useRunnerJob } from '../harness/runner-job.ts'
import { canRun, job, useSshJob } from '../harness/ssh-job.ts'
import { skipWithout } from '../harness/host.ts'

useSshJob()
useRunnerJob()

/** Stands for the holding step's private directory (0700, the holder's): what a stranded job's step must not read. */
let privateDir = ''
afterEach(() => rmSync(privateDir, { recursive: true, force: true }))

/** The stranded job: checkout and tests (default condition), a report (always()), a failure() step. */
function strandedPlan(holderPid: number): JobStep[] {
  const report = [
    'echo "user: $(id -un)"',
    "env | sed 's/^/env: /'",
    `if cat /proc/${holderPid}/environ > /dev/null 2>&1; then echo "holder environ: readable"; else echo "holder environ: refused"; fi`,
    `if ls ${privateDir} > /dev/null 2>&1; then echo "private dir: readable"; else echo "private dir: refused"; fi`,
  ].join('\n')
  return [
    { name: 'actions/checkout', run: 'echo CHECKOUT-RAN' },
    { name: 'Run the GPU tests', run: 'echo TESTS-RAN' },
    { name: 'Report', if: 'always()', run: report },
    { name: 'On failure', if: 'failure()', run: 'echo FAILURE-STEP-RAN' },
  ]
}

interface Unserved {
  id: number
  name: string
  dir: string
  user?: string
  pid: number
}

const gone = (saved: Unserved) => ({
  registration: runnerJob.github.runners.byId.get(saved.id)?.deleted,
  processes: saved.user ? spawnSync('pgrep', ['-u', saved.user]).status === 0 : false,
  user: saved.user ? spawnSync('getent', ['passwd', saved.user]).status === 0 : false,
  dir: existsSync(saved.dir),
})

/** Runs the post step; hands the stranded job to the failing runner once the post step waits for it. */
async function postServingStrandedJob(main: StepResult, inputs: Record<string, string>) {
  const saved = JSON.parse(main.state['unserved-runner'] ?? '{}') as Unserved
  privateDir = mkdtempSync(join(tmpdir(), 'holder-private-'))
  writeFileSync(join(privateDir, 'id_ed25519'), 'not a key', { mode: 0o600 })
  const post = await runStep('post', {
    inputs,
    env: runnerEnv(),
    state: main.state,
    onSpawn: onceOutput('waiting for the job it fails', (child) =>
      runnerJob.github.runners.assignJob(saved.id, 0, THIS_RUN, { plan: strandedPlan(child.pid ?? 0) }),
    ),
  })
  const stranded = runnerJob.github.runners.jobs.find((candidate) => candidate.runnerId === saved.id)
  return { saved, post, stranded, log: stranded?.log ?? '' }
}

/** However the post step saw the end (the job fails in a moment, often between two reads); the job's result is checked apart. */
const FAILED_ITS_JOB =
  /: (it failed its job|it ran its job and ended|its registration is gone \(a just-in-time runner deregisters after its job\)|its process ended); removing it\./

/** The failing runner as a separate user needs passwordless sudo (root: the sudo package). */
const noSeparateUser = skipWithout('the failing runner as a separate user', 'sudo')

describe.skipIf(!canRun)('runner: true never strands a job', () => {
  it.skipIf(noSeparateUser).each([
    ['an input error', { 'gpu-type': 'B200' }, {}, /Input 'gpu-type': .*B200/],
    ['a service refusal', { 'api-token': 'wrong-token' }, {}, /401/],
    ['no capacity', { 'gpu-type': 'H100', 'capacity-timeout': '0' }, { capacity: { H100: 0 } }, /capacity/],
  ])('%s: a runner with the label fails the waiting job at once', async (_, extra, emulator, reason) => {
    const service = await setUpRunnerJob(emulator)
    const inputs = runnerInputs(extra)
    const main = await runStep('main', { inputs, env: runnerEnv() })
    expect(main.exitCode).toBe(1)
    const saved = JSON.parse(main.state['unserved-runner'] ?? '{}') as Unserved
    expect(saved.name).toMatch(/^gpu-sandbox-unserved-4242-1-[0-9a-f]{6}$/)
    // Online, with the label, before the holding step ended: from this machine, as a separate user.
    expect(runnerJob.github.runners.byId.get(saved.id)).toMatchObject({
      status: 'online',
      labels: ['gpu-sandbox-4242-1'],
      name: saved.name,
    })
    expect(main.stdout).toMatch(/run as the separate user gpu-unserved-[0-9a-f]{8}: steps it runs cannot read/)
    expect(main.stdout).toContain(`Runner: ${saved.name} (id ${saved.id}) is online with the label`)

    const { post, stranded, log } = await postServingStrandedJob(main, inputs)
    expect(post.exitCode, post.stdout).toBe(0)
    expect(stranded?.conclusion).toBe('failure')
    const errors = log.split('\n').filter((line) => line.startsWith('::error'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^::error title=No GPU runner was served::No GPU runner was served for runs-on: gpu-sandbox-4242-1\. The holding job 'gpu-runner' \(workflow run 4242, attempt 1\) failed/,
    )
    expect(errors[0]).toMatch(reason)
    expect(errors[0]).toContain('re-run the failed jobs')
    // No step with the default condition ran; always() and failure() did, as the separate user, seeing nothing.
    expect(log).not.toMatch(/CHECKOUT-RAN|TESTS-RAN/)
    expect(log).toContain('Skipped: actions/checkout')
    expect(log).toContain('FAILURE-STEP-RAN')
    expect(log).toContain(`user: ${saved.user}`)
    expect(log).toContain('holder environ: refused')
    expect(log).toContain('private dir: refused')
    const env = log.split('\n').filter((line) => line.startsWith('env: '))
    expect(env.length).toBeGreaterThan(2)
    expect(env.join('\n')).not.toMatch(/INPUT_|GITHUB_TOKEN|ssh-key|SSH_AUTH|JITCONFIG/)
    for (const secret of [GITHUB_TOKEN, job.emulator?.token ?? 'none', 'wrong-token']) expect(log).not.toContain(secret)
    // Removed after failing its job: registration, processes, user and directory; no sandbox live.
    expect(post.stdout).toMatch(FAILED_ITS_JOB)
    expect(gone(saved)).toEqual({ registration: true, processes: false, user: false, dir: false })
    expect(await service.settle()).toEqual([])
    expect(visibleText(main, post)).not.toContain(GITHUB_TOKEN)
  })

  it.each([
    ['an invalid mode', { mode: 'strat' }],
    ['an invalid base-url', { 'base-url': 'ftp://compute.example' }],
  ])('%s: the post step still removes the failing runner, and does not fail', async (_, extra) => {
    await setUpRunnerJob()
    const inputs = runnerInputs({ ...extra, 'runner-timeout': '2s' })
    const main = await runStep('main', { inputs, env: runnerEnv() })
    expect(main.exitCode).toBe(1)
    const saved = JSON.parse(main.state['unserved-runner'] ?? '{}') as Unserved
    expect(runnerJob.github.runners.byId.get(saved.id)?.status).toBe('online')
    const post = await runStep('post', { inputs, env: runnerEnv(), state: main.state })
    // Before, an invalid base-url failed the post step ("Sandbox may still be running") though nothing was started.
    expect(post.exitCode, post.stdout).toBe(0)
    expect(commands(post, 'error')).toEqual([])
    expect(post.stdout).toContain(`Runner ${saved.name}: no job was handed to it within runner-timeout; removing it.`)
    expect(gone(saved)).toEqual({ registration: true, processes: false, user: false, dir: false })
  })

  it('a cancelled holding job removes the failing runner at once', async () => {
    await setUpRunnerJob()
    const inputs = runnerInputs({ 'gpu-type': 'B200' })
    const main = await runStep('main', { inputs, env: runnerEnv() })
    const saved = JSON.parse(main.state['unserved-runner'] ?? '{}') as Unserved
    expect(runnerJob.github.runners.byId.get(saved.id)?.status).toBe('online')
    const post = await runStep('post', {
      inputs,
      env: runnerEnv(),
      state: main.state,
      onSpawn: onceOutput('waiting for the job it fails', (child) => child.kill('SIGTERM')),
    })
    expect(post.stdout).toContain(`Runner ${saved.name}: the holding job was cancelled; removing it.`)
    expect(gone(saved)).toEqual({ registration: true, processes: false, user: false, dir: false })
    expect(runnerJob.github.runners.jobs).toHaveLength(0)
  })

  it('a token that cannot register: the plain error, and nothing left behind', async () => {
    await setUpRunnerJob()
    runnerJob.github.forbidden = [/generate-jitconfig/]
    const inputs = runnerInputs({ 'gpu-type': 'B200' })
    const main = await runStep('main', { inputs, env: runnerEnv() })
    expect(main.exitCode).toBe(1)
    const errors = commands(main, 'error').join('\n')
    expect(errors).toMatch(/Input 'gpu-type'/)
    expect(errors).toMatch(
      /The job with runs-on: gpu-sandbox-4242-1 will wait in GitHub's queue until this workflow run is cancelled .*403.*Cancel the run .*gh run cancel 4242/,
    )
    expect(main.state['unserved-runner'] ?? '').toBe('')
    expect(runnerJob.github.runners.byId.size).toBe(0)
    // The user was made (sudo works here) and removed again, with the directory.
    const user = /separate user (gpu-unserved-[0-9a-f]{8})/.exec(main.stdout)?.[1] ?? 'none'
    expect(spawnSync('getent', ['passwd', user]).status).not.toBe(0)
    const dir = /in (\/\S+gpu-sandbox-unserved-\S+), run as/.exec(main.stdout)?.[1] ?? ''
    expect(dir).not.toBe('')
    expect(existsSync(dir)).toBe(false)
    const post = await runStep('post', { inputs, env: runnerEnv(), state: main.state })
    expect(post.exitCode).toBe(0)
  })
})

describe.skipIf(!canRun)('the holding step mirrors the job it served', () => {
  it.each([
    ['failure', 1],
    ['success', 0],
  ] as const)('a served job that ends %s: post step exit %d, the sandbox stopped', async (conclusion, exitCode) => {
    const service = await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv() })
    expect(main.exitCode, main.stdout).toBe(0)
    const runnerId = Number(main.outputs['runner-id'])
    const post = await runStep('post', {
      inputs: runnerInputs(),
      env: runnerEnv(),
      state: main.state,
      onSpawn: onceOutput('waiting while its job runs', () =>
        runnerJob.github.runners.assignJob(runnerId, 1_500, THIS_RUN, { conclusion }),
      ),
    })
    expect(post.exitCode, post.stdout).toBe(exitCode)
    expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
    expect(await service.settle()).toEqual([])
    const failed = commands(post, 'error').join('\n')
    if (conclusion === 'failure')
      expect(failed).toMatch(
        /The job 'gpu-tests' that ran on gpu-sandbox-\S+ ended 'failure', so this holding step fails/,
      )
    else expect(failed).toBe('')
  })
})
