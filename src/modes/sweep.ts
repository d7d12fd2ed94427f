/**
 * Mode `sweep`: stop this repository's orphans, the live sandboxes this
 * action named for a run of this repository that GitHub says is over. Lists
 * first, then asks GitHub (once per run), then stops in a slow trickle. A
 * GitHub 401/403 ends the sweep before any stop: never stop on a guess.
 */
import { isServiceError } from '../client/errors.ts'
import { READ_BACKOFF, retryUntil } from '../client/retry.ts'
import type { ListedSandbox } from '../client/schemas.ts'
import type { SweepConfig } from '../inputs/config.ts'
import { opContext, type OpContext, type StepDeps } from '../step/deps.ts'
import { stopSandbox } from '../sandbox/stop.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { decide } from '../sweep/decide.ts'
import { makeRunLookup, type RunLookup } from '../sweep/github-runs.ts'
import { deleteOrphanRegistrations } from '../sweep/registrations.ts'
import { RunnerRegistry } from '../runner/github.ts'
import { describe, sweepSummary, totalsLine, type SweptCandidate } from '../sweep/report.ts'
import { isRateLimited, trickle, type PacedStop } from '../sweep/trickle.ts'
import { sweepPools } from '../pool/sweep.ts'

const LIST_DEADLINE_MS = 5 * 60_000
/** 100 pages of the service's default size: thousands of sandboxes. */
const MAX_LIST_PAGES = 100
/** Each orphan's stop keeps trying this long (429s and lost answers included) before it counts as failed. */
export const SWEEP_STOP_DEADLINE_MS = 10 * 60_000

export interface SweepDeps extends StepDeps {
  /** GitHub's view of runs; when absent, the real one (Octokit, imported at the first question to GitHub). */
  runLookup?: RunLookup
}

async function listAll(ctx: OpContext): Promise<ListedSandbox[]> {
  const deadline = ctx.clock.now() + LIST_DEADLINE_MS
  const client = ctx.client.withDeadline(deadline, ctx.clock)
  return retryUntil(
    ctx,
    deadline,
    'list sandboxes',
    async () => {
      const listed: ListedSandbox[] = []
      for await (const sandbox of client.allSandboxes({ maxPages: MAX_LIST_PAGES, signal: ctx.signal }))
        listed.push(sandbox)
      return listed
    },
    { backoff: READ_BACKOFF },
  )
}

async function stopOrphan(ctx: OpContext, candidate: SweptCandidate, rateLimited: () => void): Promise<void> {
  try {
    const result = await stopSandbox(ctx, candidate.id, ctx.clock.now() + SWEEP_STOP_DEADLINE_MS, {
      urgent: false,
      onRetry: (error) => {
        if (isRateLimited(error)) rateLimited()
      },
    })
    candidate.outcome =
      result.outcome === 'accepted' ? 'stopped' : result.outcome === 'gone' ? 'already gone' : 'not live'
    ctx.log(
      `${candidate.id}: ${candidate.outcome}${result.status ? ` (status ${serviceText(result.status, 40)})` : ''}.`,
    )
  } catch (error) {
    ctx.signal?.throwIfAborted()
    // A token the service refuses fails every stop alike: end the sweep now.
    if (isServiceError(error) && (error.status === 401 || error.status === 403)) throw error
    candidate.outcome = 'failed'
    candidate.failure = `stop failed: ${serviceText(error instanceof Error ? error.message : String(error), 200)}`
  }
}

/**
 * Stops the orphans, at most 10 a minute (dry-run: marks them); the ids stopped, also as the output when the sweep ends
 * early.
 */
