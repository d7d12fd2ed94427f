/**
 * Mode `connect`: make an existing sandbox (kept alive by an earlier job)
 * reachable over SSH from this job, exactly as `ssh: true` does in start mode:
 * a key and a renewed certificate, the record's address with its host key
 * pinned, the config and the Include line. It never stops the sandbox; its
 * post step removes what it wrote and ends the renewer.
 */
import { publishComment } from '../comment/post.ts'
import { isNotFound } from '../client/errors.ts'
import { retryUntil } from '../client/retry.ts'
import type { SandboxRecord } from '../client/schemas.ts'
import type { ConnectConfig } from '../inputs/config.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { endsAtMs } from '../sandbox/record.ts'
import { isReady } from '../sandbox/status.ts'
import { finishSandboxSsh, keepCertificateFresh, pinnableEndpoint, prepareSandboxSsh } from '../ssh/access.ts'
import { opContext, stepEnvironment, type StepDeps } from '../step/deps.ts'
import { setTextOutput } from '../step/outputs.ts'
import { markdownTable } from '../step/summary.ts'

/** How long reading the record and getting a certificate may take. */
export const CONNECT_DEADLINE_MS = 3 * 60_000

/** The sandbox's record, or an error naming sandbox-id that says what the service answered. */
async function readSandbox(config: ConnectConfig, deps: StepDeps, deadline: number): Promise<SandboxRecord> {
  const client = deps.client.withDeadline(deadline, deps.clock)
  try {
    return await retryUntil(opContext(deps), deadline, `read ${config.sandboxId}`, () =>
      client.getSandbox(config.sandboxId, deps.signal),
    )
  } catch (error) {
    if (isNotFound(error))
      throw new Error(
        `Input 'sandbox-id': the service has no sandbox ${config.sandboxId} ` +
          `(404): it was stopped, or its TTL ended. Nothing to connect to.`,
        { cause: error },
      )
    throw error
  }
}

/** Live, with an `ssh` address and a host key to pin: else an error naming sandbox-id with what the record says. */
function checkReachable(config: ConnectConfig, record: SandboxRecord): void {
  const status = record.status
  if (!isReady(status)) {
    throw new Error(
      `Input 'sandbox-id': sandbox ${config.sandboxId} is '${serviceText(status, 40)}', ` +
        `not running: nothing to connect to.`,
    )
  }
  const found = pinnableEndpoint(record)
  if ('problem' in found)
    throw new Error(
      `Input 'sandbox-id': sandbox ${config.sandboxId} cannot be reached over SSH: its record${found.problem}.`,
    )
}

export async function runConnect(config: ConnectConfig, deps: StepDeps): Promise<void> {
  const { core, clock } = deps
  core.setOutput('sandbox-id', config.sandboxId)
  const deadline = clock.now() + CONNECT_DEADLINE_MS
  const record = await readSandbox(config, deps, deadline)
  setTextOutput(core, 'status', record.status)
  checkReachable(config, record)
  const prepared = await prepareSandboxSsh(deps, stepEnvironment(deps), deadline)
  finishSandboxSsh(deps, config.ssh, prepared, record)
  await keepCertificateFresh(deps, config, prepared, config.sandboxId, endsAtMs(record, undefined))
  if (config.comment) await commentConnected(config, deps, record)
  await core.appendSummary(
    `### Sandbox ${config.sandboxId} connected\n\n` +
      markdownTable([
        ['Status', record.status],
        ['SSH', `ssh ${config.ssh.alias} '<command>' from later steps of this job`],
        ['Cleanup', 'the post step removes the SSH files and ends the renewer; the sandbox keeps running'],
      ]),
  )
}

/** comment: true: this job's comment says it reached the kept sandbox (it never stops it, so no cost of its own). */
async function commentConnected(config: ConnectConfig, deps: StepDeps, record: SandboxRecord): Promise<void> {
  const target = config.comment as NonNullable<ConnectConfig['comment']>
  const spec = (record.spec ?? {}) as { gpu_type?: unknown; gpu_count?: unknown }
  const gpu =
    typeof spec.gpu_type === 'string' ? `${Number(spec.gpu_count) || 1} x ${spec.gpu_type}` : 'none (CPU only)'
  await publishComment(deps, target, {
    sandboxId: config.sandboxId,
    job: target.job,
    gpu: serviceText(gpu, 60),
    status: `connected (${serviceText(record.status, 40)}); kept by an earlier job, not stopped here`,
    runUrl: target.runUrl,
  })
}
