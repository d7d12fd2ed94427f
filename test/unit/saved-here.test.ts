/**
 * The main step reads back what it saved (src/step/saved-here.ts): the runner's getState answers only the post step
 * (STATE_* variables), so a main step's later phases would read '' for a key it saved; the post step, another
 * process with another core, reads the runner's variables.
 */
import { describe, expect, it } from 'vitest'
import { readYourWrites } from '../../src/step/saved-here.ts'
import { ActionState } from '../../src/step/state.ts'

/** The runner's core as the main step sees it: saves go to GITHUB_STATE, reads come from STATE_* (none yet). */
function runnerCore(env: Record<string, string> = {}) {
  const written: [string, unknown][] = []
  return {
    written,
    saveState: (name: string, value: unknown) => void written.push([name, value]),
    getState: (name: string) => env[`STATE_${name}`] ?? '',
  }
}

describe('the state the main step saved', () => {
  it('is read back by the main step, by every ActionState over its core, and written to the runner once', () => {
    const runner = runnerCore()
    const core = readYourWrites(runner)
    new ActionState(core).saveSecretDirectory('/tmp/runner/gpu-sandbox-1')
    expect(new ActionState(core).secretDirectory).toBe('/tmp/runner/gpu-sandbox-1')
    new ActionState(core).forgetSshAccess()
    expect(new ActionState(core).secretDirectory).toBeUndefined()
    expect(runner.written).toEqual([
      ['secret-dir', '/tmp/runner/gpu-sandbox-1'],
      ['secret-dir', ''],
      ['ssh-include', ''],
      ['renewer-pid', ''],
    ])
    // Without it, as the runner's core answers a main step: nothing.
    new ActionState(runner).saveSecretDirectory('/tmp/runner/gpu-sandbox-1')
    expect(new ActionState(runner).secretDirectory).toBeUndefined()
  })

  it("is the runner's in the post step, another process with its own core; each main step run its own", () => {
    const post = runnerCore({ 'STATE_secret-dir': '/tmp/runner/gpu-sandbox-2' })
    expect(new ActionState(post).secretDirectory).toBe('/tmp/runner/gpu-sandbox-2')
    const runner = runnerCore()
    new ActionState(readYourWrites(runner)).saveSecretDirectory('/tmp/a')
    expect(new ActionState(readYourWrites(runner)).secretDirectory).toBeUndefined()
  })

  it('looks up every other method on the core at each call: a method wrapped later is still heard', () => {
    const lines: string[] = []
    const runner = { ...runnerCore(), info: (line: string) => void lines.push(`first ${line}`) }
    const core = readYourWrites(runner)
    runner.info = (line: string) => void lines.push(`wrapped ${line}`)
    core.info('prepared')
    expect(lines).toEqual(['wrapped prepared'])
  })
})
