/**
 * Benchmark section 1, continued: the cold start of each use (the sub-actions run, runner, ssh, stop), from spawning
 * its folder's main.js to its first request (to the service or to GitHub), and what a bare `node -e 0` costs
 * measured three ways: from a Node parent (spawn to exit, as above), as a whole process timed by the shell with
 * the binary in the page cache, and once after the page cache was dropped (a fresh machine's first step).
 * Node's compile cache is off in every child here: a runner has none.
 */
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { Emulator } from '../../emulator/emulator.ts'
import { sshdAvailable } from '../../emulator/ssh-service.ts'
import { runStep } from '../lib/action-runner.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../lib/fake-github.ts'
import { log, median, ms, quantile, timeProcess, UNLIMITED } from './common.ts'

const ROUNDS = 15
const NO_CACHE = { NODE_DISABLE_COMPILE_CACHE: '1' }

/** `node -e 0` timed by bash's `time` over `count` runs: the whole process, as a shell (or a runner) sees it. */
function shellTimed(count: number): number {
  const script = `TIMEFORMAT=%R; time (for i in $(seq ${count}); do "${process.execPath}" -e 0; done)`
  const out = spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, ...NO_CACHE } })
  return (Number(out.stderr.trim().split('\n').at(-1)) * 1000) / count
}

/** The first `node -e 0` after the page cache was dropped; undefined where this machine does not allow that. */
function afterDroppedCache(): number | undefined {
  spawnSync('sync')
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '3\n')
  } catch {
    return undefined
  }
  return shellTimed(1)
}

interface Use {
  name: string
  inputs: Record<string, string>
  env?: Record<string, string>
}

/** Spawn of the use's main.js to the first request either service receives, `ROUNDS` times. */
async function firstRequests(use: Use, emulator: Emulator, github: FakeGitHub): Promise<number[]> {
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    emulator.requests.length = 0
    github.requests.length = 0
    const spawnedAt = Date.now()
    const startedAt = performance.now()
    await runStep('main', { action: use.name, inputs: use.inputs, env: { ...NO_CACHE, ...use.env } })
    const service = emulator.requests[0]?.at
    const first = [service === undefined ? undefined : service - spawnedAt, github.requests[0]?.at]
      .map((at, k) => (at === undefined ? Infinity : k === 0 ? at : at - startedAt))
      .reduce((a, b) => Math.min(a, b))
    if (!Number.isFinite(first)) throw new Error(`${use.name}: the step sent no request`)
    times.push(first)
  }
  return times
}

export async function coldStartByUse(): Promise<string> {
  // With sshd, run and ssh go on past their first request as they would on a runner; without, they fail after it.
  const emulator = new Emulator({ provisioningMs: 50, ssh: sshdAvailable(), ...UNLIMITED })
  const baseUrl = await emulator.start()
  const github = new FakeGitHub()
  const served = await github.serve()
  const connection = { 'api-token': emulator.token, 'base-url': baseUrl }
  const kept = emulator.seed('kept-for-stop').id
  const uses: Use[] = [
    { name: 'run', inputs: { ...connection, run: 'true' } },
    { name: 'ssh', inputs: { ...connection } },
    { name: 'stop', inputs: { ...connection, 'sandbox-id': kept } },
    {
      name: 'runner',
      inputs: { ...connection, 'github-token': GITHUB_TOKEN },
      env: { GITHUB_API_URL: served.url, GITHUB_SERVER_URL: served.url },
    },
  ]
  const bare: number[] = []
  for (let round = 0; round < ROUNDS; round++) bare.push(await timeProcess(['-e', '0']))
  const rows: string[] = []
  for (const use of uses) {
    const times = await firstRequests(use, emulator, github)
    log(`cold start ${use.name}: ${ms(median(times))}`)
    rows.push(
      `| \`${use.name}/\` (its main.js to its first request) | ${ms(median(times))} | ${ms(quantile(times, 0.95))} |`,
    )
  }
  await served.close()
  await emulator.close()
  const shell = shellTimed(20)
  const dropped = afterDroppedCache()
  return [
    '### Each use, and what `node -e 0` costs',
    '',
    `${ROUNDS} rounds each; each sub-action's \`main.js\` (the root's bundle, told its use) to its first request to the`,
    "service or to GitHub; Node's compile cache off, as on a runner.",
    '',
    '| | median | p95 |',
    '|---|---|---|',
    `| \`node -e 0\`, spawn to exit, from a Node parent (as above) | ${ms(median(bare))} | ${ms(quantile(bare, 0.95))} |`,
    `| \`node -e 0\`, a whole process timed by the shell (mean of 20), binary in the page cache | ${ms(shell)} | |`,
    `| \`node -e 0\`, the first run after the page cache was dropped | ${dropped === undefined ? 'not allowed here' : ms(dropped)} | |`,
    ...rows,
    '',
  ].join('\n')
}
