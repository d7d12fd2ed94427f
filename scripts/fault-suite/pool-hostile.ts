/**
 * The fault suite's trust-domain shape for the warm pool: the emulator as deployed with an sshd per sandbox (each its
 * own home), a push keeper filling the pull requests' pool and the branches' pool, then a pull request's job that
 * claims and whose later step removes everything in its sandbox's home (its claim link with it), then pull requests'
 * and branches' jobs at once with the same inputs. After the run: the hostile job's sandbox was handed to no other
 * job, no branch job got a pull request's pool sandbox and no pull request's job a branch's, every pull request's claim
 * started exactly one hold, every post step passed, nothing is live after the drains of both domains, no stop reached
 * a job's sandbox before its post step, and no token or key is visible.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../../emulator/emulator.ts'
import { runStep, visibleText, type StepResult } from '../lib/action-runner.ts'
import { eventEnvironment } from '../lib/event.ts'

const HOSTILE = 'find "$HOME" -mindepth 1 -maxdepth 1 -exec rm -rf {} +'
const JOB = { pool: 'ci', 'pool-size': '0', ssh: 'true' }

export interface HostileOutcome {
  claims: number
  wrongStops: number
  problems: string[]
}

/** A runner of its own for one job: a HOME (its ~/.ssh/config), the event and its payload. */
export function runnerFor(root: string, event: 'push' | 'pull_request', k: number): Record<string, string> {
  const home = join(root, `job-${k}`)
  mkdirSync(join(home, '.ssh'), { recursive: true, mode: 0o700 })
  const path = join(home, 'event.json')
  const pr = { number: 100 + k, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/repo' } } }
  return { HOME: home, ...eventEnvironment(path, event, pr) }
}

async function readyCount(emulator: Emulator, count: number): Promise<void> {
  for (let k = 0; k < 400; k++) {
    const live = emulator.liveSandboxes().filter((s) => s.name.startsWith('gp-'))
    if (live.length >= count && live.every((s) => s.status === 'running')) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** `prReady` in the pull requests' pool and one in the branches'; `prJobs` and `pushJobs` at once after the hostile one. */
export async function runHostileScenario(shape: { prReady: number; prJobs: number; pushJobs: number }) {
  const emulator = new Emulator({
    generation: 'current',
    ssh: true,
    sshHost: { perSandbox: true },
    provisioningMs: 300,
    stopMs: 50,
  })
  const baseUrl = await emulator.start()
  const root = mkdtempSync(join(tmpdir(), 'pool-hostile-'))
  const inputs = (extra: Record<string, string>) => ({ 'api-token': emulator.token, 'base-url': baseUrl, ...extra })
  const keeper = runnerFor(root, 'push', 0)
  try {
    const keep = (size: number, domain: string) =>
      runStep('main', {
        inputs: inputs({ mode: 'pool', pool: 'ci', 'pool-size': String(size), 'pool-for': domain }),
        env: keeper,
      })
    await keep(shape.prReady, 'pull-requests')
    const prPool = new Set(emulator.liveSandboxes().map((s) => s.id))
    await keep(1, 'branches')
    await readyCount(emulator, shape.prReady + 1)
    const branchPool = new Set(
      emulator
        .liveSandboxes()
        .map((s) => s.id)
        .filter((id) => !prPool.has(id)),
    )
    const hostileEnv = runnerFor(root, 'pull_request', 1)
    const hostile = await runStep('main', { inputs: inputs(JOB), env: hostileEnv })
    const undone = spawnSync(
      'ssh',
      ['-F', join(hostileEnv.HOME ?? '', '.ssh', 'config'), '-o', 'BatchMode=yes', 'sandbox', HOSTILE],
      { timeout: 30_000 },
    )
    const envs = [
      ...Array.from({ length: shape.prJobs }, (_, k) => runnerFor(root, 'pull_request', 10 + k)),
      ...Array.from({ length: shape.pushJobs }, (_, k) => runnerFor(root, 'push', 50 + k)),
    ]
    const others = await Promise.all(envs.map((env) => runStep('main', { inputs: inputs(JOB), env })))
    const mains = [hostile, ...others]
    const mainEnvs = [hostileEnv, ...envs]
    const postsFrom = mains.map(() => 0)
    const posts = await Promise.all(
      mains.map((main, k) => {
        postsFrom[k] = Date.now()
        return runStep('post', { inputs: inputs(JOB), env: mainEnvs[k] ?? keeper, state: main.state })
      }),
    )
    const problems = judge(emulator, { mains, envs: mainEnvs, posts }, { prPool, branchPool })
    if (undone.status !== 0) problems.push(`the hostile step's ssh exited ${undone.status}`)
    await keep(0, 'pull-requests')
    await keep(0, 'branches')
    return await scenarioEnd(emulator, { mains, postsFrom, problems }, 'the drains')
  } finally {
    await emulator.close()
    rmSync(root, { recursive: true, force: true })
  }
}

function judge(
  emulator: Emulator,
  jobs: { mains: StepResult[]; envs: Record<string, string>[]; posts: StepResult[] },
  pools: { prPool: Set<string>; branchPool: Set<string> },
): string[] {
  const { mains, envs, posts } = jobs
  const problems: string[] = []
  const hostileId = mains[0]?.outputs['sandbox-id']
  if (mains[0]?.outputs['pool-claimed'] !== 'true') problems.push("the hostile pull request's job claimed nothing")
  let prClaims = 0
  mains.forEach((main, k) => {
    if (main.exitCode !== 0) problems.push(`job ${k}: main exit ${main.exitCode}`)
    if (posts[k]?.exitCode !== 0) problems.push(`job ${k}: post exit ${posts[k]?.exitCode}`)
    const id = main.outputs['sandbox-id'] ?? ''
    if (k > 0 && id === hostileId) problems.push(`job ${k} was handed the hostile job's sandbox ${id}`)
    const pr = envs[k]?.GITHUB_EVENT_NAME === 'pull_request'
    // A claim is of the job's own domain: the pool the keeper filled for it.
    if (main.outputs['pool-claimed'] === 'true' && !(pr ? pools.prPool : pools.branchPool).has(id))
      problems.push(`job ${k} (${pr ? 'a pull request' : 'a push'}) claimed ${id}, not of its domain's pool`)
    if (pr && main.outputs['pool-claimed'] === 'true') prClaims++
    const text = visibleText(main, posts[k] as StepResult)
    if (text.includes(emulator.token)) problems.push('the token is visible')
    if (text.includes('PRIVATE KEY')) problems.push('a private key is visible')
  })
  const holds = emulator
    .requestsTo('POST', '/sandboxes/start')
    .filter((r) => r.status === 202 && ((r.body as { name?: string }).name ?? '').startsWith('gc-'))
  if (holds.length !== prClaims) problems.push(`${holds.length} holds for ${prClaims} pull-request claims`)
  const ids = mains.map((main) => main.outputs['sandbox-id']).filter((id): id is string => !!id)
  if (new Set(ids).size !== ids.length) problems.push('a sandbox was given to two jobs')
  return problems
}

/**
 * Stops sent to a sandbox a job was given before that job's post step began (only its post step may stop it); the
 * pool suite's other shapes count the same way.
 */
/** A scenario's end once its pools are drained: what is still live is a problem; its claims and wrong stops. */
export async function scenarioEnd(
  emulator: Emulator,
  run: { mains: StepResult[]; postsFrom: number[]; problems: string[] },
  drained: string,
): Promise<HostileOutcome> {
  const left = await emulator.settle()
  if (left.length > 0) run.problems.push(`${left.length} sandbox(es) live after the post steps and ${drained}`)
  const claims = run.mains.filter((main) => main.outputs['pool-claimed'] === 'true').length
  return { claims, wrongStops: wrongStops(emulator, run.mains, run.postsFrom), problems: run.problems }
}

export function wrongStops(emulator: Emulator, mains: StepResult[], postsFrom: number[]): number {
  const holders = new Map(mains.map((main, k) => [main.outputs['sandbox-id'] ?? '', k]))
  return emulator.requestsTo('POST', '/sandboxes/:id/stop').filter((request) => {
    const holder = holders.get(request.path.split('/')[2] ?? '')
    return holder !== undefined && request.at < (postsFrom[holder] ?? 0)
  }).length
}
