/**
 * A just-in-time runner on the holding machine itself (the GitHub runner this
 * step runs on, never the sandbox), for the job runner mode could not serve:
 * the verified actions/runner package unpacked into a directory of its own
 * (outside the step's private one, which holds the key), started detached
 * with a clean environment (no INPUT_*, no token, no key path) and, where
 * passwordless sudo exists, as a separate unprivileged user, so that no step
 * it runs can read this job's processes or private files. Removed with all it
 * made: its processes, the user, the directory.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunnerRegistry } from './github.ts'
import { verifiedPackage } from './install.ts'

export interface LocalRunner {
  /** Its own directory: the hook and its message, start.sh, run.sh's output, the package under runner/. */
  dir: string
  /** The separate user it runs as; undefined: this step's own user. */
  user?: string
  /** The process started (sudo's, with a separate user); 0 before it started. */
  pid: number
}

const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
const SUDO_TIMEOUT_MS = 30_000

/**
 * Reads the JIT configuration from stdin into run.sh's environment (never on a command line), and bounds its life
 * ($1 seconds): it ends by itself even where no post step ever removes it (a machine whose runner died mid-job).
 */
const START = `set -e
cd "$(dirname "$0")/runner"
ACTIONS_RUNNER_INPUT_JITCONFIG=$(cat)
export ACTIONS_RUNNER_INPUT_JITCONFIG
exec timeout --kill-after=30 "$1" ./run.sh`

