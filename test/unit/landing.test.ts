/**
 * Where a download lands (src/run/landing.ts): only the asked-for paths,
 * never .git, the step's private directory, a write through a workspace link
 * that leads out, or a link from the archive that leads out.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { landDownloads } from '../../src/run/landing.ts'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A workspace, a staging tree with `files` (path → content, or `-> target` for a link), and a directory outside both. */
function setUp(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'landing-'))
  const workspace = join(dir, 'workspace')
  const staging = join(dir, 'staging')
  const outside = join(dir, 'outside')
  for (const path of [workspace, staging, outside]) mkdirSync(path)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(staging, path)), { recursive: true })
    if (content.startsWith('-> ')) symlinkSync(content.slice(3), join(staging, path))
    else writeFileSync(join(staging, path), content)
  }
  return { workspace, staging, outside }
}

describe('landDownloads', () => {
  it('copies the asked-for paths, merging into what the workspace has; reports the missing ones', () => {
    const { workspace, staging } = setUp({
      'reports/new.xml': 'new',
      'reports/latest.xml': '-> new.xml',
      'other.txt': 'not asked for',
    })
    mkdirSync(join(workspace, 'reports'))
    writeFileSync(join(workspace, 'reports', 'old.xml'), 'old')
    const landing = landDownloads(staging, workspace, ['reports', 'absent'], [])
    expect(landing).toEqual({ copied: ['reports'], missing: ['absent'], refused: [] })
    expect(readdirSync(join(workspace, 'reports')).sort()).toEqual(['latest.xml', 'new.xml', 'old.xml'])
    expect(readFileSync(join(workspace, 'reports', 'latest.xml'), 'utf8')).toBe('new')
    expect(existsSync(join(workspace, 'other.txt'))).toBe(false)
  })

  it('never writes through a workspace link that leads out, nor into a workspace link that does', () => {
    const { workspace, staging, outside } = setUp({ 'out/x.txt': 'x', 'results/y.txt': 'y' })
    symlinkSync(outside, join(workspace, 'out'))
    symlinkSync(outside, join(workspace, 'results'))
    const landing = landDownloads(staging, workspace, ['out/x.txt', 'results'], [])
    expect(landing.copied).toEqual([])
    expect(landing.refused).toEqual([
      "'out/x.txt': it would be written out of the workspace",
      "'results': it is a symbolic link in the workspace that leads out of the workspace",
    ])
    expect(readdirSync(outside)).toEqual([])
  })

  it('a link from the archive lands only when it stays inside the workspace', () => {
    const { workspace, staging } = setUp({
      'r/a.txt': 'a',
      'r/in': '-> a.txt',
      'r/up': '-> ../../outside',
      'r/abs': '-> /etc/passwd',
      top: '-> /etc',
    })
    const landing = landDownloads(staging, workspace, ['r', 'top'], [])
    expect(landing.copied).toEqual(['r'])
    expect(landing.refused.sort()).toEqual([
      "'r/abs': a symbolic link to '/etc/passwd' leads out of the workspace",
      "'r/up': a symbolic link to '../../outside' leads out of the workspace",
      "'top': a symbolic link to '/etc' leads out of the workspace",
    ])
    expect(readdirSync(join(workspace, 'r')).sort()).toEqual(['a.txt', 'in'])
  })

  it("'.' brings everything but .git (at any depth) and the step's private directory inside the workspace", () => {
    const { workspace, staging } = setUp({
      'a.txt': 'a',
      '.git/config': '[core]',
      'sub/.git/HEAD': 'x',
      'sub/b.txt': 'b',
      '_temp/gpu-sandbox-1/id': 'forged key',
    })
    const privateDir = join(workspace, '_temp', 'gpu-sandbox-1')
    mkdirSync(privateDir, { recursive: true })
    writeFileSync(join(privateDir, 'id'), 'real key')
    const landing = landDownloads(staging, workspace, ['.'], [privateDir])
    expect(landing.copied).toEqual(['.'])
    expect(landing.refused.sort()).toEqual([
      "'.git': it would be written into a .git directory",
      "'_temp/gpu-sandbox-1': it would be written into the step's private directory",
      "'sub/.git': it would be written into a .git directory",
    ])
    expect(readFileSync(join(privateDir, 'id'), 'utf8')).toBe('real key')
    expect(existsSync(join(workspace, '.git'))).toBe(false)
    expect(readFileSync(join(workspace, 'sub', 'b.txt'), 'utf8')).toBe('b')
  })

  it('a link that would lead through itself, or into .git once it stands, is refused', () => {
    const { workspace, staging } = setUp({ loop: '-> loop/x', hop: '-> ./hop/../.git', fine: '-> sub', 'sub/x': 'x' })
    const landing = landDownloads(staging, workspace, ['loop', 'hop', 'fine', 'sub'], [])
    expect(landing.copied).toEqual(['fine', 'sub'])
    expect(landing.refused).toEqual([
      "'loop': a symbolic link to 'loop/x' leads where nobody can tell (a loop of links, or .. after a missing directory)",
      "'hop': a symbolic link to './hop/../.git' leads where nobody can tell (a loop of links, or .. after a missing directory)",
    ])
  })

  it('a workspace that is gone says so', () => {
    const { workspace, staging } = setUp({ 'a.txt': 'a' })
    rmSync(workspace, { recursive: true })
    expect(() => landDownloads(staging, workspace, ['a.txt'], [])).toThrow(/the workspace .* is not there any more/)
  })
})
