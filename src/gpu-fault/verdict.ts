/**
 * What the watch saw, as faults: each Xid on one of this sandbox's GPUs since the watch began (placed by its PCI bus
 * id), a new uncorrectable ECC error, memory repairs waiting for a reset or a reboot, and a GPU nvidia-smi no longer
 * shows; and the share of the run each throttle reason was active. The verdict names the first fault of the
 * machine's kind; a program's fault is said as the program's, never as the machine's.
 */
import { xidEntry, type Bucket, type FaultKind } from './catalog.ts'
import type { FaultSections, HealthMinute } from './read.ts'
import { THROTTLE_REASONS } from './scripts.ts'

export interface GpuFault {
  /** ISO time, or undefined where the source gave none. */
  time: string | undefined
  /** The GPU's index; undefined where it could not be placed. */
  gpu: number | undefined
  /** `xid`, `ecc`, `row-remap`, `retired-pages` or `nvidia-smi`. */
  source: string
  code?: number
  bucket: Bucket
  kind: FaultKind
  meaning: string
  /** How many times the same source and code came on this GPU. */
  count: number
}

export interface Throttle {
  gpu: number
  reason: string
  /** 0 to 1: the share of this GPU's samples in which the reason was active. */
  share: number
}

export interface FaultWatch {
  faults: GpuFault[]
  throttles: Throttle[]
  /** How the kernel log was read, 'unreadable', or undefined when not asked. */
  kernelLog: string | undefined
}

/** Throttling under this share of a run is not worth a notice. */
export const THROTTLE_NOTICE_SHARE = 0.05

function byGpu(health: readonly HealthMinute[]): Map<number, HealthMinute[]> {
  const groups = new Map<number, HealthMinute[]>()
  for (const minute of health) groups.set(minute.gpu, [...(groups.get(minute.gpu) ?? []), minute])
  return groups
}

const iso = (at: number | undefined) => (at === undefined ? undefined : new Date(at).toISOString())

/** Each GPU's bus id: at the sampler's start, from the samples, then from nvidia-smi's answer at the end. */
function gpuByBus(sections: FaultSections): Map<string, number> {
  const buses = new Map<string, number>()
  for (const [gpu, bus] of sections.buses) buses.set(bus, gpu)
  for (const minute of sections.health) if (minute.bus) buses.set(minute.bus, minute.gpu)
  for (const [gpu, bus] of sections.now?.gpus ?? []) buses.set(bus, gpu)
  return buses
}

function xidFaults(sections: FaultSections, since: number, gpuCount: number): GpuFault[] {
  const buses = gpuByBus(sections)
  // A GPU nvidia-smi named in its error is this sandbox's, its index unknown unless it has one GPU only.
  const named = new Set(sections.now?.named ?? [])
  const faults = new Map<string, GpuFault>()
  for (const event of sections.xids) {
    // Another tenant's GPU (a shared kernel log) or an event before the watch began is not this job's.
    const ours = buses.has(event.bus) || named.has(event.bus)
    const gpu = buses.get(event.bus) ?? (gpuCount === 1 ? 0 : undefined)
    if (!ours || (event.at !== undefined && event.at < since)) continue
    const key = `${gpu}:${event.code}`
    const known = faults.get(key)
    if (known) known.count++
    else {
      const { bucket, kind, meaning } = xidEntry(event.code)
      faults.set(key, { time: iso(event.at), gpu, source: 'xid', code: event.code, bucket, kind, meaning, count: 1 })
    }
  }
  return [...faults.values()]
}

function counterFaults(health: readonly HealthMinute[]): GpuFault[] {
  const faults: GpuFault[] = []
  for (const [gpu, minutes] of byGpu(health)) {
    const sorted = [...minutes].sort((a, b) => a.at - b.at)
    const first = sorted.find((minute) => minute.eccMin !== undefined)?.eccMin
    const rise = sorted.find((minute) => first !== undefined && (minute.eccMax ?? first) > first)
    const at = (minute: HealthMinute | undefined) => ({ time: iso(minute?.at), gpu, count: 1 })
    if (rise) {
      const meaning = `new uncorrectable ECC error (${first} to ${rise.eccMax} since the driver loaded)`
      faults.push({ ...at(rise), source: 'ecc', bucket: 'RESET_GPU', kind: 'machine', meaning })
    }
    const remap = sorted.find((minute) => minute.remapPending)
    if (remap) {
      const meaning = 'a row remap is pending (failing memory; a reset applies it)'
      faults.push({ ...at(remap), source: 'row-remap', bucket: 'RESET_GPU', kind: 'machine', meaning })
    }
    const retire = sorted.find((minute) => minute.retirePending)
    if (retire) {
      const meaning = 'a page retirement is pending (failing memory; a reboot applies it)'
      faults.push({ ...at(retire), source: 'retired-pages', bucket: 'RESTART_BM', kind: 'machine', meaning })
    }
  }
  return faults
}

/** A GPU the samples had that nvidia-smi no longer shows at the end, or nvidia-smi failing outright. */
function lostGpus(sections: FaultSections, now: number, gpuCount: number): GpuFault[] {
  const answer = sections.now
  // 127: no nvidia-smi on the PATH at all (not a GPU that went away).
  if (!answer || answer.status === 127) return []
  const seen = new Set([...sections.health.map((minute) => minute.gpu), ...sections.buses.keys()])
  const shown = answer.gpus
  const lost = { time: iso(now), source: 'nvidia-smi', bucket: 'RESTART_BM' as const, kind: 'machine' as const }
  if (answer.status !== 0 && shown.size === 0)
    return [{ ...lost, gpu: undefined, meaning: `nvidia-smi failed at the end (exit ${answer.status})`, count: 1 }]
  const missing = [...seen].filter((gpu) => !shown.has(gpu))
  if (shown.size < gpuCount && missing.length === 0)
    return [{ ...lost, gpu: undefined, meaning: `nvidia-smi shows ${shown.size} of ${gpuCount} GPUs`, count: 1 }]
  return missing.map((gpu) => ({ ...lost, gpu, meaning: 'nvidia-smi no longer shows it', count: 1 }))
}

function throttlesOf(health: readonly HealthMinute[]): Throttle[] {
  const throttles: Throttle[] = []
  for (const [gpu, minutes] of byGpu(health)) {
    const samples = minutes.reduce((sum, minute) => sum + minute.samples, 0)
    THROTTLE_REASONS.forEach((reason, k) => {
      const active = minutes.reduce((sum, minute) => sum + (minute.throttled[k] ?? 0), 0)
      if (active > 0) throttles.push({ gpu, reason, share: active / samples })
    })
  }
  return throttles
}

/** Everything the watch saw, earliest first (faults without a time last). */
export function watchVerdict(
  sections: FaultSections,
  watch: { since: number; now: number; gpuCount: number },
): FaultWatch {
  const faults = [
    ...xidFaults(sections, watch.since, watch.gpuCount),
    ...counterFaults(sections.health),
    ...lostGpus(sections, watch.now, watch.gpuCount),
  ].sort((a, b) => (a.time ?? '~').localeCompare(b.time ?? '~'))
  return { faults, throttles: throttlesOf(sections.health), kernelLog: sections.kernelLog }
}

/** The first fault of the machine's kind, if any. */
export const machineFault = (watch: FaultWatch | undefined): GpuFault | undefined =>
  watch?.faults.find((fault) => fault.kind === 'machine')
