/**
 * The part of the fault suite the soak tests run (test/soak/fault-suite.test.ts; `npm run reliability -- --soak`,
 * as CI does): every fault kind at least once
 * in each generation, on every route, on first and second attempts; every
 * signal and every signal point; half the odd answers of each generation (the
 * other half in the other); instance and sweep faults spread the same way; a
 * few seeded random runs. `npm run reliability` (and FAULT_SUITE=full with SOAK=1 vitest)
 * runs everything.
 */
import type { Generation } from '../../emulator/generation.ts'
import {
  FAULT_KINDS,
  ROUTES_BY_GENERATION,
  behaviourMatrix,
  billingMatrix,
  faultMatrix,
  instanceMatrix,
  signalMatrix,
  type Scenario,
} from './matrices.ts'
import { sweepMatrix, type SweepScenario } from './sweep-suite.ts'

const generationIndex = (generation: Generation) => (generation === 'v1' ? 0 : 1)

/** Each fault kind once, on a route and an attempt that rotate with the kind (9 runs a generation). */
export function faultSlice(generation: Generation): Scenario[] {
  const routes = ROUTES_BY_GENERATION[generation]
  return FAULT_KINDS.map((fault, k) => {
    const route = routes[(k + 2 * generationIndex(generation)) % routes.length]
    // The blocking wait answers the first window here (provisioning is short): a second one never comes.
    const attempt = route === 'GET /sandboxes/:id/wait' ? 1 : 1 + (k % 2)
    const found = faultMatrix(generation).find(
      (s) => s.label === `${generation}: ${fault} on ${route} attempt ${attempt}`,
    )
    if (!found) throw new Error(`no fault scenario for ${fault} on ${route} attempt ${attempt}`)
    return found
  })
}

/** A hang on one summary call, a body cut short on the other. */
export function billingSlice(): Scenario[] {
  return billingMatrix().filter(
    (s) =>
      s.label === 'hang on GET /pricing (summary only)' ||
      s.label === 'malformed-json on GET /credit-alert (summary only)',
  )
}

/** Every other odd answer, the two generations taking alternate halves. */
export function behaviourSlice(generation: Generation): Scenario[] {
  return behaviourMatrix(generation).filter((_, i) => i % 2 === generationIndex(generation))
}

/** Each signal once and each point once: SIGINT at spawn, SIGTERM after the start request, SIGKILL while polling and after a lost answer. */
export function signalSlice(): Scenario[] {
  const wanted = [
    'SIGINT at-spawn',
    'SIGTERM after-start-request',
    'SIGKILL while-polling',
    'SIGKILL after a lost start answer',
  ]
  return signalMatrix().filter((s) => wanted.includes(s.label))
}

/** A refused create, and deletes that hang, lose their answer and break off. */
export function instanceSlice(): Scenario[] {
  const wanted = [
    '503 on POST /instances/create',
    'hang on POST /instances/:id/delete',
    'lost-answer on POST /instances/:id/delete',
    'reset on POST /instances/:id/delete',
  ]
  return instanceMatrix().filter((s) => wanted.some((w) => s.label === `instance: ${w} attempt 1`))
}

/** Every fourth service fault (the generations offset, so together they cover every kind) and half of GitHub's answers. */
export function sweepSlice(generation: Generation): SweepScenario[] {
  const all = sweepMatrix(generation)
  const serviceFaults = all.filter((s) => s.faults.length > 0)
  const github = all.filter((s) => s.faults.length === 0)
  const g = generationIndex(generation)
  return [...serviceFaults.filter((_, i) => i % 4 === g * 2), ...github.filter((_, i) => i % 2 === g)]
}
