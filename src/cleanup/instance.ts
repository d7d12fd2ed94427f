/**
 * The post step of mode `instance`: remove the key files, then delete the
 * instance. The deployed service's `identifier` is an index that shifts when
 * other instances come and go, so the instance is looked up by its `uuid` in
 * GET /instances/list and deleted under its current identifier; deleting by
 * the identifier saved at create could delete someone else's.
 */
import { existsSync, rmSync } from 'node:fs'
import type { ComputeClient } from '../client/client.ts'
import { isNotFound } from '../client/errors.ts'
import { retryUntil } from '../client/retry.ts'
import { opContext, type Cleanup, type CleanupDeps } from '../step/deps.ts'
import { serviceText } from '../runtime/untrusted.ts'

type Target = { identifier: string; checked: boolean } | 'gone'

/**
 * The instance's identifier now: looked up by uuid; the saved one, with a warning, where the service has no list
 * (v1.0).
 */
async function currentIdentifier(
  deps: CleanupDeps,
  client: ComputeClient,
  uuid: string | undefined,
  saved: string,
  deadline: number,
): Promise<Target> {
  if (!uuid) return { identifier: saved, checked: false }
  try {
    const instances = await retryUntil(opContext({ ...deps, client }), deadline, 'list instances', () =>
      client.listInstances(deps.signal),
    )
    const found = instances.find((instance) => instance.uuid === uuid)
    return found ? { identifier: found.identifier, checked: true } : 'gone'
  } catch (error) {
    if (!isNotFound(error)) throw error
    deps.core.warning(
      `The service has no instance list (GET /instances/list answered 404), ` +
        `so instance ${saved} could not be checked by its uuid before the delete. ` +
        'On a service whose identifiers shift this could name another instance; check the account console.',
    )
    return { identifier: saved, checked: false }
  }
}

export const cleanupInstance: Cleanup = async (deps, state, inputs, deadlineMs) => {
  const { core } = deps
  const keyPath = state.sshKeyPath
  // Usually already gone with its directory (cleanup/ssh.ts); a key file from an older state is removed here.
  if (keyPath && existsSync(keyPath)) {
    rmSync(keyPath, { force: true })
    core.info(`Removed the private key file ${keyPath}.`)
  }
  const saved = state.instanceId
  if (!saved) {
    core.info('Nothing to delete: the main step created no instance (dry-run, invalid inputs, or the create failed).')
    return
  }
  const config = inputs.cleanup()
  if (config.keepAlive) {
    core.notice(`keep-alive: true: instance ${saved} is left running. Delete it yourself when done.`)
    return
  }
  const deadline = deps.clock.now() + deadlineMs
  const client = deps.makeClient(config).withDeadline(deadline, deps.clock)
  const uuid = state.instanceUuid
  const target = await currentIdentifier(deps, client, uuid, saved, deadline)
  if (target === 'gone') {
    core.info(`Instance ${saved} (uuid ${serviceText(uuid)}) is no longer listed: already gone, nothing to delete.`)
    return
  }
  const { identifier } = target
  if (identifier !== saved)
    core.info(
      `Instance uuid ${serviceText(uuid)} is now identifier ${serviceText(identifier)} ` +
        `(was ${saved}): deleting that one.`,
    )
  try {
    await retryUntil(
      opContext({ ...deps, client }),
      deadline,
      `delete instance ${serviceText(identifier, 64)}`,
      () => client.deleteInstance(identifier, deps.signal),
      { urgent: true },
    )
    core.info(`Deleted instance ${serviceText(identifier, 64)}${target.checked ? ' (checked by uuid)' : ''}.`)
  } catch (error) {
    if (isNotFound(error)) {
      core.info(`Instance ${serviceText(identifier, 64)} is already gone (404).`)
      return
    }
    throw error
  }
}
