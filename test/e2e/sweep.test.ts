/**
 * mode: sweep end to end: the bundle against the emulator (3 pages of
 * sandboxes) and a fake GitHub REST API on loopback, reached through
 * GITHUB_API_URL as on GitHub Enterprise Server. The pacing test runs the same
 * code in process with a fake clock the emulator's rate limit shares, so
 * minutes of trickle take milliseconds.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ComputeClient } from '../../src/client/client.ts'
import { runMain } from '../../src/main.ts'
import type { Emulator } from '../../emulator/emulator.ts'
import { GENERATIONS } from '../../emulator/generation.ts'
import { commands, runStep, visibleText } from '../../scripts/lib/action-runner.ts'
import { emulatorFixture } from '../harness/emulator-fixture.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

/** The harness runs steps as repository 31337, octo/repo. */
const REPO = '31337'
const fixture = emulatorFixture({ pageSize: 2, stopMs: 50 })
let github: FakeGitHub
let closeGitHub: (() => Promise<void>) | undefined
afterEach(async () => {
  await closeGitHub?.()
  closeGitHub = undefined
})

async function startGitHub(): Promise<string> {
  github = new FakeGitHub()
  const served = await github.serve()
  closeGitHub = served.close
  return served.url
}

/** Seven live sandboxes and an ended one: four pages of two. */
function seedOrganization(service: Emulator) {
  const seeded = {
    completed: service.seed(`gh-${REPO}-100-1-aaaaaa`).id,
    olderAttempt: service.seed(`gh-${REPO}-104-1-bbbbbb`).id,
    inProgress: service.seed(`gh-${REPO}-101-1-cccccc`).id,
    unknownRun: service.seed(`gh-${REPO}-102-1-dddddd`).id,
    otherRepository: service.seed('gh-999-100-1-eeeeee').id,
    userNamed: service.seed('my-gpu-box').id,
    ended: service.seed(`gh-${REPO}-103-1-ffffff`, 'stopped').id,
  }
  github.runs.set(100, { status: 'completed', conclusion: 'success' })
  github.runs.set(101, { status: 'in_progress' })
  github.runs.set(104, { status: 'in_progress', run_attempt: 2 })
  return seeded
}

const stopped = (service: Emulator) =>
  service.requestsTo('POST', '/sandboxes/:id/stop').map((r) => r.path.split('/')[2])

describe('the sweep sub-action (issue 56)', () => {
  it('sweeps with api-token and github-token alone: the mode comes from its action.yml', async () => {
    const service = await fixture.start()
    const apiUrl = await startGitHub()
    const ids = seedOrganization(service)
    const given = fixture.inputs({ 'github-token': GITHUB_TOKEN })
    expect(given).not.toHaveProperty('mode')
    const main = await runStep('main', { action: 'sweep', inputs: given, env: { GITHUB_API_URL: apiUrl } })
    expect(main.exitCode, main.stdout).toBe(0)
    expect(JSON.parse(main.outputs.stopped ?? '').sort()).toEqual([ids.completed, ids.olderAttempt].sort())
  }, 60_000)
})

describe.each(GENERATIONS)('generation %s', (generation) => {
  it('stops exactly the orphans of completed runs, a trickle apart, and says why it keeps the rest', async () => {
    const service = await fixture.start({ generation })
    const apiUrl = await startGitHub()
    const ids = seedOrganization(service)
    const main = await runStep('main', {
      inputs: fixture.inputs({ mode: 'sweep', 'github-token': GITHUB_TOKEN }),
      env: { GITHUB_API_URL: apiUrl },
    })

    expect(main.exitCode).toBe(0)
    expect(JSON.parse(main.outputs.stopped ?? '').sort()).toEqual([ids.completed, ids.olderAttempt].sort())
    expect(stopped(service).sort()).toEqual([ids.completed, ids.olderAttempt].sort())
    const [first, second] = service.requestsTo('POST', '/sandboxes/:id/stop').map((r) => r.at)
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(6_000)
    // Every page, and each run asked once.
    expect(service.requestsTo('GET', '/sandboxes').length).toBe(4)
    expect(github.paths().sort()).toEqual([
      'GET /repos/octo/repo/actions/runners',
      'GET /repos/octo/repo/actions/runs/100',
      'GET /repos/octo/repo/actions/runs/101',
      'GET /repos/octo/repo/actions/runs/102',
      'GET /repos/octo/repo/actions/runs/104',
    ])
    expect(main.stdout).toContain(`${ids.inProgress} 'gh-${REPO}-101-1-cccccc': keep (run is in_progress)`)
    expect(main.stdout).toContain(`${ids.unknownRun} 'gh-${REPO}-102-1-dddddd': keep (GitHub does not know this run`)
    expect(main.stdout).toContain(`${ids.otherRepository} 'gh-999-100-1-eeeeee': keep (another repository's (id 999))`)
    expect(main.stdout).toContain(`${ids.userNamed} 'my-gpu-box': keep (not a name this action generates`)
    expect(main.summary).toContain(
      `[100 #1](https://github.com/octo/repo/actions/runs/100/attempts/1) | stopped | run completed (success) |`,
    )
    expect((await service.settle()).map((s) => s.id).sort()).toEqual(
      [ids.inProgress, ids.unknownRun, ids.otherRepository, ids.userNamed].sort(),
    )
    expect(visibleText(main)).not.toContain(GITHUB_TOKEN)
    expect(visibleText(main)).not.toContain(service.token)
    expect(new Set(github.requests.map((r) => r.token))).toEqual(new Set([GITHUB_TOKEN]))

    const post = await runStep('post', {
      inputs: fixture.inputs({ mode: 'sweep', 'github-token': GITHUB_TOKEN }),
      state: main.state,
    })
    expect(post.exitCode).toBe(0)
    expect(post.stdout).toContain("Nothing to clean up: mode 'sweep' starts nothing.")
  })
})

