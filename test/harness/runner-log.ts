/**
 * Reads a step's raw stdout the way the GitHub runner does, to find every
 * workflow command in it: a line ends at `\n`, `\r\n` or a bare `\r`; a
 * command is `::name props::message` at the start of a line (leading spaces
 * allowed) or `##[name props]message` anywhere in a line; `::stop-commands::T`
 * switches processing off until a line `::T::`.
 */

export interface RunnerCommand {
  name: string
  properties: string
  message: string
  /** `::` at a line start, or `##[` anywhere. */
  form: 'line' | 'bracket'
}

export interface RunnerLog {
  /** Commands the runner acts on, in order. */
  commands: RunnerCommand[]
  /** Lines the runner printed without acting on them because commands were stopped. */
  linesWhileStopped: string[]
}

export function readRunnerLog(stdout: string): RunnerLog {
  const commands: RunnerCommand[] = []
  const linesWhileStopped: string[] = []
  let stopToken: string | undefined
  for (const line of stdout.split(/\r\n|\r|\n/)) {
    const trimmed = line.trim()
    if (stopToken !== undefined) {
      if (trimmed === `::${stopToken}::`) stopToken = undefined
      else linesWhileStopped.push(line)
      continue
    }
    const lineCommand = /^::([A-Za-z0-9_-]+)(?: ([^:]*))?::(.*)$/.exec(trimmed)
    if (lineCommand) {
      const [, name = '', properties = '', message = ''] = lineCommand
      commands.push({ name: name.toLowerCase(), properties, message, form: 'line' })
      if (name.toLowerCase() === 'stop-commands') stopToken = message
      continue
    }
    const bracket = /##\[([A-Za-z0-9_-]+)(?: ([^\]]*))?\](.*)$/.exec(line)
    if (bracket) {
      const [, name = '', properties = '', message = ''] = bracket
      commands.push({ name: name.toLowerCase(), properties, message, form: 'bracket' })
      if (name.toLowerCase() === 'stop-commands') stopToken = message
    }
  }
  return { commands, linesWhileStopped }
}

/** The commands the action itself writes, through @actions/core. */
const OURS = new Set(['add-mask', 'group', 'endgroup', 'error', 'warning', 'notice', 'debug'])

/**
 * Every command the action did not mean to write: a kind it never writes, the
 * `##[` form, a stop of command processing, or a message that starts with
 * `marker` (the hostile text's own payload).
 */
export function unintendedCommands(stdout: string, marker: string): string[] {
  const log = readRunnerLog(stdout)
  const found = log.commands
    .filter((c) => c.form === 'bracket' || !OURS.has(c.name) || c.message.trimStart().startsWith(marker))
    .map((c) => `${c.form === 'bracket' ? '##[' : '::'}${c.name}${c.properties ? ` ${c.properties}` : ''}: ${c.message.slice(0, 80)}`)
  if (log.linesWhileStopped.length > 0) found.push(`${log.linesWhileStopped.length} lines printed while commands were stopped`)
  return found
}
