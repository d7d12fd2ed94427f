/**
 * The warm pool's idle rule: a pool sandbox unclaimed for `pool-idle` is
 * stopped by whichever step of the pool looks next (a start with `pool`,
 * `mode: pool`, `mode: sweep`), with no controller. The stopper claims it
 * first, on the sandbox, as a job would: one that a job has claimed (its link,
 * or a hold in the list) is never stopped as idle, and one the stopper claimed
 * no job can claim any more, so a job and an idle stop never meet on one
 * sandbox. Only this repository's sandboxes of this pool are looked at, by
 * their parsed names, and a step of the pool only its own request and trust
 * domain's; how long one waited is its record's (created_at), never its
 * name's; a record that does not say is kept (its TTL ends it).
 */
import type { SandboxRecord } from '../client/schemas.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { isReady } from '../sandbox/status.ts'
import { claimSandbox, lookAt } from './claim.ts'
import { isAbandoned } from './prepare.ts'
import { waitedMs } from './match.ts'
import { poolView, prefixOf } from './names.ts'
import type { TakeDeps } from './take.ts'
import type { SshTarget } from '../remote/ssh-command.ts'

export interface IdleDeps extends Omit<TakeDeps, 'shuffle'> {
  /** Stops a sandbox this step claimed (retried as any stop of the action's). */
  stop: (id: string) => Promise<void>
  /** Removes the SSH access files of every pool sandbox but `keep`'s (access.ts). */
  forget?: (keep: readonly string[]) => void
}

/**
 * This repository's live sandboxes of `pool`: with `prefix`, one request and trust domain's only (a step stops as
 * idle only its own domain's), else any request's of either domain (the sweep). One a hold names is a job's: kept.
 */
async function poolSandboxes(deps: IdleDeps, pool: IdlePool): Promise<string[]> {
  const { repositoryId, name, prefix, idleMs } = pool
  const { items, held } = await poolView(deps.list(), (parts) =>
    prefix === undefined ? parts.repositoryId === repositoryId && parts.pool === name : prefixOf(parts) === prefix,
  )
  const now = deps.clock.now()
  // One the list shows younger than pool-idle is not read (a keeper looks every few seconds); its record decides.
  const young = (item: (typeof items)[number]) =>
    (waitedMs({ ...item, status: item.status ?? '' }, now) ?? idleMs) < idleMs
  const mine = (item: (typeof items)[number]) => pool.preparing?.includes(item.id) === true
  return items
    .filter((item) => (item.status === undefined || isReady(item.status)) && !held.has(item.id) && !young(item))
    .filter((item) => !mine(item))
    .map((item) => item.id)
}

export interface IdlePool {
  name: string
  repositoryId: string
  idleMs: number
  claimant: string
  /** One request and trust domain's names (a step of the pool); undefined: the whole pool (the sweep). */
  prefix?: string
  /** A prepared pool's preparation limit: its idle time counts from its mark, and an abandoned one is stopped. */
  prepareLimitMs?: number
  /** What this step itself is preparing or will try again: never its own idle stop's. */
  preparing?: readonly string[]
}

/**
 * In a prepared pool: how long one has waited since its preparation was marked, or since its creation where nobody
 * began to prepare it; Infinity for an abandoned preparation; undefined while one is under way.
 */
async function preparedWait(deps: IdleDeps, id: string, target: SshTarget, record: SandboxRecord, limitMs: number) {
  const look = await lookAt(target, id, { env: deps.env, signal: deps.signal })
  const now = deps.clock.now()
  if (look.preparedAt !== undefined) return now - look.preparedAt
  if (isAbandoned(look, now, limitMs)) return Infinity
  return look.preparingSince === undefined ? waitedMs(record, now) : undefined
}

/** Why one sandbox is kept, or undefined once it is claimed for the stop. */
async function claimIdle(deps: IdleDeps, id: string, pool: IdlePool): Promise<string | undefined> {
  const { idleMs, claimant, prepareLimitMs } = pool
  const record: SandboxRecord = await deps.read(id)
  if (!isReady(record.status)) return `it is '${serviceText(record.status, 40)}'`
  const created = waitedMs(record, deps.clock.now())
  if (created === undefined) return 'its record shows no created_at'
  // Nothing waits longer since its mark than since its creation: no SSH for one not idle long enough.
  if (created < idleMs) return 'not idle long enough'
  const target = await deps.reach(id, record)
  if (prepareLimitMs !== undefined) {
    const waited = await preparedWait(deps, id, target, record, prepareLimitMs)
    if (waited === undefined) return 'being prepared'
    // A drain (idleMs 0) stops a prepared one however its preparer's clock marked it.
    if (idleMs > 0 && waited < idleMs) return 'not idle long enough'
  }
  deps.track?.(id, target)
  const verdict = await claimSandbox(target, id, claimant, { env: deps.env, signal: deps.signal })
  if (verdict.kind === 'won') return undefined
  if (verdict.kind !== 'unreachable') deps.track?.(id, undefined)
  return verdict.kind === 'taken' ? `claimed by ${verdict.by}` : `not claimed (${verdict.why})`
}

/** Stops the pool's sandboxes unclaimed past `idleMs`, each claimed first; which were stopped. */
export async function stopIdle(deps: IdleDeps, pool: IdlePool): Promise<{ stopped: string[] }> {
  const stopped: string[] = []
  for (const id of await poolSandboxes(deps, pool)) {
    const kept = await claimIdle(deps, id, pool).catch(
      (error: unknown) => `no record or SSH access (${serviceText(String(error), 200)})`,
    )
    if (kept !== undefined) {
      if (kept !== 'not idle long enough' && kept !== 'being prepared')
        deps.log(`Pool '${pool.name}': ${id} kept: ${kept}.`)
      continue
    }
    try {
      await deps.stop(id)
      deps.track?.(id, undefined)
      stopped.push(id)
      deps.log(`Pool '${pool.name}': ${id} stopped, unclaimed past pool-idle.`)
    } catch (error) {
      // Claimed by this step, so no job takes it: its TTL (pool-idle + max-ttl) ends it.
      const why = serviceText(String(error), 200)
      deps.log(`Pool '${pool.name}': ${id} claimed for its idle stop, but the stop failed (${why}).`)
    }
  }
  return { stopped }
}
