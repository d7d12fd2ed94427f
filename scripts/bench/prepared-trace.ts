/**
 * Benchmark section 16's trace: where a claimed job's time to its first run line went, and where a keeper's look that
 * started a replacement went, phase by phase, read from the action's own debug lines (pool/phases.ts) and the step's
 * log as it came (all in real ms: the keeper's compressed milliseconds are scaled back).
 */
import { phasesOf } from '../../src/pool/phases.ts'
import type { RecordingCore } from '../../test/harness/fakes.ts'
import { median, quantile } from './common.ts'

/** Real ms by phase, in the order they came. */
export type Trace = Record<string, number>

/** The phases a claimed job's first run line is made of, in order. */
export const CLAIM_PHASES = ['key', 'list', 'survey', 'link', 'hold', 'access', 'upload', 'job start'] as const
/** The phases of a keeper's look that started a replacement, in order. */
export const LOOK_PHASES = ['renew', 'list', 'idle', 'count', 'survey', 'start'] as const

/**
 * Hooks a job's core before its step runs; after, its claim's trace: the key and certificate before the claim, the
 * claim's own phases, the SSH access and checks until the upload, the upload, and the job's start to its first line.
 */
export function traceJob(core: RecordingCore, began: number, firstLine: string): () => Trace | undefined {
  const at: Partial<Record<'claimed' | 'upload' | 'uploaded' | 'first', number>> = {}
  let claim: ReturnType<typeof phasesOf>
  const { debug, startGroup, info, programLine } = core
  core.debug = (line) => {
    if (line.includes(': the claim took ')) [claim, at.claimed] = [phasesOf(line), performance.now()]
    debug(line)
  }
  core.startGroup = (name) => {
    if (name.startsWith('Upload ')) at.upload ??= performance.now()
    startGroup(name)
  }
  core.info = (line) => {
    if (line.startsWith('Uploaded ')) at.uploaded ??= performance.now()
    info(line)
  }
  core.programLine = (line) => {
    if (line === firstLine) at.first ??= performance.now()
    programLine(line)
  }
  return () => {
    const { claimed, upload, uploaded, first } = at
    if (!claim || !claimed || !upload || !uploaded || !first) return undefined
    return {
      key: claimed - claim.total - began,
      ...claim.phases,
      access: upload - claimed,
      upload: uploaded - upload,
      'job start': first - uploaded,
    }
  }
}

/** Hooks the keeper's core: each look that started a sandbox, its phases in real ms. */
export function traceKeeper(core: RecordingCore, scale: number): Trace[] {
  const looks: Trace[] = []
  const debug = core.debug
  core.debug = (line) => {
    const look = / look \d+ took /.test(line) ? phasesOf(line) : undefined
    if (look && 'start' in look.phases)
      looks.push(Object.fromEntries(Object.entries(look.phases).map(([phase, ms]) => [phase, ms / scale])))
    debug(line)
  }
  return looks
}

const ms = (value: number) => (value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`)

/** One table row: each phase's median / p95 over the traces, and the whole's. */
export function traceRow(label: string, traces: Trace[], phases: readonly string[]): string {
  const cell = (values: number[]) =>
    values.length === 0 ? 'none' : `${ms(median(values))} / ${ms(quantile(values, 0.95))}`
  const cells = phases.map((phase) => cell(traces.map((trace) => trace[phase] ?? 0)))
  const whole = cell(traces.map((trace) => phases.reduce((sum, phase) => sum + (trace[phase] ?? 0), 0)))
  return `| ${label} | ${traces.length} | ${cells.join(' | ')} | ${whole} |`
}
