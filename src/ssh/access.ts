/**
 * `ssh: true`: make the sandbox (or instance) reachable from later steps as
 * `ssh <alias> '<command>'`. Start mode: a key made on the runner and a
 * short-lived certificate from the service (asked before the start, so a
 * service without the route costs nothing), then the record's `ssh` address
 * and host key once it is ready. Instance mode: the instance key and the
 * address from GET /instances/list once it runs.
 *
 * The key and the certificate are masked, written fresh (0600) in the step's
 * private directory, and never reach a log, an output or the summary.
 */
import { join } from 'node:path'
import { isServiceError, isNotFound } from '../client/errors.ts'
import { retryUntil } from '../client/retry.ts'
import type { SandboxRecord } from '../client/schemas.ts'
import type { Connection } from '../inputs/config.ts'
import type { SshRequest } from '../inputs/ssh.ts'
import { maskKey, privateDirectory, replaceSecretFile, runnerTemp, writeSecretFile } from './secret-files.ts'
import { opContext, stepEnvironment, type StepDeps } from '../step/deps.ts'
import { ActionState } from '../step/state.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { userSshConfigPath } from '../inputs/ssh.ts'
import { addInclude, writeSshFiles } from './config-files.ts'
import { endpointFromInstance, endpointFromRecord, SshEndpointError, type SshEndpoint } from './endpoint.ts'
import { generateSshKeyPair } from './key-pair.ts'
import { certificateExpiry, renewAt, type RenewerSpec } from './renewer.ts'
import { launchRenewer, RENEWER_LOG } from './renewer-process.ts'

/** `ssh: true` could not be honoured; says what the service answered. The post step still cleans up. */
export class SshUnavailableError extends Error {
  constructor(what: string) {
    super(`Input 'ssh': ${what}. The post step still stops what was started.`)
    this.name = 'SshUnavailableError'
  }
}

export interface PreparedSandboxSsh {
  dir: string
  keyPath: string
  certPath: string
  publicKey: string
  /** When the certificate arrived, and when it expires (undefined: the service did not say). */
  certIssuedAt: number
  certExpiresAt: number | undefined
}

/** Start mode, before the start: a key pair and its certificate, in a fresh private directory. */
export async function prepareSandboxSsh(
  deps: StepDeps,
  env: NodeJS.ProcessEnv,
  deadline: number,
): Promise<PreparedSandboxSsh> {
  const dir = privateDirectory(runnerTemp(env))
  new ActionState(deps.core).saveSecretDirectory(dir)
  const pair = generateSshKeyPair('gpu-sandbox-action')
  maskKey((s) => deps.core.setSecret(s), pair.privateKey)
  const keyPath = writeSecretFile(dir, 'id_ed25519', pair.privateKey)
  const client = deps.client.withDeadline(deadline, deps.clock)
  let certificate
  try {
    certificate = await retryUntil(opContext(deps), deadline, 'SSH certificate', () =>
      client.requestSshCertificate(pair.publicKey, deps.signal),
    )
  } catch (error) {
    if (isServiceError(error) && (error.status === 404 || error.status === 405)) {
      throw new SshUnavailableError(
        `the service offers no SSH certificates (POST /sandboxes/ssh-certificate ` +
          `answered ${error.status} ${error.code}); nothing was started`,
      )
    }
    throw error
  }
  maskKey((s) => deps.core.setSecret(s), certificate.ssh_certificate)
  const certPath = writeSecretFile(dir, 'id_ed25519-cert.pub', `${certificate.ssh_certificate.trim()}\n`)
  const until = certificate.expires_at ? ` until ${serviceText(certificate.expires_at, 40)}` : ''
  deps.core.info(
    `SSH: a key made on the runner and a certificate valid${until} (both masked, written to a private directory).`,
  )
  const certIssuedAt = deps.clock.now()
  return {
    dir,
    keyPath,
    certPath,
    publicKey: pair.publicKey,
    certIssuedAt,
    certExpiresAt: certificateExpiry(certificate.expires_at, certIssuedAt),
  }
}

/** Writes the SSH files and the Include line, sets the outputs; the config file's path. */
function connect(
  deps: StepDeps,
  ssh: SshRequest,
  dir: string,
  endpoint: SshEndpoint,
  keyPath?: string,
  certPath?: string,
): string {
  const { core } = deps
  const { configPath } = writeSshFiles(dir, ssh.alias, endpoint, keyPath, certPath)
  const userConfig = userSshConfigPath()
  const added = addInclude(userConfig, configPath)
  new ActionState(core).saveSshInclude({ userConfig, ...added })
  core.setOutput('ssh-host', endpoint.host)
  core.setOutput('ssh-port', String(endpoint.port))
  core.setOutput('ssh-user', endpoint.user)
  core.setOutput('ssh-config', configPath)
  core.setOutput('ssh-command', `ssh -F ${configPath} ${ssh.alias}`)
  core.setOutput('ssh-key-path', keyPath ?? '')
  const pinned = endpoint.hostKey
    ? 'host key pinned from the record'
    : 'host key learned on first connect into this config only'
  core.info(
    `SSH: later steps can run \`ssh ${ssh.alias} '<command>'\` (${endpoint.user}@${endpoint.host}:${endpoint.port}; ` +
      `${pinned}; ~/.ssh/config includes ${configPath} until the post step).`,
  )
  return configPath
}

/**
 * The record's SSH address with a host key to pin, or what is wrong with it,
 * worded to follow "the sandbox record" (start mode) or "its record" (connect).
 */
