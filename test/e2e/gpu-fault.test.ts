/**
 * GPU faults through a job, in process (runStart, runPost) against the emulator as deployed with an sshd per sandbox
 * and real OpenSSH: the emulator plays each fault as the driver and nvidia-smi show it (gpu-faults.ts). A machine's
 * fault mid-run names the GPU first in the step's error, the output and the summary; `retry-on-gpu-fault` runs again
 * on a fresh sandbox and stops the faulty one at once; a program's fault is never retried; a kernel log nobody can read
 * is one line; a GPU that faulted before the job never passes the GPU check.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import type { GpuFaultPlan } from '../../emulator/gpu-faults.ts'
import { ComputeClient } from '../../src/client/client.ts'
import type { StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { runStart } from '../../src/start/main.ts'
import { runPost } from '../../src/post.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { recordingCore, type RecordingCore } from '../harness/fakes.ts'
import { canRun } from '../harness/ssh-job.ts'

let emulator: Emulator | undefined
let dir = ''
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

const JOB = { repositoryId: '7', runId: '1', runAttempt: '1' }
/** A job that uses its GPU for about 6 s and dies as CUDA does the moment the GPU is gone. */
const RUN =
  'for i in $(seq 1 30); do nvidia-smi > /dev/null 2>&1 || { echo "CUDA error: unspecified launch failure" >&2; ' +
  'exit 1; }; sleep 0.2; done; echo trained'

async function setUp(plans: (GpuFaultPlan[] | undefined)[]) {
  emulator = new Emulator({
    ...{ ssh: true, generation: 'current', provisioningMs: 100, stopMs: 50, capacity: { H100: 8 } },
    sshHost: { perSandbox: true },
    gpuFaultPlans: plans,
  })
  const baseUrl = await emulator.start()
  dir = mkdtempSync(join(tmpdir(), 'gpu-fault-'))
  mkdirSync(join(dir, 'home', '.ssh'), { recursive: true, mode: 0o700 })
  for (const sub of ['temp', 'work']) mkdirSync(join(dir, sub))
  vi.stubEnv('HOME', join(dir, 'home'))
  vi.stubEnv('RUNNER_TEMP', join(dir, 'temp'))
  const token = emulator.token
  return (extra: Record<string, string>) => ({
    ...{ 'api-token': token, 'base-url': baseUrl, 'gpu-type': 'H100', 'gpu-check': 'false', run: RUN },
    ...extra,
  })
}

async function job(inputs: Record<string, string>) {
  const config = parseInputs((name) => inputs[name] ?? '', { ...JOB, workspace: join(dir, 'work') }) as StartConfig
  const core = recordingCore(inputs)
  const client = new ComputeClient({ baseUrl: config.baseUrl, apiToken: config.apiToken, requestTimeoutMs: 10_000 })
  const env = { ...process.env, GITHUB_REPOSITORY_ID: '7', GITHUB_RUN_ID: '1', GITHUB_RUN_ATTEMPT: '1' }
  const error = await runStart(config, { core, client, clock: realClock, signal: new AbortController().signal, env })
    .then(() => undefined)
    .catch((caught: unknown) => caught as Error)
  const post = recordingCore(inputs, core.state)
  const makeClient = (c: { baseUrl: string; apiToken: string }) =>
    new ComputeClient({ baseUrl: c.baseUrl, apiToken: c.apiToken, requestTimeoutMs: 10_000 })
  await runPost({ core: post, clock: realClock, makeClient })
  return { core, error, post, live: await (emulator as Emulator).settle() }
}

const text = (core: RecordingCore) =>
  [...core.log, ...core.annotations.map((a) => a.message), ...core.summaries, ...Object.values(core.outputs)].join('\n')
/** The annotations, but the GPU report's own "never used" (a one-line job may end before the sampler's first sample). */
const faultNotes = (core: RecordingCore) =>
  core.annotations.map((a) => a.message).filter((message) => !/^GPU report: .* was never used/.test(message))
const XID_79: GpuFaultPlan = { kind: 'xid', code: 79, afterMs: 3_000 }

