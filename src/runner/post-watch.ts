/**
 * Runner mode's post step, where the sandbox can be reached: the
 * runner on the sandbox says when its job ended, or that it refused a job of
 * another run (runner/watch.ts), so GitHub is not asked while the job runs.
 * The sandbox is stopped as soon as the sandbox says so; GitHub is asked once,
 * briefly, to confirm who took the runner (a read that fails is no evidence).
 */
import { MAX_FRESH_RUNNERS, nextRunnerName } from './github.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import type { RemoteContext } from '../remote/job.ts'
import { replaceRunner } from './register.ts'
import { watchRunner, type WatchVerdict } from './watch.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { SavedRunner } from '../step/state.ts'
import { formatDuration } from '../step/summary.ts'
import { ClaimWatch, registry } from './post-claim.ts'

/** How long the confirmation may wait out a rate limit: the sandbox is stopped right after it. */
const CONFIRM_RATE_LIMIT_MS = 20_000

/** How many fresh runners a holder starts after refused jobs of other runs; one more refusal fails it. */
const MAX_REPLACEMENTS = MAX_FRESH_RUNNERS

type RefusedVerdict = Extract<WatchVerdict, { kind: 'refused' }>
type Watched = SavedRunner & { watch: NonNullable<SavedRunner['watch']> }

/**
 * What one folder's runners may still do on the sandbox: jobs of this run to serve one after another
 * (runner-jobs), and the refusals of other runs' jobs, counted for the whole sandbox (shared between its folders).
 */
export interface Serving {
  jobs: number
  refusals: { count: number }
  /** Why a folder could not go on to its next job (the first said), which fails the holding step. */
  stranded?: string
}

/**
 * What the watch decided: undefined to fall back to GitHub; else `taken` (a reason to fail the step) or nothing.
 * A refused job of another run spends the just-in-time runner: a fresh one with the label starts on the same
 * sandbox (`replaced` hears of it, for the deletion), up to MAX_REPLACEMENTS times. So does a job of this run that
 * ended while the folder has jobs left to serve (runner-jobs): the next job finds this one's files.
 */
export async function waitOnSandbox(
  deps: CleanupDeps,
  saved: Watched,
  config: CleanupConfig,
  pickupTimeoutMs: number,
  replaced: (runner: SavedRunner) => void = () => undefined,
  serving: Serving = { jobs: 1, refusals: { count: 0 } },
): Promise<{ taken?: string } | undefined> {
  const { core } = deps
  core.info(
    `Runner ${saved.name}: waiting while its job runs, or up to runner-timeout (${formatDuration(pickupTimeoutMs)}) ` +
      'for a job to pick it up; the runner on the sandbox says when (over SSH), so GitHub is not asked meanwhile.',
  )
  let current = saved
  for (let served = 0; ;) {
    const { pid, configPath, alias } = current.watch
    const verdict = await watchRunner({ configPath, alias, folder: current.folder }, pid, pickupTimeoutMs, {
      clock: deps.clock,
      env: process.env,
      signal: deps.cancelWait,
      log: (message) => core.info(message),
    })
    if (verdict.kind === 'unreachable') {
      core.info(
        `Runner ${current.name}: the sandbox cannot be reached over SSH (${verdict.why}); asking GitHub instead.`,
      )
      // GitHub can say when this job ends, but no runner can start for a next one without the sandbox.
      if (served + 1 < serving.jobs)
        serving.stranded ??= strandedWhy(
          current,
          { served, of: serving.jobs },
          `the sandbox could not be reached over SSH (${verdict.why})`,
        )
      return undefined
    }
    if (verdict.kind === 'timeout' && served > 0) {
      core.info(
        `Runner ${current.name}: no next job of this run took it within runner-timeout ` +
          `(${formatDuration(pickupTimeoutMs)}); its folder served ${served} of ${serving.jobs} jobs.`,
      )
      return {}
    }
    const next = verdict.kind === 'completed' && verdict.job && served + 1 < serving.jobs
    if (verdict.kind !== 'refused' && !next)
      return { taken: await settle(deps, current, config, verdict, pickupTimeoutMs) }
    const fresh = next
      ? await nextJob(deps, current, config, { served: ++served, of: serving.jobs, job: verdict.job ?? '' })
      : await refused(deps, current, config, verdict as RefusedVerdict, ++serving.refusals.count)
    if (typeof fresh === 'string' && next) {
      serving.stranded ??= strandedWhy(current, { served, of: serving.jobs }, fresh)
      return {}
    }
    if (typeof fresh === 'string') return { taken: fresh }
    current = fresh
    replaced(fresh)
  }
}

