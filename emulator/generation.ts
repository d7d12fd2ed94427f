/**
 * The two generations of the service the emulator speaks
 * (docs/service.md): v1.0 as described, and the service as
 * deployed today. Chosen per emulator (one organisation's service, one run).
 */
export type Generation = 'v1' | 'current'
export const GENERATIONS: Generation[] = ['v1', 'current']

/** The emulator's own lifecycle states, and the word each generation shows for them. */
const WORDS: Record<Generation, Record<string, string>> = {
  v1: {
    pending: 'pending',
    provisioning: 'provisioning',
    running: 'running',
    stopping: 'stopping',
    stopped: 'stopped',
    failed: 'failed',
  },
  // Today's service: created while starting, ready, finished once stopped; it shows no "stopping".
  current: {
    pending: 'created',
    provisioning: 'created',
    running: 'ready',
    stopping: 'finished',
    stopped: 'finished',
    failed: 'failed',
  },
}

export function statusWord(generation: Generation, state: string): string {
  return WORDS[generation][state] ?? state
}

/** The 409 code for a name held by another live sandbox. */
export function nameInUseCode(generation: Generation): string {
  return generation === 'v1' ? 'sandbox_name_in_use' : 'sandbox_already_exists'
}

/** States in which the blocking wait holds the request open. */
export const STARTING_STATES = new Set(['pending', 'provisioning'])

export function isGeneration(value: string | undefined): value is Generation {
  return value === 'v1' || value === 'current'
}
