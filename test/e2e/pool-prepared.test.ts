/**
 * The prepared pool in process (runMain, runPost) against the emulator as deployed with a real sshd per sandbox (each
 * sandbox a home of its own, so a file the preparation wrote is found only on the sandbox it was written on): a push
 * keeper prepares the pull requests' pool; a pull request's job claims one and its `run` finds the prepared files;
 * another key is never claimed (the job prepares its own); a pull request's step never starts a prepared pool's
 * sandbox; a failed preparation is stopped and never claimed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Emulator } from '../../emulator/emulator.ts'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compressed } from '../../scripts/bench/pool-time.ts'
import { runMain } from '../../src/main.ts'
import { runPost } from '../../src/post.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { recordingCore, type RecordingCore } from '../harness/fakes.ts'
import { makeClient, poolReady, poolSteps, type PoolEvent } from '../harness/pool-steps.ts'
import { canRun, inputs, job, sleep, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
// The action finds ~/.ssh/config by HOME: the job's own, never this machine's.
beforeEach(() => vi.stubEnv('HOME', job.home))
afterEach(() => vi.unstubAllEnvs())

const steps = poolSteps(7000)
const main = (extra: Record<string, string>, run: number, event: PoolEvent = 'pull_request') =>
  steps.main(extra, run, event)
const post = (given: RecordingCore, event: PoolEvent = 'pull_request') => steps.post(given, event)

/** Writes the environment's files (what pip and a model download would) and says so. */
const PREPARE = 'mkdir -p "$HOME/env" && echo "torch 2.6" > "$HOME/env/ready" && echo prepared-here'
const PREPARED = { pool: 'ci', 'pool-prepare': PREPARE, 'pool-key': 'lock-1' }
const KEEPER = { ...PREPARED, mode: 'pool', 'pool-for': 'pull-requests', 'max-live': '8' }
const RUN = { ...PREPARED, 'pool-size': '0', run: 'cat "$HOME/env/ready"', upload: 'package.json' }

const poolNames = (service: Emulator) => service.sandboxes.filter((s) => s.name.startsWith('gp-')).map((s) => s.id)

