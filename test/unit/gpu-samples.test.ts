/**
 * The GPU sampler's files read back as hostile input (issue 47, its first part): every line of a real H200 trace
 * (../shared/gpu-facts/trace.csv) to the values it holds; [N/A] left out; huge, binary, command and out-of-range
 * lines dropped and counted, never returned as text; the parts and their bounds.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_LINE, MAX_LINES, parseSampleLine, parseSamples } from '../../src/gpu-report/samples.ts'

const TRACE = join(import.meta.dirname, '..', '..', '..', 'shared', 'gpu-facts', 'trace.csv')
const TRACE_FIELDS = 'timestamp,index,utilization.gpu,utilization.memory,memory.used,memory.total,power.draw'
  .concat(',temperature.gpu,clocks.sm')
  .split(',')
const FIELDS = ['timestamp', 'index', 'memory.used', 'memory.total', 'utilization.gpu', 'power.draw']

describe('the GPU samples', () => {
  it.skipIf(!existsSync(TRACE))("reads every line of a real H200's -lms 250 trace to the values it holds", () => {
    const lines = readFileSync(TRACE, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
    const samples = lines.map((line) => parseSampleLine(line, TRACE_FIELDS))
    expect(samples.every((sample) => sample !== undefined)).toBe(true)
    expect(samples[0]).toEqual({
      at: Date.UTC(2026, 10, 26, 16, 29, 18, 523),
      gpu: 0,
      utilization: 0,
      usedMiB: 0,
      totalMiB: 143771,
      powerW: 80.58,
    })
    // A burst: 100 % with 11,251 MiB held at 689 W; the peak memory (42 GiB held at 0 %) is read as it is.
    expect(
      parseSampleLine('2026/11/26 16:29:30.544, 0, 100, 23, 11251, 143771, 689.08, 58, 1530', TRACE_FIELDS),
    ).toMatchObject({ utilization: 100, usedMiB: 11251, powerW: 689.08 })
    const peak = Math.max(...samples.map((sample) => sample?.usedMiB ?? 0))
    expect(peak).toBeGreaterThan(40 * 1024)
    expect(samples.filter((sample) => sample?.usedMiB === peak).every((sample) => sample?.utilization === 0)).toBe(true)
  })

  it('leaves [N/A] and unknown values out; drops lines not of the shape', () => {
    expect(parseSampleLine('2026/11/26 18:49:39.484, 1, [N/A], 143771, 5, [N/A]', FIELDS)).toEqual({
      at: Date.UTC(2026, 10, 26, 18, 49, 39, 484),
      gpu: 1,
      totalMiB: 143771,
      utilization: 5,
    })
    for (const bad of [
      '::error::evil, 1, 2, 3, 4, 5',
      '2026/11/26 18:49:39.484, 64, 1, 2, 3, 4',
      '2026/13/26 18:49:39.484, 0, 1, 2, 3, 4',
      '2026/11/26 18:49:39.484, -1, 1, 2, 3, 4',
      '2026/11/26 18:49:39.484, 0, 1, 2, 3',
      `2026/11/26 18:49:39.484, 0, 1, 2, 3, ${'9'.repeat(MAX_LINE)}`,
      '\u0000\u00ff\u0007binary',
    ])
      expect(parseSampleLine(bad, FIELDS), bad).toBeUndefined()
    // Out of range, or not a number: that field left out, the line kept.
    expect(parseSampleLine('2026/11/26 18:49, 0, 1e9, 99999999, 101, NaN', FIELDS)).toEqual({
      at: Date.UTC(2026, 10, 26, 18, 49),
      gpu: 0,
    })
  })

  it('reads the fetch: the coarse part and the fine ones; what is hostile is counted, never kept', () => {
    const text = [
      'before any part: dropped',
      '== coarse.csv',
      '2026/11/26 18:49, 0, 13299, 143771, 100, 695.00',
      '== fine.csv.1',
      '2026/11/26 18:49:50.495, 0, 13299, 143771, 100, 685.31',
      '::warning::@octo-org/admins https://evil.test',
      '== fine.csv',
      '2026/11/26 18:49:51.496, 0, 13299, 143771, 100, 695.00',
      '',
    ].join('\n')
    const samples = parseSamples(text)
    expect(samples.coarse).toHaveLength(1)
    expect(samples.fine.map((sample) => sample.powerW)).toEqual([685.31, 695])
    expect(samples.dropped).toBe(2)
    expect(JSON.stringify(samples)).not.toMatch(/evil|octo|warning/)
  })

  it('a million lines: no more than MAX_LINES read, the rest counted', () => {
    const line = '2026/11/26 18:49:51.496, 0, 1, 143771, 0, 70.00'
    const samples = parseSamples(`== fine.csv\n${`${line}\n`.repeat(MAX_LINES + 5)}`)
    expect(samples.fine).toHaveLength(MAX_LINES)
    expect(samples.dropped).toBe(5)
  })
})
