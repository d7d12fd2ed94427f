/**
 * One pull-request comment per workflow: a compact row per job and
 * matrix leg, counts by status on top. Each row carries a hidden key (a hash
 * of the leg) and its status, so a leg finds and replaces only its own row and
 * keeps the others' rows as they are. The leg's full story stays in its job
 * summary (text.ts). Every value passes commentText.
 */
import { createHash } from 'node:crypto'
import { commentText } from '../runtime/untrusted.ts'
import type { CommentFacts } from './text.ts'
import { formatDuration } from '../step/summary.ts'

export type RowStatus = 'failed' | 'done' | 'running'

export interface CommentRow {
  key: string
  status: RowStatus
  /** The whole table line, as written. */
  line: string
}

/** GitHub's limit for a comment is 65,536 characters: the table keeps below it. */
export const COMMENT_LIMIT = 65_000
const ROW = /^\| <!--r:([0-9a-f]{12}):(failed|done|running)-->/

/** A leg's row key: the same leg (by name) on every run and re-run. */
export function rowKey(identity: string): string {
  return createHash('sha256').update(identity).digest('hex').slice(0, 12)
}

export function rowStatus(status: string): RowStatus {
  if (/fail|cancel|timed out/i.test(status)) return 'failed'
  return /stopped|kept alive|not stopped here|passed/i.test(status) ? 'done' : 'running'
}

const dollars = (amount: number) => (amount >= 1 ? `$${amount.toFixed(2)}` : `$${amount.toFixed(4)}`)

/**
 * One leg's row: its name, status, GPU, what the GPU did (peak memory · mean utilization), time to ready, run, cost,
 * sandbox, and a link to its run attempt.
 */
export function renderRow(facts: CommentFacts): CommentRow {
  const leg = facts.leg ?? `${facts.job} (${facts.sandboxId})`
  const key = rowKey(facts.leg ?? `${facts.job}/${facts.sandboxId}`)
  const status = rowStatus(facts.status)
  const cost =
    facts.billedSeconds === undefined
      ? ''
      : facts.cost === null || facts.cost === undefined
        ? 'no price'
        : dollars(facts.cost)
  const cells = [
    commentText(leg, 60),
    commentText(facts.status, 70),
    commentText(facts.gpu, 24),
    commentText(facts.gpuUse ?? '', 24),
    facts.timeToReadyMs === undefined ? '' : formatDuration(facts.timeToReadyMs),
    facts.runMs === undefined ? '' : formatDuration(facts.runMs),
    commentText(cost, 20),
    commentText(facts.sandboxId, 40),
    // The link is ours (GITHUB_SERVER_URL, the repository, the run): the one link a row keeps.
    `[${/attempts\/(\d+)$/.exec(facts.runUrl)?.[1] ?? 'run'}](${encodeURI(facts.runUrl)})`,
  ]
  return { key, status, line: `| <!--r:${key}:${status}-->${cells.join(' | ')} |` }
}

/** The rows a comment holds, by key (a line that is not one of our rows is not kept). */
export function rowsOf(body: string): Map<string, CommentRow> {
  const rows = new Map<string, CommentRow>()
  for (const line of body.split('\n')) {
    const match = ROW.exec(line)
    if (match) rows.set(match[1] as string, { key: match[1] as string, status: match[2] as RowStatus, line })
  }
  return rows
}

/** The whole comment: marker, heading, counts by status, and the rows (by leg name), within GitHub's limit. */
export function renderTable(mark: string, heading: string, rows: Iterable<CommentRow>): string {
  const visible = (row: CommentRow) => row.line.slice(row.line.indexOf('-->') + 3)
  const sorted = [...rows].sort((a, b) => (visible(a) < visible(b) ? -1 : visible(a) > visible(b) ? 1 : 0))
  const count = (status: RowStatus) => sorted.filter((row) => row.status === status).length
  const jobs = `${sorted.length} ${sorted.length === 1 ? 'job' : 'jobs'}`
  const counts = `**${jobs}**: ${count('done')} done · ${count('failed')} failed · ${count('running')} running`
  const render = (lines: string[]) =>
    [
      mark,
      `#### GPU sandboxes: ${commentText(heading, 120)}`,
      '',
      counts,
      '',
      '| Job | Status | GPU | GPU use | Ready in | Run | Cost | Sandbox | Attempt |',
      '|---|---|---|---|---|---|---|---|---|',
      ...lines,
      '',
    ].join('\n')
  const full = render(sorted.map((row) => row.line))
  // Past the limit the links go first (a run's page lists its jobs anyway).
  return full.length <= COMMENT_LIMIT
    ? full
    : render(sorted.map((row) => row.line.replace(/\[(\d+|run)\]\([^)]*\)/g, '$1'))).slice(0, COMMENT_LIMIT)
}
