/**
 * Everything the service says is untrusted (issue 12): hostile strings on
 * every route, through the bundles, read back the way the runner reads a log.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emulatorFixture } from '../harness/emulator-fixture.ts'
import { commands, runAction, runStep, visibleText } from '../../scripts/lib/action-runner.ts'
import { readRunnerLog, unintendedCommands } from '../harness/runner-log.ts'

const fixture = emulatorFixture({ provisioningMs: 300, stopMs: 50 })
const startEmulator = fixture.start
const inputs = fixture.inputs

/** Each hostile form the runner would act on; every payload starts with PWNED. */
const HOSTILE = {
  newline: 'prov\n::error::PWNED newline',
  crlf: 'prov\r\n::warning::PWNED crlf',
  bareCr: 'prov\r::set-output name=status::PWNED bare cr',
  spaces: 'prov\n   ::save-state name=sandbox-id::PWNED spaces',
  bracket: 'prov ##[error]PWNED bracket',
  stop: 'busy\n::stop-commands::tok',
  stopBracket: 'busy ##[stop-commands]tok',
}

describe('workflow-command injection from service text', () => {
  it('name, every polled status, the status after stop and error codes and messages start no command', async () => {
    const service = await startEmulator({
      answerName: 'pr-1\n::error::PWNED name',
      statusWords: { pending: HOSTILE.newline, provisioning: HOSTILE.bareCr, stopping: HOSTILE.bracket },
      faults: [
        { route: 'GET /sandboxes/:id', attempts: [1], fault: 503, error: HOSTILE.stop, message: HOSTILE.crlf },
        { route: 'GET /sandboxes/:id', attempts: [2], fault: 503, error: 'x', message: HOSTILE.stopBracket },
        {
          route: 'POST /sandboxes/:id/stop',
          attempts: [1],
          fault: 503,
          error: HOSTILE.spaces,
          message: HOSTILE.newline,
        },
      ],
    })
    const run = await runAction({ inputs: inputs() })
    expect([run.main.exitCode, run.post.exitCode]).toEqual([0, 0])
    expect(unintendedCommands(run.main.stdout, 'PWNED')).toEqual([])
    expect(unintendedCommands(run.post.stdout, 'PWNED')).toEqual([])
    // The service's word is still passed on where it is data: the output file is not a log.
    expect(run.main.outputs['sandbox-name']).toBe('pr-1\n::error::PWNED name')
    expect(run.main.outputs.status).toBe('running')
    // Error codes not of the form [a-z0-9_]{1,64} are replaced by the client's own.
    expect(run.main.stdout).toContain('poll ' + run.main.outputs['sandbox-id'] + ': 503 http_error; next poll')
    expect(run.main.stdout).not.toMatch(/stop-commands/)
    expect(await service.settle()).toEqual([])
  })

  it('an error answer that fails the step starts no command in the annotation either', async () => {
    // A refusal (not retried): the step fails on this answer, not on a deadline a loaded machine may reach first.
    await startEmulator({
      faults: [
        {
          route: 'POST /sandboxes/start',
          fault: 400,
          error: HOSTILE.stop,
          message: `${HOSTILE.newline} ${HOSTILE.bareCr}`,
        },
      ],
    })
    const main = await runStep('main', { inputs: inputs({ timeout: '3s' }) })
    expect(main.exitCode).toBe(1)
    expect(unintendedCommands(main.stdout, 'PWNED')).toEqual([])
    expect(commands(main, 'error').join('\n')).toMatch(/400 http_error: prov/)
  })
})

describe('the other routes', () => {
  it('list, network-policy and instance delete: hostile codes, messages and policy entries start no command', async () => {
    const service = await startEmulator({
      faults: [
        { route: 'POST /sandboxes/start', attempts: [1], fault: 'lost-answer' },
        { route: 'GET /sandboxes', attempts: [1], fault: 503, error: HOSTILE.stop, message: HOSTILE.newline },
        {
          route: 'POST /instances/:id/delete',
          attempts: [1],
          fault: 503,
          error: HOSTILE.spaces,
          message: HOSTILE.bracket,
        },
      ],
      acceptedPolicyFilter: (policy) => ({
        ...policy,
        domain_allowlist: ['ok.example.com\n::error::PWNED domain', '##[stop-commands]tok'],
      }),
    })
    const started = await runStep('main', { inputs: inputs({ 'keep-alive': 'true' }) })
    expect(started.exitCode).toBe(0)
    expect(started.stdout).toMatch(/Adopting sandbox/)
    const id = started.outputs['sandbox-id'] ?? ''
    const policy = await runStep('main', {
      inputs: inputs({
        mode: 'network-policy',
        'sandbox-id': id,
        'internet-access': 'restricted',
        'domain-allowlist': 'pypi.org',
      }),
    })
    expect(policy.exitCode).toBe(0)
    expect(commands(policy, 'warning').length).toBeGreaterThan(0)
    const instance = await runAction({ inputs: inputs({ mode: 'instance' }) })
    expect([instance.main.exitCode, instance.post.exitCode]).toEqual([0, 0])
    for (const step of [started, policy, instance.main, instance.post])
      expect(unintendedCommands(step.stdout, 'PWNED')).toEqual([])
    await runStep('main', { inputs: inputs({ mode: 'stop', 'sandbox-id': id }) })
    expect(await service.settle()).toEqual([])
  })
})

