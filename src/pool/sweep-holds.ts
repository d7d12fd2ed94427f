/**
 * Mode `sweep`'s part of the holds (hold.ts): a hold of this repository whose
 * pool sandbox has ended holds nothing, and is stopped (a post step that never
 * ran, or whose hold stop failed, leaves one until its TTL). Whether the held
 * sandbox has ended is its own record's word (a 404, or a status that is not
 * live), never the list's absence: a list is bounded, and the held sandbox is
 * older than its hold. A hold whose sandbox still lives is kept.
 */
import { isNotFound } from '../client/errors.ts'
import { SANDBOX_ID_PATTERN, type ListedSandbox } from '../client/schemas.ts'
import { heldBy } from '../inputs/default-name.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { isNotLive } from '../sandbox/status.ts'
import { stopSandbox } from '../sandbox/stop.ts'
import type { OpContext } from '../step/deps.ts'
import { readWithin } from './deps.ts'

const STOP_BUDGET_MS = 60_000

/** Whether the held sandbox has ended, by its own record; undefined where the service did not say. */
async function hasEnded(ctx: OpContext, id: string): Promise<boolean | undefined> {
  try {
    return isNotLive((await readWithin(ctx, id)).status)
  } catch (error) {
    if (isNotFound(error)) return true
    ctx.log(`Pool: the hold of ${id} kept: its sandbox could not be read (${serviceText(String(error), 200)}).`)
    return undefined
  }
}

/** Stops this repository's live holds whose sandbox has ended; their ids (none with dry-run: named only). */
export async function sweepHolds(
  ctx: OpContext,
  listed: readonly ListedSandbox[],
  options: { repositoryId: string; dryRun: boolean },
): Promise<string[]> {
  const liveIds = new Set(listed.filter((item) => !isNotLive(item.status)).map((item) => item.id))
  const stopped: string[] = []
  for (const item of listed) {
    const holds = heldBy(item.name)
    if (!holds || holds.repositoryId !== options.repositoryId || isNotLive(item.status)) continue
    if (typeof item.id !== 'string' || !SANDBOX_ID_PATTERN.test(item.id)) continue
    if (liveIds.has(holds.sandboxId) || (await hasEnded(ctx, holds.sandboxId)) !== true) continue
    if (options.dryRun) {
      ctx.log(`Pool: the hold ${item.id} of ${holds.sandboxId} would be stopped (its sandbox has ended); dry-run.`)
      continue
    }
    try {
      await stopSandbox(ctx, item.id, ctx.clock.now() + STOP_BUDGET_MS, { urgent: false })
      stopped.push(item.id)
      ctx.log(`Pool: the hold ${item.id} of ${holds.sandboxId} stopped: its sandbox has ended.`)
    } catch (error) {
      ctx.log(`Pool: the hold ${item.id} could not be stopped (${serviceText(String(error), 200)}); its TTL ends it.`)
    }
  }
  return stopped
}
