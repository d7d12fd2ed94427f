/**
 * The fault suite inside `npm test`: the whole fault matrix, every signal
 * point, and seeded random combinations (SEED, default 1; RANDOM_RUNS, default 16).
 * `npm run reliability` runs it with 200 random runs and writes docs/reliability.md.
 */
import { describe, expect, it } from 'vitest'
import { GENERATIONS } from '../emulator/generation.ts'
import { runSweepSuite, sweepMatrix } from './sweep-suite.ts'
import { behaviourMatrix, billingMatrix, faultMatrix, instanceMatrix, randomScenarios, runSuite, signalMatrix, type Scenario } from './suite.ts'

const seed = Number(process.env.SEED ?? 1)
const randomRuns = Number(process.env.RANDOM_RUNS ?? 16)

async function expectNoProblems(scenarios: Scenario[]) {
  const totals = await runSuite(scenarios, 4)
  const problems = totals.failedRuns.map((run) => `${run.scenario.label}: ${run.problems.join('; ')}`)
  expect(problems).toEqual([])
  expect(totals.leaked).toBe(0)
  expect(totals.wrongStops).toBe(0)
  expect(totals.maxSandboxesPerRun).toBeLessThanOrEqual(1)
  return totals
}

describe('fault suite', () => {
  it.each(GENERATIONS)('%s: every fault kind on every route and attempt: nothing leaks, one sandbox at most', async (generation) => {
    const scenarios = faultMatrix(generation)
    const totals = await expectNoProblems(scenarios)
    // Every scenario's fault was really injected (the matrix reaches each route and attempt).
    expect(totals.faultsInjected).toBeGreaterThanOrEqual(scenarios.length)
  }, 300_000)

  it('every fault kind on GET /pricing and GET /credit-alert: a warning, the step succeeds', async () => {
    const scenarios = billingMatrix()
    const totals = await expectNoProblems(scenarios)
    expect(totals.faultsInjected).toBeGreaterThanOrEqual(scenarios.length)
  }, 300_000)

  it.each(GENERATIONS)('%s: odd but valid answers: not visible yet, a name another job holds, extra list arrays, a refused stop', async (generation) => {
    const scenarios = behaviourMatrix(generation)
    const totals = await expectNoProblems(scenarios)
    // Another job's sandbox was there in every name scenario, and stopped only by replace-existing.
    expect(scenarios.filter((s) => s.foreign).length).toBe(11)
    expect(totals.runs).toBe(scenarios.length)
  }, 300_000)

  it('SIGINT, SIGTERM and SIGKILL at every point of the main step', async () => {
    const totals = await expectNoProblems(signalMatrix())
    expect(totals.signalsSent).toBe(12)
  }, 300_000)

  it('instance mode: create and delete faults; the key never shows, every instance is deleted', async () => {
    await expectNoProblems(instanceMatrix())
  }, 300_000)

  it.each(GENERATIONS)('%s: sweep with every fault kind on the list and the stop, and every GitHub failure: only the orphan is ever stopped', async (generation) => {
    const scenarios = sweepMatrix(generation)
    const outcomes = await runSweepSuite(scenarios, 4)
    expect(outcomes.flatMap((o) => o.problems.map((p) => `${o.scenario.label}: ${p}`))).toEqual([])
    expect(outcomes.reduce((sum, o) => sum + o.wrongStops, 0)).toBe(0)
    // Every service fault was really injected.
    expect(outcomes.filter((o) => o.scenario.faults.length > 0 && o.faultsApplied === 0).map((o) => o.scenario.label)).toEqual([])
  }, 300_000)

  it(`seeded random combinations (seed ${seed})`, async () => {
    console.log(`fault suite seed: ${seed} (rerun: SEED=${seed} npm test)`)
    await expectNoProblems(randomScenarios(seed, randomRuns))
  }, 300_000)
})
