/**
 * What the GPU report shows, from what the sampler's fetch brought back (hostile text: read as numbers
 * only by samples.ts): the summary section, the outputs gpu-memory-peak, gpu-utilization and gpu-samples (a CSV
 * under RUNNER_TEMP that the action writes itself, from the numbers), a warning when the GPU was never used, a notice
 * when a cheaper GPU would have done, and the comment's compact figure. Run by the post step, or by the main step at
 * the end of `run`. Never fails the step: a report that cannot be made says why in one line.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseSamples, type GpuSample } from './samples.ts'
import type { ActionCore } from '../runtime/core.ts'
import { formatDuration } from '../step/summary.ts'
import { cheaperGpu, describeCheaper, type RanOn } from './hint.ts'
import { formatGib, gpuReport, mergeSamples, renderGpuSection, type GpuReport } from './post.ts'
import { publishFaults } from '../gpu-fault/publish.ts'
import { machineFault, type FaultWatch } from '../gpu-fault/verdict.ts'

export interface GpuReportInput {
  sandboxId: string
  /** The fetch's answer; undefined when it failed (`why`). */
  fetched: string | undefined
  why?: string
  ran: RanOn
  /** From the accepted start to now: the run's length, for what a cheaper GPU would have cost. */
  livedMs: number | undefined
  /** The run (or the runner's job) failed: its peak says little of what a passing run needs, so no cheaper hint. */
  failed: boolean
  /** The pricing catalog; a failure to read it costs the hint only. */
  prices: () => Promise<Record<string, number>>
  /** Where gpu-samples goes (RUNNER_TEMP); undefined: no file. */
  tempDir: string | undefined
  now: number
  /** The caller's error names a machine's fault first (run): no second error annotation. */
  errorSaysIt?: boolean
}

/** The comment's figure, and what the fault watch saw (undefined when nothing came back). */
export interface Published {
  figure: string
  watch?: FaultWatch
}

/** The comment's compact figure: peak memory and mean utilization, `unused`, or `no samples`. */
export function gpuFigure(report: GpuReport | undefined): string {
  if (!report || report.gpus.length === 0) return 'no samples'
  return report.used ? `${formatGib(report.peakMiB)} · ${report.meanUtilization.toFixed(0)} %` : 'unused'
}

/** The samples as CSV, written by the action from the parsed numbers (nothing of the sandbox's text). */
export function samplesCsv(samples: readonly GpuSample[]): string {
  const cell = (value: number | undefined) => (value === undefined ? '' : String(value))
  const lines = samples.map((s) =>
    [new Date(s.at).toISOString(), s.gpu, cell(s.usedMiB), cell(s.totalMiB), cell(s.utilization), cell(s.powerW)].join(
      ',',
    ),
  )
  return ['timestamp,gpu,memory_used_mib,memory_total_mib,utilization_percent,power_w', ...lines, ''].join('\n')
}

const NEVER_USED =
  'no process held GPU memory above its idle baseline while the job ran, so the job ran on the CPU. Usual causes: ' +
  'a CPU-only build of the framework (e.g. a torch wheel without CUDA), CUDA_VISIBLE_DEVICES empty or wrong, or a ' +
  'container started without the GPU (docker run --gpus all).'

/**
 * Writes the report and the fault watch's; returns the comment's figure (a machine's fault first). Whatever goes wrong
 * with it is one warning, never a failed step.
 */
export async function publishGpuReport(core: ActionCore, input: GpuReportInput): Promise<Published> {
  try {
    const figure = await writeReport(core, input)
    if (input.fetched === undefined) return { figure }
    const { ran, now, failed, errorSaysIt } = input
    const since = ran.since ?? 0
    const watch = await publishFaults(core, {
      fetched: input.fetched,
      since,
      now,
      gpuCount: ran.gpuCount,
      failed,
      errorSaysIt,
    })
    const first = machineFault(watch)
    return {
      figure: first ? `${first.source === 'xid' ? `Xid ${first.code}` : first.source} · ${figure}` : figure,
      watch,
    }
  } catch (error) {
    core.warning(`GPU report: ${(error as Error).message}`)
    return { figure: gpuFigure(undefined) }
  }
}

async function writeReport(core: ActionCore, input: GpuReportInput): Promise<string> {
  if (input.fetched === undefined) {
    core.info(`GPU report: no samples came back from ${input.sandboxId} (${input.why ?? 'no answer'}).`)
    await core.appendSummary(`#### GPU\n\nNo samples came back from the sandbox (${input.why ?? 'no answer'}).\n`)
    return gpuFigure(undefined)
  }
  const parts = parseSamples(input.fetched)
  const samples = mergeSamples(parts)
  const report = gpuReport(samples)
  const dropped = parts.dropped > 0 ? `; ${parts.dropped} lines that were not samples were dropped` : ''
  core.info(`GPU report: ${samples.length} samples over ${formatDuration(report.spanMs)}${dropped}.`)
  await core.appendSummary(renderGpuSection(samples) + (dropped ? `\nThe sampler's files${dropped}.\n` : ''))
  if (report.gpus.length === 0) return gpuFigure(undefined)
  core.setOutput('gpu-memory-peak', String(Math.round(report.peakMiB)))
  core.setOutput('gpu-utilization', report.meanUtilization.toFixed(1))
  writeCsv(core, input, samples)
  if (!report.used) {
    const failed = input.failed ? ' (the run failed; it may have ended before it reached the GPU)' : ''
    core.warning(`GPU report: the GPU of ${input.sandboxId} was never used${failed}: ${NEVER_USED}`, {
      title: 'GPU never used',
    })
  } else if (!input.failed) await hintCheaper(core, input, report)
  return gpuFigure(report)
}

function writeCsv(core: ActionCore, input: GpuReportInput, samples: readonly GpuSample[]): void {
  if (!input.tempDir) return
  const path = join(input.tempDir, `gpu-samples-${input.sandboxId}.csv`)
  try {
    writeFileSync(path, samplesCsv(samples), { mode: 0o644 })
    core.setOutput('gpu-samples', path)
  } catch (error) {
    core.warning(`GPU report: the samples could not be written to ${path}: ${(error as Error).message}`)
  }
}

async function hintCheaper(core: ActionCore, input: GpuReportInput, report: GpuReport): Promise<void> {
  let prices: Record<string, number>
  try {
    prices = await input.prices()
  } catch (error) {
    core.info(`GPU report: no cheaper-GPU check, the pricing catalog could not be read (${(error as Error).message}).`)
    return
  }
  const hint = cheaperGpu(report, input.ran, prices)
  if (hint) core.notice(describeCheaper(hint, input.ran, input.livedMs), { title: 'A cheaper GPU would have done' })
}
