/**
 * Preparing a prepared pool's sandboxes (CONTRACT "Prepared pool"), as the
 * steps that may prepare do it (mode `pool`, a branch job's refill): each one
 * waited for until ready, locked for this step, prepared, marked; one whose
 * preparation failed, ran past its limit or was cut short when the step ended
 * is claimed by this step (so no job ever can) and stopped, its last lines
 * shown as untrusted text. Each sandbox being prepared is in the step's state
 * until then, so a post step stops one the main step left half-prepared.
 */
import type { SandboxRecord } from '../client/schemas.ts'
import type { PoolPreparation } from '../inputs/pool.ts'
import type { SshTarget } from '../remote/ssh-command.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { remoteContext } from '../sandbox/remote-context.ts'
import { isNotLive, isReady } from '../sandbox/status.ts'
import type { StepDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'
import { formatDuration } from '../step/summary.ts'
import { claimSandbox } from './claim.ts'
import type { IdleDeps } from './idle.ts'
import { waitedMs } from './match.ts'
import { checkoutOf, lockPreparation, lockText, markPrepared, runPreparation } from './prepare.ts'
import type { PooledConfig } from './request.ts'

export type PreparedConfig = PooledConfig & { pool: { prepare: PoolPreparation } }

/** How often a sandbox being provisioned is read again before its preparation. */
const READY_POLL_MS = 1_000

/** One preparation's end, for the keeper's summary (billed time: from creation to mark or stop). */
export interface Prepared {
  id: string
  kind: 'prepared' | 'failed' | 'cancelled' | 'skipped'
  /** Sandbox-milliseconds from its creation to its mark or stop (undefined: skipped, or no creation time shown). */
  billedMs?: number
  /** Skipped because it could not begin yet (not ready within the limit, no SSH answer): a later look may try again. */
  again?: true
}

/** How many times this step tries a sandbox whose preparation could not begin, before it leaves it to the idle rule. */
export const BEGIN_TRIES = 3

/** Until `id` is ready (its record), or undefined once it ended, failed or the limit passed. */
export async function readyRecord(pool: IdleDeps, id: string, untilMs: number, signal: AbortSignal) {
  while (pool.clock.now() < untilMs) {
    const record = await pool.read(id).catch(() => undefined)
    if (record && isReady(record.status)) return record
    if (record && isNotLive(record.status)) return undefined
    await pool.clock.sleep(READY_POLL_MS, signal)
  }
  return undefined
}

/**
 * Prepares the pool sandboxes of one step, several at once: `add` each one as it is known (started, or found ready
 * and unprepared), `settle` waits for them all; `cancel` ends those still under way (each stopped).
 */
export class Preparer {
  private readonly running = new Map<string, Promise<Prepared>>()
  private readonly targets = new Map<string, SshTarget>()
  private readonly cut = new AbortController()
  /** Sandboxes whose preparation could not begin yet, and how many times it was tried. */
  private readonly unbegun = new Map<string, number>()
  readonly done: Prepared[] = []
  /** Failed preparations since the last success, and the last one's words (its last lines are the sandbox's). */
  failuresInRow = 0
  lastFailure: { id: string; why: string; lastLines: string[] } | undefined
  /** Who prepares: the claimant of a failed preparation's claim, and the name in each lock. */
  readonly claimant: string
  private readonly config: PreparedConfig
  private readonly deps: StepDeps
  private readonly pool: IdleDeps
  private readonly state: ActionState

  constructor(config: PreparedConfig, deps: StepDeps, pool: IdleDeps, state: ActionState) {
    this.config = config
    this.deps = deps
    this.pool = pool
    this.state = state
    this.claimant = `prep-${config.name}`.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80)
  }

  get busy(): number {
    return this.running.size
  }

  /**
   * What this step is preparing or will try again: its own idle rule leaves them alone (one that came ready only after
   * pool-idle has waited that long since its creation, not since anyone could prepare it).
   */
  get mine(): string[] {
    return [...this.running.keys(), ...this.unbegun.keys()]
  }

  /** Being prepared, or done with: one whose preparation could not begin yet is not, and may be added again. */
  has(id: string): boolean {
    return this.running.has(id) || this.done.some((item) => item.id === id)
  }

  add(id: string): void {
    if (this.has(id)) return
    const run = this.prepare(id).catch((error: unknown): Prepared => {
      this.pool.log(`Pool '${this.config.pool.name}': ${id} not prepared (${serviceText(String(error), 200)}).`)
      return { id, kind: 'failed' }
    })
    this.running.set(
      id,
      run.then((prepared) => {
        this.running.delete(id)
        if (!this.tryAgain(prepared)) this.done.push(prepared)
        return prepared
      }),
    )
  }

  /** Whether one whose preparation could not begin is kept for a later look (a few times, while this step lives). */
  private tryAgain(prepared: Prepared): boolean {
    const tries = (this.unbegun.get(prepared.id) ?? 0) + 1
    this.unbegun.delete(prepared.id)
    if (!prepared.again || this.cut.signal.aborted || this.deps.signal.aborted) return false
    if (tries < BEGIN_TRIES) {
      this.unbegun.set(prepared.id, tries)
      return true
    }
    const name = this.config.pool.name
    this.pool.log(`Pool '${name}': ${prepared.id}: its preparation could not begin ${tries} times; left to pool-idle.`)
    return false
  }

  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values())
  }

  /** Ends every preparation under way; each one's sandbox is stopped (nothing is left half-prepared). */
  async cancel(): Promise<void> {
    this.cut.abort(new Error('the keeper ends'))
    await this.settle()
  }

  private forget(id: string): void {
    this.targets.delete(id)
    this.save()
  }

  private save(): void {
    const pending = [...this.targets].map(([id, target]) => ({ id, ...target }))
    this.state.savePoolClaims({ claimant: this.claimant, pending }, 'preparing')
  }

  private async prepare(id: string): Promise<Prepared> {
    const { config, deps, pool } = this
    const name = config.pool.name
    const signal = AbortSignal.any([deps.signal, this.cut.signal])
    const until = deps.clock.now() + config.timeoutMs
    const record = await readyRecord(pool, id, until, signal).catch(() => undefined)
    if (!record) {
      // Nothing begun on it, nothing stopped: it stays the pool's, for a later look or keeper to prepare.
      if (signal.aborted || deps.clock.now() < until) return { id, kind: 'skipped' }
      pool.log(`Pool '${name}': ${id} was not ready within timeout; a later look or keeper prepares it once it is.`)
      return { id, kind: 'skipped', again: true }
    }
    const target = await pool.reach(id, record)
    // Taken now: another step judges this preparation abandoned by when it began, not by when this step did.
    const lock = lockText(this.claimant, deps.clock.now())
    const locked = await lockPreparation(target, id, lock, { env: pool.env, signal })
    if (locked === 'unreachable' && !signal.aborted) {
      pool.log(`Pool '${name}': ${id} did not answer over SSH; a later look or keeper prepares it once it does.`)
      return { id, kind: 'skipped', again: true }
    }
    if (locked !== 'locked') {
      if (locked !== 'prepared') pool.log(`Pool '${name}': ${id} not prepared by this step: ${locked}.`)
      return { id, kind: 'skipped' }
    }
    this.targets.set(id, target)
    this.save()
    pool.log(`Pool '${name}': preparing ${id} (pool-prepare; its output follows, each line after its id).`)
    const context = { ...remoteContext(deps, id, target, config.image === undefined ? 'host' : 'image'), signal }
    const show = (line: string) => deps.core.programLine(`${id}: ${line}`)
    const { prepare } = config.pool
    const checkout = checkoutOf(prepare, target, pool.env)
    const outcome = await runPreparation(context, { script: prepare.script, checkout }, config.timeoutMs, show).catch(
      (error: unknown) => ({ ok: false as const, why: serviceText(String(error), 200), lastLines: [] }),
    )
    if (outcome.ok) {
      const mark = await markPrepared(target, id, lock, deps.clock.now(), { env: pool.env, signal })
      if (mark === 'marked') {
        this.forget(id)
        this.failuresInRow = 0
        pool.log(`Pool '${name}': ${id} prepared in ${formatDuration(outcome.tookMs)}; it may be claimed now.`)
        return { id, kind: 'prepared', billedMs: billedSince(record, deps.clock.now()) }
      }
      return this.unused(id, target, record, `its mark could not be written (${mark})`, [])
    }
    const why = signal.aborted ? 'the step ended before it did' : outcome.why
    return this.unused(id, target, record, why, outcome.lastLines)
  }

  /** A sandbox this step locked whose preparation did not succeed: claimed by this step, then stopped. */
  private async unused(id: string, target: SshTarget, record: SandboxRecord, why: string, lastLines: string[]) {
    const { pool, deps } = this
    const name = this.config.pool.name
    // Counted before the stop: a look during it must already know (a keeper stops starting after a few in a row).
    const kind = this.cut.signal.aborted ? 'cancelled' : 'failed'
    if (kind === 'failed') {
      this.failuresInRow++
      this.lastFailure = { id, why, lastLines }
    }
    pool.log(`Pool '${name}': the preparation of ${id} did not succeed (${serviceText(why, 200)}); it is stopped.`)
    if (lastLines.length > 0) {
      pool.log(`Pool '${name}': its last ${lastLines.length} lines:`)
      for (const line of lastLines) deps.core.programLine(`${id}: ${line}`)
    }
    // Claimed first, as an idle stop is: a sandbox this step claimed no job can claim.
    const verdict = await claimSandbox(target, id, this.claimant, { env: pool.env, signal: deps.signal })
    // One not stopped now stays in the state, claimed by this step: the post step stops it.
    const stopped =
      verdict.kind === 'won' &&
      (await pool.stop(id).then(
        () => true,
        () => false,
      ))
    if (stopped) this.forget(id)
    else pool.log(`Pool '${name}': ${id} could not be stopped now; it stays this step's, for its post step to stop.`)
    return { id, kind, billedMs: billedSince(record, deps.clock.now()) } satisfies Prepared
  }
}

const billedSince = (record: SandboxRecord, now: number) => waitedMs(record, now)
