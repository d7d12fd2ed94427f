/**
 * npm run bench: measures the committed bundles against the emulator, over a
 * real socket on loopback, and writes docs/benchmarks.md.
 *
 *   npm run bench                       all sections (about 5 minutes: the matrix runs at the real 1-minute window)
 *   npm run bench -- --only cold,bundle one or more of: cold, lag, lifecycle, matrix, bundle
 *   npm run bench -- --jobs 20          matrix size (default 60)
 *   npm run bench -- --out -            print the report instead of writing docs/benchmarks.md
 *
 * Not a test: nothing here fails CI. The numbers are for people sizing matrices.
 */
import { execSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, freemem, platform, release, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { Emulator, routeOf, type RecordedRequest } from '../test/emulator/emulator.ts'
import { GENERATIONS, type Generation } from '../test/emulator/generation.ts'
import { ROOT, removeWorkDirs, runAction, runStep, type ActionRun } from '../test/harness/action-runner.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../test/harness/fake-github.ts'

const SECTIONS = ['cold', 'lag', 'lifecycle', 'matrix', 'bundle'] as const
type Section = (typeof SECTIONS)[number]

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? process.argv[index + 1] : undefined
}
const only = (argument('only')?.split(',') ?? [...SECTIONS]) as Section[]
for (const section of only) {
  if (!SECTIONS.includes(section)) throw new Error(`--only takes ${SECTIONS.join(', ')}; got '${section}'`)
}
const matrixJobs = Number(argument('jobs') ?? 60)
const outFile = argument('out') ?? join(ROOT, 'docs', 'benchmarks.md')

// Limits high enough that only the matrix section meets the real ones.
const UNLIMITED = { startStopLimit: 1_000_000, getListLimit: 1_000_000 }

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN
}
const median = (values: number[]) => quantile(values, 0.5)
const ms = (value: number) => `${Math.round(value)} ms`
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`
const log = (message: string) => console.error(`[bench] ${message}`)

async function timeProcess(args: string[]): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, args, { stdio: 'ignore' })
  await new Promise((resolve) => child.on('exit', resolve))
  return performance.now() - started
}

/** 'POST /sandboxes/:id/stop' and the like: what requests are counted by. */
const routeKey = (r: RecordedRequest) => `${r.method} ${routeOf(r.path)}`

function countBy(requests: RecordedRequest[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const r of requests) counts[routeKey(r)] = (counts[routeKey(r)] ?? 0) + 1
  return counts
}

// 1. Cold start -----------------------------------------------------------------
async function coldStart(): Promise<string> {
  const rounds = 15
  const emulator = new Emulator({ provisioningMs: 50, ...UNLIMITED })
  const baseUrl = await emulator.start()
  const bare: number[] = []
  const action: number[] = []
  // Warm the file cache for both, then interleave so drift hits both alike.
  await timeProcess(['-e', '0'])
  await runAction({ inputs: { 'api-token': emulator.token, 'base-url': baseUrl, wait: 'false' } })
  for (let round = 0; round < rounds; round++) {
    bare.push(await timeProcess(['-e', '0']))
    emulator.requests.length = 0
    const spawnedAt = Date.now()
    const run = await runAction({ inputs: { 'api-token': emulator.token, 'base-url': baseUrl, wait: 'false' } })
    if (run.main.exitCode !== 0) throw new Error(`cold start run failed: ${run.main.stdout}`)
    const first = emulator.requests[0]
    if (!first) throw new Error('the action sent no request')
    action.push(first.at - spawnedAt)
  }
  // mode: sweep loads Octokit (a chunk of its own) only once it has listed: spawn to the list, and to the first GitHub request.
  const github = new FakeGitHub()
  const served = await github.serve()
  emulator.seed('gh-31337-100-1-aaaaaa')
  github.runs.set(100, { status: 'in_progress' })
  const sweepList: number[] = []
  const sweepGitHub: number[] = []
  for (let round = 0; round < rounds; round++) {
    emulator.requests.length = 0
    github.requests.length = 0
    let githubAt = 0
    const original = github.answer.bind(github)
    github.answer = (...args) => {
      githubAt ||= Date.now()
      return original(...args)
    }
    const spawnedAt = Date.now()
    const run = await runStep('main', { inputs: { 'api-token': emulator.token, 'base-url': baseUrl, mode: 'sweep', 'github-token': GITHUB_TOKEN }, env: { GITHUB_API_URL: served.url } })
    github.answer = original
    if (run.exitCode !== 0 || !emulator.requests[0] || !githubAt) throw new Error(`sweep cold start run failed: ${run.stdout}`)
    sweepList.push(emulator.requests[0].at - spawnedAt)
    sweepGitHub.push(githubAt - spawnedAt)
  }
  await served.close()
  await emulator.close()
  const ratio = median(action) / median(bare)
  log(`cold start: action ${ms(median(action))}, node -e 0 ${ms(median(bare))}, ratio ${ratio.toFixed(2)}`)
  return [
    '## 1. Cold start',
    '',
    `Time from spawning \`node dist/main/index.js\` to its first request reaching the emulator (\`POST /sandboxes/start\`),`,
    `against spawning bare \`node -e 0\` until it exits, ${rounds} interleaved rounds each, same Node binary.`,
    '',
    '| | median | p95 |',
    '|---|---|---|',
    `| \`node -e 0\` (spawn to exit) | ${ms(median(bare))} | ${ms(quantile(bare, 0.95))} |`,
    `| action main (spawn to first request) | ${ms(median(action))} | ${ms(quantile(action, 0.95))} |`,
    `| **ratio of medians** | **${ratio.toFixed(2)}** | |`,
    `| \`mode: sweep\` (spawn to the first list request) | ${ms(median(sweepList))} | ${ms(quantile(sweepList, 0.95))} |`,
    `| \`mode: sweep\` (spawn to the first GitHub request: Octokit loaded) | ${ms(median(sweepGitHub))} | ${ms(quantile(sweepGitHub, 0.95))} |`,
    '',
    'Octokit is in a chunk of its own, loaded only by `mode: sweep` at its first run lookup (after the list; never when no sandbox needs one): the start and post steps never load it.',
    '',
  ].join('\n')
}

