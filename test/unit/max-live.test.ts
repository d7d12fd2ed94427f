/**
 * max-live under a race (issue 31): 20 jobs start at the same moment against
 * the emulator with max-live: 3. Sampled from the emulator every few
 * milliseconds, never more than 3 of this repository's sandboxes are ready at
 * once, and all 20 jobs finish. In process, on a clock whose waits are 20
 * times shorter (the emulator's times are real).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import type { StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { runStart } from '../../src/start/main.ts'
import { realClock, type Clock } from '../../src/runtime/clock.ts'
import { waitForRoom } from '../../src/sandbox/live-limit.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

let emulator: Emulator | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

const fast: Clock = { ...realClock, sleep: (ms, signal) => realClock.sleep(ms / 20, signal) }
const JOBS = 20
const MAX = 3

async function service() {
  emulator = new Emulator({
    generation: 'current',
    // A real start takes tens of seconds, so a job's recount right after its start (a list and, beyond the limit,
    // a stop) lands before its sandbox is ready. Here that is an event, not a margin of time (on a loaded machine a
    // recount took seconds): a sandbox turns ready only once a list showed it and a request then named it.
    provisioningMs: 1_000,
    provisioningJitterMs: 500,
    readyAfterRecount: true,
    startStopLimit: 10_000,
    getListLimit: 100_000,
  })
  const baseUrl = await emulator.start()
  return { baseUrl, client: new ComputeClient({ baseUrl, apiToken: emulator.token, requestTimeoutMs: 10_000 }) }
}

function config(baseUrl: string, run: number, extra: Record<string, string> = {}): StartConfig {
  const inputs: Record<string, string> = {
    'api-token': 'emulator-token-0123456789abcdef',
    'base-url': baseUrl,
    'max-live': String(MAX),
    'capacity-timeout': '10m',
    ...extra,
  }
  return parseInputs((name) => inputs[name] ?? '', {
    repositoryId: '7',
    runId: String(run),
    runAttempt: '1',
  }) as StartConfig
}

describe('max-live', () => {
  it(`${JOBS} jobs racing against max-live: ${MAX}: never more than ${MAX} ready at once, and all finish`, async () => {
    const { baseUrl, client } = await service()
    let most = 0
    const sampler = setInterval(() => {
      const ready = emulator?.sandboxes.filter((s) => s.status === 'running' && s.name.startsWith('gh-7-')) ?? []
      most = Math.max(most, ready.length)
    }, 3)
    const job = async (run: number) => {
      const core = recordingCore()
      await runStart(config(baseUrl, run), { core, client, clock: fast, signal: new AbortController().signal })
      // Used for a while (so the limit is reached), then stopped (the post step).
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await client.stopSandbox(core.state['sandbox-id'] ?? '')
      return core
    }
    const cores = await Promise.all(Array.from({ length: JOBS }, (_, i) => job(1000 + i)))
    clearInterval(sampler)
    console.log(`max-live race: at most ${most} ready at once`)
    // The limit was reached (the jobs did hold 3 at once), and never passed.
    expect(most).toBe(MAX)
    expect(cores).toHaveLength(JOBS)
    // The race was real: jobs that started together found themselves beyond the limit and stopped their own.
    const beyond = cores.filter((core) => core.log.some((line) => /^max-live 3: sbx-\w+ is number \d+ of/.test(line)))
    expect(beyond.length).toBeGreaterThan(0)
    expect(emulator?.sandboxes.length).toBe(
      JOBS + beyond.reduce((n, core) => n + core.log.filter((l) => /is number \d+ of/.test(l)).length, 0),
    )
    expect(emulator?.sandboxes.every((s) => s.status === 'stopped')).toBe(true)
  }, 60_000)

  it('waits with a line a minute, then fails at capacity-timeout naming max-live, with nothing started', async () => {
    const { client } = await service()
    for (let i = 0; i < MAX; i++) emulator?.seed(`gh-7-10${i}-1-abcdef`)
    const core = recordingCore()
    const clock = new FakeClock()
    const ctx = { client, clock, signal: new AbortController().signal, log: (m: string) => core.info(m) }
    await expect(waitForRoom(ctx, { max: MAX, repositoryId: '7' }, clock.now() + 5 * 60_000)).rejects.toThrow(
      /^max-live 3: 3 sandboxes of this repository were still live after waiting 4m\d+s \(capacity-timeout\); nothing was started\./,
    )
    expect(
      core.log.filter((line) => line.startsWith('max-live 3: 3 sandboxes of this repository are live')),
    ).toHaveLength(5)
    expect(emulator?.requestsTo('POST', '/sandboxes/start')).toEqual([])
  })
})
