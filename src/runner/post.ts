/**
 * The post step of `runner: true`: while the runner's one job runs, the
 * sandbox stays; once the registration is gone after it was busy (a JIT
 * runner deregisters after its job), or `runner-timeout` passed with no job
 * picked up, the sandbox is stopped (cleanup/sandbox.ts) and the registration
 * deleted if still there. GitHub is asked at most 4 times in any minute while
 * it waits for a job (twice a poll while it checks who took the runner); a
 * rate limit is waited out, never read as a refusal. A cancelled job ends the
 * wait at once; the stop still happens.
 *
 * Who took it is watched (ClaimWatch): the runner's label is built from public
 * values, so a job someone else queued with it can be handed the runner.
 */
import { existsSync } from 'node:fs'
import { isAccessDenied, RunnerRegistry, type RunnerInfo } from './github.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import { parseDurationSeconds } from '../inputs/durations.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { SavedRunner } from '../step/state.ts'
import { formatDuration } from '../step/summary.ts'
import { waitOnSandbox, type Serving } from './post-watch.ts'
import { ClaimWatch, registry } from './post-claim.ts'

export { registry }

/**
 * One read every 16 s: at most 4 in any minute of waiting (15 s would let a
 * minute's window hold 5). GPU_SANDBOX_RUNNER_POLL (a duration) sets it (the tests use 1 s).
 */
export function runnerPollMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = env.GPU_SANDBOX_RUNNER_POLL ? parseDurationSeconds(env.GPU_SANDBOX_RUNNER_POLL) : undefined
  return seconds && seconds >= 1 && seconds <= 600 ? seconds * 1000 : 16_000
}

/** One poll: the runner, undefined when gone, 'no-answer' when GitHub did not say, 'stop' when it may not be asked. */
async function poll(
  deps: CleanupDeps,
  github: RunnerRegistry,
  saved: SavedRunner,
): Promise<RunnerInfo | undefined | 'no-answer' | 'stop'> {
  try {
    return await github.get(saved.id)
  } catch (error) {
    if (deps.cancelWait?.aborted) return 'stop'
    if (isAccessDenied(error)) {
      deps.core.warning(`Runner ${saved.name}: ${error.message}; not waiting for its job.`)
      return 'stop'
    }
    // Retried for a minute already: no news is not "not busy"; keep waiting, the next poll may get through.
    deps.core.info(`Runner ${saved.name}: ${error instanceof Error ? error.message : String(error)}`)
    return 'no-answer'
  }
}

/** Sleeps until the next poll; false when the job was cancelled meanwhile. */
export async function pause(deps: CleanupDeps, ms: number): Promise<boolean> {
  try {
    await deps.clock.sleep(ms, deps.cancelWait)
    return true
  } catch {
    return false
  }
}

/**
 * Waits while the runner's job runs, or for a job to pick it up; resolves when
 * the sandbox may be stopped, with why the step must then fail (a job from
 * outside this run took the runner), if it must.
 */
