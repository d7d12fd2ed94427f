/**
 * The post step of mode `start`: stop the sandbox the main step started (by
 * its id, or by its name when the start answer never arrived), never one that
 * held the name before, then summarise what the run cost.
 */
import type { CleanupConfig } from '../inputs/config.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { addSpent, formatDollars, NOTHING_SPENT, type Spent } from '../sandbox/billing.ts'
import { findLiveSandboxByName } from '../sandbox/find.ts'
import { describeStopOutcome, stopSandbox, type StopResult } from '../sandbox/stop.ts'
import { opContext, type Cleanup, type CleanupDeps, type OpContext } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'
import { formatDuration, markdownTable } from '../step/summary.ts'

export const cleanupSandbox: Cleanup = async (deps, state, inputs, deadlineMs) => {
  const { core } = deps
  const sandboxId = state.sandboxId
  const sandboxName = state.sandboxName
  if (!sandboxId && !sandboxName) {
    const refused = state.startRefused
    core.info(
      refused
        ? `Nothing to clean up: the main step created no sandbox (${serviceText(refused, 160)}).`
        : 'Nothing to clean up: the main step sent no start request (dry-run, ' +
            'invalid inputs, or it stopped before starting).',
    )
    return
  }
  if (sandboxId && state.stoppedByMainStep === sandboxId) {
    core.info(
      `Nothing to clean up: the main step stopped ${sandboxId} itself before using it ` +
        '(it failed the GPU check, or was beyond max-live).',
    )
    return
  }
  const config = inputs.cleanup()
  if (config.keepAlive) {
    const what = sandboxId ?? `the sandbox named '${sandboxName}'`
    core.notice(
      `keep-alive: true: ${what} is left running. Stop it in a later job ` +
        `with 'mode: stop' and 'sandbox-id', or let its TTL end it.`,
    )
    return
  }
  const stopped = await stopOurs(deps, state, config, deps.clock.now() + deadlineMs)
  // The final line sits outside the group, so it shows without expanding anything.
  if (!stopped) {
    core.info(
      `No live sandbox named '${sandboxName}' exists: the start request created nothing, so there is nothing to stop.`,
    )
    return
  }
  await reportStopped(deps, state, stopped.id, stopped.result)
}

/** Stops the sandbox by its saved id, or finds it by name first; undefined when no sandbox of ours exists. */
async function stopOurs(
  deps: CleanupDeps,
  state: ActionState,
  config: CleanupConfig,
  deadline: number,
): Promise<{ id: string; result: StopResult } | undefined> {
  const { core } = deps
  const [sandboxId, sandboxName] = [state.sandboxId, state.sandboxName]
  const ctx = opContext({ ...deps, client: deps.makeClient(config) })
  core.startGroup(`Stop sandbox ${sandboxId ?? `named '${sandboxName}'`}`)
  try {
    let id = sandboxId
    if (!id && sandboxName) {
      core.info(`The start answer never arrived; looking for a live sandbox named '${sandboxName}'.`)
      id = await findByNameWithGrace(ctx, sandboxName, deadline, state.nameHolders)
    }
    // Seen by the main step: a 404 now means gone (expired, stopped elsewhere), not "not visible yet".
    const acceptedAt = state.sandboxSeen ? undefined : state.startedAt
    return id ? { id, result: await stopSandbox(ctx, id, deadline, { acceptedAt }) } : undefined
  } finally {
    core.endGroup()
  }
}

async function reportStopped(deps: CleanupDeps, state: ActionState, id: string, result: StopResult): Promise<void> {
  // Our own clock when the main step saw the start accepted; else the service's created_at (an adopted name).
  const since = state.startedAt ?? result.createdAt
  const livedMs = since !== undefined ? Math.max(0, deps.clock.now() - since) : undefined
  const lived = livedMs !== undefined ? ` after ${formatDuration(livedMs)}` : ''
  let summary: string
  if (result.outcome === 'accepted') {
    const status = result.status === undefined ? 'stop accepted' : serviceText(result.status)
    deps.core.info(`Stopped sandbox ${id}${lived} (status: ${status}).`)
    summary = `stop accepted; status ${result.status ?? 'unknown'}`
  } else {
    deps.core.info(describeStopOutcome(id, result))
    summary =
      result.outcome === 'gone'
        ? 'already gone (404)'
        : `not live (${result.status}); the stop was answered ${result.refusal}`
  }
  await deps.core.appendSummary(postSummary(id, summary, livedMs, state.hourlyCost, state.spentBefore))
}

/**
 * The post step's job summary: stop result, lifetime, the seconds billed and what this run cost by the
 * estimate, sandboxes stopped before use (`before`) included.
 */
export function postSummary(
  id: string,
  result: string,
  livedMs: number | undefined,
  dollarsPerHour: number | undefined,
  before: Spent = NOTHING_SPENT,
): string {
  let cost = 'no estimate'
  let billed = before.seconds > 0 ? `${before.seconds}s before use (the rest unknown)` : 'unknown'
  if (livedMs !== undefined) {
    const total = addSpent(before, livedMs, dollarsPerHour)
    const own = total.seconds - before.seconds
    billed =
      `${total.seconds}s` + (before.seconds > 0 ? ` (this sandbox ${own}s, stopped before use ${before.seconds}s)` : '')
    if (total.dollars !== undefined && dollarsPerHour !== undefined)
      cost =
        `~${formatDollars(total.dollars)} (${formatDuration(livedMs)} at ~${formatDollars(dollarsPerHour)}/hour` +
        `${before.seconds > 0 ? ', and the sandboxes stopped before use' : ''})`
  }
  return (
    `### Sandbox ${id} cleanup\n\n` +
    markdownTable([
      ['Stop', result],
      ['Lived', livedMs !== undefined ? `${formatDuration(livedMs)} (from the accepted start to the stop)` : 'unknown'],
      ['Billed seconds', billed],
      ['Estimated cost of this run', cost],
    ])
  )
}

/**
 * A start whose answer was lost may still be landing at the service: look a few times before concluding nothing exists.
 */
async function findByNameWithGrace(
  ctx: OpContext,
  name: string,
  deadline: number,
  exclude: readonly string[],
): Promise<string | undefined> {
  const pauses = [0, 2_000, 4_000]
  if (exclude.length > 0)
    ctx.log(`Not ours, never stopped here: ${exclude.join(', ')} (held the name before the first start attempt).`)
  for (const pause of pauses) {
    if (pause > 0) await ctx.clock.sleep(pause, ctx.signal)
    const found = await findLiveSandboxByName(ctx, name, deadline, exclude)
    if (found) {
      ctx.log(`Found sandbox ${found.id} named '${name}'.`)
      return found.id
    }
  }
  return undefined
}
