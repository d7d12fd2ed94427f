/** The sweep's log lines and job summary: every candidate with its decision and reason, and the totals. */
import type { GitHubRepository } from '../inputs/job-environment.ts'
import { summaryText, serviceText } from '../runtime/untrusted.ts'
import type { Candidate } from './decide.ts'

/** What became of a candidate the sweep decided to stop. */
export type StopOutcome = 'stopped' | 'already gone' | 'not live' | 'would stop' | 'failed'

export interface SweptCandidate extends Candidate {
  outcome?: StopOutcome
  /** Why the stop failed (already sanitised text). */
  failure?: string
}

export interface SweepTotals {
  listed: number
  notLive: number
  kept: number
  stopped: number
  failed: number
  dryRun: boolean
}

/** A candidate as one log line; the name is the service's text. */
export function describe(candidate: Candidate): string {
  const name = candidate.name ? ` '${serviceText(candidate.name, 80)}'` : ''
  // A listed id that is not a sandbox id is the service's text too.
  return (
    `${candidate.id ? serviceText(candidate.id, 80) : '(no id)'}${name}: ` +
    `${candidate.decision} (${candidate.reason})`
  )
}

function runCell(candidate: Candidate, repository: GitHubRepository): string {
  if (!candidate.run) return ''
  // Digits only (parseGeneratedName) and the runner's own server URL: nothing here is the service's text.
  const { id, attempt } = candidate.run
  const runs = `${repository.serverUrl}/${repository.owner}/${repository.repo}/actions/runs`
  return `[${id} #${attempt}](${runs}/${id}/attempts/${attempt})`
}

function decisionCell(candidate: SweptCandidate): string {
  if (candidate.decision === 'keep') return 'kept'
  return candidate.outcome ?? 'stop'
}

export function totalsLine(totals: SweepTotals): string {
  const verb = totals.dryRun ? 'would stop' : 'stopped'
  const failed = totals.failed > 0 ? `, ${totals.failed} failed to stop` : ''
  return (
    `${totals.listed} sandboxes listed (${totals.notLive} not live): ${totals.stopped} ` +
    `${verb}${failed}, ${totals.kept} kept.`
  )
}

export function sweepSummary(
  candidates: readonly SweptCandidate[],
  repository: GitHubRepository,
  totals: SweepTotals,
): string {
  const heading =
    `### Sweep of ${repository.owner}/${repository.repo}` + (totals.dryRun ? ' (dry-run: nothing stopped)' : '')
  const lines = [heading, '', totalsLine(totals), '']
  if (candidates.length > 0) {
    lines.push('| Sandbox | Name | Run | Decision | Reason |', '|---|---|---|---|---|')
    // Orphans first: they are what the reader looks for.
    const ordered = [...candidates].sort((a, b) => Number(b.decision === 'stop') - Number(a.decision === 'stop'))
    for (const candidate of ordered) {
      const reason = candidate.failure ? `${candidate.reason}; ${candidate.failure}` : candidate.reason
      lines.push(
        `| ${summaryText(candidate.id || '(no id)')} | ${summaryText(candidate.name, 80)} ` +
          `| ${runCell(candidate, repository)} | ${decisionCell(candidate)} ` +
          `| ${summaryText(reason, 300)} |`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}
