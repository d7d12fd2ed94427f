/**
 * The pool refills itself with the flow of jobs: after its claim or its cold
 * start, a step (and mode pool's keeper, at each look) starts, without waiting
 * for them, as many pool sandboxes as the pool lacks to hold `pool-size` ready
 * unclaimed ones of its request, never past the room `max-live` leaves. Ready
 * ones are asked whether they are claimed (read only, on the sandbox); ones
 * still starting count as coming. A sandbox that cannot say counts as claimed:
 * the pool may then start one too many, which the idle rule ends, rather than
 * a job waiting for one that is not there. Steps at once may start one too
 * many between them: bounded by the room, and ended by the idle rule. The
 * sandboxes it starts are not this step's to stop: the idle rule and their TTL
 * (pool-idle + max-ttl, in the start request the caller builds) end them.
 */
import { serviceText } from '../runtime/untrusted.ts'
import { isNotLive, isReady } from '../sandbox/status.ts'
import { lookAt, type Look } from './claim.ts'
import { isAbandoned } from './prepare.ts'
import { poolSandboxName, poolView, prefixOf } from './names.ts'
import type { TakeDeps } from './take.ts'

export interface RefillDeps extends Omit<TakeDeps, 'shuffle'> {
  /** Starts a pool sandbox of this request under `name`; its id (not waited for). */
  start: (name: string) => Promise<string>
}

/** The pool's sandboxes of this request: ready ones (those a hold names apart), and the ones still on their way. */
async function census(deps: RefillDeps, pool: RefillPool) {
  const { prefix } = pool
  const recent = pool.recent ?? []
  const view = await poolView(deps.list(), (parts) => prefixOf(parts) === prefix)
  const { held } = view
  // What this look just stopped is gone, whatever a list read before the stop says.
  const items = view.items.filter((item) => !pool.gone?.includes(item.id))
  const ready = items.filter((item) => isReady(item.status))
  // Anything neither ready nor failed nor ended is on its way (status.ts: an unknown word is in progress).
  const starting = items.filter((item) => !isReady(item.status) && !isNotLive(item.status)).map((item) => item.id)
  // One this step started that the list does not show yet (a list may lag a start) is on its way too.
  const listed = new Set(items.map((item) => item.id))
  starting.push(...recent.filter((id) => !listed.has(id)))
  return {
    ready: ready.filter((item) => !held.has(item.id)),
    held: ready.filter((item) => held.has(item.id)),
    starting,
  }
}

export interface Refilled {
  started: string[]
  /** A start was refused or failed (a watching keeper waits longer before its next). */
  startFailed?: boolean
  /** Ready and unclaimed, and still starting, before the refill. */
  unclaimed: number
  starting: number
  /**
   * The same by id; `claimed`: ready ones a job holds (or that could not say); `unprepared`: in a prepared pool, ready
   * unclaimed ones no step has begun to prepare (counted as starting: a keeper or a branch job's post step prepares).
   */
  ids: { unclaimed: string[]; claimed: string[]; starting: string[]; unprepared: string[] }
}

/**
 * In a prepared pool a ready sandbox is the pool's only once prepared; before that it is on its way. One that could not
 * say counts as claimed, or, for a step that looks again within seconds (`unsureComing`), as on its way: a keeper
 * whose SSH fails must not start `pool-size` more at every look.
 */
function sortLooks(
  ready: { id: string }[],
  looks: Look[],
  prepared: { now: number; limitMs: number } | undefined,
  unsureComing: boolean,
) {
  const ids = { unclaimed: [] as string[], claimed: [] as string[], coming: [] as string[], unprepared: [] as string[] }
  ready.forEach(({ id }, k) => {
    const look = looks[k] ?? { by: undefined }
    if (look.by === undefined && unsureComing) ids.coming.push(id)
    else if (look.by !== null) ids.claimed.push(id)
    else if (!prepared || look.preparedAt !== undefined) ids.unclaimed.push(id)
    // An abandoned one is neither: the idle rule stops it.
    else if (isAbandoned(look, prepared.now, prepared.limitMs)) return
    else {
      ids.coming.push(id)
      if (look.preparingSince === undefined) ids.unprepared.push(id)
    }
  })
  return ids
}

export interface RefillPool {
  name: string
  prefix: string
  size: number
  room: number
  prepareLimitMs?: number
  /**
   * A watching keeper's: the ids it started lately (on their way until the list shows them). Given, a ready one that
   * cannot say whether it is claimed counts as on its way (the keeper looks again in seconds).
   */
  recent?: readonly string[]
  /** Stopped by this look's idle rule (its list may be read once, before the stops). */
  gone?: readonly string[]
  /**
   * A watching keeper of the pull requests' pool: the ready ones it knows prepared (id to when), counted unclaimed
   * without asking them over SSH while no hold names them. Only a count: a claim and an idle stop ask the sandbox.
   */
  knownPrepared?: ReadonlyMap<string, number>
}

/** Starts what the pool lacks (at most `room`); the ids started, and what it found. */
export async function refill(deps: RefillDeps, pool: RefillPool): Promise<Refilled> {
  const { ready, held, starting: startingOnes } = await census(deps, pool)
  // One that cannot say (no access, no answer) counts as claimed: at worst one too many starts, and idles out.
  const looks = await Promise.all(
    ready.map(async (item) => {
      const { id } = item
      // Known prepared, and no hold names it: unclaimed for this count, with no connection (a claim's hold shows it).
      const known = pool.knownPrepared?.get(id)
      if (known !== undefined) return { by: null, preparedAt: known } satisfies Look
      const context = { env: deps.env, signal: deps.signal }
      // A list item with an SSH address serves as the record; one without is read (a list may leave fields out).
      return (item.ssh ? Promise.resolve({ ...item, status: item.status ?? '' }) : deps.read(id))
        .then((record) => deps.reach(id, record))
        .then((target) => lookAt(target, id, context))
        .catch((): Look => ({ by: undefined }))
    }),
  )
  deps.mark?.('survey')
  const limitMs = pool.prepareLimitMs
  const prepared = limitMs === undefined ? undefined : { now: deps.clock.now(), limitMs }
  const sorted = sortLooks(ready, looks, prepared, pool.recent !== undefined)
  const unclaimedIds = sorted.unclaimed
  // A sandbox a hold names is claimed, whatever it says of itself (no need to ask it).
  const claimedIds = [...held.map((item) => item.id), ...sorted.claimed]
  const startingIds = [...startingOnes, ...sorted.coming]
  const unclaimed = unclaimedIds.length
  const starting = startingIds.length
  const lacking = Math.max(0, Math.min(pool.size - unclaimed - starting, pool.room))
  const started: string[] = []
  let startFailed = false
  for (let k = 0; k < lacking; k++) {
    try {
      started.push(await deps.start(poolSandboxName(pool.prefix)))
      deps.mark?.('start')
    } catch (error) {
      deps.log(`Pool '${pool.name}': a sandbox for the pool could not be started (${serviceText(String(error), 200)}).`)
      startFailed = true
      break
    }
  }
  const room = pool.size - unclaimed - starting > pool.room ? `; max-live leaves room for ${pool.room}` : ''
  deps.log(
    `Pool '${pool.name}': ${unclaimed} ready and unclaimed, ${starting} starting, pool-size ${pool.size}: ` +
      `started ${started.length}${room}.`,
  )
  const ids = { unclaimed: unclaimedIds, claimed: claimedIds, starting: startingIds, unprepared: sorted.unprepared }
  return { started, unclaimed, starting, ids, ...(startFailed ? { startFailed } : {}) }
}