async function stopOrphans(deps: SweepDeps, orphans: SweptCandidate[], dryRun: boolean): Promise<string[]> {
  const ctx = opContext(deps)
  const stopped: string[] = []
  try {
    if (dryRun) {
      for (const orphan of orphans) {
        orphan.outcome = 'would stop'
        stopped.push(orphan.id)
      }
      return stopped
    }
    if (orphans.length > 0)
      ctx.log(`Stopping ${orphans.length} orphan${orphans.length === 1 ? '' : 's'}, at most 10 a minute.`)
    const stopOne = async (orphan: SweptCandidate, paced: PacedStop) => {
      await stopOrphan(ctx, orphan, paced.rateLimited)
      if (orphan.outcome === 'stopped') stopped.push(orphan.id)
    }
    await trickle(orphans, stopOne, ctx)
    return stopped
  } finally {
    deps.core.setOutput('stopped', JSON.stringify(stopped))
  }
}

export async function runSweep(config: SweepConfig, deps: SweepDeps): Promise<void> {
  const { core } = deps
  const { repository } = config
  const ctx = opContext(deps)
  const log = ctx.log
  log(
    `Sweeping orphaned sandboxes of ${repository.owner}/${repository.repo} ` +
      `(repository id ${repository.id})${config.dryRun ? ', dry-run: nothing is stopped' : ''}.`,
  )

  // The list comes before GitHub is asked: a run GitHub calls over cannot own a sandbox listed after it.
  const listed = await listAll(ctx)
  const lookup = deps.runLookup ?? makeRunLookup(repository, config.githubToken, ctx)
  const { candidates, notLive } = await decide(listed, repository.id, lookup)

  const swept: SweptCandidate[] = candidates
  const orphans = swept.filter((candidate) => candidate.decision === 'stop')
  for (const candidate of swept) log(describe(candidate))

  const stopped = await stopOrphans(deps, orphans, config.dryRun)
  // The warm pool's idle sandboxes: claimed first, then stopped; the output lists them with the orphans.
  const idle = await sweepPools(config, deps, listed)
  if (idle.length > 0) core.setOutput('stopped', JSON.stringify([...stopped, ...idle]))

  if (!config.dryRun) {
    const registry = new RunnerRegistry(repository, config.githubToken, ctx)
    await deleteOrphanRegistrations(registry, stopped, log)
  }
  reportUndecided(core, swept)
  const failed = orphans.filter((orphan) => orphan.outcome === 'failed')
  const totals = {
    listed: listed.length,
    notLive,
    kept: swept.length - orphans.length,
    stopped: stopped.length,
    failed: failed.length,
    dryRun: config.dryRun,
  }
  log(totalsLine(totals))
  await core.appendSummary(sweepSummary(swept, repository, totals))
  if (failed.length > 0) {
    for (const orphan of failed)
      core.error(`${orphan.id}: ${orphan.failure ?? 'stop failed'}`, { title: 'Orphaned sandbox may still be running' })
    core.setFailed(
      `${failed.length} of ${orphans.length} orphan stops failed; they stay ` +
        `running until stopped or their TTL ends. The next sweep tries again.`,
    )
  }
}

/**
 * A sweep that could ask GitHub about none of its candidates decided nothing:
 * it fails, naming the cause, so a scheduled sweep cannot stay green while
 * blind. One that decided some passes with a warning that counts the rest.
 */
function reportUndecided(core: SweepDeps['core'], swept: readonly SweptCandidate[]): void {
  const asked = swept.filter((candidate) => candidate.run !== undefined)
  const undecided = asked.filter((candidate) => candidate.undecided !== undefined)
  if (undecided.length === 0) return
  const causes = [...new Set(undecided.map((candidate) => candidate.undecided))].slice(0, 3).join('; ')
  const count = `${undecided.length} of ${asked.length} candidate${asked.length === 1 ? '' : 's'}`
  if (undecided.length === asked.length) {
    core.setFailed(
      `GitHub could not be asked about any candidate (${count}): ${causes}. ` +
        `Nothing was decided, so nothing was stopped. ` +
        'Check that the runner reaches GITHUB_API_URL (proxy, DNS, firewall); the next sweep asks again.',
    )
    return
  }
  core.warning(`${count} kept undecided: ${causes}. The next sweep asks GitHub again.`, {
    title: 'Sweep could not decide every sandbox',
  })
}
