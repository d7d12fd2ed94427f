/**
 * Benchmark section 14: the warm pool (issue 55). 60 jobs arrive at random (a
 * Poisson process, seeded) over 30 minutes, each holding one A100 sandbox for 2
 * minutes, against the emulator as deployed with 30 s provisioning and a real
 * sshd, with pool-size 0, 1, 2 and 4. The action's own code runs in process
 * (runMain, runPost) with a clock that runs `scale` times faster than real time,
 * and the emulator's records, rate windows, provisioning and TTL run on the
 * same compressed time, so half an hour of jobs takes a minute or two.
 *
 * What the action does itself (its requests, the SSH claims) runs at real
 * speed and is reported as it took; what the service does (provisioning) is
 * reported in service time. A job's time to ready is therefore the real time
 * from its step's start to the accepted start or claim, plus the compressed
 * time from there to ready, scaled back.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import { runMain } from '../../src/main.ts'
import { runPost } from '../../src/post.ts'
import { estimateHourlyCost, formatDollars } from '../../src/sandbox/billing.ts'
import type { Clock } from '../../src/runtime/clock.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { recordingCore } from '../../test/harness/fakes.ts'
import { argument, log, median, quantile, sandboxIdTime, seconds } from './common.ts'
import { poolReport, type SizeResult } from './pool-report.ts'
import { arrivals, compressed, compressedEmulator } from './pool-time.ts'

const PROVISION_MS = 30_000
const WINDOW_MS = 30 * 60_000
const JOB_MS = 2 * 60_000
const MAX_LIVE = 16

export interface JobResult {
  claimed: boolean
  sandboxId: string
  toIdMs: number
  toReadyMs: number
  /** Steps' log lines: lost claim races. */
  lostRaces: number
  /** The sandbox was still live when the job's use ended. */
  liveAtEnd: boolean
  claimedAtReal: number
  /** Why a cold job claimed nothing: the pool had nothing live for it, or every one was claimed, or else. */
  why?: 'empty' | 'taken' | 'other'
  failed: string[]
}

async function oneJob(
  emulator: Emulator,
  clock: ReturnType<typeof compressed>,
  baseUrl: string,
  job: { k: number; size: number; scale: number },
): Promise<JobResult> {
  const { k, size, scale } = job
  const pool: Record<string, string> = size > 0 ? { pool: 'ci', 'pool-size': String(size), 'pool-idle': '15m' } : {}
  const inputs = {
    'api-token': emulator.token,
    'base-url': baseUrl,
    'gpu-type': 'A100',
    'max-live': String(MAX_LIVE),
    'gpu-check': 'false',
    'gpu-report': 'false',
    ...pool,
  }
  const core = recordingCore(inputs)
  const began = performance.now()
  const idTime = sandboxIdTime(core)
  const temp = mkdtempSync(join(tmpdir(), 'bench-pool-'))
  const env = {
    ...process.env,
    RUNNER_TEMP: temp,
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_REPOSITORY_ID: '31337',
    GITHUB_RUN_ID: String(1000 + k),
    GITHUB_RUN_ATTEMPT: '1',
  }
  const makeClient = (c: { baseUrl: string; apiToken: string }) =>
    new ComputeClient({ baseUrl: c.baseUrl, apiToken: c.apiToken })
  const signal = new AbortController().signal
  await runMain({ core, clock, makeClient, signal, env }).catch((error: unknown) => core.failed.push(String(error)))
  const readyAt = performance.now()
  const idAt = idTime()
  const sandboxId = core.outputs['sandbox-id'] ?? ''
  const claimed = core.outputs['pool-claimed'] === 'true'
  // Before acceptance: the action's own work, real. After it: the service's provisioning, scaled back.
  const toIdMs = idAt - began
  const toReadyMs = toIdMs + (readyAt - idAt) * (claimed ? 1 : scale)
  await realClock.sleep(clock.real(JOB_MS))
  const liveAtEnd = emulator.liveSandboxes().some((s) => s.id === sandboxId)
  const post = recordingCore(inputs, core.state)
  await runPost({ core: post, clock, makeClient, env }).catch((error: unknown) => post.failed.push(String(error)))
  rmSync(temp, { recursive: true, force: true })
  const lostRaces = core.log.filter((line) => /another job claimed it first/.test(line)).length
  const nothing = core.log.find((line) => line.startsWith("Pool 'ci': nothing claimed"))
  const why = !nothing
    ? undefined
    : /has no ready sandbox/.test(nothing)
      ? 'empty'
      : /claimed by another job\)\)/.test(nothing)
        ? 'taken'
        : 'other'
  return {
    claimed,
    sandboxId,
    toIdMs,
    toReadyMs,
    lostRaces,
    liveAtEnd,
    claimedAtReal: Date.now() - (performance.now() - idAt),
    ...(why ? { why } : {}),
    failed: [...core.failed, ...post.failed],
  }
}

async function oneSize(size: number, scale: number, seed: number, jobs: number): Promise<SizeResult> {
  const clock = compressed(scale)
  const emulator = compressedEmulator(clock, scale, { provisioningMs: PROVISION_MS, a100: 32 })
  const baseUrl = await emulator.start()
  let largest = 0
  const sampler = setInterval(() => (largest = Math.max(largest, emulator.liveSandboxes().length)), 20)
  try {
    // As examples/warm-pool.yml does: a scheduled keeper warms the pool before the first job of the day.
    if (size > 0) {
      await keeper(emulator, clock, baseUrl, size)
      await warmed(emulator, size)
    }
    const started = Date.now()
    const runs = arrivals(seed, jobs, WINDOW_MS).map(async (at, k) => {
      await realClock.sleep(Math.max(0, clock.real(at) - (Date.now() - started)))
      return oneJob(emulator, clock, baseUrl, { k, size, scale })
    })
    const results = await Promise.all(runs)
    // After the last job: what the keeper does at night.
    if (size > 0) await keeper(emulator, clock, baseUrl, 0)
    const leftAfterDrain = (await emulator.settle()).length
    const spec = { cpu: 4, memoryGib: 16, storageGib: 100, gpuType: 'A100' as const, gpuCount: 1 }
    const estimate = estimateHourlyCost(emulator.options.pricing, spec)
    const hourly = estimate.ok ? estimate.dollarsPerHour : undefined
    return measure(emulator, scale, { size, results, largest, leftAfterDrain, hourly })
  } finally {
    clearInterval(sampler)
    await emulator.close()
  }
}

