/** `ssh` and `ssh-alias`: make the sandbox (or instance) reachable as `ssh <alias>` from later steps. */
import { ALIAS_PATTERN } from '../ssh/config-files.ts'

export interface SshRequest {
  alias: string
}

/** Checks the alias; `aliasInUse` says whether an earlier step of the job already wrote it. An error message, or undefined. */
export function checkAlias(alias: string, aliasInUse: (alias: string) => boolean): string | undefined {
  if (!ALIAS_PATTERN.test(alias) || alias.startsWith('-')) {
    return `must be 1 to 64 letters, digits, '.', '_' or '-' (not starting with '-'), got '${alias.slice(0, 80)}'`
  }
  if (aliasInUse(alias)) {
    return `'${alias}' is already in ~/.ssh/config from an earlier step of this job; give this step another ssh-alias (each sandbox needs its own)`
  }
  return undefined
}
