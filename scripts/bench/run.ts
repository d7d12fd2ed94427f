/**
 * Benchmark section 6: `run`. Upload throughput of the action against a bare
 * `tar | ssh` pipe to the same sshd (a 200 MB tree of 5,000 files, rounds
 * interleaved so drift hits both alike), and how long a line printed on the
 * sandbox takes to reach the step log.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../../emulator/emulator.ts'
import { runAction } from '../lib/action-runner.ts'
import { emulatorSshConfig } from '../lib/ssh-config.ts'
import { log, median, ms, quantile, UNLIMITED } from './common.ts'

const FILES = 5_000
const FILE_BYTES = 40_000

function makeTree(root: string): number {
  for (let dir = 0; dir < 50; dir++) {
    mkdirSync(join(root, 'tree', `d${dir}`), { recursive: true })
    for (let file = 0; file < FILES / 50; file++)
      writeFileSync(join(root, 'tree', `d${dir}`, `f${file}.bin`), randomBytes(FILE_BYTES))
  }
  return FILES * FILE_BYTES
}

async function barePipe(workspace: string, config: string): Promise<number> {
  const started = performance.now()
  const tar = spawn('tar', ['-C', workspace, '-cf', '-', './tree'], { stdio: ['ignore', 'pipe', 'inherit'] })
  const ssh = spawn('ssh', ['-F', config, 'bare', 'mkdir -p "$HOME/bare" && tar -C "$HOME/bare" -xpf -'], {
    stdio: [tar.stdout, 'ignore', 'inherit'],
  })
  tar.stdout?.destroy()
  const codes = await Promise.all([tar, ssh].map((child) => new Promise((resolve) => child.on('close', resolve))))
  if (codes.some((code) => code !== 0)) throw new Error(`bare tar | ssh failed: ${codes.join(', ')}`)
  return performance.now() - started
}

/** The action's upload phase, from the log line that opens it to the one that closes it, as the log receives them. */
async function actionUpload(emulator: Emulator, baseUrl: string, workspace: string, home: string): Promise<number> {
  let opened = 0
  let closed = 0
  const run = await runAction({
    inputs: { 'api-token': emulator.token, 'base-url': baseUrl, run: 'true', upload: 'tree' },
    env: { HOME: home, GITHUB_WORKSPACE: workspace },
    timeoutMs: 600_000,
    onSpawn: (child) =>
      child.stdout?.on('data', (chunk: Buffer) => {
        const text = chunk.toString()
        if (text.includes("::group::Upload 'tree'")) opened ||= performance.now()
        if (text.includes("Uploaded 'tree'")) closed ||= performance.now()
      }),
  })
  if (run.main.exitCode !== 0 || !opened || !closed) throw new Error(`run upload failed: ${run.main.stdout}`)
  return closed - opened
}

/** Lines printed on the sandbox with their time, and when each reached the step's stdout. */
async function lineLatency(emulator: Emulator, baseUrl: string, workspace: string, home: string): Promise<number[]> {
  const latencies: number[] = []
  const script = 'for i in $(seq 1 40); do echo "tick $(date +%s%3N)"; sleep 0.25; done'
  let pending = ''
  const run = await runAction({
    inputs: { 'api-token': emulator.token, 'base-url': baseUrl, run: script, upload: 'small' },
    env: { HOME: home, GITHUB_WORKSPACE: workspace },
    onSpawn: (child) =>
      child.stdout?.on('data', (chunk: Buffer) => {
        const now = Date.now()
        pending += chunk.toString()
        const lines = pending.split('\n')
        pending = lines.pop() ?? ''
        for (const line of lines) {
          const tick = /^tick (\d{13})$/.exec(line)
          if (tick) latencies.push(now - Number(tick[1]))
        }
      }),
  })
  if (run.main.exitCode !== 0 || latencies.length !== 40)
    throw new Error(`run latency failed (${latencies.length} lines): ${run.main.stdout}`)
  return latencies
}

export async function runSection(): Promise<string> {
  const rounds = 3
  const emulator = new Emulator({ provisioningMs: 50, ssh: true, generation: 'current', ...UNLIMITED })
  const baseUrl = await emulator.start()
  const dir = mkdtempSync(join(tmpdir(), 'bench-run-'))
  const home = join(dir, 'home')
  mkdirSync(join(home, '.ssh'), { recursive: true })
  const workspace = join(dir, 'workspace')
  mkdirSync(join(workspace, 'small'), { recursive: true })
  writeFileSync(join(workspace, 'small', 'a.txt'), 'a')
  try {
    const bytes = makeTree(workspace)
    const config = emulatorSshConfig(emulator, dir, 'bare')
    const sandboxHome = emulator.sshService?.sandboxHost.home ?? ''
    const bare: number[] = []
    const action: number[] = []
    await barePipe(workspace, config) // warms the page cache for both
    for (let round = 0; round < rounds; round++) {
      rmSync(join(sandboxHome, 'bare'), { recursive: true, force: true })
      bare.push(await barePipe(workspace, config))
      rmSync(join(sandboxHome, 'workspace'), { recursive: true, force: true })
      action.push(await actionUpload(emulator, baseUrl, workspace, home))
    }
    const throughput = (timeMs: number) => bytes / 1e6 / (timeMs / 1000)
    const ratio = throughput(median(action)) / throughput(median(bare))
    log(
      `run upload: action ${ms(median(action))}, bare tar | ssh ${ms(median(bare))}, throughput ratio ${ratio.toFixed(2)}`,
    )
    const latencies = await lineLatency(emulator, baseUrl, workspace, home)
    log(`run line latency: median ${ms(median(latencies))}, p95 ${ms(quantile(latencies, 0.95))}`)
    return [
      '## 6. run: upload throughput and live output',
      '',
      `Upload of a ${(bytes / 1e6).toFixed(0)} MB tree of ${FILES.toLocaleString('en')} files (random bytes), the action's upload phase`,
      '(from the log line that opens it to the one that closes it) against a bare `tar | ssh` pipe to the same sshd',
      `extracting into a fresh directory, ${rounds} interleaved rounds, medians:`,
      '',
      '| | time | throughput |',
      '|---|---|---|',
      `| bare \`tar -cf - \\| ssh … 'tar -xpf -'\` | ${ms(median(bare))} | ${throughput(median(bare)).toFixed(0)} MB/s |`,
      `| the action's upload | ${ms(median(action))} | ${throughput(median(action)).toFixed(0)} MB/s |`,
      `| **ratio** (target ≥ 0.9) | | **${ratio.toFixed(2)}x** |`,
      '',
      `A line printed on the sandbox (\`date +%s%3N\` every 0.25 s, 40 lines) reached the step's stdout after`,
      `**${ms(median(latencies))}** in the median (p95 ${ms(quantile(latencies, 0.95))}, max ${ms(Math.max(...latencies))}; target under 1 s):`,
      'the follow script looks for new output every 0.2 s.',
      '',
    ].join('\n')
  } finally {
    await emulator.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
