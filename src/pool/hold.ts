/**
 * A claim no code on the sandbox can undo, for the pull-requests domain: a
 * job's code runs with the login user's rights (and sudo) on its sandbox, so
 * it can remove the claim link there and another pull request's job could
 * then be handed the same sandbox while that code still runs. The service's
 * one fact outside the sandbox is that a live sandbox's name is unique in the
 * organization: the claim also starts a small sandbox named for the claimed
 * one, `gc-<repository id>-<16 hex of its id>`, the hold. Exactly one start of
 * that name is accepted while the hold lives; the hold lives as long as the
 * claimed sandbox (its TTL, enforced, a little longer), and is stopped only
 * after the claimed sandbox's stop was accepted. A sandbox whose hold shows in
 * the list, live or not, was claimed once and is never claimed again.
 *
 * A hold whose answer was lost, whose start was then answered "name in use",
 * may be this step's or another's: unsure, so the claimed sandbox is neither
 * used nor stopped (its TTL ends both).
 */
import { ServiceError, isNameInUse, isServiceError } from '../client/errors.ts'
import { isTransient, retryUntil } from '../client/retry.ts'
import type { SandboxStartRequest } from '../client/schemas.ts'
import { holdName } from '../inputs/default-name.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { OpContext } from '../step/deps.ts'

/** How long starting one hold may take, retries included. */
export const HOLD_BUDGET_MS = 20_000

/** A hold lives this much longer than its sandbox's TTL, so the sandbox never outlives its hold. */
export const HOLD_MARGIN_SECONDS = 10 * 60

/**
 * The smallest spec first; where the service refuses it (its bounds are not shown), the action's default spec, which
 * every service that runs this action accepts.
 */
export const HOLD_SPECS = [
  { cpu_count: 1, memory_gib: 1, storage_gib: 1 },
  { cpu_count: 4, memory_gib: 16, storage_gib: 100 },
] as const

export type HoldVerdict =
  { kind: 'held'; id: string } | { kind: 'taken' } | { kind: 'unsure'; why: string } | { kind: 'failed'; why: string }

function holdRequest(name: string, spec: (typeof HOLD_SPECS)[number], ttlSeconds: number): SandboxStartRequest {
  return {
    name,
    spec: { ...spec },
    network_policy: { internet_access: 'closed' },
    lifetime: { enforce_ttl: true, max_ttl_seconds: Math.max(60, Math.ceil(ttlSeconds) + HOLD_MARGIN_SECONDS) },
  }
}

const reasonOf = (error: unknown) =>
  error instanceof ServiceError ? `${error.status} ${error.code}` : serviceText(String(error), 200)

/**
 * Starts the hold of `sandboxId` (its sandbox lives `ttlSeconds` more): held (its id), taken (another's hold lives),
 * unsure (an answer was lost, then the name was in use), or failed (nothing was created).
 */
export async function startHold(
  ctx: OpContext,
  hold: { repositoryId: string; sandboxId: string; ttlSeconds: number },
): Promise<HoldVerdict> {
  const name = holdName(hold.repositoryId, hold.sandboxId)
  const deadline = ctx.clock.now() + HOLD_BUDGET_MS
  const client = ctx.client.withDeadline(deadline, ctx.clock)
  let lost = false
  for (const spec of HOLD_SPECS) {
    try {
      const started = await retryUntil(
        ctx,
        deadline,
        `start the hold '${name}'`,
        () => client.startSandbox(holdRequest(name, spec, hold.ttlSeconds), ctx.signal),
        { retryable: isTransient, onRetry: (error) => (lost ||= error instanceof ServiceError && error.ambiguous) },
      )
      return { kind: 'held', id: started.id }
    } catch (error) {
      if (ctx.signal?.aborted) throw error
      lost ||= !(error instanceof ServiceError) || error.ambiguous
      if (isNameInUse(error))
        return lost ? { kind: 'unsure', why: 'an answer was lost, then its name was in use' } : { kind: 'taken' }
      const refused =
        isServiceError(error, 'invalid_request') || isServiceError(error, 'sandbox_scheduler_rejected_request')
      if (refused && !lost && spec !== HOLD_SPECS.at(-1)) continue
      return lost
        ? { kind: 'unsure', why: `an answer was lost (${reasonOf(error)})` }
        : { kind: 'failed', why: reasonOf(error) }
    }
  }
  return { kind: 'failed', why: 'no spec was accepted' }
}
