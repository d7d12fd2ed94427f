/**
 * Benchmark section 15: what a claim's hold costs (the pull-requests domain's claim no code on the sandbox can
 * undo). The same jobs claim from a warm pool of the branches' domain (no hold) and of the pull requests' (a hold
 * each), one after another, in process (runMain, runPost) against the emulator as deployed with a real sshd:
 * the time from the step's start to `sandbox-id`, the requests each job's main and post steps send (and so its share
 * of the organization's 30 starts and stops a minute), and the hold's price on both catalogs beside the GPUs'.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_PRICING, DEPLOYED_PRICING, Emulator } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import { runMain } from '../../src/main.ts'
import { HOLD_SPECS } from '../../src/pool/hold.ts'
import { runPost } from '../../src/post.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { formatDollars, hourlyDollars } from '../../src/sandbox/billing.ts'
import { recordingCore } from '../../test/harness/fakes.ts'
import { argument, countBy, log, median, quantile, sandboxIdTime } from './common.ts'
import { eventEnvironment } from '../lib/event.ts'

const makeClient = (c: { baseUrl: string; apiToken: string }) =>
  new ComputeClient({ baseUrl: c.baseUrl, apiToken: c.apiToken })

interface DomainResult {
  domain: string
  toIdMs: number[]
  main: Record<string, number>
  post: Record<string, number>
  jobs: number
}

/** The runner's environment of job k: a push, or a pull request's event with its payload. */
function environment(dir: string, k: number, event: 'push' | 'pull_request'): NodeJS.ProcessEnv {
  const temp = mkdtempSync(join(dir, `job-${k}-`))
  const payload = join(temp, 'event.json')
  const given = eventEnvironment(payload, event, { number: k })
  return {
    ...process.env,
    RUNNER_TEMP: temp,
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_REPOSITORY_ID: '31337',
    GITHUB_RUN_ID: String(7000 + k),
    GITHUB_RUN_ATTEMPT: '1',
    ...given,
  }
}

async function step(inputs: Record<string, string>, env: NodeJS.ProcessEnv, state?: Record<string, string>) {
  const core = recordingCore(inputs, state)
  const began = performance.now()
  const idTime = sandboxIdTime(core)
  const signal = new AbortController().signal
  if (state) await runPost({ core, clock: realClock, makeClient, env })
  else await runMain({ core, clock: realClock, makeClient, signal, env })
  if (core.failed.length > 0) throw new Error(core.failed.join('; '))
  return { core, toIdMs: idTime() - began }
}