function sudo(args: string[], program = 'sudo'): { ok: boolean; said: string } {
  const result = spawnSync(program, ['-n', ...args], {
    env: { PATH },
    encoding: 'utf8',
    timeout: SUDO_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const said = `${result.stderr ?? ''}${result.error?.message ?? ''}`.trim().split('\n').at(-1) ?? ''
  return { ok: result.status === 0, said }
}

/** A directory of its own under the system's temporary directory, readable (not writable) by a separate user. */
export function makeRunnerDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-sandbox-unserved-'))
  chmodSync(dir, 0o755)
  return dir
}

/** The latest actions/runner release for linux-x64, its SHA-256 checked, unpacked into `dir`/runner. */
export async function unpackRunnerPackage(
  registry: RunnerRegistry,
  serverUrl: string,
  dir: string,
  signal: AbortSignal | undefined,
): Promise<string> {
  const { file, version } = await verifiedPackage(registry, serverUrl, dir, signal, 'it was not unpacked')
  mkdirSync(join(dir, 'runner'), { mode: 0o755 })
  const tar = spawnSync('tar', ['-C', join(dir, 'runner'), '-xzf', file], { encoding: 'utf8', env: { PATH } })
  rmSync(file, { force: true })
  if (tar.status !== 0) throw new Error(`unpacking the runner package failed: ${tar.stderr.trim().slice(0, 200)}`)
  return version
}

/**
 * A separate unprivileged user that owns the runner's files, where passwordless sudo exists; else undefined and why
 * not (the runner then runs as this step's user).
 */
export function makeSeparateUser(dir: string, program = 'sudo'): { user?: string; why?: string } {
  if (!sudo(['true'], program).ok) return { why: 'no passwordless sudo on this machine' }
  const user = `gpu-unserved-${randomBytes(4).toString('hex')}`
  const home = join(dir, 'runner')
  const made = sudo(['useradd', '--system', '--user-group', '--no-create-home', '--home-dir', home, user])
  if (!made.ok) return { why: `useradd failed: ${made.said.slice(0, 200)}` }
  const owned = sudo(['chown', '-R', `${user}:${user}`, home])
  if (!owned.ok) {
    sudo(['userdel', user])
    return { why: `chown failed: ${owned.said.slice(0, 200)}` }
  }
  return { user }
}

/** The job-started hook: prints the one line (an ::error command) and fails, so the runner fails its job. */
export function writeHook(dir: string, line: string): string {
  writeFileSync(join(dir, 'job-started.txt'), `${line}\n`, { mode: 0o644 })
  const hook = join(dir, 'job-started.sh')
  // The runner runs it as `bash -e <path>`: the message is read from beside it, never quoted into the script.
  writeFileSync(hook, '#!/bin/bash\ncat "$(dirname "$0")/job-started.txt"\nexit 1\n', { mode: 0o755 })
  return hook
}

/** Starts run.sh detached, with nothing of this step's environment, the JIT configuration on stdin, for `lifetimeS`. */
export function startLocalRunner(runner: LocalRunner, hook: string, jitConfig: string, lifetimeS: number): number {
  const root = join(runner.dir, 'runner')
  const env: Record<string, string> = { PATH, HOME: root, LANG: 'C.UTF-8', ACTIONS_RUNNER_HOOK_JOB_STARTED: hook }
  // The released run-helper.sh refuses uid 0 unless this is set (a container job runs as root).
  if (!runner.user && process.getuid?.() === 0) env.RUNNER_ALLOW_RUNASROOT = '1'
  writeFileSync(join(runner.dir, 'start.sh'), `${START}\n`, { mode: 0o755 })
  const out = openSync(join(runner.dir, 'runner.out'), 'a', 0o644)
  const script = ['/bin/bash', join(runner.dir, 'start.sh'), String(Math.ceil(lifetimeS))]
  const vars = Object.entries(env).map(([key, value]) => `${key}=${value}`)
  const child = runner.user
    ? spawn('sudo', ['-n', '-u', runner.user, '--', '/usr/bin/env', '-i', ...vars, ...script], {
        env: { PATH },
        detached: true,
        stdio: ['pipe', out, out],
      })
    : spawn(script[0] ?? '/bin/bash', script.slice(1), { env, detached: true, stdio: ['pipe', out, out] })
  closeSync(out)
  child.on('error', () => {})
  child.stdin?.on('error', () => {})
  child.stdin?.end(jitConfig)
  child.unref()
  if (!child.pid) throw new Error('the runner process could not be started')
  return child.pid
}

/** A process's state and process group from /proc (Linux); undefined once it is gone. */
function processStat(pid: string): { state: string; group: number } | undefined {
  try {
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after the last ')'.
    const [state = '', , group = ''] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.split(' ') ?? []
    return { state, group: Number(group) }
  } catch {
    return undefined
  }
}

/**
 * Whether a process (or, negative, any process of a group) runs. A zombie does not count: one this process started
 * stays one until the event loop reaps it, and a sudo or run.sh that ended is no runner.
 */
function exists(pid: number): boolean {
  if (pid > 0) return (processStat(String(pid))?.state ?? 'Z') !== 'Z'
  return readdirSync('/proc').some((entry) => {
    if (!/^\d+$/.test(entry)) return false
    const stat = processStat(entry)
    return stat !== undefined && stat.group === -pid && stat.state !== 'Z'
  })
}

/**
 * Whether any process of the runner still runs: its user's, or the one started (sudo, until it has switched to the
 * user; or the process group without one).
 */
export function localRunnerAlive(runner: LocalRunner): boolean {
  if (runner.user && spawnSync('pgrep', ['-u', runner.user], { env: { PATH } }).status === 0) return true
  if (runner.pid <= 0) return false
  return exists(runner.user ? runner.pid : -runner.pid)
}

/** Kills every process of the runner (its user's, or its process group), for up to 2 s; whether they are gone. */
function endProcesses(runner: LocalRunner): boolean {
  for (let round = 0; round < 20 && localRunnerAlive(runner); round++) {
    if (runner.user) sudo(['pkill', '-KILL', '-u', runner.user])
    else
      try {
        process.kill(-runner.pid, 'SIGKILL')
      } catch {
        // Gone meanwhile.
      }
    spawnSync('sleep', ['0.1'])
  }
  return !localRunnerAlive(runner)
}

/** Ends its processes and removes the user and the directory; what could not be removed, if anything. */
export function removeLocalRunner(runner: LocalRunner): string[] {
  const left: string[] = []
  if (!endProcesses(runner)) left.push(`processes of ${runner.user ?? `process group ${runner.pid}`}`)
  if (runner.user) {
    const removed = sudo(['userdel', runner.user])
    if (!removed.ok && !/does not exist/.test(removed.said)) left.push(`the user ${runner.user} (${removed.said})`)
    if (!sudo(['rm', '-rf', runner.dir]).ok) left.push(runner.dir)
    return left
  }
  try {
    rmSync(runner.dir, { recursive: true, force: true })
  } catch {
    left.push(runner.dir)
  }
  return left
}
