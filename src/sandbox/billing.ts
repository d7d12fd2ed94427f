/**
 * What a sandbox costs, for the job summary: an hourly estimate from
 * GET /pricing and the organization's credit alert from GET /credit-alert.
 * Both are informational: a failure is a warning, never a failed step.
 */
import type { ComputeClient } from '../client/client.ts'
import type { CreditAlert } from '../client/schemas.ts'
import type { GpuType } from '../client/schemas.ts'

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

export type HourlyEstimate = { ok: true; dollarsPerHour: number; parts: CostPart[] } | { ok: false; missing: string[] }

/**
 * The pricing catalog's structure is not described; keys look like
 * `h100_x1_prototyping`, `additional_vcpus`, `additional_memory_gib`, `disk_gb`.
 * A GPU is priced at `<type>_x<count>_<tier>` for the whole set when present,
 * else `<type>_x1_<tier>` per GPU; the prototyping tier is preferred over
 * production when both are listed. Every part must be found, or there is no estimate.
 */
export function estimateHourlyCost(prices: Record<string, number>, spec: PricedSpec): HourlyEstimate {
  const parts: CostPart[] = []
  const missing: string[] = []
  const take = (key: string, quantity: number) => {
    const price = prices[key]
    if (price === undefined || price < 0) missing.push(key)
    else parts.push({ key, quantity, unitPrice: price })
  }
  if (spec.gpuType) {
    const type = spec.gpuType.toLowerCase()
    const wholeSet = [`${type}_x${spec.gpuCount}_prototyping`, `${type}_x${spec.gpuCount}_production`].find(
      (key) => key in prices,
    )
    const perGpu = [`${type}_x1_prototyping`, `${type}_x1_production`].find((key) => key in prices)
    if (wholeSet) take(wholeSet, 1)
    else if (perGpu) take(perGpu, spec.gpuCount)
    else missing.push(`${type}_x${spec.gpuCount}_prototyping (or ${type}_x1_…)`)
  }
  take('additional_vcpus', spec.cpu)
  take('additional_memory_gib', spec.memoryGib)
  take('disk_gb', spec.storageGib)
  if (missing.length > 0) return { ok: false, missing }
  const dollarsPerHour = parts.reduce((sum, part) => sum + part.quantity * part.unitPrice, 0)
  return { ok: true, dollarsPerHour, parts }
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
  return `~${formatDollars(estimate.dollarsPerHour)}/hour (${how})`
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
  const bounded = AbortSignal.any([signal, AbortSignal.timeout(BILLING_TIMEOUT_MS)])
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
