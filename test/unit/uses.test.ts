/** A sub-action's use fixes the inputs that choose what the step does; the root reads every input as given. */
import { describe, expect, it } from 'vitest'
import { coreForUse, fixedInputWarnings, isUse, USES } from '../../src/inputs/uses.ts'
import { recordingCore } from '../harness/fakes.ts'

describe('uses', () => {
  it('run: a mode and runner given are answered with the use, every other input as given', () => {
    const core = coreForUse(recordingCore({ mode: 'stop', runner: 'true', run: 'make test', ssh: 'true' }), 'run')
    expect(core.getInput('mode')).toBe('start')
    expect(core.getInput('runner')).toBe('false')
    expect(core.getInput('run')).toBe('make test')
    expect(core.getInput('ssh')).toBe('true')
    expect(core.getInput('base-url')).toBe('')
  })

  it('each use fixes a mode the build has, runner only where it is the use, ssh where it is', () => {
    expect(USES.runner).toEqual({ mode: 'start', runner: 'true' })
    expect(USES.ssh).toEqual({ mode: 'start', ssh: 'true', runner: 'false' })
    expect(USES.stop).toEqual({ mode: 'stop' })
    expect(isUse('run')).toBe(true)
    expect(isUse('toString')).toBe(false)
    expect(isUse('start')).toBe(false)
  })

  it('warns once for each fixed input given another value, never quoting it; nothing for the same value or none', () => {
    const given: Record<string, string> = { mode: 'stop', runner: 'false', ssh: '' }
    expect(fixedInputWarnings((name) => given[name] ?? '', 'run')).toEqual([
      "Input 'mode' is fixed to 'start' by the run action; the value given is ignored.",
    ])
    const ssh: Record<string, string> = { mode: 'start', ssh: 'false', runner: 'true' }
    expect(fixedInputWarnings((name) => ssh[name] ?? '', 'ssh')).toEqual([
      "Input 'ssh' is fixed to 'true' by the ssh action; the value given is ignored.",
      "Input 'runner' is fixed to 'false' by the ssh action; the value given is ignored.",
    ])
    expect(fixedInputWarnings(() => '', 'stop')).toEqual([])
    expect(fixedInputWarnings(() => ' stop ', 'stop')).toEqual([])
  })
})
