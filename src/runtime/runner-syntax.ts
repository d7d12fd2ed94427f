/**
 * How the GitHub runner reads a workflow command, as far as the output filter
 * (program-output.ts), the sanitiser (untrusted.ts) and the tests' runner
 * emulation (scripts/lib/runner-commands.ts) must agree on it. From
 * actions/runner, src/Runner.Common/ActionCommand.cs and
 * src/Runner.Worker/ActionCommandManager.cs.
 */

/**
 * The white space skipped before `::` at a line's start. TryParseV2 does
 * `message = message.TrimStart();`, and .NET's TrimStart removes every
 * character for which `char.IsWhiteSpace` is true: U+0009–U+000D, U+0020,
 * U+0085, U+00A0 and the Unicode space, line and paragraph separators (Zs, Zl,
 * Zp). JavaScript's `\s` differs both ways (it lacks U+0085 and adds U+FEFF).
 */
export const RUNNER_WHITESPACE =
  '\\u0009-\\u000d\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000'

/** Leading runner white space, as a regular expression source (`[…]*`). */
export const LEADING_WHITESPACE = `[${RUNNER_WHITESPACE}]*`

const LEADING = new RegExp(`^${LEADING_WHITESPACE}`)

/** The line without the white space the runner trims at its start. */
export function trimRunnerStart(line: string): string {
  return line.replace(LEADING, '')
}

/** The runner's commands (ActionCommandManager: stop-commands and the command extensions it registers). */
export const RUNNER_COMMANDS: ReadonlySet<string> = new Set([
  'stop-commands',
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'debug',
  'warning',
  'error',
  'notice',
  'group',
  'endgroup',
  'echo',
])

/** A command name as .NET's OrdinalIgnoreCase compares it (ſ and ı have ASCII capitals). */
export function ordinalName(name: string): string {
  return name
    .replace(/\u017f/g, 's')
    .replace(/\u0131/g, 'i')
    .toLowerCase()
}
