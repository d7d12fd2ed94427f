/**
 * The warm pool's steps in process (runMain, runPost) against the SSH job's emulator (ssh-job.ts): each run a
 * RUNNER_TEMP and a small checkout (GITHUB_WORKSPACE, a package.json) of its own in the job's HOME, the repository
 * octo/repo (31337), and the event the run is for with its payload written as the runner writes it (the trust domain
 * comes from it).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Emulator } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import { runMain } from '../../src/main.ts'
import { runPost } from '../../src/post.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { recordingCore, type RecordingCore } from './fakes.ts'
import { inputs, job, sleep } from './ssh-job.ts'
import { eventEnvironment } from '../../scripts/lib/event.ts'

export type PoolEvent = 'push' | 'pull_request'

export const makeClient = (c: { baseUrl: string; apiToken: string }) =>
  new ComputeClient({ baseUrl: c.baseUrl, apiToken: c.apiToken })

/**
 * The steps of runs numbered from `firstRunId`; `event` undefined: a push to the default branch (the trusted domain);
 * 'none': no GITHUB_EVENT_NAME (not shown to be trusted).
 */
export function poolSteps(firstRunId: number) {
  const environment = (run: number, event: PoolEvent | 'none' = 'push'): NodeJS.ProcessEnv => {
    const temp = join(job.home, `temp-${run}`)
    // A small checkout of the run's own: what run and pool-prepare upload (never this repository's node_modules).
    const workspace = join(job.home, `workspace-${run}`)
    mkdirSync(temp, { recursive: true })
    mkdirSync(workspace, { recursive: true })
    writeFileSync(join(workspace, 'package.json'), '{ "name": "checkout" }\n')
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOME: job.home,
      RUNNER_TEMP: temp,
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_REPOSITORY_ID: '31337',
      GITHUB_RUN_ID: String(firstRunId + run),
      GITHUB_RUN_ATTEMPT: '1',
    }
    if (event === 'none') return env
    // A push is the default branch's (trusted); a pull request's runs on its merge ref.
    return { ...env, ...eventEnvironment(join(temp, 'event.json'), event) }
  }
  const main = async (extra: Record<string, string>, run: number, event?: PoolEvent | 'none') => {
    const core = recordingCore(inputs(extra))
    const signal = new AbortController().signal
    await runMain({ core, clock: realClock, makeClient, signal, env: environment(run, event) })
    return core
  }
  const post = async (given: RecordingCore, event?: PoolEvent | 'none'): Promise<RecordingCore> => {
    const core = recordingCore(given.inputs, given.state)
    await runPost({ core, clock: realClock, makeClient, env: environment(0, event) })
    return core
  }
  return { environment, main, post }
}

/** Until `count` live pool sandboxes (named gp-…) are all ready; their ids. */
export async function poolReady(service: Emulator, count: number): Promise<string[]> {
  for (let k = 0; k < 200; k++) {
    const live = service.liveSandboxes().filter((s) => s.name.startsWith('gp-'))
    if (live.length === count && live.every((s) => s.status === 'running')) return live.map((s) => s.id)
    await sleep(50)
  }
  throw new Error(`never ${count} ready`)
}
