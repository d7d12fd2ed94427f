/** Mode `instance`: create an SSH instance; mask and hand over a generated key. */
import { assertInstanceId } from '../client/client.ts'
import { isNotAccepted, retryUntil } from '../client/retry.ts'
import type { InstanceCreateResponse } from '../client/schemas.ts'
import type { InstanceConfig } from '../inputs/config.ts'
import { maskKey, privateDirectory, runnerTemp, writeSecretFile } from '../ssh/secret-files.ts'
import { setTextOutput } from '../step/outputs.ts'
import { connectInstance } from '../ssh/access.ts'
import { ActionState } from '../step/state.ts'
import { markdownTable, reportDryRun } from '../step/summary.ts'
import { opContext, type StepDeps } from '../step/deps.ts'

const CREATE_DEADLINE_MS = 2 * 60_000

export function buildInstanceRequest(config: InstanceConfig): Record<string, unknown> {
  const body: Record<string, unknown> = { ...config.instanceConfig }
  if (config.publicKey) body.public_key = config.publicKey
  return body
}

/**
 * Create is not idempotent and carries no name to find it by: only answers that
 * certainly created nothing (429, 503, 504) are retried; a lost answer fails loudly.
 */
async function createOnce(
  deps: StepDeps,
  request: Record<string, unknown>,
  deadline: number,
): Promise<InstanceCreateResponse> {
  const client = deps.client.withDeadline(deadline, deps.clock)
  try {
    return await retryUntil(
      opContext(deps),
      deadline,
      'create instance',
      () => client.createInstance(request, deps.signal),
      { retryable: isNotAccepted },
    )
  } catch (error) {
    const ambiguous = (error as { ambiguous?: boolean }).ambiguous === true
    if (!ambiguous) throw error
    throw new Error(
      `${(error as Error).message} The instance may have been created although no answer arrived; it is not retried ` +
        '(create is not idempotent). Check the account console for an instance you do not expect and delete it.',
      { cause: error },
    )
  }
}

export async function runInstance(config: InstanceConfig, deps: StepDeps, env: NodeJS.ProcessEnv): Promise<void> {
  const { core } = deps
  const request = buildInstanceRequest(config)
  if (config.dryRun) {
    await reportDryRun(core, 'Instance', 'POST /instances/create', request)
    return
  }
  // The service generates a key unless one is given: know where it will go before anything is sent.
  const tempDir = config.publicKey && !config.ssh ? undefined : runnerTemp(env)
  const deadline = deps.clock.now() + CREATE_DEADLINE_MS
  const created = await createOnce(deps, request, deadline)
  const key = created.key ?? ''
  if (key !== '') maskKey((s) => core.setSecret(s), key)
  const identifier = assertInstanceId(created.identifier)
  const state = new ActionState(core)
  state.saveInstance(identifier, created.uuid)
  core.setOutput('instance-id', identifier)
  setTextOutput(core, 'instance-uuid', created.uuid)
  if (key !== '') {
    // A key was sent back although none was expected (a public key was given): it still gets a private place.
    const dir = privateDirectory(tempDir ?? runnerTemp(env))
    state.saveSecretDirectory(dir)
    const path = writeSecretFile(dir, `instance-${identifier}-key`, key.endsWith('\n') ? key : `${key}\n`)
    state.saveSshKeyPath(path)
    core.setOutput('ssh-key-path', path)
    core.setOutput('ssh-private-key', key)
    core.info(`Instance ${identifier} created; the generated private key is masked and written to ${path} (mode 0600).`)
    if (config.ssh) await connectInstance(deps, config.ssh, created.uuid, dir, path)
  } else {
    core.info(`Instance ${identifier} created with the given public key.`)
    if (config.ssh) {
      // The user's own key (or agent) connects: no key file, but a private place for the config.
      const dir = privateDirectory(tempDir ?? runnerTemp(env))
      state.saveSecretDirectory(dir)
      await connectInstance(deps, config.ssh, created.uuid, dir, undefined)
    }
  }
  await core.appendSummary(
    `### Instance ${identifier}\n\n${markdownTable([
      ['UUID', created.uuid],
      ['Cleanup', config.keepAlive ? 'keep-alive (not deleted)' : 'deleted by the post step'],
    ])}`,
  )
}
