/**
 * Start mode's pull-request comment (issue 32): written once the sandbox was
 * used (ready, or the run done), with what the post step needs to write the
 * final version saved in state.
 */
import type { StartConfig } from '../inputs/config.ts'
import { publishComment } from '../cleanup/comment.ts'
import { legName } from '../github/comment.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { addSpent, type Spent } from '../sandbox/billing.ts'
import type { StartedSandbox } from '../sandbox/start.ts'
import type { CommentFacts } from '../step/comment-text.ts'
import type { StepDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'

export interface UseOutcome {
  acceptedAt: number
  readyAt: number
  /** What ended the use with an error, if anything (a failed run, say). */
  failure: unknown
  spent: Spent
  dollarsPerHour: number | undefined
}

function statusOf(config: StartConfig, failure: unknown): string {
  if (failure !== undefined) {
    const message = failure instanceof Error ? failure.message : String(failure)
    const exit = /\brun exited with (\d+)/.exec(message)
    return exit ? `run failed (exit ${exit[1]})` : `failed: ${serviceText(message.split('\n')[0], 200)}`
  }
  if (config.run) return 'run passed (exit 0)'
  return config.runner ? 'ready; the runner is online' : 'ready'
}

export async function commentFromMain(
  config: StartConfig,
  deps: StepDeps,
  state: ActionState,
  started: StartedSandbox,
  outcome: UseOutcome,
): Promise<void> {
  if (!config.comment) return
  const now = deps.clock.now()
  const total = addSpent(outcome.spent, now - outcome.acceptedAt, outcome.dollarsPerHour)
  // The leg's name is read once (saved with the facts for the post step).
  const leg = state.commentFacts?.leg ?? (await legName(config.comment, { ...deps, log: (m) => deps.core.info(m) }))
  const facts: CommentFacts = {
    sandboxId: started.id,
    job: config.comment.job,
    ...(leg ? { leg } : {}),
    gpu: started.gpuType ? `${config.gpuCount ?? 1} x ${started.gpuType}` : 'none (CPU only)',
    status: statusOf(config, outcome.failure),
    timeToReadyMs: outcome.readyAt - outcome.acceptedAt,
    runMs: config.run ? now - outcome.readyAt : undefined,
    downloaded: config.run?.download,
    billedSeconds: total.seconds,
    cost: total.dollars ?? null,
    runUrl: config.comment.runUrl,
  }
  state.saveCommentFacts(facts)
  // With run, the run's result is here already and the post step writes it with the stop: one write a leg, not two,
  // for a matrix's legs on one token (GitHub's limits) and one comment (fewer writes that overwrite each other).
  if (config.run) {
    deps.core.info("comment: the post step writes this job's row, with the run's result and the stop.")
    return
  }
  if ((await publishComment(deps, config.comment, facts)) === 'refused') state.saveCommentRefused()
}
