/**
 * Starting and ending the renewer process. It runs the main bundle again
 * (`node <script> --ssh-renewer`), detached, with an environment of a few
 * named variables (never the step's INPUT_* or STATE_*), and reads its spec,
 * token included, from a pipe. Its stderr goes to a log in the private
 * directory, which the post step reads before it removes the directory.
 */
import { execFileSync, spawn } from 'node:child_process'
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs'
import type { Clock } from '../runtime/clock.ts'
import type { RenewerSpec } from './renewer.ts'

export const RENEWER_FLAG = '--ssh-renewer'
export const RENEWER_LOG = 'renewer.log'

/**
 * What the renewer may see of the step's environment: the path, the home,
 * proxies and CA settings, and the job's RUNNER_TRACKING_ID, by which a
 * self-hosted runner's end-of-job clean-up finds the processes a job left
 * (actions/runner: ProcessInvoker sets it, JobExtension ends its holders).
 */
const PASSED_ON = [
  'PATH',
  'HOME',
  'LANG',
  'TZ',
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'RUNNER_TRACKING_ID',
]

export function renewerEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(PASSED_ON.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]))
}

/**
 * Starts the renewer and hands it the spec through its stdin; resolves with its pid once the pipe is written and
 * closed.
 */
export async function launchRenewer(
  spec: RenewerSpec,
  script: string,
  logPath: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const log = openSync(logPath, 'a', 0o600)
  try {
    const child = spawn(process.execPath, [script, RENEWER_FLAG], {
      detached: true,
      stdio: ['pipe', 'ignore', log],
      env: renewerEnvironment(env),
    })
    const spawned = new Promise<number>((resolve, reject) => {
      child.once('error', reject)
      child.once('spawn', () => resolve(child.pid as number))
    })
    const pid = await spawned
    await new Promise<void>((resolve, reject) => {
      child.stdin?.once('error', reject)
      child.stdin?.end(JSON.stringify(spec), () => resolve())
    })
    child.unref()
    return pid
  } finally {
    closeSync(log)
  }
}

/** The command line of `pid`, when it runs: /proc where there is one, else ps (macOS runners). */
function commandLine(pid: number): string | undefined {
  try {
    if (existsSync('/proc/self/cmdline')) return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}

/** Whether `pid` is this action's renewer: a pid alone may have been reused by another process since. */
export function isRenewer(pid: number): boolean {
  return commandLine(pid)?.includes(RENEWER_FLAG) ?? false
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Whether the renewer is gone: no such process, a zombie, or another program
 * under that pid. A process in the middle of exiting shows an empty command
 * line before it is a zombie: that is not gone yet (Linux /proc; elsewhere
 * the command line alone decides).
 */
function gone(pid: number): boolean {
  if (!alive(pid)) return true
  if (!existsSync('/proc/self/stat')) return !isRenewer(pid)
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    if (state === 'Z' || state === 'X') return true
    const command = commandLine(pid) ?? ''
    return command.trim() !== '' && !command.includes(RENEWER_FLAG)
  } catch {
    return true
  }
}

/**
 * Ends the renewer: SIGTERM, then SIGKILL after 3 s. 'not-running' when it had already ended (or the pid is another
 * process now).
 */
export async function endRenewer(pid: number, clock: Clock): Promise<'ended' | 'not-running' | 'still-running'> {
  if (!isRenewer(pid)) return 'not-running'
  process.kill(pid, 'SIGTERM')
  for (const [wait, signal] of [
    [3_000, 'SIGKILL'],
    [2_000, undefined],
  ] as const) {
    const until = clock.now() + wait
    while (!gone(pid) && clock.now() < until) await clock.sleep(50)
    if (gone(pid)) return 'ended'
    // Only the renewer is signalled: between the checks the pid may have ended (and, rarely, been reused).
    if (signal && isRenewer(pid)) process.kill(pid, signal)
  }
  return 'still-running'
}

/** The failures the renewer logged (its lines starting 'failed:'), for the post step's one warning. */
export function renewerFailures(logPath: string): string[] {
  try {
    return readFileSync(logPath, 'utf8')
      .split('\n')
      .filter((line) => /^\S+ failed: /.test(line))
  } catch {
    return []
  }
}