describe('the SSH key never shows', () => {
  it('a hostile 503 before the key is masked cannot stop command processing: every key line is masked', async () => {
    const service = await startEmulator({
      faults: [
        { route: 'POST /instances/create', attempts: [1], fault: 503, error: HOSTILE.stop, message: HOSTILE.stop },
        { route: 'POST /instances/create', attempts: [2], fault: 503, error: 'busy', message: HOSTILE.stopBracket },
      ],
    })
    const run = await runAction({ inputs: inputs({ mode: 'instance' }) })
    expect(run.main.exitCode).toBe(0)
    expect(service.requestsTo('POST', '/instances/create')).toHaveLength(3)
    const log = readRunnerLog(run.main.stdout)
    expect(log.linesWhileStopped).toEqual([])
    const masked = log.commands.filter((c) => c.name === 'add-mask').map((c) => c.message)
    const key = run.main.outputs['ssh-private-key'] ?? ''
    for (const line of key.split('\n').filter((l) => l.trim() !== '')) expect(masked).toContain(line)
    expect(unintendedCommands(run.main.stdout, 'PWNED')).toEqual([])
  })

  it('a 2xx create answer that is not JSON is never quoted: it may be the key', async () => {
    const service = await startEmulator({
      faults: [{ route: 'POST /instances/create', attempts: [1], fault: 'key-not-json' }],
    })
    const main = await runStep('main', { inputs: inputs({ mode: 'instance' }) })
    expect(main.exitCode).toBe(1)
    expect(service.requestsTo('POST', '/instances/create')).toHaveLength(1)
    const text = visibleText(main)
    expect(text).not.toMatch(/OPENSSH PRIVATE KEY|b3BlbnNzaC1rZXktdjE/)
    expect(commands(main, 'error').join('\n')).toMatch(/not quoted: the answer may hold a private key/)
  })
})

describe('token and size', () => {
  it('an error message that echoes the Authorization header shows no token; a 1 MB message is cut', async () => {
    const service = await startEmulator({
      faults: [
        { route: 'GET /sandboxes/:id', attempts: [1], fault: 503, message: 'you sent {{authorization}}' },
        { route: 'GET /sandboxes/:id', attempts: [2], fault: 503, message: 'x'.repeat(1_000_000) },
      ],
    })
    const token = fixture.emulator?.token ?? ''
    const run = await runAction({ inputs: inputs() })
    expect([run.main.exitCode, run.post.exitCode]).toEqual([0, 0])
    expect(run.main.stdout).toMatch(/next poll in/)
    service.addFault({
      route: 'POST /sandboxes/start',
      fault: 400,
      error: 'invalid_request',
      message: 'bad request from {{authorization}}',
    })
    const refused = await runStep('main', { inputs: inputs() })
    expect(refused.exitCode).toBe(1)
    expect(commands(refused, 'error').join('\n')).toMatch(/400 invalid_request: bad request from Bearer \*\*\*/)
    for (const step of [run.main, run.post, refused]) {
      expect(visibleText(step)).not.toContain(token)
      expect(Math.max(...step.stdout.split('\n').map((l) => l.length))).toBeLessThan(2_000)
    }
  })
})

