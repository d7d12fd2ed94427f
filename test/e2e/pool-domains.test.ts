/**
 * The warm pool's trust domains and holds through the bundles, against the emulator as deployed with an sshd per
 * sandbox (each its own home) over real OpenSSH. A pull request's job claims a pool sandbox, and a later step of it
 * removes everything in the sandbox's home (the claim link with it), as a hostile pull request would; while that job
 * still runs, a push job with the same inputs is never handed that sandbox, and neither is another pull request's job
 * (the hold, a sandbox named for the claimed one, still lives); a branch's pool sandbox is never handed to a pull
 * request's job; a pull request's `mode: pool` may not keep the branches' pool, refused before any request.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Emulator } from '../../emulator/emulator.ts'
import { runStep, type StepResult } from '../../scripts/lib/action-runner.ts'
import { canRun, inputs, job, later, sleep, startEmulator, useSshJob } from '../harness/ssh-job.ts'
import { EVENT_REPOSITORY, eventEnvironment } from '../../scripts/lib/event.ts'

useSshJob()

const HOSTILE = 'find "$HOME" -mindepth 1 -maxdepth 1 -exec rm -rf {} +'

/** A job's runner: a HOME of its own (its ~/.ssh/config has the alias), and the event it runs for. */
function runner(event: 'push' | 'pull_request', number = 7): Record<string, string> {
  const home = mkdtempSync(join(job.home, `${event}-`))
  mkdirSync(join(home, '.ssh'), { mode: 0o700 })
  const pr = { number, head: { sha: 'a'.repeat(40), repo: { full_name: 'octo/repo' } } }
  return { HOME: home, ...eventEnvironment(join(home, 'event.json'), event, pr) }
}

/** Waits until `count` live sandboxes whose name starts with `gp-` are ready; their ids. */
async function poolReady(service: Emulator, count: number, except: string[] = []): Promise<string[]> {
  for (let k = 0; k < 200; k++) {
    const live = service.liveSandboxes().filter((s) => s.name.startsWith('gp-') && !except.includes(s.id))
    if (live.length === count && live.every((s) => s.status === 'running')) return live.map((s) => s.id)
    await sleep(50)
  }
  throw new Error(`the pool never had ${count} ready`)
}

const JOB = { pool: 'ci', 'pool-size': '0', ssh: 'true' }

async function main(env: Record<string, string>, extra: Record<string, string> = JOB): Promise<StepResult> {
  const step = await runStep('main', { inputs: inputs(extra), env })
  expect(step.exitCode, step.stdout + step.stderr).toBe(0)
  return step
}

