/**
 * Mode `start`: start a sandbox safely (same name on every retry, adopt on a
 * lost answer, GPU fallback), save its id at once, wait for running, set outputs.
 */
import type { ComputeClient } from '../client/client.ts'
import { ServiceError, isServiceError } from '../client/errors.ts'
import { backoffDelay, isTransient, withRetry, type Clock } from '../client/retry.ts'
import type { GpuType, SandboxRecord, SandboxStartRequest } from '../client/schemas.ts'
import type { ActionCore } from '../core.ts'
import type { StartConfig } from '../inputs.ts'
import { WaitTimeoutError, findLiveSandboxByName, isGoneStatus, stopSandbox, waitUntilSettled, type OpContext } from '../sandboxes.ts'
import { ActionState } from '../state.ts'
import { readBillingContext, type BillingContext } from '../billing.ts'
import { formatDuration, listWithLimit, markdownTable, reportDryRun } from '../summary.ts'

export interface ModeDeps {
  core: ActionCore
  client: ComputeClient
  clock: Clock
  signal: AbortSignal
}

export function buildStartRequest(config: StartConfig, gpuType: GpuType | undefined): SandboxStartRequest {
  const spec: SandboxStartRequest['spec'] = { cpu_count: config.cpu, memory_gib: config.memoryGib, storage_gib: config.storageGib }
  if (gpuType) {
    spec.gpu_type = gpuType
    spec.gpu_count = config.gpuCount ?? 1
  }
  const lifetime: SandboxStartRequest['lifetime'] = { enforce_ttl: config.enforceTtl, max_ttl_seconds: config.maxTtlSeconds }
  if (config.maxGraceSeconds !== undefined) lifetime.max_grace_seconds = config.maxGraceSeconds
  const body: SandboxStartRequest = { name: config.name, spec, network_policy: config.networkPolicy, lifetime }
  if (Object.keys(config.env).length > 0) body.env = config.env
  return body
}

export interface StartedSandbox {
  id: string
  name: string
  gpuType: GpuType | undefined
  adopted: boolean
  attempts: string[]
}

const CAPACITY_BACKOFF = { baseDelayMs: 5_000, maxDelayMs: 60_000 }
const REPLACE_ROUNDS = 3

/**
 * POST /sandboxes/start until one sandbox exists. Every attempt carries the
 * same name, so a retry after a lost answer answers 409 instead of creating a
 * second sandbox; the 409 is then resolved by adopting the sandbox by name.
 */
/** Set when any start attempt may have created a sandbox (an answer was lost or cut off). */
export interface StartTracker {
  mayHaveCreated: boolean
}