export async function waitForRunnerJob(
  deps: CleanupDeps,
  saved: SavedRunner,
  config: CleanupConfig,
  replaced?: (runner: SavedRunner) => void,
  serving?: Serving,
): Promise<string | undefined> {
  const { core } = deps
  if (!saved.online) {
    core.info(`Runner ${saved.name}: it never came online, so no job can be waiting for it; stopping the sandbox.`)
    return undefined
  }
  const runner = config.runner()
  // A rate limit is waited out however long it lasts (a cancel still ends it): a job may be running on the sandbox,
  // and a GitHub answer never takes it away. The TTL stays the last net.
  const github = registry(deps, runner, deps.cancelWait, Number.POSITIVE_INFINITY)
  if (!github) {
    core.warning(
      `Runner ${saved.name}: 'github-token' (or GITHUB_REPOSITORY) is missing ` +
        `in the post step, so its job cannot be waited for; the sandbox is stopped now.`,
    )
    return undefined
  }
  // Where the sandbox can be reached, the runner there says when its job ends; else GitHub is asked.
  if (saved.watch && existsSync(saved.watch.configPath)) {
    // The same object, not a copy: the claim's read records the served job on it, which the mirror then reuses.
    const watched = Object.assign(saved, { watch: saved.watch })
    const onSandbox = await waitOnSandbox(deps, watched, config, runner.pickupTimeoutMs, replaced, serving)
    if (onSandbox) {
      if (deps.cancelWait?.aborted) core.info(`Runner ${saved.name}: the job was cancelled; stopping the sandbox now.`)
      return onSandbox.taken
    }
  }
  const watch = runner.workflowRun && new ClaimWatch(deps, github, saved, runner.workflowRun)
  if (!watch)
    core.info(
      `Runner ${saved.name}: no workflow run (GITHUB_RUN_ID) to hold its job against, so who takes it is not watched.`,
    )
  const taken = await waitLoop(deps, github, saved, runner.pickupTimeoutMs, watch)
  if (deps.cancelWait?.aborted) core.info(`Runner ${saved.name}: the job was cancelled; stopping the sandbox now.`)
  return taken
}

async function waitLoop(
  deps: CleanupDeps,
  github: RunnerRegistry,
  saved: SavedRunner,
  pickupTimeoutMs: number,
  watch: ClaimWatch | undefined,
): Promise<string | undefined> {
  const { core, clock } = deps
  const began = clock.now()
  const every = runnerPollMs()
  core.info(
    `Runner ${saved.name}: waiting while its job runs, or up to runner-timeout ` +
      `(${formatDuration(pickupTimeoutMs)}) for a job to pick it up; GitHub ` +
      `is asked every ${formatDuration(every)}.`,
  )
  let busySeen = false
  let lastStatus = 'unknown'
  for (;;) {
    // No job yet and the time is up: decided without another request.
    if (!busySeen && clock.now() - began >= pickupTimeoutMs) {
      core.warning(
        `Runner ${saved.name}: no job picked it up within runner-timeout (${formatDuration(pickupTimeoutMs)}, ` +
          `status '${serviceText(lastStatus, 40)}'). Does a job use runs-on ` +
          `with its label? Stopping the sandbox.`,
      )
      return undefined
    }
    const now = await poll(deps, github, saved)
    if (now === 'stop') return undefined
    if (now === 'no-answer') {
      if (!(await pause(deps, every))) return undefined
      continue
    }
    if (now === undefined || (busySeen && !now.busy)) {
      core.info(
        now === undefined
          ? `Runner ${saved.name}: ${busySeen ? 'its job ended and' : ''} the ` +
              `registration is gone (a just-in-time runner deregisters after its job).`
          : `Runner ${saved.name}: its job ended.`,
      )
      return watch?.afterJob()
    }
    lastStatus = now.status
    if (now.busy && !busySeen) core.info(`Runner ${saved.name}: a job is running on it.`)
    busySeen ||= now.busy
    const taken = now.busy ? await watch?.whileBusy() : undefined
    if (taken) return taken
    if (!(await pause(deps, every))) return undefined
  }
}

/**
 * After the stop: the registration goes too, if GitHub still has it. Never fails the step (an offline registration
 * costs nothing).
 */
export async function deleteRegistration(deps: CleanupDeps, saved: SavedRunner, config: CleanupConfig): Promise<void> {
  const github = registry(deps, config.runner())
  if (!github) return
  try {
    const id = await github.removeRegistration(saved.id, saved.name)
    deps.core.info(
      id !== undefined
        ? `Deleted the runner registration ${saved.name} (id ${id}).`
        : `The runner registration ${saved.name} is already gone.`,
    )
  } catch (error) {
    deps.core.warning(
      `Could not delete the runner registration ${saved.name} (id ${saved.id}): ` +
        `${error instanceof Error ? error.message : String(error)}. It stays ` +
        `offline; delete it under Settings > Actions > Runners.`,
    )
  }
}
