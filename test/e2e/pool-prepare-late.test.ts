/**
 * A watching keeper of a prepared pool whose sandbox comes late, in process on a clock 20 times faster than real time
 * (a minute is 3 s here, a look every 0.1 s): one whose SSH answers only after the service says it is ready
 * (an sshd that comes up late, or one too busy to answer in time), and one ready only after the keeper's `timeout`.
 * Either used to be given up for good: never prepared, it waited as "on its way" until pool-idle, counted from its
 * creation, stopped it, and the keeper started another, which could fare the same, for the keeper's whole day.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Emulator } from '../../emulator/emulator.ts'
import type { EmulatorOptions } from '../../emulator/options.ts'
import { compressed } from '../../scripts/bench/pool-time.ts'
import { runMain } from '../../src/main.ts'
import { recordingCore } from '../harness/fakes.ts'
import { makeClient, poolSteps } from '../harness/pool-steps.ts'
import { canRun, inputs, job, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
// The action finds ~/.ssh/config by HOME: the job's own, never this machine's.
beforeEach(() => vi.stubEnv('HOME', job.home))
afterEach(() => vi.unstubAllEnvs())

const steps = poolSteps(9900)
const PREPARE = 'mkdir -p "$HOME/env" && echo "torch 2.6" > "$HOME/env/ready" && echo prepared-here'
const KEEPER = { mode: 'pool', pool: 'ci', 'pool-for': 'pull-requests', 'pool-prepare': PREPARE, 'pool-size': '1' }

const poolNames = (service: Emulator) => service.sandboxes.filter((s) => s.name.startsWith('gp-')).map((s) => s.id)

/**
 * A watching keeper on a clock 20 times faster than real time, to its end; then the first sandbox it started must have
 * been prepared, and stopped as idle (pool-idle counts from its mark) only after that; a drain, then the test, ends the
 * rest.
 */
async function preparedFirst(options: EmulatorOptions, extra: Record<string, string>, late: string) {
  const service = await startEmulator({ ...options, sshHost: { perSandbox: true, ...options.sshHost } })
  const core = recordingCore(inputs({ ...KEEPER, ...extra }))
  const env = steps.environment(1, 'push')
  await runMain({ core, clock: compressed(20), makeClient, signal: new AbortController().signal, env })
  expect(core.failed).toEqual([])
  const [first = ''] = poolNames(service)
  expect(core.log).toContain(`Pool 'ci': ${first} ${late}`)
  const prepared = core.log.findIndex((line) => line.startsWith(`Pool 'ci': ${first} prepared in `))
  expect(prepared).toBeGreaterThan(-1)
  const stopped = core.log.indexOf(`Pool 'ci': ${first} stopped, unclaimed past pool-idle.`)
  if (stopped !== -1) expect(stopped).toBeGreaterThan(prepared)
  expect(core.summaries.join('')).toMatch(/Prepared by this step \| [1-9]/)
  const drain = await steps.main({ ...KEEPER, 'pool-size': '0' }, 2, 'push')
  expect(drain.failed).toEqual([])
  // One started after that idle stop may still be coming, or not reachable yet: no step can have claimed it.
  const client = makeClient({ baseUrl: job.baseUrl, apiToken: service.token })
  for (const left of service.liveSandboxes().filter((s) => s.name.startsWith('gp-'))) await client.stopSandbox(left.id)
  expect(await service.settle()).toEqual([])
}

describe.skipIf(!canRun)('a watching keeper whose sandbox comes late', () => {
  it('SSH that answers only after it is ready, past pool-idle: prepared once a look reaches it, not stopped before', async () => {
    // Its sshd comes up 4 s (80 s here) after it is ready, past pool-idle since its creation.
    const options = { sshHost: { lateSshdMs: 4_000 } }
    const late = 'did not answer over SSH; a later look or keeper prepares it once it does.'
    await preparedFirst(options, { 'pool-idle': '1m', 'pool-watch': '5m' }, late)
  }, 60_000)

  it("ready only after the keeper's timeout, past pool-idle: prepared once a look finds it ready, not stopped before", async () => {
    // Ready 12 s (4 min here) after its start: past the keeper's timeout (its preparation's limit too) and pool-idle.
    const options = { provisioningMs: 12_000 }
    const late = 'was not ready within timeout; a later look or keeper prepares it once it is.'
    await preparedFirst(options, { timeout: '3m', 'pool-idle': '3m', 'pool-watch': '8m' }, late)
  }, 90_000)
})
