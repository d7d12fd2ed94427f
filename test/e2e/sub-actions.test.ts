/**
 * The sub-actions through the bundles, as `uses: …/<folder>@v1` runs them: each folder's main.js and post.js, which
 * name the use (its mode, and runner or ssh) to the root's bundles whatever `with:` says.
 */
import { describe, expect, it } from 'vitest'
import { runStep } from '../../scripts/lib/action-runner.ts'
import { canRun, inputs, job, later, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()

describe.skipIf(!canRun)('sub-actions', () => {
  it('run: a script on a fresh sandbox; a mode: stop and runner: true given are warned about and change nothing; its post step stops it', async () => {
    const service = await startEmulator()
    const given = inputs({ run: 'echo "from the sandbox: $((6 * 7))"', mode: 'stop', runner: 'true' })
    const main = await runStep('main', { action: 'run', inputs: given, env: { HOME: job.home } })
    expect(main.exitCode, main.stdout).toBe(0)
    expect(main.stdout).toContain('from the sandbox: 42')
    expect(main.outputs['exit-code']).toBe('0')
    expect(main.stdout).toContain("::warning::Input 'mode' is fixed to 'start' by the run action; the value given")
    expect(main.stdout).toContain("::warning::Input 'runner' is fixed to 'false' by the run action")
    expect(main.stdout).not.toMatch(/runner-label|registration|Input 'sandbox-id'/)
    const [sandbox] = service.sandboxes
    const post = await runStep('post', { action: 'run', inputs: given, env: { HOME: job.home }, state: main.state })
    expect(post.exitCode, post.stdout).toBe(0)
    expect(post.stdout).toContain(`Stopped sandbox ${sandbox?.id}`)
    expect(service.sandboxes).toHaveLength(1)
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
