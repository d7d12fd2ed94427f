/**
 * The fault suite for mode: sweep: the bundled main step against the emulator
 * (pages of two) and the fake GitHub API on loopback, with every fault kind on
 * the list and the stop, and GitHub failing in each way it can. After every
 * run: no stop was sent to anything but the orphan, the orphan is stopped
 * unless GitHub could not say (then kept) or refused the token (then nothing
 * was stopped and the step failed), and no token is visible.
 */
import { Emulator, type FaultRule } from '../../emulator/emulator.ts'
import type { Generation } from '../../emulator/generation.ts'
import { runStep, visibleText } from '../lib/action-runner.ts'
import { FakeGitHub, GITHUB_TOKEN, type GitHubAnswer } from '../lib/fake-github.ts'
import { FAULT_KINDS } from './suite.ts'

export interface SweepScenario {
  label: string
  generation: Generation
  faults: FaultRule[]
  /** GitHub's answers to the orphan's run, call by call, before the table answers. */
  github: GitHubAnswer[]
  /** What must become of the orphan. */
  expect: 'stopped' | 'kept' | 'fails-before-stopping'
}

export interface SweepOutcome {
  scenario: SweepScenario
  /** Stops sent to a sandbox that is not an orphan. */
  wrongStops: number
  faultsApplied: number
  problems: string[]
}

const REPO = '31337'

export function sweepMatrix(generation: Generation): SweepScenario[] {
  const scenarios: SweepScenario[] = []
  for (const route of ['GET /sandboxes', 'POST /sandboxes/:id/stop']) {
    for (const fault of FAULT_KINDS) {
      scenarios.push({
        label: `${generation} sweep: ${fault} on ${route}`,
        generation,
        faults: [{ route, attempts: [1], fault }],
        github: [],
        expect: 'stopped',
      })
    }
  }
  const answer = (status: number, headers?: Record<string, string>): GitHubAnswer => ({
    status,
    body: { message: `GitHub ${status}` },
    headers,
  })
  scenarios.push(
    { label: `${generation} sweep: GitHub 502 once`, generation, faults: [], github: [answer(502)], expect: 'stopped' },
    {
      label: `${generation} sweep: GitHub 500 three times`,
      generation,
      faults: [],
      github: [answer(500), answer(500), answer(500)],
      expect: 'stopped',
    },
    {
      label: `${generation} sweep: GitHub 401`,
      generation,
      faults: [],
      github: [answer(401)],
      expect: 'fails-before-stopping',
    },
    {
      label: `${generation} sweep: GitHub 403`,
      generation,
      faults: [],
      github: [answer(403)],
      expect: 'fails-before-stopping',
    },
    {
      // GitHub's primary limit, lifting in an hour: later than the sweep can wait (issue 43).
      label: `${generation} sweep: GitHub rate limit`,
      generation,
      faults: [],
      github: [
        answer(403, {
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
        }),
      ],
      expect: 'fails-before-stopping',
    },
    {
      // A secondary limit for a second: waited out, then the orphan is stopped.
      label: `${generation} sweep: GitHub secondary rate limit`,
      generation,
      faults: [],
      github: [answer(403, { 'retry-after': '1' })],
      expect: 'stopped',
    },
    {
      label: `${generation} sweep: GitHub answers another run`,
      generation,
      faults: [],
      github: [{ status: 200, body: { id: 1, status: 'completed' } }],
      expect: 'kept',
    },
  )
  return scenarios
}

export async function runSweepScenario(scenario: SweepScenario): Promise<SweepOutcome> {
  const emulator = new Emulator({ stopMs: 50, pageSize: 2, generation: scenario.generation, faults: scenario.faults })
  const baseUrl = await emulator.start()
  const github = new FakeGitHub()
  const served = await github.serve()
  const problems: string[] = []
  try {
    const orphan = emulator.seed(`gh-${REPO}-100-1-aaaaaa`).id
    const others = [
      emulator.seed(`gh-${REPO}-101-1-bbbbbb`).id,
      emulator.seed(`gh-${REPO}-102-1-cccccc`).id,
      emulator.seed('gh-999-100-1-dddddd').id,
      emulator.seed('pr-7').id,
    ]
    github.runs.set(100, { status: 'completed', conclusion: 'success' })
    github.runs.set(101, { status: 'in_progress' })
    github.runScripts.set(100, [...scenario.github])
    const inputs = { 'api-token': emulator.token, 'base-url': baseUrl, mode: 'sweep', 'github-token': GITHUB_TOKEN }
    const main = await runStep('main', {
      inputs,
      env: { GITHUB_API_URL: served.url, GPU_SANDBOX_REQUEST_TIMEOUT: '2s' },
      timeoutMs: 240_000,
    })
    const live = (await emulator.settle(3_000)).map((s) => s.id)
    const wrongStops = others.reduce((sum, id) => sum + emulator.stopRequestsFor(id).length, 0)
    if (wrongStops > 0) problems.push(`sent ${wrongStops} stops to sandboxes that are not orphans`)
    for (const id of others) if (!live.includes(id)) problems.push(`${id} is no longer live`)
    const orphanStops = emulator.stopRequestsFor(orphan).length
    const errors = main.stdout.split('\n').filter((l) => l.startsWith('::error'))
    const sweepFailed = main.exitCode !== 0 ? [`the sweep failed: ${errors.join(' ')}`] : []
    if (scenario.expect === 'stopped') {
      if (live.includes(orphan)) problems.push('the orphan is still live')
      problems.push(...sweepFailed)
    } else if (scenario.expect === 'kept') {
      if (orphanStops > 0) problems.push('the orphan was stopped although GitHub never said its run was over')
      problems.push(...sweepFailed)
    } else {
      if (orphanStops > 0) problems.push('a stop was sent after GitHub refused the token')
      if (main.exitCode === 0) problems.push('the sweep passed although GitHub refused the token')
    }
    const visible = visibleText(main)
    if (visible.includes(emulator.token)) problems.push('the API token is visible')
    if (visible.includes(GITHUB_TOKEN)) problems.push('the GitHub token is visible')
    return { scenario, wrongStops, faultsApplied: emulator.faultsApplied, problems }
  } finally {
    await served.close()
    await emulator.close()
  }
}

export async function runSweepSuite(scenarios: SweepScenario[], concurrency: number): Promise<SweepOutcome[]> {
  const outcomes: SweepOutcome[] = []
  let next = 0
  const worker = async () => {
    while (next < scenarios.length) outcomes.push(await runSweepScenario(scenarios[next++] as SweepScenario))
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return outcomes
}
