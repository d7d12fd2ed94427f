/**
 * The GPU health check's reading of nvidia-smi (hostile text from the
 * sandbox), its verdicts, its inputs, and what it shows.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { allFailedError, gpuCheckTable, nextAttempt } from '../../src/gpu-check/main.ts'
import { CHECK_SCRIPT, compareVersions, describeReading, gpuProblems, parseGpus } from '../../src/gpu-check/remote.ts'
import type { StepDeps } from '../../src/step/deps.ts'
import { ActionState } from '../../src/step/state.ts'
import { recordingCore } from '../harness/fakes.ts'

const JOB = { repository: { owner: 'octo', repo: 'repo' } } as never
const config = (inputs: Record<string, string>) =>
  parseInputs((name) => ({ 'api-token': 'emulator-token-0123456789abcdef', ...inputs })[name] ?? '', JOB) as StartConfig

const H100 = '0, NVIDIA H100 80GB HBM3, 1, 81559, 550.54.15\n1, NVIDIA H100 80GB HBM3, 3, 81559, 550.54.15\n'

describe('reading nvidia-smi', () => {
  it("exits with the query's status, not that of the later nvidia-smi (a GPU gone between the two)", () => {
    const bin = mkdtempSync(join(tmpdir(), 'gpu-check-script-'))
    try {
      // The first call answers the query; every later one fails as a GPU off the bus does.
      const smi = `#!/bin/bash\nif [ -e ${bin}/asked ]; then echo "Unable to determine the device handle"; exit 15; fi\n`
      writeFileSync(join(bin, 'nvidia-smi'), `${smi}touch ${bin}/asked\necho "${H100.split('\n')[0]}"\n`, {
        mode: 0o755,
      })
      writeFileSync(join(bin, 'dmesg'), '#!/bin/sh\necho "2026-12-07T03:00:00,000000+00:00 Linux"\n', { mode: 0o755 })
      const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` }
      const ran = spawnSync('bash', ['-c', CHECK_SCRIPT], { env, encoding: 'utf8' })
      expect(ran.stdout).toMatch(/^0, NVIDIA H100 80GB HBM3,[\s\S]*\n== gpus 15\n/)
      expect(ran.status).toBe(0)
    } finally {
      rmSync(bin, { recursive: true, force: true })
    }
  })

  it('reads the query, and refuses a line it cannot read, quoting it made safe', () => {
    expect(parseGpus(H100)).toEqual({
      ok: true,
      gpus: [
        { name: 'NVIDIA H100 80GB HBM3', usedMiB: 1, totalMiB: 81559, driver: '550.54.15' },
        { name: 'NVIDIA H100 80GB HBM3', usedMiB: 3, totalMiB: 81559, driver: '550.54.15' },
      ],
    })
    expect(parseGpus('')).toEqual({ ok: false, why: 'nvidia-smi listed no GPU' })
    const hostile = parseGpus('::add-mask::x, H100, lots, 81559, 550\n')
    expect(hostile.ok).toBe(false)
    expect(JSON.stringify(hostile)).not.toContain('\n::')
    expect(parseGpus('0, H100, 1, 2\n').ok).toBe(false)
  })

  it('compares driver versions number by number', () => {
    expect(compareVersions('550.54.15', '550.54')).toBe(1)
    expect(compareVersions('535.183.01', '550')).toBe(-1)
    expect(compareVersions('550.54', '550.54.0')).toBe(0)
    expect(compareVersions('1000.1', '999.99.99')).toBe(1)
  })

  it('judges: count, card, free memory (under 5% used), driver', () => {
    const expected = { type: 'H100', count: 2 }
    expect(gpuProblems(parseGpus(H100), expected)).toEqual([])
    expect(gpuProblems(parseGpus(H100), { ...expected, count: 4 })).toEqual(['2 GPU(s), 4 started'])
    expect(gpuProblems(parseGpus(H100), { ...expected, type: 'A100' })).toEqual(['not A100: NVIDIA H100 80GB HBM3'])
    expect(gpuProblems(parseGpus('0, NVIDIA H100, 4078, 81559, 550.54.15\n'), { type: 'H100', count: 1 })).toEqual([
      'memory in use: 4078 of 81559 MiB (another process holds the GPU)',
    ])
    expect(gpuProblems(parseGpus('0, NVIDIA H100, 4077, 81559, 550.54.15\n'), { type: 'H100', count: 1 })).toEqual([])
    expect(gpuProblems(parseGpus(H100), { ...expected, minDriver: '555' })).toEqual([
      'driver 550.54.15 is older than min-driver 555',
    ])
    expect(gpuProblems({ ok: false, why: 'nvidia-smi failed (exit 9): x' }, expected)).toEqual([
      'nvidia-smi failed (exit 9): x',
    ])
    expect(describeReading(parseGpus(H100))).toBe('2 x NVIDIA H100 80GB HBM3, used 1/3 of 81559 MiB, driver 550.54.15')
  })
})

describe('gpu-check inputs', () => {
  it('empty: on with a GPU and ssh, run or runner; true or min-driver give the step SSH access', () => {
    expect(config({ 'gpu-type': 'H100' }).gpuCheck).toBeUndefined()
    expect(config({ 'gpu-type': 'H100', ssh: 'true' }).gpuCheck).toEqual({})
    expect(config({ 'gpu-type': 'H100', run: 'pytest' }).gpuCheck).toEqual({})
    const explicit = config({ 'gpu-type': 'H100', 'gpu-check': 'true' })
    expect([explicit.gpuCheck, explicit.ssh]).toEqual([{}, { alias: 'sandbox' }])
    expect(config({ 'gpu-type': 'H100', 'min-driver': '550.54' }).gpuCheck).toEqual({ minDriver: '550.54' })
    expect(config({ 'gpu-type': 'H100', ssh: 'true', 'gpu-check': 'false' }).gpuCheck).toBeUndefined()
    expect(config({ ssh: 'true' }).gpuCheck).toBeUndefined()
  })

  it('refuses what cannot be checked, naming the input', () => {
    expect(() => config({ 'gpu-check': 'true' })).toThrow("Input 'gpu-check': is true but 'gpu-type' is empty")
    expect(() => config({ 'min-driver': '550' })).toThrow("Input 'min-driver': is set but 'gpu-type' is empty")
    expect(() => config({ 'gpu-type': 'A100', 'min-driver': 'latest' })).toThrow(
      "Input 'min-driver': must be a driver version like 550.54, got 'latest'",
    )
    expect(() => config({ 'gpu-type': 'A100', 'gpu-check': 'false', 'min-driver': '550' })).toThrow(
      "Input 'min-driver': needs the GPU check",
    )
    expect(() => config({ 'gpu-type': 'A100', 'gpu-check': 'maybe' })).toThrow("Input 'gpu-check'")
  })
})

describe('gpu-report input', () => {
  it('empty: on with a GPU and SSH access; true gives the step SSH access; false turns it off', () => {
    expect(config({ 'gpu-type': 'H100' }).gpuReport).toBe(false)
    expect(config({ 'gpu-type': 'H100', ssh: 'true' }).gpuReport).toBe(true)
    expect(config({ 'gpu-type': 'H100', run: 'pytest' }).gpuReport).toBe(true)
    expect(config({ ssh: 'true' }).gpuReport).toBe(false)
    const explicit = config({ 'gpu-type': 'H100', 'gpu-check': 'false', 'gpu-report': 'true' })
    expect([explicit.gpuReport, explicit.ssh]).toEqual([true, { alias: 'sandbox' }])
    expect(config({ 'gpu-type': 'H100', run: 'pytest', 'gpu-report': 'false' }).gpuReport).toBe(false)
    expect(() => config({ 'gpu-report': 'true' })).toThrow("Input 'gpu-report': is true but 'gpu-type' is empty")
    expect(() => config({ 'gpu-type': 'A100', 'gpu-report': 'often' })).toThrow("Input 'gpu-report'")
  })
})

describe('what the check shows', () => {
  const rows = [
    {
      id: 'sbx-0000000000000001',
      gpu: '1 x H100',
      showed: 'nvidia-smi failed (exit 9): <b>x</b> | y',
      problems: ['a'],
    },
    { id: 'sbx-0000000000000002', gpu: '1 x H100', showed: '1 x NVIDIA H100', problems: [] },
  ]

  it('a table with every cell escaped, and an error with one line per sandbox', () => {
    const table = gpuCheckTable(rows)
    expect(table.split('\n')).toHaveLength(4)
    expect(table).toContain('| sbx-0000000000000002 | 1 x H100 | 1 x NVIDIA H100 | healthy |')
    expect(table).not.toContain('<b>')
    expect(table).toContain('&lt;b&gt;x&lt;/b&gt; \\| y')
    expect(allFailedError(rows).message.split('\n')).toHaveLength(4)
  })

  it('a generated name is generated anew for the replacement; a chosen one is kept', () => {
    const deps = {
      env: { GITHUB_REPOSITORY_ID: '9', GITHUB_RUN_ID: '1', GITHUB_RUN_ATTEMPT: '1' },
    } as unknown as StepDeps
    const generated = config({ 'gpu-type': 'H100' })
    expect(nextAttempt(generated, deps).name).toMatch(/^gh-9-1-1-[0-9a-f]{6}$/)
    const chosen = config({ 'gpu-type': 'H100', name: 'mine' })
    expect(nextAttempt(chosen, deps)).toBe(chosen)
  })
})

describe('a start that replaces a sandbox stopped before use', () => {
  it("forgets the stopped one's id, so a lost answer is looked for by the new name, not taken for the old", () => {
    const core = recordingCore()
    const state = new ActionState(core)
    state.saveSandboxName('first')
    state.saveSandboxId('sbx-0000000000000001', 1_000)
    state.saveSandboxSeen()
    state.saveStoppedByMainStep('sbx-0000000000000001')
    // The replacement's start is about to be sent, and its answer may be lost.
    state.saveSandboxName('second')
    expect([state.sandboxName, state.sandboxId, state.startedAt, state.sandboxSeen]).toEqual([
      'second',
      undefined,
      undefined,
      false,
    ])
  })
})
