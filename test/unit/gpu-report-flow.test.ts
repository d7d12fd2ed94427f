/**
 * gpu-report in process (issue 47), against the emulator with real OpenSSH: the sampler starts once the sandbox is
 * ready; `run` reports at its end (outputs for later steps, the post step fetches nothing); `ssh: true` reports in the
 * post step, from samples fetched before the stop; a sandbox that cannot be reached still stops, the report says it
 * has no samples.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import type { StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { runStart } from '../../src/start/main.ts'
import { runPost } from '../../src/post.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { recordingCore, type RecordingCore } from '../harness/fakes.ts'
import { canRun } from '../harness/ssh-job.ts'
import { loadUntilSampled, sampled } from '../harness/gpu.ts'

let emulator: Emulator | undefined
let dir = ''
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

const JOB = { repositoryId: '7', runId: '1', runAttempt: '1' }

async function setUp(): Promise<{ inputs: (extra: Record<string, string>) => Record<string, string> }> {
  emulator = new Emulator({ ssh: true, generation: 'current', provisioningMs: 100, stopMs: 50, capacity: { H100: 8 } })
  const baseUrl = await emulator.start()
  dir = mkdtempSync(join(tmpdir(), 'gpu-report-'))
  mkdirSync(join(dir, 'home', '.ssh'), { recursive: true, mode: 0o700 })
  mkdirSync(join(dir, 'temp'))
  mkdirSync(join(dir, 'work'))
  vi.stubEnv('HOME', join(dir, 'home'))
  vi.stubEnv('RUNNER_TEMP', join(dir, 'temp'))
  const token = emulator.token
  return { inputs: (extra) => ({ 'api-token': token, 'base-url': baseUrl, 'gpu-type': 'H100', ...extra }) }
}

async function main(inputs: Record<string, string>): Promise<{ core: RecordingCore; error?: unknown }> {
  // A workspace of its own: the default, the current directory, is the repository (node_modules, a cache in use).
  const config = parseInputs((name) => inputs[name] ?? '', { ...JOB, workspace: join(dir, 'work') }) as StartConfig
  const core = recordingCore(inputs)
  const client = new ComputeClient({ baseUrl: config.baseUrl, apiToken: config.apiToken, requestTimeoutMs: 10_000 })
  const env = { ...process.env, GITHUB_REPOSITORY_ID: '7', GITHUB_RUN_ID: '1', GITHUB_RUN_ATTEMPT: '1' }
  try {
    await runStart(config, { core, client, clock: realClock, signal: new AbortController().signal, env })
    return { core }
  } catch (error) {
    return { core, error }
  }
}

async function post(inputs: Record<string, string>, state: Record<string, string>): Promise<RecordingCore> {
  const core = recordingCore(inputs, state)
  const makeClient = (c: { baseUrl: string; apiToken: string }) =>
    new ComputeClient({ baseUrl: c.baseUrl, apiToken: c.apiToken, requestTimeoutMs: 10_000 })
  await runPost({ core, clock: realClock, makeClient })
  return core
}

const text = (core: RecordingCore) =>
  [...core.log, ...core.annotations.map((a) => a.message), ...core.summaries].join('\n')

describe.skipIf(!canRun)('gpu-report, in process', () => {
  it('run: the end of run reports (outputs, CSV, the cheaper GPU); the post step fetches nothing more', async () => {
    const { inputs } = await setUp()
    const run = `${loadUntilSampled(11_264, 0)}; ${loadUntilSampled(11_264, 100)}`
    const started = await main(inputs({ run }))
    expect(started.error).toBeUndefined()
    const { core } = started
    expect(core.outputs['gpu-memory-peak']).toBe('11265')
    expect(Number(core.outputs['gpu-utilization'])).toBeGreaterThan(0)
    const csv = readFileSync(core.outputs['gpu-samples'] ?? '', 'utf8').split('\n')
    expect(csv[0]).toBe('timestamp,gpu,memory_used_mib,memory_total_mib,utilization_percent,power_w')
    // The run waits for one sample of each load: two at least (an idle one before the run only where the run started
    // late; a sampler that starts sooner, sampling at once, may have none).
    expect(csv.slice(1).filter((line) => line !== '').length).toBeGreaterThanOrEqual(2)
    expect(core.summaries.join('')).toContain('| 0 | 11.0 GiB (14 % of 79.6 GiB) |')
    const [notice] = core.annotations.filter((a) => a.level === 'notice')
    expect(notice?.message).toMatch(
      /^1 x A6000 \(48 GiB each\) would have held .* at ~\$0\.\d+\/hour, against ~\$1\.\d+\/hour/,
    )
    const saved = JSON.parse(core.state['gpu-report'] ?? '{}') as { reported?: boolean; figure?: string }
    expect(saved.reported).toBe(true)
    expect(saved.figure).toMatch(/^11\.0 GiB · \d+ %$/)
    const after = await post(inputs({ run }), core.state)
    expect(after.log.join('\n')).not.toContain('GPU report')
    expect(emulator?.sandboxes.map((s) => s.status)).toEqual(['stopped'])
  })

  it('ssh: true: the post step fetches before the stop and reports after it; the sampler is ended', async () => {
    const { inputs } = await setUp()
    const { core, error } = await main(inputs({ ssh: 'true' }))
    expect(error).toBeUndefined()
    expect(core.outputs['gpu-memory-peak']).toBeUndefined()
    // A later step's program holds 30 GiB at 0 %: used (no warning), and the peak is the post step's output.
    writeFileSync(`${emulator?.sshService?.sandboxHost.gpuFile}.load`, '30720 0\n')
    await sampled(emulator?.sshService?.sandboxHost.home ?? '', ', 30721, ')
    const after = await post(inputs({ ssh: 'true' }), core.state)
    expect(after.outputs['gpu-memory-peak']).toBe('30721')
    expect(after.annotations.filter((a) => a.level === 'warning')).toEqual([])
    const log = after.log.join('\n')
    expect(log.indexOf('GPU report: fetching')).toBeLessThan(log.indexOf('Stopped sandbox'))
    expect(emulator?.sandboxes.map((s) => s.status)).toEqual(['stopped'])
    const pidFile = join(emulator?.sshService?.sandboxHost.home ?? '', '.gpu-sandbox-samples', 'pid')
    expect(existsSync(pidFile)).toBe(false)
  })

  it('an unreachable sandbox: the post step still stops it; the report says it has no samples', async () => {
    const { inputs } = await setUp()
    const { core, error } = await main(inputs({ ssh: 'true' }))
    expect(error).toBeUndefined()
    emulator?.sshService?.stop()
    const after = await post(inputs({ ssh: 'true' }), core.state)
    expect(after.summaries.join('')).toMatch(/No samples came back from the sandbox \(the SSH connection failed\)/)
    expect(after.outputs['gpu-memory-peak']).toBeUndefined()
    expect(emulator?.sandboxes.map((s) => s.status)).toEqual(['stopped'])
    expect(after.failed).toEqual([])
    expect(text(after)).not.toContain('undefined')
  })
})
