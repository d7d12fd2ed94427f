/**
 * The real cost of this run so far: `billed-seconds` from each
 * accepted start to its stop (or to now), not rounded to minutes, and `cost`
 * at the catalog's hourly estimate, the sandboxes stopped before use (a failed
 * GPU check, max-live) included. A GPU without a catalog price leaves `cost`
 * empty; billed seconds are always known.
 */
import { addSpent, type BillingContext, type Spent } from '../sandbox/billing.ts'
import type { StepDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'

/** Adds a sandbox stopped before use (stopped just now) to what was spent, and saves it for the post step. */
export async function spentBeforeUse(
  spent: Spent,
  deps: StepDeps,
  state: ActionState,
  acceptedAt: number,
  billing: Promise<BillingContext>,
): Promise<Spent> {
  const now = addSpent(spent, deps.clock.now() - acceptedAt, (await billing).dollarsPerHour)
  state.saveSpentBefore(now)
  return now
}

/** Sets `cost` and `billed-seconds`: the sandboxes before, and the kept one from `acceptedAt` to now. */
export function setCostOutputs(deps: StepDeps, before: Spent, acceptedAt: number, dollarsPerHour?: number): void {
  const total = addSpent(before, deps.clock.now() - acceptedAt, dollarsPerHour)
  deps.core.setOutput('cost', total.dollars === undefined ? '' : total.dollars.toFixed(6))
  deps.core.setOutput('billed-seconds', String(total.seconds))
}
