/**
 * A job's worth of SSH for the e2e tests of ssh: true, the renewer and mode: connect: an
 * emulator with a certificate authority and a real sshd, a HOME with its own
 * ~/.ssh/config, and "later steps" that run OpenSSH with it (the ssh client
 * finds ~/.ssh through the passwd entry, not $HOME, hence -F).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { Emulator, type EmulatorOptions } from '../../emulator/emulator.ts'
import { skipWithout } from './host.ts'

// CI installs openssh-server (.ci/run): there a missing sshd is a failure, not a skip.
export const canRun = !skipWithout('the tests that use a real sshd (ssh, run, runner, debug, connect)', 'sshd')
/**
 * Certificates live 9 s in these tests (sshd refuses them after that): renewal must happen several
 * times a test. SSH_RENEWAL=long runs the issue's own scenario instead: 60-second certificates,
 * `ssh` every 20 s for 4 minutes (too long for npm test's 3 minutes).
 */
export const LONG = process.env.SSH_RENEWAL === 'long'
export const CERT_SECONDS = LONG ? 60 : 9
export const ROUNDS = LONG ? 12 : 8
export const ROUND_MS = LONG ? 20_000 : 3_000
export const USER_CONFIG = 'Host other\n  HostName example.invalid\n  User someone\n'

export const job = { emulator: undefined as Emulator | undefined, baseUrl: '', home: '' }

/** Registers a fresh HOME per test and closes the emulator after it. */
export function useSshJob(): void {
  beforeEach(() => {
    job.home = mkdtempSync(join(tmpdir(), 'ssh-home-'))
    mkdirSync(join(job.home, '.ssh'), { mode: 0o700 })
    writeFileSync(join(job.home, '.ssh', 'config'), USER_CONFIG, { mode: 0o600 })
  })
  afterEach(async () => {
    await job.emulator?.close()
    job.emulator = undefined
    rmSync(job.home, { recursive: true, force: true })
  })
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  // A test with two legs starts a second emulator: the first one's sshd is not left behind.
  await job.emulator?.close()
  job.emulator = new Emulator({ provisioningMs: 300, stopMs: 50, generation: 'current', ssh: true, ...options })
  job.baseUrl = await job.emulator.start()
  return job.emulator
}

export const inputs = (extra: Record<string, string> = {}) => ({
  'api-token': job.emulator?.token ?? '',
  'base-url': job.baseUrl,
  ...extra,
})
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A later step of the job: OpenSSH with the job's ~/.ssh/config. */
export function later(args: string[], userHome = job.home, command: 'ssh' | 'scp' = 'ssh') {
  return spawnSync(
    command,
    ['-F', join(userHome, '.ssh', 'config'), '-o', 'BatchMode=yes', '-o', 'ConnectTimeout=10', ...args],
    { encoding: 'utf8', timeout: 30_000 },
  )
}

export function processText(pid: number, file: 'cmdline' | 'environ'): string {
  return readFileSync(`/proc/${pid}/${file}`, 'utf8')
}

/** Whether the process runs (a zombie does not count). */
export const running = (pid: number) =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')
