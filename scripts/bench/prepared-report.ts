/** Benchmark section 16's report: one row per pool-size, beside what the sizing rule says. */
import { median, quantile, seconds } from './common.ts'
import { CLAIM_PHASES, LOOK_PHASES, traceRow, type Trace } from './prepared-trace.ts'

export interface PreparedResult {
  size: number
  jobs: number
  /** Real ms from a claimed job's step start to its run's first line. */
  claimedFirstLine: number[]
  /** The same for the jobs that started their own: provisioning and preparation scaled back to service time. */
  coldFirstLine: number[]
  /** Real ms from each claim to the keeper's start of its replacement. */
  gaps: number[]
  /** Billed service hours: pool sandboxes before their mark, after it until a claim or stop, jobs' own, holds. */
  hours: { preparing: number; idle: number; jobs: number; holds: number }
  hourly: number | undefined
  claimedTwice: number
  /** Answers 429 (the organization's rate limits, in the emulator's compressed minute). */
  limited: number
  /** Claimed sandboxes the keeper had not marked prepared before the claim. */
  unprepared: number
  leftLive: number
  failed: string[]
  /** Claimed jobs' phases to their first run line; the keeper's looks that started a replacement, by phase. */
  traces: { claims: Trace[]; looks: Trace[] }
}

/** P(Poisson(mean) < n). */
export function poissonBelow(n: number, mean: number): number {
  let term = Math.exp(-mean)
  let sum = 0
  for (let k = 0; k < n; k++) {
    sum += term
    term *= mean / (k + 1)
  }
  return sum
}

/**
 * 1 - Erlang B(n, mean): the share of arrivals a loss system of n servers serves. A claim starts one refill; a job that
 * claims none starts none (it starts its own sandbox), so at most n refills are under way.
 */
export function erlangServed(n: number, mean: number): number {
  let blocked = 1
  for (let k = 1; k <= n; k++) blocked = (mean * blocked) / (k + mean * blocked)
  return 1 - blocked
}

const stat = (values: number[]) =>
  values.length === 0 ? 'none' : `${seconds(median(values))} / ${seconds(quantile(values, 0.95))}`

export function preparedReport(
  rows: PreparedResult[],
  run: { scale: number; seed: number; jobs: number; jobsPerMinute: number; formatDollars: (n: number) => string },
): string {
  // λ·(L+P): jobs a minute times a refill's minutes (30 s provisioning + 90 s preparation).
  const mean = run.jobsPerMinute * 2
  const cost = (hours: number, hourly: number | undefined) =>
    `${hours.toFixed(2)} h${hourly === undefined ? '' : `, ${run.formatDollars(hours * hourly)}`}`
  const lines = rows.map((row) => {
    const share = (100 * row.claimedFirstLine.length) / Math.max(1, row.jobs)
    const expected = 100 * poissonBelow(row.size, mean)
    const erlang = 100 * erlangServed(row.size, mean)
    return (
      `| ${row.size} | ${row.claimedFirstLine.length} of ${row.jobs}: ${share.toFixed(0)} % | ${expected.toFixed(0)} % | ` +
      `${erlang.toFixed(0)} % | ` +
      `${stat(row.claimedFirstLine)} | ${stat(row.coldFirstLine)} | ${stat(row.gaps)} | ` +
      `${cost(row.hours.preparing, row.hourly)} | ${cost(row.hours.idle, row.hourly)} | ` +
      `${cost(row.hours.jobs, row.hourly)} | ${row.hours.holds.toFixed(2)} h | ` +
      `${row.claimedTwice} / ${row.unprepared} / ${row.leftLive} | ${row.limited} |`
    )
  })
  const failures = rows.flatMap((row) => row.failed.map((line) => `- pool-size ${row.size}: ${line}`))
  return [
    '## 16. Prepared pool: first run line, claim share, replacement gap and cost',
    '',
    `\`npm run bench -- --only prepared\` (seed ${run.seed}): ${run.jobs} pull requests' jobs arrive at random (a`,
    'Poisson process) over 30 minutes, each running 2 minutes on one A100, against the emulator as deployed with',
    '30 s provisioning and a real sshd. A keeper of the default branch (`mode: pool`, `pool-for: pull-requests`,',
    "`pool-watch`) keeps the pool; its preparation writes the environment's files and waits 90 s (a model of pip",
    'and a model download: the same script for the keeper and for a job that claims none). The action runs in',
    `process. The keeper runs on a clock ${run.scale} times faster than real time, as the emulator's records,`,
    "provisioning, rate windows and TTL do; the jobs' steps run on the real clock (their claims' bounds are seconds",
    "of their own work). A claimed job's time to its first line of `run` is real (claim, hold, upload, the job's",
    "start); a cold job's is its start plus the service's provisioning and its own preparation, scaled back. A",
    "claim's replacement gap runs from its hold's start (the claim's moment on the service) to the keeper's start",
    'of a pool sandbox, claims and starts matched first come, first served.',
    '',
    "| pool-size | claimed | P(Poisson(λ·(L+P)) < pool-size) | 1 − Erlang B(pool-size, λ·(L+P)) | claimed: to first run line, median / p95 | cold: to first run line, median / p95 | claim to its replacement's start, median / p95 | preparing (billed) | idle, prepared and unclaimed | jobs' own | holds | claimed twice / claimed unprepared or across domains / live after the drain | 429 answers |",
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...lines,
    '',
    `λ = ${run.jobsPerMinute} jobs a minute, L + P = 2 minutes: λ·(L+P) = ${mean}. The Poisson rule counts every job`,
    'as starting a refill; here only a claim does (a job that claims none starts its own sandbox, and the keeper',
    'refills only what was claimed), so at most pool-size refills are under way and the pool is a loss system:',
    'the share it serves is 1 − Erlang B, at least the Poisson rule, and the two meet as pool-size grows past',
    'λ·(L+P). A 30-minute window that begins with a warm pool serves a little more than the long run. Preparing is the billed time of',
    'each pool sandbox from its start to its mark (provisioning included, or to its stop where it never got one);',
    "idle from its mark to its claim or stop; jobs' own from the claim (or a cold start) to the stop; holds are",
    'the 1-vCPU claims of the pull requests\' domain. "Claimed unprepared or across domains" counts claimed',
    "sandboxes the pull requests' keeper had not marked prepared before the claim. As in section 14, the",
    "compressed clock turns the keeper's own seconds (a look) into more service time, and all of it shares this",
    "machine's 2 cores with the jobs: a keeper here looks 6 times as often as one on a runner of its own.",
    ...traceSection(rows, run.scale),
    ...(failures.length > 0 ? ['', 'Steps that failed:', ...failures] : []),
    '',
  ].join('\n')
}

