/** What the benchmark sections share: arguments, statistics, formatting, and request counts. */
import { spawn } from 'node:child_process'
import { routeOf, type RecordedRequest } from '../../emulator/emulator.ts'
import type { RecordingCore } from '../../test/harness/fakes.ts'

export function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? process.argv[index + 1] : undefined
}

// Limits high enough that only the matrix section meets the real ones.
export const UNLIMITED = { startStopLimit: 1_000_000, getListLimit: 1_000_000 }

export const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN
}
export const median = (values: number[]) => quantile(values, 0.5)
export const ms = (value: number) => `${Math.round(value)} ms`
export const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`
export const log = (message: string) => console.error(`[bench] ${message}`)

export async function timeProcess(args: string[]): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, args, { stdio: 'ignore' })
  await new Promise((resolve) => child.on('exit', resolve))
  return performance.now() - started
}

/** 'POST /sandboxes/:id/stop' and the like: what requests are counted by. */
export const routeKey = (r: RecordedRequest) => `${r.method} ${routeOf(r.path)}`

export function countBy(requests: RecordedRequest[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const r of requests) counts[routeKey(r)] = (counts[routeKey(r)] ?? 0) + 1
  return counts
}

/** When a step's core first sets `sandbox-id` (performance.now(); 0 until it does): a step's time to its sandbox. */
export function sandboxIdTime(core: Pick<RecordingCore, 'setOutput'>): () => number {
  let at = 0
  const setOutput = core.setOutput
  core.setOutput = (name, value) => {
    if (name === 'sandbox-id') at ||= performance.now()
    setOutput(name, value)
  }
  return () => at
}
