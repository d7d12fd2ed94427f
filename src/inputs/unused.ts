/**
 * Inputs given for a mode that does not read them: one warning each, never an
 * error (a workflow that sets `gpu-type` beside `mode: stop` still stops).
 * Only a value that differs from action.yml's default counts as given: the
 * runner fills every default in, so an untouched input is never warned about.
 */
import type { InputReader } from './collector.ts'
import { INPUT_DEFAULTS, INPUT_MODES, type InputName, type Mode } from './defaults.ts'

/**
 * Never warned about: the runner expands github-token's expression default,
 * and start mode refuses sandbox-id outright (its own input error: a stop
 * meant as a start must not cost a sandbox).
 */
const NOT_WARNED: Partial<Record<Mode, readonly InputName[]>> = { start: ['sandbox-id'] }

export function unusedInputWarnings(read: InputReader, mode: Mode): string[] {
  const warnings: string[] = []
  for (const name of Object.keys(INPUT_MODES) as InputName[]) {
    const modes = INPUT_MODES[name]
    if (modes === 'all' || modes.includes(mode) || name === 'github-token' || NOT_WARNED[mode]?.includes(name)) continue
    const value = read(name).trim()
    if (value === '' || value === INPUT_DEFAULTS[name]) continue
    warnings.push(
      `Input '${name}' is not used in mode '${mode}'; it is ignored (it ` +
        `is read in mode ${modes.map((m) => `'${m}'`).join(', ')}).`,
    )
  }
  return warnings
}
