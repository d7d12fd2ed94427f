/**
 * Benchmark section 10 (issue 43): a matrix of legs on one GitHub token,
 * through the bundles, against the emulator (each sandbox its own sshd and
 * home, as machines are) and a fake GitHub that enforces GitHub's limits as
 * GitHub answers them (fake-github-limits.ts). Once in runner mode (each leg's
 * job queued for its label, handed to its runner as it connects, running on
 * the sandbox), once with `run` and `comment: true` on one pull request.
 *
 * Time is compressed by `--scale` (default 6): the compute service's window,
 * provisioning, GitHub's minute and hour and the jobs all last 1/scale as long;
 * the steps' own work (processes, SSH) does not. Each leg's token is distinct
 * only so the fake can count each leg's requests: the limits count them as one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../../emulator/emulator.ts'
import { runStep, type StepResult } from '../lib/action-runner.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../lib/fake-github.ts'
import { GitHubLimits } from '../lib/fake-github-limits.ts'
import { FakeResults } from '../lib/fake-results.ts'
import { standInPackage } from '../lib/fake-runner-package.ts'
import { argument, log } from './common.ts'
import { matrixReport, type Leg, type Setting } from './github-report.ts'

const RUN_ID = 4242

function setting(kind: Setting['kind']): Setting {
  const scale = Number(argument('scale') ?? 6)
  const minute = 60_000 / scale
  return {
    kind,
    legs: Number(argument('legs') ?? 240),
    scale,
    windowMs: minute,
    startStopLimit: 30,
    provisioningMs: 30_000 / scale,
    jobMs: (kind === 'runner' ? 180_000 : 120_000) / scale,
    perHour: kind === 'runner' ? 5_000 : 1_000,
  }
}

async function services(at: Setting) {
  const emulator = new Emulator({
    generation: 'current',
    ssh: true,
    sshHost: { perSandbox: true, loginUser: 'self', docker: 'stand-in' },
    provisioningMs: at.provisioningMs,
    rateWindowMs: at.windowMs,
    startStopLimit: at.startStopLimit,
    getListLimit: 600,
    stopMs: 200,
  })
  emulator.options.capacity.A100 = at.legs
  const baseUrl = await emulator.start()
  const github = new FakeGitHub()
  // Runner mode registers runners: an App token (5,000 an hour). The comment matrix runs on GITHUB_TOKEN, the
  // default github-token: 1,000 an hour for the whole repository (issue 46).
  github.limits = new GitHubLimits({ scale: at.scale, latencyMs: 150, perHour: at.perHour })
  // The listener asks every 2 s, not 0.3 s: hundreds of stand-ins polling would measure this machine's CPU instead.
  github.runners.package = standInPackage(2)
  github.runners.advertisedSha256 = github.runners.package.sha256
  const served = await github.serve()
  // The results service the runner gives every leg's steps (the comment's rows travel as the run's artifacts).
  const results = new FakeResults()
  const resultsServed = await results.serve()
  /** The legs' homes, removed after the run. */
  const homes: string[] = []
  return { emulator, baseUrl, github, served, homes, results, resultsServed }
}

/** A leg's own home (its ~/.ssh) and workspace. */
function legHome(index: number): string {
  const home = mkdtempSync(join(tmpdir(), `bench-leg-${index}-`))
  mkdirSync(join(home, '.ssh'))
  mkdirSync(join(home, 'temp'))
  writeFileSync(join(home, 'test.py'), 'print("ok")\n')
  return home
}

type Services = Awaited<ReturnType<typeof services>>

