/**
 * The sub-actions: each committed action.yml, main.js and post.js is what npm run sub-actions makes, each lists the
 * inputs spelled out here (a change to a use's inputs is a change to this test), none has `mode`, and each entry
 * names its use to the one build.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ROOT } from '../../scripts/lib/action-runner.ts'
import {
  entryScript,
  EXPERT,
  expertLine,
  rootAction,
  SUB_ACTION_PAGES,
  SUB_ACTIONS,
  subActionYaml,
  withTables,
} from '../../scripts/lib/sub-actions.ts'
import { USES, type Use } from '../../src/inputs/uses.ts'

const root = rootAction(ROOT)
const names = Object.keys(SUB_ACTIONS) as Use[]
const read = (name: string) => parse(readFileSync(join(ROOT, name, 'action.yml'), 'utf8')) as typeof root

const SPEC = 'cpu memory storage gpu-type gpu-count capacity-timeout image env max-ttl'
const NETWORK = 'internet-access cidr-allowlist domain-allowlist'
const CAPS = 'max-cost max-hourly-price min-gpu-memory max-live'
const GATE = 'approve-label approve-label-once min-permission github-token comment'
const REPORT = 'gpu-check min-driver gpu-report'
const POOL = 'pool pool-size pool-idle pool-prepare pool-key pool-for'
const START = `api-token ${SPEC} ${NETWORK} ${CAPS} ${GATE} ${REPORT} ${POOL} timeout`

/** Each use's inputs, in its action.yml's order. */
const INPUTS: Record<Use, string> = {
  run: `${START} run upload download download-limit retry-on-gpu-fault debug-on-failure debug-public-key`,
  runner: `${START} runner-label runner-timeout runner-jobs runners debug-on-failure`,
  ssh: `${START} ssh-alias keep-alive`,
  connect: 'api-token sandbox-id ssh-alias comment',
  stop: 'api-token sandbox-id github-token',
  sweep: 'api-token github-token pool-idle dry-run',
  pool: `api-token ${SPEC} ${NETWORK} ${CAPS} ${POOL} pool-watch timeout upload`,
  instance: 'api-token public-key instance-config ssh ssh-alias keep-alive dry-run',
  'network-policy': `api-token sandbox-id ${NETWORK}`,
}

describe('sub-actions', () => {
  it('are the nine uses, each one the build knows', () => {
    expect(names.sort()).toEqual(
      ['connect', 'instance', 'network-policy', 'pool', 'run', 'runner', 'ssh', 'stop', 'sweep'].sort(),
    )
    expect(Object.keys(USES).sort()).toEqual(names)
  })

  it.each(names)('%s: action.yml, main.js and post.js are what npm run sub-actions writes (run it)', (name) => {
    const path = join(ROOT, name, 'action.yml')
    expect(existsSync(path), path).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe(subActionYaml(name, root))
    for (const step of ['main', 'post'] as const)
      expect(readFileSync(join(ROOT, name, `${step}.js`), 'utf8')).toBe(entryScript(name, step))
  })

  it.each(names)('%s: lists exactly its inputs, no mode, each as the root spells it', (name) => {
    const sub = read(name)
    expect(Object.keys(sub.inputs)).toEqual(INPUTS[name].split(' '))
    expect(sub.inputs).not.toHaveProperty('mode')
    for (const [input, spec] of Object.entries(sub.inputs))
      expect(spec, input).toEqual({ required: false, ...root.inputs[input] })
    for (const [output, spec] of Object.entries(sub.outputs)) expect(spec, output).toEqual(root.outputs[output])
  })

  it.each(names)("%s: runs its own main.js and post.js, which name the use and load the root's bundles", (name) => {
    expect((read(name) as unknown as { runs: unknown }).runs).toEqual({
      using: 'node24',
      main: 'main.js',
      post: 'post.js',
      'post-if': 'always()',
    })
    const main = readFileSync(join(ROOT, name, 'main.js'), 'utf8')
    expect(main).toContain(`from '../dist/main/index.js'`)
    expect(main).toContain(`await runAs('${name}')`)
    expect(readFileSync(join(ROOT, name, 'post.js'), 'utf8')).toContain(`from '../dist/post/index.js'`)
    expect(main.trim().split('\n')).toHaveLength(3)
  })

  it.each(names)("%s: its docs page's tables are its action.yml's, and say where the expert settings are", (name) => {
    const page = readFileSync(join(ROOT, SUB_ACTION_PAGES[name] ?? ''), 'utf8')
    expect(page).toBe(withTables(page, name, root))
    expect(page.split('\n').length, 'a docs page is at most 300 lines').toBeLessThanOrEqual(300)
    expect(page).toContain('`base-url`')
    expect(page).toContain(expertLine(name))
  })

  it.each(['run', 'runner', 'ssh'] as const)(
    '%s lists what its use needs and no setting that serves testing or rare tuning but keep-alive on ssh',
    (name) => {
      const inputs = Object.keys(read(name).inputs)
      for (const needed of ['gpu-type', 'max-cost', 'approve-label', 'comment', 'gpu-check', 'pool', 'pool-prepare'])
        expect(inputs).toContain(needed)
      const expert = EXPERT.filter((input) => inputs.includes(input))
      expect(expert).toEqual(name === 'ssh' ? ['keep-alive'] : [])
      // The root keeps every input: workflows written against it keep working.
      for (const input of EXPERT) expect(root.inputs).toHaveProperty(input)
      expect(root.inputs).toHaveProperty('mode')
    },
  )
})
