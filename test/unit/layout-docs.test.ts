/** docs/development.md's layout says what src/ has (issue 56): each feature's folder, its files, each floor. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LAYERS, ROOT } from '../../scripts/layers.ts'

const page = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8')
const layout = page.slice(page.indexOf('## Layout'), page.indexOf('Beside `src/`:'))
const tableRows = (heading: string) =>
  layout
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith(`| ${heading} |`) && !line.startsWith('|---'))
    .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| /, '')))
const filesIn = (folder: string) => readdirSync(join(ROOT, 'src', folder)).filter((name) => name.endsWith('.ts'))
const folders = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

describe('docs/development.md, Layout', () => {
  it("counts each feature folder's files as src/ has them", () => {
    const counted = tableRows('feature')
      .filter((cells) => cells.length === 3)
      .flatMap((cells) => [...(cells[2] ?? '').matchAll(/`src\/([a-z-]+)\/` \((\d+) files\)/g)])
    expect(counted.length).toBeGreaterThanOrEqual(8)
    for (const [, folder, count] of counted)
      expect([folder, filesIn(folder as string).length]).toEqual([folder, Number(count)])
  })

  it('names every folder of src/ on the floor scripts/layers.ts gives it', () => {
    const floorRows = tableRows('floor').filter((cells) => /^\d+$/.test(cells[0] ?? ''))
    const named = new Map<string, number>()
    for (const [floor, paths] of floorRows)
      for (const [, folder] of (paths ?? '').matchAll(/`src\/([a-z-]+)\/`/g)) named.set(folder as string, Number(floor))
    for (const folder of folders) {
      expect(named.has(folder), `docs/development.md's floors table lacks src/${folder}/`).toBe(true)
      expect([folder, named.get(folder)]).toEqual([folder, LAYERS.findIndex((floor) => floor.includes(folder))])
    }
  })
})
