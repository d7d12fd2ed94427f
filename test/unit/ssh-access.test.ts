/** ssh: true at the unit level: certificate, files, Include line, instance address, cleanup. */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ComputeClient } from '../../src/client/client.ts'
import type { StepDeps } from '../../src/step/deps.ts'
import { connectInstance, finishSandboxSsh, prepareSandboxSsh } from '../../src/ssh/access.ts'
import { removeSshAccess } from '../../src/cleanup/ssh.ts'
import { ActionState } from '../../src/step/state.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { BASE, serveFakeService, TOKEN, type FakeService } from '../harness/fake-service.ts'
import { FakeClock, recordingCore, type RecordingCore } from '../harness/fakes.ts'

const fake = serveFakeService()
let service: FakeService
let root = ''
let core: RecordingCore
let deps: StepDeps

const HOST_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPkgkGp9Xs35zwAoc3bqIuzEoFuGhJ4TEMV2QROGuF'

beforeEach(() => {
  service = fake.service()
  root = mkdtempSync(join(tmpdir(), 'ssh-access-'))
  vi.stubEnv('HOME', join(root, 'home'))
  core = recordingCore()
  deps = {
    core,
    client: new ComputeClient({ baseUrl: BASE, apiToken: TOKEN }),
    clock: new FakeClock(),
    signal: new AbortController().signal,
    env: { RUNNER_TEMP: root },
  }
})
afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(root, { recursive: true, force: true })
})

const userConfig = () => join(root, 'home', '.ssh', 'config')

describe('start mode', () => {
  it('a certificate before the start, then the record’s address: files, Include line, outputs; secrets masked', async () => {
    const prepared = await prepareSandboxSsh(deps, deps.env ?? {}, new FakeClock().now() + 60_000)
    expect(service.paths()).toEqual(['POST /sandboxes/ssh-certificate'])
    const sent = (service.requests[0]?.body as { ssh_public_key: string }).ssh_public_key
    expect(sent).toMatch(/^ssh-ed25519 AAAA[A-Za-z0-9+/=]+ gpu-sandbox-action$/)
    expect(readFileSync(prepared.certPath, 'utf8')).toBe(`${service.certificates[0]}\n`)
    expect(core.secrets).toContain(service.certificates[0])
    expect(core.secrets).toContain(readFileSync(prepared.keyPath, 'utf8'))
    expect(statSync(prepared.dir).mode & 0o777).toBe(0o700)

    finishSandboxSsh(deps, { alias: 'gpu' }, prepared, {
      status: 'ready',
      ssh: { host: 'sb1.example.com', port: 2200, user: 'ubuntu', host_key: HOST_KEY },
    })
    expect(core.outputs).toMatchObject({
      'ssh-host': 'sb1.example.com',
      'ssh-port': '2200',
      'ssh-user': 'ubuntu',
      'ssh-key-path': prepared.keyPath,
    })
    expect(core.outputs['ssh-command']).toBe(`ssh -F ${join(prepared.dir, 'gpu.ssh_config')} gpu`)
    expect(readFileSync(userConfig(), 'utf8')).toBe(`Include "${join(prepared.dir, 'gpu.ssh_config')}"\n`)
    const shown = [...core.log, ...Object.values(core.outputs)].join('\n')
    expect(shown).not.toContain('AAAAcertificate')

    await removeSshAccess(core, new ActionState(core), deps.clock)
    expect(existsSync(prepared.dir)).toBe(false)
    expect(existsSync(join(root, 'home', '.ssh'))).toBe(false)
  })

  it('no certificate route: an error naming ssh that says what the service answered', async () => {
    service.certificateRoute = false
    await expect(prepareSandboxSsh(deps, deps.env ?? {}, 1_060_000)).rejects.toThrow(
      /Input 'ssh': the service offers no SSH certificates \(POST \/sandboxes\/ssh-certificate answered 404 not_found\); nothing was started/,
    )
  })

  it.each([
    [{ status: 'ready' }, /has no ssh field/],
    [{ ssh: { host: 'h.example.com' } }, /gives no host_key to pin/],
    [{ ssh: { host: 'h\nProxyCommand x', host_key: HOST_KEY } }, /ssh field cannot be used: host/],
  ])('a record that cannot be used fails naming ssh: %j', async (record, message) => {
    const prepared = await prepareSandboxSsh(deps, deps.env ?? {}, 1_060_000)
    expect(() => finishSandboxSsh(deps, { alias: 'sandbox' }, prepared, { status: 'ready', ...record })).toThrow(
      message,
    )
    expect(existsSync(userConfig())).toBe(false)
  })
})

describe('instance mode', () => {
  it('waits until the instance runs with an address, then connects with its key', async () => {
    service.instances.push({ identifier: 100, deleted: false })
    service.instanceStatuses = ['PENDING', 'PENDING']
    await connectInstance(deps, { alias: 'box' }, 'uuid-100', root, join(root, 'key'))
    expect(service.paths().filter((p) => p === 'GET /instances/list')).toHaveLength(3)
    expect(core.outputs).toMatchObject({
      'ssh-host': '10.0.0.5',
      'ssh-port': '2222',
      'ssh-user': 'ubuntu',
      'ssh-key-path': join(root, 'key'),
    })
    expect(readFileSync(join(root, 'box.ssh_config'), 'utf8')).toContain('StrictHostKeyChecking accept-new')
  })

  it('a stopped instance, or a service with no list, fails naming ssh', async () => {
    service.instances.push({ identifier: 100, deleted: false })
    service.instanceStatuses = ['STOPPED']
    await expect(connectInstance(deps, { alias: 'box' }, 'uuid-100', root, undefined)).rejects.toThrow(
      /Input 'ssh': the instance is STOPPED/,
    )
    service.instanceListRoute = false
    await expect(connectInstance(deps, { alias: 'box' }, 'uuid-100', root, undefined)).rejects.toThrow(
      /no instance list to read the address from/,
    )
  })
})

describe('state and cleanup', () => {
  it('reads back only an Include line it wrote; a removal problem is a warning, never a failure', async () => {
    const state = new ActionState(core)
    core.state['ssh-include'] = '{"userConfig":"/x","line":"Host evil"}'
    expect(state.sshInclude).toBeUndefined()
    core.state['ssh-include'] = 'not json'
    expect(state.sshInclude).toBeUndefined()
    core.state['ssh-include'] = JSON.stringify({
      userConfig: join(root, 'dir-not-file'),
      line: 'Include "/x"',
      createdConfig: true,
      createdDir: false,
    })
    expect(state.sshInclude).toEqual({
      userConfig: join(root, 'dir-not-file'),
      line: 'Include "/x"',
      createdConfig: true,
      createdDir: false,
    })
    await removeSshAccess(core, state, realClock)
    expect(core.log).toContain(`The SSH Include line was no longer in ${join(root, 'dir-not-file')}.`)
    core.state['secret-dir'] = '\0bad'
    await removeSshAccess(core, state, realClock)
    expect(core.annotations.at(-1)?.message).toMatch(/Could not remove the SSH files/)
  })
})
