/**
 * The GPU fault watch's reading and verdict, on the lines the real driver, dmesg, journalctl and nvidia-smi write
 * (../shared/gpu-facts: `pci.bus_id` is `00000000:00:06.0` on an H200; the driver writes `PCI:0000:00:06`), and on
 * what a job that is root on its sandbox could write instead.
 */
import { describe, expect, it } from 'vitest'
import { xidEntry } from '../../src/gpu-fault/catalog.ts'
import { busKey, parseFaultSections, parseXidLine } from '../../src/gpu-fault/read.ts'
import { faultSection, faultsOutput, machineHeadline, programLine, throttleLine } from '../../src/gpu-fault/text.ts'
import { machineFault, watchVerdict } from '../../src/gpu-fault/verdict.ts'
import { publishFaults } from '../../src/gpu-fault/publish.ts'
import { recordingCore } from '../harness/fakes.ts'

const SINCE = Date.UTC(2026, 11, 7, 12, 0)
const NOW = Date.UTC(2026, 11, 7, 12, 10)
const health = (minute: string, gpu: number, extra = '0, 0, 0, 0, 0, 0, 0, 0') =>
  `2026/12/07 12:${minute}, ${gpu}, 00000000:${gpu === 0 ? '3B' : '3C'}:00.0, 60, ${extra}`

function fetchOf(parts: { health?: string[]; xid?: string; xids?: string[]; gpus?: string }): string {
  return [
    '== coarse.csv',
    '== fine.csv',
    '== health.csv',
    ...(parts.health ?? [health('01', 0), health('01', 1)]),
    `== xid ${parts.xid ?? 'sudo-dmesg'}`,
    ...(parts.xids ?? []),
    `== gpus ${parts.gpus ?? '0\n0, 00000000:3B:00.0\n1, 00000000:3C:00.0'}`,
    '',
  ].join('\n')
}

const verdictOf = (text: string, gpuCount = 2) =>
  watchVerdict(parseFaultSections(text), { since: SINCE, now: NOW, gpuCount })

