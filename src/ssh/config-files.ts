/**
 * The SSH files a later step uses: in the step's private directory, a
 * known_hosts pinned to the host key and `<alias>.ssh_config` with one
 * `Host <alias>` block; in ~/.ssh/config, one `Include` line for it, at the top
 * (an Include after a Host block would belong to that block). The post step
 * removes exactly that line and nothing else.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { writeSecretFile } from './secret-files.ts'
import type { SshEndpoint } from './endpoint.ts'
import { configFileName } from '../inputs/ssh.ts'
import type { SavedInclude } from '../step/state.ts'

function quoted(path: string): string {
  return `"${path.replace(/"/g, '')}"`
}

export interface WrittenAccess {
  configPath: string
  knownHostsPath: string
}

/**
 * known_hosts and ssh_config in `dir` (created fresh, 0600). `keyPath`/`certPath` absent: ssh uses the user's own key
 * or agent.
 */
export function writeSshFiles(
  dir: string,
  alias: string,
  endpoint: SshEndpoint,
  keyPath?: string,
  certPath?: string,
): WrittenAccess {
  const hostPattern = endpoint.port === 22 ? endpoint.host : `[${endpoint.host}]:${endpoint.port}`
  const knownHostsPath = writeSecretFile(
    dir,
    'known_hosts',
    endpoint.hostKey ? `${hostPattern} ${endpoint.hostKey}\n` : '',
  )
  const lines = [
    `Host ${alias}`,
    `  HostName ${endpoint.host}`,
    `  Port ${endpoint.port}`,
    `  User ${endpoint.user}`,
    ...(keyPath ? [`  IdentityFile ${quoted(keyPath)}`, '  IdentitiesOnly yes'] : []),
    ...(certPath ? [`  CertificateFile ${quoted(certPath)}`] : []),
    `  UserKnownHostsFile ${quoted(knownHostsPath)}`,
    '  GlobalKnownHostsFile /dev/null',
    // Pinned from the record; an instance gives no host key, so its key is learned once, into this file only.
    `  StrictHostKeyChecking ${endpoint.hostKey ? 'yes' : 'accept-new'}`,
    '  ServerAliveInterval 30',
    '  ServerAliveCountMax 4',
    '',
  ]
  const configPath = writeSecretFile(dir, configFileName(alias), lines.join('\n'))
  return { configPath, knownHostsPath }
}

/** The Include line this step added, and whether ~/.ssh/config (and ~/.ssh) had to be created for it. */
export type AddedInclude = Omit<SavedInclude, 'userConfig'>

/** Adds `Include "<configPath>"` at the top of ~/.ssh/config (created 0600 in a 0700 ~/.ssh if missing). */
export function addInclude(userConfig: string, configPath: string): AddedInclude {
  const sshDir = dirname(userConfig)
  const createdDir = !existsSync(sshDir)
  if (createdDir) mkdirSync(sshDir, { recursive: true, mode: 0o700 })
  const line = `Include ${quoted(configPath)}`
  if (!existsSync(userConfig)) {
    writeFileSync(userConfig, `${line}\n`, { mode: 0o600 })
    return { line, createdConfig: true, createdDir }
  }
  const before = readFileSync(userConfig, 'utf8')
  writeFileSync(userConfig, `${line}\n${before}`)
  chmodSync(userConfig, 0o600)
  return { line, createdConfig: false, createdDir }
}

/**
 * Removes exactly the line addInclude added (once); everything else stays as
 * it is, byte for byte. A config file (and ~/.ssh) that addInclude created and
 * that now holds nothing else is removed too.
 */
export function removeInclude(userConfig: string, added: AddedInclude): boolean {
  if (!existsSync(userConfig) || added.line === '') return false
  const text = readFileSync(userConfig, 'utf8')
  const target = `${added.line}\n`
  const at = text.startsWith(target) ? 0 : text.indexOf(`\n${target}`) + 1
  if (at === 0 && !text.startsWith(target)) return false
  const rest = text.slice(0, at) + text.slice(at + target.length)
  if (rest === '' && added.createdConfig) {
    rmSync(userConfig)
    if (added.createdDir && readdirSync(dirname(userConfig)).length === 0) rmdirSync(dirname(userConfig))
  } else {
    writeFileSync(userConfig, rest)
  }
  return true
}
