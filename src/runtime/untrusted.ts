/**
 * Everything the service says is untrusted text. This module is the one way
 * such text reaches a log line, an annotation or the job summary:
 *
 * - `serviceText` for a service string embedded in a message: one line, no
 *   control characters, no workflow command, secrets and keys removed, cut to
 *   a few hundred characters;
 * - `safeLogText` for a whole message on its way to the runner (the core
 *   adapter applies it to every line it writes, as the last line of defence);
 * - `summaryText` for a job-summary table cell: escaped for HTML and Markdown
 *   (no tag, link, image, code span, emphasis, math or cell break survives).
 *
 * The runner reads a workflow command from `::name::` at the start of a line
 * (after the white space it trims: runner-syntax.ts), where a line ends at `\n`, `\r\n` or a bare `\r`,
 * and from `##[name]` anywhere in a line.
 */

import { LEADING_WHITESPACE } from './runner-syntax.ts'

/** Secrets to remove from any service text: the API token, generated keys. */
const secrets = new Set<string>()

/** Registers a secret (the api-token, a key line): it is removed from every untrusted text from now on. */
export function registerSecret(secret: string): void {
  const text = secret.trim()
  // Very short values would blank out ordinary words.
  if (text.length >= 6) secrets.add(text)
}

/** Forgets every registered secret (tests). */
export function forgetSecrets(): void {
  secrets.clear()
}

export const SERVICE_TEXT_LIMIT = 300

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g
const PEM_BLOCK = /-----BEGIN[^-\r\n]{0,60}-----[\s\S]*?(?:-----END[^-\r\n]{0,60}-----|$)/g
const KEY_VALUE = /("(?:key|private_key|privateKey|ssh_private_key|ssh_certificate)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi
const OPENSSH_KEY_BODY = /b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/=]*/g

/** Removes registered secrets, PEM blocks and `key` values. */
export function scrubSecrets(text: string): string {
  let clean = text
    .replace(PEM_BLOCK, '[private key removed]')
    .replace(KEY_VALUE, '$1"***"')
    .replace(OPENSSH_KEY_BODY, '[private key removed]')
  for (const secret of secrets) clean = clean.split(secret).join('***')
  return clean
}

/** Registered secrets removed, nothing else (program-output.ts builds the `run` program's lines on it). */
export function withoutRegisteredSecrets(line: string): string {
  let clean = line
  for (const secret of secrets) clean = clean.split(secret).join('***')
  return clean
}

const LINE_START_COMMAND = new RegExp(`^(${LEADING_WHITESPACE}):(?=:)`)

/** `::x::` at a line start (after the runner's white space) and `##[x]` anywhere can no longer be read as commands. */
function defuseCommands(line: string): string {
  return line.replace(/##\[/g, '#\u2060#[').replace(LINE_START_COMMAND, '$1:\u2060')
}

function cut(text: string, limit: number): string {
  const chars = [...text]
  return chars.length > limit ? `${chars.slice(0, limit).join('')}…` : text
}

/**
 * A service string for a log line, an annotation or an error message: one
 * line, no control characters, no command, no secret, at most `limit` characters.
 */
export function serviceText(value: unknown, limit = SERVICE_TEXT_LIMIT): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? String(value))
  // Secrets first, while a PEM block still has its line breaks.
  const oneLine = scrubSecrets(text).replace(LINE_BREAKS_AND_CONTROLS, ' ').trim()
  // Cut first, then defuse: the defusing never makes the text longer than the reader sees.
  return defuseCommands(cut(oneLine, limit).replace(/::/g, ':\u2060:'))
}

/**
 * A whole message on its way to the runner's log: every line it will be split
 * into (at `\n`, `\r\n` or `\r`) is defused, and secrets are removed. Our own
 * multi-line messages keep their lines.
 */
export function safeLogText(message: string): string {
  return scrubSecrets(message)
    .split(/\r\n|\r|\n/)
    .map((line) => defuseCommands(line.replace(/[\u2028\u2029\u0085]/g, ' ')))
    .join('\n')
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text for a job-summary table cell: one line, HTML escaped, Markdown
 * punctuation backslash-escaped (no links, images, code spans, emphasis or
 * cell breaks), secrets removed.
 */
export function summaryText(value: unknown, limit = 1_000): string {
  const text = serviceText(value, limit)
  // Markdown first (it adds only backslashes), then HTML (whose entities need no Markdown escaping).
  // `[` and `]` stop links and images, `$` stops math, `|` stops a cell break.
  return text.replace(/[\\`*_[\]|~$]/g, '\\$&').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
}

/**
 * Text for a pull-request comment, which other people read and get notified by: a summary cell's
 * escaping, and no mention (`@someone`, `@org/team`), issue reference (`#12`) or bare link (GitHub
 * links `https://…` by itself) left in it.
 */
export function commentText(value: unknown, limit = 1_000): string {
  return (
    summaryText(value, limit)
      .replace(/@(?=\w)/g, '@\u2060')
      // Not the '#' of an HTML entity the escaping made (&#39;).
      .replace(/(?<!&)#(?=\d)/g, '#\u2060')
      .replace(/:\/\//g, ':\u2060//')
      .replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}\u2060.`)
  )
}
