/**
 * Starting exactly one sandbox. Every attempt carries the same name, so a
 * retry after a lost answer answers 409 instead of creating a second sandbox;
 * that 409 is resolved by adopting the sandbox by name. Sandboxes that held
 * the name before the first attempt are never adopted and never stopped by
 * the post step (only replace-existing stops them, on purpose).
 */
import { ServiceError, isNameInUse, isServiceError } from './client/errors.ts'
import { backoffDelay, isTransient, retryUntil, type BackoffOptions } from './client/retry.ts'
import { GPU_TYPES, type GpuType, type SandboxStartRequest } from './client/schemas.ts'
import type { StartConfig } from './inputs/config.ts'
import type { ModeDeps } from './modes/deps.ts'
import { findLiveSandboxByName, findNameHolders, stopSandbox, waitUntilNameFree, type OpContext } from './sandboxes.ts'
import { isStoppingOrEnded } from './sandbox-status.ts'
import type { ActionState } from './state.ts'
import { formatDuration } from './summary.ts'
import { serviceText } from './untrusted.ts'

/** Every listed GPU type stayed busy for capacity-timeout: says the list was exhausted, and what is left to try. */
export class CapacityExhaustedError extends ServiceError {
  constructor(types: readonly GpuType[], rounds: number, attempts: number, cycledMs: number, capacityTimeoutMs: number) {
    super({ status: 503, code: 'sandbox_capacity_unavailable', method: 'POST', path: '/sandboxes/start' })
    const listed = types.length > 1 ? `every GPU type listed in 'gpu-type' (${types.join(', ')})` : `'gpu-type' ${types.join('')}`
    const advice =
      types.length === 1
        ? `List fallback types in 'gpu-type' (e.g. '${types[0]}, ${types[0] === 'A100' ? 'H100' : 'A100'}') or raise 'capacity-timeout'.`
        : types.length < GPU_TYPES.length
          ? "Raise 'capacity-timeout', or add another type to 'gpu-type'."
          : "Raise 'capacity-timeout', or run the job again later."
    this.message =
      `No capacity: ${listed} answered sandbox_capacity_unavailable for ${formatDuration(cycledMs)} ` +
      `(${rounds} round${rounds === 1 ? '' : 's'} through the list, ${attempts} start attempts; capacity-timeout ${formatDuration(capacityTimeoutMs)}). No start was accepted. ${advice}`
    this.name = 'CapacityExhaustedError'
  }
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

/** The sandboxes that held the name before this step; kept in state as they are learned. */
export class NameHolders {
  readonly ids: string[] = []
  /** Whether a holder was only stopping (it gives the name up by itself). */
  stoppingSeen = false
  private readonly state: ActionState
  constructor(state: ActionState) {
    this.state = state
  }
  add(id: string): void {
    if (this.ids.includes(id)) return
    this.ids.push(id)
    this.state.saveNameHolders(this.ids)
  }
}

/** Thrown when a live sandbox already holds a user-chosen name: nothing was started. */
export class NameHeldError extends Error {
  constructor(name: string, holderId: string, status: string | undefined) {
    super(
      `The name '${name}' is held by the live sandbox ${holderId} (status ${serviceText(status ?? 'unknown')}), which this step did not start; nothing was started. ` +
        "Choose another 'name' (for example add ${{ github.run_id }}), leave 'name' empty to generate a unique one, or set 'replace-existing: true' to stop that sandbox first.",
    )
    this.name = 'NameHeldError'
  }
}

/**
 * A user-chosen name: look once before the first start. Every holder is
 * remembered (never ours); a live one fails the step at once unless
 * replace-existing, which stops it on purpose.
 */
export async function checkNameBeforeStart(config: StartConfig, ctx: OpContext, holders: NameHolders, deadline: number): Promise<void> {
  const found = await findNameHolders(ctx, config.name, deadline)
  for (const holder of found) holders.add(holder.id)
  const live = found.filter((holder) => !isStoppingOrEnded(holder.status))
  holders.stoppingSeen = found.length > live.length
  const first = live[0]
  if (first && !config.replaceExisting) throw new NameHeldError(config.name, first.id, first.status)
  for (const holder of live) {
    ctx.log(`replace-existing: stopping ${holder.id}, which holds the name '${config.name}'.`)
    await stopSandbox(ctx, holder.id, deadline)
  }
  if (found.length > 0) ctx.log(`Sandboxes that held the name '${config.name}' before this step, never adopted or stopped by the post step: ${holders.ids.join(', ')}.`)
  // Stopped (or stopping) holders keep the name a while: wait with reads, then send one start.
  await waitUntilNameFree(ctx, config.name, found.map((holder) => holder.id), config.pollIntervalMs, deadline)
}

const CAPACITY_BACKOFF: BackoffOptions = { baseDelayMs: 5_000, maxDelayMs: 60_000 }
/** A stopping holder gives the name up within seconds to minutes. */
const NAME_BACKOFF: BackoffOptions = { baseDelayMs: 1_000, maxDelayMs: 15_000 }

/** POST /sandboxes/start until one sandbox exists, with GPU fallback and the name rules above. */
export async function startSandbox(
  config: StartConfig,
  deps: ModeDeps,
  deadline: number,
  holders: NameHolders,
  tracker: StartTracker = { mayHaveCreated: false },
): Promise<StartedSandbox> {
  const { core, clock, signal } = deps
  const client = deps.client.withDeadline(deadline, clock)
  const ctx: OpContext = { client, clock, signal, log: (m) => core.info(m) }
  const candidates: (GpuType | undefined)[] = config.gpuTypes.length > 0 ? config.gpuTypes : [undefined]
  const attempts: string[] = []
  // The GPU type of the newest attempt whose answer was lost: that attempt may have created our sandbox.
  let lostAnswerGpu: { type: GpuType | undefined } | undefined
  let nameRound = 0
  let capacityRound = 0
  const cyclingSince = clock.now()
  const capacityDeadline = Math.min(deadline, cyclingSince + config.capacityTimeoutMs)

  for (;;) {
    let startAgain = false
    for (const gpuType of candidates) {
      const label = gpuType ? `${gpuType} x${config.gpuCount ?? 1}` : 'CPU only'
      try {
        const response = await retryUntil(ctx, deadline, `start '${config.name}' (${label})`, () => client.startSandbox(buildStartRequest(config, gpuType), signal), {
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
          const next = candidates[candidates.indexOf(gpuType) + 1]
          core.info(`No ${label} capacity free${next ? `; trying the next GPU type, ${next}` : ''}.`)
          continue
        }
        if (!isNameInUse(error)) throw error
        // A stopping holder (or one replace-existing stops) keeps the name for a while: then a 409 is not ours for sure.
        const nameMayFree = config.replaceExisting || holders.stoppingSeen
        if (lostAnswerGpu) {
          const adopted = await adoptByName(ctx, config.name, deadline, holders.ids, nameMayFree ? 1 : 5)
          if (adopted) {
            attempts.push(`${label}: adopted ${adopted.id} after a lost answer`)
            const grantedGpu = readGpuType(adopted) ?? lostAnswerGpu.type
            return { id: adopted.id, name: adopted.name ?? config.name, gpuType: grantedGpu, adopted: true, attempts }
          }
          if (!nameMayFree) {
            throw new Error(
              `The name '${config.name}' is in use after a start attempt whose answer was lost, but no live sandbox of this step with that name is listed. ` +
                'The post step will look for it by name again and stop it.',
              { cause: error },
            )
          }
        } else if (!nameMayFree) throw error
        nameRound++
        await freeTheName(ctx, config, holders, nameRound, deadline)
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
      throw new CapacityExhaustedError(config.gpuTypes, capacityRound, attempts.length, clock.now() - cyclingSince, config.capacityTimeoutMs)
    }
    core.info(`${config.gpuTypes.length > 1 ? `Every listed GPU type is busy (${config.gpuTypes.join(', ')})` : `${config.gpuTypes.join('')} is busy`}; trying again in ${(wait / 1000).toFixed(1)}s.`)
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

/**
 * A start answered 409 although the name looked free: someone took it, or a
 * holder was not listed yet. List the holders once (never ours: remembered),
 * stop the live ones with replace-existing, then wait with reads until they
 * give the name up. Only when no holder is listed does it back off blindly.
 */
async function freeTheName(ctx: OpContext, config: StartConfig, holders: NameHolders, round: number, deadline: number): Promise<void> {
  const found = await findNameHolders(ctx, config.name, deadline)
  for (const holder of found) {
    holders.add(holder.id)
    if (isStoppingOrEnded(holder.status)) continue
    // A live holder that came after the pre-look: never waited out, never stopped without replace-existing.
    if (!config.replaceExisting) throw new NameHeldError(config.name, holder.id, holder.status)
    ctx.log(`replace-existing: stopping ${holder.id}, which holds the name '${config.name}'.`)
    await stopSandbox(ctx, holder.id, deadline)
  }
  if (found.length > 0) return waitUntilNameFree(ctx, config.name, found.map((holder) => holder.id), config.pollIntervalMs, deadline)
  const wait = backoffDelay(round, ctx.clock.random(), NAME_BACKOFF)
  if (ctx.clock.now() + wait > deadline) {
    const what = config.replaceExisting ? 'after replace-existing stopped its holder' : 'while its holder was stopping'
    throw new Error(
      `The name '${config.name}' was still in use ${what} (${holders.ids.join(', ') || 'holder not listed'}) when 'timeout' ran out; nothing was started. ` +
        "A stopping sandbox holds its name until it has ended: raise 'timeout', or choose another 'name'.",
    )
  }
  ctx.log(`The name '${config.name}' is in use but no holder is listed yet; starting again in ${(wait / 1000).toFixed(1)}s.`)
  await ctx.clock.sleep(wait, ctx.signal)
}
