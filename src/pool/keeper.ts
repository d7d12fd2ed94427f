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
import { serviceText } from '../runtime/untrusted.ts'
import { renewInPlace, type PreparedSandboxSsh } from '../ssh/access.ts'
import type { StepDeps } from '../step/deps.ts'
import { formatDuration } from '../step/summary.ts'
import type { ActionState } from '../step/state.ts'
import type { IdleDeps } from './idle.ts'
import { Preparer, type Prepared, type PreparedConfig } from './preparer.ts'
import type { PooledConfig } from './request.ts'
import { keepPool, type Upkeep } from './upkeep.ts'

/** How often a watching keeper looks at its pool. */
export const LOOK_EVERY_MS = 2_000

export interface Kept {
  /** The last pass's view of the pool. */
  last: Upkeep
  /** Every pass's starts and idle stops together. */
  started: string[]
  stopped: string[]
  preparations: Prepared[]
  passes: number
}

const isPrepared = (config: PooledConfig): config is PreparedConfig => config.pool.prepare !== undefined

/** One pass, or `pool-watch`'s passes; what they did. */
export async function keepAndWatch(
  config: PooledConfig,
  deps: StepDeps,
  pool: IdleDeps,
  options: { claimant: string; state: ActionState; ssh?: PreparedSandboxSsh; drain?: boolean },
): Promise<Kept> {
  // Mode pool with pool-size 0 only: a job's own upkeep never drains (its own claim would be its to stop).
  const drain = options.drain === true
  const preparer = isPrepared(config) && !drain ? new Preparer(config, deps, pool, options.state) : undefined
  const kept: Kept = { last: undefined as unknown as Upkeep, started: [], stopped: [], preparations: [], passes: 0 }
  const pass = async (quiet: boolean) => {
    const lines: string[] = []
    const passDeps = quiet ? { ...pool, log: (line: string) => lines.push(line) } : pool
    // Hours of watching outlive the certificate the claims and preparations use: renewed in place.
    if (options.ssh) await renewInPlace(deps, options.ssh)
    const upkeep = await keepPool(config, deps, passDeps, { claimant: options.claimant, drain })
    kept.last = upkeep
    kept.passes++
    kept.started.push(...upkeep.started)
    kept.stopped.push(...upkeep.stopped)
    if (upkeep.started.length + upkeep.stopped.length > 0) for (const line of lines) pool.log(line)
    for (const id of [...upkeep.started, ...upkeep.ids.unprepared]) preparer?.add(id)
  }
  await pass(false)
  const watchMs = (config.pool.watchSeconds ?? 0) * 1000
  if (watchMs > 0) {
    const endAt = deps.clock.now() + watchMs
    pool.log(`Pool '${config.pool.name}': watching it for ${formatDuration(watchMs)}, a look every few seconds.`)
    while (deps.clock.now() < endAt) {
      await deps.clock.sleep(Math.min(LOOK_EVERY_MS, endAt - deps.clock.now()), deps.signal)
      await pass(true).catch((error: unknown) => {
        if (deps.signal.aborted) throw error
        pool.log(`Pool '${config.pool.name}': a look failed (${serviceText(String(error), 200)}); looking again.`)
      })
    }
    pool.log(`Pool '${config.pool.name}': pool-watch is over after ${kept.passes} looks.`)
    // Nothing half-prepared stays: what is still being prepared is ended and stopped.
    if (preparer && preparer.busy > 0) {
      pool.log(`Pool '${config.pool.name}': ${preparer.busy} preparation(s) still under way: ended, stopped.`)
      await preparer.cancel()
    }
  }
  await preparer?.settle()
  kept.preparations = preparer?.done ?? []
  return kept
}
