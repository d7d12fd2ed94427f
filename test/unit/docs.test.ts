/** action.yml, the README and the parser agree on every input and output. */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { INPUT_DEFAULTS } from '../../src/inputs.ts'
import { ROOT, actionYaml } from '../harness/action-runner.ts'

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')

function tableRows(heading: string): Map<string, string[]> {
  const section = readme.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? ''
  const rows = new Map<string, string[]>()
  for (const line of section.split('\n')) {
    const match = /^\| `([a-z-]+)` \|(.*)\|$/.exec(line)
    if (match) rows.set(match[1] ?? '', (match[2] ?? '').split(' | ').map((c) => c.trim()))
  }
  return rows
}

describe('documentation', () => {
  it('the action runs on node24 with a post step that always runs', () => {
    expect(actionYaml().runs).toEqual({ using: 'node24', main: 'dist/main/index.js', post: 'dist/post/index.js', 'post-if': 'always()' })
  })

  it('the parser knows every input of action.yml, with the same defaults', () => {
    const fromYaml = Object.fromEntries(Object.entries(actionYaml().inputs).map(([name, spec]) => [name, spec.default ?? '']))
    expect({ ...INPUT_DEFAULTS, 'base-url': INPUT_DEFAULTS['base-url'] }).toEqual(fromYaml)
  })

  it('the README documents every input with its action.yml default', () => {
    const rows = tableRows('Inputs')
    expect([...rows.keys()]).toEqual(Object.keys(actionYaml().inputs))
    for (const [name, spec] of Object.entries(actionYaml().inputs)) {
      const documented = rows.get(name)?.[0]
      const expected = spec.required ? '**required**' : spec.default ? `\`${spec.default}\`` : 'empty'
      expect(documented, name).toBe(expected)
    }
  })

  it('the README documents every output', () => {
    expect([...tableRows('Outputs').keys()]).toEqual(Object.keys(actionYaml().outputs))
  })

  // shared/ sits beside the clone on developer machines and in CI.
  const contractPath = join(ROOT, '..', 'shared', 'CONTRACT.md')
  it.skipIf(!existsSync(contractPath))('the contract input and output names are all there', () => {
    const contract = readFileSync(contractPath, 'utf8')
    const section = (title: string) => contract.split(`## ${title}`)[1]?.split('\n## ')[0] ?? ''
    const names = (text: string) => [...text.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1])
    expect(names(section('Inputs')).sort()).toEqual(Object.keys(actionYaml().inputs).sort())
    expect(names(section('Outputs')).sort()).toEqual(Object.keys(actionYaml().outputs).sort())
  })
})
