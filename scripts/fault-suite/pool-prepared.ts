/**
 * The fault suite's prepared-pool shapes: the bundled steps against the emulator as deployed with an sshd per sandbox
 * (each its own home). A push keeper prepares the pull requests' pool (`pool-prepare`), then pull requests' jobs run
 * at once with `run` reading what the preparation wrote. Two faults: the first preparation fails (its sandbox must be
 * stopped and never claimed), or the keeper is killed (SIGKILL) mid-preparation (nothing it left may be claimed; its
 * post step stops it). After each run: every job passed and its run found the prepared file, no sandbox was given to
 * two jobs, no claimed sandbox was one whose preparation failed or never ended, every post step passed, nothing is
 * live after the drain, no stop reached a job's sandbox before its post step, and no token or key is visible.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../../emulator/emulator.ts'
import { onceOutput, runStep, visibleText, type StepResult } from '../lib/action-runner.ts'
import { runnerFor, scenarioEnd, type HostileOutcome } from './pool-hostile.ts'

/** `refused-stop`: the first preparation fails, and the service refuses the stop that follows it. */
export type PreparedFault = 'failed-preparation' | 'refused-stop' | 'killed-keeper'

/**
 * The preparation: the environment's file. Every emulated sandbox runs on this machine, so a flag in the run's own
 * directory makes the first preparation fail, or makes the keeper's take long (until the flag is gone).
 */
function script(root: string, fault: PreparedFault): string {
  // The sandboxes' login user (ubuntu where the emulator can make it) must reach it.
  const flag = join(root, 'shared', 'flag')
  const write = 'mkdir -p "$HOME/env" && echo prepared > "$HOME/env/ready"'
  if (fault !== 'killed-keeper') return `if mkdir '${flag}' 2> /dev/null; then echo broken; exit 7; fi; ${write}`
  return `echo begun; while [ -e '${flag}' ]; do sleep 0.2; done; ${write}`
}

export async function runPreparedScenario(fault: PreparedFault, jobs: number): Promise<HostileOutcome> {
  const emulator = new Emulator({
    generation: 'current',
    ssh: true,
    sshHost: { perSandbox: true },
    provisioningMs: 300,
    stopMs: 50,
  })
  const baseUrl = await emulator.start()
  const root = mkdtempSync(join(tmpdir(), 'pool-prepared-'))
  mkdirSync(join(root, 'shared'), { mode: 0o777 })
  chmodSync(root, 0o755)
  chmodSync(join(root, 'shared'), 0o777)
  const problems: string[] = []
  const prepared = { pool: 'ci', 'pool-prepare': script(root, fault), 'pool-key': 'lock-1' }
  const inputs = (extra: Record<string, string>) => ({
    'api-token': emulator.token,
    'base-url': baseUrl,
    ...prepared,
    ...extra,
  })
  const keeperEnv = runnerFor(root, 'push', 0)
  const keeperInputs = inputs({ mode: 'pool', 'pool-for': 'pull-requests', 'pool-size': '2' })
  try {
    if (fault === 'killed-keeper') writeFileSync(join(root, 'shared', 'flag'), '')
    if (fault === 'refused-stop') emulator.addFault({ route: 'POST /sandboxes/:id/stop', attempts: [1], fault: 403 })
    const kill = onceOutput(': begun', (child) => child.kill('SIGKILL'))
    const keeper = await runStep('main', {
      inputs: keeperInputs,
      env: keeperEnv,
      ...(fault === 'killed-keeper' ? { onSpawn: kill } : {}),
    })
    const unclaimable = new Set(emulator.sandboxes.map((s) => s.id))
    if (fault !== 'killed-keeper') {
      if (!keeper.stdout.includes('did not succeed (it exited with 7)')) problems.push('no preparation failed')
      // A keeper whose preparation failed is red, never a pool of cold starts that passes.
      if (keeper.exitCode === 0) problems.push('the keeper passed although a preparation failed')
      // The one that stays is prepared and claimable; the failed one is stopped.
      for (const id of JSON.parse(keeper.outputs.pool ?? '{"ready":[]}').ready as string[]) unclaimable.delete(id)
    }
    // The first preparation failed for good; the killed keeper's would wait no more.
    if (fault === 'killed-keeper') {
      if (keeper.signal !== 'SIGKILL') problems.push('the keeper was not killed mid-preparation')
      rmSync(join(root, 'shared', 'flag'), { force: true })
    }
    const jobInputs = inputs({ 'pool-size': '0', run: 'cat "$HOME/env/ready"' })
    const postsFrom: number[] = []
    const mains = await Promise.all(
      Array.from({ length: jobs }, (_, k) =>
        runStep('main', { inputs: jobInputs, env: runnerFor(root, 'pull_request', k + 1) }),
      ),
    )
    const posts = await Promise.all(
      mains.map((main, k) => {
        postsFrom[k] = Date.now()
        return runStep('post', { inputs: jobInputs, env: runnerFor(root, 'pull_request', k + 1), state: main.state })
      }),
    )
    const keeperPost = await runStep('post', { inputs: keeperInputs, env: keeperEnv, state: keeper.state })
    if (fault === 'killed-keeper' && !keeperPost.stdout.includes('was left half-prepared by the main step; stopped'))
      problems.push("the keeper's post step did not stop what it left half-prepared")
    if (fault === 'refused-stop' && !keeperPost.stdout.includes('whose stop was refused then, stopped'))
      problems.push("the keeper's post step did not stop the failed preparation whose stop was refused")
    judge(emulator, { mains, posts: [...posts, keeperPost], unclaimable, problems })
    await runStep('main', { inputs: { ...keeperInputs, 'pool-size': '0' }, env: keeperEnv })
    return await scenarioEnd(emulator, { mains, postsFrom, problems }, 'the drain')
  } finally {
    await emulator.close()
    rmSync(root, { recursive: true, force: true })
  }
}

function judge(
  emulator: Emulator,
  run: { mains: StepResult[]; posts: StepResult[]; unclaimable: Set<string>; problems: string[] },
): void {
  const { mains, posts, unclaimable, problems } = run
  mains.forEach((main, k) => {
    if (main.exitCode !== 0) problems.push(`job ${k}: main exit ${main.exitCode}`)
    if (!main.stdout.includes('prepared')) problems.push(`job ${k}: its run did not find the prepared file`)
    const id = main.outputs['sandbox-id'] ?? ''
    if (main.outputs['pool-claimed'] === 'true' && unclaimable.has(id))
      problems.push(`job ${k}: claimed ${id}, whose preparation failed or never ended`)
  })
  posts.forEach((post, k) => {
    if (post.exitCode !== 0) problems.push(`post ${k}: exit ${post.exitCode}`)
  })
  const ids = mains.map((main) => main.outputs['sandbox-id']).filter((id): id is string => !!id)
  if (new Set(ids).size !== ids.length) problems.push('a sandbox was given to two jobs')
  for (const step of [...mains, ...posts]) {
    const text = visibleText(step)
    if (text.includes(emulator.token)) problems.push('the token is visible')
    if (text.includes('PRIVATE KEY')) problems.push('a private key is visible')
  }
}