/** Where a claimed job's first run line and a replacement's start went, by phase (the action's debug lines). */
function traceSection(rows: PreparedResult[], scale: number): string[] {
  const lookEvery = (2 / scale).toFixed(2)
  return [
    '',
    "### Where the time goes: a claim and a keeper's look, by phase",
    '',
    "Each phase's median / p95 in real time, read from the action's own debug lines (`Pool 'ci': the claim took …`,",
    "`Pool 'ci': look N took …`, shown with step debug logging) and the step's log as it came. A claim: the step's",
    "SSH key and certificate (key), the service's list, the survey of the candidates over SSH (their records and",
    "their claim files, 4 at a time), the link on the sandbox, the hold (a start request of the pull requests'",
    "domain), the SSH access and the run's setup until the upload (access), the upload, and the job's start to",
    'its first line.',
    '',
    `| pool-size | claims | ${CLAIM_PHASES.join(' | ')} | to first run line |`,
    `|---|---|${CLAIM_PHASES.map(() => '---|').join('')}---|`,
    ...rows.map((row) => traceRow(String(row.size), row.traces.claims, CLAIM_PHASES)),
    '',
    "A look of the keeper that started a replacement: the certificate's renewal where due, the list (one a look),",
    "the idle rule, the count of live sandboxes for max-live, the ready ones' survey (those it knows prepared are",
    `not asked again), and the start request with its max-live check. A look comes every 2 s of the keeper's clock`,
    `(${lookEvery} s real here); a replacement's gap above is the wait for the next look, the look, and the start.`,
    '',
    `| pool-size | looks | ${LOOK_PHASES.join(' | ')} | the look |`,
    `|---|---|${LOOK_PHASES.map(() => '---|').join('')}---|`,
    ...rows.map((row) => traceRow(String(row.size), row.traces.looks, LOOK_PHASES)),
    // A compressed run says where its real-clock twin is; a real-clock run is that twin.
    ...(scale === 1
      ? []
      : [
          '',
          "What is this machine's and what is the action's: the same pool-size with the keeper on the real clock",
          '(`npm run bench -- --only prepared --prepared-sizes 8 --prepared-scale 1 --out FILE`, 38 minutes); its',
          'numbers are in [prepared-pool.md](prepared-pool.md#sizing).',
        ]),
  ]
}
