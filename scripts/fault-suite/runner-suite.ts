/**
 * The fault suite for runner mode's stranded jobs (issue 37): the bundled main
 * step of `runner: true` that cannot serve its runner (an input error, a token
 * the service refuses, no capacity, every start answered 503, a sandbox that
 * failed, GitHub losing the registration's answer, the main step cancelled or
 * killed while it sets the failing runner up), then the post step, with the
 * stranded job handed to the failing runner once the post step waits for it.
 * After every run: the post step succeeded, no sandbox is live, every runner
 * registration is deleted, the failing runner's processes, user and directory
 * are gone, a job handed to it failed with one ::error, and no token is visible.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator, type FaultRule } from '../../emulator/emulator.ts'
import type { Generation } from '../../emulator/generation.ts'
import type { EmulatorOptions } from '../../emulator/emulator.ts'
import { onceOutput, runStep, visibleText, type StepResult } from '../lib/action-runner.ts'
import { BREAKAGES, judgePost, type Breakage } from './runner-breaks.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../lib/fake-github.ts'
import { THIS_RUN } from '../lib/fake-runners.ts'

export interface RunnerScenario {
  label: string
  generation: Generation
  inputs: Record<string, string>
  emulator: EmulatorOptions
  /** Prepares the fake GitHub (e.g. loses the registration's answer). */
  github?: (github: FakeGitHub) => void
  /** A signal to the main step once its output shows `after`. */
  signal?: { name: NodeJS.Signals; after: string }
  /** Issue 48: this many jobs of the run queued for the label before the main step (else one, handed in the post). */
  waiting?: number
  /**
   * Issue 48: the first queued job succeeds and breaks the sandbox for the next runner: its run.sh gone, its bin/ gone
   * (issue 54), or the sandbox's sshd refusing new connections while it runs (issue 54). The main step passes; the
   * post step fails, naming what could not start, and every job still waiting is failed.
   */
  breaks?: Breakage
}

export interface RunnerOutcome {
  scenario: RunnerScenario
  faultsApplied: number
  /** A stranded job was handed to the failing runner and failed with one ::error. */
  strandedFailed: boolean
  problems: string[]
}

const ALL_ATTEMPTS = [1, 2, 3, 4, 5, 6, 7, 8]

export function runnerMatrix(generation: Generation): RunnerScenario[] {
  const start = (fault: FaultRule['fault']): FaultRule[] => [
    { route: 'POST /sandboxes/start', attempts: ALL_ATTEMPTS, fault },
  ]
  const base = { generation, emulator: {} }
  return [
    { ...base, label: `${generation} runner: an input error`, inputs: { 'gpu-type': 'B200' } },
    { ...base, label: `${generation} runner: the service refuses the token`, inputs: { 'api-token': 'wrong' } },
    {
      ...base,
      label: `${generation} runner: no capacity`,
      inputs: { 'gpu-type': 'H100', 'capacity-timeout': '0' },
      emulator: { capacity: { H100: 0 } },
    },
    {
      ...base,
      label: `${generation} runner: every start answered 503`,
      inputs: { timeout: '20s' },
      emulator: { faults: start(503) },
    },
    { ...base, label: `${generation} runner: the sandbox failed`, inputs: {}, emulator: { outcome: 'failed' } },
    {
      ...base,
      label: `${generation} runner: the registration's answer lost`,
      inputs: { 'gpu-type': 'B200' },
      github: (github) => (github.runners.loseJitAnswers = 1),
    },
    ...severalJobs(generation),
    ...(['SIGTERM', 'SIGKILL'] as const).map((name) => ({
      ...base,
      label: `${generation} runner: ${name} while the failing runner is set up`,
      inputs: { 'gpu-type': 'B200' },
      signal: { name, after: 'SHA-256 checked' },
    })),
  ]
}