// 2. Detection lag, with and without the blocking wait -------------------------------
/** Provisioning times sampled; every one runs in both generations at once. */
const LAG_TIMES_S = (argument('lag-times') ?? '5,30,120,600').split(',').map(Number)
const LAG_RUNS = Number(argument('lag-runs') ?? 10)

interface LagSample {
  lagMs: number
  /** Reads of the sandbox during the main step: GET /sandboxes/{id} and its blocking wait. */
  reads: number
}

async function lagSamples(generation: Generation, provisioningS: number): Promise<LagSample[]> {
  // A spread of up to one stretched poll interval, so that "ready" falls anywhere between two polls.
  const spreadMs = Math.min(10_000, Math.max(1_000, provisioningS * 200))
  const emulator = new Emulator({ provisioningMs: provisioningS * 1000, provisioningJitterMs: spreadMs, generation, ...UNLIMITED })
  const baseUrl = await emulator.start()
  try {
    return await Promise.all(
      Array.from({ length: LAG_RUNS }, async (_, index) => {
        // Staggered launches: cold starts do not pile onto one core at once.
        await new Promise((resolve) => setTimeout(resolve, index * 300))
        const workDir = mkdtempSync(join(tmpdir(), 'bench-lag-'))
        mkdirSync(join(workDir, 'temp'))
        const main = await runStep('main', { inputs: { 'api-token': emulator.token, 'base-url': baseUrl, 'poll-interval': '1s', timeout: '30m' }, workDir, timeoutMs: 40 * 60_000 })
        if (main.exitCode !== 0) throw new Error(`lag run failed: ${main.stdout}`)
        const id = main.outputs['sandbox-id'] ?? ''
        const readyAt = emulator.statusTimes.get(id)?.running
        if (readyAt === undefined) throw new Error(`no ready time for ${id}`)
        const outputsWrittenAt = statSync(join(workDir, 'main-output.txt')).mtimeMs
        const reads = emulator.requests.filter((r) => r.method === 'GET' && (r.path === `/sandboxes/${id}` || r.path === `/sandboxes/${id}/wait`)).length
        await runStep('post', { inputs: { 'api-token': emulator.token, 'base-url': baseUrl }, state: main.state, workDir })
        rmSync(workDir, { recursive: true, force: true })
        return { lagMs: outputsWrittenAt - readyAt, reads }
      }),
    )
  } finally {
    await emulator.close()
  }
}

