/** Byte-size inputs (`download-limit`): `2GiB`, `512MiB`, `100KiB`, `1.5GiB`, or plain bytes. */
import { z } from 'zod'
import { refuse } from './refuse.ts'

const UNITS: Record<string, number> = { b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 }
const SIZE = /^(\d+(?:\.\d+)?)\s*([A-Za-z]*)$/
const MAX_BYTES = 1024 ** 4

/** Bytes for `raw`, or undefined when it is not a size in B, KiB, MiB or GiB. */
export function parseBytes(raw: string): number | undefined {
  const match = SIZE.exec(raw.trim())
  if (!match) return undefined
  const unit = UNITS[(match[2] || 'b').toLowerCase()]
  return unit === undefined ? undefined : Math.floor(Number(match[1]) * unit)
}

/** A size for a message: `1 MiB`, `2.5 GiB`, `512 B`. */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`
  }
  return `${bytes} B`
}

export const byteSize = z.string().transform((raw, ctx) => {
  const bytes = parseBytes(raw)
  if (bytes === undefined || bytes < 1 || bytes > MAX_BYTES) {
    return refuse(
      ctx,
      `must be a size from 1 B to 1024 GiB, in B, KiB, MiB or GiB (e.g. ` +
        `2GiB, 500MiB); got '${raw.trim().slice(0, 40)}'`,
    )
  }
  return bytes
})
