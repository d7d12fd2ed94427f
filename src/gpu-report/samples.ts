/**
 * What the GPU sampler wrote, read as hostile input: the sandbox runs the job's code,
 * which can write anything into those files. Numbers only, in their ranges, from lines of the expected shape; at
 * most MAX_LINES lines a part and MAX_LINE characters a line; anything else is dropped and counted, never shown.
 * Fields follow the query's order (`--query-gpu=...`), so a capture with other fields reads the same way.
 */
import { SAMPLE_FIELDS } from './sampler.ts'

export interface GpuSample {
  /** ms since the epoch of the time nvidia-smi printed (its local time read as UTC: only differences count). */
  at: number
  gpu: number
  usedMiB?: number
  totalMiB?: number
  utilization?: number
  powerW?: number
}

export interface Samples {
  /** One a GPU a second (the last 1 to 2 x FINE_LINES on the sandbox). */
  fine: GpuSample[]
  /** One a GPU a minute: the minute's highest values. */
  coarse: GpuSample[]
  /** Lines that were not of the shape (or past the bounds), dropped. */
  dropped: number
}

export const MAX_LINES = 200_000
export const MAX_LINE = 200
export const MAX_GPUS = 64

const TIME = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/
const NUMBER = /^\d{1,7}(?:\.\d{1,3})?$/
/** The fields read, and the most each can be (a value past it is a lie, dropped). */
const FIELDS: Record<string, { key: keyof GpuSample; most: number }> = {
  'memory.used': { key: 'usedMiB', most: 10_000_000 },
  'memory.total': { key: 'totalMiB', most: 10_000_000 },
  'utilization.gpu': { key: 'utilization', most: 100 },
  'power.draw': { key: 'powerW', most: 100_000 },
}

function timeOf(text: string): number | undefined {
  const m = TIME.exec(text)
  if (!m) return undefined
  const [year, month, day, hour, minute, second, ms] = m.slice(1).map((part) => Number(part ?? 0))
  const at = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second, ms)
  return Number.isFinite(at) && (month ?? 0) >= 1 && (month ?? 0) <= 12 ? at : undefined
}

/** One line, or undefined when it is not of the shape. `[N/A]` and unknown values leave a field out. */
export function parseSampleLine(line: string, fields: readonly string[]): GpuSample | undefined {
  if (line.length > MAX_LINE) return undefined
  const cells = line.split(',').map((cell) => cell.trim())
  if (cells.length !== fields.length) return undefined
  const sample: Partial<GpuSample> = {}
  for (const [i, field] of fields.entries()) {
    const cell = cells[i] ?? ''
    if (field === 'timestamp') sample.at = timeOf(cell)
    else if (field === 'index')
      sample.gpu = /^\d{1,2}$/.test(cell) && Number(cell) < MAX_GPUS ? Number(cell) : undefined
    else if (FIELDS[field] && NUMBER.test(cell) && Number(cell) <= (FIELDS[field]?.most ?? 0))
      (sample as Record<string, number>)[FIELDS[field].key] = Number(cell)
  }
  return sample.at === undefined || sample.gpu === undefined ? undefined : (sample as GpuSample)
}

/** The fetch's answer (`== coarse.csv`, `== fine.csv.1`, `== fine.csv` parts), bounded and checked line by line. */
export function parseSamples(text: string, fields: readonly string[] = SAMPLE_FIELDS.split(',')): Samples {
  const samples: Samples = { fine: [], coarse: [], dropped: 0 }
  // null: a later section of the fetch (the GPU's faults, read by gpu-fault/read.ts), not samples.
  let part: GpuSample[] | undefined | null
  let lines = 0
  for (const line of text.split('\n')) {
    if (line === '== coarse.csv') part = samples.coarse
    else if (line === '== fine.csv.1' || line === '== fine.csv') part = samples.fine
    else if (/^== (health\.csv|buses|xid|gpus)\b/.test(line)) part = null
    else if (line.trim() === '' || part === null) continue
    else if (!part || ++lines > MAX_LINES) samples.dropped++
    else {
      const sample = parseSampleLine(line, fields)
      if (sample) part.push(sample)
      else samples.dropped++
    }
  }
  return samples
}
