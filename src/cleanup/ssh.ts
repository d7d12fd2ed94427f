/**
 * The post step's first act, in every mode and whatever becomes of the stop:
 * end the certificate renewer, turn what it logged as failures into one
 * warning, then remove the Include line this job's main step added to
 * ~/.ssh/config (that line only) and the private directory with the key,
 * certificate and config.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Clock } from '../runtime/clock.ts'
import type { ActionCore } from '../runtime/core.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { configFileName } from '../inputs/ssh.ts'
import { removeInclude } from '../ssh/config-files.ts'
import { endRenewer, RENEWER_LOG, renewerFailures } from '../ssh/renewer-process.ts'
import { removePrivateDirectory } from '../ssh/secret-files.ts'
import type { ActionState } from '../step/state.ts'

type Core = Pick<ActionCore, 'info' | 'warning'>

async function endTheRenewer(core: Core, state: ActionState, clock: Clock): Promise<void> {
  const pid = state.renewerPid
  if (pid !== undefined) {
    const ended = await endRenewer(pid, clock)
    if (ended === 'ended') core.info(`Ended the SSH certificate renewer (pid ${pid}).`)
    else if (ended === 'not-running') core.info(`The SSH certificate renewer (pid ${pid}) had already ended.`)
    else
      core.warning(
        `The SSH certificate renewer (pid ${pid}) did not end after SIGTERM ` +
          `and SIGKILL. ${
            process.env.RUNNER_TRACKING_ID
              ? "It carries the job's RUNNER_TRACKING_ID, so the runner's end-of-job " + 'clean-up ends it'
              : 'No RUNNER_TRACKING_ID here, so no runner clean-up will find it'
          }; ` +
          `without its files it ends by itself at its next renewal.`,
      )
  }
  const dir = state.secretDirectory
  const failures = dir ? renewerFailures(join(dir, RENEWER_LOG)) : []
  const last = failures.at(-1)
  if (last) {
    const what = serviceText(last.replace(/^\S+ failed: /, ''), 300)
    core.warning(
      `The SSH certificate renewer reported ${failures.length === 1 ? 'a failure' : `${failures.length} failures`}; ` +
        `the last: ${what}`,
    )
  }
}

/**
 * Before another attempt on a fresh sandbox (retry-on-gpu-fault): the stopped sandbox's renewer, Include line and
 * address files go, so nothing names it; the key and certificate stay for the next sandbox.
 */
export async function forgetSandboxAccess(core: Core, state: ActionState, clock: Clock, alias: string): Promise<void> {
  await endTheRenewer(core, state, clock)
  const include = state.sshInclude
  if (include) removeInclude(include.userConfig, include)
  const dir = state.secretDirectory
  if (dir) for (const name of ['known_hosts', configFileName(alias)]) rmSync(join(dir, name), { force: true })
}

export async function removeSshAccess(core: Core, state: ActionState, clock: Clock): Promise<void> {
  try {
    await endTheRenewer(core, state, clock)
    const include = state.sshInclude
    if (include) {
      const removed = removeInclude(include.userConfig, include)
      core.info(
        removed
          ? `Removed the SSH Include line from ${include.userConfig}.`
          : `The SSH Include line was no longer in ${include.userConfig}.`,
      )
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

/**
 * The main step's end where no later step uses SSH (`run` alone: no `ssh: true`, no runner, no debug hold): the
 * renewer, the Include line, the key and the certificate (which open every sandbox of the organization) go now, not
 * at the post step; the state no longer names them.
 */
export async function dropSshAccess(core: Core, state: ActionState, clock: Clock): Promise<void> {
  core.info(
    'SSH: no later step uses it (run alone; ssh: true keeps `ssh <alias>` for later steps): the key, certificate ' +
      'and Include line are removed now.',
  )
  await removeSshAccess(core, state, clock)
  state.forgetSshAccess()
}
