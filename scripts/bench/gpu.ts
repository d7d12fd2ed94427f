/**
 * Section 11: what gpu-report and its GPU fault watch cost for a 1-hour job on 8 GPUs. The sampler's real awk and
 * fetch script run on this machine's sh over the lines a 1-hour, 8-GPU nvidia-smi prints (28,800, in time order),
 * without the health fields and with them (the watch's share); then the post step's side: the bytes fetched, reading
 * them, the report and its summary section, and the verdict over the hour's health and 200 Xid lines.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mergeSamples, renderGpuSection } from '../../src/gpu-report/post.ts'
import { SAMPLER_DIR, samplerFetchScript, samplerStartScript } from '../../src/gpu-report/sampler.ts'
import { parseSamples } from '../../src/gpu-report/samples.ts'
import { log } from './common.ts'
import { parseFaultSections } from '../../src/gpu-fault/read.ts'
import { faultSection } from '../../src/gpu-fault/text.ts'
import { watchVerdict } from '../../src/gpu-fault/verdict.ts'

const GPUS = 8
const SECONDS = 3_600

/** What nvidia-smi -l 1 prints for an hour on 8 GPUs: memory rising and falling, bursts at 100 %. */
function hourOfLines(health: boolean): string {
  const lines: string[] = []
  const start = Date.UTC(2026, 10, 26, 10, 0, 0)
  for (let s = 0; s < SECONDS; s++) {
    const at = new Date(start + s * 1_000).toISOString().replace('T', ' ').replace(/-/g, '/').slice(0, 23)
    for (let gpu = 0; gpu < GPUS; gpu++) {
      const used = 500 + Math.round(40_000 * Math.abs(Math.sin((s + gpu * 60) / 600)))
      const util = s % 60 < 20 ? 100 : 0
      const sample = `${at}, ${gpu}, ${used}, 81559, ${util}, ${(80 + util * 6.1).toFixed(2)}`
      // The health fields as nvidia-smi prints them: a thermal slowdown 5 % of the time on GPU 3.
      const hot = gpu === 3 && s % 600 < 30 ? 'Active' : 'Not Active'
      const bus = (0x18 + gpu * 16).toString(16).toUpperCase()
      const fields = `, 00000000:${bus}:00.0, Not Active, ${hot}, Not Active, Not Active, 0, No, [N/A]`
      lines.push(health ? sample + fields : sample)
    }
  }
  return `${lines.join('\n')}\n`
}