describe('mode: sweep through the bundle', () => {
  it('dry-run decides and stops nothing; stopped lists what it would stop', async () => {
    const service = await fixture.start()
    const apiUrl = await startGitHub()
    const ids = seedOrganization(service)
    const main = await runStep('main', {
      inputs: fixture.inputs({ mode: 'sweep', 'github-token': GITHUB_TOKEN, 'dry-run': 'true' }),
      env: { GITHUB_API_URL: apiUrl },
    })
    expect(main.exitCode).toBe(0)
    expect(JSON.parse(main.outputs.stopped ?? '').sort()).toEqual([ids.completed, ids.olderAttempt].sort())
    expect(stopped(service)).toEqual([])
    expect(main.summary).toContain('dry-run: nothing stopped')
  })

  it('a 401 from GitHub fails the step naming github-token, and nothing is stopped', async () => {
    const service = await fixture.start()
    const apiUrl = await startGitHub()
    seedOrganization(service)
    const main = await runStep('main', {
      inputs: fixture.inputs({ mode: 'sweep', 'github-token': 'ghs_notTheRightOne' }),
      env: { GITHUB_API_URL: apiUrl },
    })
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error').join('\n')).toContain(
      "Input 'github-token': GitHub answered 401 to reading workflow runs of octo/repo; nothing was stopped. Give the job 'permissions: { actions: read }'",
    )
    expect(stopped(service)).toEqual([])
    expect(visibleText(main)).not.toContain('ghs_notTheRightOne')
  })
})

describe('pacing, with a clock the emulator shares', () => {
  it('trickles 6 orphans through a 2-a-minute rate limit: every one stopped, each 429 obeyed, the gap widened', async () => {
    const clock = new FakeClock()
    const service = await fixture.start({ rateClock: () => clock.now(), startStopLimit: 2 })
    const apiUrl = await startGitHub()
    github.runs.set(100, { status: 'completed' })
    const orphans = Array.from({ length: 6 }, (_, i) => service.seed(`gh-${REPO}-100-1-00000${i}`).id)
    const core = recordingCore({ ...fixture.inputs({ mode: 'sweep', 'github-token': GITHUB_TOKEN }) })
    const env = { GITHUB_REPOSITORY: 'octo/repo', GITHUB_REPOSITORY_ID: REPO, GITHUB_API_URL: apiUrl }
    const started = clock.now()
    await runMain({
      core,
      clock,
      signal: new AbortController().signal,
      env,
      makeClient: (c) => new ComputeClient({ baseUrl: c.baseUrl, apiToken: c.apiToken }),
    })

    expect(core.failed).toEqual([])
    expect(JSON.parse(core.outputs.stopped ?? '').sort()).toEqual(orphans.sort())
    const answers = service.requestsTo('POST', '/sandboxes/:id/stop').map((r) => r.status)
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0)
    expect(answers.filter((s) => s === 202 || s === 200)).toHaveLength(6)
    expect(core.log.join('\n')).toContain('The service answered 429: the sweep slows to one stop every 12s.')
    // 2 a minute at most: 6 stops need at least two more windows.
    expect(clock.now() - started).toBeGreaterThanOrEqual(120_000)
    expect(await service.settle()).toEqual([])
  })
})
