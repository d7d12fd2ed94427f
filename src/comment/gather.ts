/**
 * The post step's side of the relayed comment (relay.ts):
 * upload this leg's row, and where no other leg of the run will write after
 * it, gather every row, name each after its job (one read of the run's jobs),
 * write the comment once, and delete the artifacts written. Every row another
 * job uploaded is untrusted: read in one shape only, bounded, and rendered
 * cell by cell through the comment's sanitiser; its link is this run's, never
 * the row's.
 */
import { z } from 'zod'
import type { ArtifactStore, StoredArtifact } from './artifacts.ts'
import { CommentYieldedError, type CommentTarget } from './github.ts'
import { readRunJobs } from './jobs.ts'
import type { RunJob } from '../runner/github.ts'
import type { ActionCore } from '../runtime/core.ts'
import type { GitHubBudget } from '../runtime/github-budget.ts'
import { renderRow } from './rows.ts'
import type { CommentFacts } from './text.ts'
import type { OpContext } from '../step/deps.ts'
import { rowsMerge, writeMerged, type CommentOutcome } from './write.ts'
import {
  legArtifact,
  MAX_ROW_BYTES,
  relayView,
  newerRow,
  rowArtifact,
  waitingLegs,
  type RelayedRow,
  type RelayView,
} from './relay.ts'

/** Artifacts read or deleted at once. */
const AT_ONCE = 16
const RELAYED = "this job's row is with the run's artifacts"
/** Looks again at legs whose sandbox ended without a row, and the pause before each. */
const GRACE_LOOKS = 2
const GRACE_MS = 5_000
/** How far a job's times may be from the leg's own clock and still be its job. */
const SKEW_MS = 120_000

const text = (most: number) => z.string().max(most)
const amount = z.number().finite().nonnegative()
const Row = z.object({
  v: z.literal(1),
  facts: z.object({
    sandboxId: text(200),
    job: text(400),
    gpu: text(200),
    gpuUse: text(200).optional(),
    status: text(1_000),
    timeToReadyMs: amount.optional(),
    runMs: amount.optional(),
    billedSeconds: amount.optional(),
    cost: amount.nullable().optional(),
  }),
  runnerName: text(200).optional(),
  at: amount.optional(),
})

export interface GatherDeps {
  core: ActionCore
  ctx: OpContext
  store: ArtifactStore
  githubBudget?: GitHubBudget
}

/**
 * This leg's row through the run's artifacts: 'relayed' (a leg still running writes it), the write's outcome, or
 * undefined where the artifacts failed (the caller writes this leg's row itself).
 */
export async function relayRow(
  deps: GatherDeps,
  target: CommentTarget,
  sandbox: string,
  row: RelayedRow,
): Promise<CommentOutcome | 'relayed' | undefined> {
  const { core, ctx, store } = deps
  try {
    await store.upload(rowArtifact(target, sandbox), Buffer.from(JSON.stringify(row)))
    // The row is there: this leg's announcement has done its work (the writer deletes the rows).
    await store.removeOwn(legArtifact(target, sandbox))
    const decided = await decide(ctx, store, target, rowArtifact(target, sandbox))
    if ('say' in decided) {
      core.info(`comment: ${decided.say}`)
      return 'relayed'
    }
    return await writeAll(deps, target, decided.view)
  } catch (error) {
    ctx.signal?.throwIfAborted()
    core.info(`comment: the run's artifacts failed (${(error as Error).message}); this job writes its own row.`)
    return undefined
  }
}

/**
 * Whether this leg writes: not while a leg that said it will have a row still runs, nor when a row newer than this
 * one is there (its leg decides). A leg whose sandbox ended without a row yet may be between its stop and its row:
 * looked at again after a pause, twice at most, before it counts as gone.
 */
async function decide(ctx: OpContext, store: ArtifactStore, target: CommentTarget, mine: string) {
  for (let look = 1; ; look++) {
    const view = await relayView(store, target)
    // Deleted with the others by a leg that wrote it already.
    if (!view.rows.some((row) => row.name === mine))
      return { say: "this job's row is in the comment already (the job that wrote it deleted the run's artifacts)." }
    const waiting = await waitingLegs(ctx, view.waiting)
    if (waiting === 'running') return { say: `${RELAYED}; another job of this run still running writes the comment.` }
    if (newerRow(view, mine))
      return { say: `${RELAYED}; a job of this run that ended after this one writes the comment.` }
    if (waiting === 'none' || look > GRACE_LOOKS) return { view }
    await ctx.clock.sleep(GRACE_MS, ctx.signal)
  }
}

