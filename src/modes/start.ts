/**
 * Mode `start`: start a sandbox safely (see sandbox-start.ts), save its id at
 * once, wait until it is ready, set outputs.
 */
import type { SandboxRecord } from '../client/schemas.ts'
import type { StartConfig } from '../inputs/config.ts'
import { setJsonOutput, setTextOutput } from '../outputs.ts'
import { ServiceError } from '../client/errors.ts'
import { buildStartRequest, CapacityExhaustedError, checkNameBeforeStart, NameHeldError, NameHolders, startSandbox, type StartedSandbox, type StartTracker } from '../sandbox-start.ts'
import { expiresAt, failureReason } from '../sandbox-record.ts'
import { isFailed, isReady } from '../sandbox-status.ts'
import { WaitTimeoutError, waitUntilSettled } from '../sandbox-wait.ts'
import { INFO_READ_MS } from '../sandboxes.ts'
import { finishSandboxSsh, prepareSandboxSsh, SshUnavailableError, type PreparedSandboxSsh } from '../ssh/access.ts'
import { ActionState } from '../state.ts'
import { serviceText } from '../untrusted.ts'
import { readBillingContext, type BillingContext } from '../billing.ts'
import { formatDuration, listWithLimit, markdownTable, reportDryRun } from '../summary.ts'
import type { ModeDeps } from './deps.ts'

export type { ModeDeps } from './deps.ts'

function policyOf(record: SandboxRecord | undefined, fallback: unknown): unknown {
  const fromRecord = record?.network_policy
  return fromRecord && typeof fromRecord === 'object' ? fromRecord : fallback
}

/** Why nothing exists after the start phase failed, for the log and the post step. */
function nothingStartedBecause(error: unknown, startSent: boolean): string {
  if (error instanceof SshUnavailableError) return 'SSH access was refused, so no start request was sent'
  if (error instanceof NameHeldError) return 'the name is held by another live sandbox, so no start request was sent'
  if (!startSent) return `no start request was sent (${error instanceof ServiceError ? `${error.status} ${error.code}` : 'the step failed before it'})`
  if (error instanceof CapacityExhaustedError) return `every start attempt was answered ${error.status} ${error.code}: no capacity for the listed GPU types`
  if (error instanceof ServiceError) return `every start attempt was refused (${error.status} ${error.code})`
  return 'no start was accepted'
}

