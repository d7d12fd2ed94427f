/**
 * gpu-report through the bundles (issue 47), against the emulator's GPU with loads a program on the sandbox plants:
 * a run that never opens the GPU gets the warning and no hint; one that holds memory at 0 % gets no warning; a heavy
 * run on an 80 GiB card at 11 GiB gets the chart, the peak and the hint with both prices; a run that fills the
 * sampler's files with hostile lines passes, none of them in the log; the comment's figure rides in state; a runner's
 * job is sampled and fetched after it ends; an unreachable sandbox still stops, its report says it has no samples.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { loadUntilSampled, sampled } from '../harness/gpu.ts'
import { describe, expect, it } from 'vitest'
import { commands, onceOutput, runStep } from '../../scripts/lib/action-runner.ts'
import { runnerEnv, runnerInputs, runnerJob, setUpRunnerJob, useRunnerJob } from '../harness/runner-job.ts'
import { canRun, inputs, job, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
useRunnerJob()

async function mainAndPost(run: string) {
  const stepInputs = inputs({ 'gpu-type': 'H100', run })
  const env = { HOME: job.home }
  const main = await runStep('main', { inputs: stepInputs, env })
  const post = await runStep('post', { inputs: stepInputs, env, state: main.state })
  return { main, post }
}

describe.skipIf(!canRun)('gpu-report', () => {
  it('a run that never opens the GPU: the warning, no hint; the post step stops it and fetches nothing', async () => {
    const service = await startEmulator({ capacity: { H100: 8 } })
    const { main, post } = await mainAndPost('sleep 3')
    expect(main.exitCode, main.stdout).toBe(0)
    const [warning, ...others] = commands(main, 'warning')
    expect(others).toEqual([])
    expect(warning).toMatch(/^GPU report: the GPU of sbx-[0-9a-f]{16} was never used: .* ran on the CPU/)
    expect(commands(main, 'notice')).toEqual([])
    expect(main.outputs['gpu-memory-peak']).toBe('1')
    expect(main.outputs['gpu-utilization']).toBe('0.0')
    expect(post.exitCode).toBe(0)
    expect(post.stdout).not.toContain('GPU report')
    expect(service.sandboxes.map((s) => s.status)).toEqual(['stopped'])
  })

  it('memory held at 0 %: no warning; a heavy run at 11 GiB on an 80 GiB card: chart, peak, hint with both prices', async () => {
    await startEmulator({ capacity: { H100: 8 } })
    const held = await mainAndPost(
      `${loadUntilSampled(11_264, 0)}; ${loadUntilSampled(11_264, 100)}; ${loadUntilSampled(0, 0)}`,
    )
    expect(held.main.exitCode, held.main.stdout).toBe(0)
    expect(commands(held.main, 'warning')).toEqual([])
    expect(held.main.outputs['gpu-memory-peak']).toBe('11265')
    expect(held.main.summary).toContain('| 0 | 11.0 GiB (14 % of 79.6 GiB) |')
    expect(held.main.summary).toContain('xychart-beta')
    const [notice] = commands(held.main, 'notice')
    expect(notice).toMatch(/^1 x A6000 \(48 GiB each\) would have held .* at ~\$0\.\d+\/hour, against ~\$1\.\d+\/hour/)
    expect(notice).toMatch(/this run would have cost ~\$\S+ instead of ~\$\S+\./)
    const csv = readFileSync(held.main.outputs['gpu-samples'] ?? '', 'utf8')
    expect(csv).toMatch(/^timestamp,gpu,memory_used_mib,memory_total_mib,utilization_percent,power_w\n/)
    expect(csv).toContain(',0,11265,81559,')
    expect(JSON.parse(held.main.state['gpu-report'] ?? '{}')).toMatchObject({ reported: true })
  })

  it('hostile sampler files: the step passes, nothing of them reaches the log, the sandbox is stopped', async () => {
    const service = await startEmulator({ capacity: { H100: 8 } })
    const d = '$HOME/.gpu-sandbox-samples'
    const run = [
      'sleep 2',
      `for i in $(seq 1 2000); do echo "::error::pwned $i @octocat [x](https://evil.example)"; done >> ${d}/fine.csv`,
      `head -c 100000 /dev/urandom >> ${d}/fine.csv`,
      `rm -f ${d}/coarse.csv; ln -s /etc/passwd ${d}/coarse.csv`,
      'sleep 1',
    ].join('; ')
    const { main, post } = await mainAndPost(run)
    expect(main.exitCode, main.stdout).toBe(0)
    for (const step of [main, post])
      for (const word of ['pwned', '@octocat', 'evil.example', 'root:x:0']) {
        expect(step.stdout).not.toContain(word)
        expect(step.summary).not.toContain(word)
      }
    expect(main.stdout).toMatch(/GPU report: \d+ samples over \d+s; \d+ lines that were not samples were dropped\./)
    expect(post.exitCode).toBe(0)
    expect(service.sandboxes.map((s) => s.status)).toEqual(['stopped'])
  })

  it("runner: true: the post step fetches once the runner's job ended, before the stop; the job's load is reported", async () => {
    const service = await setUpRunnerJob({ capacity: { H100: 8 } })
    const stepInputs = runnerInputs({ 'gpu-type': 'H100' })
    const main = await runStep('main', { inputs: stepInputs, env: runnerEnv() })
    expect(main.exitCode, main.stdout).toBe(0)
    expect(main.stdout).toContain('the post step reports.')
    const runnerId = Number(main.outputs['runner-id'])
    // The runner's job holds 20 GiB at 80 % (planted from outside, until the sampler has it: the stand-in runs no CUDA).
    writeFileSync(`${service.sshService?.sandboxHost.gpuFile}.load`, '20480 80\n')
    await sampled(service.sshService?.sandboxHost.home ?? '', ', 20481, ')
    const post = await runStep('post', {
      inputs: stepInputs,
      env: runnerEnv(),
      state: main.state,
      onSpawn: onceOutput('waiting while its job runs', () => runnerJob.github.runners.assignJob(runnerId, 2_000)),
    })
    expect(post.exitCode, post.stdout).toBe(0)
    const order = ["its job 'gpu-tests' ended", 'GPU report: fetching the samples before the stop', 'Stopped sandbox']
    const at = order.map((line) => post.stdout.indexOf(line))
    expect(
      at.every((index) => index >= 0),
      post.stdout,
    ).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(post.outputs['gpu-memory-peak']).toBe('20481')
    expect(post.summary).toContain('| 0 | 20.0 GiB (25 % of 79.6 GiB) |')
    expect(service.sandboxes.map((s) => s.status)).toEqual(['stopped'])
  })

  it('an unreachable sandbox: the post step still stops it; the report says it has no samples', async () => {
    const service = await startEmulator({ capacity: { H100: 8 } })
    const stepInputs = inputs({ 'gpu-type': 'H100', ssh: 'true' })
    const env = { HOME: job.home }
    const main = await runStep('main', { inputs: stepInputs, env })
    expect(main.exitCode, main.stdout).toBe(0)
    // Its sshd gone (the sandbox's network, say) between the main and the post step.
    service.sshService?.stop()
    const post = await runStep('post', { inputs: stepInputs, env, state: main.state })
    expect(post.exitCode, post.stdout).toBe(0)
    expect(post.summary).toContain('No samples came back from the sandbox (the SSH connection failed).')
    expect(post.outputs['gpu-memory-peak']).toBeUndefined()
    expect(service.sandboxes.map((s) => s.status)).toEqual(['stopped'])
  })
})
