/**
 * The fault sections of a fetch (scripts.ts), read as hostile text: the job is root on its sandbox and can write the
 * kernel log and the sampler's files. Only lines of the expected shape count, within bounds; an Xid's own words are
 * kept only as text to show through the sanitiser, cut short.
 */
import { XID_LINE, XID_LINES } from './scripts.ts'

export interface XidEvent {
  /** ms since the epoch, from the log line's ISO time; undefined where the line had none. */
  at: number | undefined
  /** `0000:3b:00`: domain, bus and device, lowercase (nvidia-smi and the driver write them apart). */
  bus: string
  code: number
  /** The driver's words after the code (untrusted). */
  detail: string
}

/** One GPU's minute of health samples (the sampler's health.csv). */
export interface HealthMinute {
  /** ms since the epoch of the minute (nvidia-smi's local time read as UTC, as the samples are). */
  at: number
  gpu: number
  bus: string | undefined
  samples: number
  /** Samples in which each throttle reason was active, in THROTTLE_REASONS' order. */
  throttled: number[]
  eccMin: number | undefined
  eccMax: number | undefined
  remapPending: boolean
  retirePending: boolean
}

export interface FaultSections {
  /** How the kernel log was read ('dmesg', 'sudo-dmesg', …), 'unreadable', or undefined when it was not asked. */
  kernelLog: string | undefined
  xids: XidEvent[]
  health: HealthMinute[]
  /** Each GPU's bus id when the sampler started (index to bus). */
  buses: Map<number, string>
  /** nvidia-smi's exit status at the end and the GPUs it showed (index to bus); undefined when not asked. */
  now: { status: number; gpus: Map<number, string>; said: string; named: string[] } | undefined
}

const MAX_HEALTH_LINES = 200_000
const SOURCES = new Set(['dmesg', 'sudo-dmesg', 'journalctl', 'sudo-journalctl', 'unreadable'])

/** `00000000:3B:00.0` (nvidia-smi) or `0000:3b:00` (the driver) to `0000:3b:00`; undefined when neither. */
export function busKey(text: string): string | undefined {
  const found = /^([0-9a-fA-F]{4,8}):([0-9a-fA-F]{2}):([0-9a-fA-F]{2})(?:\.[0-7])?$/.exec(text.trim())
  return found ? `${(found[1] as string).slice(-4)}:${found[2]}:${found[3]}`.toLowerCase() : undefined
}

/** dmesg's `2026-12-07T00:03:11,123456+00:00` or journalctl's `2026-12-07T00:03:11+0000`. */
function isoTime(text: string): number | undefined {
  const found = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:[.,](\d{1,9}))?(Z|[+-]\d{2}:?\d{2})$/.exec(text)
  if (!found) return undefined
  const ms = (found[2] ?? '').padEnd(3, '0').slice(0, 3)
  const zone = found[3] === 'Z' ? 'Z' : (found[3] as string).replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2')
  const at = Date.parse(`${found[1]}.${ms}${zone}`)
  return Number.isFinite(at) ? at : undefined
}

const XID = /NVRM: Xid \(PCI:([0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2})[^)]{0,40}\): (\d{1,4}), ?(.*)$/

export function parseXidLine(line: string): XidEvent | undefined {
  if (line.length > XID_LINE) return undefined
  const found = XID.exec(line)
  const bus = found && busKey(found[1] as string)
  if (!found || !bus) return undefined
  return { at: isoTime(line.split(' ')[0] ?? ''), bus, code: Number(found[2]), detail: (found[3] ?? '').slice(0, 200) }
}

const MINUTE = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})$/
const COUNT = /^\d{1,6}$/
const count = (cell: string | undefined) => (COUNT.test(cell ?? '') ? Number(cell) : undefined)

