/**
 * An SSH config of its own for the emulator's sshd, made as the action makes
 * one: an ed25519 key signed by the emulator's authority and the host key
 * pinned. The run benchmark's bare pipe and the in-process tests of `run` use it.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Emulator } from '../../emulator/emulator.ts'

/** Writes key, certificate, known_hosts and `config` (with `Host <alias>`) into `dir`; the config's path. */
export function emulatorSshConfig(emulator: Emulator, dir: string, alias: string, port?: number): string {
  const ssh = emulator.sshService
  if (!ssh?.running) throw new Error('no sshd: apt-get install -y openssh-server')
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'id')])
  writeFileSync(join(dir, 'id-cert.pub'), `${ssh.sign(readFileSync(join(dir, 'id.pub'), 'utf8')).certificate}\n`)
  writeFileSync(join(dir, 'known_hosts'), `[127.0.0.1]:${port ?? ssh.port} ${ssh.hostKeyAt(port ?? ssh.port)}\n`)
  const config = [
    `Host ${alias}`,
    '  HostName 127.0.0.1',
    `  Port ${port ?? ssh.port}`,
    `  User ${ssh.user}`,
    `  IdentityFile ${join(dir, 'id')}`,
    '  IdentitiesOnly yes',
    `  CertificateFile ${join(dir, 'id-cert.pub')}`,
    `  UserKnownHostsFile ${join(dir, 'known_hosts')}`,
    '  StrictHostKeyChecking yes',
    '  BatchMode yes',
    '',
  ].join('\n')
  writeFileSync(join(dir, 'config'), config)
  return join(dir, 'config')
}
