/** Benchmark sections 1 to 3: cold start, detection lag, requests per lifecycle. */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../../emulator/emulator.ts'
import { GENERATIONS, type Generation } from '../../emulator/generation.ts'
import { runAction, runStep } from '../lib/action-runner.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../lib/fake-github.ts'
import { argument, countBy, log, median, ms, quantile, seconds, timeProcess, UNLIMITED } from './common.ts'

// 1. Cold start -----------------------------------------------------------------
export async function coldStart(): Promise<string> {
  const rounds = 15
  const emulator = new Emulator({ provisioningMs: 50, ...UNLIMITED })
  const baseUrl = await emulator.start()
  const bare: number[] = []
  const action: number[] = []
  // Warm the file cache for both, then interleave so drift hits both alike.
  await timeProcess(['-e', '0'])
  // Node's compile cache off: a runner has none (the tests' steps share one).
  const env = { NODE_DISABLE_COMPILE_CACHE: '1' }
  await runAction({ inputs: { 'api-token': emulator.token, 'base-url': baseUrl, wait: 'false' }, env })
  for (let round = 0; round < rounds; round++) {
    bare.push(await timeProcess(['-e', '0']))
    emulator.requests.length = 0
    const spawnedAt = Date.now()
    const run = await runAction({ inputs: { 'api-token': emulator.token, 'base-url': baseUrl, wait: 'false' }, env })
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
    const run = await runStep('main', {
      inputs: { 'api-token': emulator.token, 'base-url': baseUrl, mode: 'sweep', 'github-token': GITHUB_TOKEN },
      env: { ...env, GITHUB_API_URL: served.url },
    })
    github.answer = original
    if (run.exitCode !== 0 || !emulator.requests[0] || !githubAt)
      throw new Error(`sweep cold start run failed: ${run.stdout}`)
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
  const emulator = new Emulator({
    provisioningMs: provisioningS * 1000,
    provisioningJitterMs: spreadMs,
    generation,
    ...UNLIMITED,
  })
  const baseUrl = await emulator.start()
  try {
    return await Promise.all(
      Array.from({ length: LAG_RUNS }, async (_, index) => {
        // Staggered launches: cold starts do not pile onto one core at once.
        await new Promise((resolve) => setTimeout(resolve, index * 300))
        const workDir = mkdtempSync(join(tmpdir(), 'bench-lag-'))
        mkdirSync(join(workDir, 'temp'))
        const main = await runStep('main', {
          inputs: { 'api-token': emulator.token, 'base-url': baseUrl, 'poll-interval': '1s', timeout: '30m' },
          workDir,
          timeoutMs: 40 * 60_000,
        })
        if (main.exitCode !== 0) throw new Error(`lag run failed: ${main.stdout}`)
        const id = main.outputs['sandbox-id'] ?? ''
        const readyAt = emulator.statusTimes.get(id)?.running
        if (readyAt === undefined) throw new Error(`no ready time for ${id}`)
        const outputsWrittenAt = statSync(join(workDir, 'main-output.txt')).mtimeMs
        const reads = emulator.requests.filter(
          (r) => r.method === 'GET' && (r.path === `/sandboxes/${id}` || r.path === `/sandboxes/${id}/wait`),
        ).length
        await runStep('post', {
          inputs: { 'api-token': emulator.token, 'base-url': baseUrl },
          state: main.state,
          workDir,
        })
        rmSync(workDir, { recursive: true, force: true })
        return { lagMs: outputsWrittenAt - readyAt, reads }
      }),
    )
  } finally {
    await emulator.close()
  }
}

export async function detectionLag(): Promise<string> {
  log(
    `detection lag: ${LAG_RUNS} runs for each of ${LAG_TIMES_S.join(', ')} s, with and without the blocking wait, all at once (about ${Math.max(...LAG_TIMES_S) / 60 + 1} minutes)`,
  )
  // Longest first; the shorter ones start once the cold starts of the longer ones are over, so that
  // a short provisioning is not measured on a machine busy starting 40 other processes.
  const order = [...LAG_TIMES_S].sort((a, b) => b - a)
  const cases = order.flatMap((t) =>
    GENERATIONS.map((generation) => ({ t, generation, launchAfterMs: t >= 120 ? 0 : t >= 30 ? 60_000 : 120_000 })),
  )
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
    log(
      `lag ${generation} T=${t}s: median ${ms(median(lags))}, p95 ${ms(quantile(lags, 0.95))}, reads max ${Math.max(...reads)}`,
    )
    return `| ${t} s | ${generation === 'current' ? 'blocking wait' : 'polling (no route)'} | ${ms(median(lags))} | ${ms(quantile(lags, 0.95))} | ${ms(Math.max(...lags))} | ${median(reads)} / ${Math.max(...reads)}${target} | ${jobs} |`
  })
  return [
    '## 2. Detection lag, with and without the blocking wait',
    '',
    "Time from the emulator turning a sandbox ready (`ready` as deployed, `running` in v1.0) to the main step's last write",
    `to \`GITHUB_OUTPUT\` (the mtime of the output file), with \`poll-interval: 1s\`. ${LAG_RUNS} runs per row; the 600 s and 120 s`,
    "rows start together, the 30 s rows a minute later and the 5 s rows two minutes later (after the others' cold starts);",
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

export async function lifecycle(): Promise<string> {
  const provisioningMs = 30_000
  const results = await Promise.all(GENERATIONS.map((generation) => lifecycleCounts(generation, provisioningMs)))
  const shared: Record<string, string> = {
    'GET /pricing': 'GET /pricing (cost estimate, summary)',
    'GET /credit-alert': 'GET /credit-alert (summary)',
  }
  const labels: Record<'main' | 'post', Record<string, string>> = {
    main: {
      ...shared,
      'GET /sandboxes/:id': 'GET /sandboxes/:id (polls)',
      'GET /sandboxes/:id/wait': 'GET /sandboxes/:id/wait (blocking wait)',
    },
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
    ).flatMap(([step, counts]) =>
      Object.entries(counts).map(([route, count]) => [step, labels[step][route] ?? route, count]),
    )
    log(`lifecycle ${generation}: ${total} requests (${rows.map((r) => r[2]).join(' + ')})`)
    lines.push(
      `| ${generation} | | | |`,
      ...rows.map(([step, request, count]) => `| | ${step} | \`${request}\` | ${count} |`),
      `| | | **total** | **${total}** |`,
    )
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
