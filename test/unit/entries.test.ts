/**
 * The two steps' run() as the runner calls them, in process: the runner
 * protocol (workflow-commands.ts) reading INPUT_* and STATE_*, writing GITHUB_OUTPUT,
 * GITHUB_STATE and the summary; the production client and transport, with
 * msw standing in for the service. (The same steps run as bundles in test/e2e.)
 */
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { isProcessEntry, requestTimeoutMs } from '../../src/entry/wiring.ts'
import { run as runMainStep } from '../../src/main.ts'
import { run as runPostStep } from '../../src/post.ts'
import { parseFileCommands } from '../../scripts/lib/action-runner.ts'
import { BASE, FakeService, TOKEN } from '../harness/fake-service.ts'
import { captureStepOutput } from '../harness/fakes.ts'

const server = setupServer()
let service: FakeService
let dir: string
let stdout: string[]

// One directory for the runner's files, emptied before each test.
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
  dir = mkdtempSync(join(tmpdir(), 'entries-'))
})
afterAll(() => {
  server.close()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => {
  service = new FakeService()
  server.use(...service.handlers())
  rmSync(join(dir, 'temp'), { recursive: true, force: true })
  mkdirSync(join(dir, 'temp'))
  for (const file of ['output', 'state', 'summary']) writeFileSync(join(dir, file), '')
  vi.stubEnv('GITHUB_OUTPUT', join(dir, 'output'))
  vi.stubEnv('GITHUB_STATE', join(dir, 'state'))
  vi.stubEnv('GITHUB_STEP_SUMMARY', join(dir, 'summary'))
  vi.stubEnv('RUNNER_TEMP', join(dir, 'temp'))
  vi.stubEnv('GITHUB_RUN_ID', '77')
  vi.stubEnv('GITHUB_REPOSITORY_ID', '5150')
  vi.stubEnv('GITHUB_RUN_ATTEMPT', '1')
  stdout = captureStepOutput()
})
afterEach(() => {
  server.resetHandlers()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  process.exitCode = 0
})

function inputs(values: Record<string, string>): void {
  for (const [name, value] of Object.entries({ 'api-token': TOKEN, 'base-url': BASE, ...values }))
    vi.stubEnv(`INPUT_${name.toUpperCase()}`, value)
}

function state(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(`STATE_${name}`, value)
}

const read = (file: string) => parseFileCommands(readFileSync(join(dir, file), 'utf8'))
const log = () => stdout.join('')

describe('main step run()', () => {
  it('masks the token first, starts, waits, and writes outputs and state through the runner files', async () => {
    inputs({})
    await runMainStep()
    expect(process.exitCode).toBe(0)
    expect(log().split('\n')[0]).toBe(`::add-mask::${TOKEN}`)
    const outputs = read('output')
    expect(outputs).toMatchObject({
      'sandbox-id': 'sbx-0000000000000001',
      status: 'running',
      'sandbox-name': expect.stringMatching(/^gh-5150-77-1-[0-9a-f]{6}$/),
    })
    expect(read('state')).toMatchObject({
      'sandbox-id': 'sbx-0000000000000001',
      'sandbox-name': outputs['sandbox-name'],
    })
    expect(readFileSync(join(dir, 'summary'), 'utf8')).toContain('### Sandbox sbx-0000000000000001')
    expect(log().replace(`::add-mask::${TOKEN}`, '')).not.toContain(TOKEN)
  })

  it('bad inputs: one error annotation per input, a failed step, nothing sent', async () => {
    inputs({ cpu: 'many', timeout: '999h' })
    await runMainStep()
    expect(process.exitCode).toBe(1)
    expect(log()).toContain("::error title=Invalid input 'cpu'::Input 'cpu'")
    expect(log()).toContain("::error title=Invalid input 'timeout'::Input 'timeout': must be at most 24h")
    expect(log()).toContain('::error::2 invalid inputs; nothing was sent to the service.')
    expect(service.requests).toEqual([])
  })

  it('a service error fails the step with what to do', async () => {
    inputs({})
    service.startScript = [
      () => HttpResponse.json({ code: 403, error: 'sandbox_access_denied', message: 'no' }, { status: 403 }),
    ]
    await runMainStep()
    expect(process.exitCode).toBe(1)
    expect(log()).toMatch(
      /::error::POST \/sandboxes\/start failed with 403 sandbox_access_denied: no\. The token is valid but/,
    )
  })

  it('instance mode writes the generated key 0600 under RUNNER_TEMP; the post step deletes the instance and the file', async () => {
    inputs({ mode: 'instance' })
    await runMainStep()
    expect(process.exitCode).toBe(0)
    const outputs = read('output')
    const path = outputs['ssh-key-path'] ?? ''
    expect(path.startsWith(join(dir, 'temp'))).toBe(true)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(outputs).toMatchObject({ 'instance-id': '100', 'instance-uuid': 'uuid-100' })
    for (const line of service.generatedKey.split('\n').filter((l) => l !== ''))
      expect(log()).toContain(`::add-mask::${line}`)

    state(read('state'))
    await runPostStep()
    expect(process.exitCode).toBe(0)
    expect(service.paths()).toEqual(['POST /instances/create', 'GET /instances/list', 'POST /instances/100/delete'])
    expect(existsSync(path)).toBe(false)
  })

  it('mode stop outputs the status the service reports', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000bb', name: 'x', status: 'running' })
    inputs({ mode: 'stop', 'sandbox-id': 'sbx-00000000000000bb' })
    await runMainStep()
    expect(read('output')).toEqual({ 'sandbox-id': 'sbx-00000000000000bb', status: 'stopped' })
  })
})

