/**
 * How the GitHub runner reads a step's stdout, for the bundle tests: the
 * workflow commands it would act on, in order, with `stop-commands` pausing
 * them until its token comes back, and the `save-state` / `set-output`
 * commands it still honours (they write the step's state and outputs; the
 * GITHUB_STATE / GITHUB_OUTPUT files, read after the step, win over them).
 * A line ends at `\n`, `\r\n` or a bare `\r`; names match without regard to case.
 */

export interface RunnerCommand {
  name: string
  properties: Record<string, string>
  data: string
}

function parse(line: string): RunnerCommand | undefined {
  const v2 = /^\s*::([^\s:]+)(?: ([^:]*))?::(.*)$/.exec(line)
  const v1 = v2 ? undefined : /##\[([^\s\]]+)(?: ([^\]]*))?\](.*)$/.exec(line)
  const match = v2 ?? v1
  if (!match) return undefined
  const properties: Record<string, string> = {}
  for (const pair of (match[2] ?? '').split(v2 ? ',' : ';')) {
    const [key, value] = pair.trim().split('=', 2)
    if (key && value !== undefined) properties[key] = value
  }
  return { name: match[1] ?? '', properties, data: match[3] ?? '' }
}

/** The commands the runner would act on, in order (stop-commands and its resume excluded). */
export function runnerCommands(stdout: string): RunnerCommand[] {
  const acted: RunnerCommand[] = []
  let stopToken: string | undefined
  for (const line of stdout.split(/\r\n|\r|\n/)) {
    const command = parse(line)
    if (!command) continue
    const name = command.name.toLowerCase()
    if (stopToken !== undefined) {
      if (stopToken !== '' && name === stopToken.toLowerCase()) stopToken = undefined
    } else if (name === 'stop-commands') stopToken = command.data
    else acted.push(command)
  }
  return acted
}

/** What `save-state` (or `set-output`) commands on stdout set, by name. */
export function stdoutValues(stdout: string, command: 'save-state' | 'set-output'): Record<string, string> {
  const values: Record<string, string> = {}
  for (const { name, properties, data } of runnerCommands(stdout)) if (name.toLowerCase() === command && properties.name) values[properties.name] = data
  return values
}
