/**
 * The fault suite for the warm pool (issue 55): the bundled steps against the
 * emulator as deployed with a real sshd. A keeper (`mode: pool`) fills the
 * pool, then jobs with `pool` run at once: 8 for 2 ready sandboxes, claims
 * whose answer is lost (the sandbox's session dropped after the link was
 * made), and a main step cancelled (SIGTERM) or killed (SIGKILL) right after
 * its claim. Every job's post step runs, then a `mode: pool` drain. After each
 * run: every main step that was not signalled passed, no sandbox was claimed
 * by two jobs, every job's sandbox was live when its main step ended, no stop
 * was sent to a sandbox another job held, nothing is live after the post
 * steps and the drain, and no token or key is visible.
 */
import { Emulator } from '../../emulator/emulator.ts'
import { plantLostClaimAnswers, type SandboxHost } from '../../emulator/sandbox-host.ts'
import { onceOutput, runStep, visibleText, type StepResult } from '../lib/action-runner.ts'
import { runHostileScenario, wrongStops } from './pool-hostile.ts'
import { runPreparedScenario, type PreparedFault } from './pool-prepared.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface PoolScenario {
  label: string
  /** Ready pool sandboxes before the jobs. */
  ready: number
  /** Jobs with `pool` at once. */
  jobs: number
  /** Claims whose answer the sandbox drops. */
  lostAnswers: number
  /** A signal to the first job's main step right after its claim. */
  signal?: 'SIGTERM' | 'SIGKILL'
  /**
   * Trust domains: `ready` in the pull requests' pool, one in the branches'; a pull request's job undoes its claim,
   * then `jobs` more at once, `prJobs` of them pull requests' (pool-hostile.ts).
   */
  hostile?: { prJobs: number }
  /** A prepared pool (pool-prepared.ts): a keeper prepares 2, then `jobs` pull requests' jobs at once. */
  prepared?: PreparedFault
}

export interface PoolOutcome {
  scenario: PoolScenario
  claims: number
  wrongStops: number
  problems: string[]
}

export function poolMatrix(): PoolScenario[] {
  return [
    { label: 'pool: 8 jobs at once for 2 ready sandboxes', ready: 2, jobs: 8, lostAnswers: 0 },
    { label: 'pool: 4 jobs at once for 4 ready sandboxes', ready: 4, jobs: 4, lostAnswers: 0 },
    { label: 'pool: a claim whose answer is lost, 1 ready', ready: 1, jobs: 1, lostAnswers: 1 },
    { label: 'pool: two claims whose answers are lost, 3 jobs for 2', ready: 2, jobs: 3, lostAnswers: 2 },
    { label: 'pool: SIGTERM right after the claim', ready: 1, jobs: 1, lostAnswers: 0, signal: 'SIGTERM' },
    { label: 'pool: SIGKILL right after the claim', ready: 2, jobs: 2, lostAnswers: 0, signal: 'SIGKILL' },
    {
      label: "pool: a pull request's job undoes its claim; 3 pull requests' and 2 pushes' jobs at once",
      ready: 3,
      jobs: 5,
      lostAnswers: 0,
      hostile: { prJobs: 3 },
    },
    {
      label: "prepared pool: the first preparation fails; 3 pull requests' jobs at once",
      ready: 1,
      jobs: 3,
      lostAnswers: 0,
      prepared: 'failed-preparation',
    },
    {
      label: "prepared pool: a failed preparation whose stop is refused; 2 pull requests' jobs at once",
      ready: 1,
      jobs: 2,
      lostAnswers: 0,
      prepared: 'refused-stop',
    },
    {
      label: "prepared pool: the keeper killed mid-preparation; 2 pull requests' jobs at once",
      ready: 0,
      jobs: 2,
      lostAnswers: 0,
      prepared: 'killed-keeper',
    },
  ]
}

const POOL = { pool: 'ci', 'pool-size': '0' }

