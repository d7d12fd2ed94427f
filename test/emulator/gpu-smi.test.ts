/**
 * The emulated host's nvidia-smi in a loop (issue 47): `-lms`/`-l` print a line a GPU each time, with the real
 * one's timestamp and power fields; a load a program writes (`<MiB held> <util %>` a line a GPU) shows in
 * memory.used and utilization.gpu, and power follows it with a lag; the health check's one-shot query is unchanged.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { NVIDIA_SMI, writeGpus } from '../../emulator/gpu.ts'
import { parseSampleLine } from '../../src/gpu-report/samples.ts'

const FIELDS = ['timestamp', 'index', 'memory.used', 'memory.total', 'utilization.gpu', 'power.draw']
let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function host() {
  dir = mkdtempSync(join(tmpdir(), 'emulated-smi-'))
  const gpus = join(dir, 'gpus')
  writeGpus(gpus, { gpu_type: 'H100', gpu_count: 2 })
  writeFileSync(join(dir, 'nvidia-smi'), NVIDIA_SMI, { mode: 0o755 })
  const smi = (args: string[], seconds = 10) =>
    spawnSync('timeout', [String(seconds), join(dir, 'nvidia-smi'), ...args], {
      env: { PATH: process.env.PATH, EMULATOR_GPU_FILE: gpus },
      encoding: 'utf8',
    })
  /** The loop's output once it has printed `lines` lines (then it is ended): counted, never a window of time. */
  const smiLines = (args: string[], lines: number) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(join(dir, 'nvidia-smi'), args, { env: { PATH: process.env.PATH, EMULATOR_GPU_FILE: gpus } })
      let out = ''
      const done = (error?: Error) => {
        clearTimeout(bound)
        child.kill('SIGKILL')
        if (error) reject(error)
        else resolve(out)
      }
      // Only a loop that never prints ends here: the test's own bound, far past any loaded machine's pace.
      const bound = setTimeout(() => done(new Error(`fewer than ${lines} lines in 30 s: ${out}`)), 30_000)
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.split('\n').length > lines) done()
      })
      child.on('error', done)
    })
  return { gpus, smi, smiLines }
}

describe("the emulated host's nvidia-smi", () => {
  it('the health check query is as before', () => {
    const { smi } = host()
    const query = '--query-gpu=index,name,memory.used,memory.total,driver_version'
    expect(smi([query, '--format=csv,noheader,nounits']).stdout).toBe(
      '0, NVIDIA H100 80GB HBM3, 1, 81559, 550.54.15\n1, NVIDIA H100 80GB HBM3, 1, 81559, 550.54.15\n',
    )
  })

  it('-lms 250: a line a GPU each time; the load shows, power lags toward it; an idle GPU stays idle', async () => {
    const { gpus, smi, smiLines } = host()
    writeFileSync(`${gpus}.load`, '12000 100\n')
    const out = await smiLines([`--query-gpu=${FIELDS.join(',')}`, '--format=csv,noheader,nounits', '-lms', '250'], 6)
    const samples = out
      .split('\n')
      .slice(0, 6)
      .map((line) => parseSampleLine(line, FIELDS))
    expect(samples).toHaveLength(6)
    expect(samples.every((sample) => sample !== undefined)).toBe(true)
    const busy = samples.filter((sample) => sample?.gpu === 0)
    const idle = samples.filter((sample) => sample?.gpu === 1)
    expect(busy.every((sample) => sample?.usedMiB === 12001 && sample.utilization === 100)).toBe(true)
    expect(busy.slice(0, 3).map((sample) => sample?.powerW)).toEqual([385, 537.5, 613.75])
    expect(idle.every((sample) => sample?.usedMiB === 1 && sample.utilization === 0 && sample.powerW === 80)).toBe(true)
    // With units, as the real one prints them.
    const units = smi(['--query-gpu=index,utilization.gpu,power.draw', '--format=csv,noheader']).stdout
    expect(units.split('\n')[0]).toMatch(/^0, 100 %, \d+\.\d\d W$/)
  })

  it('a load line that is not numbers reads as idle; a bad interval is refused', () => {
    const { gpus, smi } = host()
    writeFileSync(`${gpus}.load`, '$(reboot) x\n')
    expect(smi(['--query-gpu=index,memory.used,utilization.gpu', '--format=csv,noheader,nounits']).stdout).toBe(
      '0, 1, 0\n1, 1, 0\n',
    )
    const bad = smi(['--query-gpu=index', '--format=csv', '-l', 'soon'])
    expect([bad.status, bad.stderr.trim()]).toEqual([2, 'Invalid loop interval'])
  })
})
