/**
 * The fault suite's scenarios: every fault kind on every route and attempt,
 * the summary calls, odd but valid answers, signals, instance mode, and
 * seeded random combinations. suite.ts runs them; slice.ts picks the part
 * `npm test` runs.
 */
import type { EmulatorOptions, FaultKind, FaultRule } from '../../emulator/emulator.ts'
import type { Generation } from '../../emulator/generation.ts'

export const FAULT_KINDS: FaultKind[] = [
  500,
  502,
  503,
  504,
  'hang',
  'reset',
  'lost-answer',
  'malformed-json',
  'slow-body',
]
export const ROUTES = ['POST /sandboxes/start', 'GET /sandboxes/:id', 'GET /sandboxes', 'POST /sandboxes/:id/stop']
/** The routes each generation's wait goes through: the deployed service's blocking wait besides the v1.0 ones. */
export const ROUTES_BY_GENERATION: Record<Generation, string[]> = {
  v1: ROUTES,
  current: [...ROUTES, 'GET /sandboxes/:id/wait'],
}
export const INSTANCE_ROUTES = ['POST /instances/create', 'POST /instances/:id/delete']
export type SignalName = 'SIGINT' | 'SIGTERM' | 'SIGKILL'
/** When the signal is sent: at spawn, once the start request arrived, once polling began. */
export type SignalPoint = 'at-spawn' | 'after-start-request' | 'while-polling'

/** The emulator's behaviour for a scenario: the options the interface leaves open (the faults come apart). */
export type Behaviour = Omit<EmulatorOptions, 'faults'>

export interface Scenario {
  label: string
  faults: FaultRule[]
  signal?: { name: SignalName; point: SignalPoint; delayMs: number }
  inputs: Record<string, string>
  emulator: { provisioningMs: number; capacity?: Record<string, number> } & Behaviour
  /** Another job's sandbox already holding the scenario's `name`: never adopted, never stopped (but by replace-existing). */
  foreign?: 'running' | 'stopping'
  /** The main step is meant to fail (a failed sandbox, a name held by a live sandbox). */
  mainMayFail?: boolean
  /** The main step must pass, GPU or not (a hostile sampler file never fails it). */
  mainMustPass?: boolean
  /** Sandboxes the run may create (default 1; a retry on a fresh sandbox makes 2). */
  maxCreated?: number
}

/** Small, fast, seedable PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const BASE_INPUTS = { 'poll-interval': '1s', timeout: '1m' }

/**
 * Every fault kind on every route, on the first and on the second attempt.
 * Second attempts are made to happen (a 503 on the first), and the list route
 * is reached through a lost start answer, which the action resolves by listing.
 */
export function faultMatrix(generation: Generation = 'v1'): Scenario[] {
  const scenarios: Scenario[] = []
  for (const route of ROUTES_BY_GENERATION[generation]) {
    for (const fault of FAULT_KINDS) {
      for (const attempt of [1, 2]) {
        const faults: FaultRule[] = [{ route, attempts: [attempt], fault }]
        if (attempt === 2 && route !== 'GET /sandboxes/:id' && route !== 'GET /sandboxes/:id/wait')
          faults.push({ route, attempts: [1], fault: 503 })
        if (route === 'GET /sandboxes')
          faults.push({ route: 'POST /sandboxes/start', attempts: [1], fault: 'lost-answer' })
        scenarios.push({
          label: `${generation}: ${fault} on ${route} attempt ${attempt}`,
          faults,
          inputs: { ...BASE_INPUTS },
          emulator: { provisioningMs: 300, generation },
        })
      }
    }
  }
  return scenarios
}

/** The summary's informational calls: any fault there is a warning; the step still succeeds and nothing leaks. */
export const BILLING_ROUTES = ['GET /pricing', 'GET /credit-alert']
export function billingMatrix(): Scenario[] {
  return BILLING_ROUTES.flatMap((route) =>
    FAULT_KINDS.map((fault) => ({
      label: `${fault} on ${route} (summary only)`,
      faults: [{ route, fault }],
      inputs: { ...BASE_INPUTS },
      emulator: { provisioningMs: 300 },
    })),
  )
}