/** After this run's job ended with more to serve: the next runner in the same folder; a string: why none. */
async function nextJob(
  deps: CleanupDeps,
  done: Watched,
  config: CleanupConfig,
  count: { served: number; of: number; job: string },
): Promise<Watched | string> {
  deps.core.info(
    `Runner ${done.name}: its job '${count.job}' ended (the runner on the sandbox says so); ${count.served} of ` +
      `${count.of} jobs served in its folder, so a fresh runner takes the next job of this run there.`,
  )
  const fresh = await replace(deps, done, config, 'job')
  if (typeof fresh === 'object') return { ...fresh, ran: [...(done.ran ?? []), done.name] }
  deps.core.warning(
    `Runner ${done.name}: no runner could start for the next job of this run: ${fresh}. Stopping the sandbox; ` +
      "this run's jobs still waiting for the label are failed at once.",
  )
  // The last runner stays the one deleted and mirrored: its job is the last this folder served.
  return fresh
}

/** The holding step's error when a folder could not go on: what could not start, why, what was served. */
function strandedWhy(runner: SavedRunner, count: { served: number; of: number }, why: string): string {
  return (
    `Runner ${runner.name}: no runner could start for the next job of this run (${why}); its folder had served ` +
    `${count.served} of ${count.of} jobs by then. The sandbox is stopped, and this run's jobs still waiting for the ` +
    'label are failed at once.'
  )
}

/** After a refused job of another run: a fresh runner, or (past the cap, or none startable) why the step fails. */
async function refused(
  deps: CleanupDeps,
  current: Watched,
  config: CleanupConfig,
  verdict: RefusedVerdict,
  refusals: number,
): Promise<Watched | string> {
  const who = `job '${verdict.job}' of run ${verdict.run} (attempt ${verdict.attempt}) of ${verdict.repository}`
  deps.core.warning(
    `Runner ${current.name}: a job of another workflow run was handed the runner; its job-started hook refused ` +
      `${who} before its first step.`,
  )
  const fresh = refusals <= MAX_REPLACEMENTS ? await replace(deps, current, config, 'refusal', refusals) : undefined
  if (typeof fresh === 'object') return { ...fresh, ...(current.ran ? { ran: current.ran } : {}) }
  return claimOf(deps, current, config).taken(
    `its job-started hook refused ${who} before its first step` +
      (fresh !== undefined
        ? `; no fresh runner could be started (${fresh})`
        : `, the ${ordinal(refusals)} job of another run; no more fresh runners are started`),
  )
}

const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`

/** The holder's claim watch, or a plain one where GitHub cannot be asked (its `taken` says the same). */
function claimOf(deps: CleanupDeps, saved: SavedRunner, config: CleanupConfig): Pick<ClaimWatch, 'taken'> {
  const runner = config.runner()
  const github = registry(deps, runner, deps.cancelWait, deps.clock.now() + CONFIRM_RATE_LIMIT_MS)
  const run = runner.workflowRun ?? { id: 0, attempt: 0 }
  return github
    ? new ClaimWatch(deps, github, saved, run)
    : { taken: (evidence) => `Runner ${saved.name}: ${evidence}.` }
}

/** A fresh runner with the label in the same folder of the same sandbox; a string: why none could be started. */
async function replace(
  deps: CleanupDeps,
  spent: Watched,
  config: CleanupConfig,
  after: 'refusal' | 'job',
  refusals = 0,
): Promise<Watched | string> {
  const runner = config.runner()
  const github = registry(deps, runner, deps.cancelWait)
  if (!github || !runner.label || !runner.repository)
    return 'the post step has no github-token, repository or label to register one with'
  const name = nextRunnerName(spent.name)
  const { configPath, alias } = spent.watch
  const context = { target: { configPath, alias }, env: process.env, signal: deps.cancelWait }
  const serves = runner.workflowRun && {
    run: runner.workflowRun,
    repository: `${runner.repository.owner}/${runner.repository.repo}`,
  }
  try {
    // The spent runner deregisters after its one job; where GitHub still has it, it goes now.
    await github.removeRegistration(spent.id, spent.name).catch(() => undefined)
    const online = { clock: deps.clock, signal: deps.cancelWait, core: deps.core }
    const fresh = await replaceRunner(
      online,
      context as RemoteContext,
      github,
      { pid: spent.watch.pid, folder: spent.folder, after },
      { name, label: runner.label, serves },
    )
    const why =
      after === 'job'
        ? 'for the next job of this run'
        : `for this run's job (fresh runner ${refusals} of ${MAX_REPLACEMENTS})`
    deps.core.info(
      `Runner ${name}: registered (id ${fresh.runner.id}) and online on the same sandbox with the label ` +
        `${runner.label}, ${why}.`,
    )
    const slot = { ...(spent.folder ? { folder: spent.folder } : {}), ...(spent.gpus ? { gpus: spent.gpus } : {}) }
    return { id: fresh.runner.id, name, online: true, watch: { pid: fresh.pid, configPath, alias }, ...slot }
  } catch (error) {
    // Whatever failed after the request (its answer lost, run.sh not started, never online, a cancel), GitHub may
    // hold the registration: removed by name, without the cancel signal, so no runner stays registered.
    await registry(deps, runner)
      ?.removeRegistration(0, name)
      .catch(() => undefined)
    return (error as Error).message
  }
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
