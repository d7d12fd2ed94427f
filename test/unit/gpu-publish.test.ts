/**
 * What the GPU report shows (issue 47), from planted sampler files: a GPU never used (the warning, no hint), memory
 * held at 0 % (no warning), a heavy run on an 80 GiB card at 11 GiB (the hint with both prices), no hint without both
 * prices or after a failed run, the CSV and outputs from numbers only, and hostile files (workflow commands, mentions,
 * links, binary, a million GPUs, megabytes) that never reach the log raw and never fail.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cheaperGpu } from '../../src/gpu-report/hint.ts'
import { gpuFigure, publishGpuReport, type GpuReportInput } from '../../src/gpu-report/publish.ts'
import { gpuReport } from '../../src/gpu-report/post.ts'
import { reportGpu } from '../../src/gpu-report/fetch.ts'
import type { CleanupConfig } from '../../src/inputs/config.ts'
import { realClock } from '../../src/runtime/clock.ts'
import type { CleanupDeps } from '../../src/step/deps.ts'
import { ActionState } from '../../src/step/state.ts'
import { renderRow, renderTable } from '../../src/comment/rows.ts'
import { savedGpuReport } from '../../src/step/saved-read.ts'
import { recordingCore, type RecordingCore } from '../harness/fakes.ts'

const PRICES = {
  h100_x1_prototyping: 1.89,
  a100_x1_prototyping: 0.78,
  a6000_x1_prototyping: 0.27,
  additional_vcpus: 0.0095,
  disk_gb: 0.00015,
}
const RAN = { gpuType: 'H100', gpuCount: 1, cpu: 4, memoryGib: 16, storageGib: 100 }

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** The fetch's answer for `loads` (`[MiB held, util %]` a second, on GPU 0 unless given). */
function fetched(loads: [number, number][], gpus = 1, extra: string[] = []): string {
  const lines = loads.flatMap(([mib, util], i) =>
    Array.from({ length: gpus }, (_, gpu) => {
      const at = `2026/11/26 10:00:${String(i).padStart(2, '0')}.000`
      return `${at}, ${gpu}, ${gpu === 0 ? mib : 1}, 81559, ${gpu === 0 ? util : 0}, ${80 + util}.10`
    }),
  )
  return ['== coarse.csv', '== fine.csv.1', '== fine.csv', ...lines, ...extra, ''].join('\n')
}

async function publish(
  text: string | undefined,
  extra: Partial<GpuReportInput> = {},
): Promise<{ core: RecordingCore; figure: string }> {
  dir = mkdtempSync(join(tmpdir(), 'gpu-publish-'))
  const core = recordingCore()
  const { figure } = await publishGpuReport(core, {
    sandboxId: 'sbx-0123456789abcdef',
    fetched: text,
    ran: RAN,
    livedMs: 3_600_000,
    failed: false,
    prices: async () => PRICES,
    tempDir: dir,
    now: Date.UTC(2026, 10, 26, 10, 5),
    ...extra,
  })
  return { core, figure }
}

const levels = (core: RecordingCore, level: string) => core.annotations.filter((a) => a.level === level)
const everything = (core: RecordingCore) =>
  [...core.log, ...core.annotations.map((a) => a.message), ...core.summaries, ...Object.values(core.outputs)].join('\n')

