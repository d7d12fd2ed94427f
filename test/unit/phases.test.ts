import { describe, expect, it } from 'vitest'
import { Phases, phasesOf } from '../../src/pool/phases.ts'
import { FakeClock } from '../harness/fakes.ts'

describe('a claim or a look, phase by phase', () => {
  it('gives each mark the time since the one before, sums a phase that comes again, and reads back', () => {
    const clock = new FakeClock()
    const phases = new Phases(clock)
    clock.time += 40
    phases.mark('list')
    clock.time += 300
    phases.mark('survey')
    clock.time += 120
    phases.mark('link')
    clock.time += 80
    phases.mark('link')
    clock.time += 7
    const line = phases.line("Pool 'ci': the claim")
    expect(line).toBe("Pool 'ci': the claim took 547 ms: list 40 ms, survey 300 ms, link 200 ms, rest 7 ms")
    expect(phasesOf(line)).toEqual({ total: 547, phases: { list: 40, survey: 300, link: 200, rest: 7 } })
  })

  it('says the total alone where nothing was marked, and reads no other line', () => {
    const clock = new FakeClock()
    const phases = new Phases(clock)
    expect(phases.line('look 3')).toBe('look 3 took 0 ms')
    expect(phasesOf('look 3 took 0 ms')).toEqual({ total: 0, phases: {} })
    expect(phasesOf("Pool 'ci': claimed sbx-1 in 0.4 s.")).toBeUndefined()
  })
})
