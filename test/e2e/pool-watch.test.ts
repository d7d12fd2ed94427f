/**
 * A keeper with pool-watch against odd answers, in process on a clock 20 times faster than real time (pool-watch 1m is
 * 3 s here, a look every 0.1 s): a start the service refuses is not asked again at every look (it would spend the
 * organization's 30 starts a minute); sandboxes it cannot reach over SSH, and starts a lagging list does not show yet,
 * are not started again at every look. Each would start pool-size more at each of its 30 looks without its guard.
 */
import { describe, expect, it } from 'vitest'
import { compressed } from '../../scripts/bench/pool-time.ts'
import { runMain } from '../../src/main.ts'
import { recordingCore } from '../harness/fakes.ts'
import { makeClient, poolReady, poolSteps } from '../harness/pool-steps.ts'
import { canRun, inputs, job, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()

const steps = poolSteps(8000)
const KEEPER = { mode: 'pool', pool: 'ci', 'pool-size': '1', 'pool-watch': '1m', 'gpu-type': 'A100' }

/** A keeper on a clock 20 times faster than real time; its core once it ended by itself. */
async function watch(extra: Record<string, string> = {}) {
  const core = recordingCore(inputs({ ...KEEPER, ...extra }))
  const env = steps.environment(1, 'push')
  const keeping = runMain({ core, clock: compressed(20), makeClient, signal: new AbortController().signal, env })
  return { core, keeping }
}

describe.skipIf(!canRun)('a watching keeper against odd answers', () => {
  it('a refused start is asked again after a backoff, not at every look', async () => {
    const service = await startEmulator({ capacity: { A100: 0 } })
    const { core, keeping } = await watch()
    await keeping
    expect(core.failed).toEqual([])
    const looks = Number(/pool-watch is over after (\d+) looks/.exec(core.log.join('\n'))?.[1])
    expect(looks).toBeGreaterThan(10)
    // 10 s, 20 s, 40 s of backoff in the minute: at most 4 starts, where every look would have asked.
    const starts = service.requestsTo('POST', '/sandboxes/start').length
    expect(starts).toBeGreaterThanOrEqual(2)
    expect(starts).toBeLessThanOrEqual(4)
    expect(core.log.filter((line) => line.includes('could not be started')).length).toBe(starts)
  }, 60_000)

  it('a pool it cannot reach over SSH, or a list that lags its starts, gets no start at every look', async () => {
    const service = await startEmulator({ listLagMs: 1_000 })
    const { core, keeping } = await watch()
    const [id] = await poolReady(service, 1)
    // The list left the new sandbox out for its first second: 10 looks that did not see it started nothing more.
    expect(service.sandboxes.filter((s) => s.name.startsWith('gp-'))).toHaveLength(1)
    service.sshService?.refuseNewConnections()
    await keeping
    expect(core.failed).toEqual([])
    // Every later look could not ask the ready one whether it is claimed: on its way, never a reason to start more.
    expect(service.sandboxes.filter((s) => s.name.startsWith('gp-')).map((s) => s.id)).toEqual([id])
    await makeClient({ baseUrl: job.baseUrl, apiToken: service.token }).stopSandbox(id ?? '')
    expect(await service.settle()).toEqual([])
  }, 60_000)
})
