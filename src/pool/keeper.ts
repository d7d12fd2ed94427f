/**
 * Mode `pool`'s keeper: one pass of the upkeep (stop the idle, start what the
 * pool lacks) and, for a prepared pool, the preparation of what it started or
 * found ready and unprepared; with `pool-watch`, a pass every few seconds for
 * that long, so a claimed sandbox is replaced within seconds (GitHub's
 * schedule alone is late by minutes). A pass that starts or stops nothing
 * logs nothing. At the end no new preparation begins and those under way are
 * ended, their sandboxes stopped: nothing is left half-prepared. A pass that
 * fails (a list that does not answer) is a line, and the next pass tries again.
 */
import type { ListedSandbox } from '../client/schemas.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { renewInPlace, type PreparedSandboxSsh } from '../ssh/access.ts'
import type { StepDeps } from '../step/deps.ts'
import { formatDuration } from '../step/summary.ts'
import type { ActionState } from '../step/state.ts'
import type { IdleDeps } from './idle.ts'
import { Preparer, type Prepared, type PreparedConfig } from './preparer.ts'
import type { PooledConfig } from './request.ts'
import { keepPool, type Upkeep } from './upkeep.ts'
import { Phases, type Mark } from './phases.ts'

/** How often a watching keeper looks at its pool. */
export const LOOK_EVERY_MS = 2_000
/** How long a sandbox a watching keeper started counts as on its way without the list showing it. */
const RECENT_MS = 60_000
/** How long a watching keeper counts a sandbox it saw prepared and unclaimed as such without asking it again. */
const KNOWN_FOR_MS = 30_000

export interface Kept {
  /** The last pass's view of the pool. */
  last: Upkeep
  /** Every pass's starts and idle stops together. */
  started: string[]
  stopped: string[]
  preparations: Prepared[]
  passes: number
  /** Why the step fails: a one-pass keeper's preparation failed, or a watching one's failed 3 times in a row. */
  failure?: string
}

/** A watching keeper whose preparations fail this many times in a row, without a success, starts no more. */
export const FAILURES_IN_ROW = 3

/** The step's error for failed preparations (their last lines are the sandbox's: shown as untrusted text). */
function failureOf(preparer: Preparer, watching: boolean): string | undefined {
  const failed = preparer.done.filter((item) => item.kind === 'failed').length
  const last = preparer.lastFailure
  if (!last || (watching ? preparer.failuresInRow < FAILURES_IN_ROW : failed === 0)) return undefined
  const lines = last.lastLines.slice(-5).map((line) => serviceText(line, 200))
  const what = watching
    ? `pool-prepare failed ${preparer.failuresInRow} times in a row without a success, so no more sandboxes are started`
    : `pool-prepare failed on ${failed} of the pool's sandboxes (each stopped, never claimed)`
  return (
    `${what}; the last, on ${last.id}: ${serviceText(last.why, 200)}` +
    (lines.length > 0 ? `; its last lines: ${lines.join(' / ')}` : '')
  )
}

const isPrepared = (config: PooledConfig): config is PreparedConfig => config.pool.prepare !== undefined

/** After a start that failed, a watching keeper starts nothing for this long, doubled each time up to the most. */
const START_BACKOFF_MS = 10_000
const START_BACKOFF_MAX_MS = 5 * 60_000

interface KeeperOptions {
  claimant: string
  state: ActionState
  ssh?: PreparedSandboxSsh
  drain?: boolean
}

/** The list once per look: the idle rule and the refill read the same one (a look asks the service once). */
function listOnce(pool: IdleDeps, mark: Mark): IdleDeps['list'] {
  let items: Promise<ListedSandbox[]> | undefined
  return () => {
    items ??= (async () => {
      const all: ListedSandbox[] = []
      for await (const item of pool.list()) all.push(item)
      mark('list')
      return all
    })()
    return (async function* () {
      yield* await items
    })()
  }
}

/** The looks of one keeper: what it started lately, when it may start again, and what every look did. */
class Looks {
  readonly kept: Kept = { last: undefined as unknown as Upkeep, started: [], stopped: [], preparations: [], passes: 0 }
  private readonly startedAt = new Map<string, number>()
  /** Pull requests' pool: what this keeper saw prepared and unclaimed (its claims show as holds in the list). */
  private readonly knownPrepared = new Map<string, number>()
  private startsFrom = 0
  private backoffMs = START_BACKOFF_MS
  private readonly config: PooledConfig
  private readonly deps: StepDeps
  private readonly pool: IdleDeps
  private readonly options: KeeperOptions
  private readonly preparer: Preparer | undefined

  constructor(config: PooledConfig, deps: StepDeps, pool: IdleDeps, options: KeeperOptions, preparer?: Preparer) {
    this.config = config
    this.deps = deps
    this.pool = pool
    this.options = options
    this.preparer = preparer
  }

