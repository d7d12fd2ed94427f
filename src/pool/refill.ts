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
import { poolListed, poolSandboxName, prefixOf } from './names.ts'
import type { TakeDeps } from './take.ts'

export interface RefillDeps extends Omit<TakeDeps, 'shuffle' | 'read'> {
  /** Starts a pool sandbox of this request under `name`; its id (not waited for). */
  start: (name: string) => Promise<string>
}

/** The pool's sandboxes of this request: ready ones, and how many are still on their way. */
async function census(deps: RefillDeps, prefix: string) {
  const listed = await poolListed(deps.list(), (parts) => prefixOf(parts) === prefix)
  const ready = listed.filter((item) => isReady(item.status))
  // Anything neither ready nor failed nor ended is on its way (status.ts: an unknown word is in progress).
  const starting = listed.filter((item) => !isReady(item.status) && !isNotLive(item.status)).length
  return { ready, starting }
}

/** Starts what the pool lacks (at most `room`); the ids started, and the count it found. */
export async function refill(
  deps: RefillDeps,
  pool: { name: string; prefix: string; size: number; room: number },
): Promise<{ started: string[]; unclaimed: number; starting: number }> {
  const { ready, starting } = await census(deps, pool.prefix)
  // One that cannot say (no access, no answer) counts as claimed: at worst one too many starts, and idles out.
  const probes = await Promise.all(
    ready.map(async (item) => {
      const { id } = item
      const context = { env: deps.env, signal: deps.signal }
      // A ready list item has a status: it serves as the record where SSH access is made.
      const by = await deps
        .reach(id, { ...item, status: item.status ?? '' })
        .then((target) => claimedBy(target, id, context))
        .catch(() => undefined)
      return by === null
    }),
  )
  const unclaimed = probes.filter(Boolean).length
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
  return { started, unclaimed, starting }
}
