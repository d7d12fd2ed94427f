/** Live output with resumption: bytes in, lines out, reconnecting from the last byte shown. */
import { describe, expect, it } from 'vitest'
import { followOutput, LineSplitter, parseJobEnd, type OutputStream } from '../../src/remote/follow.ts'
import { FakeClock } from '../harness/fakes.ts'

/** A scripted connection: once listened to, these chunks, then this exit status and stderr. */
function stream(chunks: (string | Buffer)[], code: number, stderr = ''): OutputStream {
  let opened: (listener: (chunk: Buffer) => void) => void = () => {}
  const listening = new Promise<(chunk: Buffer) => void>((resolve) => (opened = resolve))
  return {
    onData: (listener) => opened(listener),
    finished: (async () => {
      const listener = await listening
      for (const chunk of chunks) listener(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
      return { code, stderr }
    })(),
  }
}

function follow(
  connections: OutputStream[],
  options: { reconnectForMs?: number; signal?: AbortSignal; sandboxGone?: () => Promise<string | undefined> } = {},
) {
  const offsets: number[] = []
  const lines: string[] = []
  const log: string[] = []
  const clock = new FakeClock()
  const open = (offset: number) => {
    offsets.push(offset)
    const next = connections.shift()
    if (!next) throw new Error('no more connections scripted')
    return next
  }
  const result = followOutput(open, new LineSplitter((line) => lines.push(line)), {
    clock,
    log: (m) => log.push(m),
    reconnectForMs: options.reconnectForMs ?? 300_000,
    signal: options.signal,
    sandboxGone: options.sandboxGone,
  })
  return { result, offsets, lines, log, clock }
}

describe('LineSplitter', () => {
  it('joins lines split across chunks, multi-byte characters too, and drops the \\r of \\r\\n', () => {
    const lines: string[] = []
    const splitter = new LineSplitter((line) => lines.push(line))
    const euro = Buffer.from('€')
    splitter.push(Buffer.from('one\r\ntw'))
    splitter.push(Buffer.concat([Buffer.from('o '), euro.subarray(0, 1)]))
    splitter.push(Buffer.concat([euro.subarray(1), Buffer.from('\n\nlast')]))
    expect(lines).toEqual(['one', 'two €', ''])
    splitter.flush()
    expect(lines).toEqual(['one', 'two €', '', 'last'])
  })

  it('shows a very long line in 64 KiB pieces instead of holding it', () => {
    const lines: string[] = []
    const splitter = new LineSplitter((line) => lines.push(line))
    splitter.push(Buffer.alloc(64 * 1024 + 10, 'x'))
    expect(lines.map((l) => l.length)).toEqual([64 * 1024])
  })
})

describe('followOutput', () => {
  it('reads the end from the follow script: exit status or lost', () => {
    expect(parseJobEnd('gpu-sandbox-run: exit 3\n')).toEqual({ status: 3 })
    expect(parseJobEnd('Connection closed\ngpu-sandbox-run: lost\n')).toEqual({ lost: true })
    expect(parseJobEnd('exit 3')).toBeUndefined()
  })

  it('resumes after a dropped connection from the last byte received: no line lost or shown twice, a partial line completed', async () => {
    const { result, offsets, lines, log } = follow([
      stream(['line 1\nline 2\nli'], 255, 'Connection to 127.0.0.1 closed by remote host.\n'),
      stream(['ne 3\n', 'line 4\n'], 255, ''),
      stream(['line 5'], 0, 'gpu-sandbox-run: exit 7\n'),
    ])
    expect(await result).toEqual({ status: 7 })
    expect(lines).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5'])
    expect(offsets).toEqual([0, 16, 28])
    expect(log[0]).toBe(
      'run: the SSH connection dropped: Connection to 127.0.0.1 closed by remote host.; reconnecting, resuming after byte 16.',
    )
  })

  it('keeps trying while connections fail, and gives up after the window with no progress', async () => {
    const failing = Array.from({ length: 200 }, () =>
      stream([], 255, 'ssh: connect to host 127.0.0.1 port 22: Connection refused\n'),
    )
    const { result, clock, offsets } = follow(failing, { reconnectForMs: 60_000 })
    await expect(result).rejects.toThrow(
      /lost the SSH connection to the job and could not reconnect for 60 s: ssh: connect to host 127\.0\.0\.1 port 22: Connection refused/,
    )
    expect(offsets.every((offset) => offset === 0)).toBe(true)
    // Backoff grows to 5 s and no further (jitter: half to all of it).
    expect(Math.max(...clock.sleeps)).toBe(3_750)
  })

  it('a connection that brings output resets the window', async () => {
    // Window 1 s: failures at 0 and 0.375 s, output at 1.125 s (past the window, but progress), then a failure and the end.
    const connections = [
      stream([], 255),
      stream([], 255),
      stream(['a\n'], 255),
      stream([], 255),
      stream(['b\n'], 0, 'gpu-sandbox-run: exit 0\n'),
    ]
    const { result, lines, clock } = follow(connections, { reconnectForMs: 1_000 })
    expect(await result).toEqual({ status: 0 })
    expect(lines).toEqual(['a', 'b'])
    expect(clock.sleeps).toEqual([375, 750, 375, 750])
    // The same without the output gives up at 1.125 s.
    const without = follow(
      [stream([], 255), stream([], 255), stream([], 255), stream([], 0, 'gpu-sandbox-run: exit 0\n')],
      { reconnectForMs: 1_000 },
    )
    await expect(without.result).rejects.toThrow(/could not reconnect for 1 s/)
  })

  it('while connections fail, asks at most every 10 s whether the sandbox is gone, and ends at once when it is', async () => {
    const answers: (string | undefined)[] = [undefined, undefined, "status 'finished'"]
    const asked: number[] = []
    const failing = Array.from({ length: 50 }, () => stream([], 255))
    const { result, clock } = follow([stream(['a\n'], 255), ...failing], {
      sandboxGone: async () => {
        asked.push(clock.now())
        return answers.shift()
      },
    })
    await expect(result).rejects.toThrow(
      "run: the SSH connection to the job dropped and the sandbox is gone (status 'finished'); the script's result is unknown",
    )
    // Not after the connection that brought output; then on the first failure and every 10 s or more after.
    expect(asked).toHaveLength(3)
    expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(10_000)
    expect(asked[2]! - asked[1]!).toBeGreaterThanOrEqual(10_000)
  })

  it('a job whose files are gone is an error at once', async () => {
    const { result, offsets } = follow([stream([], 3, 'gpu-sandbox-run: no job\n')])
    await expect(result).rejects.toThrow(/the job is not on the sandbox any more/)
    expect(offsets).toEqual([0])
  })

  it('cancellation ends it without another connection', async () => {
    const controller = new AbortController()
    controller.abort(new Error('cancelled by SIGTERM'))
    const { result, offsets } = follow([stream(['x\n'], 255), stream([], 0, 'gpu-sandbox-run: exit 0\n')], {
      signal: controller.signal,
    })
    await expect(result).rejects.toThrow('cancelled by SIGTERM')
    expect(offsets).toEqual([0])
  })
})
