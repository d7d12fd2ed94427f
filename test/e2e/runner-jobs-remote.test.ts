/**
 * Issue 48's modules in process (so coverage sees them): two runner folders
 * on the emulated sandbox over real OpenSSH, each serving two jobs of this
 * run one after another (registerRunner, serveFolders), then the one read of
 * this run's jobs that mirrors them, counts those still waiting and gives the
 * summary a row per job (mirrorFolders).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import { mirrorFolders, serveFolders, servesSeveral } from '../../src/runner/post-slots.ts'
import type { CleanupConfig } from '../../src/inputs/config.ts'
import { runnerSlots, type RunnerSlot } from '../../src/inputs/runner.ts'
import { remoteContext } from '../../src/sandbox/remote-context.ts'
import { registerRunner } from '../../src/runner/register.ts'
import { realClock } from '../../src/runtime/clock.ts'
import type { CleanupDeps, StepDeps } from '../../src/step/deps.ts'
import { ActionState } from '../../src/step/state.ts'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { THIS_RUN, type JobStep } from '../../scripts/lib/fake-runners.ts'
import { emulatorSshConfig } from '../../scripts/lib/ssh-config.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { recordingCore } from '../harness/fakes.ts'
import { canRun } from '../harness/ssh-job.ts'

let emulator: Emulator | undefined
const fake = useFakeGitHub()
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

const RUN = { id: 4242, attempt: 1 }

async function setUp() {
  emulator = new Emulator({ ssh: true, generation: 'current', stopMs: 50 })
  const baseUrl = await emulator.start()
  await fake.serve()
  fake.makeDir('runner-jobs-remote-')
  const client = new ComputeClient({ baseUrl, apiToken: emulator.token, requestTimeoutMs: 5_000 })
  const sandboxId = emulator.seed('runner-jobs-remote').id
  const target = { configPath: emulatorSshConfig(emulator, fake.dir, 'box'), alias: 'box' }
  return { client, sandboxId, repository: fake.repository(), target }
}

const plan = (name: string, run: string): JobStep[] => [{ name, run }]

type SetUp = Awaited<ReturnType<typeof setUp>>

/**
 * The main step's registration with the label gpu-x for run 4242 (`core` records it), and the post step's deps and
 * view of runner mode's inputs (`post` records it).
 */
async function holder(setup: SetUp, shape: { jobs: number; slots?: RunnerSlot[]; pickupTimeoutMs: number }) {
  const { client, sandboxId, repository, target } = setup
  const core = recordingCore()
  const deps: StepDeps = { core, client, clock: realClock, signal: new AbortController().signal, env: process.env }
  const request = {
    label: 'gpu-x',
    pickupTimeoutMs: 60_000,
    githubToken: GITHUB_TOKEN,
    repository,
    addedDomains: [],
    workflowRun: RUN,
    jobs: shape.jobs,
    ...(shape.slots ? { slots: shape.slots } : {}),
  }
  await registerRunner(deps, request, sandboxId, remoteContext(deps, sandboxId, target, 'host'), fake.dir)
  const post = recordingCore()
  const cleanupDeps: CleanupDeps = { core: post, clock: realClock, makeClient: () => client }
  const inputs = { githubToken: GITHUB_TOKEN, repository, workflowRun: RUN, label: 'gpu-x' }
  const config = {
    runner: () => ({ ...inputs, pickupTimeoutMs: shape.pickupTimeoutMs, jobs: shape.jobs }),
  } as unknown as CleanupConfig
  return { core, post, cleanupDeps, config }
}

describe.skipIf(!canRun)('several jobs on one sandbox, in process', () => {
  it('two folders, two jobs each: every job served on its GPU, the next in the same folder; one left waiting', async () => {
    const setup = await setUp()
    const { sandboxId } = setup
    const runners = fake.github.runners
    const names = ['a', 'b', 'c', 'd']
    // Each job notes its GPU and what its folder's earlier job left; the fifth finds no runner left to serve it.
    for (const name of names)
      runners.queue(
        'gpu-x',
        { ...THIS_RUN, name },
        plan(name, `echo "${name} gpu=[$CUDA_VISIBLE_DEVICES] before=[$(cat note 2> /dev/null)]"; echo ${name} > note`),
      )
    runners.queue('gpu-x', { ...THIS_RUN, name: 'e' }, plan('e', 'echo E-RAN'))
    const { core, post, cleanupDeps, config } = await holder(setup, {
      jobs: 2,
      slots: runnerSlots(2, 2),
      pickupTimeoutMs: 5_000,
    })
    expect(JSON.parse(core.outputs['runner-name'] ?? '')).toEqual([
      `gpu-sandbox-${sandboxId}`,
      `gpu-sandbox-${sandboxId}-g2`,
    ])
    const saved = new ActionState(core).runners
    expect(saved.map((r) => [r.online, r.folder, r.gpus])).toEqual([
      [true, undefined, '0'],
      [true, 'actions-runner-2', '1'],
    ])

    expect(servesSeveral(saved, config)).toBe(true)
    const current = [...saved]
    expect(await serveFolders(cleanupDeps, current, config)).toEqual({})
    expect(current.map((r) => r.ran?.length)).toEqual([1, 1])

    const served = await mirrorFolders(cleanupDeps, current, config)
    expect(served?.failure).toBeUndefined()
    expect(served?.jobs.map((job) => job.name).sort()).toEqual(names)
    // The fifth job found no runner: counted as waiting, to be failed at once by the caller.
    expect(served?.waiting).toBe(1)
    const logs = Object.fromEntries(runners.jobs.map((job) => [job.name, job.log ?? '']))
    const gpuOf = (name: string) => /gpu=\[(\d)\]/.exec(logs[name] ?? '')?.[1]
    expect(names.map(gpuOf).sort()).toEqual(['0', '0', '1', '1'])
    // The second job of each folder found what the first one there left: the same folder, the same GPU.
    for (const name of names) {
      const before = /before=\[(\w*)\]/.exec(logs[name] ?? '')?.[1]
      if (before) expect(gpuOf(before), `${name} after ${before}`).toBe(gpuOf(name))
    }
    expect(names.filter((name) => /before=\[\w+\]/.test(logs[name] ?? ''))).toHaveLength(2)
    expect(post.summaries.join('\n')).toMatch(/### Jobs served on the sandbox \(4\)/)
    expect(post.summaries.join('\n')).toMatch(new RegExp(`\\| gpu-sandbox-${sandboxId}-g2(-r2)? \\| 1 \\|`))
  })

  it('a failed job among those served fails the holder after the stop, naming it', async () => {
    const setup = await setUp()
    const runners = fake.github.runners
    runners.queue('gpu-x', { ...THIS_RUN, name: 'build' }, plan('build', 'true'))
    runners.queue('gpu-x', { ...THIS_RUN, name: 'test' }, plan('test', 'exit 3'))
    const { core, post, cleanupDeps, config } = await holder(setup, { jobs: 3, pickupTimeoutMs: 3_000 })
    const current = new ActionState(core).runners
    expect(await serveFolders(cleanupDeps, current, config)).toEqual({})
    // Two jobs served, then none took the third runner within runner-timeout.
    expect(post.log.join('\n')).toContain('within runner-timeout (3s); its folder served 2 of 3 jobs')
    const served = await mirrorFolders(cleanupDeps, current, config)
    expect(served?.failure).toMatch(
      /^The job 'test' that ran on gpu-sandbox-\S+-r2 ended 'failure', so this holding step fails too/,
    )
    expect(served?.waiting).toBe(0)
  })
})
