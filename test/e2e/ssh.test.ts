/**
 * `ssh: true` through the bundles (issue 14): a later "step" reaches the
 * sandbox and an instance over real OpenSSH, against the emulator's
 * certificate authority and a real sshd on loopback. The ssh client reads the
 * config it is given with -F (it finds ~/.ssh through the passwd entry, not
 * $HOME), here the test HOME's ~/.ssh/config, which includes the action's file.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { commands, endRenewers, runStep, visibleText, type StepResult } from '../../scripts/lib/action-runner.ts'
import {
  canRun,
  job,
  later,
  inputs as jobInputs,
  running,
  sleep,
  startEmulator,
  USER_CONFIG,
  useSshJob,
} from '../harness/ssh-job.ts'
import { missing } from '../harness/host.ts'

useSshJob()

const inputs = (extra: Record<string, string> = {}) => jobInputs({ ssh: 'true', ...extra })

function expectNoSecrets(steps: StepResult[], key: string, certificate: string) {
  const text = visibleText(...steps)
  for (const line of key.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('-----')))
    expect(text).not.toContain(line)
  expect(text).not.toContain(certificate.split(' ')[1] ?? 'x')
}

describe.skipIf(!canRun)('ssh: true', () => {
  it('a later step runs a command and copies a file over real OpenSSH; the post step leaves ~/.ssh as it found it', async () => {
    const service = await startEmulator()
    const env = { HOME: job.home }
    const main = await runStep('main', { inputs: inputs(), env })
    expect(main.exitCode).toBe(0)
    const { outputs } = main
    expect(outputs).toMatchObject({
      'ssh-host': '127.0.0.1',
      'ssh-port': String(service.sshService?.port),
      'ssh-user': service.sshService?.user,
    })
    expect(outputs['ssh-command']).toBe(`ssh -F ${outputs['ssh-config']} sandbox`)
    const userConfig = readFileSync(join(job.home, '.ssh', 'config'), 'utf8')
    expect(userConfig).toBe(`Include "${outputs['ssh-config']}"\n${USER_CONFIG}`)
    const dir = join(outputs['ssh-config'] ?? '', '..')
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    for (const file of ['id_ed25519', 'id_ed25519-cert.pub', 'known_hosts', 'sandbox.ssh_config'])
      expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600)
    expect(service.sshService?.hostKey).toMatch(/^ecdsa-sha2-nistp256 AAAA/)
    expect(readFileSync(join(dir, 'known_hosts'), 'utf8')).toBe(
      `[127.0.0.1]:${service.sshService?.port} ${service.sshService?.hostKey}\n`,
    )

    const echo = later(['sandbox', 'echo ok; id -un'])
    expect(echo.stderr).toBe('')
    // As deployed, the login user is not root (where the emulator runs as root, it is ubuntu).
    expect(echo.stdout).toBe(`ok\n${service.sshService?.user}\n`)
    // As deployed wherever this machine can give it (root with sudo; CI always).
    expect(service.sshService?.login.deployed || missing('ubuntu-login').length > 0).toBe(true)
    const local = join(job.home, 'payload.txt')
    writeFileSync(local, 'copied over scp')
    const remote = join(service.sshService?.sandboxHost.home ?? '', 'received.txt')
    const copy = later([local, `sandbox:${remote}`], job.home, 'scp')
    expect(copy.status).toBe(0)
    expect(readFileSync(remote, 'utf8')).toBe('copied over scp')

    const key = readFileSync(join(dir, 'id_ed25519'), 'utf8')
    const certificate = readFileSync(join(dir, 'id_ed25519-cert.pub'), 'utf8')
    const masks = main.stdout.split('\n').filter((l) => l.startsWith('::add-mask::'))
    expect(masks).toContain(`::add-mask::${certificate.trim()}`)
    const post = await runStep('post', { inputs: inputs(), env, state: main.state })
    expect(post.exitCode).toBe(0)
    expect(readFileSync(join(job.home, '.ssh', 'config'), 'utf8')).toBe(USER_CONFIG)
    expect(existsSync(dir)).toBe(false)
    expectNoSecrets([main, post], key, certificate)
    expect(JSON.stringify(main.state)).not.toContain(certificate.split(' ')[1])
    expect(await service.settle()).toEqual([])
  })

  it('a test that ends between the main and the post step leaves no renewer behind (endRenewers, after each test)', async () => {
    await startEmulator()
    const main = await runStep('main', { inputs: inputs(), env: { HOME: job.home } })
    expect(main.exitCode).toBe(0)
    const pid = Number(main.state['renewer-pid'])
    expect(running(pid)).toBe(true)
    expect(endRenewers()).toBe(1)
    for (let i = 0; i < 50 && running(pid); i++) await sleep(100)
    expect(running(pid)).toBe(false)
    expect(endRenewers()).toBe(0)
  })

  it('the host key is pinned from the record: a wrong one makes ssh refuse', async () => {
    const other = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(job.home, 'other')], {
      encoding: 'utf8',
    })
    expect(other.status).toBe(0)
    const wrongKey = readFileSync(join(job.home, 'other.pub'), 'utf8').split(' ').slice(0, 2).join(' ')
    await startEmulator({ sshHostKeyOverride: wrongKey })
    const main = await runStep('main', { inputs: inputs(), env: { HOME: job.home } })
    expect(main.exitCode).toBe(0)
    const refused = later(['sandbox', 'echo ok'])
    expect(refused.status).toBe(255)
    expect(refused.stdout).toBe('')
    expect(refused.stderr).toMatch(/REMOTE HOST IDENTIFICATION HAS CHANGED|Host key verification failed/)
    await runStep('post', { inputs: inputs(), env: { HOME: job.home }, state: main.state })
  })

  it('an ed25519 host key and authority (the service names no key type): pinned and trusted alike', async () => {
    const service = await startEmulator({ sshHost: { keyType: 'ed25519' } })
    expect(service.sshService?.hostKey).toMatch(/^ssh-ed25519 AAAA/)
    expect(readFileSync(join(service.sshService?.dir ?? '', 'ca.pub'), 'utf8')).toMatch(/^ssh-ed25519 AAAA/)
    const env = { HOME: job.home }
    const main = await runStep('main', { inputs: inputs(), env })
    expect(main.exitCode).toBe(0)
    expect(readFileSync(join(main.outputs['ssh-config'] ?? '', '..', 'known_hosts'), 'utf8')).toBe(
      `[127.0.0.1]:${service.sshService?.port} ${service.sshService?.hostKey}\n`,
    )
    const echo = later(['sandbox', 'echo ok'])
    expect(echo.stderr).toBe('')
    expect(echo.stdout).toBe('ok\n')
    const post = await runStep('post', { inputs: inputs(), env, state: main.state })
    expect(post.exitCode).toBe(0)
  })

  it('instance mode: a later step reaches the instance with the instance key', async () => {
    const service = await startEmulator()
    const env = { HOME: job.home }
    const main = await runStep('main', { inputs: inputs({ mode: 'instance', 'ssh-alias': 'gpu-box' }), env })
    expect(main.exitCode).toBe(0)
    expect(main.outputs['ssh-command']).toBe(`ssh -F ${main.outputs['ssh-config']} gpu-box`)
    expect(main.outputs['ssh-key-path']).toMatch(/instance-\d+-key$/)
    const echo = later(['gpu-box', 'echo instance ok'])
    expect(echo.stdout).toBe('instance ok\n')
    const post = await runStep('post', { inputs: inputs({ mode: 'instance' }), env, state: main.state })
    expect(post.exitCode).toBe(0)
    expect(readFileSync(join(job.home, '.ssh', 'config'), 'utf8')).toBe(USER_CONFIG)
    expect([...service.instances.values()].every((i) => i.deleted)).toBe(true)
  })
})

describe('ssh: true where the service cannot give it', () => {
  it('no certificate route (v1.0): the step fails naming ssh, and no sandbox was started', async () => {
    const service = await startEmulator({ generation: 'v1' })
    const run = await runStep('main', { inputs: inputs(), env: { HOME: job.home } })
    expect(run.exitCode).toBe(1)
    expect(commands(run, 'error').join('\n')).toMatch(
      /Input 'ssh': the service offers no SSH certificates \(POST \/sandboxes\/ssh-certificate answered 404 not_found\); nothing was started/,
    )
    expect(service.requestsTo('POST', '/sandboxes/start')).toEqual([])
    const post = await runStep('post', { inputs: inputs(), env: { HOME: job.home }, state: run.state })
    expect(post.exitCode).toBe(0)
    expect(readFileSync(join(job.home, '.ssh', 'config'), 'utf8')).toBe(USER_CONFIG)
  })

  it('no ssh in the record: the step fails naming ssh; the post step still stops the sandbox', async () => {
    // The certificate authority answers, but no sshd: records carry no ssh field.
    const service = await startEmulator({ sshd: false })
    const main = await runStep('main', { inputs: inputs(), env: { HOME: job.home } })
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error').join('\n')).toMatch(/Input 'ssh': the sandbox record has no ssh field/)
    const post = await runStep('post', { inputs: inputs(), env: { HOME: job.home }, state: main.state })
    expect(post.exitCode).toBe(0)
    expect(service.requestsTo('POST', '/sandboxes/:id/stop')).toHaveLength(1)
    expect(await service.settle()).toEqual([])
  })

  it.each([
    ['an alias with a space', { 'ssh-alias': 'my box' }, /must be 1 to 64 letters/],
    [
      'an alias an earlier step wrote',
      { 'ssh-alias': 'taken' },
      /'taken' is already in ~\/\.ssh\/config from an earlier step/,
    ],
  ])('%s is an input error naming ssh-alias, and nothing is sent', async (_label, extra, message) => {
    const service = await startEmulator()
    writeFileSync(
      join(job.home, '.ssh', 'config'),
      `Include "/tmp/gpu-sandbox-abc123/taken.ssh_config"\n${USER_CONFIG}`,
    )
    const run = await runStep('main', { inputs: inputs(extra), env: { HOME: job.home } })
    expect(run.exitCode).toBe(1)
    const errors = commands(run, 'error').join('\n')
    expect(errors).toContain("Input 'ssh-alias'")
    expect(errors).toMatch(message)
    expect(service.requests).toEqual([])
  })
})
