/**
 * When the holding step of `runner: true` cannot serve its runner (CONTRACT,
 * "Runner mode never strands a job"): one JIT runner with the same label on
 * this machine (runner/local.ts), whose job-started hook fails the waiting
 * job before any of its steps runs, with one ::error that says why. Each part
 * is saved to state before it is made, so the post step removes whatever
 * exists. Where it cannot be made, the step's error says the job waits until
 * the run is cancelled, and nothing of it is left.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isAccessDenied, type RunnerRegistry } from './github.ts'
import type { UnservedRequest } from '../inputs/unserved.ts'
import type { Clock } from '../runtime/clock.ts'
import type { ActionCore } from '../runtime/core.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { SavedUnserved } from '../step/saved.ts'
import { ActionState } from '../step/state.ts'
import { registerFresh, registryFor } from './register.ts'
import {
  localRunnerAlive,
  makeRunnerDir,
  makeSeparateUser,
  removeLocalRunner,
  startLocalRunner,
  unpackRunnerPackage,
  writeHook,
} from './local.ts'

export interface UnservedDeps {
  core: ActionCore
  clock: Clock
  signal: AbortSignal
  /** The program for passwordless sudo (tests give one that refuses, to take the path without it). */
  sudo?: string
  /** process.platform, unless a test says otherwise. */
  platform?: NodeJS.Platform
}

/** The released runner connects within seconds; past this the post step still waits for it. */
const ONLINE_WAIT_MS = 2 * 60_000
const POLL_MS = 1_000
/** Past runner-timeout, what the post step may spend first (its stop may take 10 minutes), with room to spare. */
const LIFETIME_MARGIN_MS = 15 * 60_000

/** How long the failing runner may live at most, in seconds: the post step removes it long before, if it runs. */
export function runnerLifetimeSeconds(request: Pick<UnservedRequest, 'pickupTimeoutMs'>): number {
  return (ONLINE_WAIT_MS + request.pickupTimeoutMs + LIFETIME_MARGIN_MS) / 1000
}

/** A workflow command's data: `%`, CR and LF escaped as the runner expects. */
function commandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

/** What the holding job did, in the stranded job's error: failed before its runner was online, by default. */
export const BEFORE_ONLINE = 'failed before its runner came online'

/** The stranded job's one ::error: which holding job, which label, why, what to do. */
export function strandedJobError(request: UnservedRequest, reason: string, what = BEFORE_ONLINE): string {
  const run = request.workflowRun
    ? ` (workflow run ${request.workflowRun.id}, attempt ${request.workflowRun.attempt})`
    : ''
  const holder = request.holdingJob ? `'${serviceText(request.holdingJob, 100)}'` : 'of this workflow'
  const message =
    `No GPU runner was served for runs-on: ${request.label}. The holding job ${holder}${run} ${what}: ` +
    `${serviceText(reason, 400)}. This job was failed at once so that it ` +
    `does not wait in the queue; none of its steps ran and no code was fetched. Fix the cause (the ` +
    `holding job's log says more), then re-run the failed jobs: both jobs run again.`
  return `::error title=No GPU runner was served::${commandData(message)}`
}

function lastLine(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? ''
  } catch {
    return ''
  }
}

/** Polls the registration until it is online (or gone after its job); why not, if it is not. */
export async function waitOnline(deps: UnservedDeps, registry: RunnerRegistry, saved: SavedUnserved): Promise<string> {
  const until = deps.clock.now() + ONLINE_WAIT_MS
  for (;;) {
    const runner = await registry.get(saved.id)
    // A just-in-time runner deregisters after its one job: handed the waiting job at once, it may have failed it
    // already (or someone deleted it); either way nothing waits for it, and the post step removes what is left.
    if (!runner) return 'gone'
    if (runner.status === 'online') return 'online'
    if (!localRunnerAlive(saved)) {
      // It may have come online, failed its job, deregistered and ended while the read above was on its way.
      const again = await registry.get(saved.id)
      if (!again) return 'gone'
      if (again.status === 'online') return 'online'
      const out = lastLine(join(saved.dir, 'runner.out'))
      throw new Error(`run.sh ended before the runner came online${out ? ` ('${serviceText(out, 200)}')` : ''}`)
    }
    if (deps.clock.now() + POLL_MS > until) return `not online after ${ONLINE_WAIT_MS / 60_000} minutes`
    await deps.clock.sleep(POLL_MS, deps.signal)
  }
}