async function detectionLag(): Promise<string> {
  log(`detection lag: ${LAG_RUNS} runs for each of ${LAG_TIMES_S.join(', ')} s, with and without the blocking wait, all at once (about ${Math.max(...LAG_TIMES_S) / 60 + 1} minutes)`)
  // Longest first; the shorter ones start once the cold starts of the longer ones are over, so that
  // a short provisioning is not measured on a machine busy starting 40 other processes.
  const order = [...LAG_TIMES_S].sort((a, b) => b - a)
  const cases = order.flatMap((t) => GENERATIONS.map((generation) => ({ t, generation, launchAfterMs: t >= 120 ? 0 : t >= 30 ? 60_000 : 120_000 })))
  const results = await Promise.all(
    cases.map(async ({ t, generation, launchAfterMs }) => {
      await new Promise((resolve) => setTimeout(resolve, launchAfterMs))
      return { t, generation, samples: await lagSamples(generation, t) }
    }),
  )
  results.sort((a, b) => a.t - b.t || a.generation.localeCompare(b.generation))
  const rows = results.map(({ t, generation, samples }) => {
    const lags = samples.map((x) => x.lagMs)
    const reads = samples.map((x) => x.reads)
    const perMinute = (Math.max(...reads) / (t + 5)) * 60
    const jobs = Math.floor(600 / perMinute)
    const target = generation === 'current' ? ` (target ≤ ${Math.ceil(t / 30) + 2})` : ''
    log(`lag ${generation} T=${t}s: median ${ms(median(lags))}, p95 ${ms(quantile(lags, 0.95))}, reads max ${Math.max(...reads)}`)
    return `| ${t} s | ${generation === 'current' ? 'blocking wait' : 'polling (no route)'} | ${ms(median(lags))} | ${ms(quantile(lags, 0.95))} | ${ms(Math.max(...lags))} | ${median(reads)} / ${Math.max(...reads)}${target} | ${jobs} |`
  })
  return [
    '## 2. Detection lag, with and without the blocking wait',
    '',
    "Time from the emulator turning a sandbox ready (`ready` as deployed, `running` in v1.0) to the main step's last write",
    `to \`GITHUB_OUTPUT\` (the mtime of the output file), with \`poll-interval: 1s\`. ${LAG_RUNS} runs per row; the 600 s and 120 s`,
    'rows start together, the 30 s rows a minute later and the 5 s rows two minutes later (after the others\' cold starts);',
    'provisioning T plus a uniform spread of up to one stretched poll interval (T/5, at most 10 s), so that',
    '"ready" falls anywhere between two polls. "With the route" is the emulator speaking the service as deployed',
    '(`GET /sandboxes/{id}/wait`, windows of up to 30 s); "without" is v1.0 (the route answers 404, polling takes over).',
    'Reads are the GET requests for the sandbox during the main step (`/sandboxes/{id}` and `/wait`).',
    '',
    '| T | how | lag median | lag p95 | lag max | reads median / max | jobs the get budget holds |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '"Jobs the get budget holds": 600 get+list requests per minute per organization, divided by one job\'s reads per',
    'minute over its wait (the most reads seen, over T plus 5 s). A blocking-wait request counts once however long',
    'it is held, so with the route a job reads about twice a minute; polling stretches to one read per 10 s.',
    '',
  ].join('\n')
}

