/** run, upload and download: parsed once, every bad path an input error before any request. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { parsePaths } from '../../src/inputs/run.ts'
import { formatBytes } from '../../src/inputs/sizes.ts'
import { inputErrors } from '../harness/input-errors.ts'

const workspace = mkdtempSync(join(tmpdir(), 'run-inputs-'))
const outside = mkdtempSync(join(tmpdir(), 'run-outside-'))
mkdirSync(join(workspace, 'src', 'deep'), { recursive: true })
writeFileSync(join(workspace, 'src', 'deep', 'a.txt'), 'a')
writeFileSync(join(outside, 'secret.txt'), 's')
symlinkSync(outside, join(workspace, 'escape'))
symlinkSync('/etc/passwd', join(workspace, 'passwd-link'))
afterAll(() => {
  rmSync(workspace, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

function paths(raw: string, kind: 'upload' | 'download' = 'upload') {
  const problems: string[] = []
  const parsed = parsePaths(raw, kind, workspace, (message) => problems.push(message))
  return { parsed, problems }
}

const context = {
  repositoryId: '42',
  runId: '987',
  runAttempt: '2',
  randomHex: () => 'a1b2c3',
  workspace,
  aliasInUse: () => false,
}
function start(inputs: Record<string, string>): StartConfig {
  return parseInputs((name) => ({ 'api-token': 'tok-abc123', ...inputs })[name] ?? '', context) as StartConfig
}
const errorsOf = (inputs: Record<string, string>) => inputErrors(() => start(inputs))

describe('upload and download paths', () => {
  it('normalises, drops duplicates, and lets . stand for everything', () => {
    expect(paths('./src/, src, src/deep/../deep/a.txt').parsed).toEqual(['src', 'src/deep/a.txt'])
    expect(paths('src\n.').parsed).toEqual(['.'])
    expect(paths('reports/, out/x.xml', 'download')).toEqual({ parsed: ['reports', 'out/x.xml'], problems: [] })
  })

  it.each([
    ['../x', /'\.\.\/x' leaves the (workspace|sandbox's working directory)/],
    ['src/../../x', /leaves the (workspace|sandbox's working directory)/],
    ['/etc', /'\/etc' is absolute/],
    ['~/x', /is absolute/],
    ['C:\\x', /is absolute/],
    ['*.py', /globs are not expanded/],
    ['.git', /inside \.git/],
    ['.git/config', /inside \.git/],
  ])('%s is refused in both', (raw, message) => {
    expect(paths(raw).problems[0]).toMatch(message)
    expect(paths(raw, 'download').problems[0]).toMatch(message)
  })

  it('an upload path must exist, and may not reach outside through a symlinked directory', () => {
    expect(paths('missing').problems[0]).toMatch(/'missing' does not exist in the workspace/)
    expect(paths('escape/secret.txt').problems[0]).toMatch(/leaves the workspace through a symbolic link/)
    // A symlink itself is copied as a link, never followed: allowed.
    expect(paths('escape, passwd-link')).toEqual({ parsed: ['escape', 'passwd-link'], problems: [] })
    // download paths are on the sandbox: not looked up here.
    expect(paths('missing', 'download').problems).toEqual([])
  })
})

describe('run', () => {
  it('implies ssh (alias sandbox) and uploads the whole workspace by default', () => {
    const config = start({ run: 'pytest -q' })
    // Alone, run leaves later steps no SSH access (the main step removes it); ssh: true, a runner, a hold keep it.
    expect(config.ssh).toEqual({ alias: 'sandbox', laterSteps: false })
    expect(start({ run: 'pytest -q', ssh: 'true' }).ssh).toEqual({ alias: 'sandbox' })
    expect(
      start({
        run: 'pytest -q',
        'debug-on-failure': '10m',
        'debug-public-key':
          'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl me@laptop',
      }).ssh,
    ).toEqual({
      alias: 'sandbox',
    })
    expect(config.run).toEqual({
      script: 'pytest -q',
      upload: ['.'],
      download: [],
      downloadLimit: 2 * 1024 ** 3,
      workspace,
      retryOnGpuFault: 0,
    })
    expect(start({ run: 'x', 'ssh-alias': 'gpu', download: 'reports/' })).toMatchObject({
      ssh: { alias: 'gpu' },
      run: { download: ['reports'] },
    })
    expect(start({}).run).toBeUndefined()
  })

  it('download-limit takes B, KiB, MiB and GiB (any case, decimals); anything else, or no run, is an input error', () => {
    for (const [raw, bytes] of [
      ['2GiB', 2 * 1024 ** 3],
      ['512 MiB', 512 * 1024 ** 2],
      ['1.5kib', 1536],
      ['100', 100],
      ['7B', 7],
    ] as const) {
      expect(start({ run: 'x', 'download-limit': raw }).run?.downloadLimit, raw).toBe(bytes)
    }
    for (const raw of ['2GB', '-1MiB', '0', '2 TiB', 'lots', '1025GiB']) {
      expect(errorsOf({ run: 'x', 'download-limit': raw }), raw).toEqual([
        `Input 'download-limit': must be a size from 1 B to 1024 GiB, in B, KiB, MiB or GiB (e.g. 2GiB, 500MiB); got '${raw}'`,
      ])
    }
    expect(errorsOf({ 'download-limit': '1MiB' })[0]).toMatch(/^Input 'download-limit': is set but 'run' is empty/)
    // The default is not "set".
    expect(start({ 'download-limit': '2GiB' }).run).toBeUndefined()
  })

  it('retry-on-gpu-fault: 0 to 2, with run and a watched GPU; anything else is an input error', () => {
    const gpu = { run: 'x', 'gpu-type': 'H100' }
    for (const raw of ['0', '1', '2'])
      expect(start({ ...gpu, 'retry-on-gpu-fault': raw }).run?.retryOnGpuFault).toBe(Number(raw))
    expect(errorsOf({ ...gpu, 'retry-on-gpu-fault': '3' })).toEqual([
      "Input 'retry-on-gpu-fault': must be 0, 1 or 2, got '3'",
    ])
    expect(errorsOf({ ...gpu, 'retry-on-gpu-fault': 'once' })[0]).toMatch(
      /^Input 'retry-on-gpu-fault': must be a whole/,
    )
    expect(errorsOf({ 'gpu-type': 'H100', 'retry-on-gpu-fault': '1' })[0]).toMatch(
      /^Input 'retry-on-gpu-fault': is set but 'run' is empty/,
    )
    // Nothing would ever see the fault: no GPU, or its watch turned off.
    const unwatched = /^Input 'retry-on-gpu-fault': is set, but the GPU is not watched/
    expect(errorsOf({ run: 'x', 'retry-on-gpu-fault': '1' })[0]).toMatch(unwatched)
    expect(errorsOf({ ...gpu, 'gpu-report': 'false', 'retry-on-gpu-fault': '1' })[0]).toMatch(unwatched)
    // max-cost's budget is each sandbox's enforced TTL: a retry would spend it again.
    expect(errorsOf({ ...gpu, 'max-cost': '5', 'retry-on-gpu-fault': '1' })).toContain(
      "Input 'retry-on-gpu-fault': is set with max-cost, whose whole budget each fresh sandbox would get again; remove one",
    )
  })

  it('upload or download without run, and run with wait: false, are input errors', () => {
    expect(errorsOf({ upload: 'src' })).toEqual([
      "Input 'upload': is set but 'run' is empty; it copies files for run, so set run (a script) or remove it",
    ])
    expect(errorsOf({ download: 'reports' })[0]).toMatch(/^Input 'download': is set but 'run' is empty/)
    expect(errorsOf({ run: 'x', wait: 'false' })).toEqual([
      "Input 'wait': is 'false', but 'run' needs the sandbox ready; remove wait: false",
    ])
    // The default upload is not "set".
    expect(start({ upload: '.' }).run).toBeUndefined()
  })

  it('every bad path is reported at once, each naming its input', () => {
    expect(errorsOf({ run: 'x', upload: '../a, missing', download: '/abs' })).toEqual([
      "Input 'upload': '../a' leaves the workspace",
      `Input 'upload': 'missing' does not exist in the workspace (${workspace})`,
      "Input 'download': '/abs' is absolute; give a path relative to the sandbox's working directory",
    ])
  })
})

describe('byte sizes', () => {
  it('are shown in the largest unit that fits, with one decimal at most', () => {
    expect([0, 512, 1024, 1536, 5 * 1024 ** 2, 2 * 1024 ** 3, 2.25 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '512 B',
      '1 KiB',
      '1.5 KiB',
      '5 MiB',
      '2 GiB',
      '2.3 GiB',
    ])
  })
})