async function oneDomain(domain: 'branches' | 'pull-requests', jobs: number): Promise<DomainResult> {
  const emulator = new Emulator({ generation: 'current', ssh: true, provisioningMs: 300, stopMs: 50 })
  const base = { 'api-token': emulator.token, 'base-url': await emulator.start() }
  const dir = mkdtempSync(join(tmpdir(), 'bench-hold-'))
  const event = domain === 'branches' ? 'push' : 'pull_request'
  const result: DomainResult = { domain, toIdMs: [], main: {}, post: {}, jobs }
  const add = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [route, n] of Object.entries(from)) into[route] = (into[route] ?? 0) + n
  }
  try {
    const keeper = { ...base, mode: 'pool', pool: 'ci', 'pool-size': String(jobs), 'pool-for': domain }
    await step({ ...keeper, 'max-live': String(jobs * 3) }, environment(dir, 0, 'push'))
    for (let k = 0; k < 400 && emulator.liveSandboxes().some((s) => s.status !== 'running'); k++)
      await realClock.sleep(25)
    for (let k = 1; k <= jobs; k++) {
      const inputs = { ...base, pool: 'ci', 'pool-size': '0', 'gpu-check': 'false', 'gpu-report': 'false' }
      const env = environment(dir, k, event)
      let mark = emulator.requests.length
      const main = await step(inputs, env)
      if (main.core.outputs['pool-claimed'] !== 'true') throw new Error(`job ${k} of ${domain} claimed nothing`)
      result.toIdMs.push(main.toIdMs)
      add(result.main, countBy(emulator.requests.slice(mark)))
      mark = emulator.requests.length
      await step(inputs, env, main.core.state)
      add(result.post, countBy(emulator.requests.slice(mark)))
    }
    const left = await emulator.settle()
    if (left.length > 0) throw new Error(`${left.length} live after the jobs of ${domain}`)
    return result
  } finally {
    await emulator.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const perJob = (counts: Record<string, number>, route: string, jobs: number) => (counts[route] ?? 0) / jobs
const ROUTES = ['POST /sandboxes/start', 'POST /sandboxes/:id/stop', 'GET /sandboxes/:id', 'GET /sandboxes']

function row(result: DomainResult): string {
  const { jobs } = result
  const main = ROUTES.map((route) => perJob(result.main, route, jobs).toFixed(1)).join(' / ')
  const post = ROUTES.map((route) => perJob(result.post, route, jobs).toFixed(1)).join(' / ')
  const startsStops =
    perJob(result.main, ROUTES[0] ?? '', jobs) +
    perJob(result.main, ROUTES[1] ?? '', jobs) +
    perJob(result.post, ROUTES[0] ?? '', jobs) +
    perJob(result.post, ROUTES[1] ?? '', jobs)
  const toId = `${(median(result.toIdMs) / 1000).toFixed(2)} s / ${(quantile(result.toIdMs, 0.95) / 1000).toFixed(2)} s`
  return `| ${result.domain} | ${toId} | ${main} | ${post} | ${startsStops.toFixed(1)} (${Math.floor(30 / startsStops)} claims a minute) |`
}

function prices(): string[] {
  const [small] = HOLD_SPECS
  const hold = {
    cpu: small.cpu_count,
    memoryGib: small.memory_gib,
    storageGib: small.storage_gib,
    gpuType: undefined,
    gpuCount: 0,
  }
  return (
    [
      ['v1.0 catalog', DEFAULT_PRICING],
      ['as deployed', DEPLOYED_PRICING],
    ] as const
  ).map(([name, catalog]) => {
    const dollars = hourlyDollars(catalog, hold) ?? 0
    const beside = (['A6000', 'A100', 'H100'] as const).map((gpuType) => {
      const gpu = hourlyDollars(catalog, { cpu: 4, memoryGib: 16, storageGib: 100, gpuType, gpuCount: 1 }) ?? NaN
      return `${((100 * dollars) / gpu).toFixed(1)} % of ${gpuType}`
    })
    return `| ${name} | ${formatDollars(dollars)} an hour | ${beside.join(', ')} (the action's default spec, 1 GPU) |`
  })
}

export async function holdSection(): Promise<string> {
  const jobs = Number(argument('hold-jobs') ?? 20)
  log(`hold: ${jobs} claims in each domain`)
  const results = [await oneDomain('branches', jobs), await oneDomain('pull-requests', jobs)]
  return [
    "## 15. A claim's hold: what closing the pull-requests domain costs",
    '',
    `\`npm run bench -- --only hold\`: ${jobs} jobs one after another claim from a warm pool kept for their domain, in`,
    'process (runMain, runPost) against the emulator as deployed on loopback with a real sshd. A branch job claims',
    "with the link on the sandbox alone; a pull request's job then starts the hold, a 1-vCPU sandbox named for the",
    'claimed one, and its post step stops the hold after the sandbox. Requests per job, by route: start / stop / get /',
    'list; the organization may send 30 starts and stops a minute.',
    '',
    '| domain | to sandbox-id, median / p95 | main step, per job | post step, per job | starts and stops per job |',
    '|---|---|---|---|---|',
    ...results.map(row),
    '',
    "The hold, billed from its start to its stop (the job's length), at the catalog's per-unit prices (neither",
    "catalog publishes a sandbox price: an estimate, as the job's own cost is):",
    '',
    '| catalog | the hold (1 vCPU, 1 GiB, 1 GiB disk) | beside a GPU sandbox |',
    '|---|---|---|',
    ...prices(),
    '',
    'Seconds: the hold is one start request after the link (no wait for its provisioning: the service holds the name',
    'from the accepted start), so on loopback it adds a few milliseconds; against a real service, one round trip.',
    '',
  ].join('\n')
}
