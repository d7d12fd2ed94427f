/**
 * The post step's first act, in every mode and whatever becomes of the stop:
 * remove the Include line this job's main step added to ~/.ssh/config (that
 * line only) and the private directory with the key, certificate and config.
 */
import type { ActionCore } from '../runtime/core.ts'
import { removePrivateDirectory } from '../ssh/secret-files.ts'
import type { ActionState } from '../step/state.ts'
import { removeInclude } from '../ssh/config-files.ts'

export function removeSshAccess(core: Pick<ActionCore, 'info' | 'warning'>, state: ActionState): void {
  try {
    const include = state.sshInclude
    if (include) {
      const removed = removeInclude(include.userConfig, include)
      core.info(removed ? `Removed the SSH Include line from ${include.userConfig}.` : `The SSH Include line was no longer in ${include.userConfig}.`)
    }
    const dir = state.secretDirectory
    if (dir) {
      removePrivateDirectory(dir)
      core.info(`Removed the private key directory ${dir}.`)
    }
  } catch (error) {
    // Files are not worth a leaked sandbox: say so, and go on to the stop.
    core.warning(`Could not remove the SSH files: ${error instanceof Error ? error.message : String(error)}`)
  }
}
