/** mode: connect (issue 22) through the bundles with real OpenSSH: another job reaches a kept sandbox and never stops it. */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { commands, runStep } from '../../scripts/lib/action-runner.ts'
import { canRun, inputs, job, later, running, startEmulator, USER_CONFIG, useSshJob } from '../harness/ssh-job.ts'

useSshJob()

describe.skipIf(!canRun)('mode: connect', () => {
  it('a later job reaches a keep-alive sandbox, another job does too, and neither stops it; mode: stop ends it', async () => {
    const service = await startEmulator()
    const first = await runStep('main', { inputs: inputs({ 'keep-alive': 'true' }), env: { HOME: job.home } })
    const id = first.outputs['sandbox-id'] ?? ''
    await runStep('post', { inputs: inputs({ 'keep-alive': 'true' }), env: { HOME: job.home }, state: first.state })

    for (const name of ['second', 'third']) {
      const jobHome = join(job.home, name)
      mkdirSync(join(jobHome, '.ssh'), { recursive: true, mode: 0o700 })
      const connect = await runStep('main', {
        inputs: inputs({ mode: 'connect', 'sandbox-id': id, 'ssh-alias': 'shared' }),
        env: { HOME: jobHome },
      })
      expect(connect.exitCode).toBe(0)
      expect(connect.outputs).toMatchObject({
        'sandbox-id': id,
        'ssh-host': '127.0.0.1',
        'ssh-port': String(service.sshService?.port),
      })
      expect(later(['shared', 'echo', name], jobHome).stdout).toBe(`${name}\n`)
      const pid = Number(connect.state['renewer-pid'])
      const post = await runStep('post', {
        inputs: inputs({ mode: 'connect', 'sandbox-id': id }),
        env: { HOME: jobHome },
        state: connect.state,
      })
      expect(post.exitCode).toBe(0)
      expect(post.stdout).toContain("Nothing to stop: mode 'connect' never stops the sandbox")
      expect(running(pid)).toBe(false)
      expect(existsSync(join(jobHome, '.ssh', 'config'))).toBe(false)
      expect(service.liveSandboxes().map((s) => s.id)).toEqual([id])
    }
    expect(service.requestsTo('POST', '/sandboxes/:id/stop')).toEqual([])
    const stop = await runStep('main', { inputs: inputs({ mode: 'stop', 'sandbox-id': id }), env: { HOME: job.home } })
    expect(stop.exitCode).toBe(0)
    expect(await service.settle()).toEqual([])
  }, 90_000)

  it.each([
    [
      'a stopped sandbox',
      'stopped' as const,
      /Input 'sandbox-id': sandbox sbx-[0-9a-f]{16} is 'finished', not running: nothing to connect to/,
    ],
    ['an unknown sandbox', 'unknown' as const, /Input 'sandbox-id': the service has no sandbox sbx-0{16} \(404\)/],
  ])('%s fails the step naming sandbox-id; nothing is written, no certificate asked', async (_label, kind, message) => {
    const service = await startEmulator()
    const id = kind === 'stopped' ? service.seed('kept', 'stopped').id : 'sbx-0000000000000000'
    const run = await runStep('main', {
      inputs: inputs({ mode: 'connect', 'sandbox-id': id }),
      env: { HOME: job.home },
    })
    expect(run.exitCode).toBe(1)
    expect(commands(run, 'error').join('\n')).toMatch(message)
    expect(service.requestsTo('POST', '/sandboxes/ssh-certificate')).toEqual([])
    expect(run.state['renewer-pid']).toBeUndefined()
    expect(readFileSync(join(job.home, '.ssh', 'config'), 'utf8')).toBe(USER_CONFIG)
  })

  it('a bad sandbox-id is an input error and nothing is sent', async () => {
    const service = await startEmulator()
    const run = await runStep('main', {
      inputs: inputs({ mode: 'connect', 'sandbox-id': 'sbx-nothex' }),
      env: { HOME: job.home },
    })
    expect(run.exitCode).toBe(1)
    expect(commands(run, 'error').join('\n')).toContain("Input 'sandbox-id'")
    expect(service.requests).toEqual([])
  })
})
