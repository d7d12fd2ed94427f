/** Test doubles: a clock that never waits, and an ActionCore that records everything. */
import { vi } from 'vitest'
import type { Clock } from '../../src/runtime/clock.ts'
import type { ActionCore } from '../../src/runtime/core.ts'

export class FakeClock implements Clock {
  time = 1_000_000
  readonly sleeps: number[] = []
  private readonly randoms: number[]
  constructor(randoms: number[] = []) {
    this.randoms = randoms
  }
  now(): number {
    return this.time
  }
  random(): number {
    return this.randoms.length > 0 ? (this.randoms.shift() as number) : 0.5
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted()
    this.sleeps.push(ms)
    this.time += ms
    // Let pending I/O (msw handlers) run between "waits".
    await new Promise((resolve) => setImmediate(resolve))
  }
}

export interface RecordingCore extends ActionCore {
  inputs: Record<string, string>
  outputs: Record<string, string>
  state: Record<string, string>
  secrets: string[]
  log: string[]
  /** Debug lines (shown with step debug logging), kept apart from the log. */
  debugs: string[]
  failed: string[]
  summaries: string[]
  annotations: { level: string; message: string }[]
}

export function recordingCore(inputs: Record<string, string> = {}, state: Record<string, string> = {}): RecordingCore {
  const core: RecordingCore = {
    inputs,
    outputs: {},
    state: { ...state },
    secrets: [],
    log: [],
    debugs: [],
    failed: [],
    summaries: [],
    annotations: [],
    getInput: (name: string) => inputs[name] ?? '',
    setOutput: (name: string, value: unknown) => {
      core.outputs[name] = String(value)
    },
    setFailed: (message: string | Error) => {
      core.failed.push(String(message))
    },
    setSecret: (secret: string) => {
      core.secrets.push(secret)
    },
    saveState: (name: string, value: unknown) => {
      core.state[name] = String(value)
    },
    getState: (name: string) => core.state[name] ?? '',
    info: (message: string) => {
      core.log.push(message)
    },
    debug: (message: string) => {
      core.debugs.push(message)
    },
    notice: (message: string | Error) => {
      core.annotations.push({ level: 'notice', message: String(message) })
    },
    warning: (message: string | Error) => {
      core.annotations.push({ level: 'warning', message: String(message) })
    },
    error: (message: string | Error) => {
      core.annotations.push({ level: 'error', message: String(message) })
    },
    startGroup: (name: string) => {
      core.log.push(`::group::${name}`)
    },
    endGroup: () => {
      core.log.push('::endgroup::')
    },
    programLine: (line: string) => {
      core.log.push(line)
    },
    appendSummary: async (markdown: string) => {
      core.summaries.push(markdown)
    },
  }
  return core
}

/**
 * What a step run in process prints, captured for the current test (vi.restoreAllMocks ends it).
 * Every test starts from a passing step: setFailed sets process.exitCode.
 */
export function captureStepOutput(): string[] {
  process.exitCode = 0
  const written: string[] = []
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk))
    return true
  })
  return written
}
