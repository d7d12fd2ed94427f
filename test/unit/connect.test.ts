/**
 * mode: connect in-process (the bundles and real OpenSSH: test/e2e/ssh-renewal.test.ts):
 * its inputs, and a sandbox it cannot reach fails naming sandbox-id before any certificate is asked.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { ComputeClient } from '../../src/client/client.ts'
import type { ConnectConfig } from '../../src/inputs/config.ts'
import { InputErrors } from '../../src/inputs/collector.ts'
import { parseInputs, readMainInputs } from '../../src/inputs/read.ts'
import { runConnect } from '../../src/modes/connect.ts'
import { runPostAgainst, BASE, serveFakeService, TOKEN } from '../harness/fake-service.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

const { service } = serveFakeService()
const ID = 'sbx-00000000000000c2'

function parse(inputs: Record<string, string>) {
  const all: Record<string, string> = { 'api-token': TOKEN, 'base-url': BASE, mode: 'connect', ...inputs }
  return parseInputs((n) => all[n] ?? '', {
    repositoryId: '7',
    runId: '1',
    runAttempt: '1',
    aliasInUse: (alias) => alias === 'taken',
  })
}

async function connect(record: Record<string, unknown> | 404, env: NodeJS.ProcessEnv = {}) {
  service().getScript = [
    () =>
      record === 404
        ? HttpResponse.json({ code: 404, error: 'sandbox_not_found', message: 'no' }, { status: 404 })
        : HttpResponse.json(record),
  ]
  const core = recordingCore()
  const config = parse({ 'sandbox-id': ID }) as ConnectConfig
  const error = await runConnect(config, {
    core,
    client: new ComputeClient({ baseUrl: BASE, apiToken: TOKEN }),
    clock: new FakeClock(),
    signal: new AbortController().signal,
    env,
  }).then(
    () => undefined,
    (e: Error) => e,
  )
  return { core, error }
}

describe('mode: connect', () => {
  it('reads sandbox-id (required, checked) and ssh-alias; connect always means SSH', () => {
    expect(parse({ 'sandbox-id': ID })).toMatchObject({ mode: 'connect', sandboxId: ID, ssh: { alias: 'sandbox' } })
    expect(parse({ 'sandbox-id': ID, 'ssh-alias': 'gpu', ssh: 'false' })).toMatchObject({ ssh: { alias: 'gpu' } })
    const missing = (() => {
      try {
        parse({ 'ssh-alias': 'taken' })
      } catch (error) {
        return (error as InputErrors).errors.map((e) => e.input)
      }
    })()
    expect(missing).toEqual(['sandbox-id', 'ssh-alias'])
  })

  it('inputs of other modes are warned about; ssh, ssh-alias and sandbox-id are not', () => {
    const core = recordingCore({
      'api-token': TOKEN,
      'base-url': BASE,
      mode: 'connect',
      'sandbox-id': ID,
      ssh: 'true',
      'ssh-alias': 'gpu',
      'gpu-type': 'H100',
    })
    readMainInputs(core, { repositoryId: '7', runId: '1', runAttempt: '1' })
    expect(core.annotations.map((a) => a.message)).toEqual([
      expect.stringContaining("Input 'gpu-type' is not used in mode 'connect'"),
    ])
  })

  it.each([
    [
      'a finished sandbox',
      { id: ID, status: 'finished' },
      /Input 'sandbox-id': sandbox sbx-0+c2 is 'finished', not running: nothing to connect to/,
    ],
    [
      'a sandbox without ssh',
      { id: ID, status: 'ready' },
      /Input 'sandbox-id': sandbox sbx-0+c2 cannot be reached over SSH: its record has no ssh field/,
    ],
    [
      'a sandbox without a host key',
      { id: ID, status: 'running', ssh: { host: 'h.example.com', port: 22, user: 'ubuntu' } },
      /its record gives no host_key to pin/,
    ],
    ['an unknown sandbox', 404, /Input 'sandbox-id': the service has no sandbox sbx-0+c2 \(404\)/],
  ] as const)('%s fails naming sandbox-id, and no certificate is asked', async (_label, record, message) => {
    const { core, error } = await connect(record as Record<string, unknown> | 404)
    expect(error?.message).toMatch(message)
    expect(core.outputs['sandbox-id']).toBe(ID)
    expect(service().requests.filter((r) => r.path === '/sandboxes/ssh-certificate')).toEqual([])
  })

  it('a running sandbox with ssh and a host key: certificate, config, Include line and the ssh outputs, as ssh: true in start', async () => {
    const root = mkdtempSync(join(tmpdir(), 'connect-'))
    vi.stubEnv('HOME', join(root, 'home'))
    try {
      const hostKey = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPkgkGp9Xs35zwAoc3bqIuzEoFuGhJ4TEMV2QROGuF'
      const { core, error } = await connect(
        { id: ID, status: 'ready', ssh: { host: 'sb.example.com', port: 2222, user: 'ubuntu', host_key: hostKey } },
        { RUNNER_TEMP: root },
      )
      expect(error).toBeUndefined()
      expect(core.outputs).toMatchObject({
        'sandbox-id': ID,
        status: 'ready',
        'ssh-host': 'sb.example.com',
        'ssh-port': '2222',
        'ssh-user': 'ubuntu',
      })
      expect(readFileSync(join(root, 'home', '.ssh', 'config'), 'utf8')).toBe(
        `Include "${core.outputs['ssh-config']}"\n`,
      )
      expect(service().requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        `GET /sandboxes/${ID}`,
        'POST /sandboxes/ssh-certificate',
      ])
      expect(core.summaries.join('')).toContain(`### Sandbox ${ID} connected`)
    } finally {
      vi.unstubAllEnvs()
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('its post step never stops the sandbox', async () => {
    const { core } = await runPostAgainst(
      { 'api-token': TOKEN, 'base-url': BASE, mode: 'connect', 'sandbox-id': ID },
      { 'sandbox-id': ID },
    )
    expect(core.log).toContain(
      "Nothing to stop: mode 'connect' never stops the sandbox (stop it with mode: stop, or let its TTL end it).",
    )
    expect(service().requests).toEqual([])
  })
})