async function waitReady(emulator: Emulator, count: number): Promise<void> {
  for (let k = 0; k < 400; k++) {
    const live = emulator.liveSandboxes()
    if (live.length >= count && live.every((s) => s.status === 'running')) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** One scenario on a fresh emulator; what went wrong, if anything. */
export async function runPoolScenario(scenario: PoolScenario): Promise<PoolOutcome> {
  if (scenario.prepared) return { scenario, ...(await runPreparedScenario(scenario.prepared, scenario.jobs)) }
  if (scenario.hostile) {
    const { prJobs } = scenario.hostile
    const shape = { prReady: scenario.ready, prJobs, pushJobs: scenario.jobs - prJobs }
    return { scenario, ...(await runHostileScenario(shape)) }
  }
  const emulator = new Emulator({ generation: 'current', ssh: true, provisioningMs: 300, stopMs: 50 })
  const baseUrl = await emulator.start()
  const home = mkdtempSync(join(tmpdir(), 'pool-suite-'))
  const env = { HOME: home }
  const inputs = (extra: Record<string, string>) => ({ 'api-token': emulator.token, 'base-url': baseUrl, ...extra })
  const problems: string[] = []
  try {
    await runStep('main', { inputs: inputs({ mode: 'pool', pool: 'ci', 'pool-size': String(scenario.ready) }), env })
    await waitReady(emulator, scenario.ready)
    if (scenario.lostAnswers > 0)
      plantLostClaimAnswers(emulator.sshService?.sandboxHost as SandboxHost, scenario.lostAnswers)
    const mains = await Promise.all(
      Array.from({ length: scenario.jobs }, (_, k) => {
        // Each job's sandbox must be live when its main step ends: looked at then, before any post step.
        const signalled = k === 0 && scenario.signal
        return runStep('main', {
          inputs: inputs(POOL),
          env,
          ...(signalled ? { onSpawn: onceOutput("Pool 'ci': claimed", (child) => child.kill(signalled)) } : {}),
        }).then((main) => ({ main, liveAtEnd: emulator.liveSandboxes().map((s) => s.id) }))
      }),
    )
    const postsFrom: number[] = []
    const posts = await Promise.all(
      mains.map(({ main }, k) => {
        postsFrom[k] = Date.now()
        return runStep('post', { inputs: inputs(POOL), env, state: main.state })
      }),
    )
    await judgeSteps(emulator, scenario, mains, posts, problems)
    await runStep('main', { inputs: inputs({ mode: 'pool', pool: 'ci', 'pool-size': '0' }), env })
    const left = await emulator.settle()
    if (left.length > 0) problems.push(`${left.length} sandbox(es) live after the post steps and the drain`)
    const claimed = mains.filter(({ main }) => main.outputs['pool-claimed'] === 'true')
    return {
      scenario,
      claims: claimed.length,
      wrongStops: wrongStops(
        emulator,
        mains.map(({ main }) => main),
        postsFrom,
      ),
      problems,
    }
  } finally {
    await emulator.close()
    rmSync(home, { recursive: true, force: true })
  }
}

type Main = { main: StepResult; liveAtEnd: string[] }

async function judgeSteps(
  emulator: Emulator,
  scenario: PoolScenario,
  mains: Main[],
  posts: StepResult[],
  problems: string[],
): Promise<void> {
  mains.forEach(({ main, liveAtEnd }, k) => {
    const signalled = k === 0 && scenario.signal
    if (!signalled && main.exitCode !== 0) problems.push(`job ${k}: main exit ${main.exitCode}`)
    const id = main.outputs['sandbox-id']
    if (!signalled && id && !liveAtEnd.includes(id))
      problems.push(`job ${k}: its sandbox ${id} was not live at the end`)
  })
  posts.forEach((post, k) => {
    if (post.exitCode !== 0) problems.push(`job ${k}: post exit ${post.exitCode}`)
  })
  const ids = mains.map(({ main }) => main.outputs['sandbox-id']).filter((id): id is string => !!id)
  if (new Set(ids).size !== ids.length) problems.push('a sandbox was given to two jobs')
  const claims = mains.filter(({ main }) => main.outputs['pool-claimed'] === 'true').length
  if (claims > scenario.ready) problems.push(`${claims} claims for ${scenario.ready} ready sandboxes`)
  for (const step of [...mains.map(({ main }) => main), ...posts]) {
    const text = visibleText(step)
    if (text.includes(emulator.token)) problems.push('the token is visible')
    if (text.includes('PRIVATE KEY')) problems.push('a private key is visible')
  }
}

export async function runPoolSuite(scenarios: PoolScenario[]): Promise<PoolOutcome[]> {
  const outcomes: PoolOutcome[] = []
  for (const scenario of scenarios) outcomes.push(await runPoolScenario(scenario))
  return outcomes
}
