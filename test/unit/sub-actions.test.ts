/** The sub-actions (issue 56): each committed action.yml is what npm run sub-actions makes from the root's. */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ROOT } from '../../scripts/lib/action-runner.ts'
import { rootAction, SUB_ACTION_PAGES, SUB_ACTIONS, subActionYaml, withTables } from '../../scripts/lib/sub-actions.ts'
import { MODES } from '../../src/inputs/defaults.ts'

const root = rootAction(ROOT)
const names = Object.keys(SUB_ACTIONS)

describe('sub-actions', () => {
  it('are the nine uses the issue names', () => {
    expect(names.sort()).toEqual(
      ['connect', 'instance', 'network-policy', 'pool', 'run', 'runner', 'ssh', 'stop', 'sweep'].sort(),
    )
  })

  it.each(names)('%s/action.yml is what npm run sub-actions writes (run it after changing action.yml)', (name) => {
    const path = join(ROOT, name, 'action.yml')
    expect(existsSync(path), path).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe(subActionYaml(name, root))
  })

  it.each(names)("%s: its docs page's inputs and outputs tables are its action.yml's (npm run sub-actions)", (name) => {
    const page = readFileSync(join(ROOT, SUB_ACTION_PAGES[name] ?? ''), 'utf8')
    expect(page).toBe(withTables(page, name, root))
    expect(page.split('\n').length, 'a docs page is at most 300 lines').toBeLessThanOrEqual(300)
  })

  it.each(names)('%s: every input and output as the root spells it, the bundles of the root, a mode fixed', (name) => {
    const sub = parse(readFileSync(join(ROOT, name, 'action.yml'), 'utf8')) as typeof root & { runs: unknown }
    const fixed = SUB_ACTIONS[name]?.fixed ?? {}
    for (const [input, spec] of Object.entries(sub.inputs)) {
      if (input in fixed) expect(spec.default, input).toBe(fixed[input])
      else expect(spec, input).toEqual({ required: false, ...root.inputs[input] })
    }
    for (const [output, spec] of Object.entries(sub.outputs)) expect(spec, output).toEqual(root.outputs[output])
    expect(MODES).toContain(fixed.mode)
    expect(sub.runs).toEqual({
      using: 'node24',
      main: '../dist/main/index.js',
      post: '../dist/post/index.js',
      'post-if': 'always()',
    })
  })

  it("the flagship use (run) lists what it needs, none of the root's expert settings", () => {
    const run = parse(readFileSync(join(ROOT, 'run', 'action.yml'), 'utf8')) as typeof root
    const inputs = Object.keys(run.inputs)
    expect(inputs.length).toBeLessThanOrEqual(40)
    for (const needed of ['gpu-type', 'run', 'download', 'max-cost', 'approve-label', 'comment', 'gpu-check', 'pool'])
      expect(inputs).toContain(needed)
    for (const expert of ['poll-interval', 'name', 'wait', 'enforce-ttl', 'max-grace', 'replace-existing', 'dry-run'])
      expect(inputs).not.toContain(expert)
    // The root keeps every input: workflows written against it keep working.
    expect(Object.keys(root.inputs).length).toBeGreaterThan(50)
  })
})