export async function startSandbox(config: StartConfig, deps: ModeDeps, deadline: number, tracker: StartTracker = { mayHaveCreated: false }): Promise<StartedSandbox> {
  const { core, client, clock, signal } = deps
  const ctx: OpContext = { client, clock, signal, log: (m) => core.info(m) }
  const candidates: (GpuType | undefined)[] = config.gpuTypes.length > 0 ? config.gpuTypes : [undefined]
  const attempts: string[] = []
  // The GPU type of the newest attempt whose answer was lost: that attempt may have created our sandbox.
  let lostAnswerGpu: { type: GpuType | undefined } | undefined
  let replaceRounds = 0
  let capacityRound = 0
  const capacityDeadline = Math.min(deadline, clock.now() + config.capacityTimeoutMs)

  for (;;) {
    let startAgain = false
    for (const gpuType of candidates) {
      const label = gpuType ? `${gpuType} x${config.gpuCount ?? 1}` : 'CPU only'
      try {
        const response = await withRetry(() => client.startSandbox(buildStartRequest(config, gpuType), signal), {
          clock,
          deadline,
          signal,
          label: `start '${config.name}' (${label})`,
          log: ctx.log,
          // Capacity is handled below, by moving on to the next GPU type.
          retryable: (error) => isTransient(error) && !isServiceError(error, 'sandbox_capacity_unavailable'),
          onRetry: (error) => {
            if (error instanceof ServiceError && error.ambiguous) {
              lostAnswerGpu = { type: gpuType }
              tracker.mayHaveCreated = true
            }
          },
        })
        attempts.push(`${label}: accepted`)
        return { id: response.id, name: response.name, gpuType, adopted: false, attempts }
      } catch (error) {
        // An answer cut off for good (or a cancelled request) may still have created it.
        if (!(error instanceof ServiceError) || error.ambiguous) tracker.mayHaveCreated = true
        if (isServiceError(error, 'sandbox_capacity_unavailable')) {
          attempts.push(`${label}: no capacity`)
          core.info(`No ${label} capacity free${candidates.length > 1 ? '; trying the next GPU type' : ''}.`)
          continue
        }
        if (!isServiceError(error, 'sandbox_name_in_use')) throw error
        if (lostAnswerGpu) {
          const adopted = await adoptByName(ctx, config.name, deadline)
          attempts.push(`${label}: adopted ${adopted.id} after a lost answer`)
          const grantedGpu = readGpuType(adopted) ?? lostAnswerGpu.type
          return { id: adopted.id, name: adopted.name ?? config.name, gpuType: grantedGpu, adopted: true, attempts }
        }
        if (!config.replaceExisting || replaceRounds >= REPLACE_ROUNDS) throw error
        replaceRounds++
        await replaceHolder(ctx, config.name, deadline)
        // Start again with the same GPU preference order.
        startAgain = true
        break
      }
    }
    if (startAgain) continue
    // Every GPU type answered sandbox_capacity_unavailable: back off, then cycle again.
    capacityRound++
    const wait = backoffDelay(capacityRound, clock.random(), CAPACITY_BACKOFF)
    if (clock.now() + wait > capacityDeadline) {
      const types = config.gpuTypes.join(', ')
      throw new ServiceError({
        status: 503,
        code: 'sandbox_capacity_unavailable',
        serviceMessage: `no ${types} capacity within capacity-timeout (${formatDuration(config.capacityTimeoutMs)}, ${attempts.length} attempts)`,
        method: 'POST',
        path: '/sandboxes/start',
      })
    }
    core.info(`Every GPU type is busy (${config.gpuTypes.join(', ')}); trying again in ${(wait / 1000).toFixed(1)}s.`)
    await clock.sleep(wait, signal)
  }
}

function readGpuType(record: Record<string, unknown>): GpuType | undefined {
  const spec = record.spec
  if (spec && typeof spec === 'object' && 'gpu_type' in spec) {
    const type = (spec as { gpu_type?: unknown }).gpu_type
    if (type === 'A6000' || type === 'A100' || type === 'H100') return type
  }
  return undefined
}

/** After a lost answer, the 409 is our own sandbox: find it by name. The list may lag behind, so look a few times. */
async function adoptByName(ctx: OpContext, name: string, deadline: number) {
  for (let look = 1; look <= 5; look++) {
    const found = await findLiveSandboxByName(ctx, name, deadline)
    if (found) {
      ctx.log(`Adopting sandbox ${found.id}: an earlier start attempt created it but its answer was lost.`)
      return found
    }
    if (ctx.clock.now() + 1_000 * look > deadline) break
    await ctx.clock.sleep(1_000 * look, ctx.signal)
  }
  throw new Error(
    `The name '${name}' is in use after a start attempt whose answer was lost, but no live sandbox with that name is listed. ` +
      'The post step will look for it by name again and stop it.',
  )
}

/** replace-existing: stop the live sandbox holding the name and wait until it no longer holds it. */
async function replaceHolder(ctx: OpContext, name: string, deadline: number): Promise<void> {
  const holder = await findLiveSandboxByName(ctx, name, deadline)
  if (!holder) {
    ctx.log(`The name '${name}' was in use, but no live sandbox holds it any more; starting again.`)
    return
  }
  ctx.log(`replace-existing: stopping ${holder.id}, which holds the name '${name}'.`)
  await stopSandbox(ctx, holder.id, deadline)
  for (let poll = 1; ; poll++) {
    let status: string | undefined
    try {
      status = (await ctx.client.getSandbox(holder.id, ctx.signal)).status
    } catch (error) {
      if (isServiceError(error) && error.status === 404) return
      if (!isTransient(error)) throw error
    }
    if (isGoneStatus(status) || status === 'failed') {
      ctx.log(`${holder.id} is ${status}; the name is free.`)
      return
    }
    if (ctx.clock.now() + 1_000 > deadline) {
      throw new Error(`Sandbox ${holder.id} holding the name '${name}' did not stop in time (last status: ${status ?? 'unknown'}).`)
    }
    await ctx.clock.sleep(Math.min(5_000, 500 * poll), ctx.signal)
  }
}

