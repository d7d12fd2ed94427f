/**
 * The certificate renewer's logic (ssh/renewer.ts) with the production client
 * against the msw fake service and a fake clock: when it renews, what it
 * writes, when it ends, and what it logs. Its process side (the pipe, the
 * environment, ending it) is proved through the bundles in test/e2e/ssh-renewal.test.ts.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ComputeClient } from '../../src/client/client.ts'
import { isEnded } from '../../src/sandbox/status.ts'
import { renewAt, renewerSpecSchema, runRenewal, type RenewerSpec } from '../../src/ssh/renewer.ts'
import { renewerEnvironment } from '../../src/ssh/renewer-process.ts'
import { BASE, serveFakeService, TOKEN } from '../harness/fake-service.ts'
import { FakeClock } from '../harness/fakes.ts'

const { service } = serveFakeService()
const MINUTE = 60_000
const ID = 'sbx-00000000000000c1'

let dir = ''
let clock: FakeClock
let log: string[]
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'renewer-'))
  clock = new FakeClock()
  log = []
  writeFileSync(join(dir, 'id_ed25519-cert.pub'), 'ssh-ed25519-cert-v01@openssh.com AAAAfirst\n', { mode: 0o600 })
  service().sandboxes.push({ id: ID, name: 'kept', status: 'ready' } as never)
  service().statuses = []
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function spec(extra: Partial<RenewerSpec> = {}): RenewerSpec {
  return {
    baseUrl: BASE,
    apiToken: TOKEN,
    publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPkgkGp9Xs35zwAoc3bq renewer',
    certPath: join(dir, 'id_ed25519-cert.pub'),
    certIssuedAt: clock.now(),
    certExpiresAt: clock.now() + 60 * MINUTE,
    sandboxId: ID,
    requestTimeoutMs: 30_000,
    ...extra,
  }
}

const run = (s: RenewerSpec, signal?: AbortSignal) =>
  runRenewal(
    s,
    { client: new ComputeClient({ baseUrl: BASE, apiToken: TOKEN }), clock, signal, log: (line) => log.push(line) },
    isEnded,
  )

describe('renewAt', () => {
  it('15 minutes before expiry for an hour-long certificate; at two thirds of a short one; every 10 minutes when the expiry is unknown', () => {
    expect(renewAt(0, 60 * MINUTE)).toBe(45 * MINUTE)
    expect(renewAt(0, 45 * MINUTE)).toBe(30 * MINUTE)
    expect(renewAt(0, 60_000)).toBe(40_000)
    expect(renewAt(0, 12_000)).toBe(8_000)
    expect(renewAt(5, undefined)).toBe(5 + 10 * MINUTE)
  })
})

describe('runRenewal', () => {
  it('renews before each expiry with the same key, replaces the file atomically, and ends at the TTL', async () => {
    service().certificateExpiresAt = () => new Date(clock.now() + 60 * MINUTE).toISOString()
    const end = await run(spec({ endsAt: clock.now() + 3 * 60 * MINUTE }))
    expect(end).toBe('ttl')
    const requests = service().requests.filter((r) => r.path === '/sandboxes/ssh-certificate')
    expect(requests).toHaveLength(3)
    for (const request of requests) expect(request.body).toEqual({ ssh_public_key: spec().publicKey })
    // At 45, 90 and 135 minutes; the next (180) is the TTL.
    expect(clock.now()).toBe(1_000_000 + 3 * 60 * MINUTE)
    expect(readFileSync(spec().certPath, 'utf8')).toBe(`${service().certificates.at(-1)}\n`)
    expect(readdirSync(dir)).toEqual(['id_ed25519-cert.pub'])
    expect(log.filter((line) => line.startsWith('renewed: '))).toHaveLength(3)
    expect(log.join('\n')).not.toContain('AAAAcertificate')
    expect(log.at(-1)).toMatch(/^ended: the sandbox's TTL has come/)
  })

  it('reads its sandbox before each renewal: gone (404) or ended means no certificate is asked', async () => {
    service().sandboxes[0]!.status = 'finished'
    expect(await run(spec())).toBe('gone')
    expect(service().certificates).toEqual([])
    expect(log).toEqual([`ended: sandbox ${ID} is finished; no certificate is asked for it`])
    service().sandboxes.length = 0
    expect(await run(spec())).toBe('gone')
    expect(log.at(-1)).toBe(`ended: sandbox ${ID} is gone (404); no certificate is asked for it`)
  })

  it('a read that does not answer says nothing about the sandbox: it renews', async () => {
    service().getScript = [
      () => HttpResponse.json({ code: 503, error: 'service_unavailable', message: 'busy' }, { status: 503 }),
    ]
    service().certificateExpiresAt = () => new Date(clock.now() + 60 * MINUTE).toISOString()
    expect(await run(spec({ endsAt: clock.now() + 50 * MINUTE }))).toBe('ttl')
    expect(service().certificates).toHaveLength(1)
  })

  it('retries 429 and 5xx within the time left; a refusal ends it with one failure line', async () => {
    const busy = () => HttpResponse.json({ code: 503, error: 'service_unavailable', message: 'busy' }, { status: 503 })
    service().certificateScript = [busy, busy]
    service().certificateExpiresAt = () => new Date(clock.now() + 60 * MINUTE).toISOString()
    expect(await run(spec({ endsAt: clock.now() + 50 * MINUTE }))).toBe('ttl')
    expect(service().certificates).toHaveLength(1)
    service().certificateScript = [
      () =>
        HttpResponse.json({ code: 403, error: 'forbidden', message: 'no SSH for this organization' }, { status: 403 }),
    ]
    expect(await run(spec())).toBe('refused')
    expect(log.at(-1)).toMatch(/^failed: the SSH certificate could not be renewed: .*403/)
  })

  it('gives up when no renewal lands before the certificate expires (given at least 30 s)', async () => {
    const down = () => HttpResponse.json({ code: 500, error: 'internal_error', message: 'down' }, { status: 500 })
    service().certificateScript = Array.from({ length: 200 }, () => down)
    expect(await run(spec({ certExpiresAt: clock.now() + 12_000 }))).toBe('expired')
    // Renewal due at 8 s; tries until 8 + 30 s at most.
    expect(clock.now()).toBeLessThanOrEqual(1_000_000 + 8_000 + 30_000)
    expect(service().requests.filter((r) => r.path === '/sandboxes/ssh-certificate').length).toBeGreaterThan(1)
    expect(log.at(-1)).toMatch(/^failed: /)
  })

  it('ends when the certificate file is gone (the post step removed the SSH files), and when cancelled', async () => {
    rmSync(spec().certPath)
    expect(await run(spec())).toBe('cancelled')
    expect(service().requests).toEqual([])
    expect(existsSync(spec().certPath)).toBe(false)
    const controller = new AbortController()
    controller.abort(new Error('SIGTERM'))
    await expect(run(spec(), controller.signal)).rejects.toThrow('SIGTERM')
  })

  it('odd expiries cannot make it spin or stall: far future sleeps in pieces of at most an hour; a tiny lifetime renews at most every 5 s', async () => {
    service().certificateExpiresAt = () => '9999-12-31T23:59:59Z'
    expect(
      await run(spec({ certExpiresAt: Date.parse('9999-12-31T23:59:59Z'), endsAt: clock.now() + 3 * 60 * MINUTE })),
    ).toBe('ttl')
    expect(service().certificates).toEqual([])
    expect(Math.max(...clock.sleeps)).toBeLessThanOrEqual(60 * MINUTE)
    service().certificateExpiresAt = () => new Date(clock.now() + 1_000).toISOString()
    expect(await run(spec({ certExpiresAt: clock.now() + 1_000, endsAt: clock.now() + 60_000 }))).toBe('ttl')
    expect(service().certificates.length).toBeLessThanOrEqual(12)
  })

  it('an expiry the service does not give: renewed every 10 minutes', async () => {
    service().certificateExpiresAt = () => undefined
    expect(await run(spec({ certExpiresAt: undefined, endsAt: clock.now() + 25 * MINUTE }))).toBe('ttl')
    expect(service().certificates).toHaveLength(2)
  })
})

describe('what the renewer is given', () => {
  it('its spec must be complete and well formed; its environment holds none of the step inputs or state', () => {
    expect(renewerSpecSchema.safeParse({ ...spec(), sandboxId: '../etc' }).success).toBe(false)
    expect(renewerSpecSchema.safeParse({ ...spec(), apiToken: '' }).success).toBe(false)
    const env = renewerEnvironment({
      PATH: '/bin',
      HOME: '/h',
      'INPUT_API-TOKEN': TOKEN,
      STATE_x: 'y',
      HTTPS_PROXY: 'http://proxy:3128',
      GITHUB_TOKEN: 'ghs_x',
    })
    expect(env).toEqual({ PATH: '/bin', HOME: '/h', HTTPS_PROXY: 'http://proxy:3128' })
  })
})
