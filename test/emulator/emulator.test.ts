/** The emulator's own rules, checked with plain fetch over a real socket (no action code). */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_TOKEN, Emulator, NO_SANDBOX_ACCESS_TOKEN, type EmulatorOptions } from '../../emulator/emulator.ts'

let emulator: Emulator | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

async function boot(options: EmulatorOptions = {}) {
  emulator = new Emulator({ provisioningMs: 100, stopMs: 50, ...options })
  const base = await emulator.start()
  const call = async (method: string, path: string, body?: unknown, token: string | null = DEFAULT_TOKEN) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token !== null) headers.authorization = `Bearer ${token}`
    const response = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined }
  }
  return { emulator, base, call }
}

const startBody = (extra: Record<string, unknown> = {}) => ({
  spec: { cpu_count: 2, memory_gib: 4, storage_gib: 10 },
  network_policy: { internet_access: 'open' },
  lifetime: { enforce_ttl: true, max_ttl_seconds: 3600 },
  ...extra,
})
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('auth', () => {
  it('401 without or with an unknown token, 403 without sandbox access, pricing open', async () => {
    const { call } = await boot()
    expect(await call('GET', '/sandboxes', undefined, null)).toMatchObject({
      status: 401,
      body: { code: 401, error: 'unauthorized' },
    })
    expect((await call('GET', '/sandboxes', undefined, 'nope')).status).toBe(401)
    expect(await call('GET', '/sandboxes', undefined, NO_SANDBOX_ACCESS_TOKEN)).toMatchObject({
      status: 403,
      body: { error: 'sandbox_access_denied' },
    })
    expect((await call('GET', '/credit-alert', undefined, NO_SANDBOX_ACCESS_TOKEN)).status).toBe(200)
    expect(await call('GET', '/pricing', undefined, null)).toMatchObject({
      status: 200,
      body: { pricing: { h100_x1_prototyping: expect.any(Number), disk_gb: expect.any(Number) } },
    })
  })
})

describe('pricing', () => {
  it('each generation serves its own catalog: the deployed one has ephemeral_disk_gb and no memory price', async () => {
    let { call } = await boot({ generation: 'current' })
    const deployed = (await call('GET', '/pricing', undefined, null)).body.pricing as Record<string, number>
    expect(
      Object.keys(deployed).filter((key) => !/^(h100|a100|a6000)_x\d+_(prototyping|production)$/.test(key)),
    ).toEqual(['additional_vcpus', 'disk_gb', 'ephemeral_disk_gb'])
    await emulator?.close()
    ;({ call } = await boot({ generation: 'v1' }))
    const v1 = (await call('GET', '/pricing', undefined, null)).body.pricing as Record<string, number>
    expect(v1).toMatchObject({ additional_vcpus: expect.any(Number), additional_memory_gib: expect.any(Number) })
    expect(v1).not.toHaveProperty('ephemeral_disk_gb')
  })
})

