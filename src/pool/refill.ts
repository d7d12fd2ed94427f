/**
 * The pool refills itself with the flow of jobs (issue 55, not wired into a
 * mode yet): after its claim or its cold start, a step starts, without waiting
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
import { claimedBy } from './claim.ts'
import { poolSandboxName, poolView, prefixOf } from './names.ts'
import type { TakeDeps } from './take.ts'

export interface RefillDeps extends Omit<TakeDeps, 'shuffle'> {
  /** Starts a pool sandbox of this request under `name`; its id (not waited for). */
  start: (name: string) => Promise<string>
}

/** The pool's sandboxes of this request: ready ones (those a hold names apart), and the ones still on their way. */
async function census(deps: RefillDeps, prefix: string) {
  const { items, held } = await poolView(deps.list(), (parts) => prefixOf(parts) === prefix)
  const ready = items.filter((item) => isReady(item.status))
  // Anything neither ready nor failed nor ended is on its way (status.ts: an unknown word is in progress).
  const starting = items.filter((item) => !isReady(item.status) && !isNotLive(item.status)).map((item) => item.id)
  return {
    ready: ready.filter((item) => !held.has(item.id)),
    held: ready.filter((item) => held.has(item.id)),
    starting,
  }
}

export interface Refilled {
  started: string[]
  /** Ready and unclaimed, and still starting, before the refill. */
  unclaimed: number
  starting: number
  /** The same by id; `claimed`: ready ones a job holds (or that could not say). */
  ids: { unclaimed: string[]; claimed: string[]; starting: string[] }
}

/** Starts what the pool lacks (at most `room`); the ids started, and what it found. */
export async function refill(
  deps: RefillDeps,
  pool: { name: string; prefix: string; size: number; room: number },
): Promise<Refilled> {
  const { ready, held, starting: startingIds } = await census(deps, pool.prefix)
  const starting = startingIds.length
  // One that cannot say (no access, no answer) counts as claimed: at worst one too many starts, and idles out.
  const probes = await Promise.all(
    ready.map(async (item) => {
      const { id } = item
      const context = { env: deps.env, signal: deps.signal }
      // A list item with an SSH address serves as the record; one without is read (a list may leave fields out).
      const by = await (item.ssh ? Promise.resolve({ ...item, status: item.status ?? '' }) : deps.read(id))
        .then((record) => deps.reach(id, record))
        .then((target) => claimedBy(target, id, context))
        .catch(() => undefined)
      return by === null
    }),
  )
  const unclaimedIds = ready.filter((_, k) => probes[k]).map((item) => item.id)
  // A sandbox a hold names is claimed, whatever it says of itself (no need to ask it).
  const claimedIds = [...held, ...ready.filter((_, k) => !probes[k])].map((item) => item.id)
  const unclaimed = unclaimedIds.length
  const lacking = Math.max(0, Math.min(pool.size - unclaimed - starting, pool.room))
  const started: string[] = []
  for (let k = 0; k < lacking; k++) {
    try {
      started.push(await deps.start(poolSandboxName(pool.prefix)))
    } catch (error) {
      deps.log(`Pool '${pool.name}': a sandbox for the pool could not be started (${serviceText(String(error), 200)}).`)
      break
    }
  }
  const room = pool.size - unclaimed - starting > pool.room ? `; max-live leaves room for ${pool.room}` : ''
  deps.log(
    `Pool '${pool.name}': ${unclaimed} ready and unclaimed, ${starting} starting, pool-size ${pool.size}: ` +
      `started ${started.length}${room}.`,
  )
  return { started, unclaimed, starting, ids: { unclaimed: unclaimedIds, claimed: claimedIds, starting: startingIds } }
}
