/**
 * Runner mode's post step, where the sandbox can be reached (issue 43): the
 * runner on the sandbox says when its job ended, or that it refused a job of
 * another run (runner/watch.ts), so GitHub is not asked while the job runs.
 * The sandbox is stopped as soon as the sandbox says so; GitHub is asked once,
 * briefly, to confirm who took the runner (a read that fails is no evidence).
 */
import type { CleanupConfig } from '../inputs/config.ts'
import { watchRunner, type WatchVerdict } from '../runner/watch.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { SavedRunner } from '../step/state.ts'
import { formatDuration } from '../step/summary.ts'
import { ClaimWatch, registry } from './runner-claim.ts'

/** How long the confirmation may wait out a rate limit: the sandbox is stopped right after it. */
const CONFIRM_RATE_LIMIT_MS = 20_000

/** What the watch decided: undefined to fall back to GitHub; else `taken` (a reason to fail the step) or nothing. */
export async function waitOnSandbox(
  deps: CleanupDeps,
  saved: SavedRunner & { watch: NonNullable<SavedRunner['watch']> },
  config: CleanupConfig,
  pickupTimeoutMs: number,
): Promise<{ taken?: string } | undefined> {
  const { core } = deps
  const { pid, configPath, alias } = saved.watch
  core.info(
    `Runner ${saved.name}: waiting while its job runs, or up to runner-timeout (${formatDuration(pickupTimeoutMs)}) ` +
      'for a job to pick it up; the runner on the sandbox says when (over SSH), so GitHub is not asked meanwhile.',
  )
  const verdict = await watchRunner({ configPath, alias }, pid, pickupTimeoutMs, {
    clock: deps.clock,
    env: process.env,
    signal: deps.cancelWait,
    log: (message) => core.info(message),
  })
  if (verdict.kind === 'unreachable') {
    core.info(`Runner ${saved.name}: the sandbox cannot be reached over SSH (${verdict.why}); asking GitHub instead.`)
    return undefined
  }
  return { taken: await settle(deps, saved, config, verdict, pickupTimeoutMs) }
}

async function settle(
  deps: CleanupDeps,
  saved: SavedRunner,
  config: CleanupConfig,
  verdict: Exclude<WatchVerdict, { kind: 'unreachable' }>,
  pickupTimeoutMs: number,
): Promise<string | undefined> {
  const { core } = deps
  const runner = config.runner()
  if (verdict.kind === 'cancelled') return undefined
  if (verdict.kind === 'timeout') {
    core.warning(
      `Runner ${saved.name}: no job picked it up within runner-timeout (${formatDuration(pickupTimeoutMs)}). ` +
        'Does a job use runs-on with its label? Stopping the sandbox.',
    )
    return undefined
  }
  const github = registry(deps, runner, deps.cancelWait, deps.clock.now() + CONFIRM_RATE_LIMIT_MS)
  const claim = github && runner.workflowRun && new ClaimWatch(deps, github, saved, runner.workflowRun)
  if (verdict.kind === 'refused') {
    const who = `job '${verdict.job}' of run ${verdict.run} (attempt ${verdict.attempt}) of ${verdict.repository}`
    return (
      claim?.taken(`its job-started hook refused ${who} before its first step`) ??
      `Runner ${saved.name} refused ${who} before its first step; the sandbox is stopped.`
    )
  }
  if (!verdict.job) {
    core.info(`Runner ${saved.name}: the runner ended before any job started on it; stopping the sandbox.`)
    return undefined
  }
  core.info(`Runner ${saved.name}: its job '${verdict.job}' ended (the runner on the sandbox says so).`)
  return claim?.afterJob()
}
