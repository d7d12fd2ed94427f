/**
 * Runs a POSIX shell script on the sandbox over the action's own SSH access
 * (`ssh -F <config> <alias>`, the files start mode wrote), with its arguments
 * quoted, so the login shell only ever sees `sh -c '<script>' …`.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process'
import { withTimeout } from '../runtime/abort.ts'

/** Where the action's own ssh connects: the config file it wrote and the alias in it. */
export interface SshTarget {
  configPath: string
  alias: string
}

/** Whether the sandbox runs `image` (work goes into its container) or not. */
export type Placement = 'host' | 'image'

/** ssh's own exit status for a connection that failed or dropped (the remote command's is anything else). */
export const SSH_CONNECTION_FAILED = 255

export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

/** ssh's arguments: batch mode (never a prompt), and a dropped connection noticed within about 15 s. */
export function sshArguments(target: SshTarget, script: string, args: readonly string[]): string[] {
  const command = ['sh', '-c', script, 'gpu-sandbox', ...args].map(shellQuote).join(' ')
  return [
    '-F',
    target.configPath,
    '-o',
    'BatchMode=yes',
    '-o',
    'ConnectTimeout=30',
    '-o',
    'ServerAliveInterval=5',
    '-o',
    'ServerAliveCountMax=3',
    '-o',
    'LogLevel=ERROR',
    target.alias,
    command,
  ]
}

/** Only what ssh and tar need: the step's inputs and state stay out of their environment. */
export function toolEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {}
  for (const name of ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TMPDIR', 'USER', 'LOGNAME'])
    if (env[name] !== undefined) kept[name] = env[name]
  return kept
}

export function spawnSsh(
  target: SshTarget,
  script: string,
  args: readonly string[],
  stdio: StdioOptions,
  env: NodeJS.ProcessEnv,
): ChildProcess {
  return spawn('ssh', sshArguments(target, script, args), { stdio, env: toolEnvironment(env) })
}

/** A child's exit status (a signal counts as ssh's connection failure) once it has closed. */
export function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode)
    child.on('error', () => resolve(SSH_CONNECTION_FAILED))
    child.on('close', (code) => resolve(code ?? SSH_CONNECTION_FAILED))
  })
}

/** Everything a child writes to a stream, as text (at most `limit` characters kept). */
export function collect(stream: NodeJS.ReadableStream | null, limit = 64_000): () => string {
  let text = ''
  stream?.on('data', (chunk: Buffer) => {
    if (text.length < limit) text += chunk.toString()
  })
  return () => text
}

/** Kills the child when the step is cancelled; returns the listener's remover. */
export function killOnAbort(child: ChildProcess, signal: AbortSignal | undefined): () => void {
  if (!signal) return () => {}
  const kill = () => child.kill('SIGKILL')
  if (signal.aborted) kill()
  signal.addEventListener('abort', kill, { once: true })
  return () => signal.removeEventListener('abort', kill)
}

/** Runs a script with `input` on its stdin; its status, stdout (at most `stdoutLimit` characters) and stderr. */
export async function runScript(
  target: SshTarget,
  script: string,
  args: readonly string[],
  input: string,
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
  stdoutLimit?: number,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawnSsh(target, script, args, ['pipe', 'pipe', 'pipe'], env)
  const stop = killOnAbort(child, signal)
  const stdout = collect(child.stdout, stdoutLimit)
  const stderr = collect(child.stderr)
  child.stdin?.on('error', () => {})
  child.stdin?.end(input)
  const code = await exited(child)
  stop()
  return { code, stdout: stdout(), stderr: stderr() }
}

/** What a short script on the sandbox decided: its last line of output, within `timeoutMs`. */
export interface Answer {
  said: string
  code: number
  stderr: string
  /** The bound ran out (the caller's own signal did not end it). */
  timedOut: boolean
}

/** Runs a short script that says what it decided on its last line (a claim, a lock, a mark, a look), bounded. */
export async function askSandbox(
  target: SshTarget,
  script: string,
  args: readonly string[],
  context: { env: NodeJS.ProcessEnv; signal?: AbortSignal },
  timeoutMs: number,
): Promise<Answer> {
  const signal = withTimeout(timeoutMs, context.signal)
  const { code, stdout, stderr } = await runScript(target, script, args, '', context.env, signal)
  const said = stdout.trim().split('\n').at(-1) ?? ''
  return { said, code, stderr, timedOut: signal.aborted && !context.signal?.aborted }
}
