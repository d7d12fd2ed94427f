/**
 * The GPU report's figures and its job-summary section (published by publish.ts, at the end of run or in the post
 * step), from the samples as samples.ts read them: numbers only, so nothing here comes from the sandbox as text.
 * - per GPU: the peak memory (and its share of the card), how long kernels ran (samples above 0 %), the mean
 *   utilization, and the energy where power reads;
 * - used at all: some process held memory above the GPU's idle baseline (its least reading) at some point, or the
 *   GPU never showed less than an idle card does (a job that held it from the first sample to the last); memory held
 *   at 0 % is used (small kernels with pauses read 0 %), an idle baseline throughout is not;
 * - a Mermaid xychart of memory and utilization over time, each series at most CHART_POINTS points, each point the
 *   highest of its span so a peak never disappears, with a legend in words (xychart draws none).
 */
import type { GpuSample } from './samples.ts'
import { formatDuration } from '../step/summary.ts'

export const CHART_POINTS = 100
/** Memory above the idle baseline that counts as held: a CUDA context alone holds some 500 MiB. */
export const HELD_MIB = 64
/** Memory an idle card never shows (0 to a few hundred MiB reserved): held from the first sample to the last. */
export const HELD_THROUGHOUT_MIB = 1_024

export interface GpuFigures {
  gpu: number
  peakMiB: number
  totalMiB?: number
  /** ms in which a kernel ran (samples above 0 %, each standing for its interval). */
  busyMs: number
  /** The mean utilization over the time utilization was read (utilizationMs), each sample weighted by its interval. */
  meanUtilization: number
  utilizationMs: number
  energyWh?: number
  held: boolean
}

export interface GpuReport {
  gpus: GpuFigures[]
  /** The highest memory of any GPU (MiB): the output gpu-memory-peak. */
  peakMiB: number
  /** The mean utilization of all GPUs over the job (%): the output gpu-utilization. */
  meanUtilization: number
  /** Whether any GPU's memory was ever held above its idle baseline. */
  used: boolean
  spanMs: number
}

/** The highest and lowest of many values (a spread of 200,000 arguments can overflow the stack). */
const most = (values: readonly number[]) => values.reduce((a, b) => (b > a ? b : a), -Infinity)
const least = (values: readonly number[]) => values.reduce((a, b) => (b < a ? b : a), Infinity)

/** The longest time one sample stands for: a minute's maximum (the coarse part) stands for its minute, and more. */
const LONGEST_STEP_MS = 120_000

/**
 * The time each sample stands for: to the next one of the same GPU (the last: the median step); a longer gap (the
 * sampler stopped a while) counts at most 10 typical steps or LONGEST_STEP_MS, whichever is longer.
 */
function steps(samples: GpuSample[]): number[] {
  const gaps = samples.slice(1).map((sample, i) => sample.at - (samples[i]?.at ?? sample.at))
  const sorted = gaps.filter((gap) => gap > 0).sort((a, b) => a - b)
  const typical = sorted[Math.floor(sorted.length / 2)] ?? 1_000
  return samples.map((_, i) => Math.min(Math.max(0, gaps[i] ?? typical), Math.max(10 * typical, LONGEST_STEP_MS)))
}

/** The mean of `values` weighted by the time each stands for (the sampler's own pace need not be even). */
function weightedMean(
  values: readonly (number | undefined)[],
  weights: readonly number[],
): { mean: number; ms: number } {
  let [sum, ms] = [0, 0]
  for (const [i, value] of values.entries()) {
    if (value === undefined) continue
    sum += value * (weights[i] ?? 0)
    ms += weights[i] ?? 0
  }
  return { mean: ms > 0 ? sum / ms : 0, ms }
}

/**
 * One series for the report from what the fetch brought: the minute maxima from before the first second-by-second
 * sample (a long job's fine file keeps only its last hour or so), then every fine sample.
 */
export function mergeSamples(parts: { fine: readonly GpuSample[]; coarse: readonly GpuSample[] }): GpuSample[] {
  const firstFine = least(parts.fine.map((sample) => sample.at))
  return [...parts.coarse.filter((sample) => sample.at < firstFine - 60_000), ...parts.fine].sort((a, b) => a.at - b.at)
}