export function pinnableEndpoint(record: SandboxRecord): { endpoint: SshEndpoint } | { problem: string } {
  let endpoint: SshEndpoint | undefined
  try {
    endpoint = endpointFromRecord(record)
  } catch (error) {
    if (error instanceof SshEndpointError) return { problem: `'s ssh field cannot be used: ${error.message}` }
    throw error
  }
  if (!endpoint) return { problem: ' has no ssh field (no address to connect to)' }
  if (!endpoint.hostKey)
    return { problem: ' gives no host_key to pin (a host key learned on first use could be another sandbox’s)' }
  return { endpoint }
}

/** Start mode, once the sandbox is ready: its address and host key from the record; the config file's path. */
export function finishSandboxSsh(
  deps: StepDeps,
  ssh: SshRequest,
  prepared: PreparedSandboxSsh,
  record: SandboxRecord,
): string {
  const found = pinnableEndpoint(record)
  if ('problem' in found) throw new SshUnavailableError(`the sandbox record${found.problem}`)
  return connect(deps, ssh, prepared.dir, found.endpoint, prepared.keyPath, prepared.certPath)
}

/**
 * Starts the renewer, which keeps the certificate valid for the rest of the
 * job (until the post step ends it, the sandbox is gone, or `endsAt`, its TTL).
 * Its pid goes to state at once, so the post step can end it.
 */
export async function keepCertificateFresh(
  deps: StepDeps,
  connection: Connection,
  prepared: PreparedSandboxSsh,
  sandboxId: string,
  endsAt: number | undefined,
): Promise<void> {
  const { core } = deps
  if (!deps.renewer) {
    core.info('SSH: the certificate is not renewed in this run (no renewer: the modes run in-process).')
    return
  }
  const spec: RenewerSpec = {
    baseUrl: connection.baseUrl,
    apiToken: connection.apiToken,
    publicKey: prepared.publicKey,
    certPath: prepared.certPath,
    certIssuedAt: prepared.certIssuedAt,
    certExpiresAt: prepared.certExpiresAt,
    sandboxId,
    endsAt,
    requestTimeoutMs: deps.renewer.requestTimeoutMs,
  }
  const pid = await launchRenewer(spec, deps.renewer.script, join(prepared.dir, RENEWER_LOG), stepEnvironment(deps))
  new ActionState(core).saveRenewerPid(pid)
  const until = endsAt !== undefined ? ` or the sandbox's TTL (${new Date(endsAt).toISOString()})` : ''
  core.info(
    `SSH: a renewer (pid ${pid}) renews the certificate before it expires, until the post step ends it${until}.`,
  )
}

/** How long an instance may take to show an address. */
const INSTANCE_ADDRESS_DEADLINE_MS = 10 * 60_000

/** Instance mode: wait until GET /instances/list shows it RUNNING with an ip, then connect with its key. */
export async function connectInstance(
  deps: StepDeps,
  ssh: SshRequest,
  uuid: string,
  dir: string,
  keyPath: string | undefined,
): Promise<void> {
  const deadline = deps.clock.now() + INSTANCE_ADDRESS_DEADLINE_MS
  const client = deps.client.withDeadline(deadline, deps.clock)
  for (let poll = 1; ; poll++) {
    let instances
    try {
      instances = await retryUntil(opContext(deps), deadline, 'list instances', () => client.listInstances(deps.signal))
    } catch (error) {
      if (isNotFound(error))
        throw new SshUnavailableError(
          'the service has no instance list to read the address from (GET /instances/list answered 404)',
        )
      throw error
    }
    const ours = instances.find((instance) => instance.uuid === uuid)
    const status = (ours?.status ?? '').toUpperCase()
    if (ours && status === 'RUNNING' && ours.ip) {
      try {
        connect(deps, ssh, dir, endpointFromInstance(ours), keyPath)
        return
      } catch (error) {
        if (error instanceof SshEndpointError)
          throw new SshUnavailableError(`the instance's address cannot be used: ${error.message}`)
        throw error
      }
    }
    if (status === 'STOPPED' || status === 'UNKNOWN')
      throw new SshUnavailableError(`the instance is ${serviceText(status, 20)} and has no address`)
    const wait = Math.min(5_000, 1_000 * poll)
    if (deps.clock.now() + wait > deadline)
      throw new SshUnavailableError('the instance showed no address within 10 minutes')
    await deps.clock.sleep(wait, deps.signal)
  }
}

/**
 * A step that holds its certificate for hours itself (a keeper with pool-watch): a new one for the same key once
 * renewAt says so, written over the old one; the same certificate again before that.
 */
export async function renewInPlace(deps: StepDeps, prepared: PreparedSandboxSsh): Promise<void> {
  if (deps.clock.now() < renewAt(prepared.certIssuedAt, prepared.certExpiresAt)) return
  const deadline = deps.clock.now() + 60_000
  const client = deps.client.withDeadline(deadline, deps.clock)
  const answer = await retryUntil(opContext(deps), deadline, 'renew the SSH certificate', () =>
    client.requestSshCertificate(prepared.publicKey, deps.signal),
  )
  maskKey((s) => deps.core.setSecret(s), answer.ssh_certificate)
  replaceSecretFile(prepared.certPath, `${answer.ssh_certificate.trim()}\n`)
  prepared.certIssuedAt = deps.clock.now()
  prepared.certExpiresAt = certificateExpiry(answer.expires_at, prepared.certIssuedAt)
}
