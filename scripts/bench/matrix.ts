/** Benchmark sections 4 and 5: a matrix of jobs at the real rate limits, and the bundle sizes. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { Emulator, type RecordedRequest } from '../../emulator/emulator.ts'
import { ROOT, runAction, type ActionRun } from '../lib/action-runner.ts'
import { argument, log, median, routeKey, seconds } from './common.ts'

// 4. Matrix ----------------------------------------------------------------------
export async function matrix(): Promise<string> {
  const jobs = Number(argument('jobs') ?? 60)
  const windowMs = 60_000
  const startStopLimit = 30
  const getListLimit = 600
  const provisioningMs = 30_000
  const emulator = new Emulator({ provisioningMs, rateWindowMs: windowMs, startStopLimit, getListLimit })
  const baseUrl = await emulator.start()
  const inputs = {
    'api-token': emulator.token,
    'base-url': baseUrl,
    'gpu-type': 'A100',
    'poll-interval': '1s',
    timeout: '15m',
  }
  // Every job gets an A100: capacity is not what this section measures.
  emulator.options.capacity.A100 = jobs
  log(
    `matrix: ${jobs} jobs, real limits (${startStopLimit} start+stop and ${getListLimit} get+list per ${windowMs / 1000} s); takes a few minutes`,
  )
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
  if (dump)
    writeFileSync(
      dump,
      JSON.stringify(
        startStopInOrder.map((r) => ({
          at: r.at - windowStarts[0]!,
          method: r.method,
          path: r.path,
          status: r.status,
        })),
        null,
        1,
      ),
    )
  log(
    `matrix: makespan ${seconds(makespan)}, bound ${seconds(lowerBound)}, ratio ${ratio.toFixed(2)}, leaked ${leaked.length}`,
  )
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
export function bundleSizes(): string {
  const rows = ['main', 'post'].flatMap((step) =>
    readdirSync(join(ROOT, 'dist', step))
      .filter((file) => file.endsWith('.js'))
      .sort((a, b) => (a === 'index.js' ? -1 : b === 'index.js' ? 1 : a.localeCompare(b)))
      .map((file) => {
        const bytes = readFileSync(join(ROOT, 'dist', step, file))
        const text = bytes.toString('utf8')
        const when =
          file === 'index.js'
            ? 'at start'
            : text.includes('@octokit') || text.includes('octokit/core')
              ? 'only in mode: sweep (Octokit)'
              : 'only behind a proxy (undici)'
        return `| \`dist/${step}/${file}\` | ${when} | ${(bytes.length / 1024).toFixed(0)} KiB | ${(gzipSync(bytes).length / 1024).toFixed(0)} KiB |`
      }),
  )
  return ['## 5. Bundle size', '', '| file | loaded | size | gzip |', '|---|---|---|---|', ...rows, ''].join('\n')
}
