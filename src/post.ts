/**
 * The post step (action.yml `post`, `post-if: always()`, bundled as dist/post):
 * clean up what the main step left, one module per thing (cleanup/). Guard
 * clauses say why a step skips; a stop that finally fails is an error
 * annotation and a failed step. `runPost` has everything passed in; `run`
 * wires the real dependencies into it.
 */
import { finalComment } from './comment/post.ts'
import { holdForDebugging, refuseForkHold } from './cleanup/debug.ts'
import { cleanupSandbox } from './cleanup/sandbox.ts'
import { removeSshAccess } from './cleanup/ssh.ts'
import { actionsCore } from './entry/actions-core.ts'
import type { ActionCore } from './runtime/core.ts'
import { cancellationSignal, isProcessEntry, makeClient, reportFailure, runAndExit, runAsUse } from './entry/wiring.ts'
import { readPostInputs, type PostInputs } from './inputs/post.ts'
import { coreForUse, type Use } from './inputs/uses.ts'
import { deleteRegistration } from './runner/post.ts'
import { mirrorServedJob } from './runner/served-job.ts'
import { mirrorFolders, serveFolders, servesSeveral, type FoldersOutcome } from './runner/post-slots.ts'
import { failQueuedJob, SERVED_SOME } from './runner/stranded.ts'
import { realClock } from './runtime/clock.ts'
import { GitHubBudget } from './runtime/github-budget.ts'
import type { CleanupDeps } from './step/deps.ts'
import { ActionState } from './step/state.ts'

/**
 * How long the post step keeps trying to stop. Long, because giving up leaves
 * a sandbox billing until its TTL; in a big matrix a stop may wait out a few
 * rate-limit windows. Cancellation still ends it at once.
 */
export const POST_DEADLINE_MS = 10 * 60_000

export type PostDeps = CleanupDeps

export async function runPost(given: PostDeps): Promise<void> {
  // One budget for the step's GitHub answers: the comment reads what the name lookup's answer said.
  const deps = { ...given, githubBudget: given.githubBudget ?? new GitHubBudget() }
  const { core } = deps
  const inputs = readPostInputs(core)
  const state = new ActionState(core)
  const mode = inputs.mode
  // A failed run's sandbox may be held for debugging first, over the SSH access the main step set up.
  if (mode === 'start')
    await (state.debugAccess ? holdForDebugging : refuseForkHold)(deps, state, inputs.cleanup).catch((error: unknown) =>
      core.warning(`debug-on-failure: ${(error as Error).message}; stopping the sandbox now.`),
    )
  // Runner mode watches its runner over the action's SSH access, and gpu-report fetches its samples over it: removed
  // after those, else first.
  let sshRemoved = false
  const removeSsh = async () => {
    if (!sshRemoved) await removeSshAccess(core, state, deps.clock)
    sshRemoved = true
  }
  // The pool's code is loaded only where this step's state holds pool sandboxes.
  const pool = state.poolClaims || state.poolPreparing ? await import('./pool/release.ts') : undefined
  // A pool claim whose answer the main step never read is asked again over its SSH access, before that goes.
  if (mode === 'start' && state.poolClaims)
    await pool
      ?.releasePoolClaims(deps, state, inputs.cleanup())
      .catch((error: unknown) =>
        core.warning(`Pool: a claim of this job's could not be asked again: ${messageOf(error)}`),
      )
  // Pool sandboxes the main step was preparing when it ended: stopped unless marked, over that same access.
  if ((mode === 'start' || mode === 'pool') && state.poolPreparing)
    await pool
      ?.stopHalfPrepared(deps, state, inputs.cleanup())
      .catch((error: unknown) =>
        core.warning(`Pool: a half-prepared sandbox could not be stopped (its TTL ends it): ${messageOf(error)}`),
      )
  const gpuFetch = state.gpuReport && !state.gpuReport.reported
  if (!(mode === 'start' && (state.runner?.watch || gpuFetch))) await removeSsh()
  let cleaned = false
  try {
    await cleanupMode(deps, state, inputs, removeSsh)
    cleaned = true
  } finally {
    await removeSsh()
    // A claim's holds go last, once the sandbox they hold is stopped.
    if (mode === 'start' && state.poolClaims?.holds)
      await pool
        ?.releaseHolds(deps, state, inputs.cleanup(), cleaned)
        .catch((error: unknown) =>
          core.warning(`Pool: a hold of this job's could not be stopped (its TTL ends it): ${messageOf(error)}`),
        )
    // Whatever the mode says (an invalid one included): the runner that fails a job the main step could not serve.
    const unserved = state.unservedAll
    const { cleanupUnserved } = unserved.length > 0 ? await import('./runner/post-unserved.ts') : {}
    await Promise.all(unserved.map((saved) => cleanupUnserved?.(deps, saved, inputs.runner())))
  }
}

async function cleanupMode(
  deps: PostDeps,
  state: ActionState,
  inputs: PostInputs,
  removeSsh: () => Promise<void>,
): Promise<void> {
  const { core } = deps
  const mode = inputs.mode
  if (mode === 'start') return cleanupStart(deps, state, inputs, removeSsh)
  if (mode === 'instance')
    return (await import('./cleanup/instance.ts')).cleanupInstance(deps, state, inputs, POST_DEADLINE_MS)
  if (mode === 'connect') {
    core.info(
      "Nothing to stop: mode 'connect' never stops the sandbox (stop it with mode: stop, or let its TTL end it).",
    )
    return
  }
  if (mode === 'pool')
    core.info("Nothing to stop: the sandboxes mode 'pool' starts are the pool's; its idle rule and their TTL end them.")
  else core.info(`Nothing to clean up: mode '${mode}' starts nothing.`)
}