describe('the GPU report as published', () => {
  it('a run that never opens the GPU: one warning with the usual causes, no hint; outputs and CSV still', async () => {
    const { core, figure } = await publish(fetched(Array.from({ length: 10 }, () => [0, 0])))
    const [warning, ...more] = levels(core, 'warning')
    expect(more).toEqual([])
    expect(warning?.message).toMatch(/^GPU report: the GPU of sbx-0123456789abcdef was never used: .* ran on the CPU/)
    expect(warning?.message).toContain('CUDA_VISIBLE_DEVICES')
    expect(levels(core, 'notice')).toEqual([])
    expect(figure).toBe('unused')
    expect(core.outputs['gpu-memory-peak']).toBe('0')
    expect(core.outputs['gpu-utilization']).toBe('0.0')
    const csv = readFileSync(core.outputs['gpu-samples'] ?? '', 'utf8')
    expect(csv.split('\n')[1]).toBe('2026-11-26T10:00:00.000Z,0,0,81559,0,80.1')
  })

  it('memory held at 0 %: used, no warning; the hint needs both prices and a passing run', async () => {
    const heldAtZero = fetched([
      [0, 0],
      [11_264, 0],
      [11_264, 0],
      [11_264, 100],
    ])
    const { core, figure } = await publish(heldAtZero)
    expect(levels(core, 'warning')).toEqual([])
    expect(figure).toBe('11.0 GiB · 25 %')
    const [notice] = levels(core, 'notice')
    expect(notice?.message).toBe(
      "1 x A6000 (48 GiB each) would have held this job's peak GPU memory (11.0 GiB, 13.2 GiB with a 20 % margin) " +
        'at ~$0.323/hour, against ~$1.94/hour for the 1 x H100 it ran on; this run would have cost ~$0.323 instead ' +
        'of ~$1.94. Set gpu-type (and gpu-count) to it if the peak is typical of this job.',
    )
    // No price for the cheaper types, or none for the one that ran: no hint.
    const unpriced = await publish(heldAtZero, { prices: async () => ({ h100_x1_prototyping: 1.89 }) })
    expect(levels(unpriced.core, 'notice')).toEqual([])
    const ranUnpriced = await publish(heldAtZero, { prices: async () => ({ a6000_x1_prototyping: 0.27 }) })
    expect(levels(ranUnpriced.core, 'notice')).toEqual([])
    const failed = await publish(heldAtZero, { failed: true })
    expect(levels(failed.core, 'notice')).toEqual([])
    const noCatalog = await publish(heldAtZero, {
      prices: () => Promise.reject(new Error('503 service_unavailable')),
    })
    expect(levels(noCatalog.core, 'notice')).toEqual([])
    expect(noCatalog.core.log.join('\n')).toContain('the pricing catalog could not be read (503 service_unavailable)')
  })

  it('the hint counts the GPUs that held memory, and never names the set that ran', () => {
    // 4 x H100, only GPU 0 held 60 GiB: one H100 (not an A6000, 72 GiB with the margin) is cheaper.
    const samples = [0, 1, 2, 3].flatMap((gpu) =>
      [0, 61_440, 61_440].map((mib, i) => ({ at: i * 1_000, gpu, usedMiB: gpu === 0 ? mib : 1, utilization: 50 })),
    )
    const hint = cheaperGpu(gpuReport(samples), { ...RAN, gpuCount: 4 }, PRICES)
    expect(hint).toMatchObject({ gpuType: 'H100', gpuCount: 1, memoryGib: 80 })
    expect(cheaperGpu(gpuReport(samples), RAN, PRICES)).toBeUndefined()
    // 66.5 GiB + 20 % fits the table's 80 GiB, not the 79.6 GiB the card showed: the card decides for its own type.
    const card = (totalMiB?: number) =>
      [0, 1].flatMap((gpu) =>
        [0, 68_096].map((mib, i) => ({ at: i * 1_000, gpu, usedMiB: gpu === 0 ? mib : 1, totalMiB, utilization: 9 })),
      )
    expect(cheaperGpu(gpuReport(card(81_559)), { ...RAN, gpuCount: 2 }, PRICES)).toBeUndefined()
    expect(cheaperGpu(gpuReport(card()), { ...RAN, gpuCount: 2 }, PRICES)).toMatchObject({
      gpuType: 'H100',
      gpuCount: 1,
    })
  })

  it('hostile sampler files: nothing of them reaches the log, summary, outputs or CSV; a short report or none', async () => {
    const hostile = [
      '::error::pwned',
      '2026/11/26 10:00:01.000, 0, 1000, 81559, 50, 90 @octocat',
      '[link](https://evil.example) 2026/11/26 10:00:01.000, 0, 1, 2, 3, 4',
      '\u0000\u0001binary\u00ff',
      `2026/11/26 10:00:01.000, 0, ${'9'.repeat(300)}, 81559, 50, 90`,
      '2026/11/26 10:00:01.000, 999999, 1000, 81559, 50, 90',
      '2026/11/26 10:00:01.000, 0, 1000, 81559, 250, 90',
    ]
    const { core } = await publish(fetched([[2_048, 40]], 1, hostile))
    const all = everything(core) + readFileSync(core.outputs['gpu-samples'] ?? '', 'utf8')
    for (const word of ['pwned', '@octocat', 'evil.example', 'binary', '999999', '250']) expect(all).not.toContain(word)
    expect(core.log.join('\n')).toContain('5 lines that were not samples were dropped')
    // Megabytes of one GPU index per line, or only garbage: bounded, and a report that says it has no samples.
    const many = Array.from({ length: 70 }, (_, gpu) => `2026/11/26 10:00:01.000, ${gpu}, 1, 81559, 0, 80`)
    const manyGpus = await publish(fetched([], 1, many))
    expect(
      manyGpus.core.summaries
        .join('')
        .split('\n')
        .filter((l) => /^\| \d+ \|/.test(l)).length,
    ).toBe(64)
    const garbage = await publish(`== coarse.csv\n${'x'.repeat(5_000_000)}\n`)
    expect(garbage.figure).toBe('no samples')
    expect(garbage.core.summaries.join('')).toContain('No samples came back from the sandbox.')
    expect(garbage.core.outputs).toEqual({})
  })

  it('the post step: a report that cannot be written is a warning, never a failed post step', async () => {
    const core = recordingCore({}, { 'sandbox-id': 'sbx-0123456789abcdef', 'started-at': '1' })
    core.appendSummary = () => Promise.reject(new Error('the summary file is gone'))
    const deps = { core, clock: realClock, makeClient: () => ({}) } as unknown as CleanupDeps
    const saved = { configPath: '/t/c', alias: 'sandbox', ...RAN }
    const figure = await reportGpu(deps, new ActionState(core), { saved, why: 'x' }, {} as CleanupConfig, false)
    expect(figure).toBe('no samples')
    expect(core.annotations).toEqual([{ level: 'warning', message: 'GPU report: the summary file is gone' }])
  })

  it('no answer: the summary says why, nothing else', async () => {
    const { core, figure } = await publish(undefined, { why: 'the SSH connection failed' })
    expect(figure).toBe('no samples')
    expect(core.summaries.join('')).toContain('No samples came back from the sandbox (the SSH connection failed).')
    expect(core.annotations).toEqual([])
  })

  it('state: only a whole saved report is read back; the comment row carries the figure, 240 legs fit', () => {
    const whole = { configPath: '/t/c', alias: 'sandbox', gpuType: 'H100', gpuCount: 1, cpu: 4, memoryGib: 16 }
    expect(savedGpuReport({ ...whole, storageGib: 100, figure: 'x'.repeat(99) })?.figure).toHaveLength(40)
    expect(savedGpuReport(whole)).toBeUndefined()
    expect(savedGpuReport({ ...whole, storageGib: 0 })).toBeUndefined()
    expect(gpuFigure(undefined)).toBe('no samples')
    const facts = (i: number) => ({
      sandboxId: `sbx-${String(i).padStart(16, '0')}`,
      job: 'CI / test',
      leg: `test (${i}, cuda-12.4, python-3.12)`,
      gpu: '8 x H100',
      gpuUse: '79.6 GiB · 100 %',
      status: 'run failed (exit 1); stopped by the post step',
      timeToReadyMs: 83_000,
      runMs: 3_599_000,
      billedSeconds: 3_700,
      cost: 123.45,
      runUrl: `https://github.com/o/r/actions/runs/1234567890/attempts/${i}`,
    })
    const row = renderRow(facts(1))
    expect(row.line).toContain('| 8 x H100 | 79.6 GiB · 100 % |')
    const table = renderTable(
      '<!-- m -->',
      'CI',
      Array.from({ length: 240 }, (_, i) => renderRow(facts(i))),
    )
    expect(table.length).toBeLessThan(65_536)
    expect(table.match(/79\.6 GiB · 100 %/g)).toHaveLength(240)
  })
})
