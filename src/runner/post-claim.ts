/**
 * Who took the runner (ClaimWatch), read from GitHub: the runner's label is
 * built from public values, so a job someone else queued with it can be handed
 * the runner. And the post step's GitHub client for runner mode (registry).
 */
import { RunnerRegistry, type RunJob } from './github.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import { parseDurationSeconds } from '../inputs/durations.ts'
import type { WorkflowRun } from '../inputs/runner.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { SavedRunner } from '../step/state.ts'
import { formatDuration } from '../step/summary.ts'

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
export class ClaimWatch {
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
      // Read page by page only until the job that names it (a matrix's run has hundreds of jobs).
      const names = (job: RunJob) => job.runnerName === this.saved.name
      const ours = (await this.github.jobsOf(this.run, names)).find(names)
      if (ours) this.saved.served = ours
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

  taken(evidence: string): string {
    return (
      `Runner ${this.saved.name} was taken by a job outside this workflow ` +
      `run (run ${this.run.id}, attempt ${this.run.attempt}): ${evidence}. ` +
      `The sandbox is stopped and the registration deleted. The runner's ` +
      `label is built from public values, so a workflow that someone else ` +
      `can queue (a fork's pull request in a public repository) may ask ` +
      `for it; require approval for fork pull request workflows (docs/runner.md#runner-mode).`
    )
  }
}
