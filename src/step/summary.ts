/** Small formatting helpers for logs and the job summary. */
import type { ActionCore } from '../runtime/core.ts'
import { summaryText } from '../runtime/untrusted.ts'

export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  if (h > 0) return `${h}h${m > 0 ? `${m}m` : ''}`
  if (m > 0) return `${m}m${s > 0 ? `${s}s` : ''}`
  return `${s}s`
}

/**
 * A two-column table. Every cell is escaped (HTML, Markdown, cell breaks):
 * values often carry what the service said, so no cell is trusted.
 */
export function markdownTable(rows: [string, string][]): string {
  const lines = [
    '| | |',
    '|---|---|',
    ...rows.map(([key, value]) => `| ${summaryText(key)} | ${summaryText(value, 2_000)} |`),
  ]
  return `${lines.join('\n')}\n`
}

/** "a; b; c; … and 7 more": keeps the summary small whatever the list. */
export function listWithLimit(items: string[], limit: number): string {
  if (items.length <= limit) return items.join('; ')
  return `${items.slice(0, limit).join('; ')}; … and ${items.length - limit} more`
}

/** GitHub rejects step summaries over 1 MiB; ours stay far below this cap. */
export const SUMMARY_LIMIT_BYTES = 64 * 1024

export function boundedSummary(markdown: string, limit = SUMMARY_LIMIT_BYTES): string {
  if (Buffer.byteLength(markdown) <= limit) return markdown
  const note = '\n\n_(summary cut to stay small)_\n'
  return (
    Buffer.from(markdown)
      .subarray(0, limit - Buffer.byteLength(note))
      .toString('utf8')
      .replace(/\uFFFD$/, '') + note
  )
}

/**
 * dry-run: log and summarise the request that would be sent, and output it.
 * `shown` is what the log and summary may carry (secrets hidden); the output is the exact body.
 */
export async function reportDryRun(
  core: ActionCore,
  heading: string,
  route: string,
  body: unknown,
  shown: unknown = body,
  note = '',
): Promise<void> {
  const json = JSON.stringify(shown, null, 2)
  core.info(`dry-run: nothing is sent. ${route} would carry${note}:\n${json}`)
  core.setOutput('request', JSON.stringify(body))
  await core.appendSummary(
    `### ${heading} (dry-run)\nNothing was sent. Request body of \`${route}\`:\n\n\`\`\`json\n${json}\n\`\`\`\n`,
  )
}
