/**
 * The GPU report's figures and summary section (issue 47), from samples: the real H200 trace (a 40 GiB peak held
 * at 0 %, bursts at 100 %), a GPU never used (its idle baseline throughout), memory held at 0 % (used), the chart's
 * peaks over at most 100 points, and 200,000 samples without a stack overflow.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHART_POINTS, gpuReport, peaks, renderGpuSection } from '../../src/gpu-report/post.ts'
import { parseSampleLine, type GpuSample } from '../../src/gpu-report/samples.ts'

const TRACE = join(import.meta.dirname, '..', '..', '..', 'shared', 'gpu-facts', 'trace.csv')
const TRACE_FIELDS = [
  'timestamp',
  'index',
  'utilization.gpu',
  'utilization.memory',
  'memory.used',
  'memory.total',
  'power.draw',
  'temperature.gpu',
  'clocks.sm',
]

const series = (values: [number, number][], gpu = 0, totalMiB = 81_559): GpuSample[] =>
  values.map(([usedMiB, utilization], i) => ({ at: i * 1_000, gpu, usedMiB, totalMiB, utilization, powerW: 100 }))

describe('the GPU report', () => {
  it.skipIf(!existsSync(TRACE))('the real trace: its peak, busy time, used though the peak was held at 0 %', () => {
    const samples = readFileSync(TRACE, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => parseSampleLine(line, TRACE_FIELDS) as GpuSample)
    const report = gpuReport(samples)
    expect(report.peakMiB).toBe(Math.max(...samples.map((s) => s.usedMiB ?? 0)))
    expect(report.peakMiB).toBeGreaterThan(40 * 1024)
    expect(report.used).toBe(true)
    // Three 2-s bursts at 100 % (and their edges), a quarter second a sample.
    expect(report.gpus[0]?.busyMs).toBeGreaterThan(5_000)
    expect(report.gpus[0]?.busyMs).toBeLessThan(10_000)
    expect(report.gpus[0]?.energyWh).toBeGreaterThan(1)
    expect(report.spanMs).toBeGreaterThan(25_000)
    const section = renderGpuSection(samples)
    expect(section).toMatch(/\| 0 \| 4\d\.\d GiB \(\d+ % of 140\.4 GiB\) \| \d+s \| \d+ % \| \d+\.\d Wh \|/)
    expect(section).toContain('xychart-beta')
  })

  it('a GPU at its idle baseline throughout was not used; memory held at 0 % was', () => {
    const idle = gpuReport(
      series([
        [0, 0],
        [0, 0],
        [0, 0],
      ]),
    )
    expect([idle.used, idle.peakMiB, idle.meanUtilization]).toEqual([false, 0, 0])
    const context = gpuReport(
      series([
        [500, 0],
        [500, 0],
      ]),
    )
    expect(context.used).toBe(false)
    const held = gpuReport(
      series([
        [0, 0],
        [42_000, 0],
        [42_000, 0],
        [0, 0],
      ]),
    )
    expect([held.used, held.peakMiB, held.gpus[0]?.busyMs]).toEqual([true, 42_000, 0])
    // Two GPUs: the peak of either; the mean over both.
    const two = gpuReport([
      ...series(
        [
          [0, 100],
          [11_000, 100],
        ],
        0,
      ),
      ...series(
        [
          [0, 0],
          [0, 0],
        ],
        1,
      ),
    ])
    expect([two.peakMiB, two.meanUtilization, two.gpus.map((g) => g.held)]).toEqual([11_000, 50, [true, false]])
  })

  it('the chart keeps every peak within 100 points; no samples says so; 200,000 samples are fine', () => {
    const values = Array.from({ length: 1_000 }, (_, i) => (i === 777 ? 99 : 1))
    const kept = peaks(values)
    expect(kept).toHaveLength(CHART_POINTS)
    expect(Math.max(...kept)).toBe(99)
    expect(peaks([1, 2, 3])).toEqual([1, 2, 3])
    expect(renderGpuSection([])).toBe('#### GPU\n\nNo samples came back from the sandbox.\n')
    const many = series(Array.from({ length: 200_000 }, (_, i) => [i % 1_000, i % 101] as [number, number]))
    const section = renderGpuSection(many)
    const bar = /\n {2}bar \[([^\]]*)\]/.exec(section)?.[1]?.split(', ') ?? []
    expect(bar).toHaveLength(CHART_POINTS)
    expect(section.length).toBeLessThan(10_000)
  })
})
