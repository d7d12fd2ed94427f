/**
 * The white space the GitHub runner skips before `::` at a line's start.
 * actions/runner, src/Runner.Common/ActionCommand.cs, TryParseV2:
 * `message = message.TrimStart();` — .NET's TrimStart removes every character
 * for which `char.IsWhiteSpace` is true: U+0009–U+000D, U+0020, U+0085,
 * U+00A0 and the Unicode space, line and paragraph separators (Zs, Zl, Zp).
 * JavaScript's `\s` differs both ways (it lacks U+0085 and adds U+FEFF), so
 * the output filter and the tests' runner emulation both use this set.
 */
export const RUNNER_WHITESPACE =
  '\\u0009-\\u000d\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000'

/** Leading runner white space, as a regular expression source (`[…]*`). */
export const LEADING_WHITESPACE = `[${RUNNER_WHITESPACE}]*`

/** The line without the white space the runner trims at its start. */
export function trimRunnerStart(line: string): string {
  return line.replace(new RegExp(`^${LEADING_WHITESPACE}`), '')
}
