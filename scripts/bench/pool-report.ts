/** Benchmark section 14's report: one row per pool-size, and what each number means. */
import { seconds } from './common.ts'

export interface SizeResult {
  size: number
  jobs: number
  toId: { median: number; p95: number }
  toReady: { median: number; p95: number }
  cold: number
  coldWhy: { empty: number; taken: number; other: number }
  claims: number
  lostRaces: number
  largestLive: number
  maxLive: number
  idleHours: number
  jobsHours: number
  hourly: number | undefined
  claimedTwice: number
  stoppedInUse: number
  leftLive: number
  failed: string[]
  wallMs: number
}

export function poolReport(
  rows: SizeResult[],
  run: { scale: number; seed: number; jobs: number; formatDollars: (amount: number) => string },
): string {
  const cost = (hours: number, hourly: number | undefined) =>
    hourly === undefined ? `${hours.toFixed(2)} h` : `${hours.toFixed(2)} h, ${run.formatDollars(hours * hourly)}`
  const coldWhy = (row: SizeResult) =>
    row.size === 0 ? '' : ` (${row.coldWhy.empty} empty, ${row.coldWhy.taken} all claimed, ${row.coldWhy.other} else)`
  const share = (row: SizeResult) => (100 * row.idleHours) / Math.max(1e-9, row.idleHours + row.jobsHours)
  const lines = rows.map(
    (row) =>
      `| ${row.size} | ${seconds(row.toId.median)} / ${seconds(row.toId.p95)} | ` +
      `${seconds(row.toReady.median)} / ${seconds(row.toReady.p95)} | ${row.cold}${coldWhy(row)} | ${row.claims} | ` +
      `${row.lostRaces} | ${row.largestLive} (max-live ${row.maxLive}) | ${cost(row.idleHours, row.hourly)} | ` +
      `${cost(row.jobsHours, row.hourly)} | ${share(row).toFixed(0)} % | ` +
      `${row.claimedTwice} / ${row.stoppedInUse} / ${row.leftLive} |`,
  )
  const failures = rows.flatMap((row) => row.failed.map((line) => `- pool-size ${row.size}: ${line}`))
  return [
    '## 14. Warm pool: time to a ready sandbox, and what idling costs',
    '',
    `\`npm run bench -- --only pool\` (seed ${run.seed}): ${run.jobs} jobs arrive at random (a Poisson process) over`,
    '30 minutes, each holds one A100 sandbox for 2 minutes, against the emulator as deployed with 30 s',
    `provisioning, a real sshd for the claims and max-live ${rows[0]?.maxLive ?? '?'}. The action's own code runs in process`,
    `(runMain, runPost) on a clock ${run.scale} times faster than real time, and so do the emulator's records, rate`,
    "windows, provisioning and TTL. The action's own work (requests, SSH claims) is real and reported as it",
    "took; a cold start's wait for provisioning is scaled back to service time. As in",
    '`examples/warm-pool.yml`, a keeper (`mode: pool`) warms the pool before the first job; then the jobs',
    'alone keep it, and after the last job the keeper drains it (`pool-size: 0`). Idle includes the warm-up.',
    '',
    "| pool-size | to sandbox-id, median / p95 | to ready, median / p95 | cold starts | claims | lost claim races | most live | idle (pool sandboxes unclaimed, billed) | jobs' own | idle share | claimed twice / stopped in use / live after the drain |",
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...lines,
    '',
    'A lost claim race: a sandbox unclaimed when the step looked at it, claimed by another step when it asked.',
    'A cold start sets `sandbox-id` once the start is accepted (well before ready); a claim sets it',
    'ready. With `run`, the first line of output follows ready by the upload, the same with or',
    'without a pool. Idle is billed time of a pool sandbox before its claim (provisioning included) or,',
    "never claimed, until its stop; the idle share is idle / (idle + jobs' own). By Little's law a pool",
    'that holds n ready sandboxes while λ jobs a minute each hold one for T minutes idles about',
    'n / (n + λT) of the time: here λT = 2 × 2 = 4, so pool-size 2 idles about a third, and',
    'a share under 15 % would need λT ≥ 11 (longer jobs or a busier hour) or a smaller pool. A job finds a',
    'ready sandbox when fewer than n refills are under way: refills take 30 s, so at λ = 2 a minute',
    'P(N(30 s) < n) is 74 % for n = 2 and 98 % for n = 4; a p95 below the provisioning time needs the',
    "latter. The compressed clock also compresses the action's own second of claim and stop into 15 s of",
    'service time, so jobs overlap more here than they would, and pool-size 4 claims less than 98 %.',
    ...(failures.length > 0 ? ['', 'Steps that failed:', ...failures] : []),
    '',
  ].join('\n')
}
