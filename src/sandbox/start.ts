/**
 * Starting exactly one sandbox. Every attempt carries the same name, so a
 * retry after a lost answer answers 409 instead of creating a second sandbox;
 * that 409 is resolved by adopting the sandbox by name. Sandboxes that held
 * the name before the first attempt are never adopted and never stopped by
 * the post step (only replace-existing stops them, on purpose).
 */
import { ServiceError, isNameInUse, isServiceError } from '../client/errors.ts'
import { backoffDelay, isTransient, retryUntil, type BackoffOptions } from '../client/retry.ts'
import { GPU_TYPES, type GpuType, type SandboxStartRequest } from '../client/schemas.ts'
import type { StartConfig } from '../inputs/config.ts'
import { opContext, type OpContext, type StepDeps } from '../step/deps.ts'
import { formatDuration } from '../step/summary.ts'
import { findLiveSandboxByName } from './find.ts'
import { freeTheName, type NameHolders } from './name-holders.ts'

/** Every listed GPU type stayed busy for capacity-timeout: says the list was exhausted, and what is left to try. */
export class CapacityExhaustedError extends ServiceError {
  constructor(
    types: readonly GpuType[],
    rounds: number,
    attempts: number,
    cycledMs: number,
    capacityTimeoutMs: number,
  ) {
    super({ status: 503, code: 'sandbox_capacity_unavailable', method: 'POST', path: '/sandboxes/start' })
    const listed =
      types.length > 1 ? `every GPU type listed in 'gpu-type' (${types.join(', ')})` : `'gpu-type' ${types.join('')}`
    const advice =
      types.length === 1
        ? `List fallback types in 'gpu-type' (e.g. '${types[0]}, ${types[0] === 'A100' ? 'H100' : 'A100'}') ` +
          `or raise 'capacity-timeout'.`
        : types.length < GPU_TYPES.length
          ? "Raise 'capacity-timeout', or add another type to 'gpu-type'."
          : "Raise 'capacity-timeout', or run the job again later."
    this.message =
      `No capacity: ${listed} answered sandbox_capacity_unavailable for ${formatDuration(cycledMs)} ` +
      (`(${rounds} round${rounds === 1 ? '' : 's'} through the list, ${attempts} ` +
        `start attempts; capacity-timeout ${formatDuration(capacityTimeoutMs)}). ` +
        `No start was accepted. ${advice}`)
    this.name = 'CapacityExhaustedError'
  }
}

export function buildStartRequest(config: StartConfig, gpuType: GpuType | undefined): SandboxStartRequest {
  const spec: SandboxStartRequest['spec'] = {
    cpu_count: config.cpu,
    memory_gib: config.memoryGib,
    storage_gib: config.storageGib,
  }
  if (gpuType) {
    spec.gpu_type = gpuType
    spec.gpu_count = config.gpuCount ?? 1
  }
  const lifetime: SandboxStartRequest['lifetime'] = {
    enforce_ttl: config.enforceTtl,
    // max-cost: the TTL the budget buys at this type's price (sandbox/caps.ts).
    max_ttl_seconds: config.ttlByType?.[gpuType ?? 'cpu'] ?? config.maxTtlSeconds,
  }
  if (config.maxGraceSeconds !== undefined) lifetime.max_grace_seconds = config.maxGraceSeconds
  const body: SandboxStartRequest = { name: config.name, spec, network_policy: config.networkPolicy, lifetime }
  if (Object.keys(config.env).length > 0) body.env = config.env
  if (config.image !== undefined) body.image_id = config.image
  return body
}

export interface StartedSandbox {
  id: string
  name: string
  gpuType: GpuType | undefined
  adopted: boolean
  attempts: string[]
}

/** Set when any start attempt may have created a sandbox (an answer was lost or cut off). */
export interface StartTracker {
  mayHaveCreated: boolean
}

const CAPACITY_BACKOFF: BackoffOptions = { baseDelayMs: 5_000, maxDelayMs: 60_000 }

/** One startSandbox call: what every attempt shares, and what the attempts learned. */
interface StartRun {
  config: StartConfig
  ctx: OpContext
  deadline: number
  holders: NameHolders
  tracker: StartTracker
  attempts: string[]
  /** The GPU type of the newest attempt whose answer was lost: that attempt may have created our sandbox. */
  lostAnswerGpu?: { type: GpuType | undefined }
  nameRound: number
}

/** POST /sandboxes/start until one sandbox exists, with GPU fallback and the name rules of name-holders.ts. */
export async function startSandbox(
  config: StartConfig,
  deps: StepDeps,
  deadline: number,
  holders: NameHolders,
  tracker: StartTracker = { mayHaveCreated: false },
): Promise<StartedSandbox> {
  const { clock } = deps
  const ctx = opContext({ ...deps, client: deps.client.withDeadline(deadline, clock) })
  const run: StartRun = { config, ctx, deadline, holders, tracker, attempts: [], nameRound: 0 }
  const candidates: (GpuType | undefined)[] = config.gpuTypes.length > 0 ? config.gpuTypes : [undefined]
  let capacityRound = 0
  const cyclingSince = clock.now()
  const capacityDeadline = Math.min(deadline, cyclingSince + config.capacityTimeoutMs)
  for (;;) {
    const outcome = await tryEachGpuType(run, candidates)
    if (outcome === 'start-again') continue
    if (outcome !== 'no-capacity') return outcome
    // Every GPU type answered sandbox_capacity_unavailable: back off, then cycle again.
    capacityRound++
    const wait = backoffDelay(capacityRound, clock.random(), CAPACITY_BACKOFF)
    if (clock.now() + wait > capacityDeadline) {
      throw new CapacityExhaustedError(
        config.gpuTypes,
        capacityRound,
        run.attempts.length,
        clock.now() - cyclingSince,
        config.capacityTimeoutMs,
      )
    }
    const busy =
      config.gpuTypes.length > 1
        ? `Every listed GPU type is busy (${config.gpuTypes.join(', ')})`
        : `${config.gpuTypes.join('')} is busy`
    ctx.log(`${busy}; trying again in ${(wait / 1000).toFixed(1)}s.`)
    await clock.sleep(wait, deps.signal)
  }
}