/** Runs `mode: pool` with `size` (the keeper), once nothing is starting; pool-size 0 drains. */
async function keeper(emulator: Emulator, clock: Clock, baseUrl: string, size: number): Promise<void> {
  for (let k = 0; k < 400 && emulator.liveSandboxes().some((s) => s.status !== 'running'); k++)
    await realClock.sleep(25)
  const core = recordingCore({
    'api-token': emulator.token,
    'base-url': baseUrl,
    mode: 'pool',
    pool: 'ci',
    'pool-size': String(size),
    'gpu-type': 'A100',
    'max-live': String(MAX_LIVE),
  })
  const temp = mkdtempSync(join(tmpdir(), 'bench-pool-'))
  const env = { ...process.env, RUNNER_TEMP: temp, GITHUB_REPOSITORY: 'octo/repo', GITHUB_REPOSITORY_ID: '31337' }
  await runMain({
    core,
    clock,
    env,
    signal: new AbortController().signal,
    makeClient: (c) => new ComputeClient({ baseUrl: c.baseUrl, apiToken: c.apiToken }),
  })
  rmSync(temp, { recursive: true, force: true })
}

/** Until the pool's sandboxes are ready: the keeper ran before working hours. */
async function warmed(emulator: Emulator, size: number): Promise<void> {
  for (let k = 0; k < 400; k++) {
    const live = emulator.liveSandboxes()
    if (live.length >= size && live.every((s) => s.status === 'running')) return
    await realClock.sleep(25)
  }
}

function measure(
  emulator: Emulator,
  scale: number,
  run: { size: number; results: JobResult[]; largest: number; leftAfterDrain: number; hourly: number | undefined },
): SizeResult {
  const { results } = run
  const times = emulator.statusTimes
  // Billed service time of every sandbox (created to its stop), split at the claim for pool sandboxes.
  const claims = new Map(results.filter((r) => r.claimed).map((r) => [r.sandboxId, r.claimedAtReal]))
  let idleMs = 0
  let jobsMs = 0
  for (const sandbox of emulator.sandboxes) {
    const at = times.get(sandbox.id) ?? {}
    const created = at.pending ?? 0
    const ended = Math.min(at.stopping ?? Infinity, at.stopped ?? Infinity, at.failed ?? Infinity, Date.now())
    const claimedAt = claims.get(sandbox.id)
    const pooled = sandbox.name.startsWith('gp-')
    if (pooled && claimedAt === undefined) idleMs += (ended - created) * scale
    else if (pooled && claimedAt !== undefined) {
      idleMs += Math.max(0, claimedAt - created) * scale
      jobsMs += Math.max(0, ended - claimedAt) * scale
    } else jobsMs += (ended - created) * scale
  }
  const ids = results.map((r) => r.sandboxId).filter(Boolean)
  return {
    size: run.size,
    jobs: results.length,
    toId: {
      median: median(results.map((r) => r.toIdMs)),
      p95: quantile(
        results.map((r) => r.toIdMs),
        0.95,
      ),
    },
    toReady: {
      median: median(results.map((r) => r.toReadyMs)),
      p95: quantile(
        results.map((r) => r.toReadyMs),
        0.95,
      ),
    },
    cold: results.filter((r) => !r.claimed).length,
    coldWhy: {
      empty: results.filter((r) => r.why === 'empty').length,
      taken: results.filter((r) => r.why === 'taken').length,
      other: results.filter((r) => r.why === 'other').length,
    },
    claims: results.filter((r) => r.claimed).length,
    lostRaces: results.reduce((sum, r) => sum + r.lostRaces, 0),
    largestLive: run.largest,
    maxLive: MAX_LIVE,
    idleHours: idleMs / 3_600_000,
    jobsHours: jobsMs / 3_600_000,
    hourly: run.hourly,
    claimedTwice: ids.length - new Set(ids).size,
    stoppedInUse: results.filter((r) => !r.liveAtEnd).length,
    leftLive: run.leftAfterDrain,
    failed: results.flatMap((r) => r.failed).slice(0, 3),
    wallMs: 0,
  }
}

export async function poolSection(): Promise<string> {
  const scale = Number(argument('pool-scale') ?? 15)
  const seed = Number(argument('pool-seed') ?? 20261128)
  const jobs = Number(argument('pool-jobs') ?? 60)
  const sizes = (argument('pool-sizes') ?? '0,1,2,4').split(',').map(Number)
  const rows: SizeResult[] = []
  for (const size of sizes) {
    const began = Date.now()
    log(`pool: pool-size ${size}, ${jobs} jobs over 30 minutes at ${scale}x ...`)
    const result = await oneSize(size, scale, seed, jobs)
    result.wallMs = Date.now() - began
    log(`pool: pool-size ${size}: ready median ${seconds(result.toReady.median)}, ${result.claims} claims`)
    rows.push(result)
  }
  return poolReport(rows, { scale, seed, jobs, formatDollars })
}
