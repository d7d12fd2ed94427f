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
import { isAccessDenied, RunnerRegistry, type RunnerInfo } from '../github/runners.ts'
import type { WorkflowRun } from '../inputs/runner.ts'
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

export function registry(
  deps: CleanupDeps,
  runner: ReturnType<CleanupConfig['runner']>,
  signal?: AbortSignal,
  rateLimitUntil?: number,
): RunnerRegistry | undefined {
  if (!runner.repository || runner.githubToken === '') return undefined
  return new RunnerRegistry(runner.repository, runner.githubToken, {
    clock: deps.clock,
    signal,
    log: (message) => deps.core.info(message),
    rateLimitUntil,
  })
}

/**
 * How long a busy runner may go without a job of this run naming it: GPU_SANDBOX_RUNNER_CLAIM (a duration; the tests
 * use 3 s), else 30 s.
 */
export function claimWindowMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = env.GPU_SANDBOX_RUNNER_CLAIM ? parseDurationSeconds(env.GPU_SANDBOX_RUNNER_CLAIM) : undefined
  return seconds && seconds >= 1 && seconds <= 600 ? seconds * 1000 : 30_000
}

/**
 * Who took the runner. A job of this workflow run names it (`runner_name`)
 * once GitHub assigned it; a busy runner that no job of this run names for
 * the window on end, or that finished a job none of them names, served a job
 * from outside this run. A failed read is no evidence: a warning, once.
 */
class ClaimWatch {
  private unclaimedSince: number | undefined
  private claimed = false
  private warned = false
  private readonly deps: CleanupDeps
  private readonly github: RunnerRegistry
  private readonly saved: SavedRunner
  private readonly run: WorkflowRun
  private readonly windowMs = claimWindowMs()
  constructor(deps: CleanupDeps, github: RunnerRegistry, saved: SavedRunner, run: WorkflowRun) {
    this.deps = deps
    this.github = github
    this.saved = saved
    this.run = run
  }

  /** Whether a job of this run names the runner; undefined when GitHub could not say. */
  private async named(): Promise<boolean | undefined> {
    try {
      const ours = (await this.github.jobsOf(this.run)).find((job) => job.runnerName === this.saved.name)
      if (ours && !this.claimed)
        this.deps.core.info(
          `Runner ${this.saved.name}: job '${serviceText(ours.name, 100)}' of this workflow run took it.`,
        )
      this.claimed ||= ours !== undefined
      return ours !== undefined
    } catch (error) {
      if (this.deps.cancelWait?.aborted) return undefined
      if (!this.warned)
        this.deps.core.warning(
          `Runner ${this.saved.name}: could not read this run's jobs to see ` +
            `who took the runner (${error instanceof Error ? error.message : String(error)}); watching on.`,
        )
      this.warned = true
      return undefined
    }
  }

  /** On a poll that shows the runner busy: why the step must stop it now, or undefined. */
  async whileBusy(): Promise<string | undefined> {
    if (this.claimed || (await this.named()) !== false) return undefined
    const now = this.deps.clock.now()
    this.unclaimedSince ??= now
    return now - this.unclaimedSince >= this.windowMs
      ? this.taken(`GitHub showed it busy, and for ${formatDuration(this.windowMs)} no job of this run named it`)
      : undefined
  }

  /** Once its job ended: a job's record keeps its runner, so one read settles who it was. */
  async afterJob(): Promise<string | undefined> {
    if (this.claimed || (await this.named()) !== false) return undefined
    return this.taken('it ran a job that no job of this run names')
  }

  private taken(evidence: string): string {
    return (
      `Runner ${this.saved.name} was taken by a job outside this workflow ` +
      `run (run ${this.run.id}, attempt ${this.run.attempt}): ${evidence}. ` +
      `The sandbox is stopped and the registration deleted. The runner's ` +
      `label is built from public values, so a workflow that someone else ` +
      `can queue (a fork's pull request in a public repository) may ask ` +
      `for it; require approval for fork pull request workflows (docs/usage.md#runner-mode).`
    )
  }
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
): Promise<string | undefined> {
  const { core } = deps
  if (!saved.online) {
    core.info(`Runner ${saved.name}: it never came online, so no job can be waiting for it; stopping the sandbox.`)
    return undefined
  }
  const runner = config.runner()
  // A rate limit is waited out however long it lasts (a cancel still ends it): a job may be running on the sandbox,
  // and a GitHub answer never takes it away (issue 43). The TTL stays the last net.
  const github = registry(deps, runner, deps.cancelWait, Number.POSITIVE_INFINITY)
  if (!github) {
    core.warning(
      `Runner ${saved.name}: 'github-token' (or GITHUB_REPOSITORY) is missing ` +
        `in the post step, so its job cannot be waited for; the sandbox is stopped now.`,
    )
    return undefined
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