/**
 * Start mode: a registered runner's job first, then the sandbox, then the registration; a runner taken from outside the
 * run fails the step. Several runners, or several jobs one after another, are served together.
 */
async function cleanupStart(
  deps: PostDeps,
  state: ActionState,
  inputs: PostInputs,
  removeSsh: () => Promise<void>,
): Promise<void> {
  const saved = state.runners
  const config = saved.length > 0 ? inputs.cleanup() : undefined
  const served = config && !config.keepAlive ? config : undefined
  const several = served !== undefined && servesSeveral(saved, served)
  // Each folder's current runner (a fresh runner after a refused job of another run, or for the next job) is the one
  // deleted and mirrored.
  const runners = [...saved]
  // One folder serving one job waits as before: serveFolders gives it the default of one job to serve.
  const { taken, stranded }: FoldersOutcome = served ? await serveFolders(deps, runners, served) : {}
  // The samples before the stop (and before the SSH access goes); the report after it, when the run's length is known.
  // Code a step did not use is loaded only where its state says it was: the GPU report's, the approval's.
  const report = state.gpuReport ? await import('./gpu-report/fetch.ts') : undefined
  const gpu = report ? await report.fetchGpuSamples(deps, state, inputs.cleanup().keepAlive) : undefined
  await removeSsh()
  await cleanupSandbox(deps, state, inputs, POST_DEADLINE_MS)
  if (served) for (const runner of runners) await deleteRegistration(deps, runner, served)
  // The served jobs' results, mirrored: a failed one fails this step, so "Re-run failed jobs" re-runs both jobs.
  const mirror = served && !taken && runners.some((r) => r.online) && !deps.cancelWait?.aborted
  const [first] = runners
  const folders = mirror && several ? await mirrorFolders(deps, runners, served) : undefined
  const single = mirror && !several && first ? await mirrorServedJob(deps, first, served) : undefined
  const mirrored = single ?? folders
  const approval = state.approval
  if (approval) await (await import('./approval/post.ts')).removeApproval(deps, approval, inputs.cleanup())
  const failed = (taken ?? stranded ?? mirrored?.failure ?? state.mainFailure) !== undefined
  const gpuUse = gpu ? await report?.reportGpu(deps, state, gpu, inputs.cleanup(), failed) : state.gpuReport?.figure
  // Read only with a comment to finish: after invalid inputs the post step has nothing to say, and must not fail.
  const jobs = folders?.jobs ?? single?.job
  await finalComment(deps, state, inputs.cleanup, jobs, gpuUse)
  // This run's jobs the runners never served wait for the label: runners from this machine fail them at once.
  // Up to what the holder had left to serve: runner-jobs × runners, less the jobs its runners served.
  const bound = served ? Math.max(1, (served.runner().jobs ?? 1) * saved.length - (folders?.jobs.length ?? 0)) : 1
  if (taken) await failQueuedJob(deps, inputs.runner(), taken, process.env, several ? { bound } : undefined)
  else if (stranded) await failStranded(deps, inputs, stranded, { waiting: folders?.waiting, bound })
  else if (folders && folders.waiting > 0)
    await failQueuedJob(deps, inputs.runner(), LEFT_WAITING, process.env, { ...folders, bound, what: SERVED_SOME })
  // A folder that could not go on fails the step; a served job's failure is then said beside it.
  if (stranded && mirrored?.failure) deps.core.error(mirrored.failure)
  const failure = taken ?? stranded ?? mirrored?.failure
  if (failure) deps.core.setFailed(failure)
}

/**
 * A folder could not start a runner for its next job. Every job still waiting for the label is failed at
 * once, as counted by the mirror's one read: at least one (a job that `needs` the last one may queue a moment after
 * that read), `bound` where the read did not happen (no evidence that none waits).
 */
async function failStranded(
  deps: PostDeps,
  inputs: PostInputs,
  why: string,
  left: { waiting: number | undefined; bound: number },
): Promise<void> {
  const waiting = left.waiting === undefined ? left.bound : Math.max(1, left.waiting)
  await failQueuedJob(deps, inputs.runner(), why, process.env, { waiting, bound: left.bound, what: SERVED_SOME })
}

const messageOf = (error: unknown) => (error as Error).message

/** Why jobs still waiting are failed after the holder stopped. */
const LEFT_WAITING =
  'its sandbox stopped (its jobs served, none took the runner in time, or no runner could start for the next job) ' +
  'while this job still waited for the label'

/** The post step; `use` where a sub-action's entry names it (run/post.js), else the root's, reading `mode`; `runner` is
 * how it writes to the runner (local-action passes its own). */
export async function run(use?: Use, runner: ActionCore = actionsCore): Promise<void> {
  const core = use ? coreForUse(runner, use) : runner
  try {
    // Only a runner's post step (for its job) and a failed run's (held for debugging) wait: only there does a
    // cancellation have a wait to end.
    const saved = new ActionState(core)
    const cancelWait =
      saved.runner || saved.debugAccess || saved.unservedAll.length > 0 ? cancellationSignal(core) : undefined
    await runPost({ core, clock: realClock, makeClient, cancelWait })
  } catch (error) {
    // A sandbox that could not be stopped costs money: say so loudly.
    core.error(`Cleanup failed: ${error instanceof Error ? error.message : String(error)}`, {
      title: 'Sandbox may still be running',
    })
    reportFailure(core, error)
  }
}

/** A sub-action's post step (`import { runAs } from '../dist/post/index.js'; await runAs('run')`), then exit. */
export const runAs = (use: string): Promise<void> => runAsUse(use, run)

// The bundle's entry (node dist/post/index.js); imported (tests, local-action) it only exports.
if (isProcessEntry(import.meta.url)) await runAndExit(run)
