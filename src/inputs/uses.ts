/**
 * The sub-actions' uses (`uses: …/run@v1`, `…/stop@v1`, …). Each folder's own
 * entry (`run/main.js`: `runAs('run')`) names its use; the use fixes the
 * inputs that choose what a step does, whatever `with:` says, so a `mode`
 * given to `run/` never turns it into a stop. The root action has no use: it
 * reads every input as given.
 */
import type { ActionCore } from '../runtime/core.ts'
import type { InputReader } from './collector.ts'
import type { InputName, Mode } from './defaults.ts'

type Fixed = Partial<Record<InputName, string>> & { mode: Mode }

export const USES = {
  run: { mode: 'start', runner: 'false' },
  runner: { mode: 'start', runner: 'true' },
  ssh: { mode: 'start', ssh: 'true', runner: 'false' },
  connect: { mode: 'connect' },
  stop: { mode: 'stop' },
  sweep: { mode: 'sweep' },
  pool: { mode: 'pool' },
  instance: { mode: 'instance' },
  'network-policy': { mode: 'network-policy' },
} as const satisfies Record<string, Fixed>

export type Use = keyof typeof USES

export function isUse(name: string): name is Use {
  return Object.hasOwn(USES, name)
}

/** One warning per fixed input given another value (GitHub warns too: the input is not in the use's action.yml). */
export function fixedInputWarnings(read: InputReader, use: Use): string[] {
  return Object.entries(USES[use]).flatMap(([name, value]) => {
    const given = read(name).trim()
    if (given === '' || given === value) return []
    return [`Input '${name}' is fixed to '${value}' by the ${use} action; the value given is ignored.`]
  })
}

/** The step's core as this use sees it: every read of a fixed input answers the use's value. */
export function coreForUse(core: ActionCore, use: Use): ActionCore {
  const fixed: Partial<Record<string, string>> = USES[use]
  return { ...core, getInput: (name, options) => fixed[name] ?? core.getInput(name, options) }
}
