/** Sandboxes by name: who holds a name, which of them is live, and waiting until a name is free. */
import { isNotFound, isServiceError } from '../client/errors.ts'
import { READ_BACKOFF, retryUntil } from '../client/retry.ts'
import { SANDBOX_ID_PATTERN, type ListedSandbox } from '../client/schemas.ts'
import type { OpContext } from '../step/deps.ts'
import { isStoppingOrEnded, mayHoldName } from './status.ts'

export interface ListedWithId extends ListedSandbox {
  id: string
}

/** Every listed sandbox named `name` that may still hold the name (ended ones do not), newest first. */
export async function findNameHolders(ctx: OpContext, name: string, deadline: number): Promise<ListedWithId[]> {
  const client = ctx.client.withDeadline(deadline, ctx.clock)
  return retryUntil(
    ctx,
    deadline,
    `list sandboxes named '${name}'`,
    async () => {
      const holders: ListedWithId[] = []
      for await (const sandbox of client.allSandboxes({ signal: ctx.signal })) {
        if (sandbox.name !== name || !mayHoldName(sandbox.status)) continue
        if (sandbox.id && SANDBOX_ID_PATTERN.test(sandbox.id)) holders.push({ ...sandbox, id: sandbox.id })
      }
      return holders
    },
    { backoff: READ_BACKOFF },
  )
}

/**
 * The newest sandbox named `name` that may be live and is not in `exclude`
 * (sandboxes that held the name before this step: never ours).
 */
export async function findLiveSandboxByName(
  ctx: OpContext,
  name: string,
  deadline: number,
  exclude: readonly string[] = [],
): Promise<ListedWithId | undefined> {
  const holders = await findNameHolders(ctx, name, deadline)
  return holders.find((sandbox) => !exclude.includes(sandbox.id) && !isStoppingOrEnded(sandbox.status))
}

/**
 * Reads (GET /sandboxes/{id}, the 600-a-minute budget) every `pollIntervalMs`
 * until none of `ids` holds its name any more (ended, or 404), so that the
 * next start is sent once and lands, instead of start requests spent to find
 * out. Throws when the deadline comes first; nothing is started then.
 */
export async function waitUntilNameFree(
  ctx: OpContext,
  name: string,
  ids: readonly string[],
  pollIntervalMs: number,
  deadline: number,
): Promise<void> {
  const client = ctx.client.withDeadline(deadline, ctx.clock)
  let holding = [...ids]
  let reported = false
  const stillHeld = () =>
    new Error(
      `The name '${name}' was still held by ${holding.join(', ')} when 'timeout' ran out; nothing was started. ` +
        "A stopping sandbox holds its name until it has ended: raise 'timeout', or choose another 'name'.",
    )
  while (holding.length > 0) {
    const still: string[] = []
    for (const id of holding) {
      const status = await retryUntil(
        ctx,
        deadline,
        `read ${id}`,
        async () => {
          try {
            return (await client.getSandbox(id, ctx.signal)).status
          } catch (error) {
            if (isNotFound(error)) return undefined
            if (isServiceError(error, 'deadline_exceeded')) throw stillHeld()
            throw error
          }
        },
        { backoff: READ_BACKOFF },
      )
      if (status !== undefined && mayHoldName(status)) still.push(id)
    }
    holding = still
    if (holding.length === 0) break
    if (ctx.clock.now() + pollIntervalMs >= deadline) throw stillHeld()
    if (!reported)
      ctx.log(
        `Waiting for ${holding.join(', ')} to give up the name '${name}' (reading ` +
          `its status every ${(pollIntervalMs / 1000).toFixed(0)}s; no start ` +
          `is sent until then).`,
      )
    reported = true
    await ctx.clock.sleep(pollIntervalMs, ctx.signal)
  }
}
