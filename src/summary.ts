/** Small formatting helpers for logs and the job summary. */

export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  if (h > 0) return `${h}h${m > 0 ? `${m}m` : ''}`
  if (m > 0) return `${m}m${s > 0 ? `${s}s` : ''}`
  return `${s}s`
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')
}

export function markdownTable(rows: [string, string][]): string {
  const lines = ['| | |', '|---|---|', ...rows.map(([key, value]) => `| ${cell(key)} | ${cell(value)} |`)]
  return `${lines.join('\n')}\n`
}
