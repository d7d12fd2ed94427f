/**
 * What a sandbox costs, for the job summary: an hourly estimate from
 * GET /pricing and the organization's credit alert from GET /credit-alert.
 * Both are informational: a failure is a warning, never a failed step.
 */
import type { ComputeClient } from '../client/client.ts'
import type { CreditAlert } from '../client/schemas.ts'
import type { GpuType } from '../client/schemas.ts'
import { withTimeout } from '../runtime/abort.ts'

export interface PricedSpec {
  cpu: number
  memoryGib: number
  storageGib: number
  gpuType: GpuType | undefined
  gpuCount: number
}

export interface CostPart {
  /** The pricing key the price came from. */
  key: string
  quantity: number
  /** Dollars per hour for one unit. */
  unitPrice: number
}

export type HourlyEstimate =
  { ok: true; dollarsPerHour: number; parts: CostPart[]; unpriced: string[] } | { ok: false; missing: string[] }

/**
 * The pricing catalog's structure is not described; keys look like
 * `h100_x1_prototyping`, `additional_vcpus`, `additional_memory_gib`, `disk_gb`.
 * A GPU is priced at `<type>_x<count>_<tier>` for the whole set when present,
 * else `<type>_x1_<tier>` per GPU; the prototyping tier is preferred over
 * production when both are listed. Only the GPU's price is needed (the contract):
 * CPU, memory and disk are added where the catalog lists them, and named as not
 * priced where it does not (the deployed catalog lists no memory price).
 */
export function estimateHourlyCost(prices: Record<string, number>, spec: PricedSpec): HourlyEstimate {
  const parts: CostPart[] = []
  const unpriced: string[] = []
  // A listed, non-negative price (a negative one is no price).
  const priced = (key: string) => Object.hasOwn(prices, key) && (prices[key] ?? -1) >= 0
  const take = (key: string, quantity: number) => {
    if (priced(key)) parts.push({ key, quantity, unitPrice: prices[key] ?? 0 })
    else unpriced.push(key)
  }
  if (spec.gpuType) {
    const type = spec.gpuType.toLowerCase()
    const wholeSet = [`${type}_x${spec.gpuCount}_prototyping`, `${type}_x${spec.gpuCount}_production`].find(priced)
    const perGpu = [`${type}_x1_prototyping`, `${type}_x1_production`].find(priced)
    if (wholeSet) take(wholeSet, 1)
    else if (perGpu) take(perGpu, spec.gpuCount)
    else return { ok: false, missing: [`${type}_x${spec.gpuCount}_prototyping (or ${type}_x1_…)`] }
  }
  take('additional_vcpus', spec.cpu)
  take('additional_memory_gib', spec.memoryGib)
  take('disk_gb', spec.storageGib)
  const dollarsPerHour = parts.reduce((sum, part) => sum + part.quantity * part.unitPrice, 0)
  return { ok: true, dollarsPerHour, parts, unpriced }
}

/** The hourly estimate's dollars, or undefined where the catalog lacks a price the spec needs. */
export function hourlyDollars(prices: Record<string, number>, spec: PricedSpec): number | undefined {
  const estimate = estimateHourlyCost(prices, spec)
  return estimate.ok ? estimate.dollarsPerHour : undefined
}

/** $3.00, $0.062, $0.00015: cents for big amounts, three significant digits for small ones. */
export function formatDollars(amount: number): string {
  if (amount === 0) return '$0'
  if (amount >= 1) return `$${amount.toFixed(2)}`
  if (amount < 0.0001) return '<$0.0001'
  return `$${Number(amount.toPrecision(3))}`
}

export function describeEstimate(estimate: HourlyEstimate): string {
  if (!estimate.ok) return `no estimate (the pricing catalog has no ${estimate.missing.join(', ')})`
  const how = estimate.parts.map((p) => `${p.quantity} x ${p.key} ${formatDollars(p.unitPrice)}`).join(' + ')
  const unpriced = estimate.unpriced.length > 0 ? `; not priced: ${estimate.unpriced.join(', ')}` : ''
  return `~${formatDollars(estimate.dollarsPerHour)}/hour (${how || 'nothing priced'}${unpriced})`
}

/** What the sandboxes of this run were billed so far: seconds, and dollars (undefined: a price was missing). */
export interface Spent {
  seconds: number
  dollars: number | undefined
}

export const NOTHING_SPENT: Spent = { seconds: 0, dollars: 0 }

/** `spent` plus a sandbox that lived `ms` at `dollarsPerHour` (seconds not rounded to minutes). */
export function addSpent(spent: Spent, ms: number, dollarsPerHour: number | undefined): Spent {
  const seconds = Math.max(0, Math.round(ms / 1000))
  const dollars =
    spent.dollars === undefined || dollarsPerHour === undefined
      ? undefined
      : spent.dollars + (dollarsPerHour * seconds) / 3600
  return { seconds: spent.seconds + seconds, dollars }
}

export function describeCreditAlert(alert: CreditAlert['alert']): string {
  if (alert === null) return 'none configured'
  return `${formatDollars(alert.amount_cents / 100)}, ${alert.armed ? 'armed' : 'not armed'}`
}

export interface BillingContext {
  /** Summary line for the estimated hourly cost. */
  cost: string
  /** Dollars per hour, when there is an estimate: handed to the post step. */
  dollarsPerHour: number | undefined
  /** Summary line for the credit alert. */
  creditAlert: string
}

/** How long the two informational calls may take together; the sandbox never waits on them. */
export const BILLING_TIMEOUT_MS = 15_000

/**
 * Reads pricing and the credit alert. Never rejects: a failure becomes a
 * warning (through `warn`) and an "unavailable" line.
 */
export async function readBillingContext(
  client: ComputeClient,
  spec: PricedSpec,
  warn: (message: string) => void,
  signal: AbortSignal,
): Promise<BillingContext> {
  const bounded = withTimeout(BILLING_TIMEOUT_MS, signal)
  // A cancelled step has better things to say than that its summary calls were cancelled.
  const quietWarn = (message: string) => {
    if (!signal.aborted) warn(message)
  }
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))
  const [cost, creditAlert] = await Promise.all([
    client.getPricing(bounded).then(
      (prices) => {
        const estimate = estimateHourlyCost(prices, spec)
        return { line: describeEstimate(estimate), dollarsPerHour: estimate.ok ? estimate.dollarsPerHour : undefined }
      },
      (error: unknown) => {
        quietWarn(`Could not read pricing for the cost estimate; the sandbox is not affected. ${reason(error)}`)
        return { line: 'no estimate (pricing unavailable)', dollarsPerHour: undefined }
      },
    ),
    client.getCreditAlert(bounded).then(
      (body) => describeCreditAlert(body.alert),
      (error: unknown) => {
        quietWarn(`Could not read the credit alert; the sandbox is not affected. ${reason(error)}`)
        return 'unavailable'
      },
    ),
  ])
  return { cost: cost.line, dollarsPerHour: cost.dollarsPerHour, creditAlert }
}
