/**
 * Whether a pool sandbox may be claimed for this job (the contract's
 * "Warm pool"): what it is comes from the service's record, never from the
 * sandbox or its name. Ready, reachable over SSH, the same spec, a GPU type
 * among those the job asks for and the same count, the same image and network
 * policy, and enough time left before its TTL for this job's own. A field the
 * record does not show is a mismatch: a pool sandbox is never claimed on a guess.
 */
import type { GpuType, NetworkPolicy, SandboxRecord } from '../client/schemas.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { createdAtMs, endsAtMs } from '../sandbox/record.ts'
import { isReady } from '../sandbox/status.ts'

/** This job's request, as the start would send it. */
export interface ClaimRequest {
  spec: { cpu_count: number; memory_gib: number; storage_gib: number; gpu_count?: number }
  /** The GPU types the job takes, any of them (gpu-type's list); none for a CPU sandbox. */
  gpuTypes: readonly GpuType[]
  network_policy: NetworkPolicy
  image_id?: string
  /** How long this job's own sandbox would live (max-ttl): a candidate must have as long left. */
  ttlMs: number
}

const field = (record: SandboxRecord, name: string): unknown => (record as Record<string, unknown>)[name]

/** A policy field's list as a sorted set; absent or null is the empty list (the service fills in empty lists). */
const listOf = (value: unknown): string[] | undefined =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value.map(String).sort() : undefined

/**
 * Whether the record's policy is the one asked for: the same internet access and allowlists (as sets). A field the
 * policy asked for does not know, holding anything but an empty list, is another policy: never claimed on a guess.
 */
function samePolicy(shown: unknown, asked: NetworkPolicy): boolean {
  if (!shown || typeof shown !== 'object') return false
  const record = shown as Record<string, unknown>
  if (record.internet_access !== asked.internet_access) return false
  const wanted = asked as Record<string, unknown>
  for (const key of new Set([...Object.keys(record), ...Object.keys(wanted)])) {
    if (key === 'internet_access') continue
    const [a, b] = [listOf(record[key]), listOf(wanted[key])]
    if (!a || !b || a.join('\n') !== b.join('\n')) return false
  }
  return true
}

/** Why the spec differs, or undefined. */
function specMismatch(record: SandboxRecord, request: ClaimRequest): string | undefined {
  const spec = field(record, 'spec') as Record<string, unknown> | undefined
  if (!spec || typeof spec !== 'object') return 'its record shows no spec'
  for (const key of ['cpu_count', 'memory_gib', 'storage_gib'] as const)
    if (spec[key] !== request.spec[key])
      return `its ${key} is ${serviceText(String(spec[key]), 20)}, not ${request.spec[key]}`
  const gpus = request.spec.gpu_count ?? 0
  if ((spec.gpu_count ?? 0) !== gpus) return `its gpu_count is ${serviceText(String(spec.gpu_count), 20)}, not ${gpus}`
  if (gpus > 0 && !request.gpuTypes.includes(spec.gpu_type as GpuType))
    return `its gpu_type ${serviceText(String(spec.gpu_type), 20)} is not among ${request.gpuTypes.join(', ')}`
  return undefined
}

/** Why `record` may not be claimed for `request` at `now` (one line, safe text), or undefined where it may. */
export function mismatch(record: SandboxRecord, request: ClaimRequest, now: number): string | undefined {
  if (!isReady(record.status)) return `it is '${serviceText(record.status, 40)}', not ready`
  if (!field(record, 'ssh')) return 'its record shows no SSH address'
  const spec = specMismatch(record, request)
  if (spec) return spec
  if ((field(record, 'image_id') ?? undefined) !== request.image_id) return 'it runs another image'
  if (!samePolicy(field(record, 'network_policy'), request.network_policy)) return 'its network policy differs'
  const ends = endsAtMs(record, undefined)
  if (ends === undefined) return 'its record shows no expires_at'
  if (ends - now < request.ttlMs) return "its TTL ends before this job's would"
  return undefined
}

/** How long a pool sandbox has waited since the service created it (its idle time while unclaimed), if known. */
export function waitedMs(record: SandboxRecord, now: number): number | undefined {
  const created = createdAtMs(record)
  return created === undefined ? undefined : Math.max(0, now - created)
}
