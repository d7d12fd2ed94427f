/**
 * The GPU health check through the bundles (issue 31): nvidia-smi over the
 * action's own SSH on the emulated host, whose GPUs the test plants faults in.
 * A sandbox that fails the check is stopped by the main step and replaced;
 * three that fail fail the step with the table; nothing leaks in any case.
 */
import { describe, expect, it } from 'vitest'
import type { GpuFault } from '../../emulator/gpu.ts'
import { commands, runStep } from '../../scripts/lib/action-runner.ts'
import { canRun, inputs, job, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()

const gpuInputs = (extra: Record<string, string> = {}) =>
  inputs({ 'gpu-type': 'H100', 'gpu-count': '2', ssh: 'true', ...extra })

async function mainAndPost(stepInputs: Record<string, string>) {
  const env = { HOME: job.home }
  const main = await runStep('main', { inputs: stepInputs, env })
  const post = await runStep('post', { inputs: stepInputs, env, state: main.state })
  return { main, post }
}

describe.skipIf(!canRun)('gpu-check', () => {
  it('a healthy sandbox: checked once over SSH, shown in the log and the summary, used', async () => {
    const service = await startEmulator({ capacity: { H100: 8 } })
    const { main, post } = await mainAndPost(gpuInputs({ 'min-driver': '550.54' }))
    expect(main.exitCode, main.stdout).toBe(0)
    const [sandbox] = service.sandboxes
    expect(main.stdout).toContain(
      `GPU check of ${sandbox?.id} (2 x H100): 2 x NVIDIA H100 80GB HBM3, used 1/1 of 81559 MiB, driver 550.54.15: healthy.`,
    )
    expect(main.summary).toContain('| sandbox | started | nvidia-smi showed | verdict |')
    expect(service.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
    expect(post.exitCode).toBe(0)
    expect(service.sandboxes.map((s) => s.status)).toEqual(['stopped'])
  })

  it.each<[GpuFault, RegExp, Record<string, string>]>([
    ['no-driver', /nvidia-smi failed \(exit 9\): NVIDIA-SMI has failed because it couldn't communicate/, {}],
    ['busy', /memory in use: 48935 of 81559 MiB \(another process holds the GPU\)/, {}],
    ['wrong-card', /not H100: NVIDIA A10G/, {}],
    ['fewer', /1 GPU\(s\), 2 started/, {}],
    ['old-driver', /driver 470\.57\.02 is older than min-driver 535/, { 'min-driver': '535' }],
  ])('%s: the sandbox is stopped by the main step and a healthy one replaces it', async (fault, why, extra) => {
    // A second of provisioning: the sandbox stopped before use bills at least a (rounded) second, whatever the pace.
    const service = await startEmulator({ capacity: { H100: 8 }, gpuFaults: [fault], provisioningMs: 1_000 })
    const { main, post } = await mainAndPost(gpuInputs(extra))
    expect(main.exitCode, main.stdout).toBe(0)
    const [bad, good, ...others] = service.sandboxes
    expect(others).toEqual([])
    expect(main.stdout).toMatch(why)
    expect(main.stdout).toContain(`GPU check: Stop of sandbox ${bad?.id} accepted`)
    expect(main.outputs['sandbox-id']).toBe(good?.id)
    // Each stopped exactly once: the bad one by the main step, the kept one by the post step.
    expect(service.stopRequestsFor(bad?.id ?? '')).toHaveLength(1)
    expect(service.stopRequestsFor(good?.id ?? '')).toHaveLength(1)
    expect(post.exitCode).toBe(0)
    expect(service.sandboxes.map((s) => s.status)).toEqual(['stopped', 'stopped'])
    // The kept sandbox's name is its own (a generated name is generated anew).
    expect(good?.name).not.toBe(bad?.name)
    // The real cost includes the sandbox stopped before use: outputs for later steps, and the post step's summary.
    expect(main.outputs.cost).toMatch(/^\d+\.\d{6}$/)
    expect(main.outputs['billed-seconds']).toMatch(/^\d+$/)
    expect(post.summary).toMatch(/\| Billed seconds \| \d+s \(this sandbox \d+s, stopped before use \d+s\) \|/)
    expect(post.summary).toMatch(/\| Estimated cost of this run \| .*, and the sandboxes stopped before use\) \|/)
  })

  it('three that fail: the step fails with what each showed; all three stopped, none left for the post step', async () => {
    const service = await startEmulator({ capacity: { H100: 8 }, gpuFaults: ['busy', 'wrong-card', 'no-driver'] })
    const { main, post } = await mainAndPost(gpuInputs())
    expect(main.exitCode).toBe(1)
    const ids = service.sandboxes.map((s) => s.id)
    expect(ids).toHaveLength(3)
    const [error] = commands(main, 'error')
    expect(error).toMatch(/^GPU check: 3 sandboxes failed it and were stopped; none was used\./)
    for (const id of ids) {
      expect(error).toContain(id)
      expect(main.summary).toContain(`| ${id} | 2 x H100 |`)
      expect(service.stopRequestsFor(id)).toHaveLength(1)
    }
    expect(post.exitCode).toBe(0)
    expect(service.sandboxes.every((s) => s.status === 'stopped')).toBe(true)
  })

  it('gpu-check: false, or a GPU without ssh, run or runner: no check, and no SSH access is set up for one', async () => {
    const service = await startEmulator({ capacity: { H100: 8 }, gpuFaults: ['busy'] })
    const off = await mainAndPost(gpuInputs({ 'gpu-check': 'false' }))
    expect(off.main.exitCode).toBe(0)
    expect(off.main.stdout).not.toContain('GPU check')
    const plain = await mainAndPost(inputs({ 'gpu-type': 'H100' }))
    expect(plain.main.exitCode).toBe(0)
    expect(plain.main.stdout).not.toContain('GPU check')
    expect(service.requestsTo('POST', '/sandboxes/ssh-certificate')).toHaveLength(1)
    expect(service.sandboxes.every((s) => s.status === 'stopped')).toBe(true)
  })
})
