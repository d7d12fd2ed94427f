/**
 * Start mode's pull-request comment: what the post step needs
 * to write this job's row once, with the stop, saved in state once the sandbox
 * was used (ready, or the run done).
 */
import type { StartConfig } from '../inputs/config.ts'
import { GpuFaultError } from '../gpu-fault/error.ts'
import { poolText, type PoolRow } from '../pool/row.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { addSpent, type Spent } from '../sandbox/billing.ts'
import type { StartedSandbox } from '../sandbox/start.ts'
import type { CommentFacts } from './text.ts'
import type { StepDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'

export interface UseOutcome {
  acceptedAt: number
  /** Where the cost counts from: the start's acceptance, or a claimed sandbox's creation (its wait was billed). */
  billedFrom?: number
  /** Start with `pool`: where the sandbox came from. */
  pool?: PoolRow
  readyAt: number
  /** What ended the use with an error, if anything (a failed run, say). */
  failure: unknown
  spent: Spent
  dollarsPerHour: number | undefined
  /** Attempts before this one that a GPU fault ended (retry-on-gpu-fault): their sandboxes and faults. */
  faulted?: { id: string; short: string }[]
}

function statusOf(config: StartConfig, failure: unknown): string {
  if (failure !== undefined) {
    const message = failure instanceof GpuFaultError ? failure.original.message : String((failure as Error).message)
    const exit = /\brun exited with (\d+)/.exec(message)
    const status = exit ? `run failed (exit ${exit[1]})` : `failed: ${serviceText(message.split('\n')[0], 200)}`
    // The machine's fault first: the first thing a reader of the row should know.
    return failure instanceof GpuFaultError ? `${failure.short} fault, likely not the code's; ${status}` : status
  }
  if (config.run) return 'run passed (exit 0)'
  return config.runner ? 'ready; the runner is online' : 'ready'
}

/** `; after GPU 0 Xid 79 on sbx-…`: the attempts a GPU fault ended before this one. */
const afterFaults = (faulted: UseOutcome['faulted']) =>
  faulted?.length ? `; after ${faulted.map((attempt) => `${attempt.short} on ${attempt.id}`).join(', ')}` : ''

export async function commentFromMain(
  config: StartConfig,
  deps: StepDeps,
  state: ActionState,
  started: StartedSandbox,
  outcome: UseOutcome,
  relayed = false,
): Promise<void> {
  if (!config.comment) return
  const now = deps.clock.now()
  const total = addSpent(outcome.spent, now - (outcome.billedFrom ?? outcome.acceptedAt), outcome.dollarsPerHour)
  const status = statusOf(config, outcome.failure) + afterFaults(outcome.faulted)
  const facts: CommentFacts = {
    sandboxId: started.id,
    job: config.comment.job,
    gpu: started.gpuType ? `${config.gpuCount ?? 1} x ${started.gpuType}` : 'none (CPU only)',
    status: outcome.pool ? `${status}; ${poolText(outcome.pool)}` : status,
    timeToReadyMs: outcome.readyAt - outcome.acceptedAt,
    runMs: config.run ? now - outcome.readyAt : undefined,
    downloaded: config.run?.download,
    billedSeconds: total.seconds,
    cost: total.dollars ?? null,
    runUrl: config.comment.runUrl,
  }
  state.saveCommentFacts(facts)
  state.saveGitHubBudget(deps.githubBudget?.save())
  // One write a job at most, the post step's, with the stop: a matrix's legs share the repository's GitHub
  // budget (GITHUB_TOKEN: 1,000 requests an hour), so the main step asks GitHub nothing for the comment.
  if (relayed)
    deps.core.info("comment: the post step gives this job's row to the run's artifacts; the last job to end writes it.")
  else deps.core.info("comment: the post step writes this job's row, with the stop (one write a job).")
}