  /** Whether this keeper may start more: not once its preparations failed FAILURES_IN_ROW times in a row. */
  mayStart(): boolean {
    return (this.preparer?.failuresInRow ?? 0) < FAILURES_IN_ROW
  }

  /** One look; `quiet`: its lines are shown only where it started or stopped something. */
  async pass(quiet: boolean): Promise<void> {
    const { config, deps, pool, options, kept } = this
    const lines: string[] = []
    const phases = new Phases(deps.clock)
    const quietly = quiet ? { log: (line: string) => lines.push(line) } : {}
    const passDeps = { ...pool, list: listOnce(pool, phases.mark), mark: phases.mark, ...quietly }
    // Hours of watching outlive the certificate the claims and preparations use: renewed in place.
    if (options.ssh) await renewInPlace(deps, options.ssh)
    phases.mark('renew')
    const now = deps.clock.now()
    const watching = (config.pool.watchSeconds ?? 0) > 0
    // Asked again now and then: a claim whose hold was refused or lost shows no hold, only its link.
    for (const [id, at] of this.knownPrepared) if (now - at > KNOWN_FOR_MS) this.knownPrepared.delete(id)
    const recent = [...this.startedAt].filter(([, at]) => now - at < RECENT_MS).map(([id]) => id)
    const upkeep = await keepPool(config, deps, passDeps, {
      claimant: options.claimant,
      drain: options.drain === true,
      ...(watching ? { recent, noStarts: now < this.startsFrom || !this.mayStart() } : {}),
      mayStart: () => this.mayStart(),
      preparing: this.preparer?.mine ?? [],
      ...(watching && config.pool.domain === 'pull-requests' ? { knownPrepared: this.knownPrepared } : {}),
    })
    for (const id of upkeep.ids.unclaimed) this.knownPrepared.set(id, this.knownPrepared.get(id) ?? now)
    for (const id of [...upkeep.ids.claimed, ...upkeep.stopped]) this.knownPrepared.delete(id)
    for (const id of upkeep.started) this.startedAt.set(id, now)
    // A refused start (no capacity, a limit) is not asked again at every look: the organization's 30 a minute.
    if (upkeep.startFailed) {
      this.startsFrom = now + this.backoffMs
      this.backoffMs = Math.min(this.backoffMs * 2, START_BACKOFF_MAX_MS)
    } else if (upkeep.started.length > 0) this.backoffMs = START_BACKOFF_MS
    kept.last = upkeep
    kept.passes++
    kept.started.push(...upkeep.started)
    kept.stopped.push(...upkeep.stopped)
    if (upkeep.started.length + upkeep.stopped.length > 0 || upkeep.startFailed) {
      for (const line of lines) pool.log(line)
      deps.core.debug(phases.line(`Pool '${config.pool.name}': look ${kept.passes}`))
    }
    for (const id of [...upkeep.started, ...upkeep.ids.unprepared]) this.preparer?.add(id)
  }
}

/** One pass, or `pool-watch`'s passes; what they did. */
export async function keepAndWatch(
  config: PooledConfig,
  deps: StepDeps,
  pool: IdleDeps,
  options: KeeperOptions,
): Promise<Kept> {
  // Mode pool with pool-size 0 only: a job's own upkeep never drains (its own claim would be its to stop).
  const drain = options.drain === true
  const preparer = isPrepared(config) && !drain ? new Preparer(config, deps, pool, options.state) : undefined
  const looks = new Looks(config, deps, pool, options, preparer)
  await looks.pass(false)
  const watchMs = (config.pool.watchSeconds ?? 0) * 1000
  if (watchMs > 0) {
    const name = config.pool.name
    const endAt = deps.clock.now() + watchMs
    pool.log(`Pool '${name}': watching it for ${formatDuration(watchMs)}, a look every few seconds.`)
    while (deps.clock.now() < endAt && looks.mayStart()) {
      await deps.clock.sleep(Math.min(LOOK_EVERY_MS, endAt - deps.clock.now()), deps.signal)
      await looks.pass(true).catch((error: unknown) => {
        if (deps.signal.aborted) throw error
        pool.log(`Pool '${name}': a look failed (${serviceText(String(error), 200)}); looking again.`)
      })
    }
    if (!looks.mayStart())
      pool.log(`Pool '${name}': ${FAILURES_IN_ROW} preparations failed in a row: no more are started; the keeper ends.`)
    else pool.log(`Pool '${name}': pool-watch is over after ${looks.kept.passes} looks.`)
    // Nothing half-prepared stays: what is still being prepared is ended and stopped.
    if (preparer && preparer.busy > 0) {
      pool.log(`Pool '${name}': ${preparer.busy} preparation(s) still under way: ended, stopped.`)
      await preparer.cancel()
    }
  }
  await preparer?.settle()
  looks.kept.preparations = preparer?.done ?? []
  const failure = preparer && failureOf(preparer, watchMs > 0)
  return failure ? { ...looks.kept, failure } : looks.kept
}
