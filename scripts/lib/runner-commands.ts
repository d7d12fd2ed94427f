/**
 * How the GitHub runner reads a step's stdout, for the bundle tests: a port of
 * actions/runner's ActionCommand.TryParseV2 / TryParse and
 * ActionCommandManager.TryProcessCommand. The workflow commands it would act
 * on, in order, with `stop-commands` pausing them until its token comes back
 * (the token counts as a command while stopped and is removed from the
 * commands when it resumes), and the `save-state` / `set-output` commands it
 * still honours (they write the step's state and outputs; the GITHUB_STATE /
 * GITHUB_OUTPUT files, read after the step, win over them).
 *
 * A line ends at `\n`, `\r\n` or a bare `\r` (StreamReader.ReadLine). The
 * `::` form is read after `TrimStart()`, which trims .NET's white space; the
 * `##[` form from the first `##[` anywhere. Names are compared with
 * OrdinalIgnoreCase (ſ is an s, ı an i). The white-space set, the command
 * names and that comparison are shared with the output filter
 * (src/runtime/runner-syntax.ts); the parsing here is the port's own.
 */
import { ordinalName as ordinal, RUNNER_COMMANDS, trimRunnerStart } from '../../src/runtime/runner-syntax.ts'

export interface RunnerCommand {
  name: string
  properties: Record<string, string>
  data: string
  /** `::` at a line's start, or `##[` anywhere. */
  form: 'line' | 'bracket'
}

export interface RunnerReading {
  /** The commands the runner acts on, in order (stop-commands and its resume excluded). */
  acted: RunnerCommand[]
  /** Lines the runner printed without acting on them because commands were stopped. */
  linesWhileStopped: string[]
}

function unescape(text: string, pairs: [string, string][]): string {
  return pairs.reduce((value, [escaped, plain]) => value.split(escaped).join(plain), text)
}
const DATA_V2: [string, string][] = [
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%25', '%'],
]
const PROPERTY_V2: [string, string][] = [
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%3A', ':'],
  ['%2C', ','],
  ['%25', '%'],
]
const V1: [string, string][] = [
  ['%3B', ';'],
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%5D', ']'],
  ['%25', '%'],
]

function properties(text: string, separator: string, pairs: [string, string][]): Record<string, string> {
  const found: Record<string, string> = {}
  for (const property of text.split(separator).filter((part) => part !== '')) {
    // Split('=', count: 2, RemoveEmptyEntries): a key and a value, both non-empty.
    const eq = property.indexOf('=')
    const [key, value] = eq < 0 ? [property, ''] : [property.slice(0, eq), property.slice(eq + 1)]
    if (key !== '' && value !== '') found[key] = unescape(value, pairs)
  }
  return found
}

/** TryParseV2: `::name props::data` after the trimmed white space. */
function parseV2(line: string, known: Set<string>): RunnerCommand | undefined {
  const message = trimRunnerStart(line)
  if (!message.startsWith('::')) return undefined
  const end = message.indexOf('::', 2)
  if (end < 0) return undefined
  const info = message.slice(2, end)
  const space = info.indexOf(' ')
  const name = space < 0 ? info : info.slice(0, space)
  if (name === '' || !known.has(ordinal(name))) return undefined
  const props = space > 0 ? properties(info.slice(space + 1).trim(), ',', PROPERTY_V2) : {}
  return { name: ordinal(name), properties: props, data: unescape(message.slice(end + 2), DATA_V2), form: 'line' }
}

/** TryParse: `##[name props]data` from the first `##[`. */
function parseV1(line: string, known: Set<string>): RunnerCommand | undefined {
  const at = line.indexOf('##[')
  if (at < 0) return undefined
  const close = line.indexOf(']', at)
  if (close < 0) return undefined
  const info = line.slice(at + 3, close)
  const space = info.indexOf(' ')
  const name = space < 0 ? info : info.slice(0, space)
  if (name === '' || !known.has(ordinal(name))) return undefined
  const props = space > 0 ? properties(info.slice(space + 1), ';', V1) : {}
  return { name: ordinal(name), properties: props, data: unescape(line.slice(close + 1), V1), form: 'bracket' }
}

/** How the runner reads a step's stdout, line by line. */
export function readStdout(stdout: string): RunnerReading {
  const reading: RunnerReading = { acted: [], linesWhileStopped: [] }
  const known = new Set(RUNNER_COMMANDS)
  let stopToken: string | undefined
  for (const line of stdout.split(/\r\n|\r|\n/)) {
    const command = parseV2(line, known) ?? parseV1(line, known)
    if (stopToken !== undefined) {
      if (command && stopToken !== '' && command.name === ordinal(stopToken)) {
        known.delete(ordinal(stopToken))
        stopToken = undefined
      } else reading.linesWhileStopped.push(line)
    } else if (command?.name === 'stop-commands') {
      stopToken = command.data
      known.add(ordinal(stopToken))
    } else if (command) reading.acted.push(command)
  }
  return reading
}

/** The commands the runner would act on, in order (stop-commands and its resume excluded). */
export function runnerCommands(stdout: string): RunnerCommand[] {
  return readStdout(stdout).acted
}

/** What `save-state` (or `set-output`) commands on stdout set, by name. */
export function stdoutValues(stdout: string, command: 'save-state' | 'set-output'): Record<string, string> {
  const values: Record<string, string> = {}
  for (const { name, properties, data } of runnerCommands(stdout))
    if (name === command && properties.name) values[properties.name] = data
  return values
}
