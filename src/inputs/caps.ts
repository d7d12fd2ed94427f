/**
 * The spending caps of a start: `max-cost` (dollars for this run),
 * `max-hourly-price` (dollars per hour) and `min-gpu-memory` (GiB per GPU).
 * Parsed here; applied against the pricing catalog before any start
 * (sandbox/caps.ts).
 */
import { z } from 'zod'
import type { GpuType } from '../client/schemas.ts'
import type { Collector } from './collector.ts'
import { refuse } from './refuse.ts'
import * as field from './fields.ts'
import type { JobEnvironment } from './job-environment.ts'

export interface SpendingCaps {
  maxCostDollars?: number
  maxHourlyDollars?: number
  minGpuMemoryGib?: number
}

/** A positive amount, `12.5` or `$12.50`; `what` names the unit in the message. */
function positive(what: string) {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim().replace(/^\$/, '')
    if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0 || Number(text) > 1_000_000)
      return refuse(ctx, `must be ${what} greater than 0 (e.g. ${what === 'GiB' ? '40' : '2.50'}), got '${raw}'`)
    return Number(text)
  })
}

export function parseCaps(inputs: Collector, gpus: readonly GpuType[], enforceTtl: boolean): SpendingCaps {
  const caps: SpendingCaps = {}
  if (inputs.isSet('max-cost')) {
    caps.maxCostDollars = inputs.parse('max-cost', positive('dollars'))
    if (enforceTtl === false)
      inputs.fail(
        'max-cost',
        'needs enforce-ttl: true: the budget holds because the service ends the sandbox at the TTL ' +
          'it buys; remove enforce-ttl: false',
      )
  }
  if (inputs.isSet('max-hourly-price')) caps.maxHourlyDollars = inputs.parse('max-hourly-price', positive('dollars'))
  if (inputs.isSet('min-gpu-memory')) {
    caps.minGpuMemoryGib = inputs.parse('min-gpu-memory', positive('GiB'))
    if (gpus.length === 0)
      inputs.fail('min-gpu-memory', "is set but 'gpu-type' is empty; set gpu-type (A6000, A100 or H100) or remove it")
  }
  return caps
}

/** max-live: at most `max` live sandboxes named by this action for the repository `repositoryId`. */
export interface LiveLimit {
  max: number
  repositoryId: string
}

export const hasCaps = (caps: SpendingCaps) => Object.values(caps).some((value) => value !== undefined)

/** max-live: counted among the sandboxes this action names for this repository, so the name must be generated. */
export function parseLiveLimit(inputs: Collector, job: JobEnvironment): LiveLimit | undefined {
  if (!inputs.isSet('max-live')) return undefined
  const max = inputs.parse('max-live', field.wholeNumber(1))
  if (inputs.isSet('name'))
    inputs.fail(
      'max-live',
      "counts the sandboxes this action names; leave 'name' empty (the generated name is counted)",
    )
  const repositoryId = job.repositoryId ?? ''
  if (!/^[1-9]\d{0,19}$/.test(repositoryId))
    inputs.fail(
      'max-live',
      'runs in a GitHub Actions workflow run: GITHUB_REPOSITORY_ID must be set, as the runner sets it',
    )
  return { max, repositoryId }
}
