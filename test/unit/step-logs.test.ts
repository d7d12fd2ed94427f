/**
 * Whole-log snapshots: what a workflow author reads in each mode's main and
 * post step, through the runner protocol the bundles write (workflow commands,
 * groups, masks, annotations) and the production client against the msw service, with a fake
 * clock so the log is the same on every run. A change to what users read
 * shows up as a diff of test/unit/__logs__/*.log in review.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ComputeClient } from '../../src/client/client.ts'
import { runMain } from '../../src/main.ts'
import { runPost } from '../../src/post.ts'
import { actionsCore } from '../../src/entry/actions-core.ts'
import { reportFailure } from '../../src/entry/wiring.ts'
import { forgetSecrets } from '../../src/runtime/untrusted.ts'
import { parseFileCommands } from '../../scripts/lib/action-runner.ts'
import { BASE, serveFakeService, TOKEN, type FakeService } from '../harness/fake-service.ts'
import { FakeGitHub, GITHUB_API, GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { captureStepOutput, FakeClock } from '../harness/fakes.ts'

const fake = serveFakeService()
let service: FakeService
let github: FakeGitHub
let dir: string
let stdout: string[]

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'step-logs-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))
beforeEach(() => {
  service = fake.service()
  github = new FakeGitHub()
  fake.server.use(...github.handlers())
  rmSync(join(dir, 'temp'), { recursive: true, force: true })
  mkdirSync(join(dir, 'temp'))
  for (const file of ['output', 'state', 'summary']) writeFileSync(join(dir, file), '')
  const env: Record<string, string> = {
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STATE: join(dir, 'state'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    RUNNER_TEMP: join(dir, 'temp'),
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_REPOSITORY_ID: '31337',
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_API_URL: GITHUB_API,
    GITHUB_SERVER_URL: 'https://github.test',
  }
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  stdout = captureStepOutput()
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  forgetSecrets()
  process.exitCode = 0
})

function setInputs(values: Record<string, string>): void {
  for (const [name, value] of Object.entries({ 'api-token': TOKEN, 'base-url': BASE, ...values }))
    vi.stubEnv(`INPUT_${name.toUpperCase()}`, value)
}

const client = () => new ComputeClient({ baseUrl: BASE, apiToken: TOKEN })

/** The log as the runner shows it, with this machine's temporary paths made stable. */
function captured(): string {
  const summary = readFileSync(join(dir, 'summary'), 'utf8')
  writeFileSync(join(dir, 'summary'), '')
  const text = stdout.splice(0).join('') + (summary ? `---- job summary ----\n${summary}` : '')
  return text
    .split(dir)
    .join('<tmp>')
    .replace(/(<tmp>\/temp\/[a-z-]+)[A-Za-z0-9]{6}/g, '$1XXXXXX')
    .replace(/\b(gh-31337-4242-1-)[0-9a-f]{6}\b/g, '$1<hex>')
}

/** Main then post, as the runner runs them; each log is a file snapshot. */
async function runSteps(name: string, inputs: Record<string, string>): Promise<void> {
  setInputs(inputs)
  const clock = new FakeClock()
  const signal = new AbortController().signal
  try {
    await runMain({ core: actionsCore, clock, signal, env: process.env, makeClient: client })
  } catch (error) {
    reportFailure(actionsCore, error, signal)
  }
  const mainLog = captured()
  const mainExit = process.exitCode
  process.exitCode = 0
  for (const [key, value] of Object.entries(parseFileCommands(readFileSync(join(dir, 'state'), 'utf8'))))
    vi.stubEnv(`STATE_${key}`, value)
  try {
    await runPost({ core: actionsCore, clock, makeClient: client })
  } catch (error) {
    actionsCore.error(`Cleanup failed: ${error instanceof Error ? error.message : String(error)}`, {
      title: 'Sandbox may still be running',
    })
    reportFailure(actionsCore, error)
  }
  const postLog = captured()
  await expect(`exit code ${mainExit ?? 0}\n${mainLog}`).toMatchFileSnapshot(`__logs__/${name}.main.log`)
  await expect(`exit code ${process.exitCode ?? 0}\n${postLog}`).toMatchFileSnapshot(`__logs__/${name}.post.log`)
}

describe('what each mode shows', () => {
  it('start', async () => {
    await runSteps('start', { 'gpu-type': 'A100' })
  })

  it('start, dry-run', async () => {
    await runSteps('start-dry-run', { 'dry-run': 'true', env: 'SECRET=hidden' })
  })

  it('start, invalid inputs', async () => {
    await runSteps('start-invalid', { cpu: 'lots', 'gpu-type': 'B200' })
  })

  it('stop', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000aa', name: 'kept', status: 'running' })
    await runSteps('stop', { mode: 'stop', 'sandbox-id': 'sbx-00000000000000aa' })
  })

  it('network-policy', async () => {
    service.sandboxes.push({ id: 'sbx-00000000000000aa', name: 'kept', status: 'running' })
    await runSteps('network-policy', {
      mode: 'network-policy',
      'sandbox-id': 'sbx-00000000000000aa',
      'internet-access': 'restricted',
      'domain-allowlist': 'pypi.org',
    })
  })

  it('instance', async () => {
    await runSteps('instance', { mode: 'instance' })
  })

  it('sweep', async () => {
    service.sandboxes.push(
      { id: 'sbx-00000000000000a1', name: 'gh-31337-100-1-aaaaaa', status: 'running' },
      { id: 'sbx-00000000000000a2', name: 'gh-31337-101-1-bbbbbb', status: 'running' },
      { id: 'sbx-00000000000000a3', name: 'nightly', status: 'running' },
    )
    github.runs.set(100, { status: 'completed', conclusion: 'success' })
    github.runs.set(101, { status: 'in_progress' })
    await runSteps('sweep', { mode: 'sweep', 'github-token': GITHUB_TOKEN })
  })
})