/** Issue 48's shapes: several jobs waiting when the holder cannot serve them, before or after a first job. */
function severalJobs(generation: Generation): RunnerScenario[] {
  const base = { generation, emulator: {} }
  const several = { 'runner-jobs': '3', runners: '2', 'gpu-type': 'A100', 'gpu-count': '2' }
  const breaks = (breakage: Breakage, what: string): RunnerScenario => ({
    ...base,
    label: `${generation} runner-jobs: ${what} after the first job, 2 jobs waiting`,
    waiting: 3,
    breaks: breakage,
    inputs: { 'runner-jobs': '3' },
  })
  return [
    {
      ...base,
      label: `${generation} runner-jobs and runners: an input error, 3 jobs waiting`,
      waiting: 3,
      inputs: { ...several, 'gpu-count': '3' },
    },
    {
      ...base,
      label: `${generation} runners: the sandbox failed, 2 legs waiting`,
      waiting: 2,
      inputs: { runners: '2', 'gpu-type': 'A100', 'gpu-count': '2' },
      emulator: { outcome: 'failed' },
    },
    {
      ...base,
      label: `${generation} runner-jobs: the registration's answer lost, 2 jobs waiting`,
      waiting: 2,
      inputs: { 'runner-jobs': '2', 'gpu-type': 'B200' },
      github: (github) => (github.runners.loseJitAnswers = 1),
    },
    // A served job first: the v1.0 service offers no SSH, so there runner mode never comes online.
    ...(generation === 'current'
      ? [
          breaks('run.sh', "the runner folder's run.sh removed"),
          breaks('bin', "the runner folder's bin/ removed"),
          breaks('ssh', 'new SSH connections refused'),
        ]
      : []),
  ]
}

