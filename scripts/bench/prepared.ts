/**
 * Benchmark section 16: the prepared pool. 60 pull requests' jobs arrive at random (a Poisson process, seeded) over
 * 30 minutes, each running 2 minutes on one A100, against the emulator as deployed with 30 s provisioning and a real
 * sshd; a keeper of the default branch (`mode: pool`, `pool-for: pull-requests`, `pool-watch`) keeps the pool,
 * preparing each sandbox with a script that writes the environment's files and waits 90 s (a model of pip and a
 * model download). The action runs in process (runMain, runPost) on a clock `scale` times faster than real time,
 * as section 14 does, and so do the emulator's records, provisioning, rate windows and TTL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import { heldBy } from '../../src/inputs/default-name.ts'
import { runMain } from '../../src/main.ts'
import { runPost } from '../../src/post.ts'
import { estimateHourlyCost, formatDollars } from '../../src/sandbox/billing.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { recordingCore, type RecordingCore } from '../../test/harness/fakes.ts'
import { argument, log, sandboxIdTime } from './common.ts'
import { eventEnvironment } from '../lib/event.ts'
import { arrivals, compressed, compressedEmulator } from './pool-time.ts'
import { preparedReport, type PreparedResult } from './prepared-report.ts'
import { traceJob, traceKeeper, type Trace } from './prepared-trace.ts'

export const PROVISION_MS = 30_000
export const PREPARE_MS = 90_000
const WINDOW_MS = 30 * 60_000
const JOB_MS = 2 * 60_000
const MAX_LIVE = 40
/** How long before its hold's start a claim's link may be seen by the keeper (the claim, then the hold's request). */
const LINK_BEFORE_HOLD_MS = 2_000

const makeClient = (c: { baseUrl: string; apiToken: string }) =>
  new ComputeClient({ baseUrl: c.baseUrl, apiToken: c.apiToken })

export interface JobResult {
  claimed: boolean
  sandboxId: string
  /** Real ms from the step's start to the first line of run's output (cold: the wait for the service scaled back). */
  toFirstLineMs: number
  /** performance.now() of the step's start and of its claim (sandbox-id). */
  began: number
  claimedAt: number
  failed: string[]
  /** A claimed job's phases, from its step's start to its first run line. */
  trace?: Trace
}

interface Bench {
  emulator: Emulator
  clock: ReturnType<typeof compressed>
  baseUrl: string
  dir: string
  scale: number
  spec: Record<string, string>
}

/** The runner's environment of run `k` for `event`, its payload where the runner writes it. */
function environment(bench: Bench, k: number, event: 'push' | 'pull_request'): NodeJS.ProcessEnv {
  const temp = mkdtempSync(join(bench.dir, `job-${k}-`))
  const payload = join(temp, 'event.json')
  const given = eventEnvironment(payload, event, { number: k })
  writeFileSync(join(temp, 'marker.txt'), 'the workspace\n')
  return {
    ...process.env,
    RUNNER_TEMP: temp,
    GITHUB_WORKSPACE: temp,
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_REPOSITORY_ID: '31337',
    GITHUB_RUN_ID: String(9000 + k),
    GITHUB_RUN_ATTEMPT: '1',
    ...given,
  }
}

async function oneJob(bench: Bench, k: number, size: number): Promise<JobResult> {
  const { emulator, clock, baseUrl, scale } = bench
  const inputs = {
    'api-token': emulator.token,
    'base-url': baseUrl,
    ...bench.spec,
    'pool-size': String(size),
    'gpu-check': 'false',
    'gpu-report': 'false',
    run: 'echo first-line',
    upload: 'marker.txt',
    'ssh-alias': `job-${k}`,
  }
  const core = recordingCore(inputs)
  const began = performance.now()
  const idTime = sandboxIdTime(core)
  const traced = traceJob(core, began, 'first-line')
  let firstLine = 0
  const show = core.programLine
  core.programLine = (line) => {
    if (line === 'first-line') firstLine ||= performance.now()
    show(line)
  }
  const env = environment(bench, k, 'pull_request')
  const signal = new AbortController().signal
  // The job's own step on the real clock: its claim's bounds are seconds of its own work, which a compressed clock
  // would cut six-fold (the keeper and the service run compressed).
  await runMain({ core, clock: realClock, makeClient, signal, env }).catch((error: unknown) =>
    core.failed.push(String(error)),
  )
  const claimed = core.outputs['pool-claimed'] === 'true'
  const trace = claimed ? traced() : undefined
  const idAt = idTime()
  // A claim's work is the action's own, real; a cold job's wait is the service's provisioning and the preparation.
  const toFirstLineMs = claimed ? firstLine - began : idAt - began + (firstLine - idAt) * scale
  await realClock.sleep(clock.real(JOB_MS))
  const post = recordingCore(inputs, core.state)
  await runPost({ core: post, clock: realClock, makeClient, env }).catch((error: unknown) =>
    post.failed.push(String(error)),
  )
  const failed = [...core.failed, ...post.failed].map((line) => line.slice(0, 200))
  const sandboxId = core.outputs['sandbox-id'] ?? ''
  return { claimed, sandboxId, toFirstLineMs, began, claimedAt: idAt, failed, ...(trace ? { trace } : {}) }
}

