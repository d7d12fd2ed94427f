/**
 * Publishing the pull-request comment, from the post
 * step (the final version; `mode: connect` from its main step): one comment
 * per workflow with a row per job. The row goes through the run's artifacts
 * where the runner gives them (gather.ts: the last leg writes every
 * row); else this job writes only its own row (rows.ts), merged with
 * the rows other legs wrote (github.ts). The post step also puts the
 * leg's full story in the job summary. Where GitHub refuses the write (a
 * fork's pull request gets a read-only token), the story goes to the job
 * summary, and the log says why, once per job. Never fails the step.
 */
import type { CommentTarget } from './github.ts'
import { legName } from './jobs.ts'
import { renderComment, type CommentFacts } from './text.ts'
import type { RetryContext } from '../client/retry.ts'
import type { ActionCore } from '../runtime/core.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import { addSpent, NOTHING_SPENT } from '../sandbox/billing.ts'
import { opContext, stepEnvironment, type CleanupDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'
import { commentYield } from './share.ts'
import { conclusionOf, jobOutcome, runnerJobOutcome } from '../runner/served-job.ts'
import { relayRow } from './gather.ts'
import { rowMerge, writeMerged, type CommentOutcome } from './write.ts'
import { ArtifactStore } from './artifacts.ts'
import type { RunJob } from '../runner/github.ts'
import { serviceText } from '../runtime/untrusted.ts'

export interface PublishOptions {
  /** The leg's full story goes to the job summary too (the post step's final version). */
  story?: boolean
  /** Why the token cannot spare the comment: nothing is asked, the story goes to the job summary. */
  yieldBecause?: string
}

/** Writes this leg's row; 'refused' where GitHub refused the write (then the job summary has the story). */
export async function publishComment(
  deps: Omit<RetryContext, 'log'> & { core: ActionCore },
  target: CommentTarget | undefined,
  facts: CommentFacts,
  options: PublishOptions = {},
): Promise<CommentOutcome | undefined> {
  const { core } = deps
  if (!target) return undefined
  const story = renderComment(facts)
  if (options.story || options.yieldBecause) await core.appendSummary(story)
  if (options.yieldBecause) {
    core.info(`comment: ${options.yieldBecause}`)
    return 'yielded'
  }
  const written = await writeMerged(deps, target, rowMerge(target, facts), {
    final: options.story === true,
    story: options.story ? undefined : story,
  })
  if (written !== 'created' && written !== 'updated') return written
  core.info(`comment: ${written} the comment on pull request #${target.number} (this job's row).`)
  return 'written'
}

/** The post step's final version: the sandbox stopped (or kept), and what the whole run was billed. */
export async function finalComment(
  deps: CleanupDeps,
  state: ActionState,
  readConfig: () => CleanupConfig,
  servedJob?: RunJob | RunJob[],
  gpuUse?: string,
): Promise<void> {
  const facts = state.commentFacts<CommentFacts>()
  if (!facts) return
  const config = readConfig()
  const startedAt = state.startedAt
  const total =
    startedAt === undefined
      ? undefined
      : addSpent(state.spentBefore ?? NOTHING_SPENT, deps.clock.now() - startedAt, state.hourlyCost)
  const ending = config.keepAlive ? 'kept alive (keep-alive: true)' : 'stopped by the post step'
  const runner = state.runner
  // The job the post step already read for its mirror, else read now; every job served, with runner-jobs or runners.
  // Several: each job's name and how it ended, short, as the row's cell holds 70 characters.
  const job = Array.isArray(servedJob)
    ? servedJob.map((one) => `${serviceText(one.name, 30)} ${conclusionOf(one, 12)}`)
    : servedJob
      ? jobOutcome(servedJob)
      : runner
        ? await runnerJobOutcome(deps, runner, config)
        : undefined
  const target = config.comment()
  const final: CommentFacts = {
    ...facts,
    ...(gpuUse ? { gpuUse } : {}),
    status: `${facts.status}${servedText(job)}; ${ending}`,
    billedSeconds: total?.seconds ?? facts.billedSeconds,
    cost: total ? (total.dollars ?? null) : facts.cost,
  }
  // The run's artifacts carry the row where the runner gives them: the last leg to end writes every row.
  if (target && (await relayFinal(deps, state, config, target, final))) return
  // A token that cannot spare the comment for this run's legs yields before asking anything.
  const yieldBecause = target ? await commentYield(deps, state, config, target) : undefined
  // The leg's name (its record in this run attempt), read here once: the main step asks GitHub nothing for the comment.
  const leg =
    facts.leg ??
    (target && !yieldBecause ? await legName(target, { ...deps, log: (m) => deps.core.info(m) }) : undefined)
  await publishComment(deps, target, { ...final, ...(leg ? { leg } : {}) }, { story: true, yieldBecause })
}

/** What the runner served, in the row's status: its one job, or (several) each job and how it ended. */
function servedText(job: string | string[] | undefined): string {
  if (Array.isArray(job)) return job.length > 0 ? `; ${job.length} jobs: ${job.join(', ')}` : ''
  return job ? `; the runner's job ${job}` : ''
}

/** This leg's row through the run's artifacts; false where there are none or they failed (the leg writes it). */
async function relayFinal(
  deps: CleanupDeps,
  state: ActionState,
  config: CleanupConfig,
  target: CommentTarget,
  final: CommentFacts,
): Promise<boolean> {
  const sandbox = state.sandboxName
  const store = sandbox ? ArtifactStore.fromEnvironment(stepEnvironment(deps), deps) : undefined
  if (!sandbox || !store) return false
  deps.githubBudget?.restore(state.githubBudget, deps.clock.now())
  const ctx = opContext({ core: deps.core, client: deps.makeClient(config), clock: deps.clock, signal: deps.signal })
  const row = { v: 1 as const, facts: final, runnerName: target.runnerName, at: state.startedAt }
  const gather = { core: deps.core, ctx, store, githubBudget: deps.githubBudget }
  const outcome = await relayRow(gather, target, sandbox, row)
  if (outcome) await deps.core.appendSummary(renderComment(final))
  return outcome !== undefined
}