describe('sandboxes', () => {
  it('validates the start body with 400 invalid_request', async () => {
    const { call } = await boot()
    const bad: unknown[] = [
      '',
      '[1]',
      { ...startBody(), spec: undefined },
      startBody({ spec: { cpu_count: 0, memory_gib: 1, storage_gib: 1 } }),
      startBody({ spec: { cpu_count: '2', memory_gib: 1, storage_gib: 1 } }),
      startBody({ spec: { cpu_count: 1, memory_gib: 1, storage_gib: 1, gpu_type: 'V100' } }),
      startBody({ network_policy: { internet_access: 'sometimes' } }),
      startBody({ network_policy: { internet_access: 'open', cidr_allowlist: ['10.0.0.0/99'] } }),
      startBody({ network_policy: { internet_access: 'open', domain_allowlist: ['not a domain'] } }),
      { ...startBody(), lifetime: undefined },
      startBody({ lifetime: { max_ttl_seconds: -1 } }),
      startBody({ env: { A: 1 } }),
      startBody({ name: 'Upper_Case' }),
    ]
    for (const body of bad) {
      const response = await call('POST', '/sandboxes/start', body)
      expect(response, JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { code: 400, error: 'invalid_request', message: expect.any(String) },
      })
    }
    expect(emulator?.sandboxes).toEqual([])
  })

  it('assigns ids, defaults the name to the id, refuses a live name, provisions asynchronously', async () => {
    // Provisioning for as long as the test looks at it, however loaded the machine; then one of 100 ms.
    const slow = await boot({ provisioningMs: 600_000 })
    const { body: coming } = await slow.call('POST', '/sandboxes/start', startBody({ name: 'ci-box' }))
    expect(['pending', 'provisioning']).toContain((await slow.call('GET', `/sandboxes/${coming.id}`)).body.status)
    await slow.emulator.close()
    const { call } = await boot()
    const first = await call('POST', '/sandboxes/start', startBody())
    expect(first.status).toBe(202)
    expect(first.body.id).toMatch(/^sbx-[a-f0-9]{16}$/)
    expect(first.body.name).toBe(first.body.id)
    const named = await call('POST', '/sandboxes/start', startBody({ name: 'ci-box' }))
    expect(named.body.name).toBe('ci-box')
    expect(await call('POST', '/sandboxes/start', startBody({ name: 'ci-box' }))).toMatchObject({
      status: 409,
      body: { error: 'sandbox_name_in_use' },
    })
    const early = await call('GET', `/sandboxes/${named.body.id}`)
    expect(early.body).toMatchObject({
      id: named.body.id,
      name: 'ci-box',
      spec: { cpu_count: 2 },
      lifetime: { max_ttl_seconds: 3600 },
    })
    // provisioningMs (100) is up before this sleep's 150 ms: the emulator's timers fire in order.
    await sleep(150)
    expect((await call('GET', `/sandboxes/${named.body.id}`)).body.status).toBe('running')
    expect((await call('GET', '/sandboxes/sbx-ffffffffffffffff')).status).toBe(404)
    expect((await call('GET', '/sandboxes/not-an-id')).status).toBe(400)
  })

  it('provisioning can fail', async () => {
    const { call } = await boot({ outcome: 'failed' })
    const started = await call('POST', '/sandboxes/start', startBody({ name: 'x' }))
    await sleep(150)
    expect((await call('GET', `/sandboxes/${started.body.id}`)).body.status).toBe('failed')
    // A failed sandbox no longer holds its name.
    expect((await call('POST', '/sandboxes/start', startBody({ name: 'x' }))).status).toBe(202)
  })

  it('stop: 202, repeatable, stopping then stopped, frees the name', async () => {
    // Stopping for as long as the test looks at it, however loaded the machine.
    const slow = await boot({ stopMs: 600_000 })
    const stopping = (await slow.call('POST', '/sandboxes/start', startBody({ name: 'stop-me' }))).body
    expect(await slow.call('POST', `/sandboxes/${stopping.id}/stop`)).toMatchObject({ status: 202 })
    expect((await slow.call('GET', `/sandboxes/${stopping.id}`)).body.status).toBe('stopping')
    expect((await slow.call('POST', `/sandboxes/${stopping.id}/stop`)).status).toBe(202)
    await slow.emulator.close()
    const { call } = await boot()
    const { body } = await call('POST', '/sandboxes/start', startBody({ name: 'stop-me' }))
    expect(await call('POST', `/sandboxes/${body.id}/stop`)).toMatchObject({ status: 202 })
    // stopMs (50) is up before this sleep's 80 ms: the emulator's timers fire in order.
    await sleep(80)
    expect((await call('GET', `/sandboxes/${body.id}`)).body.status).toBe('stopped')
    expect((await call('POST', `/sandboxes/${body.id}/stop`)).status).toBe(202)
    expect((await call('POST', '/sandboxes/start', startBody({ name: 'stop-me' }))).status).toBe(202)
    expect((await call('POST', '/sandboxes/sbx-0000000000000000/stop')).status).toBe(404)
  })

  it('lists newest first, 50 a page, with next_page_token', async () => {
    const { call } = await boot({ startStopLimit: 1000 })
    for (let i = 0; i < 120; i++) await call('POST', '/sandboxes/start', startBody({ name: `n-${i}` }))
    const one = await call('GET', '/sandboxes')
    expect(one.body.sandboxes).toHaveLength(50)
    expect(one.body.sandboxes[0].name).toBe('n-119')
    const two = await call('GET', `/sandboxes?page_token=${one.body.next_page_token}`)
    const three = await call('GET', `/sandboxes?page_token=${two.body.next_page_token}`)
    expect(three.body.sandboxes).toHaveLength(20)
    expect(three.body.sandboxes.at(-1).name).toBe('n-0')
    expect(three.body.next_page_token).toBeNull()
    expect((await call('GET', '/sandboxes?page_token=garbage')).status).toBe(400)
  })

  it('replaces the network policy of a running sandbox only, answering wildcard domains', async () => {
    const { call } = await boot()
    const { body } = await call('POST', '/sandboxes/start', startBody())
    const policy = {
      network_policy: {
        internet_access: 'restricted',
        domain_allowlist: ['pypi.org', '*.github.com'],
        cidr_allowlist: ['10.0.0.0/8'],
      },
    }
    expect((await call('PATCH', `/sandboxes/${body.id}/network-policy`, policy)).status).toBe(409)
    await sleep(150)
    expect(await call('PATCH', `/sandboxes/${body.id}/network-policy`, policy)).toMatchObject({
      status: 200,
      body: {
        id: body.id,
        network_policy: {
          internet_access: 'restricted',
          domain_allowlist: ['*.pypi.org', '*.github.com'],
          cidr_allowlist: ['10.0.0.0/8'],
        },
      },
    })
    expect(
      (await call('PATCH', `/sandboxes/${body.id}/network-policy`, { network_policy: { internet_access: 'x' } }))
        .status,
    ).toBe(400)
  })

  it('stops a sandbox when its enforced TTL runs out', async () => {
    const { call } = await boot({ ttlSecondMs: 100 })
    const enforced = await call(
      'POST',
      '/sandboxes/start',
      startBody({ lifetime: { enforce_ttl: true, max_ttl_seconds: 2 } }),
    )
    const unenforced = await call(
      'POST',
      '/sandboxes/start',
      startBody({ lifetime: { enforce_ttl: false, max_ttl_seconds: 2 } }),
    )
    await sleep(320)
    const record = (await call('GET', `/sandboxes/${enforced.body.id}`)).body
    expect(record).toMatchObject({ status: 'stopped', stopped_reason: 'ttl expired' })
    expect((await call('GET', `/sandboxes/${unenforced.body.id}`)).body.status).toBe('running')
  })

  it('answers 503 sandbox_capacity_unavailable when no GPU of the type is free', async () => {
    const { call } = await boot({ capacity: { H100: 2 } })
    const gpu = (count: number) =>
      startBody({ spec: { cpu_count: 1, memory_gib: 1, storage_gib: 1, gpu_type: 'H100', gpu_count: count } })
    const first = await call('POST', '/sandboxes/start', gpu(2))
    expect(first.status).toBe(202)
    expect(await call('POST', '/sandboxes/start', gpu(1))).toMatchObject({
      status: 503,
      body: { error: 'sandbox_capacity_unavailable' },
    })
    await call('POST', `/sandboxes/${first.body.id}/stop`)
    await sleep(80)
    expect((await call('POST', '/sandboxes/start', gpu(1))).status).toBe(202)
  })
})

