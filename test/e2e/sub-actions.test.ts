/**
 * The sub-actions through the bundles (issue 56), as `uses: …/<folder>@v1` runs them: only the inputs the use
 * needs, its mode (and runner or ssh) fixed by its own action.yml's defaults, the root's bundles.
 */
import { describe, expect, it } from 'vitest'
import { runStep } from '../../scripts/lib/action-runner.ts'
import { canRun, inputs, job, later, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()

describe.skipIf(!canRun)('sub-actions', () => {
  it('run: a script on a fresh sandbox with three inputs; its post step stops it', async () => {
    const service = await startEmulator()
    const given = inputs({ run: 'echo "from the sandbox: $((6 * 7))"' })
    const main = await runStep('main', { action: 'run', inputs: given, env: { HOME: job.home } })
    expect(main.exitCode, main.stdout).toBe(0)
    expect(main.stdout).toContain('from the sandbox: 42')
    expect(main.outputs['exit-code']).toBe('0')
    const post = await runStep('post', { action: 'run', inputs: given, env: { HOME: job.home }, state: main.state })
    expect(post.exitCode).toBe(0)
    expect(await service.settle()).toEqual([])
  }, 60_000)

  it('ssh: later steps reach the sandbox; then stop, with sandbox-id alone, stops a kept one', async () => {
    const service = await startEmulator()
    const main = await runStep('main', {
      action: 'ssh',
      inputs: inputs({ 'keep-alive': 'true' }),
      env: { HOME: job.home },
    })
    expect(main.exitCode, main.stdout).toBe(0)
    expect(later(['sandbox', 'echo', 'reached']).stdout).toBe('reached\n')
    const id = main.outputs['sandbox-id'] ?? ''
    await runStep('post', {
      action: 'ssh',
      inputs: inputs({ 'keep-alive': 'true' }),
      env: { HOME: job.home },
      state: main.state,
    })
    expect(service.liveSandboxes().map((s) => s.id)).toEqual([id])
    const stop = await runStep('main', {
      action: 'stop',
      inputs: inputs({ 'sandbox-id': id }),
      env: { HOME: job.home },
    })
    expect(stop.exitCode, stop.stdout).toBe(0)
    expect(stop.outputs['sandbox-id']).toBe(id)
    expect(await service.settle()).toEqual([])
  }, 60_000)

  it('pool: fills the pool, then drains it', async () => {
    const service = await startEmulator()
    const fill = await runStep('main', { action: 'pool', inputs: inputs({ pool: 'ci' }), env: { HOME: job.home } })
    expect(fill.exitCode, fill.stdout).toBe(0)
    expect(JSON.parse(fill.outputs.pool ?? '').starting).toHaveLength(1)
    for (let k = 0; k < 100 && service.liveSandboxes().some((s) => s.status !== 'running'); k++)
      await new Promise((resolve) => setTimeout(resolve, 50))
    const drain = await runStep('main', {
      action: 'pool',
      inputs: inputs({ pool: 'ci', 'pool-size': '0' }),
      env: { HOME: job.home },
    })
    expect(JSON.parse(drain.outputs.pool ?? '').stopped).toHaveLength(1)
    expect(await service.settle()).toEqual([])
  }, 60_000)
})
