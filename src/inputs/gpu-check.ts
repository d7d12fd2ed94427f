/**
 * `gpu-check` and `min-driver`: after ready, nvidia-smi over the
 * action's own SSH must show the GPUs that were started, free, with a driver
 * at least `min-driver`. Empty `gpu-check` means: on when a GPU is asked and
 * the step has SSH access anyway (ssh, run or runner); `true` (or a
 * `min-driver`) gives the step SSH access for the check.
 * `gpu-report`: sample the GPUs from ready to the stop; empty means on
 * with a GPU and SSH access, `true` gives the step SSH access for it.
 */
import { z } from 'zod'
import type { GpuType } from '../client/schemas.ts'
import type { Collector } from './collector.ts'
import * as field from './fields.ts'
import { refuse } from './refuse.ts'

export interface GpuCheckRequest {
  minDriver?: string
}

const driverVersion = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (!/^\d{1,4}(\.\d{1,4}){0,2}$/.test(text)) return refuse(ctx, `must be a driver version like 550.54, got '${raw}'`)
  return text
})

export function parseGpuCheck(
  inputs: Collector,
  gpus: readonly GpuType[],
  sshAnyway: boolean,
): GpuCheckRequest | undefined {
  const explicit = inputs.isSet('gpu-check') ? inputs.parse('gpu-check', field.boolean) : undefined
  const minDriver = inputs.isSet('min-driver') ? inputs.parse('min-driver', driverVersion) : undefined
  if (gpus.length === 0) {
    if (explicit === true) inputs.fail('gpu-check', "is true but 'gpu-type' is empty: there is no GPU to check")
    if (minDriver !== undefined) inputs.fail('min-driver', "is set but 'gpu-type' is empty: there is no GPU to check")
    return undefined
  }
  if (explicit === false) {
    if (minDriver !== undefined) inputs.fail('min-driver', 'needs the GPU check; remove gpu-check: false or min-driver')
    return undefined
  }
  if (explicit === true || minDriver !== undefined || sshAnyway) return minDriver ? { minDriver } : {}
  return undefined
}

/** gpu-report as given: true, false, or undefined (empty: on where a GPU has SSH access, decided by the caller). */
export function parseGpuReport(inputs: Collector, gpus: readonly GpuType[]): boolean | undefined {
  // The retry's fault is seen by gpu-report's watch: without it nothing would ever be retried.
  if (
    inputs.changed('retry-on-gpu-fault') &&
    (gpus.length === 0 || inputs.raw('gpu-report').trim().toLowerCase() === 'false')
  )
    inputs.fail('retry-on-gpu-fault', 'is set, but the GPU is not watched: it needs a gpu-type, with gpu-report on')
  // max-cost enforces a TTL of the whole budget on each sandbox: a fresh one would be given all of it again.
  if (inputs.changed('retry-on-gpu-fault') && inputs.isSet('max-cost'))
    inputs.fail(
      'retry-on-gpu-fault',
      'is set with max-cost, whose whole budget each fresh sandbox would get again; remove one',
    )
  if (!inputs.isSet('gpu-report')) return undefined
  const wanted = inputs.parse('gpu-report', field.boolean)
  if (wanted && gpus.length === 0)
    inputs.fail('gpu-report', "is true but 'gpu-type' is empty: there is no GPU to sample")
  return wanted
}
