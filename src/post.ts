/**
 * The post step (action.yml `post`, `post-if: always()`, bundled as dist/post):
 * stop what the main step started. Guard clauses say why a step skips; a stop
 * that finally fails is an error annotation and a failed step. `runPost` has
 * everything passed in; `run` wires the real dependencies into it.
 */
import { cleanupInstance } from './instance-cleanup.ts'
import { removeSshAccess } from './ssh/cleanup.ts'
import type { ComputeClient } from './client/client.ts'
import { actionsCore } from './runtime/actions-core.ts'
import { realClock, type Clock } from './runtime/clock.ts'
import type { ActionCore } from './runtime/core.ts'
import { isProcessEntry, makeClient, reportFailure, runAndExit } from './runtime/wiring.ts'
import type { CleanupConfig } from './inputs/config.ts'
import { readPostInputs } from './inputs/modes.ts'
import { findLiveSandboxByName, stopSandbox, type OpContext, type StopResult } from './sandboxes.ts'
import { ActionState } from './state.ts'
import { formatDollars } from './billing.ts'
import { formatDuration, markdownTable } from './summary.ts'
import { serviceText } from './untrusted.ts'

/**
 * How long the post step keeps trying to stop. Long, because giving up leaves
 * a sandbox billing until its TTL; in a big matrix a stop may wait out a few
 * rate-limit windows. Cancellation still ends it at once.
 */
export const POST_DEADLINE_MS = 10 * 60_000

export interface PostDeps {
  core: ActionCore
  clock: Clock
  makeClient: (config: CleanupConfig) => ComputeClient
  signal?: AbortSignal
}

export async function runPost(deps: PostDeps): Promise<void> {
  const { core } = deps
  const inputs = readPostInputs(core)
  const state = new ActionState(core)
  const mode = inputs.mode
  removeSshAccess(core, state)

  if (mode !== 'start' && mode !== 'instance') {
    core.info(`Nothing to clean up: mode '${mode}' starts nothing.`)
    return
  }
  if (mode === 'instance') return cleanupInstance(deps, state, inputs, POST_DEADLINE_MS)

  const sandboxId = state.sandboxId
  const sandboxName = state.sandboxName
  if (!sandboxId && !sandboxName) {
    const refused = state.startRefused
    core.info(
      refused
        ? `Nothing to clean up: the main step created no sandbox (${serviceText(refused, 160)}).`
        : 'Nothing to clean up: the main step sent no start request (dry-run, invalid inputs, or it stopped before starting).',
    )
    return
  }
  const config = inputs.cleanup()
  if (config.keepAlive) {
    const what = sandboxId ?? `the sandbox named '${sandboxName}'`
    core.notice(`keep-alive: true: ${what} is left running. Stop it in a later job with 'mode: stop' and 'sandbox-id', or let its TTL end it.`)
    return
  }

  const deadline = deps.clock.now() + POST_DEADLINE_MS
  const ctx: OpContext = { client: deps.makeClient(config), clock: deps.clock, signal: deps.signal, log: (m) => core.info(m) }
  core.startGroup(`Stop sandbox ${sandboxId ?? `named '${sandboxName}'`}`)
  let stopped: { id: string; result: StopResult } | undefined
  try {
    let id = sandboxId
    if (!id && sandboxName) {
      core.info(`The start answer never arrived; looking for a live sandbox named '${sandboxName}'.`)
      id = await findByNameWithGrace(ctx, sandboxName, deadline, state.nameHolders)
    }
    // Seen by the main step: a 404 now means gone (expired, stopped elsewhere), not "not visible yet".
    const acceptedAt = state.sandboxSeen ? undefined : state.startedAt
    if (id) stopped = { id, result: await stopSandbox(ctx, id, deadline, { acceptedAt }) }
  } finally {
    core.endGroup()
  }
  // The final line sits outside the group, so it shows without expanding anything.
  if (!stopped) {
    core.info(`No live sandbox named '${sandboxName}' exists: the start request created nothing, so there is nothing to stop.`)
    return
  }
  const { id, result } = stopped
  // Our own clock when the main step saw the start accepted; else the service's created_at (an adopted name).
  const since = state.startedAt ?? result.createdAt
  const livedMs = since !== undefined ? Math.max(0, deps.clock.now() - since) : undefined
  const lived = livedMs !== undefined ? ` after ${formatDuration(livedMs)}` : ''
  let summary: string
  if (result.outcome === 'gone') {
    core.info(`Sandbox ${id} is already gone (404): nothing to stop.`)
    summary = 'already gone (404)'
  } else if (result.outcome === 'not-live') {
    core.info(`Sandbox ${id} is ${serviceText(result.status)} and not live: nothing to stop (the service answered the stop with ${result.refusal}).`)
    summary = `not live (${result.status}); the stop was answered ${result.refusal}`
  } else {
    core.info(`Stopped sandbox ${id}${lived} (status: ${result.status === undefined ? 'stop accepted' : serviceText(result.status)}).`)
    summary = `stop accepted; status ${result.status ?? 'unknown'}`
  }
  await core.appendSummary(postSummary(id, summary, livedMs, state.hourlyCost))
}

/** The post step's job summary: stop result, lifetime, and what this run cost by the estimate. */
export function postSummary(id: string, result: string, livedMs: number | undefined, dollarsPerHour: number | undefined): string {
  let cost = 'no estimate'
  if (livedMs !== undefined && dollarsPerHour !== undefined) {
    cost = `~${formatDollars((dollarsPerHour * livedMs) / 3_600_000)} (${formatDuration(livedMs)} at ~${formatDollars(dollarsPerHour)}/hour)`
  }
  return (
    `### Sandbox ${id} cleanup\n\n` +
    markdownTable([
      ['Stop', result],
      ['Lived', livedMs !== undefined ? `${formatDuration(livedMs)} (from the accepted start to the stop)` : 'unknown'],
      ['Estimated cost of this run', cost],
    ])
  )
}

/** A start whose answer was lost may still be landing at the service: look a few times before concluding nothing exists. */
async function findByNameWithGrace(ctx: OpContext, name: string, deadline: number, exclude: readonly string[]): Promise<string | undefined> {
  const pauses = [0, 2_000, 4_000]
  if (exclude.length > 0) ctx.log(`Not ours, never stopped here: ${exclude.join(', ')} (held the name before the first start attempt).`)
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

export async function run(): Promise<void> {
  try {
    await runPost({ core: actionsCore, clock: realClock, makeClient })
  } catch (error) {
    // A sandbox that could not be stopped costs money: say so loudly.
    actionsCore.error(`Cleanup failed: ${error instanceof Error ? error.message : String(error)}`, { title: 'Sandbox may still be running' })
    reportFailure(actionsCore, error)
  }
}

// The bundle's entry (node dist/post/index.js); imported (tests, local-action) it only exports.
if (isProcessEntry(import.meta.url)) await runAndExit(run)
