/**
 * Runs the committed bundles the way the GitHub runner does: INPUT_* (hyphens
 * kept, action.yml defaults filled in), GITHUB_OUTPUT / GITHUB_STATE /
 * GITHUB_STEP_SUMMARY files, RUNNER_TEMP, and STATE_* for the post step.
 * Used by the e2e tests, the fault suite, `npm start` and the benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { runnerCommands, stdoutValues } from './runner-commands.ts'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

interface ActionYaml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string; post: string; 'post-if': string }
}

/** Node's compile cache for the steps' processes (node validates each entry against its source); one per user. */
const COMPILE_CACHE = join(tmpdir(), `gpu-sandbox-action-compile-cache-${process.getuid?.() ?? 'user'}`)

const cachedActions = new Map<string, ActionYaml>()
/** The root action.yml, or a sub-action's (`folder`: run, stop, …; issue 56). */
export function actionYaml(folder = '.'): ActionYaml {
  if (!cachedActions.has(folder))
    cachedActions.set(folder, parse(readFileSync(join(ROOT, folder, 'action.yml'), 'utf8')) as ActionYaml)
  return cachedActions.get(folder) as ActionYaml
}

/** The INPUT_* environment the runner builds from `with:` and action.yml defaults. */
export function inputEnvironment(inputs: Record<string, string>, folder = '.'): Record<string, string> {
  const env: Record<string, string> = {}
  const declared = actionYaml(folder).inputs
  for (const [name, spec] of Object.entries(declared)) {
    const value = inputs[name] ?? spec.default
    if (value !== undefined) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  for (const [name, value] of Object.entries(inputs)) {
    if (!(name in declared)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  return env
}

/** Parses a file written with GitHub's file commands (`name<<DELIM` heredocs or `name=value`). */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (line === '') continue
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const [, name = '', delimiter] = heredoc
      const body: string[] = []
      for (i++; i < lines.length && lines[i] !== delimiter; i++) body.push(lines[i] ?? '')
      values[name] = body.join('\n')
      continue
    }
    const eq = line.indexOf('=')
    if (eq > 0) values[line.slice(0, eq)] = line.slice(eq + 1)
  }
  return values
}

export interface StepResult {
  exitCode: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  state: Record<string, string>
  summary: string
  durationMs: number
}

export interface StepOptions {
  inputs: Record<string, string>
  /** STATE_* values for the post step (the main step's GITHUB_STATE). */
  state?: Record<string, string>
  env?: Record<string, string>
  workDir?: string
  /** Called once the process is spawned: signal tests kill it from here. */
  onSpawn?: (child: ChildProcess, output: () => string) => void
  /** Hard limit for the child; killed with SIGKILL past it. */
  timeoutMs?: number
  /** A sub-action's folder (run, stop, …; issue 56): its action.yml's defaults and bundles, as `uses: …/<folder>@v1`. */
  action?: string
}

/** An onSpawn that calls `then` once, when the step's output first shows `text` (looked for every 50 ms). */
export function onceOutput(text: string, then: (child: ChildProcess) => void): NonNullable<StepOptions['onSpawn']> {
  return (child, output) => {
    const timer = setInterval(() => {
      if (!output().includes(text)) return
      clearInterval(timer)
      then(child)
    }, 50)
    child.on('close', () => clearInterval(timer))
  }
}

/** Work directories this process made; removeWorkDirs() deletes them (test/harness/setup.ts, after each test file). */
const workDirs: string[] = []

function newWorkDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'action-run-'))
  mkdirSync(join(dir, 'temp'))
  workDirs.push(dir)
  return dir
}

export function removeWorkDirs(): void {
  for (const dir of workDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** Certificate renewers main steps of this process started (their state's renewer-pid): endRenewers() ends them. */
const renewers = new Set<number>()

/**
 * Ends every renewer a main step started that is still running (test/harness/setup.ts, after each test): a test that
 * failed between the main and the post step leaves no process behind. Only a process that still is the renewer.
 */
export function endRenewers(): number {
  let ended = 0
  for (const pid of renewers) {
    renewers.delete(pid)
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--ssh-renewer')) continue
      process.kill(pid, 'SIGKILL')
      ended++
    } catch {
      // Already gone.
    }
  }
  return ended
}

export async function runStep(step: 'main' | 'post', options: StepOptions): Promise<StepResult> {
  const dir = options.workDir ?? newWorkDir()
  const files = {
    output: join(dir, `${step}-output.txt`),
    state: join(dir, `${step}-state.txt`),
    summary: join(dir, `${step}-summary.md`),
  }
  for (const file of Object.values(files)) writeFileSync(file, '')
  const stateEnv: Record<string, string> = {}
  for (const [key, value] of Object.entries(options.state ?? {})) stateEnv[`STATE_${key}`] = value
  const folder = options.action ?? '.'
  const script = join(ROOT, folder, actionYaml(folder).runs[step])
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_REPOSITORY_ID: '31337',
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: join(dir, 'temp'),
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    // V8's code cache, shared by every step the tests run: the bundles are parsed once, not in each process.
    NODE_COMPILE_CACHE: COMPILE_CACHE,
    ...inputEnvironment(options.inputs, folder),
    ...stateEnv,
    ...options.env,
  }
  const started = Date.now()
  const child = spawn(process.execPath, [script], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000)
  options.onSpawn?.(child, () => stdout)
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
    child.on('close', (code, sig) => done([code, sig])),
  )
  clearTimeout(timer)
  const state = { ...stdoutValues(stdout, 'save-state'), ...parseFileCommands(readFileSync(files.state, 'utf8')) }
  if (step === 'main' && /^\d+$/.test(state['renewer-pid'] ?? '')) renewers.add(Number(state['renewer-pid']))
  return {
    exitCode,
    signal,
    stdout,
    stderr,
    // As the runner: commands on stdout first, then the files, which win.
    outputs: { ...stdoutValues(stdout, 'set-output'), ...parseFileCommands(readFileSync(files.output, 'utf8')) },
    state,
    summary: readFileSync(files.summary, 'utf8'),
    durationMs: Date.now() - started,
  }
}

export interface ActionRun {
  main: StepResult
  post: StepResult
  workDir: string
}

/** Main step, then the post step with the main step's state, as `post-if: always()` does. */
export async function runAction(options: Omit<StepOptions, 'state'>): Promise<ActionRun> {
  const workDir = options.workDir ?? newWorkDir()
  const main = await runStep('main', { ...options, workDir })
  const post = await runStep('post', {
    inputs: options.inputs,
    env: options.env,
    workDir,
    state: main.state,
    timeoutMs: options.timeoutMs,
  })
  return { main, post, workDir }
}

/** Every place a secret must never appear: all text the steps produced, minus the ::add-mask:: commands. */
export function visibleText(...steps: StepResult[]): string {
  return steps
    .flatMap((step) => [
      step.stdout,
      step.stderr,
      step.summary,
      ...Object.entries(step.outputs)
        .filter(([name]) => name !== 'ssh-private-key')
        .map(([, v]) => v),
      ...Object.values(step.state),
    ])
    .join('\n')
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
}

/** The data of the workflow commands named `name` (error, warning, ...) the runner would act on in a step's stdout. */
export function commands(step: StepResult, name: string): string[] {
  return runnerCommands(step.stdout)
    .filter((command) => command.name === name)
    .map((command) => command.data)
}
