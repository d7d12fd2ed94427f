/**
 * A prepared pool's keeper for a working day (`pool-watch: 10h`), as a team runs it: in process against the emulator
 * as deployed (an sshd per sandbox), the keeper and the service on a clock 900 times faster than real time (the day
 * is 40 s here), pull requests' jobs claiming at random over it (a seeded Poisson process), each on the real clock.
 * Every preparation is judged by its own start, whatever the keeper's age: a keeper that judged them by its own
 * start saw each new one abandoned after `timeout` + 2 min, started another at each look and stopped preparations
 * still under way as idle.
 */
import { readlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Emulator } from '../../emulator/emulator.ts'
import { arrivals, compressed } from '../../scripts/bench/pool-time.ts'
import { runMain } from '../../src/main.ts'
import { runPost } from '../../src/post.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { recordingCore } from '../harness/fakes.ts'
import { makeClient, poolSteps } from '../harness/pool-steps.ts'
import { canRun, inputs, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()

const SCALE = 900
const DAY_MS = 10 * 3_600_000
const JOBS = 8
const SIZE = 2
const steps = poolSteps(9100)
/** The environment's files, then two minutes of the day (pip and a model download). */
const PREPARE = `mkdir -p "$HOME/env" && echo prepared > "$HOME/env/ready" && sleep ${(120 / SCALE).toFixed(3)}`
const POOL = { pool: 'ci', 'pool-prepare': PREPARE, 'pool-key': 'lock-1', 'pool-idle': '12h', 'max-live': '12' }
/** A preparation's limit: two hours of the day, so one slow SSH connection (seconds here) is never past it. */
const KEEPER = { ...POOL, mode: 'pool', 'pool-for': 'pull-requests', timeout: '2h' }

/** How many pool sandboxes a job claimed, by the claim in each one's own home (the keeper's and preparer's apart). */
function claimedByJobs(service: Emulator): number {
  const claimant = (id: string) => {
    const home = service.sshService?.hostFor(id).home ?? ''
    try {
      return readlinkSync(join(home, '.gpu-sandbox-pool', `claim-${id}`))
    } catch {
      return undefined
    }
  }
  const pool = service.sandboxes.filter((s) => s.name.startsWith('gp-'))
  return pool.filter((s) => /^(?!pool-|prep-)./.test(claimant(s.id) ?? '')).length
}

describe.skipIf(!canRun)('a prepared pool kept for a working day', () => {
  it('starts no more than its claims, failures and pool-size, stops no preparation early, hands out prepared ones', async () => {
    const clock = compressed(SCALE)
    const service = await startEmulator({
      sshHost: { perSandbox: true },
      provisioningMs: 60_000 / SCALE,
      ttlSecondMs: 1000 / SCALE,
      rateClock: clock.now,
      now: clock.now,
    })
    const keeper = recordingCore(inputs({ ...KEEPER, 'pool-size': String(SIZE), 'pool-watch': '10h' }))
    const keeperEnv = steps.environment(0, 'push')
    const signal = new AbortController().signal
    const keeping = runMain({ core: keeper, clock, makeClient, signal, env: keeperEnv })
    const began = Date.now()
    const jobs = await Promise.all(
      arrivals(7, JOBS, DAY_MS - 3_600_000).map(async (at, k) => {
        await realClock.sleep(Math.max(0, clock.real(at + 1_800_000) - (Date.now() - began)))
        const run = {
          ...POOL,
          'pool-size': String(SIZE),
          run: 'cat "$HOME/env/ready"',
          upload: 'package.json',
          'ssh-alias': `day-${k}`,
        }
        const job = await steps.main(run, k + 1, 'pull_request')
        const post = await steps.post(job, 'pull_request')
        return { job, post }
      }),
    )
    await keeping
    const post = recordingCore(keeper.inputs, keeper.state)
    await runPost({ core: post, clock, makeClient, env: keeperEnv })

    for (const { job, post: end } of jobs) {
      expect(job.failed).toEqual([])
      expect(end.failed).toEqual([])
      // Every job finds the prepared environment: a claimed sandbox was prepared, an own one prepared itself.
      expect(job.log).toContain('prepared')
    }
    const claims = jobs.filter(({ job }) => job.outputs['pool-claimed'] === 'true').length
    expect(claims).toBeGreaterThan(0)
    expect(keeper.failed).toEqual([])
    const summary = keeper.summaries.join('')
    const failedPreparations = Number(/Prepared by this step \| \d+ \(failed (\d+),/.exec(summary)?.[1])
    const keeperStarts = service.sandboxes.filter((s) => s.name.startsWith('gp-')).length
    // The keeper replaces every sandbox a job claimed, also one whose job went on without it (its answer came late).
    const claimed = claimedByJobs(service)
    expect(claimed).toBeGreaterThanOrEqual(claims)
    expect(keeperStarts).toBeLessThanOrEqual(claimed + failedPreparations + SIZE)
    // No idle stop in the day (pool-idle is 12h): a preparation stopped as idle was stopped before its limit.
    expect(keeper.log.filter((line) => line.includes('unclaimed past pool-idle'))).toEqual([])
    expect(keeper.log.filter((line) => line.includes('did not succeed (it ran past its limit'))).toEqual([])

    await steps.main({ ...KEEPER, 'pool-size': '0' }, 99, 'push')
    expect(await service.settle()).toEqual([])
  }, 180_000)
})