describe.skipIf(!canRun)('the warm pool keeps its trust domains apart', () => {
  it("a pull request's job that undoes its claim is followed by no push job and no other pull request's job", async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    const trusted = runner('push')
    // A push workflow keeps the pull requests' pool (the contract's keeper).
    await main(trusted, { mode: 'pool', pool: 'ci', 'pool-size': '1', 'pool-for': 'pull-requests' })
    const [prPooled = ''] = await poolReady(service, 1)

    const pr = runner('pull_request', 7)
    const prJob = await main(pr)
    expect(prJob.outputs).toMatchObject({ 'pool-claimed': 'true', 'sandbox-id': prPooled })
    expect(prJob.stdout).toContain(
      "Pool 'ci': the pull-requests domain's sandboxes only (the pull_request event), each claim with a hold",
    )
    expect(prJob.summary).toContain('from pool ci (pull-requests): claimed in')
    const hold = service.liveSandboxes().find((s) => s.name === `gc-31337-${prPooled.slice(4)}`)
    expect(hold?.spec).toEqual({ cpu_count: 1, memory_gib: 1, storage_gib: 1 })

    // A later step of the pull request's job: its code removes the claim on its sandbox.
    const home = service.sshService?.hostFor(prPooled).home ?? ''
    expect(existsSync(join(home, '.gpu-sandbox-pool'))).toBe(true)
    const hostile = later(['sandbox', HOSTILE], pr.HOME)
    expect(hostile.status, hostile.stderr).toBe(0)
    expect(existsSync(join(home, '.gpu-sandbox-pool'))).toBe(false)

    // While that job still runs: a push with the same inputs starts its own.
    const push = await main(runner('push'))
    expect(push.outputs['pool-claimed']).toBe('false')
    expect(push.outputs['sandbox-id']).not.toBe(prPooled)
    expect(push.stdout).toContain("Pool 'ci': nothing claimed (pool 'ci' has no ready sandbox for this request)")
    // Another pull request's job: the hold still lives, so the sandbox is claimed, whatever it says of itself.
    const other = await main(runner('pull_request', 8))
    expect(other.outputs['pool-claimed']).toBe('false')
    expect(other.outputs['sandbox-id']).not.toBe(prPooled)
    expect(other.stdout).toMatch(
      /none of the 1 live sandbox of pool 'ci' could be claimed \(1 claimed by another job\)/,
    )
    expect(
      service.requestsTo('POST', '/sandboxes/start').filter((r) => (r.body as { name: string }).name.startsWith('gc-')),
    ).toHaveLength(1)

    // The reverse: a branch's pool sandbox is never handed to a pull request's job.
    await main(trusted, { mode: 'pool', pool: 'ci', 'pool-size': '1' })
    const [branchPooled = ''] = await poolReady(service, 1, [prPooled])
    const third = await main(runner('pull_request', 9))
    expect(third.outputs['pool-claimed']).toBe('false')
    expect(third.outputs['sandbox-id']).not.toBe(branchPooled)
    const branchJob = await main(runner('push'))
    expect(branchJob.outputs).toMatchObject({ 'pool-claimed': 'true', 'sandbox-id': branchPooled })
    expect(branchJob.stdout).not.toContain('hold')

    // Every post step: the pull request's job stops its sandbox, then its hold; nothing is left after the drains.
    const jobs: [StepResult, Record<string, string>][] = [
      [prJob, pr],
      [push, trusted],
      [other, trusted],
      [third, trusted],
      [branchJob, trusted],
    ]
    for (const [step, env] of jobs) {
      const post = await runStep('post', { inputs: inputs(JOB), env, state: step.state })
      expect(post.exitCode, post.stdout).toBe(0)
      if (step === prJob) expect(post.stdout).toContain(`Pool: the hold ${hold?.id} of ${prPooled} stopped.`)
    }
    const stops = service.requestsTo('POST', '/sandboxes/:id/stop').map((r) => r.path.split('/')[2])
    expect(stops.indexOf(hold?.id ?? '')).toBeGreaterThan(stops.indexOf(prPooled))
    for (const domain of ['pull-requests', 'branches'])
      await main(trusted, { mode: 'pool', pool: 'ci', 'pool-size': '0', 'pool-for': domain })
    expect(await service.settle()).toEqual([])
  }, 180_000)

  it("a feature branch's push and an /ok-to-test workflow_run are untrusted: never the branches' sandboxes", async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    const trusted = runner('push')
    await main(trusted, { mode: 'pool', pool: 'ci', 'pool-size': '1' })
    const [branchPooled = ''] = await poolReady(service, 1)
    // A collaborator's push to a feature branch, then the workflow_run that an issue_comment's run triggered.
    const feature = { ...runner('push'), GITHUB_REF: 'refs/heads/feature' }
    const okToTest = runner('push')
    writeFileSync(
      okToTest.GITHUB_EVENT_PATH ?? '',
      JSON.stringify({
        repository: EVENT_REPOSITORY,
        workflow_run: { event: 'issue_comment', head_branch: 'main', head_repository: EVENT_REPOSITORY },
      }),
    )
    const steps: StepResult[] = []
    const untrusted: [Record<string, string>, string][] = [
      [feature, 'the push event of refs/heads/feature, neither the default branch nor protected'],
      [{ ...okToTest, GITHUB_EVENT_NAME: 'workflow_run' }, 'a workflow_run of a issue_comment run not shown to be'],
    ]
    for (const [env, why] of untrusted) {
      const step = await main(env)
      steps.push(step)
      expect(step.stdout).toContain(`Pool 'ci': the pull-requests domain's sandboxes only (${why}`)
      expect(step.outputs['pool-claimed']).toBe('false')
      expect(step.outputs['sandbox-id']).not.toBe(branchPooled)
      // Its code empties its sandbox's HOME: nothing of it is any branch job's.
      expect(later(['sandbox', HOSTILE], env.HOME).status).toBe(0)
    }
    // The default branch's push is handed the branches' sandbox, untouched by either.
    const home = service.sshService?.hostFor(branchPooled).home ?? ''
    expect(existsSync(join(home, '.gpu-sandbox-pool'))).toBe(false)
    const branchJob = await main(runner('push'))
    expect(branchJob.outputs).toMatchObject({ 'pool-claimed': 'true', 'sandbox-id': branchPooled })
    for (const step of [...steps, branchJob]) {
      const post = await runStep('post', { inputs: inputs(JOB), env: trusted, state: step.state })
      expect(post.exitCode, post.stdout).toBe(0)
    }
    expect(await service.settle()).toEqual([])
  }, 180_000)

  it("a pull request's mode pool naming the branches' pool is refused before any request", async () => {
    const service = await startEmulator()
    const step = await runStep('main', {
      inputs: inputs({ mode: 'pool', pool: 'ci', 'pool-for': 'branches' }),
      env: runner('pull_request'),
    })
    expect(step.exitCode).not.toBe(0)
    expect(step.stdout + step.stderr).toContain(
      "Input 'pool-for': is 'branches', but this step is not shown to run the repository's reviewed code (the " +
        'pull_request event)',
    )
    expect(service.requests).toEqual([])
  }, 60_000)
})
