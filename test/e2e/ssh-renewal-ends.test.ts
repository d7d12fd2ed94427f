/** The certificate renewer ends by itself (issue 22): the sandbox gone, a renewal refused; the post step says so. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { commands, runStep } from '../../scripts/lib/action-runner.ts'
import { canRun, inputs, job, running, sleep, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()

describe.skipIf(!canRun)('the certificate renewer ends', () => {
  it('ends by itself when the sandbox is gone, and the post step says so', async () => {
    const service = await startEmulator({ sshCertificateSeconds: 9 })
    const main = await runStep('main', { inputs: inputs({ ssh: 'true' }), env: { HOME: job.home } })
    expect(main.exitCode).toBe(0)
    const pid = Number(main.state['renewer-pid'])
    service.endElsewhere(main.outputs['sandbox-id'] ?? '')
    // It notices at its next renewal (two thirds of 9 s).
    for (let i = 0; i < 40 && running(pid); i++) await sleep(500)
    expect(running(pid)).toBe(false)
    const log = readFileSync(join(main.outputs['ssh-config'] ?? '', '..', 'renewer.log'), 'utf8')
    expect(log).toMatch(/ended: sandbox sbx-[0-9a-f]{16} is finished; no certificate is asked for it/)
    expect(service.requestsTo('POST', '/sandboxes/ssh-certificate')).toHaveLength(1)
    const post = await runStep('post', { inputs: inputs({ ssh: 'true' }), env: { HOME: job.home }, state: main.state })
    expect(post.stdout).toContain(`The SSH certificate renewer (pid ${pid}) had already ended.`)
  }, 60_000)

  it('a renewal the service refuses becomes one warning in the post step, with no certificate text', async () => {
    const service = await startEmulator({ sshCertificateSeconds: 9 })
    const main = await runStep('main', { inputs: inputs({ ssh: 'true' }), env: { HOME: job.home } })
    expect(main.exitCode).toBe(0)
    const pid = Number(main.state['renewer-pid'])
    service.addFault({
      route: 'POST /sandboxes/ssh-certificate',
      fault: 403,
      error: 'sandbox_access_denied',
      message: 'SSH access revoked for this organization',
    })
    // A refusal is not retried: it ends at the first renewal (two thirds of 9 s).
    for (let i = 0; i < 60 && running(pid); i++) await sleep(500)
    expect(running(pid)).toBe(false)
    const post = await runStep('post', { inputs: inputs({ ssh: 'true' }), env: { HOME: job.home }, state: main.state })
    expect(post.exitCode).toBe(0)
    const warnings = commands(post, 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /The SSH certificate renewer reported a failure; the last: the SSH certificate could not be renewed: .*SSH access revoked for this organization/,
    )
  }, 60_000)
})
