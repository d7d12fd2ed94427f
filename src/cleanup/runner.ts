/**
 * The post step of `runner: true`: while the runner's one job runs, the
 * sandbox stays; once the registration is gone after it was busy (a JIT
 * runner deregisters after its job), or `runner-timeout` passed with no job
 * picked up, the sandbox is stopped (cleanup/sandbox.ts) and the registration
 * deleted if still there. GitHub is asked at most 4 times in any minute. A
 * cancelled job ends the wait at once; the stop still happens.
 */
import { isAccessDenied, RunnerRegistry, type RunnerInfo } from '../github/runners.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import { parseDurationSeconds } from '../inputs/durations.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { SavedRunner } from '../step/state.ts'
import { formatDuration } from '../step/summary.ts'

/**
 * One read every 16 s: at most 4 in any minute of waiting (15 s would let a
 * minute's window hold 5). GPU_SANDBOX_RUNNER_POLL (a duration) sets it (the tests use 1 s).
 */
export function runnerPollMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = env.GPU_SANDBOX_RUNNER_POLL ? parseDurationSeconds(env.GPU_SANDBOX_RUNNER_POLL) : undefined
  return seconds && seconds >= 1 && seconds <= 600 ? seconds * 1000 : 16_000
}

function registry(deps: CleanupDeps, runner: ReturnType<CleanupConfig['runner']>, signal?: AbortSignal): RunnerRegistry | undefined {
  if (!runner.repository || runner.githubToken === '') return undefined
  return new RunnerRegistry(runner.repository, runner.githubToken, { clock: deps.clock, signal, log: (message) => deps.core.info(message) })
}

/** One poll: the runner, undefined when gone, or 'stop' when GitHub cannot be asked any more. */
async function poll(deps: CleanupDeps, github: RunnerRegistry, saved: SavedRunner): Promise<RunnerInfo | undefined | 'stop'> {
  try {
    return await github.get(saved.id)
  } catch (error) {
    if (deps.cancelWait?.aborted) return 'stop'
    if (isAccessDenied(error)) {
      deps.core.warning(`Runner ${saved.name}: ${error.message}; not waiting for its job.`)
      return 'stop'
    }
    // Retried for a minute already: keep waiting, the next poll may get through.
    deps.core.info(`Runner ${saved.name}: ${error instanceof Error ? error.message : String(error)}`)
    return { id: saved.id, name: saved.name, status: 'unknown', busy: false }
  }
}

/** Waits while the runner's job runs, or for a job to pick it up; returns when the sandbox may be stopped. */
export async function waitForRunnerJob(deps: CleanupDeps, saved: SavedRunner, config: CleanupConfig): Promise<void> {
  const { core, clock } = deps
  if (!saved.online) {
    core.info(`Runner ${saved.name}: it never came online, so no job can be waiting for it; stopping the sandbox.`)
    return
  }
  const runner = config.runner()
  const github = registry(deps, runner, deps.cancelWait)
  if (!github) {
    core.warning(`Runner ${saved.name}: 'github-token' (or GITHUB_REPOSITORY) is missing in the post step, so its job cannot be waited for; the sandbox is stopped now.`)
    return
  }
  const began = clock.now()
  const every = runnerPollMs()
  core.info(`Runner ${saved.name}: waiting while its job runs, or up to runner-timeout (${formatDuration(runner.pickupTimeoutMs)}) for a job to pick it up; GitHub is asked every ${formatDuration(every)}.`)
  let busySeen = false
  let lastStatus = 'unknown'
  for (;;) {
    // No job yet and the time is up: decided without another request.
    if (!busySeen && clock.now() - began >= runner.pickupTimeoutMs) {
      core.warning(`Runner ${saved.name}: no job picked it up within runner-timeout (${formatDuration(runner.pickupTimeoutMs)}, status '${serviceText(lastStatus, 40)}'). Does a job use runs-on with its label? Stopping the sandbox.`)
      break
    }
    const now = await poll(deps, github, saved)
    if (now === 'stop') break
    if (now === undefined) {
      core.info(`Runner ${saved.name}: ${busySeen ? 'its job ended and' : ''} the registration is gone (a just-in-time runner deregisters after its job).`)
      break
    }
    lastStatus = now.status
    if (now.busy && !busySeen) core.info(`Runner ${saved.name}: a job is running on it.`)
    if (now.busy) busySeen = true
    else if (busySeen) {
      core.info(`Runner ${saved.name}: its job ended.`)
      break
    }
    try {
      await clock.sleep(every, deps.cancelWait)
    } catch {
      break
    }
  }
  if (deps.cancelWait?.aborted) core.info(`Runner ${saved.name}: the job was cancelled; stopping the sandbox now.`)
}

/** After the stop: the registration goes too, if GitHub still has it. Never fails the step (an offline registration costs nothing). */
export async function deleteRegistration(deps: CleanupDeps, saved: SavedRunner, config: CleanupConfig): Promise<void> {
  const github = registry(deps, config.runner())
  if (!github) return
  try {
    let id: number | undefined
    if (saved.id > 0) id = (await github.remove(saved.id)) ? saved.id : undefined
    // id 0: the main step's registration request got no answer; GitHub may still have made it, under our name.
    else id = await github.removeByName(saved.name)
    deps.core.info(id !== undefined ? `Deleted the runner registration ${saved.name} (id ${id}).` : `The runner registration ${saved.name} is already gone.`)
  } catch (error) {
    deps.core.warning(`Could not delete the runner registration ${saved.name} (id ${saved.id}): ${error instanceof Error ? error.message : String(error)}. It stays offline; delete it under Settings > Actions > Runners.`)
  }
}