// 3. Requests per lifecycle ------------------------------------------------------
async function lifecycleCounts(generation: Generation, provisioningMs: number) {
  const emulator = new Emulator({ provisioningMs, generation, ...UNLIMITED })
  const baseUrl = await emulator.start()
  const inputs = { 'api-token': emulator.token, 'base-url': baseUrl, 'poll-interval': '1s' }
  const main = await runStep('main', { inputs })
  const mainRequests = countBy(emulator.requests)
  emulator.requests.length = 0
  const post = await runStep('post', { inputs, state: main.state })
  const postRequests = countBy(emulator.requests)
  await emulator.close()
  if (main.exitCode !== 0 || post.exitCode !== 0) throw new Error('lifecycle run failed')
  return { generation, mainRequests, postRequests }
}

async function lifecycle(): Promise<string> {
  const provisioningMs = 30_000
  const results = await Promise.all(GENERATIONS.map((generation) => lifecycleCounts(generation, provisioningMs)))
  const shared: Record<string, string> = {
    'GET /pricing': 'GET /pricing (cost estimate, summary)',
    'GET /credit-alert': 'GET /credit-alert (summary)',
  }
  const labels: Record<'main' | 'post', Record<string, string>> = {
    main: { ...shared, 'GET /sandboxes/:id': 'GET /sandboxes/:id (polls)', 'GET /sandboxes/:id/wait': 'GET /sandboxes/:id/wait (blocking wait)' },
    post: { ...shared, 'GET /sandboxes/:id': 'GET /sandboxes/:id (status after stop)' },
  }
  const lines: string[] = []
  for (const { generation, mainRequests, postRequests } of results) {
    const total = [...Object.values(mainRequests), ...Object.values(postRequests)].reduce((a, b) => a + b, 0)
    const rows = (
      [
        ['main', mainRequests],
        ['post', postRequests],
      ] as const
    ).flatMap(([step, counts]) => Object.entries(counts).map(([route, count]) => [step, labels[step][route] ?? route, count]))
    log(`lifecycle ${generation}: ${total} requests (${rows.map((r) => r[2]).join(' + ')})`)
    lines.push(`| ${generation} | | | |`, ...rows.map(([step, request, count]) => `| | ${step} | \`${request}\` | ${count} |`), `| | | **total** | **${total}** |`)
  }
  return [
    '## 3. Requests per lifecycle',
    '',
    `One main step and its post step, provisioning ${seconds(provisioningMs)}, \`poll-interval: 1s\`, against each generation of the service.`,
    '',
    '| service | step | request | count |',
    '|---|---|---|---|',
    ...lines,
    '',
    `Polling every second for the whole provisioning would take ${provisioningMs / 1000 + 1} polls. Without the blocking wait (v1.0)`,
    'the pacing polls at the asked interval for the first 5 s, then every fifth of the time waited. As deployed,',
    'the first window of the blocking wait answers the moment the sandbox is ready.',
    'Only start, stop and the reads count against the rate limits the interface gives; the limits of',
    'the pricing and credit-alert calls are not described.',
    '',
  ].join('\n')
}

