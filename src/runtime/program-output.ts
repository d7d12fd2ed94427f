/**
 * The lines of the workflow author's own program (`run`) on their way to the
 * step log. They are shown as a `run:` step shows its output, workflow
 * commands included, with the registered secrets removed, and two exceptions
 * a `run:` step does not need, since here the program speaks inside the
 * action's own step:
 *
 * - `save-state` and `set-output` would write the action's state and outputs
 *   (the post step trusts its state to know which sandbox and runner are its
 *   own), so they are defused and shown as text;
 * - a `stop-commands` the program leaves open is closed when it ends
 *   (ProgramCommands), so the action's own commands after it (its error, its
 *   masks) still work. One whose token no command name can match (empty, with
 *   spaces or escapes) could never be closed: defused.
 *
 * Lines are read the way the runner reads them (actions/runner,
 * src/Runner.Common/ActionCommand.cs): `::name props::data` after the white
 * space it trims at a line's start (runner-syntax.ts: .NET's set, which
 * counts U+0085), the name ending at the first space; `##[name props]data`
 * from the first `##[` anywhere. A line ends at `\n`, `\r\n` or a bare `\r`.
 * Names are compared with .NET's OrdinalIgnoreCase, under which `ſ` (U+017F)
 * is an `s` and `ı` (U+0131) an `i`.
 */
import { ordinalName, RUNNER_COMMANDS, trimRunnerStart } from './runner-syntax.ts'
import { withoutRegisteredSecrets } from './untrusted.ts'

const WORD_JOINER = '\u2060'
const STATE_WRITERS = new Set(['save-state', 'set-output'])

/**
 * A stop token a later `::token::` can match, and that names no command: the
 * runner waits for any other forever, and on resuming removes the token from
 * its commands for the rest of the job (`::stop-commands::add-mask` would end
 * every later mask).
 */
function closable(token: string): boolean {
  return /^[A-Za-z0-9._-]+$/.test(token) && !RUNNER_COMMANDS.has(ordinalName(token))
}

interface Found {
  /** Where the command's opening `::` or `##[` starts in the segment. */
  at: number
  name: string
  data: string
}

/** `::name …::data` at the segment's start, after the runner's white space (TryParseV2). */
function v2Command(segment: string): Found | undefined {
  const trimmed = trimRunnerStart(segment)
  if (!trimmed.startsWith('::')) return undefined
  const end = trimmed.indexOf('::', 2)
  if (end < 0) return undefined
  const info = trimmed.slice(2, end)
  const space = info.indexOf(' ')
  return {
    at: segment.length - trimmed.length,
    name: space < 0 ? info : info.slice(0, space),
    data: trimmed.slice(end + 2),
  }
}

/** Every `##[name …]data` in the segment (TryParse reads the first; defusing one would make the next the first). */
function v1Commands(segment: string): Found[] {
  const found: Found[] = []
  for (let at = segment.indexOf('##['); at >= 0; at = segment.indexOf('##[', at + 3)) {
    const close = segment.indexOf(']', at)
    if (close < 0) break
    const info = segment.slice(at + 3, close)
    const space = info.indexOf(' ')
    found.push({ at, name: space < 0 ? info : info.slice(0, space), data: segment.slice(close + 1) })
  }
  return found
}

/** Whether the runner must not act on this command here: a state writer, or a stop no token can close. */
function mustDefuse({ name, data }: Found): boolean {
  const command = ordinalName(name)
  return STATE_WRITERS.has(command) || (command === 'stop-commands' && !closable(data))
}

function defuse(segment: string): string {
  // Right to left, so the positions found stay true while characters go in.
  const places = [v2Command(segment), ...v1Commands(segment)].filter(
    (found): found is Found => found !== undefined && mustDefuse(found),
  )
  let text = segment
  for (const { at } of places.sort((a, b) => b.at - a.at))
    text = `${text.slice(0, at + 1)}${WORD_JOINER}${text.slice(at + 1)}`
  return text
}

/** One line of the program's output as the step log gets it. */
export function programText(line: string): string {
  return withoutRegisteredSecrets(line).split('\r').map(defuse).join('\r')
}

/** The command the runner would read in `segment` when `known` are its commands (TryParseV2, else TryParse). */
function commandIn(segment: string, known: (name: string) => boolean): Found | undefined {
  const v2 = v2Command(segment)
  if (v2 && known(v2.name)) return v2
  const v1 = v1Commands(segment)[0]
  return v1 && known(v1.name) ? v1 : undefined
}

/** Follows `stop-commands` through the program's lines, as the runner does. */
export class ProgramCommands {
  private stopToken: string | undefined

  see(line: string): void {
    // While stopped, the runner counts the token among its commands.
    const known = (name: string) =>
      RUNNER_COMMANDS.has(ordinalName(name)) ||
      (this.stopToken !== undefined && ordinalName(name) === ordinalName(this.stopToken))
    for (const segment of programText(line).split('\r')) {
      const command = commandIn(segment, known)
      if (!command) continue
      const name = ordinalName(command.name)
      if (this.stopToken === undefined && name === 'stop-commands') this.stopToken = command.data
      else if (this.stopToken !== undefined && name === ordinalName(this.stopToken)) this.stopToken = undefined
    }
  }

  /** The line that resumes command processing, when the program left it stopped. */
  resumeLine(): string | undefined {
    return this.stopToken === undefined ? undefined : `::${this.stopToken}::`
  }
}