/** One round through the GPU types: the sandbox, 'start-again' after the name was freed, or 'no-capacity'. */
async function tryEachGpuType(
  run: StartRun,
  candidates: readonly (GpuType | undefined)[],
): Promise<StartedSandbox | 'start-again' | 'no-capacity'> {
  const { config, ctx } = run
  for (const gpuType of candidates) {
    const label = gpuType ? `${gpuType} x${config.gpuCount ?? 1}` : 'CPU only'
    try {
      const response = await retryUntil(
        ctx,
        run.deadline,
        `start '${config.name}' (${label})`,
        () => ctx.client.startSandbox(buildStartRequest(config, gpuType), ctx.signal),
        {
          // Capacity is handled below, by moving on to the next GPU type.
          retryable: (error) => isTransient(error) && !isServiceError(error, 'sandbox_capacity_unavailable'),
          onRetry: (error) => {
            if (error instanceof ServiceError && error.ambiguous) {
              run.lostAnswerGpu = { type: gpuType }
              run.tracker.mayHaveCreated = true
            }
          },
        },
      )
      run.attempts.push(`${label}: accepted`)
      return { id: response.id, name: response.name, gpuType, adopted: false, attempts: run.attempts }
    } catch (error) {
      // An answer cut off for good (or a cancelled request) may still have created it.
      if (!(error instanceof ServiceError) || error.ambiguous) run.tracker.mayHaveCreated = true
      if (isServiceError(error, 'sandbox_capacity_unavailable')) {
        run.attempts.push(`${label}: no capacity`)
        const next = candidates[candidates.indexOf(gpuType) + 1]
        ctx.log(`No ${label} capacity free${next ? `; trying the next GPU type, ${next}` : ''}.`)
        continue
      }
      if (!isNameInUse(error)) throw error
      // Start again with the same GPU preference order, unless the 409 was our own sandbox.
      return (await resolveNameInUse(run, label, error)) ?? 'start-again'
    }
  }
  return 'no-capacity'
}

/** A 409 name_in_use: our own sandbox after a lost answer (adopted), or a holder to free the name from (undefined). */
async function resolveNameInUse(run: StartRun, label: string, error: unknown): Promise<StartedSandbox | undefined> {
  const { config, ctx } = run
  // A stopping holder (or one replace-existing stops) keeps the name for a while: then a 409 is not ours for sure.
  const nameMayFree = config.replaceExisting || run.holders.stoppingSeen
  if (run.lostAnswerGpu) {
    const adopted = await adoptByName(ctx, config.name, run.deadline, run.holders.ids, nameMayFree ? 1 : 5)
    if (adopted) {
      run.attempts.push(`${label}: adopted ${adopted.id} after a lost answer`)
      const grantedGpu = readGpuType(adopted) ?? run.lostAnswerGpu.type
      return {
        id: adopted.id,
        name: adopted.name ?? config.name,
        gpuType: grantedGpu,
        adopted: true,
        attempts: run.attempts,
      }
    }
    if (!nameMayFree) {
      throw new Error(
        `The name '${config.name}' is in use after a start attempt whose answer ` +
          `was lost, but no live sandbox of this step with that name is listed. ` +
          'The post step will look for it by name again and stop it.',
        { cause: error },
      )
    }
  } else if (!nameMayFree) throw error
  run.nameRound++
  await freeTheName(ctx, config, run.holders, run.nameRound, run.deadline)
  return undefined
}

function readGpuType(record: Record<string, unknown>): GpuType | undefined {
  const spec = record.spec
  if (spec && typeof spec === 'object' && 'gpu_type' in spec) {
    const type = (spec as { gpu_type?: unknown }).gpu_type
    if (type === 'A6000' || type === 'A100' || type === 'H100') return type
  }
  return undefined
}

/**
 * After a lost answer, the 409 may be our own sandbox: find it by name, never
 * one that held the name before. The list may lag, so look a few times.
 */
async function adoptByName(ctx: OpContext, name: string, deadline: number, exclude: readonly string[], looks: number) {
  for (let look = 1; look <= looks; look++) {
    const found = await findLiveSandboxByName(ctx, name, deadline, exclude)
    if (found) {
      ctx.log(`Adopting sandbox ${found.id}: an earlier start attempt created it but its answer was lost.`)
      return found
    }
    if (look === looks || ctx.clock.now() + 1_000 * look > deadline) break
    await ctx.clock.sleep(1_000 * look, ctx.signal)
  }
  return undefined
}
