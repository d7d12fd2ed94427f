/** Benchmark section 10's report: what a matrix of legs asked GitHub, met, kept and lost (github-matrix.ts). */
import type { Emulator } from '../../emulator/emulator.ts'
import type { SandboxState } from '../../emulator/options.ts'
import type { StepResult } from '../lib/action-runner.ts'
import type { FakeGitHub } from '../lib/fake-github.ts'
import type { FakeResults } from '../lib/fake-results.ts'
import { median, seconds } from './common.ts'

export interface Setting {
  kind: 'runner' | 'comment'
  legs: number
  scale: number
  windowMs: number
  startStopLimit: number
  provisioningMs: number
  jobMs: number
  /** The token's requests an hour: an App token's 5,000 (runner mode), GITHUB_TOKEN's 1,000 (the comment). */
  perHour: number
}

export interface Leg {
  index: number
  main: StepResult
  post: StepResult
  /** GitHub API requests with this leg's token (main and post), as GitHub counts them (a 304 is free). */
  requests: number
  /** When its main step ended (with run: its run). */
  mainEndedAt: number
  endedAt: number
  sandboxId: string
  /** Its job ran to its end on its sandbox (runner mode), or its run did (run). */
  served: boolean
  /** Its sandbox was stopped before its job ended. */
  killed: boolean
}

interface Services {
  emulator: Emulator
  github: FakeGitHub
  results: FakeResults
}

/** Requests of each leg's token while its job ran (runner mode): none periodic means none at all. */
function duringJobs(github: FakeGitHub, legs: Leg[]): number[] {
  return legs.map((leg) => {
    const job = github.runners.jobs.find((candidate) => candidate.name === `test (${leg.index})`)
    const token = `-leg${leg.index}`
    if (job?.startedAt === undefined || job.endedAt === undefined) return NaN
    return github.requests.filter(
      (r) => r.token?.endsWith(token) && r.at > (job.startedAt ?? 0) && r.at < (job.endedAt ?? 0),
    ).length
  })
}

/** The rows of the one comment (its legs' markers), and how many comments there are. */
function commentRows(github: FakeGitHub): { comments: number; rows: Set<string> } {
  const comments = github.pulls.pulls.get(7)?.comments ?? []
  const rows = new Set<string>()
  for (const comment of comments)
    for (const line of comment.body.split('\n')) {
      const name = /^\| <!--r:\w+:\w+-->(test \(\d+\))/.exec(line)?.[1]
      if (name) rows.add(name)
    }
  return { comments: comments.length, rows }
}

/** From the last leg's run's end to the comment's last write (ms). */
function finalAfter(github: FakeGitHub, legs: Leg[]): number {
  const writes = github.requests.filter((r) => r.method === 'PATCH' || r.method === 'POST').map((r) => r.at)
  const lastWrite = performance.timeOrigin + Math.max(...writes)
  return lastWrite - Math.max(...legs.map((leg) => leg.mainEndedAt))
}

/** The compute service's bound: 2 accepted starts and stops a leg, `startStopLimit` a window; a job between. */
function bound(at: Setting): number {
  const windows = (n: number) => Math.floor((n - 1) / at.startStopLimit) * at.windowMs
  return Math.max(windows(2 * at.legs), windows(at.legs) + at.provisioningMs + at.jobMs)
}

export function matrixReport(at: Setting, legs: Leg[], s: Services, launchedAt: number, live: SandboxState[]): string {
  const { github } = s
  const limits = github.limits
  const perLeg = legs.map((leg) => leg.requests)
  const makespan = Math.max(...legs.map((leg) => leg.endedAt)) - launchedAt
  const limit = bound(at)
  const failed = (step: 'main' | 'post') => legs.filter((leg) => leg[step].exitCode !== 0).length
  const met = limits?.met ?? { primary: 0, concurrent: 0, points: 0, content: 0 }
  const rows: string[][] = [
    ['legs', `${at.legs}`],
    ['main steps succeeded / post steps succeeded', `${at.legs - failed('main')} / ${at.legs - failed('post')}`],
    [
      at.kind === 'runner' ? 'legs served (the job ran to its end on its sandbox)' : 'legs whose run passed',
      `${legs.filter((leg) => leg.served).length}`,
    ],
    ['**legs that lost their sandbox while running** (must be 0)', `**${legs.filter((leg) => leg.killed).length}**`],
    ['**leaked** (live after every post step)', `**${live.length}**`],
    ['GitHub requests per leg, main and post: median / max', `${median(perLeg)} / ${Math.max(...perLeg)}`],
    [
      `**GitHub requests in all** (the token has ${at.perHour.toLocaleString('en-US')} an hour; a 304 is free)`,
      `**${github.counted().length}** (${((100 * github.counted().length) / at.perHour).toFixed(0)} % of its hour)`,
    ],
    [
      'rate-limit answers met: primary / concurrent / points / content',
      `${met.primary} / ${met.concurrent} / ${met.points} / ${met.content}`,
    ],
    ['most GitHub requests in flight at once (limit 100)', `${limits?.peakInFlight ?? 0}`],
  ]
  if (at.kind === 'runner') {
    const during = duringJobs(github, legs)
    rows.push(['GitHub requests while a leg’s job ran: median / max', `${median(during)} / ${Math.max(...during)}`])
  } else {
    const { comments, rows: found } = commentRows(github)
    rows.push(['comments on the pull request', `${comments}`])
    rows.push([
      "**comment rows lost** (not in the comment; each leg's row is in its job summary)",
      `**${at.legs - found.size}**`,
    ])
    const body = github.pulls.pulls.get(7)?.comments[0]?.body ?? ''
    rows.push(['comment size (GitHub takes 65,536 characters)', `${body.length}`])
    const yielded = legs.filter((leg) => leg.post.stdout.includes('the comment yields')).length
    rows.push(['legs whose comment yielded (the token could not spare it)', `${yielded}`])
    const writers = legs.filter((leg) => /comment: (created|updated) the comment/.test(leg.post.stdout)).length
    rows.push(['legs that wrote the comment (the last to end)', `${writers}`])
    const { results } = s
    rows.push([
      "results service: calls / malformed / the comment's artifacts left in the run",
      `${results.calls.length} / ${results.malformed.length} / ${results.names().length}`,
    ])
    const after = finalAfter(github, legs)
    rows.push(['comment final after the last leg’s run ended', Number.isFinite(after) ? seconds(after) : 'no comment'])
  }
  rows.push(['makespan (launch to last post step exit)', seconds(makespan)])
  rows.push(["the compute service's bound", seconds(limit)])
  rows.push(['**ratio**', `**${(makespan / limit).toFixed(2)}**`])
  return rows.map(([what, value]) => `| ${what} | ${value} |`).join('\n')
}