describe.skipIf(!canRun)('GPU faults through a job', () => {
  it("a GPU off the bus mid-run: the machine's fault first in the error, the output and the summary", async () => {
    const inputs = await setUp([[XID_79]])
    const { core, error, post, live } = await job(inputs({}))
    expect(error?.message.split('\n')[0]).toMatch(
      /^GPU 0 fault: Xid 79, fallen off the bus at \d\d:\d\d:\d\d UTC; this failure is likely not your code's\.$/,
    )
    expect(error?.message).toContain('run exited with 1')
    const faults = JSON.parse(core.outputs['gpu-fault'] ?? '[]') as { source: string; code?: number; kind: string }[]
    expect(faults[0]).toMatchObject({ source: 'xid', code: 79, bucket: 'RESTART_BM', kind: 'machine', gpu: 0 })
    // nvidia-smi no longer answers at the end either.
    expect(faults.map((fault) => fault.source)).toEqual(['xid', 'nvidia-smi'])
    const summary = core.summaries.join('')
    expect(summary).toMatch(/#### GPU faults\n\n\*\*GPU 0 fault: Xid 79, fallen off the bus/)
    expect(summary).toContain('Xid events were read from the kernel log (sudo-dmesg).')
    // The step's own error says it: no second error annotation.
    expect(core.annotations.filter((a) => a.level === 'error')).toEqual([])
    expect(JSON.parse(core.state['gpu-report'] ?? '{}').figure).toMatch(/^Xid 79 · /)
    expect(post.failed).toEqual([])
    expect(live).toEqual([])
  }, 120_000)

  it('retry-on-gpu-fault: 1: a fresh sandbox passes, the faulty one is stopped at once, the cost counts both', async () => {
    const inputs = await setUp([[XID_79]])
    const { core, error, live } = await job(inputs({ 'retry-on-gpu-fault': '1' }))
    expect(error).toBeUndefined()
    const [first, second] = (emulator as Emulator).sandboxes
    expect((emulator as Emulator).sandboxes).toHaveLength(2)
    expect(core.outputs['sandbox-id']).toBe(second?.id)
    // Stopped by the main step, before the second sandbox was started.
    const stops = (emulator as Emulator).stopRequestsFor(first?.id ?? '')
    expect(stops.length).toBeGreaterThan(0)
    expect(stops[0]?.at).toBeLessThan((emulator as Emulator).statusTimes.get(second?.id ?? '')?.pending ?? 0)
    expect(core.log).toContainEqual(
      expect.stringMatching(
        new RegExp(`^retry-on-gpu-fault: attempt 1 on ${first?.id} failed with a fault of the machine's kind`),
      ),
    )
    expect(core.log).toContain('trained')
    expect(core.summaries.join('')).toContain(`#### Attempt 1 on ${first?.id}: GPU fault`)
    // The output keeps what the job saw: the faulty attempt's fault (the second attempt's watch saw none).
    expect(JSON.parse(core.outputs['gpu-fault'] ?? '[]')[0]).toMatchObject({ code: 79, kind: 'machine' })
    // The first sandbox's time is billed too.
    expect(Number(core.outputs['billed-seconds'])).toBeGreaterThan(3)
    expect(live).toEqual([])
  }, 180_000)

  it("a program's fault (Xid 31) is said as the program's and never retried", async () => {
    const inputs = await setUp([[{ kind: 'xid', code: 31, afterMs: 1_500 }]])
    const failing = inputs({ 'retry-on-gpu-fault': '2', run: 'sleep 4; echo "illegal memory access" >&2; exit 3' })
    const { core, error, live } = await job(failing)
    expect(error?.message.split('\n')[0]).not.toMatch(/GPU 0 fault/)
    expect(error?.message).toMatch(/GPU 0: Xid 31, GPU memory page fault .*: the program's kind of fault/)
    expect((emulator as Emulator).sandboxes).toHaveLength(1)
    expect(JSON.parse(core.outputs['gpu-fault'] ?? '[]')[0]).toMatchObject({ code: 31, kind: 'program' })
    expect(text(core)).not.toContain('retry-on-gpu-fault: attempt')
    expect(live).toEqual([])
  }, 120_000)

  it('a kernel log nobody can read: one line, nothing else changes; hostile driver text stays out', async () => {
    const hostile = { kind: 'xid' as const, code: 13, text: '::error::pwned%0A::add-mask::x' }
    const inputs = await setUp([[{ kind: 'unreadable' }], [hostile]])
    const unread = await job(inputs({ run: 'echo trained' }))
    expect(unread.error).toBeUndefined()
    const said = text(unread.core).match(/kernel log could not be read/g) ?? []
    expect(said.length).toBe(2) // the log line, and the summary's note: one each
    expect(unread.core.log.filter((line) => /kernel log could not be read/.test(line))).toHaveLength(1)
    // Nothing else: no annotation but the report's own "never used" (there only where a sample came back in time).
    expect(faultNotes(unread.core)).toEqual([])

    expect(unread.core.outputs['gpu-fault']).toBeUndefined()
    const forged = await job(inputs({ run: 'echo trained' }))
    expect(forged.error).toBeUndefined()
    expect(text(forged.core)).not.toContain('pwned')
    expect(faultNotes(forged.core)).toEqual([
      expect.stringMatching(/^GPU 0: Xid 13, graphics engine exception .*: the program's kind of fault/),
    ])
  }, 120_000)

  it("a GPU whose kernel log holds a fault of the machine's kind fails the GPU check: stopped, replaced", async () => {
    const inputs = await setUp([[{ kind: 'xid', code: 48 }]])
    const { core, error, live } = await job(inputs({ 'gpu-check': 'true', run: 'echo trained' }))
    expect(error).toBeUndefined()
    const [faulty, healthy] = (emulator as Emulator).sandboxes
    expect(core.outputs['sandbox-id']).toBe(healthy?.id)
    expect(core.log).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^GPU check of ${faulty?.id} .*: failed: a GPU fault in its kernel log: GPU 0: Xid 48, double-bit ECC`,
        ),
      ),
    )
    expect(live).toEqual([])
  }, 120_000)
})
