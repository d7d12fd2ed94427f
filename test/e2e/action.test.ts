/**
 * The committed dist/ bundles, run as the runner runs them, against the
 * emulator over a real socket on loopback.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Emulator, NO_SANDBOX_ACCESS_TOKEN, type EmulatorOptions } from '../../emulator/emulator.ts'
import { commands, runAction, runStep, visibleText } from '../../scripts/lib/action-runner.ts'

let emulator: Emulator
let baseUrl: string

async function startEmulator(options: EmulatorOptions = {}) {
  emulator = new Emulator({ provisioningMs: 200, stopMs: 50, ...options })
  baseUrl = await emulator.start()
}

beforeEach(async () => startEmulator())
afterEach(async () => emulator.close())

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return { 'api-token': emulator.token, 'base-url': baseUrl, ...extra }
}

describe('mode start (the README example)', () => {
  it('starts, waits for running, sets outputs; the post step stops it and nothing is live', async () => {
    const run = await runAction({ inputs: inputs({ cpu: '2', memory: '8' }) })
    expect(run.main.exitCode).toBe(0)
    expect(run.post.exitCode).toBe(0)
    const id = run.main.outputs['sandbox-id'] ?? ''
    expect(id).toMatch(/^sbx-[a-f0-9]{16}$/)
    expect(run.main.outputs['sandbox-name']).toMatch(/^gh-31337-4242-1-[0-9a-f]{6}$/)
    expect(run.main.outputs.status).toBe('running')
    expect(JSON.parse(run.main.outputs.sandbox ?? '')).toMatchObject({
      id,
      status: 'running',
      spec: { cpu_count: 2, memory_gib: 8, storage_gib: 100 },
    })
    expect(JSON.parse(run.main.outputs['network-policy'] ?? '')).toMatchObject({ internet_access: 'open' })
    expect(run.main.state).toEqual({
      'sandbox-name': run.main.outputs['sandbox-name'],
      'sandbox-id': id,
      'started-at': expect.stringMatching(/^\d+$/),
      'sandbox-seen': 'true',
      'hourly-cost': expect.stringMatching(/^0\.062/),
    })
    expect(run.main.summary).toContain(`### Sandbox ${id}`)
    expect(run.post.stdout).toContain(`Stopped sandbox ${id}`)

    const starts = emulator.requestsTo('POST', '/sandboxes/start')
    expect(starts).toHaveLength(1)
    expect(starts[0]?.body).toEqual({
      name: run.main.outputs['sandbox-name'],
      spec: { cpu_count: 2, memory_gib: 8, storage_gib: 100 },
      network_policy: { internet_access: 'open' },
      lifetime: { enforce_ttl: true, max_ttl_seconds: 21600 },
    })
    // Every call carries the token except GET /pricing, which the interface shows without one.
    expect(emulator.requests.filter((r) => !r.authPresent).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /pricing',
    ])
    expect(emulator.requestsTo('GET', '/credit-alert')).toHaveLength(1)
    // 2 vCPU, 8 GiB, 100 GB CPU-only at the emulator's catalog; the credit alert it serves.
    expect(run.main.summary).toContain(
      '| Estimated cost | \\~\\$0.062/hour (2 x additional\\_vcpus \\$0.0095 + 8 x additional\\_memory\\_gib \\$0.0035 + 100 x disk\\_gb \\$0.00015) |',
    )
    expect(run.main.summary).toContain('| Credit alert | \\$50.00, armed |')
    // Under $0.0001 for the few seconds it lives here; a loaded machine's sandbox may live a second or two more.
    expect(run.post.summary).toMatch(
      /\| Estimated cost of this run \| \\~(&lt;\\\$0\.0001|\\\$0\.0001\d\d) \(\d+s at \\~\\\$0\.062\/hour\) \|/,
    )
    expect(run.main.stdout).not.toMatch(/::warning::/)
    expect(emulator.requestsTo('POST', '/sandboxes/:id/stop').map((r) => r.path)).toEqual([`/sandboxes/${id}/stop`])
    expect(await emulator.settle()).toEqual([])
    expect(emulator.sandboxes).toHaveLength(1)
    expect(visibleText(run.main, run.post)).not.toContain(emulator.token)
    expect(run.main.stdout.split('\n')[0]).toBe(`::add-mask::${emulator.token}`)
  })

  it('a GPU preference list falls back and reports the granted type', async () => {
    await emulator.close()
    await startEmulator({ capacity: { H100: 0, A100: 2 } })
    const run = await runAction({
      inputs: inputs({ 'gpu-type': 'h100\na100', 'gpu-count': '2', env: 'SECRET_VALUE=hunter2\nB=2' }),
    })
    expect(run.main.exitCode).toBe(0)
    expect(run.main.outputs['gpu-type']).toBe('A100')
    expect(
      emulator
        .requestsTo('POST', '/sandboxes/start')
        .map((r) => (r.body as { spec: { gpu_type: string } }).spec.gpu_type),
    ).toEqual(['H100', 'A100'])
    expect(run.main.stdout).toContain('No H100 x2 capacity free; trying the next GPU type, A100.')
    expect(visibleText(run.main, run.post)).not.toContain('hunter2')
    expect(await emulator.settle()).toEqual([])
  })

  it('a failed sandbox fails the main step; the post step still stops it', async () => {
    await emulator.close()
    await startEmulator({ outcome: 'failed' })
    const run = await runAction({ inputs: inputs() })
    expect(run.main.exitCode).toBe(1)
    expect(run.main.outputs.status).toBe('failed')
    expect(commands(run.main, 'error').join('\n')).toMatch(/failed to provision/)
    expect(emulator.requestsTo('POST', '/sandboxes/:id/stop')).toHaveLength(1)
    expect(run.post.exitCode).toBe(0)
    expect(await emulator.settle()).toEqual([])
  })

  it('timeout fails the main step; the post step stops the sandbox', async () => {
    await emulator.close()
    await startEmulator({ provisioningMs: 60_000 })
    const run = await runAction({ inputs: inputs({ timeout: '2s' }) })
    expect(run.main.exitCode).toBe(1)
    expect(commands(run.main, 'error').join('\n')).toMatch(/did not reach 'running' within 2s/)
    // The summary still tells what happened, and the estimate reaches the post step's summary.
    expect(run.main.summary).toMatch(/\| Status \| provisioning \(waiting ended: timeout; the post step stops it\) \|/)
    expect(run.main.outputs.status).toBe('provisioning')
    expect(run.post.exitCode).toBe(0)
    expect(run.post.summary).toMatch(/Estimated cost of this run \| \\~/)
    expect(await emulator.settle()).toEqual([])
  })

  it('keep-alive leaves it running and mode stop stops it from a later job', async () => {
    // A stop that takes a minute: the status read right after it is 'stopping' however loaded the machine is.
    await emulator.close()
    await startEmulator({ stopMs: 60_000 })
    const first = await runAction({ inputs: inputs({ 'keep-alive': 'true' }) })
    const id = first.main.outputs['sandbox-id'] ?? ''
    expect(first.post.exitCode).toBe(0)
    expect(commands(first.post, 'notice').join('\n')).toMatch(`keep-alive: true: ${id} is left running`)
    expect(emulator.liveSandboxes().map((s) => s.id)).toEqual([id])

    const later = await runAction({ inputs: inputs({ mode: 'stop', 'sandbox-id': id }) })
    expect(later.main.exitCode).toBe(0)
    expect(later.main.outputs).toMatchObject({ 'sandbox-id': id, status: 'stopping' })
    expect(later.post.stdout).toContain("Nothing to clean up: mode 'stop' starts nothing.")
    emulator.finishStops()
    expect(await emulator.settle()).toEqual([])

    // Stopping again, and repeating the post step, are both safe.
    const again = await runStep('main', { inputs: inputs({ mode: 'stop', 'sandbox-id': id }) })
    expect(again.exitCode).toBe(0)
    const repeatedPost = await runStep('post', { inputs: inputs(), state: first.main.state })
    expect(repeatedPost.exitCode).toBe(0)
  })

  it('the post step run twice is safe', async () => {
    const run = await runAction({ inputs: inputs() })
    const second = await runStep('post', { inputs: inputs(), state: run.main.state })
    expect(second.exitCode).toBe(0)
    expect(await emulator.settle()).toEqual([])
  })

  it('stop of an unknown sandbox reports it gone', async () => {
    const run = await runStep('main', { inputs: inputs({ mode: 'stop', 'sandbox-id': 'sbx-00000000000000aa' }) })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.status).toBe('not-found')
  })
})

describe('errors the service returns', () => {
  it('403 sandbox_access_denied says what to do and nothing is retried', async () => {
    const run = await runAction({ inputs: { ...inputs(), 'api-token': NO_SANDBOX_ACCESS_TOKEN } })
    expect(run.main.exitCode).toBe(1)
    expect(commands(run.main, 'error').join('\n')).toMatch(
      /403 sandbox_access_denied.*enabled separately for the organization/,
    )
    expect(emulator.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
    // Every attempt was refused, so the post step knows there is nothing to look for.
    expect(run.main.state['sandbox-name']).toBe('')
    expect(run.post.exitCode).toBe(0)
    expect(run.post.stdout).toContain(
      'Nothing to clean up: the main step created no sandbox (every start attempt was refused (403 sandbox_access_denied)).',
    )
    expect(emulator.requests).toHaveLength(1)
    expect(await emulator.settle()).toEqual([])
  })

  it('pricing and credit-alert failures are warnings: the step succeeds and the summary says so', async () => {
    emulator.addFault({ route: 'GET /pricing', fault: 502 })
    emulator.addFault({ route: 'GET /credit-alert', fault: 'malformed-json' })
    const run = await runAction({ inputs: inputs({ 'gpu-type': 'H100' }) })
    expect([run.main.exitCode, run.post.exitCode]).toEqual([0, 0])
    expect(run.main.outputs.status).toBe('running')
    const warnings = commands(run.main, 'warning')
    expect(warnings).toHaveLength(2)
    expect(warnings.join('\n')).toMatch(/Could not read pricing.*502[\s\S]*Could not read the credit alert/)
    expect(commands(run.main, 'error')).toEqual([])
    expect(run.main.summary).toContain('| Estimated cost | no estimate (pricing unavailable) |')
    expect(run.main.summary).toContain('| Credit alert | unavailable |')
    expect(run.post.summary).toContain('| Estimated cost of this run | no estimate |')
    expect(await emulator.settle()).toEqual([])
  })

  it('401 for a bad token', async () => {
    const run = await runStep('main', { inputs: { ...inputs(), 'api-token': 'wrong-token' } })
    expect(run.exitCode).toBe(1)
    expect(commands(run, 'error').join('\n')).toMatch(/401 unauthorized.*api-token was rejected/)
    expect(run.stdout.replace('::add-mask::wrong-token', '')).not.toContain('wrong-token')
  })
})

describe('bad input costs nothing', () => {
  it('fails naming every bad input, and the emulator receives zero requests', async () => {
    const run = await runAction({
      inputs: inputs({
        cpu: 'many',
        'gpu-type': 'V100',
        'internet-access': 'restricted',
        'cidr-allowlist': '10.0.0.0/40',
      }),
    })
    expect(run.main.exitCode).toBe(1)
    const errors = commands(run.main, 'error')
    expect(errors.some((e) => e.startsWith("Input 'cpu'"))).toBe(true)
    expect(errors.some((e) => e.startsWith("Input 'gpu-type'"))).toBe(true)
    expect(errors.some((e) => e.startsWith("Input 'cidr-allowlist'"))).toBe(true)
    expect(errors.at(-1)).toBe('3 invalid inputs; nothing was sent to the service.')
    expect(run.post.exitCode).toBe(0)
    expect(run.post.stdout).toContain('Nothing to clean up')
    expect(emulator.requests).toEqual([])
  })

  it('dry-run outputs the request and sends nothing', async () => {
    const run = await runAction({
      inputs: inputs({
        'dry-run': 'true',
        'gpu-type': 'A6000',
        'internet-access': 'restricted',
        'domain-allowlist': 'pypi.org',
      }),
    })
    expect(run.main.exitCode).toBe(0)
    expect(JSON.parse(run.main.outputs.request ?? '')).toMatchObject({
      spec: { gpu_type: 'A6000', gpu_count: 1 },
      network_policy: { domain_allowlist: ['pypi.org'] },
    })
    expect(run.main.summary).toContain('dry-run')
    expect(emulator.requests).toEqual([])
  })
})

describe('other modes', () => {
  it('network-policy replaces the policy and outputs the accepted one without warnings', async () => {
    const started = await runStep('main', {
      inputs: inputs({ 'keep-alive': 'true', 'internet-access': 'restricted', 'domain-allowlist': 'pypi.org' }),
    })
    const id = started.outputs['sandbox-id'] ?? ''
    const run = await runAction({
      inputs: inputs({
        mode: 'network-policy',
        'sandbox-id': id,
        'internet-access': 'restricted',
        'domain-allowlist': 'github.com',
        'cidr-allowlist': '10.0.0.0/8',
      }),
    })
    expect(run.main.exitCode).toBe(0)
    expect(JSON.parse(run.main.outputs['network-policy'] ?? '')).toEqual({
      internet_access: 'restricted',
      cidr_allowlist: ['10.0.0.0/8'],
      domain_allowlist: ['*.github.com'],
    })
    expect(commands(run.main, 'warning')).toEqual([])
    expect(emulator.requestsTo('PATCH', '/sandboxes/:id/network-policy')[0]?.body).toEqual({
      network_policy: {
        internet_access: 'restricted',
        cidr_allowlist: ['10.0.0.0/8'],
        domain_allowlist: ['github.com'],
      },
    })
    await runStep('main', { inputs: inputs({ mode: 'stop', 'sandbox-id': id }) })
    expect(await emulator.settle()).toEqual([])
  })

  it('instance creates, masks every key line, writes the key 0600; the post step deletes and removes it', async () => {
    const run = await runAction({ inputs: inputs({ mode: 'instance' }) })
    expect(run.main.exitCode).toBe(0)
    const key = run.main.outputs['ssh-private-key'] ?? ''
    expect(key).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----\n/)
    const keyLines = key.split('\n').filter((l) => l.trim() !== '')
    const masks = run.main.stdout.split('\n').filter((l) => l.startsWith('::add-mask::'))
    for (const line of keyLines) expect(masks).toContain(`::add-mask::${line}`)
    expect(visibleText(run.main, run.post)).not.toContain(keyLines[1])
    const path = run.main.outputs['ssh-key-path'] ?? ''
    expect(path.startsWith(`${run.workDir}/temp/`)).toBe(true)
    expect(run.main.outputs['instance-id']).toBe('1000')
    expect(run.main.outputs['instance-uuid']).toMatch(/^[0-9a-f-]{36}$/)
    expect(emulator.requestsTo('POST', '/instances/create')[0]?.body).toEqual({})
    expect(emulator.requestsTo('POST', '/instances/:id/delete').map((r) => r.path)).toEqual(['/instances/1000/delete'])
    expect(emulator.instances.get('1000')?.deleted).toBe(true)
    expect(existsSync(path)).toBe(false)
  })

  it('instance dry-run outputs the request, logs it, and sends nothing', async () => {
    const run = await runAction({
      inputs: inputs({ mode: 'instance', 'dry-run': 'true', 'instance-config': '{"template":"base"}' }),
    })
    expect(run.main.exitCode).toBe(0)
    expect(JSON.parse(run.main.outputs.request ?? '')).toEqual({ template: 'base' })
    expect(run.main.stdout).toContain('POST /instances/create would carry')
    expect(run.main.summary).toContain('Instance (dry-run)')
    expect(run.post.stdout).toContain('Nothing to delete')
    expect(emulator.requests).toEqual([])
  })

  it('instance with a public key sends it merged with instance-config and outputs no key', async () => {
    const publicKey = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPkgkGp9Xs35zwAoc3bqIuzEoFuGhJ4TEMV2QROGuF me@ci'
    const main = await runStep('main', {
      inputs: inputs({
        mode: 'instance',
        'public-key': publicKey,
        'instance-config': '{"template":"base"}',
        'keep-alive': 'true',
      }),
    })
    expect(main.exitCode).toBe(0)
    expect(emulator.requestsTo('POST', '/instances/create')[0]?.body).toEqual({
      template: 'base',
      public_key: publicKey,
    })
    expect(main.outputs['ssh-private-key']).toBeUndefined()
    expect(main.outputs['ssh-key-path']).toBeUndefined()
  })
})

/**
 * A minimal forward proxy (CONNECT tunnels, as undici's ProxyAgent uses) that records where it was
 * asked to go; `hosts` maps names only it can resolve.
 */