/**
 * Odd but valid service behaviours (issue 11): a sandbox not visible yet, a
 * name another job holds, a list page with extra arrays, a stop refused for a
 * failed sandbox, with and without faults and signals on top.
 */
export function behaviourMatrix(generation: Generation = 'v1'): Scenario[] {
  const base = { provisioningMs: 300, generation }
  const lost: FaultRule = { route: 'POST /sandboxes/start', attempts: [1], fault: 'lost-answer' }
  const scenarios: Scenario[] = []
  for (const invisibleForMs of [1_000, 3_000]) {
    for (const wait of ['true', 'false']) {
      scenarios.push({
        label: `not visible for ${invisibleForMs} ms, wait ${wait}`,
        faults: [],
        inputs: { ...BASE_INPUTS, wait },
        emulator: { ...base, invisibleForMs },
      })
    }
    scenarios.push({
      label: `not visible for ${invisibleForMs} ms, lost start answer`,
      faults: [lost],
      inputs: { ...BASE_INPUTS },
      emulator: { ...base, invisibleForMs },
    })
  }
  for (const fault of [500, 'reset', 'lost-answer'] as const) {
    const faults: FaultRule[] = [{ route: 'POST /sandboxes/start', attempts: [1], fault }]
    scenarios.push({
      label: `live holder of the name, ${fault} on start`,
      faults,
      inputs: { ...BASE_INPUTS, name: 'pr-7' },
      emulator: base,
      foreign: 'running',
      mainMayFail: true,
    })
    scenarios.push({
      label: `stopping holder of the name, ${fault} on start`,
      faults,
      inputs: { ...BASE_INPUTS, name: 'pr-7' },
      emulator: { ...base, stopMs: 1_500 },
      foreign: 'stopping',
    })
    scenarios.push({
      label: `live holder, replace-existing, ${fault} on start`,
      faults,
      inputs: { ...BASE_INPUTS, name: 'pr-7', 'replace-existing': 'true' },
      emulator: { ...base, stopMs: 1_000 },
      foreign: 'running',
    })
  }
  for (const name of ['SIGINT', 'SIGKILL'] as const) {
    scenarios.push({
      label: `stopping holder of the name, ${name} after the start request`,
      faults: [],
      signal: { name, point: 'after-start-request', delayMs: 0 },
      inputs: { ...BASE_INPUTS, name: 'pr-7' },
      emulator: { ...base, stopMs: 1_500 },
      foreign: 'stopping',
    })
  }
  scenarios.push({
    label: 'list page with extra arrays, lost start answer',
    faults: [lost],
    inputs: { ...BASE_INPUTS },
    emulator: { ...base, listExtraArrays: true },
  })
  scenarios.push({
    label: 'failed sandbox, stop refused with 409',
    faults: [],
    inputs: { ...BASE_INPUTS },
    emulator: { ...base, outcome: 'failed', refuseStopWhenFailed: true },
    mainMayFail: true,
  })
  scenarios.push({
    label: 'failed sandbox, stop refused with 409, 503 on the first stop',
    faults: [{ route: 'POST /sandboxes/:id/stop', attempts: [1], fault: 503 }],
    inputs: { ...BASE_INPUTS },
    emulator: { ...base, outcome: 'failed', refuseStopWhenFailed: true },
    mainMayFail: true,
  })
  return scenarios.map((scenario) => ({ ...scenario, label: `${generation}: ${scenario.label}` }))
}