// 4. Matrix ----------------------------------------------------------------------
async function matrix(): Promise<string> {
  const jobs = matrixJobs
  const windowMs = 60_000
  const startStopLimit = 30
  const getListLimit = 600
  const provisioningMs = 30_000
  const emulator = new Emulator({ provisioningMs, rateWindowMs: windowMs, startStopLimit, getListLimit })
  const baseUrl = await emulator.start()
  const inputs = { 'api-token': emulator.token, 'base-url': baseUrl, 'gpu-type': 'A100', 'poll-interval': '1s', timeout: '15m' }
  // Every job gets an A100: capacity is not what this section measures.
  emulator.options.capacity.A100 = jobs
  log(`matrix: ${jobs} jobs, real limits (${startStopLimit} start+stop and ${getListLimit} get+list per ${windowMs / 1000} s); takes a few minutes`)
  const launchedAt = Date.now()
  const runs: (ActionRun & { endedAt: number })[] = await Promise.all(
    Array.from({ length: jobs }, async () => {
      const run = await runAction({ inputs, timeoutMs: 20 * 60_000 })
      return { ...run, endedAt: Date.now() }
    }),
  )
  const makespan = Math.max(...runs.map((r) => r.endedAt)) - launchedAt
  const leaked = await emulator.settle(10_000)
  const requests = emulator.requests
  await emulator.close()

  const failedMain = runs.filter((r) => r.main.exitCode !== 0).length
  const failedPost = runs.filter((r) => r.post.exitCode !== 0).length
  const names = new Map<string, number>()
  for (const sandbox of emulator.sandboxes) names.set(sandbox.name, (names.get(sandbox.name) ?? 0) + 1)
  const duplicates = [...names.values()].filter((count) => count > 1).length
  const byRoute = (route: string) => requests.filter((r) => routeKey(r) === route)
  const startStop = [...byRoute('POST /sandboxes/start'), ...byRoute('POST /sandboxes/:id/stop')]
  const getList = [...byRoute('GET /sandboxes/:id'), ...byRoute('GET /sandboxes')]
  const limited = (list: RecordedRequest[]) => list.filter((r) => r.status === 429).length
  // The k-th start or stop (0-based) cannot be accepted before floor(k / limit) windows after the first one,
  // and no job can stop before its sandbox has provisioned.
  const acceptedNeeded = 2 * jobs
  const lowerBound = Math.max(Math.floor((acceptedNeeded - 1) / startStopLimit) * windowMs, provisioningMs)
  const ratio = makespan / lowerBound
  // Lifetime of each sandbox: from accepted start to stop (what a user pays for).
  const lifetimes = emulator.sandboxes.map((s) => {
    const times = emulator.statusTimes.get(s.id) ?? {}
    return (times.stopping ?? times.stopped ?? NaN) - (times.pending ?? NaN)
  })
  // Windows as the emulator's limiter opens them: at the first start or stop at least one window after the last opening.
  const startStopInOrder = startStop.sort((a, b) => a.at - b.at)
  const windowStarts: number[] = []
  for (const r of startStopInOrder) {
    const last = windowStarts.at(-1)
    if (last === undefined || r.at - last >= windowMs) windowStarts.push(r.at)
  }
  const windows = windowStarts.map((start, index) => {
    const end = windowStarts[index + 1] ?? Infinity
    const inWindow = requests.filter((r) => r.at >= start && r.at < end)
    const accepted = (route: string) => inWindow.filter((r) => routeKey(r) === route && r.status !== 429).length
    const gets = inWindow.filter((r) => r.method === 'GET' && r.path.startsWith('/sandboxes')).length
    const rejected = inWindow.filter((r) => r.status === 429).length
    return `| ${index + 1} | ${seconds(start - windowStarts[0]!)} | ${accepted('POST /sandboxes/start')} | ${accepted('POST /sandboxes/:id/stop')} | ${gets} | ${rejected} |`
  })
  const dump = argument('dump')
  if (dump) writeFileSync(dump, JSON.stringify(startStopInOrder.map((r) => ({ at: r.at - windowStarts[0]!, method: r.method, path: r.path, status: r.status })), null, 1))
  log(`matrix: makespan ${seconds(makespan)}, bound ${seconds(lowerBound)}, ratio ${ratio.toFixed(2)}, leaked ${leaked.length}`)
  return [
    `## 4. Matrix: ${jobs} concurrent runs, one organization`,
    '',
    `${jobs} action runs at once (each: main step, then post step, as the runner does; no job work in between)`,
    `against one organization with the service's real limits: ${startStopLimit} start+stop and ${getListLimit} get+list requests`,
    `per ${windowMs / 1000} s window (not shortened), provisioning ${seconds(provisioningMs)}, \`gpu-type: A100\`, \`poll-interval: 1s\`.`,
    '',
    '| | |',
    '|---|---|',
    `| main steps succeeded | ${jobs - failedMain} / ${jobs} |`,
    `| post steps succeeded | ${jobs - failedPost} / ${jobs} |`,
    `| sandboxes created | ${emulator.sandboxes.length} (names used twice: ${duplicates}) |`,
    `| **leaked** (live after every post step) | **${leaked.length}** |`,
    `| start+stop requests | ${startStop.length} (${limited(startStop)} answered 429) |`,
    `| get+list requests | ${getList.length} (${limited(getList)} answered 429) |`,
    `| makespan (launch to last post step exit) | ${seconds(makespan)} |`,
    `| lower bound from the limits | ${seconds(lowerBound)} |`,
    `| **ratio** (target ≤ 1.25) | **${ratio.toFixed(2)}** |`,
    `| sandbox lifetime, accepted start to stop: median / max | ${seconds(median(lifetimes))} / ${seconds(Math.max(...lifetimes))} |`,
    '',
    `The bound: ${jobs} jobs need ${acceptedNeeded} accepted starts and stops; with ${startStopLimit} per window the last of them`,
    `cannot be accepted before ⌊(${acceptedNeeded} − 1) / ${startStopLimit}⌋ = ${Math.floor((acceptedNeeded - 1) / startStopLimit)} windows after the first request,`,
    `that is ${seconds(lowerBound)}; nothing can finish sooner whatever the client does.`,
    '',
    "Requests per rate-limit window, as the emulator's limiter opened them (at the first start or stop",
    'at least 60 s after the previous opening):',
    '',
    '| window | opened at | starts accepted | stops accepted | sandbox gets | 429s |',
    '|---|---|---|---|---|---|',
    ...windows,
    '',
  ].join('\n')
}