/** The keeper (mode pool for a push, keeping the pull requests' pool); its log lines with when they came. */
function keeper(bench: Bench, inputs: Record<string, string>) {
  const core = recordingCore({
    'api-token': bench.emulator.token,
    'base-url': bench.baseUrl,
    ...bench.spec,
    mode: 'pool',
    'pool-for': 'pull-requests',
    ...inputs,
  })
  const env = environment(bench, 0, 'push')
  const signal = new AbortController().signal
  const looks = traceKeeper(core, bench.scale)
  const done = runMain({ core, clock: bench.clock, makeClient, signal, env }).catch((error: unknown) => {
    core.failed.push(String(error))
  })
  return { core, done, looks }
}

/** When each pool sandbox was marked prepared (performance.now()), from the keeper's own lines. */
function preparedTimes(core: RecordingCore): Map<string, number> {
  const times = new Map<string, number>()
  const info = core.info
  core.info = (line) => {
    const id = /^Pool 'ci': (sbx-[0-9a-f]+) prepared in /.exec(line)?.[1]
    if (id) times.set(id, performance.now())
    info(line)
  }
  return times
}

async function oneSize(size: number, scale: number, seed: number, jobs: number): Promise<PreparedResult> {
  const clock = compressed(scale)
  const emulator = compressedEmulator(clock, scale, { provisioningMs: PROVISION_MS, a100: 64 })
  const baseUrl = await emulator.start()
  const dir = mkdtempSync(join(tmpdir(), 'bench-prepared-'))
  // The preparation: the environment's files, then the rest of its 90 s (in real seconds at this scale).
  const script = `mkdir -p "$HOME/env" && echo torch > "$HOME/env/ready" && sleep ${(PREPARE_MS / scale / 1000).toFixed(2)}`
  const spec = {
    pool: 'ci',
    'gpu-type': 'A100',
    'max-live': String(MAX_LIVE),
    'max-ttl': '1h',
    'pool-prepare': script,
    'pool-key': 'lock-1',
  }
  const bench: Bench = { emulator, clock, baseUrl, dir, scale, spec }
  try {
    // The keeper watches the whole window and the last job's run, then ends by itself.
    const watch = `${Math.ceil((WINDOW_MS + 8 * 60_000) / 60_000)}m`
    const kept = keeper(bench, { 'pool-size': String(size), 'pool-watch': watch })
    const prepared = preparedTimes(kept.core)
    for (let k = 0; k < 4000 && prepared.size < size; k++) await realClock.sleep(25)
    const started = Date.now()
    const results = await Promise.all(
      arrivals(seed, jobs, WINDOW_MS).map(async (at, k) => {
        await realClock.sleep(Math.max(0, clock.real(at) - (Date.now() - started)))
        return oneJob(bench, k + 1, size)
      }),
    )
    await kept.done
    const drain = keeper(bench, { 'pool-size': '0' })
    await drain.done
    const leftLive = (await emulator.settle()).length
    const a100 = { cpu: 4, memoryGib: 16, storageGib: 100, gpuType: 'A100' as const, gpuCount: 1 }
    const estimate = estimateHourlyCost(emulator.options.pricing, a100)
    const hourly = estimate.ok ? estimate.dollarsPerHour : undefined
    const failed = [...kept.core.failed, ...drain.core.failed, ...results.flatMap((r) => r.failed)]
    const traces = { claims: results.flatMap((r) => (r.trace ? [r.trace] : [])), looks: kept.looks }
    return { ...measure(emulator, { size, scale, results, prepared, leftLive, hourly, failed }), traces }
  } finally {
    await emulator.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Billed service time by what it was (preparing, idle, jobs' own, holds), and the replacement gaps. */
function measure(
  emulator: Emulator,
  run: {
    size: number
    scale: number
    results: JobResult[]
    prepared: Map<string, number>
    leftLive: number
    hourly: number | undefined
    failed: string[]
  },
): Omit<PreparedResult, 'traces'> {
  const { results, prepared, scale } = run
  // performance.now() and Date.now() apart: the emulator stamps its records with the latter.
  const offset = Date.now() - performance.now()
  const claims = new Map(results.filter((r) => r.claimed).map((r) => [r.sandboxId, r.claimedAt + offset]))
  const hours = { preparing: 0, idle: 0, jobs: 0, holds: 0 }
  const starts: number[] = []
  for (const sandbox of emulator.sandboxes) {
    const at = emulator.statusTimes.get(sandbox.id) ?? {}
    const created = at.pending ?? 0
    const ended = Math.min(at.stopping ?? Infinity, at.stopped ?? Infinity, at.failed ?? Infinity, Date.now())
    const billed = (from: number, to: number) => (Math.max(0, to - from) * scale) / 3_600_000
    if (sandbox.name.startsWith('gc-')) hours.holds += billed(created, ended)
    else if (!sandbox.name.startsWith('gp-')) hours.jobs += billed(created, ended)
    else {
      starts.push(created)
      const ready = prepared.get(sandbox.id)
      const claimed = claims.get(sandbox.id)
      const markedAt = ready === undefined ? ended : Math.min(ready + offset, ended)
      hours.preparing += billed(created, markedAt)
      hours.idle += billed(markedAt, claimed ?? ended)
      if (claimed !== undefined) hours.jobs += billed(claimed, ended)
    }
  }
  // Each claim's replacement, first come first served: claims in the order of their holds' starts (the claim's
  // moment on the service), each given the first pool sandbox the keeper started from a moment before it on (the
  // keeper may see the claim's link before its hold), each start given once.
  const heldAt = new Map(
    emulator.sandboxes.flatMap((sandbox) => {
      const held = heldBy(sandbox.name)
      const created = emulator.statusTimes.get(sandbox.id)?.pending
      return held && created !== undefined ? [[held.sandboxId, created] as const] : []
    }),
  )
  const free = [...starts].sort((a, b) => a - b)
  const gaps = [...claims.keys()]
    .flatMap((id) => (heldAt.has(id) ? [heldAt.get(id) as number] : []))
    .sort((a, b) => a - b)
    .flatMap((held) => {
      const k = free.findIndex((created) => created >= held - LINK_BEFORE_HOLD_MS)
      return k < 0 ? [] : [Math.max(0, (free.splice(k, 1)[0] as number) - held)]
    })
  const ids = results.map((r) => r.sandboxId).filter(Boolean)
  const unprepared = [...claims].filter(([id, at]) => !((prepared.get(id) ?? Infinity) + offset <= at)).length
  return {
    size: run.size,
    jobs: results.length,
    claimedFirstLine: results.filter((r) => r.claimed).map((r) => r.toFirstLineMs),
    coldFirstLine: results.filter((r) => !r.claimed && r.sandboxId).map((r) => r.toFirstLineMs),
    gaps,
    hours,
    hourly: run.hourly,
    claimedTwice: ids.length - new Set(ids).size,
    limited: emulator.requests.filter((request) => request.status === 429).length,
    unprepared,
    leftLive: run.leftLive,
    failed: run.failed.slice(0, 3),
  }
}

export async function preparedSection(): Promise<string> {
  const scale = Number(argument('prepared-scale') ?? 6)
  const seed = Number(argument('prepared-seed') ?? 20261128)
  const jobs = Number(argument('prepared-jobs') ?? 60)
  const sizes = (argument('prepared-sizes') ?? '2,4,8').split(',').map(Number)
  // The jobs' SSH config goes into a HOME of the benchmark's own, never this machine's ~/.ssh/config.
  const home = mkdtempSync(join(tmpdir(), 'bench-prepared-home-'))
  const previous = process.env.HOME
  process.env.HOME = home
  const rows: PreparedResult[] = []
  try {
    for (const size of sizes) {
      log(`prepared: pool-size ${size}, ${jobs} jobs over 30 minutes at ${scale}x ...`)
      const began = Date.now()
      const row = await oneSize(size, scale, seed, jobs)
      log(
        `prepared: pool-size ${size}: ${row.claimedFirstLine.length} claims in ${Math.round((Date.now() - began) / 1000)} s`,
      )
      rows.push(row)
    }
  } finally {
    process.env.HOME = previous
    rmSync(home, { recursive: true, force: true })
  }
  return preparedReport(rows, { scale, seed, jobs, formatDollars, jobsPerMinute: jobs / 30 })
}