async function startProxy(
  hosts: Record<string, string> = {},
): Promise<{ server: Server; url: string; tunnels: string[]; plainRequests: string[] }> {
  const tunnels: string[] = []
  const plainRequests: string[] = []
  const server = createServer((req, res) => {
    plainRequests.push(req.url ?? '')
    res.writeHead(405).end()
  })
  server.on('connect', (req, clientSocket, head) => {
    tunnels.push(req.url ?? '')
    const [host = '', port = ''] = (req.url ?? '').split(':')
    const upstream = connect(Number(port), hosts[host] ?? host, () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(clientSocket)
      clientSocket.pipe(upstream)
    })
    upstream.on('error', () => clientSocket.destroy())
    clientSocket.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tunnels, plainRequests }
}

describe('behind a proxy (self-hosted runners)', () => {
  it('a loopback base-url never goes through the proxy: the token does not cross it', async () => {
    const proxy = await startProxy()
    try {
      const env = { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url }
      const run = await runAction({ inputs: inputs(), env })
      expect([run.main.exitCode, run.post.exitCode]).toEqual([0, 0])
      expect(proxy.tunnels).toEqual([])
      expect(proxy.plainRequests).toEqual([])
      expect(await emulator.settle()).toEqual([])
    } finally {
      proxy.server.close()
    }
  })

  it('any other host goes through the proxy (via the lazily loaded undici chunk); NO_PROXY is honoured', async () => {
    // An https emulator reached as sandbox.test, a name only the proxy resolves (to loopback).
    await emulator.close()
    emulator = new Emulator({ provisioningMs: 200, stopMs: 50, https: true })
    const port = new URL(await emulator.start()).port
    const dir = mkdtempSync(join(tmpdir(), 'proxy-ca-'))
    const proxy = await startProxy({ 'sandbox.test': '127.0.0.1' })
    try {
      const caFile = join(dir, 'ca.pem')
      writeFileSync(caFile, emulator.certificatePem?.cert ?? '')
      const remote = { ...inputs(), 'base-url': `https://sandbox.test:${port}/v1` }
      const env = { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: caFile }
      const run = await runAction({ inputs: remote, env })
      expect([run.main.exitCode, run.post.exitCode]).toEqual([0, 0])
      expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1)
      expect(new Set(proxy.tunnels)).toEqual(new Set([`sandbox.test:${port}`]))
      expect(await emulator.settle()).toEqual([])
      // NO_PROXY: the same host is reached directly, which fails here (only the proxy knows sandbox.test).
      const direct = await runStep('main', {
        inputs: { ...remote, timeout: '2s' },
        env: { ...env, NO_PROXY: 'sandbox.test' },
      })
      expect(direct.exitCode).toBe(1)
      expect(new Set(proxy.tunnels)).toEqual(new Set([`sandbox.test:${port}`]))
      expect(emulator.requestsTo('POST', '/sandboxes/start')).toHaveLength(1)
    } finally {
      proxy.server.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the committed bundles', () => {
  it('are ESM bundles for node24 as action.yml says', () => {
    const action = readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')
    expect(action).toContain('using: node24')
    for (const step of ['main', 'post']) {
      expect(statSync(new URL(`../../dist/${step}/index.js`, import.meta.url)).size).toBeGreaterThan(1000)
      expect(JSON.parse(readFileSync(new URL(`../../dist/${step}/package.json`, import.meta.url), 'utf8'))).toEqual({
        type: 'module',
      })
    }
  })
})
