/**
 * Who an SSH session on an emulated sandbox logs in as. The deployed service
 * logs in as `ubuntu`, a non-root user with passwordless sudo
 * (shared/service-as-deployed.md); when the emulator runs as root it does the
 * same: it creates `ubuntu` where missing (with a home, so sshd can chdir to
 * it) and a sudoers drop-in for the real `sudo` package. Where it cannot (not
 * root, no useradd, no sudo), sessions log in as whoever runs the emulator,
 * and `why` says so.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, renameSync, writeFileSync } from 'node:fs'
import { userInfo } from 'node:os'

export const DEPLOYED_USER = 'ubuntu'
export const SUDO = '/usr/bin/sudo'
const SUDOERS_DROP_IN = '/etc/sudoers.d/gpu-sandbox-emulator'

export interface LoginUser {
  name: string
  uid: number
  gid: number
  /** True when the user is the deployed service's: non-root, with the real sudo. */
  deployed: boolean
  /** One sentence: which user, and why (printed by the emulator and by .ci/run). */
  why: string
}

/** 'deployed': `ubuntu` where the emulator can make it; 'self': whoever runs the emulator (root in CI). */
export type LoginChoice = 'deployed' | 'self'

function self(why: string): LoginUser {
  const me = userInfo()
  return { name: me.username, uid: me.uid, gid: me.gid, deployed: false, why: `login user ${me.username}: ${why}` }
}

function lookup(name: string): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim())
    const [uid, gid] = [id('-u'), id('-g')]
    return { uid: uid ?? NaN, gid: gid ?? NaN }
  } catch {
    return undefined
  }
}

/** Creates the user (several emulators may race: another one's useradd counts too). */
function ensureUser(name: string): { uid: number; gid: number } {
  for (let attempt = 0; ; attempt++) {
    const found = lookup(name)
    if (found) return found
    try {
      // Password '*': no password, but not locked ('!'), which sshd without PAM refuses every login for.
      const flags = ['--create-home', '--shell', '/bin/bash', '--user-group', '--password', '*']
      execFileSync('useradd', [...flags, name], { stdio: 'pipe' })
    } catch (error) {
      // "cannot lock /etc/passwd" or "already exists" while another emulator creates it.
      if (attempt >= 20) throw error
      execFileSync('sleep', ['0.1'])
    }
  }
}

/** A user made elsewhere with a locked password ('!') is unlocked the same way. */
function unlock(name: string): void {
  const shadow = execFileSync('getent', ['shadow', name], { encoding: 'utf8', stdio: 'pipe' })
  if (shadow.split(':')[1]?.startsWith('!')) execFileSync('usermod', ['--password', '*', name], { stdio: 'pipe' })
}

function ensureSudoers(name: string): void {
  const rule = `# Written by the gpu-sandbox-action emulator: its login user, as on the service.\n${name} ALL=(ALL:ALL) NOPASSWD: ALL\n`
  if (existsSync(SUDOERS_DROP_IN)) return
  const temporary = `${SUDOERS_DROP_IN}.${process.pid}.tmp`
  writeFileSync(temporary, rule, { mode: 0o440 })
  execFileSync('visudo', ['-c', '-q', '-f', temporary], { stdio: 'pipe' })
  renameSync(temporary, SUDOERS_DROP_IN)
}

let chosen: LoginUser | undefined

/** Decided once per process: creating a user is slow, and every emulator of a test run shares it. */
export function loginUser(choice: LoginChoice = 'deployed'): LoginUser {
  if (choice === 'self') return self('asked for (loginUser: self)')
  if (chosen) return chosen
  if (process.getuid?.() !== 0) return (chosen = self('the emulator does not run as root, so it cannot create ubuntu'))
  if (!existsSync(SUDO)) return (chosen = self(`${SUDO} is missing (apt-get install sudo) for ${DEPLOYED_USER}`))
  try {
    const { uid, gid } = ensureUser(DEPLOYED_USER)
    unlock(DEPLOYED_USER)
    ensureSudoers(DEPLOYED_USER)
    const why = `login user ${DEPLOYED_USER} (uid ${uid}, non-root) with passwordless sudo, as on the service`
    return (chosen = { name: DEPLOYED_USER, uid, gid, deployed: true, why })
  } catch (error) {
    return (chosen = self(`creating ${DEPLOYED_USER} failed (${(error as Error).message.split('\n')[0]})`))
  }
}