describe('rate limits', () => {
  it('429 rate_limit_exceeded with Retry-After per organization and bucket, reset each window', async () => {
    const { call } = await boot({ startStopLimit: 3, getListLimit: 5, rateWindowMs: 1_000 })
    for (let i = 0; i < 3; i++) expect((await call('POST', '/sandboxes/start', startBody())).status).toBe(202)
    const limited = await call('POST', '/sandboxes/start', startBody())
    expect(limited).toMatchObject({ status: 429, body: { error: 'rate_limit_exceeded' } })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    for (let i = 0; i < 5; i++) expect((await call('GET', '/sandboxes')).status).toBe(200)
    expect((await call('GET', '/sandboxes')).status).toBe(429)
    await sleep(1_050)
    expect((await call('POST', '/sandboxes/start', startBody())).status).toBe(202)
  })
})

describe('instances, credit alert', () => {
  it('creates an instance with a real generated ed25519 OpenSSH key, or none with public_key; deletes it', async () => {
    const { call } = await boot()
    const created = await call('POST', '/instances/create', '')
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      identifier: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    const keyDir = mkdtempSync(join(tmpdir(), 'key-'))
    try {
      writeFileSync(join(keyDir, 'id'), created.body.key, { mode: 0o600 })
      expect(execFileSync('ssh-keygen', ['-y', '-f', join(keyDir, 'id')]).toString()).toMatch(/^ssh-ed25519 AAAA/)
    } finally {
      // A private key, even a throwaway one, is not left under /tmp.
      rmSync(keyDir, { recursive: true, force: true })
    }
    const withKey = await call('POST', '/instances/create', { public_key: 'ssh-ed25519 AAAAC3Nza me@x' })
    expect(withKey.body.key).toBe('')
    expect((await call('POST', '/instances/create', { public_key: 42 })).status).toBe(400)
    expect((await call('POST', `/instances/${created.body.identifier}/delete`)).status).toBe(200)
    expect((await call('POST', `/instances/${created.body.identifier}/delete`)).status).toBe(404)
  })

  it('credit alert is an object or null', async () => {
    const { call } = await boot({ creditAlert: null })
    expect((await call('GET', '/credit-alert')).body).toEqual({ alert: null })
  })
})