export async function runStart(config: StartConfig, deps: ModeDeps): Promise<void> {
  const { core, clock, signal } = deps
  const state = new ActionState(core)
  const stepStart = clock.now()

  if (config.dryRun) {
    const request = buildStartRequest(config, config.gpuTypes[0])
    // env values may be secrets: the log and the summary show only their names (the output has the real body).
    const shown = request.env ? { ...request, env: Object.fromEntries(Object.keys(request.env).map((key) => [key, '***'])) } : request
    await reportDryRun(core, 'Sandbox', 'POST /sandboxes/start', request, shown, ' (env values hidden)')
    return
  }

  core.startGroup(`Start sandbox '${config.name}'`)
  let started: StartedSandbox
  const tracker: StartTracker = { mayHaveCreated: false }
  const startDeadline = stepStart + config.timeoutMs
  const holders = new NameHolders(state)
  let preparedSsh: PreparedSandboxSsh | undefined
  let startSent = false
  try {
    // A name the user chose may be held already: know its holders before the first attempt.
    if (!config.nameWasGenerated) {
      const ctx = { client: deps.client, clock, signal, log: (m: string) => core.info(m) }
      await checkNameBeforeStart(config, ctx, holders, startDeadline)
    }
    // SSH first: a service without certificates fails the step before anything is billed.
    if (config.ssh) preparedSsh = await prepareSandboxSsh(deps, deps.env ?? process.env, startDeadline)
    state.saveSandboxName(config.name)
    startSent = true
    started = await startSandbox(config, deps, startDeadline, holders, tracker)
  } catch (error) {
    // Every attempt was answered with a refusal, or none was sent: nothing exists, so the post step has nothing to look for.
    if (!tracker.mayHaveCreated) {
      const why = nothingStartedBecause(error, startSent)
      state.clearSandboxName(why)
      core.info(`No sandbox was created: ${why}.`)
    }
    throw error
  } finally {
    core.endGroup()
  }
  // Saved the moment the answer arrived, before any polling: the post step stops it from here on.
  state.saveSandboxId(started.id, clock.now())
  core.setOutput('sandbox-id', started.id)
  setTextOutput(core, 'sandbox-name', started.name)
  core.setOutput('gpu-type', started.gpuType ?? '')
  core.info(`Sandbox ${started.id} ('${serviceText(started.name)}') ${started.adopted ? 'adopted' : 'accepted'}${started.gpuType ? ` with ${started.gpuType}` : ''}.`)

  // Informational, read while the sandbox provisions; it never fails the step.
  const billing: Promise<BillingContext> = readBillingContext(
    deps.client,
    { cpu: config.cpu, memoryGib: config.memoryGib, storageGib: config.storageGib, gpuType: started.gpuType, gpuCount: config.gpuCount ?? 1 },
    (message) => core.warning(message),
    signal,
  )

  let record: SandboxRecord | undefined
  let lastStatus: string | undefined
  let lastRecord: SandboxRecord | undefined
  let waitError: unknown
  if (config.wait) {
    core.startGroup(`Wait for ${started.id} to be ready`)
    const acceptedAt = clock.now()
    try {
      record = await waitUntilSettled({ client: deps.client, clock, signal, log: (m) => core.info(m) }, started.id, {
        pollIntervalMs: config.pollIntervalMs,
        deadline: acceptedAt + config.timeoutMs,
        acceptedAt,
        onSeen: () => state.saveSandboxSeen(),
        onRecord: (seen) => (lastRecord = seen),
        onStatus: (status) => {
          lastStatus = status
          core.info(`${started.id}: ${serviceText(status)} (after ${formatDuration(clock.now() - acceptedAt)})`)
          setTextOutput(core, 'status', status)
        },
      })
    } catch (error) {
      // Cancelled: leave at once, the post step stops it. Anything else still gets a summary below.
      if (signal.aborted) throw error
      waitError = error
    } finally {
      core.endGroup()
    }
  } else {
    try {
      record = await deps.client.withDeadline(clock.now() + INFO_READ_MS, clock).getSandbox(started.id, signal)
      state.saveSandboxSeen()
    } catch (error) {
      core.warning(`wait: false, and the status of ${started.id} could not be read: ${(error as Error).message}`)
    }
  }

  const status = record?.status ?? lastStatus ?? 'accepted'
  // After a timeout or a poll error the last record seen is still the best word on the sandbox.
  const known = record ?? lastRecord
  setTextOutput(core, 'status', status)
  if (known) setJsonOutput(core, 'sandbox', known)
  setJsonOutput(core, 'network-policy', policyOf(known, config.networkPolicy))

  const { cost, dollarsPerHour, creditAlert } = await billing
  if (dollarsPerHour !== undefined) state.saveHourlyCost(dollarsPerHour)
  const policy = config.networkPolicy
  const allowed = [...(policy.cidr_allowlist ?? []), ...(policy.domain_allowlist ?? [])]
  const failure = failureReason(known)
  const expires = expiresAt(known)

  await core.appendSummary(
    `### Sandbox ${started.id}\n\n` +
      markdownTable([
        ['Name', started.name],
        ['Status', waitError ? `${status} (waiting ended: ${waitError instanceof WaitTimeoutError ? 'timeout' : 'error'}; the post step stops it)` : status],
        ['Spec', `${config.cpu} vCPU, ${config.memoryGib} GiB memory, ${config.storageGib} GiB storage`],
        ['GPU', started.gpuType ? `${config.gpuCount ?? 1} x ${started.gpuType}` : 'none'],
        ['GPU attempts', listWithLimit(started.attempts, 12)],
        ['Network', `${policy.internet_access}${allowed.length > 0 ? `; allowed: ${listWithLimit(allowed, 20)}` : ''}`],
        ...(failure ? [['Failure', failure] as [string, string]] : []),
        ['TTL', `${formatDuration(config.maxTtlSeconds * 1000)}${config.enforceTtl ? ' (enforced by the service)' : ' (not enforced)'}`],
        ...(expires ? [['Expires', `${expires} (the service ends it then)`] as [string, string]] : []),
        ...(config.image ? [['Image', config.image] as [string, string]] : []),
        [isReady(status) && !waitError ? 'Time to running' : 'Time in the step', formatDuration(clock.now() - stepStart)],
        ['Estimated cost', cost],
        ['Credit alert', creditAlert],
        ['Cleanup', config.keepAlive ? 'keep-alive: stop it later with mode: stop' : 'stopped by the post step'],
      ]),
  )

  if (waitError) throw waitError
  if (isFailed(status)) {
    const why = failure ? `: ${failure}` : ''
    throw new Error(`Sandbox ${started.id} failed to provision (status 'failed')${why}. The post step stops it; see the 'sandbox' output for the record.`)
  }
  if (config.ssh && preparedSsh && record) finishSandboxSsh(deps, config.ssh, preparedSsh, record)
  core.info(`Sandbox ${started.id} is ${serviceText(status)}.`)
}