// 5. Bundle size -----------------------------------------------------------------
function bundleSizes(): string {
  const rows = ['main', 'post'].flatMap((step) =>
    readdirSync(join(ROOT, 'dist', step))
      .filter((file) => file.endsWith('.js'))
      .sort((a, b) => (a === 'index.js' ? -1 : b === 'index.js' ? 1 : a.localeCompare(b)))
      .map((file) => {
        const bytes = readFileSync(join(ROOT, 'dist', step, file))
        const text = bytes.toString('utf8')
        const when = file === 'index.js' ? 'at start' : text.includes('@octokit') || text.includes('octokit/core') ? 'only in mode: sweep (Octokit)' : 'only behind a proxy (undici)'
        return `| \`dist/${step}/${file}\` | ${when} | ${(bytes.length / 1024).toFixed(0)} KiB | ${(gzipSync(bytes).length / 1024).toFixed(0)} KiB |`
      }),
  )
  return ['## 5. Bundle size', '', '| file | loaded | size | gzip |', '|---|---|---|---|', ...rows, ''].join('\n')
}

const started = Date.now()
const parts: string[] = []
for (const section of SECTIONS.filter((s) => only.includes(s))) {
  if (section === 'cold') parts.push(await coldStart())
  if (section === 'lag') parts.push(await detectionLag())
  if (section === 'lifecycle') parts.push(await lifecycle())
  if (section === 'matrix') parts.push(await matrix())
  if (section === 'bundle') parts.push(bundleSizes())
}

const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: ROOT, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
})()
const cpu = cpus()
const report = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (scripts/bench.ts): the committed bundles against the emulator on loopback.',
  'Not a test; rerun it after a change that could move these numbers and commit the result.',
  '',
  '| | |',
  '|---|---|',
  `| date | ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC |`,
  `| machine | ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} GiB free), ${platform()} ${release()} |`,
  `| Node | ${process.version} |`,
  `| commit | ${commit} (dist/ as committed) |`,
  `| bench run time | ${seconds(Date.now() - started)} |`,
  '',
  ...parts,
].join('\n')

// The runs' work directories under the temp dir go with the run.
removeWorkDirs()
if (outFile === '-') console.log(report)
else {
  writeFileSync(outFile, report)
  log(`wrote ${outFile}`)
}
