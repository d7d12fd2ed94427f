/**
 * For the e2e tests of runner: true: the SSH job harness's emulator plus the
 * fake GitHub on loopback (GITHUB_API_URL and GITHUB_SERVER_URL), the step's
 * environment (the post step polls every second) and runner inputs.
 */
import { afterEach } from 'vitest'
import { FakeGitHub, GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import type { EmulatorOptions } from '../../emulator/emulator.ts'
import { inputs as jobInputs, job, startEmulator } from './ssh-job.ts'

export const runnerJob = {
  github: undefined as unknown as FakeGitHub,
  served: undefined as { url: string; close: () => Promise<void> } | undefined,
}

/** Closes the fake GitHub after each test (useSshJob closes the emulator). */
export function useRunnerJob(): void {
  afterEach(async () => {
    await runnerJob.served?.close()
    runnerJob.served = undefined
  })
}

export async function setUpRunnerJob(options: EmulatorOptions = {}) {
  const service = await startEmulator(options)
  await runnerJob.served?.close()
  runnerJob.github = new FakeGitHub()
  runnerJob.served = await runnerJob.github.serve()
  return service
}

export const runnerEnv = (extra: Record<string, string> = {}) => ({
  HOME: job.home,
  GITHUB_API_URL: runnerJob.served?.url ?? '',
  GITHUB_SERVER_URL: runnerJob.served?.url ?? '',
  GPU_SANDBOX_RUNNER_POLL: '1s',
  GITHUB_JOB: 'gpu-runner',
  ...extra,
})
export const runnerInputs = (extra: Record<string, string> = {}) =>
  jobInputs({ runner: 'true', 'github-token': GITHUB_TOKEN, ...extra })
