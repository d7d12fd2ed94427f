/**
 * What the GPU fault watch says once the sampler's fetch is back: the `gpu-fault` output, a line for each fault, the
 * annotation its kind calls for, throttling as a notice, and a summary section when there is anything to show. A
 * kernel log that cannot be read is said once and changes nothing else. Never fails the step.
 */
import type { ActionCore } from '../runtime/core.ts'
import { parseFaultSections } from './read.ts'
import { faultLine, faultSection, faultsOutput, kernelLogNote, machineHeadline } from './text.ts'
import { passingLine, programLine, throttleLine } from './text.ts'
import { machineFault, watchVerdict, type FaultWatch } from './verdict.ts'

export interface FaultInput {
  /** The fetch's answer (hostile text). */
  fetched: string
  /** When the watch began (ready as the step saw it, less clock slack): Xid events before it are not this job's. */
  since: number
  now: number
  gpuCount: number
  /** The run or the runner's job failed. */
  failed: boolean
  /** The caller's own error will name a machine's fault first (run): no second error annotation. */
  errorSaysIt?: boolean
}

/** Reads the watch and says what it saw; the watch, for the step's error and a retry. */
export async function publishFaults(core: ActionCore, input: FaultInput): Promise<FaultWatch> {
  const watch = watchVerdict(parseFaultSections(input.fetched), input)
  // Empty when none: an output never set reads as empty.
  if (watch.faults.length > 0) core.setOutput('gpu-fault', faultsOutput(watch))
  if (watch.kernelLog === 'unreadable') core.info(`GPU faults: ${kernelLogNote(watch)}`)
  for (const fault of watch.faults) core.info(`GPU faults: ${faultLine(fault)}`)
  const first = machineFault(watch)
  if (first && input.failed && !input.errorSaysIt) core.error(machineHeadline(first), { title: 'GPU fault' })
  if (first && !input.failed) core.warning(passingLine(first), { title: 'GPU fault' })
  for (const fault of watch.faults.filter((f) => f.kind === 'program'))
    core.warning(programLine(fault), { title: "GPU fault of the program's kind" })
  const throttle = throttleLine(watch)
  if (throttle) core.notice(throttle, { title: 'GPU throttled' })
  const nothing = watch.faults.length === 0 && !throttle && watch.kernelLog !== 'unreadable'
  if (nothing) core.info(`GPU faults: none seen. ${kernelLogNote(watch)}`)
  else await core.appendSummary(faultSection(watch, input.failed))
  return watch
}
