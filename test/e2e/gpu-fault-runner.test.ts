/**
 * GPU faults under `runner: true`, through the bundles with the emulator's GPU and the fake GitHub: the runner's job
 * loads the GPU, which falls off the bus as it does (Xid 79); the job fails. The post step fetches the watch once
 * the job ended, before the stop; its error names the machine's fault, the `gpu-fault` output holds it, and the
 * summary leads with it. A passing job with the same fault gets a warning instead, and the step passes.
 */
import { writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { commands, onceOutput, runStep } from '../../scripts/lib/action-runner.ts'
import type { JobConclusion } from '../../scripts/lib/fake-runners.ts'
import { runnerEnv, runnerInputs, runnerJob, setUpRunnerJob, useRunnerJob } from '../harness/runner-job.ts'
import { canRun, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
useRunnerJob()

async function runnerJobWithFault(conclusion: JobConclusion) {
  const service = await setUpRunnerJob({
    capacity: { H100: 8 },
    // At the load itself: whichever reads first (the sampler, or the fetch's dmesg however late) finds the fault.
    gpuFaultPlans: [[{ kind: 'xid', code: 79, afterMs: 0, from: 'load' }]],
  })
  const stepInputs = runnerInputs({ 'gpu-type': 'H100' })
  const main = await runStep('main', { inputs: stepInputs, env: runnerEnv() })
  expect(main.exitCode, main.stdout).toBe(0)
  const runnerId = Number(main.outputs['runner-id'])
  const post = await runStep('post', {
    inputs: stepInputs,
    env: runnerEnv(),
    state: main.state,
    onSpawn: onceOutput('waiting while its job runs', () => {
      // The job's GPU load, planted from outside (the stand-in runs no CUDA): the fault's clock starts with it.
      writeFileSync(`${service.sshService?.sandboxHost.gpuFile}.load`, '20480 80\n')
      runnerJob.github.runners.assignJob(runnerId, 3_000, undefined, { conclusion })
    }),
  })
  return { service, main, post }
}

describe.skipIf(!canRun)('GPU faults under runner: true', () => {
  it("a failed job on a GPU that fell off the bus: the post step's error names the machine's fault", async () => {
    const { service, post } = await runnerJobWithFault('failure')
    expect(post.exitCode, post.stdout).toBe(1)
    const errors = commands(post, 'error')
    expect(errors.join('\n')).toMatch(/GPU 0 fault: Xid 79, fallen off the bus at .*; this failure is likely not/)
    expect(errors.join('\n')).toMatch(/The job 'gpu-tests' that ran on gpu-sandbox-\S+ ended 'failure'/)
    expect(JSON.parse(post.outputs['gpu-fault'] ?? '[]')[0]).toMatchObject({ code: 79, kind: 'machine', gpu: 0 })
    expect(post.summary).toMatch(/#### GPU faults\n[\s\S]*Xid 79/)
    // Read before the stop, with the samples (and said after it: the stop waits for nothing it does not need).
    const fetched = post.stdout.indexOf('GPU report: fetching the samples before the stop')
    expect(fetched).toBeGreaterThanOrEqual(0)
    expect(fetched).toBeLessThan(post.stdout.indexOf('Stopped sandbox'))
    expect(await service.settle()).toEqual([])
  })

  it('a passing job with the same fault: a warning, and the step passes', async () => {
    const { service, post } = await runnerJobWithFault('success')
    expect(post.exitCode, post.stdout).toBe(0)
    expect(commands(post, 'error')).toEqual([])
    expect(commands(post, 'warning').join('\n')).toMatch(/GPU 0 .*Xid 79/)
    expect(await service.settle()).toEqual([])
  })
})
