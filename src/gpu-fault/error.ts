/**
 * A run the GPU failed: the step's error says the machine's fault first, the original error after it. `retry`: the
 * step has attempts left, so the caller stops this sandbox at once and runs again on a fresh one.
 */
import { faultShort, faultWhat, machineHeadline } from './text.ts'
import type { GpuFault } from './verdict.ts'

export class GpuFaultError extends Error {
  readonly fault: GpuFault
  readonly retry: boolean
  /** The run's own error, as it was. */
  readonly original: Error

  constructor(fault: GpuFault, original: Error, retry: boolean) {
    super(`${machineHeadline(fault)}\n${original.message}`)
    this.fault = fault
    this.original = original
    this.retry = retry
  }

  /** `GPU 0 Xid 79`, for a comment row's narrow cells. */
  get short(): string {
    return faultShort(this.fault)
  }
}

/** The words of a fault, short, for the summary's list of attempts. */
export const attemptWords = (fault: GpuFault): string =>
  `${fault.gpu === undefined ? 'GPU' : `GPU ${fault.gpu}`}: ${faultWhat(fault)}`
