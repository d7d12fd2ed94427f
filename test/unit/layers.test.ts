/** The house rules check (scripts/layers.ts, `npm run layers` in .ci/run) finds what it is there to find. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT } from '../../scripts/lib/action-runner.ts'
import {
  actualFloors,
  circleBreaches,
  floorBreaches,
  layerBreaches,
  lineBreaches,
  sizeBreaches,
} from '../../scripts/layers.ts'

let root = ''
afterEach(() => rmSync(root, { recursive: true, force: true }))

function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'layers-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

describe('scripts/layers.ts', () => {
  it('passes imports that go down, and names each that goes up, sideways or to a folder with no floor', () => {
    const at = tree({
      'src/runtime/clock.ts': 'export const a = 1\n',
      'src/client/retry.ts': "import { a } from '../runtime/clock.ts'\nimport { b } from '../modes/start.ts'\n",
      'src/sandbox/start.ts': "import { c } from '../ssh/access.ts'\n",
      'src/ssh/access.ts': 'export const c = 1\n',
      'src/modes/start.ts': "import { a } from '../runtime/clock.ts'\nexport { d } from '../extras/x.ts'\n",
      'src/extras/x.ts': 'export const d = 1\n',
    })
    const found = layerBreaches(at).map((b) => `${b.where} ${b.detail}`)
    expect(found).toEqual([
      'src/client/retry.ts imports src/modes/start.ts (client -> modes: upward)',
      'src/modes/start.ts imports src/extras/x.ts (modes -> extras: a folder with no floor in LAYERS)',
      'src/sandbox/start.ts imports src/ssh/access.ts (sandbox -> ssh: same floor)',
    ])
  })

  it('finds a function over 60 lines and a file over 300, and measures the longest', () => {
    const body = Array.from({ length: 60 }, (_, i) => `  const v${i} = ${i}`).join('\n')
    const at = tree({
      'src/step/long.ts': `export function tooLong() {\n${body}\n}\nexport const ok = () => 1\n`,
      'scripts/big.ts': 'export const x = 1\n'.repeat(301),
      'emulator/small.ts': 'export const y = 1\n',
    })
    const { breaches, longest, largest } = sizeBreaches(at)
    expect(breaches.map((b) => `${b.rule} ${b.where} ${b.detail}`)).toEqual([
      'function src/step/long.ts:1 tooLong is 62 lines (at most 60)',
      'file scripts/big.ts 301 lines (at most 300)',
    ])
    expect(longest).toMatchObject({ name: 'tooLong', lines: 62 })
    expect(largest).toMatchObject({ where: 'scripts/big.ts', lines: 301 })
  })

  it('finds a circle of imports, type-only ones included, in src/, emulator/ and scripts/', () => {
    const at = tree({
      'src/inputs/a.ts': "import type { B } from './b.ts'\nexport type A = B\n",
      'src/inputs/b.ts': "import { c } from './c.ts'\nexport type B = number\n",
      'src/inputs/c.ts': "import type { A } from './a.ts'\nexport const c = 1\n",
      'src/inputs/d.ts': "import { c } from './c.ts'\n",
      'emulator/x.ts': "import type { Y } from './y.ts'\nexport type X = 1\n",
      'emulator/y.ts': "import type { X } from './x.ts'\nexport type Y = 1\n",
      // As scripts/lib/fake-github.ts and fake-pulls.ts were before issue 42.
      'scripts/lib/fake-github.ts': "import { FakePulls } from './fake-pulls.ts'\nexport type Answer = 1\n",
      'scripts/lib/fake-pulls.ts': "import type { Answer } from './fake-github.ts'\nexport class FakePulls {}\n",
    })
    expect(circleBreaches(at).map((b) => b.detail)).toEqual([
      'imports go round in a circle: src/inputs/a.ts, src/inputs/b.ts, src/inputs/c.ts',
      'imports go round in a circle: emulator/x.ts, emulator/y.ts',
      'imports go round in a circle: scripts/lib/fake-github.ts, scripts/lib/fake-pulls.ts',
    ])
  })

  it('prints the declared floors and the floors the imports build when they differ', () => {
    const at = tree({
      'src/runtime/clock.ts': 'export const a = 1\n',
      'src/client/retry.ts': "import { a } from '../runtime/clock.ts'\n",
      'src/remote/job.ts': "import { a } from '../runtime/clock.ts'\n",
    })
    expect(actualFloors(at)).toEqual([['runtime'], ['client', 'remote']])
    expect(floorBreaches(at, [['runtime'], ['client'], ['remote']]).map((b) => b.detail)).toEqual([
      'LAYERS declares [runtime] < [client] < [remote]; the imports build [runtime] < [client, remote]',
    ])
    expect(floorBreaches(at, [['runtime'], ['remote', 'client']])).toEqual([])
  })

  it('finds a line in src/ over 120 characters', () => {
    const at = tree({ 'src/step/wide.ts': `export const ok = 1\nexport const wide = '${'x'.repeat(110)}'\n` })
    expect(lineBreaches(at).map((b) => `${b.where} ${b.detail}`)).toEqual([
      'src/step/wide.ts:2 132 characters (at most 120)',
    ])
  })

  // Parsing every file is CPU, not a wait: beside a second suite it took 85 s, so its limit is a loaded machine's.
  it('holds for this repository', { timeout: 300_000 }, () => {
    expect([
      ...layerBreaches(),
      ...circleBreaches(),
      ...floorBreaches(),
      ...lineBreaches(),
      ...sizeBreaches().breaches,
    ]).toEqual([])
  })

  it('the emulator stands alone: it imports nothing from src/', () => {
    const emulatorDir = join(ROOT, 'emulator')
    const borrowed = readdirSync(emulatorDir)
      .filter((name) => name.endsWith('.ts'))
      .filter((name) => /from '\.\.\/src\//.test(readFileSync(join(emulatorDir, name), 'utf8')))
    expect(borrowed).toEqual([])
  })
})
