/**
 * Step outputs that carry what the service said. GitHub allows 1 MiB for all
 * outputs of a step together, and the service decides how long a record is:
 * each such output has its own share of that, and a longer value is cut to
 * fit and says so.
 */
import type { ActionCore } from '../runtime/core.ts'
import type { OutputName } from '../runtime/output-names.ts'

/** GitHub's limit for all outputs of one step. */
export const STEP_OUTPUTS_LIMIT_BYTES = 1024 * 1024

/** Shares of the limit; together with the small outputs they stay well under it. */
export const OUTPUT_BUDGET_BYTES = {
  sandbox: (STEP_OUTPUTS_LIMIT_BYTES * 3) / 4,
  'network-policy': STEP_OUTPUTS_LIMIT_BYTES / 8,
  text: 1024,
} as const

const CUT_STRING_BYTES = 1024
const MAX_DROPPED_NAMES = 50
const NOTE_RESERVE_BYTES = 8 * 1024

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

function cutString(text: string, limit: number): string {
  if (bytes(text) <= limit) return text
  return `${Buffer.from(text)
    .subarray(0, limit)
    .toString('utf8')
    .replace(/\uFFFD$/, '')}…`
}

export interface FittedJson {
  json: string
  cut: boolean
  originalBytes: number
}

/**
 * JSON of `value` in at most `limit` bytes. An object too long keeps its
 * fields in order while they fit (long strings shortened), drops the rest,
 * and carries `_truncated` with the original size and the dropped fields.
 */
export function fitJson(value: unknown, limit: number): FittedJson {
  const json = JSON.stringify(value) ?? 'null'
  const originalBytes = bytes(json)
  if (originalBytes <= limit) return { json, cut: false, originalBytes }
  const dropped: string[] = []
  let droppedCount = 0
  const kept: Record<string, unknown> = {}
  // Room for `_truncated`: at most MAX_DROPPED_NAMES names of at most 64 bytes each.
  let room = limit - NOTE_RESERVE_BYTES
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, field] of Object.entries(value)) {
      const candidate = typeof field === 'string' ? cutString(field, CUT_STRING_BYTES) : field
      const size = bytes(`${JSON.stringify(key)}:${JSON.stringify(candidate) ?? 'null'},`)
      if (size <= room) {
        kept[key] = candidate
        room -= size
      } else {
        droppedCount++
        if (dropped.length < MAX_DROPPED_NAMES) dropped.push(cutString(key, 64))
      }
    }
  }
  const note = {
    original_bytes: originalBytes,
    limit_bytes: limit,
    reason: "cut to fit GitHub's 1 MiB limit for a step's outputs",
    dropped,
    dropped_count: droppedCount,
  }
  return { json: JSON.stringify({ ...kept, _truncated: note }), cut: true, originalBytes }
}

/** Sets a JSON output cut to its share, with a warning when it was cut. */
export function setJsonOutput(
  core: Pick<ActionCore, 'setOutput' | 'warning'>,
  name: 'sandbox' | 'network-policy',
  value: unknown,
): void {
  const fitted = fitJson(value, OUTPUT_BUDGET_BYTES[name])
  if (fitted.cut) {
    core.warning(
      `The '${name}' output was cut from ${fitted.originalBytes} to at most ` +
        `${OUTPUT_BUDGET_BYTES[name]} bytes to fit GitHub's 1 MiB limit for ` +
        `a step's outputs; its '_truncated' field lists what was dropped.`,
    )
  }
  core.setOutput(name, fitted.json)
}

/** A one-line text output from the service (status, name), cut to a short length. */
export function setTextOutput(core: Pick<ActionCore, 'setOutput'>, name: OutputName, value: string): void {
  core.setOutput(name, cutString(value, OUTPUT_BUDGET_BYTES.text))
}