describe.skipIf(!canRun)('the prepared pool in process', () => {
  it("a keeper prepares; a pull request's job claims one and finds its files; another key prepares its own", async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    const keeper = await main({ ...KEEPER, 'pool-size': '2' }, 1, 'push')
    expect(keeper.failed).toEqual([])
    const pooled = await poolReady(service, 2)
    for (const id of pooled)
      expect(keeper.log).toContain(
        `Pool 'ci': preparing ${id} (pool-prepare; its output follows, each line after its id).`,
      )
    expect(keeper.log.filter((line) => line.endsWith(': prepared-here'))).toHaveLength(2)
    expect(JSON.parse(keeper.outputs.pool ?? '{}').ready.sort()).toEqual([...pooled].sort())
    expect(keeper.summaries.join('')).toMatch(/Prepared by this step \| 2 \(failed 0, ended unfinished 0\)/)

    const claimed = await main({ ...RUN, 'ssh-alias': 'job-2' }, 2)
    expect(claimed.failed).toEqual([])
    expect(claimed.outputs['pool-claimed']).toBe('true')
    expect(pooled).toContain(claimed.outputs['sandbox-id'])
    expect(claimed.log).toContain('torch 2.6')
    expect(claimed.log.join('\n')).not.toContain('pool-prepare runs on')

    const started = poolNames(service).length
    const other = await main({ ...RUN, 'pool-key': 'lock-2', 'ssh-alias': 'job-3' }, 3)
    expect(other.failed).toEqual([])
    expect(other.outputs['pool-claimed']).toBe('false')
    expect(other.log).toContain(
      `Pool: no prepared sandbox was claimed, so pool-prepare runs on ${other.outputs['sandbox-id']} first; its output follows.`,
    )
    expect(other.log).toEqual(expect.arrayContaining(['prepared-here', 'torch 2.6']))
    // A pull request's step starts no sandbox of a prepared pool, whatever its key.
    expect(poolNames(service)).toHaveLength(started)
    expect(other.log.join('\n')).toContain("a pull request's step starts and prepares no sandbox of a prepared pool")

    for (const step of [claimed, other]) expect((await post(step)).failed).toEqual([])
    const drain = await main({ ...KEEPER, 'pool-size': '0' }, 4, 'push')
    expect(drain.failed).toEqual([])
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it('a failed preparation is stopped, its last lines shown, never claimed, and the keeper fails', async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    const failing = { ...KEEPER, 'pool-prepare': 'echo "step one"; echo "::error::forged"; exit 3', 'pool-size': '1' }
    const keeper = recordingCore(inputs(failing))
    const env = steps.environment(1, 'push')
    const keeping = runMain({ core: keeper, clock: realClock, makeClient, signal: new AbortController().signal, env })
    // Red, with the last lines as text: a pool whose preparation fails must not pass as a pool of cold starts.
    await expect(keeping).rejects.toThrow(
      /^Pool 'ci': pool-prepare failed on 1 of the pool's sandboxes \(each stopped, never claimed\); the last, on sbx-[0-9a-f]+: it exited with 3; its last lines: step one \/ :\u2060:error:\u2060:forged\.$/,
    )
    const [id = ''] = poolNames(service)
    expect(keeper.log.join('\n')).toContain(
      `Pool 'ci': the preparation of ${id} did not succeed (it exited with 3); it is stopped.`,
    )
    expect(keeper.log).toContain(`${id}: step one`)
    expect(JSON.parse(keeper.outputs.pool ?? '{}')).toMatchObject({ ready: [], stopped: [id] })
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it('a watching keeper whose preparation fails 3 times in a row starts no more and fails', async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    const failing = { ...KEEPER, 'pool-prepare': 'echo "no lock file"; exit 1', 'pool-size': '1', 'pool-watch': '1h' }
    // On a clock 60 times faster: an hour is a minute here, where every look would start another.
    const core = recordingCore(inputs(failing))
    const env = steps.environment(1, 'push')
    const keeping = runMain({ core, clock: compressed(60), makeClient, signal: new AbortController().signal, env })
    await expect(keeping).rejects.toThrow(
      /^Pool 'ci': pool-prepare failed 3 times in a row without a success, so no more sandboxes are started; the last, on sbx-[0-9a-f]+: it exited with 1; its last lines: no lock file\.$/,
    )
    expect(poolNames(service)).toHaveLength(3)
    expect(core.log).toContain("Pool 'ci': 3 preparations failed in a row: no more are started; the keeper ends.")
    // Nothing half-prepared and nothing left: each failed one was stopped.
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it('a keeper killed mid-preparation leaves nothing claimable; its post step stops what it left', async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    // Every sandbox runs on this machine: a file in /tmp tells the preparation to take long.
    // Where the sandboxes' login user (ubuntu where the emulator can make it) can see it.
    const shared = mkdtempSync(join(tmpdir(), 'pool-prepared-flag-'))
    chmodSync(shared, 0o755)
    const slow = join(shared, 'slow')
    writeFileSync(slow, '')
    const script = `echo begun; while [ -f '${slow}' ]; do sleep 0.2; done; echo done`
    const killed = new AbortController()
    const core = recordingCore(inputs({ ...KEEPER, 'pool-prepare': script, 'pool-size': '1' }))
    const env = steps.environment(1, 'push')
    const keeping = runMain({ core, clock: realClock, makeClient, signal: killed.signal, env }).catch(String)
    for (let k = 0; k < 200 && !core.log.some((line) => line.endsWith(': begun')); k++) await sleep(50)
    killed.abort(new Error('cancelled'))
    await keeping
    const [id = ''] = poolNames(service)
    expect(JSON.parse(core.state['pool-preparing'] ?? '{}').pending).toMatchObject([{ id }])
    rmSync(shared, { recursive: true })

    const own = await main({ ...RUN, 'pool-prepare': script, run: 'echo ok', 'ssh-alias': 'job-2' }, 2)
    expect(own.outputs['pool-claimed']).toBe('false')
    expect(own.log.join('\n')).toContain('could be claimed (1 still being prepared)')
    expect(own.log).toContain(`Pool 'ci': ${id} not claimed: its preparation has not succeeded yet.`)

    const keeperPost = recordingCore(core.inputs, core.state)
    await runPost({ core: keeperPost, clock: realClock, makeClient, env })
    expect(keeperPost.log).toContain(`Pool: ${id} was left half-prepared by the main step; stopped.`)
    expect((await post(own)).failed).toEqual([])
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it('a keeper with pool-watch replaces a claimed sandbox at its next looks, then ends by itself', async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    // The keeper's clock runs 6 times faster: pool-watch 3m is 30 s here (room for a loaded machine's claim), a look
    // every 0.33 s.
    const clock = compressed(6)
    const core = recordingCore(inputs({ ...KEEPER, 'pool-size': '1', 'pool-watch': '3m' }))
    const env = steps.environment(1, 'push')
    const keeping = runMain({ core, clock, makeClient, signal: new AbortController().signal, env })
    for (let k = 0; k < 2400 && !core.log.some((line) => / prepared in /.test(line)); k++) await sleep(25)
    const claimed = await main({ ...RUN, 'ssh-alias': 'job-2' }, 2)
    expect(claimed.outputs['pool-claimed']).toBe('true')
    let replacement: string | undefined
    for (let k = 0; k < 2400 && !replacement; k++, await sleep(25))
      replacement = poolNames(service).find((id) => id !== claimed.outputs['sandbox-id'])
    await keeping
    expect(core.failed).toEqual([])
    const log = core.log.join('\n')
    // Started by the keeper's own looks (benchmark section 16 measures how soon: a look every 2 s in real time).
    const started = "Pool 'ci': 0 ready and unclaimed, 0 starting, pool-size 1: started 1."
    expect(core.log.filter((line) => line === started)).toHaveLength(2)
    expect(log).toMatch(/pool-watch is over after \d+ looks/)
    // Prepared before the watch ended, or ended with it: nothing half-prepared either way (a loaded machine).
    if (log.includes(`Pool 'ci': ${replacement} prepared in `))
      expect(JSON.parse(core.outputs.pool ?? '{}')).toMatchObject({ ready: [replacement], starting: [] })
    else {
      expect(log).toContain("Pool 'ci': 1 preparation(s) still under way: ended, stopped.")
      expect(JSON.parse(core.outputs.pool ?? '{}')).toMatchObject({ ready: [], starting: [], stopped: [replacement] })
    }
    expect((await post(claimed)).failed).toEqual([])
    await main({ ...KEEPER, 'pool-size': '0' }, 3, 'push')
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it("mode pool with pool-prepare on a pull request's step is refused before any request", async () => {
    const service = await startEmulator()
    await expect(main({ ...KEEPER, 'pool-size': '1' }, 1, 'pull_request')).rejects.toThrow(
      "Input 'pool-prepare': is set in mode 'pool' on a step that runs a pull request's code (the pull_request event)",
    )
    expect(service.requests).toEqual([])
  }, 60_000)
})