function policyOf(record: SandboxRecord | undefined, fallback: unknown): unknown {
  const fromRecord = record?.network_policy
  return fromRecord && typeof fromRecord === 'object' ? fromRecord : fallback
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
  try {
    state.saveSandboxName(config.name)
    started = await startSandbox(config, deps, stepStart + config.timeoutMs, tracker)
  } catch (error) {
    // Every attempt was answered with a refusal: nothing exists, so the post step has nothing to look for.
    if (!tracker.mayHaveCreated) {
      state.clearSandboxName()
      core.info('No sandbox was created: every start attempt was refused.')
    }
    throw error
  } finally {
    core.endGroup()
  }
  // Saved the moment the answer arrived, before any polling: the post step stops it from here on.
  state.saveSandboxId(started.id, clock.now())
  core.setOutput('sandbox-id', started.id)
  core.setOutput('sandbox-name', started.name)
  core.setOutput('gpu-type', started.gpuType ?? '')
  core.info(`Sandbox ${started.id} ('${started.name}') ${started.adopted ? 'adopted' : 'accepted'}${started.gpuType ? ` with ${started.gpuType}` : ''}.`)

  // Informational, read while the sandbox provisions; it never fails the step.
  const billing: Promise<BillingContext> = readBillingContext(
    deps.client,
    { cpu: config.cpu, memoryGib: config.memoryGib, storageGib: config.storageGib, gpuType: started.gpuType, gpuCount: config.gpuCount ?? 1 },
    (message) => core.warning(message),
    signal,
  )

  let record: SandboxRecord | undefined
  let lastStatus: string | undefined
  let waitError: unknown
  if (config.wait) {
    core.startGroup(`Wait for ${started.id} to be running`)
    const acceptedAt = clock.now()
    try {
      record = await waitUntilSettled({ client: deps.client, clock, signal, log: (m) => core.info(m) }, started.id, {
        pollIntervalMs: config.pollIntervalMs,
        deadline: acceptedAt + config.timeoutMs,
        onStatus: (status) => {
          lastStatus = status
          core.info(`${started.id}: ${status} (after ${formatDuration(clock.now() - acceptedAt)})`)
          core.setOutput('status', status)
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
      record = await deps.client.getSandbox(started.id, signal)
    } catch (error) {
      core.warning(`wait: false, and the status of ${started.id} could not be read: ${(error as Error).message}`)
    }
  }

  const status = record?.status ?? lastStatus ?? 'accepted'
  core.setOutput('status', status)
  if (record) core.setOutput('sandbox', JSON.stringify(record))
  core.setOutput('network-policy', JSON.stringify(policyOf(record, config.networkPolicy)))

  const { cost, dollarsPerHour, creditAlert } = await billing
  if (dollarsPerHour !== undefined) state.saveHourlyCost(dollarsPerHour)
  const policy = config.networkPolicy
  const allowed = [...(policy.cidr_allowlist ?? []), ...(policy.domain_allowlist ?? [])]

  await core.appendSummary(
    `### Sandbox ${started.id}\n\n` +
      markdownTable([
        ['Name', `\`${started.name}\``],
        ['Status', waitError ? `${status} (waiting ended: ${waitError instanceof WaitTimeoutError ? 'timeout' : 'error'}; the post step stops it)` : status],
        ['Spec', `${config.cpu} vCPU, ${config.memoryGib} GiB memory, ${config.storageGib} GiB storage`],
        ['GPU', started.gpuType ? `${config.gpuCount ?? 1} x ${started.gpuType}` : 'none'],
        ['GPU attempts', listWithLimit(started.attempts, 12)],
        ['Network', `${policy.internet_access}${allowed.length > 0 ? `; allowed: ${listWithLimit(allowed, 20)}` : ''}`],
        ['TTL', `${formatDuration(config.maxTtlSeconds * 1000)}${config.enforceTtl ? ' (enforced by the service)' : ' (not enforced)'}`],
        [status === 'running' && !waitError ? 'Time to running' : 'Time in the step', formatDuration(clock.now() - stepStart)],
        ['Estimated cost', cost],
        ['Credit alert', creditAlert],
        ['Cleanup', config.keepAlive ? 'keep-alive: stop it later with `mode: stop`' : 'stopped by the post step'],
      ]),
  )

  if (waitError) throw waitError
  if (status === 'failed') {
    throw new Error(`Sandbox ${started.id} failed to provision (status 'failed'). The post step stops it; see the 'sandbox' output for the record.`)
  }
  core.info(`Sandbox ${started.id} is ${status}.`)
}
