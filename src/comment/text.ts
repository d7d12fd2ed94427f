/**
 * What the pull-request comment says: the story of one job's
 * sandbox, as Markdown other people read. Every value passes commentText (no
 * mention, reference or link from service or GitHub text survives).
 */
import { commentText } from '../runtime/untrusted.ts'
import { formatDuration } from '../step/summary.ts'

export interface CommentFacts {
  sandboxId: string
  /** Workflow and job, for the heading. */
  job: string
  /** The leg's name as GitHub shows it (`test (3.11)`), from this job's record; undefined where it cannot be read. */
  leg?: string
  gpu: string
  /** gpu-report's figure: peak memory and mean utilization, `unused` or `no samples`. */
  gpuUse?: string
  status: string
  timeToReadyMs?: number
  runMs?: number
  downloaded?: string[]
  billedSeconds?: number
  /** Dollars; null: the catalog has no price for the GPU. */
  cost?: number | null
  runUrl: string
}

const dollars = (amount: number) => (amount >= 1 ? `$${amount.toFixed(2)}` : `$${amount.toFixed(4)}`)

export function renderComment(facts: CommentFacts): string {
  const rows: [string, string][] = [
    ['Status', facts.status],
    ['Sandbox', facts.sandboxId],
    ['GPU', facts.gpu],
  ]
  if (facts.gpuUse) rows.push(['GPU use', `${facts.gpuUse} (peak memory · mean utilization)`])
  if (facts.timeToReadyMs !== undefined) rows.push(['Time to ready', formatDuration(facts.timeToReadyMs)])
  if (facts.runMs !== undefined) rows.push(['Run', formatDuration(facts.runMs)])
  if (facts.billedSeconds !== undefined) {
    const cost = facts.cost === null || facts.cost === undefined ? 'no price for the GPU' : `~${dollars(facts.cost)}`
    rows.push([
      'Cost of this run',
      `${cost} (${facts.billedSeconds} s billed, failed starts and replacements included)`,
    ])
  }
  if (facts.downloaded && facts.downloaded.length > 0) rows.push(['Downloaded', facts.downloaded.join(', ')])
  const table = rows.map(([key, value]) => `| ${key} | ${commentText(value, 400)} |`)
  // The link is ours (GITHUB_SERVER_URL, the repository, the run): it is the one link the comment keeps.
  return [
    `#### GPU sandbox: ${commentText(facts.job, 120)}`,
    '',
    '| | |',
    '|---|---|',
    ...table,
    '',
    `[The workflow run](${encodeURI(facts.runUrl)})`,
    '',
  ].join('\n')
}