function figuresOf(gpu: number, samples: GpuSample[]): GpuFigures {
  const step = steps(samples)
  const used = samples.map((sample) => sample.usedMiB).filter((v): v is number => v !== undefined)
  const utilization = weightedMean(
    samples.map((sample) => sample.utilization),
    step,
  )
  const peakMiB = used.length > 0 ? most(used) : 0
  const powered = samples.filter((sample) => sample.powerW !== undefined)
  const energy = samples.reduce((sum, sample, i) => sum + ((sample.powerW ?? 0) * (step[i] ?? 0)) / 3_600_000, 0)
  return {
    gpu,
    peakMiB,
    totalMiB: samples.find((sample) => sample.totalMiB !== undefined)?.totalMiB,
    busyMs: samples.reduce((sum, sample, i) => sum + ((sample.utilization ?? 0) > 0 ? (step[i] ?? 0) : 0), 0),
    meanUtilization: utilization.mean,
    utilizationMs: utilization.ms,
    ...(powered.length > 0 ? { energyWh: energy } : {}),
    held: used.length > 0 && (peakMiB - least(used) >= HELD_MIB || least(used) >= HELD_THROUGHOUT_MIB),
  }
}

/** The figures of every GPU the samples name, in time order. */
export function gpuReport(samples: readonly GpuSample[]): GpuReport {
  const byGpu = new Map<number, GpuSample[]>()
  for (const sample of [...samples].sort((a, b) => a.at - b.at)) {
    const list = byGpu.get(sample.gpu) ?? []
    list.push(sample)
    byGpu.set(sample.gpu, list)
  }
  const gpus = [...byGpu.entries()].sort(([a], [b]) => a - b).map(([gpu, list]) => figuresOf(gpu, list))
  const times = samples.map((sample) => sample.at)
  const all = weightedMean(
    gpus.map((figures) => figures.meanUtilization),
    gpus.map((figures) => figures.utilizationMs),
  )
  return {
    gpus,
    peakMiB: Math.max(0, most(gpus.map((figures) => figures.peakMiB))),
    meanUtilization: all.mean,
    used: gpus.some((figures) => figures.held),
    spanMs: times.length > 0 ? most(times) - least(times) : 0,
  }
}

/** At most `points` values, each the highest of its span of `values` (a peak is never averaged away). */
export function peaks(values: readonly number[], points = CHART_POINTS): number[] {
  if (values.length <= points) return [...values]
  const span = values.length / points
  return Array.from({ length: points }, (_, i) =>
    most(values.slice(Math.floor(i * span), Math.max(Math.floor((i + 1) * span), Math.floor(i * span) + 1))),
  )
}

/** MiB as GiB, one decimal: `11.0 GiB`. */
export const formatGib = (mib: number) => `${(mib / 1024).toFixed(1)} GiB`

/** The summary's section: a row per GPU, the chart, its legend. */
export function renderGpuSection(samples: readonly GpuSample[]): string {
  const report = gpuReport(samples)
  if (report.gpus.length === 0) return '#### GPU\n\nNo samples came back from the sandbox.\n'
  const rows = report.gpus.map((g) => {
    const share = g.totalMiB ? ` (${Math.round((100 * g.peakMiB) / g.totalMiB)} % of ${formatGib(g.totalMiB)})` : ''
    const energy = g.energyWh === undefined ? 'not read' : `${g.energyWh.toFixed(1)} Wh`
    const cells = [`${formatGib(g.peakMiB)}${share}`, formatDuration(g.busyMs), `${g.meanUtilization.toFixed(0)} %`]
    return `| ${g.gpu} | ${cells.join(' | ')} | ${energy} |`
  })
  const sorted = [...samples].sort((a, b) => a.at - b.at)
  // All GPUs together: the most memory any held, and the highest utilization, at each point.
  const memory = peaks(sorted.map((sample) => (sample.usedMiB ?? 0) / 1024))
  const utilization = peaks(sorted.map((sample) => sample.utilization ?? 0))
  const axis = Math.max(1, Math.ceil(most(memory)))
  const chart = [
    '```mermaid',
    'xychart-beta',
    `  title "GPU memory (GiB, bars) and utilization (% of ${axis} GiB scale, line)"`,
    `  x-axis "time, ${formatDuration(report.spanMs)} in all" 1 --> ${memory.length}`,
    `  y-axis "GiB" 0 --> ${axis}`,
    `  bar [${memory.map((v) => v.toFixed(1)).join(', ')}]`,
    `  line [${utilization.map((v) => ((v / 100) * axis).toFixed(1)).join(', ')}]`,
    '```',
  ]
  return [
    '#### GPU',
    '',
    '| GPU | peak memory | kernels ran | mean utilization | energy |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    ...chart,
    '',
    `Legend: bars, the most memory any GPU held (GiB); line, the highest utilization of any GPU, drawn on the same ` +
      `scale (${axis} GiB = 100 %). Each of at most ${CHART_POINTS} points is the highest of its span.`,
    '',
  ].join('\n')
}
