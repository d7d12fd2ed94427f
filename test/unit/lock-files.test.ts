/**
 * Without pool-key, the checkout's lock files join a prepared pool's digest (src/inputs/lock-files.ts): the files the
 * script names and the usual lock files at the top of the upload, by their contents; code beside them does not; a
 * link out of the workspace is never followed.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { lockFilesOf } from '../../src/inputs/lock-files.ts'

const root = mkdtempSync(join(tmpdir(), 'lock-files-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function checkout(name: string, files: Record<string, string>): string {
  const dir = join(root, name)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

const PIP = 'python3 -m venv ~/venv && ~/venv/bin/pip install -r "requirements/ci.txt" --constraint=./pins.txt'

describe("a prepared pool's lock files", () => {
  it('are the files the script names and the lock files at the top, by content; the code is not', () => {
    const files = {
      'requirements/ci.txt': 'torch==2.6\n',
      'pins.txt': 'numpy<3\n',
      'uv.lock': 'version = 1\n',
      'src/model.py': 'print(1)\n',
      'README.md': '# x\n',
    }
    const one = lockFilesOf(checkout('one', files), ['.'], PIP)
    expect(one.files).toEqual(['pins.txt', 'requirements/ci.txt', 'uv.lock'])
    expect(one.digest).toMatch(/^[0-9a-f]{16}$/)
    const code = lockFilesOf(checkout('code', { ...files, 'src/model.py': 'print(2)\n', 'README.md': '' }), ['.'], PIP)
    expect(code.digest).toBe(one.digest)
    for (const [path, content] of [
      ['requirements/ci.txt', 'torch==2.7\n'],
      ['pins.txt', 'numpy<2\n'],
      ['uv.lock', 'version = 2\n'],
    ] as const) {
      const changed = lockFilesOf(checkout(`changed-${path.length}`, { ...files, [path]: content }), ['.'], PIP)
      expect(changed.digest, path).not.toBe(one.digest)
    }
  })

  it('count only what the upload sends, and never a link out of the workspace', () => {
    const dir = checkout('links', { 'app/package-lock.json': '{}', 'package-lock.json': '{"a":1}' })
    writeFileSync(join(root, 'outside.txt'), 'secret\n')
    symlinkSync(join(root, 'outside.txt'), join(dir, 'requirements.txt'))
    // The top's lock file is not uploaded, the link leads out: only app/'s counts.
    expect(lockFilesOf(dir, ['app'], 'pip install -r requirements.txt').files).toEqual(['app/package-lock.json'])
    expect(lockFilesOf(dir, ['.'], 'pip install -r requirements.txt').files).toEqual(['package-lock.json'])
    expect(lockFilesOf(dir, ['.'], 'cat ../outside.txt /etc/passwd $HOME/x').files).toEqual(['package-lock.json'])
    expect(lockFilesOf(checkout('none', { 'src/a.py': '' }), ['.'], 'make env')).toEqual({ files: [] })
  })

  it('a large file the script names (an archive it unpacks) joins by its size, never read whole', () => {
    const big = (fill: string, extra = 0) => fill.repeat(17 * 1024 * 1024 + extra)
    const digest = (name: string, data: string) =>
      lockFilesOf(checkout(name, { 'data.tar': data }), ['.'], 'tar xf data.tar').digest
    expect(digest('big-a', big('a'))).toBe(digest('big-b', big('b')))
    expect(digest('big-c', big('a', 1))).not.toBe(digest('big-a2', big('a')))
  })
})