async function runLeg(at: Setting, s: Services, index: number, inputs: Record<string, string>, env: object) {
  const home = legHome(index)
  s.homes.push(home)
  const token = `${GITHUB_TOKEN}-leg${index}`
  s.github.tokens.add(token)
  // gpu-report off: the emulated nvidia-smi forks some 20 processes a second on each of the 240 sandboxes, which
  // would measure this machine's CPU, not GitHub (section 11 measures the sampler).
  const legInputs = {
    'api-token': s.emulator.token,
    'base-url': s.baseUrl,
    'gpu-type': 'A100',
    'gpu-report': 'false',
    ...inputs,
  }
  const allEnv = {
    HOME: home,
    RUNNER_TEMP: join(home, 'temp'),
    GITHUB_WORKSPACE: home,
    GITHUB_API_URL: s.served.url,
    GITHUB_SERVER_URL: s.served.url,
    RUNNER_NAME: `GitHub Actions ${index}`,
    // --no-artifacts: a runner without the results service (GHES), each leg writing its own row.
    ...(process.argv.includes('--no-artifacts') ? {} : s.results.env(`job-${index}`)),
    ...env,
  }
  const step = { inputs: { ...legInputs, 'github-token': token }, env: allEnv, workDir: home, timeoutMs: 3_600_000 }
  const main: StepResult = await runStep('main', step)
  const mainEndedAt = Date.now()
  const post: StepResult = await runStep('post', { ...step, state: main.state })
  // --dump DIR: each leg's log, to see why a number is what it is.
  const dump = argument('dump')
  if (dump) {
    mkdirSync(dump, { recursive: true })
    writeFileSync(join(dump, `${at.kind}-${index}.log`), `${main.stdout}\n----- post\n${post.stdout}`)
  }
  // As GitHub counts them: a 304 is free.
  const requests = s.github.counted().filter((r) => r.token === token).length
  const sandboxId = main.outputs['sandbox-id'] ?? ''
  return { index, main, post, requests, mainEndedAt, endedAt: Date.now(), sandboxId }
}

/** When a leg's sandbox was first stopped (an accepted stop request), by the emulator's record. */
function stoppedAt(emulator: Emulator, id: string): number | undefined {
  return emulator.stopRequestsFor(id).find((r) => typeof r.status === 'number' && r.status < 400)?.at
}

/** Runs every leg at once on fresh services, reports, and removes what the legs made. */
async function matrixRun(
  kind: Setting['kind'],
  leg: (at: Setting, s: Services, index: number) => Promise<Leg>,
  prepare: (s: Services) => void = () => undefined,
) {
  const at = setting(kind)
  const s = await services(at)
  prepare(s)
  const launchedAt = Date.now()
  try {
    const legs = await Promise.all(Array.from({ length: at.legs }, (_, index) => leg(at, s, index)))
    const dump = argument('dump')
    if (dump) writeFileSync(join(dump, `${kind}-requests.json`), JSON.stringify(s.github.requests))
    return matrixReport(at, legs, s, launchedAt, await s.emulator.settle(10_000))
  } finally {
    await s.served.close()
    await s.resultsServed.close()
    await s.emulator.close()
    for (const home of s.homes.splice(0)) rmSync(home, { recursive: true, force: true })
  }
}

export async function runnerMatrix(): Promise<string> {
  log(`github matrix, runner mode: ${setting('runner').legs} legs, time / ${setting('runner').scale}`)
  return matrixRun('runner', async (at, s, index) => {
    const label = `gpu-leg-${index}`
    const plan = [{ name: 'tests', run: `sleep ${at.jobMs / 1000}` }]
    s.github.runners.queue(label, { runId: RUN_ID, attempt: 1, name: `test (${index})` }, plan)
    const leg = await runLeg(at, s, index, { runner: 'true', 'runner-label': label, timeout: '60m' }, {})
    const job = s.github.runners.jobs.find((candidate) => candidate.name === `test (${index})`)
    const jobEnd = job?.endedAt === undefined ? undefined : performance.timeOrigin + job.endedAt
    const stop = stoppedAt(s.emulator, leg.sandboxId)
    const killed = job?.status !== 'completed' || jobEnd === undefined || stop === undefined || stop < jobEnd
    return { ...leg, served: job?.conclusion === 'success', killed }
  })
}

