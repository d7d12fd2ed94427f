/**
 * Benchmark section 8: what the approval gate and the GPU health check add to
 * a job. The gate: GitHub requests (counted at the fake GitHub) and the time
 * from the step's first line to the gate's verdict. The check: the time from
 * the wait's "ready" line to the check's verdict (one SSH command to the
 * emulated host's nvidia-smi), and the service requests it adds (none).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../../emulator/emulator.ts'
import { runStep, type StepResult } from '../lib/action-runner.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../lib/fake-github.ts'
import { log, median, ms, quantile, UNLIMITED } from './common.ts'

const ROUNDS = 7
const HEAD = 'd'.repeat(40)

/** Runs main (and post) once; the times of the first stdout line and of the first line matching each pattern. */
async function timedRun(inputs: Record<string, string>, env: Record<string, string>, marks: RegExp[]) {
  const seen: number[] = []
  let first = 0
  const main = await runStep('main', {
    inputs,
    env,
    onSpawn: (child) =>
      child.stdout?.on('data', (chunk: Buffer) => {
        const now = performance.now()
        first ||= now
        marks.forEach((mark, index) => {
          if (!seen[index] && mark.test(chunk.toString())) seen[index] = now
        })
      }),
  })
  await runStep('post', { inputs, env, state: main.state })
  return { main, first, seen }
}

function ensure(main: StepResult, ok: boolean, what: string): void {
  if (main.exitCode !== 0 || !ok) throw new Error(`${what} bench run failed: ${main.stdout}`)
}

async function gateRows(emulator: Emulator, baseUrl: string, dir: string): Promise<string[]> {
  const github = new FakeGitHub()
  const served = await github.serve()
  const rows: string[] = []
  try {
    github.pulls.add(7, HEAD, 'gpu-ok', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z')
    github.pulls.roles.set('keeper', 'write')
    const cases: { name: string; action: string; inputs: Record<string, string> }[] = [
      { name: 'approve-label, a labeled run', action: 'labeled', inputs: { 'approve-label': 'gpu-ok' } },
      { name: 'approve-label, any other run', action: 'synchronize', inputs: { 'approve-label': 'gpu-ok' } },
      { name: 'min-permission: write', action: 'opened', inputs: { 'min-permission': 'write' } },
    ]
    for (const gate of cases) {
      const payload = {
        action: gate.action,
        label: { name: 'gpu-ok' },
        pull_request: { number: 7, head: { sha: HEAD } },
      }
      writeFileSync(join(dir, 'event.json'), JSON.stringify(payload))
      const env = {
        HOME: dir,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: join(dir, 'event.json'),
        GITHUB_API_URL: served.url,
        GITHUB_SERVER_URL: served.url,
        GITHUB_ACTOR: 'keeper',
      }
      const inputs = { 'api-token': emulator.token, 'base-url': baseUrl, 'github-token': GITHUB_TOKEN, ...gate.inputs }
      const times: number[] = []
      let requests = 0
      for (let round = 0; round < ROUNDS; round++) {
        const before = github.requests.length
        const { main, first, seen } = await timedRun(inputs, env, [/Approval gate: .*(approved|holds)/])
        ensure(main, Boolean(seen[0]), gate.name)
        times.push((seen[0] ?? 0) - first)
        requests = github.requests.length - before
      }
      log(`gate: ${gate.name}: ${requests} GitHub requests, median ${ms(median(times))}`)
      rows.push(`| ${gate.name} | ${requests} | ${ms(median(times))} | ${ms(quantile(times, 0.95))} |`)
    }
    return rows
  } finally {
    await served.close()
  }
}

async function checkRow(emulator: Emulator, baseUrl: string, dir: string): Promise<string> {
  const times: number[] = []
  const inputs = { 'api-token': emulator.token, 'base-url': baseUrl, 'gpu-type': 'H100', 'gpu-count': '2', ssh: 'true' }
  for (let round = 0; round < ROUNDS; round++) {
    const { main, seen } = await timedRun(inputs, { HOME: dir }, [/: ready \(after /, /GPU check of .*: healthy\./])
    ensure(main, Boolean(seen[0] && seen[1]), 'gpu-check')
    times.push((seen[1] ?? 0) - (seen[0] ?? 0))
  }
  log(`gpu-check: median ${ms(median(times))} after ready`)
  return `| gpu-check (2 x H100, healthy) | 0 | ${ms(median(times))} after ready | ${ms(quantile(times, 0.95))} |`
}

export async function gateSection(): Promise<string> {
  const emulator = new Emulator({
    provisioningMs: 50,
    ssh: true,
    generation: 'current',
    capacity: { H100: 8 },
    ...UNLIMITED,
  })
  const baseUrl = await emulator.start()
  const dir = mkdtempSync(join(tmpdir(), 'bench-gate-'))
  mkdirSync(join(dir, '.ssh'))
  try {
    const gates = await gateRows(emulator, baseUrl, dir)
    const check = await checkRow(emulator, baseUrl, dir)
    return [
      '## 8. What the approval gate and the GPU check add to a job',
      '',
      `Medians of ${ROUNDS} runs each. The gate: from the step's first log line to the gate's verdict, and the GitHub requests`,
      "it sends (the fake GitHub on loopback). The check: from the wait's `ready` line to the check's verdict (one SSH command,",
      '`nvidia-smi --query-gpu=…`, on the emulated host); it sends no request to the service.',
      '',
      '| | GitHub requests | median | p95 |',
      '|---|---|---|---|',
      ...gates,
      check.replace('| 0 |', '| 0 (service: 0) |'),
      '',
    ].join('\n')
  } finally {
    await emulator.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