describe('fault injection and observability', () => {
  it('injects each fault on the chosen attempts', async () => {
    const { call, emulator: emu } = await boot()
    emu.addFault({ route: 'GET /sandboxes', attempts: [1], fault: 503 })
    emu.addFault({ route: 'GET /sandboxes', attempts: [2], fault: 502 })
    emu.addFault({ route: 'GET /sandboxes', attempts: [3], fault: 'reset' })
    emu.addFault({ route: 'GET /sandboxes', attempts: [4], fault: 'malformed-json' })
    expect((await call('GET', '/sandboxes')).status).toBe(503)
    const gateway = await fetch(`${emu.baseUrl}/sandboxes`, { headers: { authorization: `Bearer ${DEFAULT_TOKEN}` } })
    expect([gateway.status, await gateway.text()]).toEqual([502, expect.stringContaining('Bad Gateway')])
    await expect(call('GET', '/sandboxes')).rejects.toThrow()
    await expect(call('GET', '/sandboxes')).rejects.toThrow(SyntaxError)
    expect((await call('GET', '/sandboxes')).status).toBe(200)
  })

  it('lost-answer commits the start and drops the connection; hang never answers', async () => {
    const { call, emulator: emu } = await boot()
    emu.addFault({ route: 'POST /sandboxes/start', attempts: [1], fault: 'lost-answer' })
    await expect(call('POST', '/sandboxes/start', startBody({ name: 'lost' }))).rejects.toThrow()
    expect(emu.liveSandboxes().map((s) => s.name)).toEqual(['lost'])
    expect((await call('POST', '/sandboxes/start', startBody({ name: 'lost' }))).status).toBe(409)
    emu.addFault({ route: 'GET /sandboxes/:id', fault: 'hang' })
    const hung = fetch(`${emu.baseUrl}/sandboxes/${emu.sandboxes[0]?.id}`, {
      headers: { authorization: `Bearer ${DEFAULT_TOKEN}` },
      signal: AbortSignal.timeout(200),
    })
    await expect(hung).rejects.toThrow(/timeout|aborted/i)
  })

  it('records requests without the token, and serves admin routes when enabled', async () => {
    const { call, base, emulator: emu } = await boot({ admin: true })
    await call('POST', '/sandboxes/start', startBody({ name: 'seen' }))
    await call('GET', '/pricing', undefined, null)
    expect(emu.requests.map((r) => [r.method, r.path, r.authPresent, r.status])).toEqual([
      ['POST', '/sandboxes/start', true, 202],
      ['GET', '/pricing', false, 200],
    ])
    expect(JSON.stringify(emu.requests)).not.toContain(DEFAULT_TOKEN)
    const root = base.replace(/\/v1$/, '')
    const admin = (await (await fetch(`${root}/_emulator/sandboxes`)).json()) as { live: string[] }
    expect(admin.live).toHaveLength(1)
    await fetch(`${root}/_emulator/faults`, {
      method: 'POST',
      body: JSON.stringify({ route: 'GET /pricing', fault: 504 }),
    })
    expect((await call('GET', '/pricing', undefined, null)).status).toBe(504)
    await fetch(`${root}/_emulator/reset`, { method: 'POST' })
    expect(emu.sandboxes).toEqual([])
  })

  it('serves HTTPS with a self-signed certificate on request', async () => {
    const emu = new Emulator({ https: true })
    emulator = emu
    const base = await emu.start()
    expect(base).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/)
    const { request } = await import('node:https')
    const status = await new Promise<number>((resolve, reject) =>
      request(`${base}/pricing`, { rejectUnauthorized: false }, (res) => resolve(res.statusCode ?? 0))
        .on('error', reject)
        .end(),
    )
    expect(status).toBe(200)
  })
})

describe('readyAfterRecount', () => {
  it('a sandbox turns ready only once a list showed it and a request then named it, however long it provisioned', async () => {
    const { call } = await boot({ readyAfterRecount: true, provisioningMs: 50 })
    const { id } = (await call('POST', '/sandboxes/start', startBody())).body as { id: string }
    const status = async () => ((await call('GET', `/sandboxes/${id}`)).body as { status: string }).status
    // Named before any list showed it, then listed: neither alone lets it be ready, six times its provisioning later.
    await sleep(300)
    expect(await status()).toBe('provisioning')
    expect((await call('GET', '/sandboxes')).body).toMatchObject({ sandboxes: [{ id, status: 'provisioning' }] })
    await sleep(300)
    expect(emulator?.sandboxes.find((s) => s.id === id)?.status).toBe('provisioning')
    // Named after the list: ready (its provisioning long over).
    let seen = await status()
    for (let k = 0; k < 100 && seen !== 'running'; k++) {
      await sleep(20)
      seen = await status()
    }
    expect(seen).toBe('running')
  })
})
