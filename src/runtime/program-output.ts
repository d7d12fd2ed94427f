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
 * The runner reads `::name …::` at a line's start (after white space) and
 * `##[name …]` anywhere; a line ends at `\n`, `\r\n` or a bare `\r`, and
 * command names are matched without regard to case.
 */
import { withoutRegisteredSecrets } from './untrusted.ts'

const WORD_JOINER = '\u2060'
const STATE_WRITERS = /^(\s*):(:(?:save-state|set-output)[\s:])/i
const STATE_WRITERS_V1 = /##\[(?=(?:save-state|set-output)[\s\]])/gi
const STOP = /^(\s*):(:stop-commands::(.*))$/i
const STOP_V1 = /##\[(?=stop-commands\](.*)$)/i
/** A token a later `::token::` can match as a command name; the runner would wait for any other forever. */
const CLOSABLE_TOKEN = /^[A-Za-z0-9._-]+$/

function defuse(segment: string): string {
  const defused = segment.replace(STATE_WRITERS, `$1:${WORD_JOINER}$2`).replace(STATE_WRITERS_V1, `#${WORD_JOINER}#[`)
  return defused
    .replace(STOP, (whole, space: string, rest: string, token: string) => (CLOSABLE_TOKEN.test(token) ? whole : `${space}:${WORD_JOINER}${rest}`))
    .replace(STOP_V1, (whole, token: string) => (CLOSABLE_TOKEN.test(token) ? whole : `#${WORD_JOINER}#[`))
}

/** One line of the program's output as the step log gets it. */
export function programText(line: string): string {
  return withoutRegisteredSecrets(line).split('\r').map(defuse).join('\r')
}

/** The command a runner would read in `segment` (its name, and its data), if any. */
function commandIn(segment: string): { name: string; data: string } | undefined {
  const v2 = /^\s*::([^\s:]+)(?: [^:]*)?::(.*)$/.exec(segment)
  if (v2) return { name: v2[1] ?? '', data: v2[2] ?? '' }
  const v1 = /##\[([^\s\]]+)[^\]]*\](.*)$/.exec(segment)
  return v1 ? { name: v1[1] ?? '', data: v1[2] ?? '' } : undefined
}

/** Follows `stop-commands` through the program's lines, as the runner does. */
export class ProgramCommands {
  private stopToken: string | undefined

  see(line: string): void {
    for (const segment of programText(line).split('\r')) {
      const command = commandIn(segment)
      if (!command) continue
      const name = command.name.toLowerCase()
      if (this.stopToken === undefined && name === 'stop-commands') this.stopToken = command.data
      else if (this.stopToken !== undefined && name === this.stopToken.toLowerCase()) this.stopToken = undefined
    }
  }

  /** The line that resumes command processing, when the program left it stopped. */
  resumeLine(): string | undefined {
    return this.stopToken === undefined ? undefined : `::${this.stopToken}::`
  }
}
