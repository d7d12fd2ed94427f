/**
 * The post step for the runner that fails a job runner mode could not serve
 * (runner/unserved.ts): it waits until that runner was handed its one job and
 * failed it (a JIT registration is gone after its job), or `runner-timeout`
 * passed with no job, or the holding job is cancelled (at once); then removes
 * it: its processes, the separate user, its directory and the registration.
 * Never fails the step: the main step's error already did.
 */
import type { RunnerRegistry } from './github.ts'
import type { RunnerCleanup } from '../inputs/runner.ts'
import { localRunnerAlive, removeLocalRunner } from './local.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { SavedUnserved } from '../step/saved.ts'
import { formatDuration } from '../step/summary.ts'
import { pause, registry, runnerPollMs } from './post.ts'

type Registry = RunnerRegistry | undefined

/** Until its job was failed, runner-timeout, or a cancellation; what ended the wait. */
async function waitForFailedJob(deps: CleanupDeps, saved: SavedUnserved, github: Registry, timeoutMs: number) {
  const { clock } = deps
  const began = clock.now()
  const every = runnerPollMs()
  let busy = false
  deps.core.info(
    `Runner ${saved.name}: waiting for the job it fails (up to runner-timeout, ${formatDuration(timeoutMs)}, ` +
      `for one to be handed to it); GitHub is asked every ${formatDuration(every)}.`,
  )
  for (;;) {
    if (deps.cancelWait?.aborted) return 'the holding job was cancelled'
    if (!github || saved.id <= 0) return 'its registration is not known, so no job is waited for'
    const runner = await github.get(saved.id).catch((error: unknown) => (error as Error).message)
    // A job fails in a moment, often between two reads: gone is how a JIT runner ends after its one job.
    if (runner === undefined)
      return busy ? 'it failed its job' : 'its registration is gone (a just-in-time runner deregisters after its job)'
    if (typeof runner !== 'string' && runner.busy && !busy) deps.core.info(`Runner ${saved.name}: a job is on it.`)
    busy ||= typeof runner !== 'string' && runner.busy
    if (typeof runner === 'string') deps.core.info(`Runner ${saved.name}: ${runner}`)
    // Nothing more can happen once its process is gone (killed with the main step, say), busy or not.
    if (!localRunnerAlive(saved)) return busy ? 'it ran its job and ended' : 'its process ended'
    if (!busy && clock.now() - began >= timeoutMs) return `no job was handed to it within runner-timeout`
    if (!(await pause(deps, every))) return 'the holding job was cancelled'
  }
}

export async function cleanupUnserved(deps: CleanupDeps, saved: SavedUnserved, runner: RunnerCleanup): Promise<void> {
  const { core } = deps
  const github = registry(deps, runner, deps.cancelWait)
  const ended = await waitForFailedJob(deps, saved, github, runner.pickupTimeoutMs)
  core.info(`Runner ${saved.name}: ${ended}; removing it.`)
  const left = removeLocalRunner(saved)
  const registration = await deleteUnservedRegistration(deps, saved, runner)
  if (registration) left.push(registration)
  if (left.length > 0)
    core.warning(
      `Runner ${saved.name} could not be removed entirely: ${left.map((x) => serviceText(x, 300)).join('; ')}. ` +
        `Delete a registration left under Settings > Actions > Runners; remove a user or directory it names by hand.`,
    )
  else core.info(`Runner ${saved.name}: removed (process, ${saved.user ? 'user, ' : ''}directory, registration).`)
}

/** What is left of the registration, if anything (a cancelled wait still deletes it: a fresh client). */
async function deleteUnservedRegistration(
  deps: CleanupDeps,
  saved: SavedUnserved,
  runner: RunnerCleanup,
): Promise<string | undefined> {
  const github = registry(deps, runner)
  if (!github) return `the registration ${saved.name} ('github-token' is missing)`
  try {
    await github.removeRegistration(saved.id, saved.name)
    return undefined
  } catch (error) {
    return `the registration ${saved.name} (${(error as Error).message})`
  }
}
