/**
 * Who holds a name this step wants: the sandboxes that held it before the
 * first start attempt are remembered (never adopted, never stopped by the post
 * step); a live one fails the step unless replace-existing stops it on purpose.
 * Stopped holders are waited out with reads, so one start is sent when it can land.
 */
import { backoffDelay, type BackoffOptions } from '../client/retry.ts'
import type { StartConfig } from '../inputs/config.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { OpContext } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'
import { findNameHolders, waitUntilNameFree } from './find.ts'
import { isStoppingOrEnded } from './status.ts'
import { stopSandbox } from './stop.ts'

/** A stopping holder gives the name up within seconds to minutes. */
const NAME_BACKOFF: BackoffOptions = { baseDelayMs: 1_000, maxDelayMs: 15_000 }

/** The sandboxes that held the name before this step; kept in state as they are learned. */
export class NameHolders {
  readonly ids: string[] = []
  /** Whether a holder was only stopping (it gives the name up by itself). */
  stoppingSeen = false
  private readonly state: ActionState
  constructor(state: ActionState) {
    this.state = state
  }
  add(id: string): void {
    if (this.ids.includes(id)) return
    this.ids.push(id)
    this.state.saveNameHolders(this.ids)
  }
}

/** Thrown when a live sandbox already holds a user-chosen name: nothing was started. */
export class NameHeldError extends Error {
  constructor(name: string, holderId: string, status: string | undefined) {
    super(
      `The name '${name}' is held by the live sandbox ${holderId} (status ` +
        `${serviceText(status ?? 'unknown')}), which this step did not start; ` +
        `nothing was started. ` +
        ("Choose another 'name' (for example add ${{ github.run_id }}), leave " +
          "'name' empty to generate a unique one, or set 'replace-existing: " +
          "true' to stop that sandbox first."),
    )
    this.name = 'NameHeldError'
  }
}

/** replace-existing: the one place a step stops a sandbox it did not start, on purpose, and says so. */
async function stopOnPurpose(ctx: OpContext, name: string, holderId: string, deadline: number): Promise<void> {
  ctx.log(`replace-existing: stopping ${holderId}, which holds the name '${name}'.`)
  await stopSandbox(ctx, holderId, deadline)
}

/**
 * A user-chosen name: look once before the first start. Every holder is
 * remembered (never ours); a live one fails the step at once unless
 * replace-existing, which stops it on purpose.
 */
export async function checkNameBeforeStart(
  config: StartConfig,
  ctx: OpContext,
  holders: NameHolders,
  deadline: number,
): Promise<void> {
  const found = await findNameHolders(ctx, config.name, deadline)
  for (const holder of found) holders.add(holder.id)
  const live = found.filter((holder) => !isStoppingOrEnded(holder.status))
  holders.stoppingSeen = found.length > live.length
  const first = live[0]
  if (first && !config.replaceExisting) throw new NameHeldError(config.name, first.id, first.status)
  for (const holder of live) await stopOnPurpose(ctx, config.name, holder.id, deadline)
  if (found.length > 0)
    ctx.log(
      `Sandboxes that held the name '${config.name}' before this step, never ` +
        `adopted or stopped by the post step: ${holders.ids.join(', ')}.`,
    )
  // Stopped (or stopping) holders keep the name a while: wait with reads, then send one start.
  await waitForHolders(ctx, config, found, deadline)
}

/** Reads until none of `found` holds the name any more. */
function waitForHolders(ctx: OpContext, config: StartConfig, found: readonly { id: string }[], deadline: number) {
  const ids = found.map((holder) => holder.id)
  return waitUntilNameFree(ctx, config.name, ids, config.pollIntervalMs, deadline)
}

/**
 * A start answered 409 although the name looked free: someone took it, or a
 * holder was not listed yet. List the holders once (never ours: remembered),
 * stop the live ones with replace-existing, then wait with reads until they
 * give the name up. Only when no holder is listed does it back off blindly.
 */
export async function freeTheName(
  ctx: OpContext,
  config: StartConfig,
  holders: NameHolders,
  round: number,
  deadline: number,
): Promise<void> {
  const found = await findNameHolders(ctx, config.name, deadline)
  for (const holder of found) {
    holders.add(holder.id)
    if (isStoppingOrEnded(holder.status)) continue
    // A live holder that came after the pre-look: never waited out, never stopped without replace-existing.
    if (!config.replaceExisting) throw new NameHeldError(config.name, holder.id, holder.status)
    await stopOnPurpose(ctx, config.name, holder.id, deadline)
  }
  if (found.length > 0) return waitForHolders(ctx, config, found, deadline)
  const wait = backoffDelay(round, ctx.clock.random(), NAME_BACKOFF)
  if (ctx.clock.now() + wait > deadline) {
    const what = config.replaceExisting ? 'after replace-existing stopped its holder' : 'while its holder was stopping'
    throw new Error(
      `The name '${config.name}' was still in use ${what} (${holders.ids.join(', ') || 'holder not listed'}) ` +
        `when 'timeout' ran out; nothing was started. ` +
        "A stopping sandbox holds its name until it has ended: raise 'timeout', or choose another 'name'.",
    )
  }
  ctx.log(
    `The name '${config.name}' is in use but no holder is listed yet; starting again in ${(wait / 1000).toFixed(1)}s.`,
  )
  await ctx.clock.sleep(wait, ctx.signal)
}