const unservedUsers = () =>
  spawnSync('getent', ['passwd'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.startsWith('gpu-unserved-'))

function remains(state: Record<string, string>, github: FakeGitHub): string[] {
  const problems: string[] = []
  // Issue 48: one failing runner a waiting job, the k-th under unserved-runner-<k>.
  for (const [key, value] of Object.entries(state)) {
    if (!/^unserved-runner(-\d+)?$/.test(key)) continue
    const saved = JSON.parse(value || '{}') as { dir?: string; user?: string }
    if (saved.dir && existsSync(saved.dir)) problems.push(`the failing runner's directory ${saved.dir} is left`)
    if (saved.user && spawnSync('getent', ['passwd', saved.user]).status === 0) problems.push(`${saved.user} is left`)
    if (saved.user && spawnSync('pgrep', ['-u', saved.user]).status === 0) problems.push(`${saved.user} still runs`)
  }
  const registered = [...github.runners.byId.values()].filter((runner) => !runner.deleted)
  if (registered.length > 0) problems.push(`registrations left: ${registered.map((r) => r.name).join(', ')}`)
  return problems
}

/** The post step; hands a stranded job (one default step, one always()) to the failing runner once it waits. */
const STRANDED_PLAN = [
  { name: 'checkout', run: 'echo CHECKOUT-RAN' },
  { name: 'report', if: 'always()' as const, run: 'echo REPORT-RAN' },
]

function post(
  main: StepResult,
  inputs: Record<string, string>,
  env: Record<string, string>,
  run: { github: FakeGitHub; emulator: Emulator; scenario: RunnerScenario },
) {
  const saved = JSON.parse(main.state['unserved-runner'] || '{}') as { id?: number }
  const plan = STRANDED_PLAN
  const queued = run.scenario.waiting !== undefined
  const hand = onceOutput('waiting for the job it fails', () => {
    if (saved.id && !queued) run.github.runners.assignJob(saved.id, 0, THIS_RUN, { plan })
  })
  // Issue 54: the sandbox's sshd stops listening while the first job runs; the post step's open watch goes on.
  const refuse = onceOutput('waiting while its job runs', () =>
    setTimeout(() => run.emulator.sshService?.refuseNewConnections(), 2_000),
  )
  return runStep('post', {
    inputs,
    env,
    state: main.state,
    timeoutMs: 120_000,
    onSpawn: (child, output) => {
      hand(child, output)
      if (run.scenario.breaks === 'ssh') refuse(child, output)
    },
  })
}

export async function runRunnerScenario(scenario: RunnerScenario): Promise<RunnerOutcome> {
  const emulator = new Emulator({
    provisioningMs: 300,
    stopMs: 50,
    ssh: true,
    generation: scenario.generation,
    ...scenario.emulator,
  })
  const baseUrl = await emulator.start()
  const github = new FakeGitHub()
  const served = await github.serve()
  scenario.github?.(github)
  queueWaiting(scenario, github)
  // Each run its own HOME: runs at once that come online must not share ~/.ssh/config (an alias is refused twice).
  const home = mkdtempSync(join(tmpdir(), 'fault-home-'))
  try {
    const env = { GITHUB_API_URL: served.url, GITHUB_SERVER_URL: served.url, GPU_SANDBOX_RUNNER_POLL: '1s', HOME: home }
    const inputs = {
      'api-token': emulator.token,
      'base-url': baseUrl,
      runner: 'true',
      'github-token': GITHUB_TOKEN,
      'runner-timeout': '20s',
      ...scenario.inputs,
    }
    const signal = scenario.signal
    const main = await runStep('main', {
      inputs,
      env: { ...env, GITHUB_JOB: 'gpu' },
      timeoutMs: 120_000,
      onSpawn: signal && onceOutput(signal.after, (child) => child.kill(signal.name)),
    })
    const after = await post(main, inputs, env, { github, emulator, scenario })
    return judge(scenario, { main, post: after, emulator, github })
  } finally {
    await served.close()
    await emulator.close()
    rmSync(home, { recursive: true, force: true })
  }
}

/** The jobs of this run (4242, attempt 1, as the step's environment says) waiting for its default label. */
function queueWaiting(scenario: RunnerScenario, github: FakeGitHub): void {
  const label = 'gpu-sandbox-4242-1'
  for (let k = 1; k <= (scenario.waiting ?? 0); k++) {
    const breaker = scenario.breaks && k === 1 ? BREAKAGES[scenario.breaks] : undefined
    const plan = breaker ? [{ name: 'break', run: breaker.run }] : STRANDED_PLAN
    github.runners.queue(label, { ...THIS_RUN, name: `job-${k}` }, plan)
  }
}

async function judge(
  scenario: RunnerScenario,
  run: { main: StepResult; post: StepResult; emulator: Emulator; github: FakeGitHub },
): Promise<RunnerOutcome> {
  const { main, emulator, github } = run
  const problems: string[] = []
  judgePost(scenario.breaks, run.post, problems)
  if ((main.exitCode === 0) !== (scenario.breaks !== undefined))
    problems.push(scenario.breaks ? `the main step failed (${main.exitCode})` : 'the main step passed')
  const live = await emulator.settle(3_000)
  if (live.length > 0) problems.push(`leaked ${live.map((s) => s.id).join(', ')}`)
  problems.push(...remains(main.state, github))
  const strandedFailed = judgeStranded(scenario, github, problems)
  const visible = visibleText(main, run.post)
  if (visible.includes(emulator.token)) problems.push('the API token is visible')
  if (visible.includes(GITHUB_TOKEN)) problems.push('the GitHub token is visible')
  return { scenario, faultsApplied: emulator.faultsApplied, strandedFailed, problems }
}

/** Whether every stranded job was failed with one ::error, none of its default steps run (problems otherwise). */
function judgeStranded(scenario: RunnerScenario, github: FakeGitHub, problems: string[]): boolean {
  const stranded = github.runners.jobs.filter((job) => job.plan && !job.log?.includes('BROKE-IT'))
  const expected = scenario.waiting === undefined ? undefined : scenario.waiting - (scenario.breaks ? 1 : 0)
  if (expected !== undefined && (stranded.length !== expected || github.runners.waiting > 0))
    problems.push(
      `${stranded.length} of ${expected} waiting jobs were handed a runner (${github.runners.waiting} wait)`,
    )
  let failed = stranded.length > 0
  for (const job of stranded) {
    const errors = (job.log ?? '').split('\n').filter((line) => line.startsWith('::error'))
    const ok = job.conclusion === 'failure' && errors.length === 1
    if (!ok) problems.push(`the stranded job ${job.name} ended ${job.conclusion} (${errors.length} errors)`)
    if (job.log?.includes('CHECKOUT-RAN')) problems.push(`a default step of the stranded job ${job.name} ran`)
    failed &&= ok
  }
  return failed
}

/** `machineWide`: afterwards no gpu-unserved-* user may be on the machine (only where nothing else makes them). */
export async function runRunnerSuite(
  scenarios: RunnerScenario[],
  concurrency: number,
  machineWide = false,
): Promise<RunnerOutcome[]> {
  const outcomes: RunnerOutcome[] = []
  let next = 0
  const worker = async () => {
    while (next < scenarios.length) outcomes.push(await runRunnerScenario(scenarios[next++] as RunnerScenario))
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  // Users are machine-wide: once every run is over, none of the failing runners' may be left.
  const users = machineWide ? unservedUsers() : []
  if (users.length > 0) outcomes.at(-1)?.problems.push(`users left on the machine: ${users.join(', ')}`)
  return outcomes
}
