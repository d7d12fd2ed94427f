/**
 * Reads a step's raw stdout the way the GitHub runner does (the port in
 * scripts/lib/runner-commands.ts), to find every workflow command in it and
 * the lines printed while commands were stopped.
 */
import { readStdout, type RunnerCommand } from '../../scripts/lib/runner-commands.ts'

export interface RunnerLog {
  /** Commands the runner acts on, in order; `message` is the command's data. */
  commands: (RunnerCommand & { message: string })[]
  /** Lines the runner printed without acting on them because commands were stopped. */
  linesWhileStopped: string[]
}

export function readRunnerLog(stdout: string): RunnerLog {
  const reading = readStdout(stdout)
  return {
    commands: reading.acted.map((command) => ({ ...command, message: command.data })),
    linesWhileStopped: reading.linesWhileStopped,
  }
}

/** The commands the action itself writes (src/entry/workflow-commands.ts). */
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
    .map((c) => {
      const properties = Object.entries(c.properties).map(([key, value]) => `${key}=${value}`)
      return `${c.form === 'bracket' ? '##[' : '::'}${c.name}${properties.length > 0 ? ` ${properties.join(',')}` : ''}: ${c.message.slice(0, 80)}`
    })
  if (log.linesWhileStopped.length > 0)
    found.push(`${log.linesWhileStopped.length} lines printed while commands were stopped`)
  return found
}
