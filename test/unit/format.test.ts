/**
 * One shape for every file (issue 35): `npm run lint` runs `prettier --check`
 * with the project's settings, so an unformatted file fails it.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../scripts/lib/action-runner.ts'

const prettier = join(ROOT, 'node_modules', '.bin', 'prettier')

/** Whether `prettier --check` with the project's settings passes `source`, written as a .ts file. */
function passes(source: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'format-'))
  try {
    const file = join(dir, 'sample.ts')
    writeFileSync(file, source)
    execFileSync(prettier, ['--check', '--config', join(ROOT, '.prettierrc.json'), file], { stdio: 'ignore' })
    return true
  } catch {
    return false
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('formatting', () => {
  it('npm run lint checks it', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts
    expect(scripts.lint).toBe('eslint . && prettier --check .')
    expect(scripts.format).toBe('prettier --write .')
  })

  it('an unformatted file fails the check; the same code formatted passes', () => {
    expect(passes('const a = {b:1};\nexport default a\n')).toBe(false)
    expect(passes('export const greeting = (name: string) => `hello ${name}`\n')).toBe(true)
    // Semicolons and double quotes are not the house style either.
    expect(passes('export const a = "x";\n')).toBe(false)
  })
})