describe('the GPU fault watch', () => {
  it('places an Xid by its bus id, classes it by the catalog, and says the machine first', () => {
    expect(busKey('00000000:3B:00.0')).toBe('0000:3b:00')
    expect(busKey('0000:3b:00')).toBe('0000:3b:00')
    const line =
      "2026-12-07T12:03:11,123456+00:00 NVRM: Xid (PCI:0000:3b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."
    expect(parseXidLine(line)).toMatchObject({ at: Date.UTC(2026, 11, 7, 12, 3, 11, 123), bus: '0000:3b:00', code: 79 })
    const watch = verdictOf(
      fetchOf({ xids: [line], gpus: '15\nUnable to determine the device handle for GPU0000:3B:00.0: Unknown Error' }),
    )
    const first = machineFault(watch)
    expect(first).toMatchObject({ gpu: 0, source: 'xid', code: 79, bucket: 'RESTART_BM', kind: 'machine' })
    expect(machineHeadline(first!)).toBe(
      "GPU 0 fault: Xid 79, fallen off the bus at 12:03:11 UTC; this failure is likely not your code's.",
    )
    // nvidia-smi failing at the end is a fault too, after the Xid that explains it.
    expect(watch.faults.map((f) => f.source)).toEqual(['xid', 'nvidia-smi'])
    const output = JSON.parse(faultsOutput(watch))
    expect(output[0]).toEqual({
      time: '2026-12-07T12:03:11.123Z',
      gpu: 0,
      source: 'xid',
      code: 79,
      bucket: 'RESTART_BM',
      kind: 'machine',
      meaning: 'fallen off the bus',
      count: 1,
    })
  })

  it("a program's fault is the program's, never the machine's; another GPU's or an older Xid is not this job's", () => {
    const xid = (at: string, bus: string, code: number) =>
      `${at} host kernel: NVRM: Xid (PCI:0000:${bus}:00): ${code}, pid=4242, name=python, MMU Fault`
    const watch = verdictOf(
      fetchOf({
        xid: 'journalctl',
        xids: [
          xid('2026-12-07T12:04:00+0000', '3c', 31),
          xid('2026-12-07T12:04:01+0000', '3c', 31),
          // Another tenant's GPU on a shared kernel, and a fault from before the watch began.
          xid('2026-12-07T12:05:00+0000', '99', 79),
          xid('2026-12-07T11:00:00+0000', '3b', 48),
        ],
      }),
    )
    expect(machineFault(watch)).toBeUndefined()
    expect(watch.faults).toEqual([expect.objectContaining({ gpu: 1, code: 31, kind: 'program', count: 2 })])
    expect(programLine(watch.faults[0]!)).toMatch(
      /^GPU 1: Xid 31, GPU memory page fault .* \(2 times\) at 12:04:00 UTC/,
    )
    expect(xidEntry(31).kind).toBe('program')
    expect(xidEntry(4242)).toMatchObject({ bucket: 'UNKNOWN', kind: 'other' })
  })

  it('a new uncorrectable ECC error and a pending remap; throttling as the share of the run', () => {
    const watch = verdictOf(
      fetchOf({
        health: [
          health('01', 0, '0, 0, 0, 0, 2, 2, 0, 0'),
          health('02', 0, '0, 30, 0, 0, 2, 3, 1, 0'),
          health('01', 1, '60, 0, 0, 0, [N/A], [N/A], 0, 0'),
          health('02', 1, '60, 0, 0, 0, [N/A], [N/A], 0, 0'),
        ],
      }),
    )
    expect(watch.faults.map((f) => [f.gpu, f.source, f.time])).toEqual([
      [0, 'ecc', '2026-12-07T12:02:00.000Z'],
      [0, 'row-remap', '2026-12-07T12:02:00.000Z'],
    ])
    expect(throttleLine(watch)).toBe(
      'GPU 0 hw_thermal_slowdown 25 % of the run; GPU 1 hw_slowdown 100 % of the run: timings taken then are not ' +
        'comparable with an unthrottled run.',
    )
  })

  it('a GPU that fell off the bus before its first sample is placed by the bus ids read at the start', () => {
    const xid = "2026-12-07T12:00:02+00:00 NVRM: Xid (PCI:0000:3c:00): 79, pid='<unknown>', GPU has fallen off the bus."
    const text = fetchOf({ health: [], xids: [xid], gpus: '15\nUnable to determine the device handle' }).replace(
      '== xid',
      '== buses\n0, 00000000:3B:00.0\n1, 00000000:3C:00.0\n== xid',
    )
    const watch = verdictOf(text)
    expect(machineFault(watch)).toMatchObject({ gpu: 1, code: 79 })
    // Off the bus before the sampler even started: nvidia-smi's error names the GPU, so the Xid is this sandbox's
    // (on GPU 0 of a 1-GPU sandbox); another bus's Xid in the same log is still not.
    const other = '2026-12-07T12:00:03+00:00 NVRM: Xid (PCI:0000:99:00): 48, pid=1, DBE'
    const lost = '15\nUnable to determine the device handle for GPU0000:3C:00.0: Unknown Error'
    const early = fetchOf({ health: [], xids: [xid, other], gpus: lost })
    expect(verdictOf(early, 1).faults.filter((f) => f.source === 'xid')).toEqual([
      expect.objectContaining({ gpu: 0, code: 79, kind: 'machine' }),
    ])
    expect(verdictOf(early, 2).faults.filter((f) => f.source === 'xid')).toEqual([
      expect.objectContaining({ gpu: undefined, code: 79 }),
    ])
  })

  it('an unreadable kernel log is said once; a GPU missing at the end is lost', () => {
    const watch = verdictOf(fetchOf({ xid: 'unreadable', gpus: '0\n0, 00000000:3B:00.0' }))
    expect(watch.kernelLog).toBe('unreadable')
    expect(watch.faults).toEqual([expect.objectContaining({ gpu: 1, source: 'nvidia-smi', kind: 'machine' })])
    const section = faultSection(watch, true)
    expect(section.match(/kernel log could not be read/g)).toHaveLength(1)
  })

  it('hostile text stays text: no workflow command, no forged source, nothing past the bounds', () => {
    const hostile = [
      '::error::pwned',
      '2026-12-07T12:03:11+00:00 NVRM: Xid (PCI:0000:3b:00): 31, ::error title=x::pwned%0A::add-mask::x',
      `2026-12-07T12:03:12+00:00 NVRM: Xid (PCI:0000:3b:00): 13, ${'A'.repeat(500)}`,
      '2026-12-07T12:03:13+00:00 NVRM: Xid (PCI:0000:3b:00): 99999, too many digits',
    ]
    const watch = verdictOf(fetchOf({ xids: hostile }))
    // Read as Xids (31 and 13 on GPU 0), said in the catalog's words only: the driver's words never reach a line.
    expect(watch.faults.map((fault) => fault.code)).toEqual([31])
    const all = [faultSection(watch, true), faultsOutput(watch), ...watch.faults.map(programLine)].join('\n')
    expect(all).not.toContain('pwned')
    expect(all).not.toContain('AAAA')
    // A heading with a forged source reads no Xid lines at all.
    expect(verdictOf(fetchOf({ xid: 'dmesg; rm -rf /', xids: hostile })).faults).toEqual([])
    expect(watch.faults.every((fault) => fault.code !== 99999)).toBe(true)
  })

  it("the post step (a runner job, ssh: true): its own annotations, by the job's end and the fault's kind", async () => {
    const off = "2026-12-07T12:03:11+00:00 NVRM: Xid (PCI:0000:3b:00): 79, pid='<unknown>', GPU has fallen off the bus."
    const hot = [health('01', 0, '30, 0, 0, 0, 0, 0, 0, 0'), health('01', 1)]
    const fetched = fetchOf({ xids: [off], health: hot })
    const publish = async (failed: boolean, errorSaysIt?: boolean) => {
      const core = recordingCore()
      await publishFaults(core, { fetched, since: SINCE, now: NOW, gpuCount: 2, failed, errorSaysIt })
      return core
    }
    // A failed job: the machine's fault as the error annotation; throttling as a notice; the output and the section.
    const failed = await publish(true)
    expect(failed.annotations.map((a) => [a.level, a.message.slice(0, 40)])).toEqual([
      ['error', 'GPU 0 fault: Xid 79, fallen off the bus '],
      ['notice', 'GPU 0 hw_slowdown 50 % of the run: timin'],
    ])
    expect(JSON.parse(failed.outputs['gpu-fault'] ?? '[]')[0]).toMatchObject({ code: 79 })
    expect(failed.summaries.join('')).toContain('#### GPU faults')
    // run's own error names it: no second error annotation. A passing job: a warning, never an error.
    expect((await publish(true, true)).annotations.map((a) => a.level)).toEqual(['notice'])
    const passed = await publish(false)
    expect(passed.annotations.map((a) => a.level)).toEqual(['warning', 'notice'])
    expect(passed.annotations[0]?.message).toMatch(/^GPU 0 fault during a job that passed: Xid 79/)
  })
})