/** The last leg: every row, named after its job, written once; the artifacts written deleted. */
async function writeAll(deps: GatherDeps, target: CommentTarget, view: RelayView): Promise<CommentOutcome> {
  const { core, ctx, store, githubBudget } = deps
  const artifacts = view.rows
  // The rows stay with the run's artifacts for a later writer; this job's row is in its job summary.
  if (githubBudget?.low) {
    core.info(`comment: ${new CommentYieldedError(githubBudget.describe() ?? 'unknown').message}`)
    return 'yielded'
  }
  const read = await inBatches(artifacts, async (artifact) => {
    const content = await store.download(artifact, MAX_ROW_BYTES).catch(() => undefined)
    const parsed = content ? safeJson(content) : undefined
    return parsed?.success ? { artifact, row: parsed.data } : undefined
  })
  const rows = read.filter((entry) => entry !== undefined)
  if (rows.length < artifacts.length)
    core.info(`comment: ${artifacts.length - rows.length} of the run's row artifacts could not be read; left out.`)
  // This run attempt's jobs, read once for every row's name.
  const said = { what: "this run's jobs", instead: 'rows name their sandboxes' }
  const jobs = await readRunJobs(target, { ...ctx, githubBudget }, said)
  const lines = rows.map(({ row }) => {
    const leg = legOf(jobs, row)
    const facts: CommentFacts = { ...row.facts, runUrl: target.runUrl, ...(leg ? { leg } : {}) }
    return renderRow(facts)
  })
  const merge = rowsMerge(target, lines)
  const written = await writeMerged({ ...ctx, core, githubBudget }, target, merge, { final: true, spread: false })
  if (written !== 'created' && written !== 'updated') return written
  core.info(
    `comment: ${written} the comment on pull request #${target.number} with ${rows.length} ` +
      `${rows.length === 1 ? "job's row" : "jobs' rows"} (the last of this run's jobs to end writes them).`,
  )
  await removeWritten(
    deps,
    target,
    view,
    rows.map(({ artifact }) => artifact),
  )
  return 'written'
}

function safeJson(content: Buffer) {
  try {
    return Row.safeParse(JSON.parse(content.toString('utf8')))
  } catch {
    return undefined
  }
}

/** The job a row came from: the one its runner ran (of several, the one running when the leg started). */
export function legOf(jobs: readonly RunJob[], row: Pick<RelayedRow, 'runnerName' | 'at'>): string | undefined {
  const same = jobs.filter((job) => job.runnerName !== undefined && job.runnerName === row.runnerName)
  if (same.length <= 1) return same[0]?.name || undefined
  const at = row.at ?? 0
  const during = same.filter(
    (job) => (job.startedAt ?? 0) <= at + SKEW_MS && (job.completedAt ?? Infinity) >= at - SKEW_MS,
  )
  const latest = (during.length > 0 ? during : same).toSorted((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0))
  return latest[0]?.name || undefined
}

/** The rows written and their legs' announcements: the run's artifact list keeps nothing of the comment. */
async function removeWritten(deps: GatherDeps, target: CommentTarget, view: RelayView, rows: StoredArtifact[]) {
  const { store, core } = deps
  const written = new Set(rows.map((row) => row.name.slice(rowArtifact(target, '').length)))
  const legs = view.legs.filter((leg) => written.has(leg.name.slice(legArtifact(target, '').length)))
  const removed = await inBatches([...rows, ...legs], (artifact) =>
    store.remove(artifact).then(
      () => true,
      () => false,
    ),
  )
  const failed = removed.filter((done) => !done).length
  // Another writer ending at the same moment may have deleted some first.
  if (failed > 0) core.info(`comment: ${failed} of the run's comment artifacts were already gone or not deleted.`)
}

async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let start = 0; start < items.length; start += AT_ONCE)
    results.push(...(await Promise.all(items.slice(start, start + AT_ONCE).map(work))))
  return results
}