export async function commentMatrix(): Promise<string> {
  log(`github matrix, run + comment: ${setting('comment').legs} legs, time / ${setting('comment').scale}`)
  const head = 'e'.repeat(40)
  const eventDir = mkdtempSync(join(tmpdir(), 'bench-event-'))
  const event = join(eventDir, 'event.json')
  // A maintainer's label started the run: every leg's gate reads the pull request (approve-label).
  const labeled = { action: 'labeled', label: { name: 'gpu-ok' }, pull_request: { number: 7, head: { sha: head } } }
  writeFileSync(event, JSON.stringify(labeled))
  const env = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_WORKFLOW: 'GPU tests' }
  try {
    return await matrixRun(
      'comment',
      async (at, s, index) => {
        // The leg's record in this run (what the comment names its row by).
        s.github.runners.jobs.push({
          id: 50_000 + index,
          runId: RUN_ID,
          attempt: 1,
          name: `test (${index})`,
          runnerId: 0,
          runnerName: `GitHub Actions ${index}`,
          status: 'in_progress',
        })
        const run = `sleep ${at.jobMs / 1000} && cat test.py`
        const inputs = { run, upload: 'test.py', comment: 'true', 'approve-label': 'gpu-ok' }
        const leg = await runLeg(at, s, index, { ...inputs, timeout: '60m' }, { ...env, GITHUB_JOB: 'test' })
        return { ...leg, served: leg.main.exitCode === 0, killed: false }
      },
      (s) => s.github.pulls.add(7, head, 'gpu-ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z'),
    )
  } finally {
    rmSync(eventDir, { recursive: true, force: true })
  }
}

export async function githubSection(): Promise<string> {
  const at = setting('runner')
  // --part runner or --part comment: one of the two (to look at it; the committed section has both).
  const part = argument('part')
  const runner = part === 'comment' ? '' : await runnerMatrix()
  const comment = part === 'runner' ? '' : await commentMatrix()
  return [
    `## 10. A ${at.legs}-leg matrix on one GitHub token`,
    '',
    `${at.legs} legs at once through the bundles, against the emulator (the compute service's real limits:`,
    `${at.startStopLimit} start+stop requests a window; each sandbox its own sshd and home) and a fake GitHub that`,
    "enforces GitHub's limits as GitHub answers them: the token's requests an hour shared by every leg (primary: 403",
    'with `x-ratelimit-remaining: 0`), and the secondary limits, 403 with `retry-after: 60`: 100 requests in flight,',
    '900 REST points a minute (a write 5), 80 content-creating requests (POST) a minute; every answer takes 150 ms,',
    'carries `x-ratelimit-*`, and a conditional read whose answer did not change is a free 304. Runner mode runs on',
    'a GitHub App token (5,000 an hour: registering runners needs one); `run` + `comment` on `GITHUB_TOKEN`, the',
    'default `github-token` (1,000 an hour for the whole repository). Time is compressed ' +
      `${at.scale}-fold (the compute service's window, provisioning, GitHub's minute and hour, retry-after and the`,
    "jobs); the steps' own work is not. Each leg's token differs only so its requests can be counted; the limits",
    'count them as one token. `gpu-report: false` (the emulated `nvidia-smi` on 240 sandboxes would measure this',
    "machine's CPU). Written by `npm run bench -- --only github` (scripts/bench/github-matrix.ts).",
    '',
    `**Runner mode**: each leg registers its runner (\`runner-label: gpu-leg-<n>\`); its job (${(at.jobMs * at.scale) / 60_000}`,
    `minutes, ${at.jobMs / 1000} s compressed) is queued for that label and handed to the runner as it connects,`,
    'runs on the sandbox, and the post step waits for it (the stand-in runner, which asks the fake every 2 s).',
    '',
    '| | |',
    '|---|---|',
    runner,
    '',
    "**`run`, `comment: true` and `approve-label` on a `labeled` run, on `GITHUB_TOKEN`**: each leg's gate reads pull",
    'request #7, the leg uploads a file and runs a command of 2 minutes (20 s compressed) on its sandbox, and its post',
    "step gives its row to the run's artifacts (a fake of the Actions results service, which is not GitHub's REST API",
    'and spends nothing of the hour); the last legs to end write every row into the one comment.',
    '',
    '| | |',
    '|---|---|',
    comment,
    '',
  ].join('\n')
}
