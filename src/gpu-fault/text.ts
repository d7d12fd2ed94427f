/**
 * The words of a GPU fault, for the step's error, the annotations, the summary, the comment's row and the `gpu-fault`
 * output. They are built from the catalog's words and the numbers the watch read, never from the sandbox's own text.
 */
import { summaryText } from '../runtime/untrusted.ts'
import { machineFault, THROTTLE_NOTICE_SHARE, type FaultWatch, type GpuFault } from './verdict.ts'

const clock = (time: string | undefined) => (time ? ` at ${time.slice(11, 19)} UTC` : '')
const gpuOf = (fault: GpuFault) => (fault.gpu === undefined ? 'GPU' : `GPU ${fault.gpu}`)

/** `Xid 79, fallen off the bus` or `row-remap: a row remap is pending (…)`. */
export function faultWhat(fault: GpuFault): string {
  const times = fault.count > 1 ? ` (${fault.count} times)` : ''
  return fault.source === 'xid' ? `Xid ${fault.code}, ${fault.meaning}${times}` : fault.meaning
}

/** `GPU 0 Xid 79`, for a comment row's narrow cells. */
export function faultShort(fault: GpuFault): string {
  return fault.source === 'xid' ? `${gpuOf(fault)} Xid ${fault.code}` : `${gpuOf(fault)} ${fault.source}`
}

/** The first words of a failed step's error where the machine failed it. */
export function machineHeadline(fault: GpuFault): string {
  return `${gpuOf(fault)} fault: ${faultWhat(fault)}${clock(fault.time)}; this failure is likely not your code's.`
}

/** A machine's fault in a job that passed: worth a warning, never a failure. */
export function passingLine(fault: GpuFault): string {
  return (
    `${gpuOf(fault)} fault during a job that passed: ${faultWhat(fault)}${clock(fault.time)}. ` +
    'Results computed on it may be worth a second look.'
  )
}

/** A fault of the program's kind: said to help debug it. */
export function programLine(fault: GpuFault): string {
  return (
    `${gpuOf(fault)}: ${faultWhat(fault)}${clock(fault.time)}: the program's kind of fault ` +
    `(NVIDIA's catalog: ${fault.bucket}), worth debugging; the GPU is not blamed.`
  )
}

/** The line a fault gets, by its kind. */
export function faultLine(fault: GpuFault): string {
  if (fault.kind === 'program') return programLine(fault)
  const whose = fault.kind === 'machine' ? "the machine's kind" : 'not placed on either side'
  return `${gpuOf(fault)}: ${faultWhat(fault)}${clock(fault.time)} (${fault.bucket}, ${whose}).`
}

/** The `gpu-fault` output: the faults as JSON, or empty when there were none. */
export function faultsOutput(watch: FaultWatch | undefined): string {
  if (!watch || watch.faults.length === 0) return ''
  return JSON.stringify(
    watch.faults.map(({ time, gpu, source, code, bucket, kind, meaning, count }) => ({
      ...{ time: time ?? null, gpu: gpu ?? null, source, ...(code === undefined ? {} : { code }) },
      ...{ bucket, kind, meaning, count },
    })),
  )
}

/** Throttling worth a notice: each reason past a few percent of a GPU's run. */
export function throttleLine(watch: FaultWatch): string | undefined {
  const worth = watch.throttles.filter((throttle) => throttle.share >= THROTTLE_NOTICE_SHARE)
  if (worth.length === 0) return undefined
  const parts = worth.map((t) => `GPU ${t.gpu} ${t.reason} ${(100 * t.share).toFixed(0)} % of the run`)
  return `${parts.join('; ')}: timings taken then are not comparable with an unthrottled run.`
}

/** The summary's section: the verdict first, then every fault, then throttling and how the kernel log was read. */
export function faultSection(watch: FaultWatch, failed: boolean): string {
  const first = machineFault(watch)
  const lines = ['#### GPU faults', '']
  if (first && failed) lines.push(`**${summaryText(machineHeadline(first), 400)}**`, '')
  if (watch.faults.length > 0) {
    lines.push('| time (UTC) | GPU | source | NVIDIA bucket | whose | what |', '|---|---|---|---|---|---|')
    for (const fault of watch.faults) {
      const cells = [fault.time?.slice(11, 19) ?? '', fault.gpu ?? '?', fault.source, fault.bucket, fault.kind]
      lines.push(`| ${cells.join(' | ')} | ${summaryText(faultWhat(fault), 300)} |`)
    }
    lines.push('')
  } else lines.push('No GPU fault was seen.', '')
  const throttle = throttleLine(watch)
  if (throttle) lines.push(`Throttled: ${summaryText(throttle, 600)}`, '')
  lines.push(kernelLogNote(watch), '')
  return lines.join('\n')
}

/** How the kernel log was read, or why its Xid events are not in the verdict. */
export function kernelLogNote(watch: FaultWatch): string {
  if (watch.kernelLog === undefined) return 'The kernel log was not read.'
  if (watch.kernelLog === 'unreadable')
    return (
      'The kernel log could not be read on the sandbox (neither dmesg nor the journal, with or without sudo -n): ' +
      'Xid events are not in this verdict.'
    )
  return `Xid events were read from the kernel log (${watch.kernelLog}).`
}