export function gpuSection(): string {
  log('gpu: a 1-hour, 8-GPU sampler file through the real awk, fetch and report')
  const home = mkdtempSync(join(tmpdir(), 'bench-gpu-'))
  try {
    const dir = join(home, SAMPLER_DIR)
    mkdirSync(dir, { recursive: true })
    // The awk the sampler runs, taken from its start script, fed the hour's lines at once.
    const awk = /cat > "\$d\/sample\.awk" <<'AWK'([\s\S]*?)AWK/.exec(samplerStartScript())?.[1] ?? ''
    writeFileSync(join(dir, 'sample.awk'), awk)
    // bash's `times` prints the children's user and system CPU time: the awk's own.
    const files = `-v fine="${dir}/fine.csv" -v coarse="${dir}/coarse.csv" -v health="${dir}/health.csv"`
    const awkCommand = `awk ${files} -f "${dir}/sample.awk"; times`
    const bare = childCpu(spawnSync('bash', ['-c', awkCommand], { input: hourOfLines(false) }).stdout.toString())
    const awkCpu = childCpu(spawnSync('bash', ['-c', awkCommand], { input: hourOfLines(true) }).stdout.toString())
    const fetchStarted = performance.now()
    const fetched = spawnSync('sh', ['-c', samplerFetchScript()], {
      env: { HOME: home, PATH: process.env.PATH },
      maxBuffer: 64 * 2 ** 20,
    })
    const fetchMs = performance.now() - fetchStarted
    const text = fetched.stdout.toString()
    const readStarted = performance.now()
    const parts = parseSamples(text)
    const section = renderGpuSection(mergeSamples(parts))
    const reportMs = performance.now() - readStarted
    const verdict = verdictCost(text)
    const sizes = ['fine.csv', 'fine.csv.1', 'coarse.csv', 'health.csv'].map((file) => {
      try {
        return readFileSync(join(dir, file)).length
      } catch {
        return 0
      }
    })
    return [
      '## 11. What gpu-report and its fault watch add to a 1-hour job on 8 GPUs',
      '',
      `The sampler's own awk and fetch script on this machine's sh, fed what nvidia-smi prints in an hour on ${GPUS} GPUs`,
      `(${GPUS * SECONDS} lines), without and with the fault watch's health fields; then the post step's reading,`,
      'report and summary section, and the verdict over the hour and 200 Xid lines (scripts/bench/gpu.ts).',
      '',
      '| | |',
      '|---|---|',
      `| awk over the hour's lines (CPU), samples only | ${bare.toFixed(2)} s: ${((100 * bare) / SECONDS).toFixed(3)} % of one core over the hour |`,
      `| the same with the fault watch's fields | ${awkCpu.toFixed(2)} s: ${((100 * awkCpu) / SECONDS).toFixed(3)} % of one core over the hour |`,
      `| files on the sandbox | fine.csv ${kib(sizes[0])}, fine.csv.1 ${kib(sizes[1])}, coarse.csv ${kib(sizes[2])}, health.csv ${kib(sizes[3])} |`,
      `| bytes fetched | ${kib(text.length)} (${parts.fine.length} second samples, ${parts.coarse.length} minute maxima) |`,
      `| fetch script (the sandbox's side, without the SSH connection) | ${fetchMs.toFixed(0)} ms, and 1 s more for a running nvidia-smi to write what it sampled |`,
      `| reading and the report (the post step) | ${reportMs.toFixed(0)} ms |`,
      `| summary section | ${section.length.toLocaleString('en-US')} characters (GitHub allows 1 MiB a step) |`,
      `| the verdict (the post step or the end of run): reading, faults, its section | ${verdict.ms.toFixed(0)} ms, ${verdict.faults} faults, ${verdict.chars} characters |`,
      '',
      "On a real H200 (1 GPU, driver 580) the whole sampler, nvidia-smi's own share included, used under 1 CPU-second",
      "in 40 s (issue 47's device check): under 2.5 % of one core. The SSH connection adds its own round trips.",
      '',
    ].join('\n')
  } finally {
    rmSync(home, { recursive: true, force: true })
  }
}

/** The fault sections of the fetch read, judged and written, with 200 Xid lines of a program's fault added. */
function verdictCost(fetched: string): { ms: number; faults: number; chars: number } {
  const at = (k: number) => new Date(Date.UTC(2026, 10, 26, 10, 30, k % 60)).toISOString().replace('Z', '+00:00')
  const xids = Array.from({ length: 200 }, (_, k) => `${at(k)} NVRM: Xid (PCI:0000:18:00): 31, pid=${k}, MMU Fault`)
  const text = fetched.replace(/^== xid .*$/m, ['== xid sudo-dmesg', ...xids].join('\n'))
  const started = performance.now()
  const watch = watchVerdict(parseFaultSections(text), {
    since: Date.UTC(2026, 10, 26, 10),
    now: Date.now(),
    gpuCount: GPUS,
  })
  const section = faultSection(watch, true)
  return { ms: performance.now() - started, faults: watch.faults.length, chars: section.length }
}

/** The second line of `times` (children): `0m1.234s 0m0.056s`, user and system. */
function childCpu(printed: string): number {
  const line = printed.trim().split('\n').at(-1) ?? ''
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0)
}

const kib = (bytes: number | undefined) => `${((bytes ?? 0) / 1024).toFixed(0)} KiB`