/** SIGINT, SIGTERM and SIGKILL at several points of the main step. */
export function signalMatrix(): Scenario[] {
  const scenarios: Scenario[] = []
  for (const name of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const) {
    for (const point of ['at-spawn', 'after-start-request', 'while-polling'] as const) {
      scenarios.push({
        label: `${name} ${point}`,
        faults: [],
        signal: { name, point, delayMs: 0 },
        inputs: { ...BASE_INPUTS },
        emulator: { provisioningMs: 3_000 },
      })
    }
    // The answer to the start is lost and the step is killed before the retry: only the name is known.
    scenarios.push({
      label: `${name} after a lost start answer`,
      faults: [{ route: 'POST /sandboxes/start', attempts: [1], fault: 'lost-answer' }],
      signal: { name, point: 'after-start-request', delayMs: 0 },
      inputs: { ...BASE_INPUTS },
      emulator: { provisioningMs: 3_000 },
    })
  }
  return scenarios
}

/**
 * Instance mode: faults that certainly created nothing (503, 504) on create, and
 * every fault kind on delete. Create is never retried after a lost answer (it has
 * no name to find it by), so those faults are left out here and tested on their own.
 */
export function instanceMatrix(): Scenario[] {
  const scenarios: Scenario[] = []
  for (const fault of [503, 504] as const) {
    scenarios.push({
      label: `instance: ${fault} on POST /instances/create attempt 1`,
      faults: [{ route: 'POST /instances/create', attempts: [1], fault }],
      inputs: { mode: 'instance' },
      emulator: { provisioningMs: 100 },
    })
  }
  for (const fault of FAULT_KINDS) {
    scenarios.push({
      label: `instance: ${fault} on POST /instances/:id/delete attempt 1`,
      faults: [{ route: 'POST /instances/:id/delete', attempts: [1], fault }],
      inputs: { mode: 'instance' },
      emulator: { provisioningMs: 100 },
    })
  }
  return scenarios
}

/** Seeded random combinations of faults, signals and inputs. */
export function randomScenarios(seed: number, count: number): Scenario[] {
  const random = prng(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const scenarios: Scenario[] = []
  for (let i = 0; i < count; i++) {
    const faults: FaultRule[] = []
    const faultCount = 1 + Math.floor(random() * 3)
    for (let f = 0; f < faultCount; f++) {
      faults.push({
        route: pick(ROUTES_BY_GENERATION.current),
        attempts: [1 + Math.floor(random() * 3)],
        fault: pick(FAULT_KINDS),
      })
    }
    const roll = random()
    const signal =
      roll < 0.3
        ? {
            name: pick(['SIGINT', 'SIGTERM', 'SIGKILL'] as const),
            point: pick(['at-spawn', 'after-start-request', 'while-polling'] as const),
            delayMs: Math.floor(random() * 800),
          }
        : undefined
    const inputs: Record<string, string> = { ...BASE_INPUTS }
    const variant = random()
    // Both generations of the service, alternately.
    const emulator: Scenario['emulator'] = {
      provisioningMs: 200 + Math.floor(random() * 1_500),
      generation: i % 2 === 0 ? 'v1' : 'current',
    }
    if (variant < 0.25) {
      inputs['gpu-type'] = 'H100, A100'
      emulator.capacity = { H100: random() < 0.5 ? 0 : 1, A100: 2 }
    } else if (variant < 0.35) {
      inputs.wait = 'false'
    } else if (variant < 0.45) {
      inputs.name = `fixed-${i}`
    }
    // Odd but valid behaviours on top, each in about one run in five.
    if (random() < 0.2) emulator.invisibleForMs = Math.floor(random() * 3_000)
    if (random() < 0.2) emulator.listExtraArrays = true
    let foreign: Scenario['foreign']
    let mainMayFail = false
    if (inputs.name && random() < 0.5) {
      foreign = random() < 0.5 ? 'running' : 'stopping'
      emulator.stopMs = 1_000
      mainMayFail = foreign === 'running'
    }
    scenarios.push({ label: `random #${i} (seed ${seed})`, faults, signal, inputs, emulator, foreign, mainMayFail })
  }
  return scenarios
}
