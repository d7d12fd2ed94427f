/**
 * The main step reads back what it saved: the runner hands GITHUB_STATE to the post step only (as STATE_* variables),
 * so without this a main step's `getState` answers '' for a key it saved a moment ago. The main step's own later
 * phases (a replacement start, the pool's pending claims, the SSH access it may remove at its end) read what it
 * saved; the post step, a process of its own, reads the runner's variables as before.
 */
import type { ActionCore } from '../runtime/core.ts'

type StateCore = Pick<ActionCore, 'saveState' | 'getState'>

/** This process's saves, per core (each step has one core; every ActionState over it shares them). */
const savedHere = new WeakMap<StateCore, Map<string, string>>()

export function readYourWrites(core: StateCore): StateCore {
  let own = savedHere.get(core)
  if (!own) savedHere.set(core, (own = new Map()))
  const saved = own
  return {
    saveState: (name, value) => {
      // As the runner's protocol writes it: a string as is, anything else as JSON.
      saved.set(name, typeof value === 'string' ? value : JSON.stringify(value))
      core.saveState(name, value)
    },
    getState: (name) => saved.get(name) ?? core.getState(name),
  }
}
