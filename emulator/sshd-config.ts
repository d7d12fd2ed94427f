/** The emulator's sshd: its configuration, and a process that never outlives the emulator's. */
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const SETPRIV = '/usr/bin/setpriv'

/**
 * The command, ended by the kernel when the process that started it dies (setpriv --pdeathsig, util-linux): a test
 * worker killed mid-file runs no exit hook, and its sshd would listen until the machine reboots.
 */
export function withParent([command = '', ...args]: string[]): [string, string[]] {
  return existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'SIGTERM', '--', command, ...args]] : [command, args]
}

/** The sshds still running: a process that ends without stop() (a test worker torn down mid-file) ends them too. */
const running = new Set<ChildProcess>()
let hooked = false

export function endWithThisProcess(sshd: ChildProcess): void {
  // An orphaned sshd would listen until the machine reboots.
  if (!hooked) process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')))
  hooked = true
  running.add(sshd)
  sshd.once('exit', () => running.delete(sshd))
}

export interface SshdPaths {
  /** The directory holding the authority's key, the authorized keys and the host keys. */
  dir: string
  port: number
  hostKeyName: string
  /** The sandbox host's `SetEnv …` line: every session lands in its home. */
  setEnv: string
}

export function sshdConfig({ dir, port, hostKeyName, setEnv }: SshdPaths): string {
  return [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${join(dir, hostKeyName)}`,
    `TrustedUserCAKeys ${join(dir, 'ca.pub')}`,
    `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'PubkeyAuthentication yes',
    'PermitRootLogin prohibit-password',
    'UsePAM no',
    'StrictModes no',
    'PidFile none',
    'LogLevel ERROR',
    // Classic curve25519 key exchange: OpenSSH 9's default sntrup761 hybrid costs each client ~100 ms of CPU to
    // make its key, which hundreds of test connections on a 2-core machine pay for nothing the action decides.
    'KexAlgorithms curve25519-sha256,curve25519-sha256@libssh.org',
    // Many sessions at once from one address (a matrix): none refused for being unauthenticated a moment.
    'MaxStartups 1000',
    // scp speaks SFTP by default since OpenSSH 9.
    'Subsystem sftp internal-sftp',
    setEnv,
    '',
  ].join('\n')
}