describe('the job summary', () => {
  it('escapes HTML, Markdown and cell breaks in every service text', async () => {
    const hostile = 'a<img src=x onerror=alert(1)>b](javascript:alert(1))`tick`|cell\rbreak'
    // The wait times out while the status is hostile, so the summary shows both.
    await startEmulator({
      provisioningMs: 60_000,
      answerName: hostile,
      statusWords: { provisioning: `${hostile}<script>x</script>` },
    })
    const run = await runAction({ inputs: inputs({ timeout: '2s' }) })
    expect(run.main.exitCode).toBe(1)
    const summary = run.main.summary
    expect(summary).not.toMatch(/<img|<script|[^\\]\]\(javascript:|[^\\]`tick/)
    const escaped = 'a&lt;img src=x onerror=alert(1)&gt;b\\](javascript:alert(1))\\`tick\\`\\|cell break'
    expect(summary).toContain(`| Name | ${escaped} |`)
    expect(summary).toContain(
      `| Status | ${escaped}&lt;script&gt;x&lt;/script&gt; (waiting ended: timeout; the post step stops it) |`,
    )
    // Every table row still has exactly its two cells.
    for (const row of summary.split('\n').filter((l) => l.startsWith('| ')))
      expect(row.split(/(?<!\\)\|/).length).toBe(4)
    expect(run.post.exitCode).toBe(0)
  })
})

describe('key files', () => {
  it('are created fresh in a 0700 directory under RUNNER_TEMP, never through a planted file or symlink', async () => {
    await startEmulator()
    const work = join('/tmp', `planted-${process.pid}-${Date.now()}`)
    mkdirSync(join(work, 'temp'), { recursive: true })
    const outside = join(work, 'outside.txt')
    writeFileSync(outside, 'untouched')
    // What the action wrote before: a fixed name in RUNNER_TEMP, followed through a symlink.
    symlinkSync(outside, join(work, 'temp', 'instance-1000-key'))
    writeFileSync(join(work, 'temp', 'gpu-sandbox-XXXXXX'), '', { mode: 0o644 })
    const main = await runStep('main', { inputs: inputs({ mode: 'instance' }), workDir: work })
    expect(main.exitCode).toBe(0)
    const path = main.outputs['ssh-key-path'] ?? ''
    expect(readFileSync(outside, 'utf8')).toBe('untouched')
    expect(lstatSync(path).isSymbolicLink()).toBe(false)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    const dir = join(path, '..')
    expect(dir.startsWith(join(work, 'temp', 'gpu-sandbox-'))).toBe(true)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    const post = await runStep('post', { inputs: inputs({ mode: 'instance' }), state: main.state, workDir: work })
    expect(post.exitCode).toBe(0)
    expect(existsSync(dir)).toBe(false)
    expect(readdirSync(join(work, 'temp')).sort()).toEqual(['gpu-sandbox-XXXXXX', 'instance-1000-key'])
    rmSync(work, { recursive: true, force: true })
  })

  it('without RUNNER_TEMP the step fails and nothing is sent', async () => {
    const service = await startEmulator()
    const main = await runStep('main', { inputs: inputs({ mode: 'instance' }), env: { RUNNER_TEMP: '' } })
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error').join('\n')).toMatch(/RUNNER_TEMP is not set.*nothing was sent/)
    expect(service.requests).toEqual([])
  })
})

describe('inputs that would leak or crash', () => {
  it('a public-key that is a private key is refused and masked, and nothing is sent', async () => {
    const service = await startEmulator()
    const privateKey =
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAAB\nAAAAMwAAAAtzc2gtZWQyNTUxOQ\n-----END OPENSSH PRIVATE KEY-----'
    const main = await runStep('main', { inputs: inputs({ mode: 'instance', 'public-key': privateKey }) })
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error').join('\n')).toMatch(/Input 'public-key': is a private key \(it is masked\)/)
    const masks = readRunnerLog(main.stdout)
      .commands.filter((c) => c.name === 'add-mask')
      .map((c) => c.message)
    for (const line of privateKey.split('\n')) expect(masks).toContain(line)
    expect(visibleText(main)).not.toContain('b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAAB')
    expect(service.requests).toEqual([])
  })

  it.each([
    ['a token with a zero-width space', { 'api-token': 'tok\u200ben-123' }, 'api-token', /printable ASCII only/],
    ['a token with a non-Latin-1 character', { 'api-token': 'tokén-123' }, 'api-token', /printable ASCII only/],
    [
      'instance-config nested 10,000 deep',
      { mode: 'instance', 'instance-config': `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` },
      'instance-config',
      /at most 20 levels/,
    ],
    [
      'instance-config over 64 KiB',
      { mode: 'instance', 'instance-config': JSON.stringify({ a: 'x'.repeat(70_000) }) },
      'instance-config',
      /at most 64 KiB/,
    ],
  ])('%s is an input error naming the input, and nothing is sent', async (_label, extra, input, message) => {
    const service = await startEmulator()
    const main = await runStep('main', { inputs: { ...inputs(), ...extra } })
    expect(main.exitCode).toBe(1)
    const errors = commands(main, 'error').join('\n')
    expect(errors).toContain(`Input '${input}'`)
    expect(errors).toMatch(message)
    if (input === 'api-token')
      expect(main.stdout.replace(/::add-mask::.*\n/g, '')).not.toContain((extra as Record<string, string>)['api-token'])
    expect(service.requests).toEqual([])
  })

  it('env keys named like Object.prototype members are ordinary keys', async () => {
    const service = await startEmulator()
    const main = await runStep('main', {
      inputs: inputs({ env: 'constructor=1\ntoString=2\n__proto__=3', 'keep-alive': 'true', wait: 'false' }),
    })
    expect(main.exitCode).toBe(0)
    const body = service.requestsTo('POST', '/sandboxes/start')[0]?.body as { env: Record<string, string> }
    expect(Object.entries(body.env)).toEqual([
      ['constructor', '1'],
      ['toString', '2'],
      ['__proto__', '3'],
    ])
    await runStep('main', { inputs: inputs({ mode: 'stop', 'sandbox-id': main.outputs['sandbox-id'] ?? '' }) })
  })
})
