/**
 * The main step reads back what it saved: the runner hands GITHUB_STATE to the post step only (as STATE_* variables),
 * so without this a main step's `getState` answers '' for a key it saved a moment ago. The main step's own later
 * phases (a replacement start, the pool's pending claims, the SSH access it may remove at its end) read what it
 * saved; the post step, a process of its own, reads the runner's variables as before.
 */
import type { ActionCore } from '../runtime/core.ts'

/**
 * `core` with this main step's saves read back (a fresh record for each main step run). Everything else is looked up
 * on `core` at each call, never copied: a caller that wraps one of its methods later is still heard.
 */
export function readYourWrites<T extends Pick<ActionCore, 'saveState' | 'getState'>>(core: T): T {
  const saved = new Map<string, string>()
  const own: Pick<ActionCore, 'saveState' | 'getState'> = {
    saveState: (name, value) => {
      // As the runner's protocol writes it: a string as is, anything else as JSON.
      saved.set(name, typeof value === 'string' ? value : JSON.stringify(value))
      core.saveState(name, value)
    },
    getState: (name) => saved.get(name) ?? core.getState(name),
  }
  return Object.assign(Object.create(core) as T, own)
}
