/**
 * Streams the run's output into the step log live, line by line. Each
 * connection asks for the output from the last byte received; when one drops,
 * the next resumes there, so no line is lost or shown twice. A partial line
 * waits (across reconnections) until its newline arrives or the job ends.
 */
import { backoffDelay, type BackoffOptions } from '../client/retry.ts'
import type { Clock } from '../runtime/clock.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { MARK } from './scripts.ts'
import { SSH_CONNECTION_FAILED } from './ssh-command.ts'

/** One connection's worth of output from `offset` on. */
export interface OutputStream {
  onData(listener: (chunk: Buffer) => void): void
  /** ssh's exit status and stderr, once the connection has closed. */
  finished: Promise<{ code: number; stderr: string }>
}

export type OpenStream = (offset: number) => OutputStream

/** How the job ended: its exit status, or gone without one (the sandbox lost it). */
export type JobEnd = { status: number } | { lost: true }

/** Bytes in, whole lines out; a line longer than this is shown in pieces rather than held. */
const MAX_LINE_BYTES = 64 * 1024

export class LineSplitter {
  private pending = Buffer.alloc(0)
  private readonly emit: (line: string) => void
  constructor(emit: (line: string) => void) {
    this.emit = emit
  }

  push(chunk: Buffer): void {
    let data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk
    for (let newline = data.indexOf(0x0a); newline >= 0; newline = data.indexOf(0x0a)) {
      this.emitLine(data.subarray(0, newline))
      data = data.subarray(newline + 1)
    }
    while (data.length >= MAX_LINE_BYTES) {
      this.emitLine(data.subarray(0, MAX_LINE_BYTES))
      data = data.subarray(MAX_LINE_BYTES)
    }
    this.pending = Buffer.from(data)
  }

  /** The last line, when the output did not end with a newline. */
  flush(): void {
    if (this.pending.length > 0) this.emitLine(this.pending)
    this.pending = Buffer.alloc(0)
  }

  private emitLine(bytes: Buffer): void {
    const text = bytes.toString('utf8')
    this.emit(text.endsWith('\r') ? text.slice(0, -1) : text)
  }
}

export interface FollowOptions {
  clock: Clock
  signal?: AbortSignal
  log: (message: string) => void
  /** How long to keep reconnecting while no connection gets through. */
  reconnectForMs: number
  /**
   * Asked while connections fail (at most every CHECK_EVERY_MS): why the
   * sandbox is gone (its TTL ended, it was stopped), or undefined while it
   * lives or cannot be told. A gone sandbox ends the follow at once.
   */
  sandboxGone?: () => Promise<string | undefined>
}

/** Reconnecting: 0.25 to 5 s between attempts (equal jitter). */
const RECONNECT_BACKOFF: BackoffOptions = { baseDelayMs: 500, maxDelayMs: 5_000 }

/** How often a failing follow asks whether the sandbox is still there. */
export const CHECK_EVERY_MS = 10_000

/** The job's end, read from the follow script's last stderr line. */
export function parseJobEnd(stderr: string): JobEnd | undefined {
  const match = new RegExp(`^${MARK} (exit (\\d{1,3})|lost)$`, 'm').exec(stderr)
  if (!match) return undefined
  return match[2] !== undefined ? { status: Number(match[2]) } : { lost: true }
}

function lastLine(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '')
  return lines.length > 0 ? `: ${serviceText(lines.at(-1))}` : ''
}

/** Follows the output to the job's end, reconnecting from the last byte shown. */
export async function followOutput(open: OpenStream, lines: LineSplitter, options: FollowOptions): Promise<JobEnd> {
  const { clock, signal, log } = options
  let offset = 0
  let failingSince: number | undefined
  let retries = 0
  let checkedAt = Number.NEGATIVE_INFINITY
  for (;;) {
    let progressed = false
    const stream = open(offset)
    stream.onData((chunk) => {
      offset += chunk.length
      progressed = true
      lines.push(chunk)
    })
    const { code, stderr } = await stream.finished
    const end = parseJobEnd(stderr)
    if (end) {
      lines.flush()
      return end
    }
    signal?.throwIfAborted()
    if (stderr.includes(`${MARK} no job`))
      throw new Error(
        'run: the job is not on the sandbox any more (its files are gone); the sandbox may have been replaced',
      )
    if (progressed) {
      failingSince = undefined
      retries = 0
    }
    failingSince ??= clock.now()
    if (!progressed && options.sandboxGone && clock.now() - checkedAt >= CHECK_EVERY_MS) {
      checkedAt = clock.now()
      const gone = await options.sandboxGone()
      if (gone)
        throw new Error(
          `run: the SSH connection to the job dropped and the sandbox is gone ` +
            `(${gone}); the script's result is unknown`,
        )
    }
    if (clock.now() - failingSince >= options.reconnectForMs) {
      throw new Error(
        `run: lost the SSH connection to the job and could not reconnect for ` +
          `${Math.round(options.reconnectForMs / 1000)} s${lastLine(stderr)}`,
      )
    }
    const why = code === SSH_CONNECTION_FAILED ? 'dropped' : `ended (${code})`
    log(`run: the SSH connection ${why}${lastLine(stderr)}; reconnecting, resuming after byte ${offset}.`)
    await clock.sleep(backoffDelay(++retries, clock.random(), RECONNECT_BACKOFF), signal)
  }
}
