/**
 * The spending caps, applied before any start, against the pricing
 * catalog (GET /pricing, free and without a token):
 * - `min-gpu-memory`: GPU types with less memory per GPU leave the fallback
 *   list. The service says nothing of GPU memory: the table below (docs/service.md,
 *   from NVIDIA's data sheets); an A100 counts 80 GiB only when the catalog names an 80 GB model.
 * - `max-hourly-price`: types whose hourly estimate is above it leave the list.
 * - `max-cost`: each type's start carries the enforced TTL the budget buys at its
 *   price (at most `max-ttl`); a type it buys less than 5 minutes of leaves the list.
 * A type the catalog does not price leaves the list when a price cap is set. No type
 * left, or a catalog that cannot be read, refuses the start naming the input.
 */
import type { GpuType } from '../client/schemas.ts'
import type { StartConfig } from '../inputs/config.ts'
import { InputError } from '../inputs/collector.ts'
import { hasCaps } from '../inputs/caps.ts'
import type { InputName } from '../inputs/defaults.ts'
import { formatDuration } from '../step/summary.ts'
import type { StepDeps } from '../step/deps.ts'
import { formatDollars, hourlyDollars } from './billing.ts'

/** Memory per GPU, GiB, where the service says nothing (docs/service.md). */
export const GPU_MEMORY_GIB: Record<GpuType, number> = { A6000: 48, A100: 40, H100: 80 }
/** The shortest lifetime a budget must buy: less is no useful run. */
export const MIN_BUDGET_SECONDS = 300

type Candidate = GpuType | 'cpu'
export interface CapsPlan {
  config: StartConfig
  /** What the caps did, one line each, for the log and the summary. */
  lines: string[]
}

/** Memory per GPU of `type` (GiB): the table, and an A100 the catalog names as an 80 GB model. */
export function memoryOf(type: GpuType, prices: Record<string, number>): number {
  if (type === 'A100' && Object.keys(prices).some((key) => /^a100(xl|_?80gb?)/i.test(key))) return 80
  return GPU_MEMORY_GIB[type]
}

function hourly(config: StartConfig, prices: Record<string, number>, type: Candidate): number | undefined {
  const spec = {
    cpu: config.cpu,
    memoryGib: config.memoryGib,
    storageGib: config.storageGib,
    gpuType: type === 'cpu' ? undefined : type,
    gpuCount: config.gpuCount ?? 1,
  }
  return hourlyDollars(prices, spec)
}

async function readPrices(config: StartConfig, deps: StepDeps): Promise<Record<string, number>> {
  try {
    return await deps.client.getPricing(deps.signal)
  } catch (error) {
    const input = config.caps.maxCostDollars !== undefined ? 'max-cost' : 'max-hourly-price'
    throw new InputError(
      config.caps.minGpuMemoryGib !== undefined && config.caps.maxCostDollars === undefined ? 'min-gpu-memory' : input,
      `cannot be checked: the pricing catalog (GET /pricing) could not be read (${(error as Error).message}). ` +
        'A cap that cannot be checked refuses; nothing was started. Try again later.',
    )
  }
}

/** Filters the fallback list and sets the TTL per type; throws an InputError when nothing is left. */
export async function applySpendingCaps(config: StartConfig, deps: StepDeps): Promise<CapsPlan> {
  const { caps } = config
  if (!hasCaps(caps)) return { config, lines: [] }
  const prices = await readPrices(config, deps)
  let candidates: Candidate[] = config.gpuTypes.length > 0 ? [...config.gpuTypes] : ['cpu']
  const lines: string[] = []
  const keep = (input: InputName, label: string, why: (type: Candidate) => string | undefined) => {
    const dropped = candidates.map((type) => ({ type, why: why(type) })).filter((entry) => entry.why !== undefined)
    if (dropped.length === 0) return
    candidates = candidates.filter((type) => !dropped.some((entry) => entry.type === type))
    const what = dropped.map((entry) => `${entry.type === 'cpu' ? 'the CPU sandbox' : entry.type} (${entry.why})`)
    lines.push(`${label}: ${candidates.length === 0 ? 'nothing is left of' : 'dropped'} ${what.join(', ')}`)
    if (candidates.length === 0)
      throw new InputError(input, `leaves no GPU type to start: ${what.join(', ')}. Nothing was started.`)
  }
  const min = caps.minGpuMemoryGib
  if (min !== undefined)
    keep('min-gpu-memory', `min-gpu-memory ${min} GiB`, (type) => {
      const memory = type === 'cpu' ? 0 : memoryOf(type, prices)
      return memory < min ? `${memory} GiB per GPU` : undefined
    })
  // Each type's estimate once: the caps below ask for it several times.
  const hourlyOf = new Map(candidates.map((type) => [type, hourly(config, prices, type)]))
  const price = (type: Candidate) => hourlyOf.get(type)
  const notPriced = (type: Candidate) => (price(type) === undefined ? 'not in the pricing catalog' : undefined)
  const cap = caps.maxHourlyDollars
  if (cap !== undefined)
    keep('max-hourly-price', `max-hourly-price ${formatDollars(cap)}`, (type) => {
      const perHour = price(type)
      return notPriced(type) ?? ((perHour ?? 0) > cap ? `${formatDollars(perHour ?? 0)}/hour` : undefined)
    })
  const budget = caps.maxCostDollars
  if (budget === undefined) return { config: { ...config, gpuTypes: gpuList(candidates), capsApplied: lines }, lines }
  const buys = (type: Candidate) => Math.floor((budget / (price(type) ?? Infinity)) * 3600)
  keep('max-cost', `max-cost ${formatDollars(budget)}`, (type) => {
    const seconds = buys(type)
    return (
      notPriced(type) ?? (seconds < MIN_BUDGET_SECONDS ? `buys ${formatDuration(seconds * 1000)}, under 5m` : undefined)
    )
  })
  const ttlByType: Partial<Record<Candidate, number>> = {}
  for (const type of candidates) {
    ttlByType[type] = Math.min(config.maxTtlSeconds, buys(type))
    const at = `${formatDollars(price(type) ?? 0)}/hour`
    lines.push(
      `max-cost ${formatDollars(budget)}: ${type === 'cpu' ? 'the sandbox' : type} at ${at} ` +
        `gets an enforced TTL of ${formatDuration((ttlByType[type] ?? 0) * 1000)}`,
    )
  }
  return { config: { ...config, gpuTypes: gpuList(candidates), ttlByType, capsApplied: lines }, lines }
}

const gpuList = (candidates: Candidate[]) => candidates.filter((type): type is GpuType => type !== 'cpu')