/** `minute, gpu, bus, samples, 4 throttle counts, ecc min, ecc max, remap pending, retire pending`. */
export function parseHealthLine(line: string): HealthMinute | undefined {
  if (line.length > 300) return undefined
  const cells = line.split(',').map((cell) => cell.trim())
  const time = MINUTE.exec(cells[0] ?? '')
  const gpu = count(cells[1])
  const samples = count(cells[3])
  const throttled = cells.slice(4, 8).map(count)
  if (cells.length !== 12 || !time || gpu === undefined || gpu > 63 || !samples) return undefined
  if (throttled.some((n) => n === undefined || n > samples)) return undefined
  const [year, month, day, hour, minute] = time.slice(1).map(Number)
  const at = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute)
  if (!Number.isFinite(at)) return undefined
  const ecc = (cell: string | undefined) => (/^\d{1,9}$/.test(cell ?? '') ? Number(cell) : undefined)
  const flag = (cell: string | undefined) => cell === '1'
  return {
    ...{ at, gpu, bus: busKey(cells[2] ?? ''), samples, throttled: throttled as number[] },
    ...{ eccMin: ecc(cells[8]), eccMax: ecc(cells[9]), remapPending: flag(cells[10]), retirePending: flag(cells[11]) },
  }
}

/** `index, bus id` lines (nvidia-smi's csv), at most 64: index to bus. */
function busesOf(lines: readonly string[]): Map<number, string> {
  const gpus = new Map<number, string>()
  for (const line of lines.slice(0, 64)) {
    const [index, bus] = line.split(',').map((cell) => cell.trim())
    const key = busKey(bus ?? '')
    if (/^\d{1,2}$/.test(index ?? '') && key) gpus.set(Number(index), key)
  }
  return gpus
}

/**
 * nvidia-smi's answer at the end. A GPU it cannot reach is named in its error by bus id (`Unable to determine the
 * device handle for GPU0000:3B:00.0`): one of this sandbox's, even where no sample ever showed it.
 */
function parseNow(status: number, lines: string[]): FaultSections['now'] {
  const named = lines
    .slice(0, 64)
    .flatMap((line) => [...line.matchAll(/\bGPU ?([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])\b/g)])
    .flatMap((found) => busKey(found[1] ?? '') ?? [])
  const said = (lines.find((line) => line.trim() !== '') ?? '').slice(0, 200)
  return { status, gpus: busesOf(lines), said, named: [...new Set(named)] }
}

/** The sections after the samples' own: `== health.csv`, `== xid <how>`, `== gpus <status>`. */
export function parseFaultSections(text: string): FaultSections {
  const found: FaultSections = { kernelLog: undefined, xids: [], health: [], buses: new Map(), now: undefined }
  let part: 'health' | 'xid' | 'gpus' | 'buses' | undefined
  let gpusStatus: number | undefined
  const gpuLines: string[] = []
  const busLines: string[] = []
  for (const line of text.split('\n')) {
    const heading = /^== (health\.csv|xid|gpus|buses)(?: (\S{1,20}))?$/.exec(line)
    if (heading) {
      part = heading[1] === 'health.csv' ? 'health' : (heading[1] as 'xid' | 'gpus' | 'buses')
      if (part === 'xid' && SOURCES.has(heading[2] ?? '')) found.kernelLog = heading[2]
      if (part === 'gpus') gpusStatus = /^\d{1,3}$/.test(heading[2] ?? '') ? Number(heading[2]) : 255
      continue
    }
    if (line.startsWith('== ')) part = undefined
    else if (part === 'health' && found.health.length < MAX_HEALTH_LINES) {
      const minute = parseHealthLine(line)
      if (minute) found.health.push(minute)
    } else if (part === 'xid' && found.kernelLog && found.xids.length < XID_LINES) {
      const event = parseXidLine(line)
      if (event) found.xids.push(event)
    } else if (part === 'gpus') gpuLines.push(line)
    else if (part === 'buses') busLines.push(line)
  }
  found.buses = busesOf(busLines)
  if (gpusStatus !== undefined) found.now = parseNow(gpusStatus, gpuLines)
  return found
}
