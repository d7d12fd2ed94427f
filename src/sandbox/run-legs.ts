/**
 * How many sandboxes this action named for one workflow run attempt (its legs), from the service's list: the
 * generated name carries the repository, the run and the attempt. The comment counts them to know what the run's
 * legs will ask GitHub together. The list's first 3 pages at most (newest first), and no further than
 * `enough` (the count past which the answer is the same); undefined when the list cannot be read in time.
 */
import { READ_BACKOFF, retryUntil } from '../client/retry.ts'
import { parseGeneratedName } from '../inputs/default-name.ts'
import type { OpContext } from '../step/deps.ts'

export interface RunAttempt {
  repositoryId: string
  runId: string
  attempt: number
}

const PAGES = 3

export async function runLegCount(
  ctx: OpContext,
  run: RunAttempt,
  deadline: number,
  enough = Infinity,
): Promise<number | undefined> {
  const client = ctx.client.withDeadline(deadline, ctx.clock)
  try {
    return await retryUntil(
      ctx,
      deadline,
      "list this run's sandboxes",
      async () => {
        let legs = 0
        for await (const sandbox of client.allSandboxes({ maxPages: PAGES, signal: ctx.signal })) {
          const named = parseGeneratedName(sandbox.name)
          const ours = named?.repositoryId === run.repositoryId && named.runId === run.runId
          if (ours && named.runAttempt === run.attempt && ++legs > enough) break
        }
        return legs
      },
      { backoff: READ_BACKOFF },
    )
  } catch (error) {
    ctx.signal?.throwIfAborted()
    ctx.log(`comment: this run's sandboxes could not be counted (${(error as Error).message}).`)
    return undefined
  }
}
