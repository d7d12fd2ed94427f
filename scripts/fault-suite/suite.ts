/**
 * The fault suite: the bundled action run as the runner runs it (main, then
 * post) against the emulator with injected faults and signals. After every
 * run: the post step ran, nothing is live, at most one sandbox was created (two with a retry),
 * and no secret appears anywhere a user could see it.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../../emulator/emulator.ts'
import { runStep, visibleText, type StepResult } from '../lib/action-runner.ts'
import type { Scenario } from './matrices.ts'

export * from './matrices.ts'

export interface RunOutcome {
  scenario: Scenario
  main: StepResult
  post: StepResult
  created: number
  leaked: string[]
  /** Stops sent to another job's sandbox without replace-existing. */
  wrongStops: number
  faultsApplied: number
  problems: string[]
}

function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const until = Date.now() + timeoutMs
    const check = () => {
      if (condition()) return resolve(true)
      if (Date.now() > until) return resolve(false)
      setTimeout(check, 5)
    }
    check()
  })
}

export async function runScenario(scenario: Scenario): Promise<RunOutcome> {
  const emulator = new Emulator({ stopMs: 50, ...scenario.emulator, faults: scenario.faults })
  const baseUrl = await emulator.start()
  const foreign = scenario.foreign ? emulator.seed(scenario.inputs.name ?? 'pr-7', scenario.foreign) : undefined
  const inputs = { 'api-token': emulator.token, 'base-url': baseUrl, ...scenario.inputs }
  // Each run its own HOME: runs at once must not share ~/.ssh/config (an alias a run writes is refused to the next).
  const home = mkdtempSync(join(tmpdir(), 'fault-home-'))
  // Hung requests give up after 2 s instead of 30 s, so the suite stays fast.
  const env = { GPU_SANDBOX_REQUEST_TIMEOUT: '2s', HOME: home }
  const problems: string[] = []
  try {
    const signal = scenario.signal
    const onSpawn = signal
      ? (child: ChildProcess) => {
          void (async () => {
            if (signal.point === 'after-start-request') {
              await waitFor(() => emulator.requestsTo('POST', '/sandboxes/start').length > 0, 10_000)
            } else if (signal.point === 'while-polling') {
              await waitFor(() => emulator.requestsTo('GET', '/sandboxes/:id').length > 0, 10_000)
            }
            await new Promise((resolve) => setTimeout(resolve, signal.delayMs))
            child.kill(signal.name)
          })()
        }
      : undefined
    const main = await runStep('main', { inputs, env, onSpawn, timeoutMs: 90_000 })
    // post-if: always(): the runner runs the post step whatever became of the main step.
    const post = await runStep('post', { inputs, env, state: main.state, timeoutMs: 240_000 })
    // Another job's sandbox is not ours to leak: it is checked for wrong stops instead.
    const leaked = (await emulator.settle(3_000)).filter((s) => s.id !== foreign?.id).map((s) => s.id)
    for (const instance of emulator.instances.values())
      if (!instance.deleted) leaked.push(`instance ${instance.identifier}`)
    const created = emulator.sandboxes.filter((s) => s.id !== foreign?.id).length
    const wrongStops =
      foreign && scenario.inputs['replace-existing'] !== 'true' ? emulator.stopRequestsFor(foreign.id).length : 0

    if (leaked.length > 0) problems.push(`leaked ${leaked.join(', ')}`)
    if (wrongStops > 0) problems.push(`stopped another job's sandbox ${foreign?.id} (${wrongStops} stop requests)`)
    if (created > (scenario.maxCreated ?? 1)) problems.push(`created ${created} sandboxes`)
    if (post.exitCode !== 0) problems.push(`post step exited ${post.exitCode}: ${post.stdout.slice(-400)}`)
    const visible = visibleText(main, post)
    if (visible.includes(emulator.token)) problems.push('the API token is visible')
    const key = main.outputs['ssh-private-key']
    if (scenario.inputs.mode === 'instance') {
      const keyLines = (key ?? '').split('\n').filter((line) => line.trim() !== '')
      if (keyLines.length < 3) problems.push('no generated key was handed over')
      if (keyLines.some((line) => visible.includes(line))) problems.push('a line of the private key is visible')
    }
    if (!signal && main.exitCode !== 0 && !scenario.inputs['gpu-type'] && !scenario.mainMayFail) {
      problems.push(
        `main step failed without a signal: ${main.stdout
          .split('\n')
          .filter((l) => l.startsWith('::error'))
          .join(' ')}`,
      )
    }
    if (scenario.mainMustPass && main.exitCode !== 0) problems.push(`main step exited ${main.exitCode}`)
    for (const word of ['pwned', '@octocat'])
      if (scenario.mainMustPass && visible.includes(word)) problems.push(`the sampler's '${word}' reached the log`)
    // Before the bundle has loaded, the default action of SIGINT/SIGTERM ends it: nothing was started yet.
    if (signal && signal.name !== 'SIGKILL' && signal.point !== 'at-spawn' && main.signal !== null) {
      problems.push(`main step died of ${main.signal} instead of exiting`)
    }

    return { scenario, main, post, created, leaked, wrongStops, faultsApplied: emulator.faultsApplied, problems }
  } finally {
    await emulator.close()
    rmSync(home, { recursive: true, force: true })
  }
}

export interface SuiteTotals {
  runs: number
  faultsInjected: number
  signalsSent: number
  sandboxesCreated: number
  leaked: number
  wrongStops: number
  maxSandboxesPerRun: number
  failedRuns: RunOutcome[]
  durationMs: number
}

export async function runSuite(
  scenarios: Scenario[],
  concurrency: number,
  onResult?: (outcome: RunOutcome, done: number) => void,
): Promise<SuiteTotals> {
  const started = Date.now()
  const outcomes: RunOutcome[] = []
  let next = 0
  const worker = async () => {
    while (next < scenarios.length) {
      const scenario = scenarios[next++] as Scenario
      const outcome = await runScenario(scenario)
      outcomes.push(outcome)
      onResult?.(outcome, outcomes.length)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return {
    runs: outcomes.length,
    faultsInjected: outcomes.reduce((sum, o) => sum + o.faultsApplied, 0),
    signalsSent: outcomes.filter((o) => o.scenario.signal).length,
    sandboxesCreated: outcomes.reduce((sum, o) => sum + o.created, 0),
    leaked: outcomes.reduce((sum, o) => sum + o.leaked.length, 0),
    wrongStops: outcomes.reduce((sum, o) => sum + o.wrongStops, 0),
    maxSandboxesPerRun: Math.max(0, ...outcomes.map((o) => o.created)),
    failedRuns: outcomes.filter((o) => o.problems.length > 0),
    durationMs: Date.now() - started,
  }
}