describe('post step run()', () => {
  it('stops the sandbox named in STATE_*', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000cc', name: 'box', status: 'running' })
    inputs({})
    state({ 'sandbox-id': 'sbx-00000000000000cc', 'sandbox-name': 'box' })
    await runPostStep()
    expect(process.exitCode).toBe(0)
    expect(service.paths()).toEqual([
      'POST /sandboxes/sbx-00000000000000cc/stop',
      'GET /sandboxes/sbx-00000000000000cc',
    ])
    expect(log()).toContain('Stopped sandbox sbx-00000000000000cc (status: stopped).')
  })

  it('a summary that cannot be written is a warning: the stop that succeeded still passes', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000cc', name: 'box', status: 'running' })
    inputs({})
    state({ 'sandbox-id': 'sbx-00000000000000cc' })
    const summary = join(dir, 'summary')
    rmSync(summary)
    mkdirSync(summary)
    try {
      await runPostStep()
    } finally {
      rmSync(summary, { recursive: true })
      writeFileSync(summary, '')
    }
    expect(process.exitCode).toBe(0)
    expect(log()).toMatch(/::warning::Could not write the job summary: EISDIR/)
    expect(log()).not.toContain('::error')
  })

  it('a stop refused for good is a "Sandbox may still be running" error and a failed step', async () => {
    inputs({})
    state({ 'sandbox-id': 'sbx-00000000000000cc' })
    service.stopScript = [
      () => HttpResponse.json({ code: 401, error: 'unauthorized', message: 'revoked' }, { status: 401 }),
    ]
    await runPostStep()
    expect(process.exitCode).toBe(1)
    expect(log()).toMatch(
      /::error title=Sandbox may still be running::Cleanup failed: POST \/sandboxes\/sbx-00000000000000cc\/stop failed with 401/,
    )
  })

  it('a stop answered 409 for a failed sandbox passes: not live means done', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000dd', name: 'box', status: 'failed' })
    service.statuses = []
    service.stopScript = [
      () => HttpResponse.json({ code: 409, error: 'sandbox_not_running', message: 'failed' }, { status: 409 }),
    ]
    inputs({})
    state({ 'sandbox-id': 'sbx-00000000000000dd' })
    await runPostStep()
    expect(process.exitCode).toBe(0)
    expect(service.paths()).toEqual([
      'POST /sandboxes/sbx-00000000000000dd/stop',
      'GET /sandboxes/sbx-00000000000000dd',
    ])
    expect(log()).toContain(
      'Sandbox sbx-00000000000000dd is failed and not live: nothing to stop (the service answered the stop with 409 sandbox_not_running).',
    )
  })
})

describe('GPU_SANDBOX_REQUEST_TIMEOUT', () => {
  it.each([
    [undefined, 30_000],
    ['5s', 5_000],
    ['2m', 120_000],
    ['0', 30_000],
    ['soon', 30_000],
    ['999h', 30_000],
  ])('%s gives %i ms', (value, ms) => {
    expect(requestTimeoutMs(value === undefined ? {} : { GPU_SANDBOX_REQUEST_TIMEOUT: value })).toBe(ms)
  })
})

describe('main.ts and post.ts as the bundle entry', () => {
  it('run only when node was started with their file (the bundle), never when imported', () => {
    const main = new URL('../../src/main.ts', import.meta.url)
    expect(isProcessEntry(main.href, join(import.meta.dirname, '../../src/main.ts'))).toBe(true)
    // Imported by vitest or @github/local-action: argv[1] is their CLI.
    expect(isProcessEntry(main.href, process.argv[1])).toBe(false)
    expect(isProcessEntry(main.href, undefined)).toBe(false)
    expect(isProcessEntry(main.href, '/nonexistent/index.js')).toBe(false)
  })
})