/** Makes the parts in order, saving each first; the saved record of what exists. */
async function makeUnserved(
  deps: UnservedDeps,
  request: UnservedRequest,
  why: { reason: string; what: string },
  saved: SavedUnserved,
  progress: { asked: boolean; index: number },
): Promise<void> {
  const { core } = deps
  const state = { saveUnserved: (one: SavedUnserved) => new ActionState(core).saveUnserved(one, progress.index) }
  const registry = registryFor(deps, request)
  state.saveUnserved(saved)
  const version = await unpackRunnerPackage(registry, request.repository.serverUrl, saved.dir, deps.signal)
  const separate = makeSeparateUser(saved.dir, deps.sudo)
  if (separate.user) saved.user = separate.user
  state.saveUnserved(saved)
  core.info(
    separate.user
      ? `Runner: actions/runner ${version} (SHA-256 checked) in ${saved.dir}, run as the separate user ` +
          `${separate.user}: steps it runs cannot read this job's processes or the step's private directory.`
      : `Runner: actions/runner ${version} (SHA-256 checked) in ${saved.dir}, run as this job's user ` +
          `(${separate.why}): its clean environment holds no input or token, but its steps could read this ` +
          `job's files.`,
  )
  const hook = writeHook(saved.dir, strandedJobError(request, why.reason, why.what))
  progress.asked = true
  // A lost answer retried hears 409: the offline registration of this name is that answer's, deleted and made again.
  const { runner, jitConfig } = await registerFresh(registry, saved.name, request.label, (line) => core.info(line))
  core.setSecret(jitConfig)
  saved.id = runner.id
  state.saveUnserved(saved)
  saved.pid = startLocalRunner(saved, hook, jitConfig, runnerLifetimeSeconds(request))
  state.saveUnserved(saved)
  const online = await waitOnline(deps, registry, saved)
  if (online === 'gone')
    core.info(
      `Runner: ${saved.name} (id ${saved.id}) is no longer registered: it failed the waiting job already (a ` +
        'just-in-time runner deregisters after its one job), or someone deleted it. The post step removes the rest.',
    )
  else if (online !== 'online')
    core.warning(`Runner ${saved.name}: ${online}; the post step still waits for its job, then removes it.`)
  else
    core.info(
      `Runner: ${saved.name} (id ${saved.id}) is online with the label '${request.label}'. The job waiting for ` +
        `that label is handed to it and fails at once, saying why; the post step removes the runner after that.`,
    )
}

/**
 * Registers and starts the failing runner; never throws (the holding step's own error is what fails it). What exists of
 * it afterwards, for a post step that serves it itself (state saved there is read by no later step).
 */
export async function serveUnserved(
  deps: UnservedDeps,
  request: UnservedRequest,
  reason: string,
  what = BEFORE_ONLINE,
  index = 1,
): Promise<SavedUnserved | undefined> {
  const { core } = deps
  // The package is actions/runner's linux-x64 release, and the removal reads /proc.
  const machine = `${deps.platform ?? process.platform}-${process.arch}`
  if (machine !== 'linux-x64') {
    reportUnservable(core, request, `the holding job runs on ${machine}; the failing runner needs linux-x64`)
    return undefined
  }
  const run = request.workflowRun ? `${request.workflowRun.id}-${request.workflowRun.attempt}` : 'local'
  const saved: SavedUnserved = {
    id: 0,
    name: `gpu-sandbox-unserved-${run}-${randomBytes(3).toString('hex')}`,
    dir: '',
    pid: 0,
  }
  const progress = { asked: false, index }
  const which = index > 1 ? `job ${index} ` : 'job '
  core.startGroup(`Runner: fail the ${which}waiting for '${request.label}' at once, instead of leaving it queued`)
  try {
    saved.dir = makeRunnerDir()
    await makeUnserved(deps, request, { reason, what }, saved, progress)
    return saved
  } catch (error) {
    const left = saved.dir ? removeLocalRunner(saved) : []
    // A refused registration made nothing; one whose answer was lost may exist, under our name.
    const deleted = !progress.asked || isAccessDenied(error) || (await deleteRegistration(deps, request, saved))
    const nothingLeft = left.length === 0 && deleted
    if (nothingLeft) new ActionState(core).saveUnserved(undefined, index)
    // A cancelled run cancels its queued jobs too: nothing waits.
    if (deps.signal.aborted)
      core.info('Runner: cancelled while the failing runner was set up; what it made is removed.')
    else reportUnservable(core, request, (error as Error).message)
    return nothingLeft ? undefined : saved
  } finally {
    core.endGroup()
  }
}

/**
 * One failing runner for each job waiting (runner-jobs or runners above 1 may leave several), made one
 * after another (a separate user each: useradd locks /etc/passwd) and each online in seconds; what exists of them.
 */
export async function serveUnservedJobs(
  deps: UnservedDeps,
  request: UnservedRequest,
  reason: string,
  what: string,
  count: number,
): Promise<SavedUnserved[]> {
  const made: SavedUnserved[] = []
  for (let k = 1; k <= Math.max(1, count) && !deps.signal.aborted; k++) {
    const saved = await serveUnserved(deps, request, reason, what, k)
    if (saved) made.push(saved)
  }
  return made
}

/** The plain error: the waiting job stays queued until the run is cancelled, and how to cancel it. */
export function reportUnservable(core: Pick<ActionCore, 'error'>, request: UnservedRequest, why: string): void {
  core.error(unservedError(request, why), { title: 'A job waits for a runner nobody serves' })
}

function unservedError(request: UnservedRequest, why: string): string {
  const run = request.workflowRun
  const cancel = run ? ` (its page, Cancel workflow; or gh run cancel ${run.id})` : ''
  return (
    `The job with runs-on: ${request.label} will wait in GitHub's queue until this workflow run is ` +
    `cancelled (GitHub keeps a queued job up to 24 hours): no runner could be registered to fail it ` +
    `(${serviceText(why, 300)}). Cancel the run${cancel}; the token needs repository administration: ` +
    `write to register runners.`
  )
}

/** Deletes a registration the failed attempt made; whether none is left. */
async function deleteRegistration(
  deps: UnservedDeps,
  request: UnservedRequest,
  saved: SavedUnserved,
): Promise<boolean> {
  // After a cancellation too: a client that is not cancelled.
  const registry = registryFor({ ...deps, signal: deps.signal.aborted ? undefined : deps.signal }, request)
  try {
    await registry.removeRegistration(saved.id, saved.name)
    return true
  } catch {
    return false
  }
}
