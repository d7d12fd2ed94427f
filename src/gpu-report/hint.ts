/**
 * A cheaper GPU that would have done: the GPUs that held memory, each one's peak with a 20 % margin,
 * against the memory of every GPU type (the card nvidia-smi showed for the type that ran; for the others the table
 * `min-gpu-memory` uses, sandbox/caps.ts), at that count; the
 * cheapest set the pricing catalog prices below the set that ran. Never a hint without both prices, and never from a
 * report whose GPU was not used.
 */
import { GPU_TYPES, type GpuType } from '../client/schemas.ts'
import { formatDollars, hourlyDollars } from '../sandbox/billing.ts'
import { memoryOf } from '../sandbox/caps.ts'
import { formatGib, type GpuReport } from './post.ts'

/** The share of the peak kept free: a run's peak varies with its inputs. */
export const MARGIN = 0.2

export interface RanOn {
  gpuType: string
  gpuCount: number
  cpu: number
  memoryGib: number
  storageGib: number
  /** When the fault watch began (gpu-fault): Xid events before it are not this job's. */
  since?: number
}

export interface CheaperGpu {
  gpuType: GpuType
  gpuCount: number
  memoryGib: number
  dollarsPerHour: number
  /** What the set that ran costs an hour, by the same catalog. */
  ranDollarsPerHour: number
  /** The highest peak of a GPU that held memory (MiB), and with the margin. */
  peakMiB: number
  neededMiB: number
}

function hourly(prices: Record<string, number>, ran: RanOn, gpuType: GpuType, gpuCount: number): number | undefined {
  return hourlyDollars(prices, {
    cpu: ran.cpu,
    memoryGib: ran.memoryGib,
    storageGib: ran.storageGib,
    gpuType,
    gpuCount,
  })
}

/** The cheapest GPU set that holds every used GPU's peak with the margin, when the catalog prices it lower. */
export function cheaperGpu(report: GpuReport, ran: RanOn, prices: Record<string, number>): CheaperGpu | undefined {
  const held = report.gpus.filter((gpu) => gpu.held)
  const ranType = GPU_TYPES.find((type) => type === ran.gpuType.toUpperCase())
  if (!report.used || held.length === 0 || !ranType) return undefined
  const ranDollarsPerHour = hourly(prices, ran, ranType, ran.gpuCount)
  if (ranDollarsPerHour === undefined) return undefined
  const peakMiB = Math.max(...held.map((gpu) => gpu.peakMiB))
  const neededMiB = peakMiB * (1 + MARGIN)
  const gpuCount = held.length
  // The type that ran: its card's own total, as nvidia-smi read it (an H100 shows 79.6 GiB, not the table's 80).
  const cardMiB = report.gpus.find((gpu) => gpu.totalMiB !== undefined)?.totalMiB
  let best: CheaperGpu | undefined
  for (const gpuType of GPU_TYPES) {
    if (gpuType === ranType && gpuCount >= ran.gpuCount) continue
    const memoryMiB = gpuType === ranType && cardMiB ? cardMiB : memoryOf(gpuType, prices) * 1024
    const memoryGib = Math.round((memoryMiB / 1024) * 10) / 10
    const dollarsPerHour = hourly(prices, ran, gpuType, gpuCount)
    if (memoryMiB < neededMiB || dollarsPerHour === undefined || dollarsPerHour >= ranDollarsPerHour) continue
    if (!best || dollarsPerHour < best.dollarsPerHour)
      best = { gpuType, gpuCount, memoryGib, dollarsPerHour, ranDollarsPerHour, peakMiB, neededMiB }
  }
  return best
}

/** The notice: the set, its memory, both prices, and what the run cost and would have cost (its length known). */
export function describeCheaper(hint: CheaperGpu, ran: RanOn, livedMs: number | undefined): string {
  const cost = (perHour: number) => formatDollars((perHour * (livedMs ?? 0)) / 3_600_000)
  const run =
    livedMs === undefined
      ? ''
      : `; this run would have cost ~${cost(hint.dollarsPerHour)} instead of ~${cost(hint.ranDollarsPerHour)}`
  return (
    `${hint.gpuCount} x ${hint.gpuType} (${hint.memoryGib} GiB each) would have held this job's peak GPU memory ` +
    `(${formatGib(hint.peakMiB)}, ${formatGib(hint.neededMiB)} with a ${MARGIN * 100} % margin) at ` +
    `~${formatDollars(hint.dollarsPerHour)}/hour, against ~${formatDollars(hint.ranDollarsPerHour)}/hour for the ` +
    `${ran.gpuCount} x ${ran.gpuType.toUpperCase()} it ran on${run}. Set gpu-type (and gpu-count) to it if the ` +
    'peak is typical of this job.'
  )
}
