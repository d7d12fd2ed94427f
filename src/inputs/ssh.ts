/** `ssh` and `ssh-alias`: make the sandbox (or instance) reachable as `ssh <alias>` from later steps. */
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

export const ALIAS_PATTERN = /^[A-Za-z0-9._-]{1,64}$/

/** ~/.ssh/config as ssh finds it on a runner (HOME is the passwd home there). */
export function userSshConfigPath(home = homedir()): string {
  return join(home, '.ssh', 'config')
}

/** The config file's name carries the alias, so ~/.ssh/config shows which aliases this action included. */
export function configFileName(alias: string): string {
  return `${alias}.ssh_config`
}

/** Whether an earlier step of this job already included `alias` in ~/.ssh/config. */
export function aliasWrittenBefore(userConfig: string, alias: string): boolean {
  if (!existsSync(userConfig)) return false
  const ours = `/${configFileName(alias)}"`
  return readFileSync(userConfig, 'utf8')
    .split(/\r?\n/)
    .some((line) => line.startsWith('Include "') && line.includes('/gpu-sandbox-') && line.endsWith(ours))
}

export interface SshRequest {
  alias: string
  /**
   * False for `run` alone: no later step (nor the post step) uses the access, so the key and certificate are removed
   * when the main step ends. Absent where one does (`ssh: true`, the runner, a debug hold).
   */
  laterSteps?: false
}

/**
 * Checks the alias; `aliasInUse` says whether an earlier step of the job already wrote it. An error message, or
 * undefined.
 */
export function checkAlias(alias: string, aliasInUse: (alias: string) => boolean): string | undefined {
  if (!ALIAS_PATTERN.test(alias) || alias.startsWith('-')) {
    return `must be 1 to 64 letters, digits, '.', '_' or '-' (not starting with '-'), got '${alias.slice(0, 80)}'`
  }
  if (aliasInUse(alias)) {
    return (
      `'${alias}' is already in ~/.ssh/config from an earlier step of this ` +
      `job; give this step another ssh-alias (each sandbox needs its own)`
    )
  }
  return undefined
}
