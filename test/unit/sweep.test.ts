/**
 * mode: sweep against the msw compute service and the msw GitHub API, with the
 * production client, the real Octokit (loaded as in production) and a fake
 * clock: msw sees the GitHub requests because they go through the same global fetch.
 */
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { ComputeClient } from '../../src/client/client.ts'
import { runMain } from '../../src/main.ts'
import type { SweepConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { jobEnvironmentFromEnv } from '../../src/inputs/job-environment.ts'
import { runSweep } from '../../src/modes/sweep.ts'
import { generateSandboxName, parseGeneratedName } from '../../src/inputs/default-name.ts'
import { describeGitHubFailure } from '../../src/github/failure.ts'
import { makeRunLookup, type RunLookup } from '../../src/sweep/github-runs.ts'
import { BASE, serveFakeService, TOKEN, type FakeService } from '../harness/fake-service.ts'
import { FakeGitHub, GITHUB_API, GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { FakeClock, recordingCore, type RecordingCore } from '../harness/fakes.ts'

const REPO_ID = '31337'
const fake = serveFakeService()
let service: FakeService
let github: FakeGitHub
beforeEach(() => {
  service = fake.service()
  github = new FakeGitHub()
  fake.server.use(...github.handlers())
})

const ENV = {
  GITHUB_REPOSITORY: 'octo/repo',
  GITHUB_REPOSITORY_ID: REPO_ID,
  GITHUB_API_URL: GITHUB_API,
  GITHUB_SERVER_URL: 'https://github.test',
  RUNNER_TEMP: '/nonexistent',
}

let counter = 0
function sandbox(name: string, status = 'running'): string {
  const id = `sbx-${(0xa000 + ++counter).toString(16).padStart(16, '0')}`
  service.sandboxes.push({ id, name, status })
  return id
}

async function sweep(
  inputs: Record<string, string> = {},
  clock = new FakeClock(),
  env: Record<string, string> = ENV,
): Promise<{ core: RecordingCore; error?: Error; clock: FakeClock }> {
  const core = recordingCore({
    'api-token': TOKEN,
    'base-url': BASE,
    mode: 'sweep',
    'github-token': GITHUB_TOKEN,
    ...inputs,
  })
  try {
    await runMain({
      core,
      clock,
      signal: new AbortController().signal,
      env,
      makeClient: () => new ComputeClient({ baseUrl: BASE, apiToken: TOKEN }),
    })
    return { core, clock }
  } catch (error) {
    return { core, error: error as Error, clock }
  }
}

/** runSweep with a run lookup of the test's own (a short request timeout). */
async function sweepWith(runLookup: RunLookup, clock: FakeClock): Promise<{ core: RecordingCore; error?: Error }> {
  const core = recordingCore({ 'api-token': TOKEN, 'base-url': BASE, mode: 'sweep', 'github-token': GITHUB_TOKEN })
  const config = parseInputs((name) => core.getInput(name), jobEnvironmentFromEnv(ENV)) as SweepConfig
  try {
    await runSweep(config, {
      core,
      clock,
      signal: new AbortController().signal,
      client: new ComputeClient({ baseUrl: BASE, apiToken: TOKEN }),
      runLookup,
    })
    return { core }
  } catch (error) {
    return { core, error: error as Error }
  }
}

const REPOSITORY = { owner: 'octo', repo: 'repo', id: REPO_ID, apiUrl: GITHUB_API, serverUrl: 'https://github.test' }

const stops = () => service.paths().filter((p) => p.startsWith('POST') && p.endsWith('/stop'))
const stopOf = (id: string) => `POST /sandboxes/${id}/stop`

describe('the default name', () => {
  it('carries the repository id, run id and attempt, and only such a name is read back', () => {
    const name = generateSandboxName({
      repositoryId: '31337',
      runId: '4242',
      runAttempt: '2',
      randomHex: () => '0a1b2c',
    })
    expect(name).toBe('gh-31337-4242-2-0a1b2c')
    expect(parseGeneratedName(name)).toEqual({ repositoryId: '31337', runId: '4242', runAttempt: 2 })
    for (const other of [
      'gh-4242-2-0a1b2c',
      'local-0a1b2c',
      'gh-31337-4242-2-0A1B2C',
      'gh-31337-4242-2-0a1b2c-x',
      'my-gh-31337-4242-2-0a1b2c',
      'gh-031337-4242-2-0a1b2c',
      undefined,
    ]) {
      expect(parseGeneratedName(other), String(other)).toBeUndefined()
    }
  })
})

describe('mode: sweep', () => {
  it('stops exactly the orphans of completed runs of this repository, over every page, asking GitHub once per run', async () => {
    service.pageSize = 3
    const completedA = sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    const completedB = sandbox(`gh-${REPO_ID}-100-1-bbbbbb`, 'provisioning')
    const inProgress = sandbox(`gh-${REPO_ID}-101-1-cccccc`)
    const unknownRun = sandbox(`gh-${REPO_ID}-102-1-dddddd`)
    const otherRepo = sandbox('gh-999-555-1-eeeeee')
    const userNamed = sandbox('nightly-gpu')
    sandbox(`gh-${REPO_ID}-103-1-ffffff`, 'stopped')
    const olderAttempt = sandbox(`gh-${REPO_ID}-104-1-abcdef`)
    const newerAttempt = sandbox(`gh-${REPO_ID}-105-3-abcdef`)
    const queued = sandbox(`gh-${REPO_ID}-106-1-abcdef`)
    github.runs.set(100, { status: 'completed', conclusion: 'failure' })
    github.runs.set(101, { status: 'in_progress' })
    github.runs.set(104, { status: 'in_progress', run_attempt: 2 })
    github.runs.set(105, { status: 'completed', run_attempt: 2 })
    github.runs.set(106, { status: 'queued' })

    const { core, error } = await sweep()

    expect(error).toBeUndefined()
    expect(core.failed).toEqual([])
    expect(stops()).toEqual([stopOf(completedA), stopOf(completedB), stopOf(olderAttempt)])
    expect(JSON.parse(core.outputs.stopped ?? '')).toEqual([completedA, completedB, olderAttempt])
    // 10 sandboxes, 3 a page: 4 list requests.
    expect(service.paths().filter((p) => p === 'GET /sandboxes' || p.startsWith('GET /sandboxes?'))).toEqual([
      'GET /sandboxes',
      'GET /sandboxes?page_token=3',
      'GET /sandboxes?page_token=6',
      'GET /sandboxes?page_token=9',
    ])
    // One question per run of this repository; none for another repository's, a stopped one or a chosen name.
    // One lookup per run, then one list of runner registrations named after the stopped sandboxes.
    expect(github.paths().sort()).toEqual([
      'GET /repos/octo/repo/actions/runners',
      ...[100, 101, 102, 104, 105, 106].map((id) => `GET /repos/octo/repo/actions/runs/${id}`),
    ])
    expect(new Set(github.requests.map((r) => r.token))).toEqual(new Set([GITHUB_TOKEN]))
    const log = core.log.join('\n')
    expect(log).toContain(`${inProgress} 'gh-${REPO_ID}-101-1-cccccc': keep (run is in_progress)`)
    expect(log).toContain(`${queued} 'gh-${REPO_ID}-106-1-abcdef': keep (run is queued)`)
    expect(log).toContain(`${unknownRun} 'gh-${REPO_ID}-102-1-dddddd': keep (GitHub does not know this run`)
    expect(log).toContain(`${otherRepo} 'gh-999-555-1-eeeeee': keep (another repository's (id 999))`)
    expect(log).toContain(`${userNamed} 'nightly-gpu': keep (not a name this action generates`)
    expect(log).toContain(
      `${newerAttempt} 'gh-${REPO_ID}-105-3-abcdef': keep (attempt 3 is newer than the run GitHub shows (attempt 2))`,
    )
    expect(log).toContain(
      `${olderAttempt} 'gh-${REPO_ID}-104-1-abcdef': stop (attempt 1 is over (the run is on attempt 2))`,
    )
    expect(log).toContain(`${completedA} 'gh-${REPO_ID}-100-1-aaaaaa': stop (run completed (failure))`)
    expect(log).toContain('10 sandboxes listed (1 not live): 3 stopped, 6 kept.')
    const summary = core.summaries.join('\n')
    expect(summary).toContain('### Sweep of octo/repo')
    expect(summary).toContain(
      `| ${completedA} | gh-${REPO_ID}-100-1-aaaaaa | [100 #1](https://github.test/octo/repo/actions/runs/100/attempts/1) | stopped | run completed (failure) |`,
    )
    expect(summary).toContain(`| ${userNamed} | nightly-gpu |  | kept |`)
    // Orphans come first in the table.
    expect(summary.indexOf(completedA)).toBeLessThan(summary.indexOf(userNamed))
    expect(
      service.sandboxes
        .filter((s) => s.status === 'stopped')
        .map((s) => s.id)
        .sort(),
    ).toEqual([completedA, completedB, olderAttempt, service.sandboxes[6]?.id].sort())
  })

  it('trickles the stops at most 10 a minute, and slows down after a 429', async () => {
    github.runs.set(200, { status: 'completed', conclusion: 'success' })
    const ids = Array.from({ length: 5 }, (_, i) => sandbox(`gh-${REPO_ID}-200-1-00000${i}`))
    const clock = new FakeClock()
    const stoppedAt: number[] = []
    let calls = 0
    fake.server.use(
      http.post(`${BASE}/sandboxes/:id/stop`, ({ params }) => {
        calls++
        if (calls === 2)
          return HttpResponse.json(
            { code: 429, error: 'rate_limit_exceeded', message: 'slow down' },
            { status: 429, headers: { 'retry-after': '20' } },
          )
        stoppedAt.push(clock.now())
        const s = service.sandboxes.find((x) => x.id === params.id)
        if (s) s.status = 'stopped'
        return new HttpResponse(null, { status: 202 })
      }),
    )
    const { core, error } = await sweep({}, clock)
    expect(error).toBeUndefined()
    expect(JSON.parse(core.outputs.stopped ?? '')).toEqual(ids)
    const gaps = stoppedAt.slice(1).map((t, i) => t - (stoppedAt[i] as number))
    // 6 s, then the 429: Retry-After (20 s) plus CI's head start, then 12 s apart from then on.
    expect(gaps[0]).toBeGreaterThanOrEqual(6_000 + 20_000)
    expect(gaps.slice(1)).toEqual([12_000, 12_000, 12_000])
    expect(core.log.join('\n')).toContain('The service answered 429: the sweep slows to one stop every 12s.')
    // Never faster than 10 in any minute.
    for (const [i, t] of stoppedAt.entries())
      expect(stoppedAt.filter((u) => u >= t && u < t + 60_000).length, `from stop ${i}`).toBeLessThanOrEqual(10)
  })

  it('deletes the offline runner registrations named after the orphans it stopped, and no other', async () => {
    github.runs.set(300, { status: 'completed' })
    github.runs.set(301, { status: 'in_progress' })
    const orphan = sandbox(`gh-${REPO_ID}-300-1-00000a`)
    const busyOrphan = sandbox(`gh-${REPO_ID}-300-1-00000b`)
    const alive = sandbox(`gh-${REPO_ID}-301-1-00000c`)
    const register = (name: string, status: 'offline' | 'online') => {
      const { runner } = (github.runners.answer(
        'POST',
        '/repos/octo/repo/actions/runners/generate-jitconfig',
        'octo/repo',
        { name, labels: ['l'], runner_group_id: 1 },
      )?.body ?? {}) as { runner: { id: number } }
      const fake = github.runners.byId.get(runner.id)
      if (fake) fake.status = status
      return runner.id
    }
    const gone = register(`gpu-sandbox-${orphan}`, 'offline')
    const online = register(`gpu-sandbox-${busyOrphan}`, 'online')
    const running = register(`gpu-sandbox-${alive}`, 'offline')
    const { core } = await sweep()
    expect(JSON.parse(core.outputs.stopped ?? '').sort()).toEqual([orphan, busyOrphan].sort())
    expect(github.runners.byId.get(gone)?.deleted).toBe(true)
    expect(github.runners.byId.get(online)?.deleted).toBe(false)
    expect(github.runners.byId.get(running)?.deleted).toBe(false)
    expect(core.log).toContain(
      `Deleted the offline runner registration gpu-sandbox-${orphan} (id ${gone}) of a stopped sandbox.`,
    )
  })

  it('a sweep token that may not manage runners only notes it', async () => {
    github.runs.set(300, { status: 'completed' })
    sandbox(`gh-${REPO_ID}-300-1-00000d`)
    github.runners.answer = (_method, path) =>
      path.endsWith('/actions/runners')
        ? { status: 403, body: { message: 'Resource not accessible by integration' } }
        : undefined
    const { core, error } = await sweep()
    expect(error).toBeUndefined()
    expect(core.log).toContain("Runner registrations were not looked for: 'github-token' may not manage runners (403).")
    expect(core.annotations.filter((a) => a.level !== 'notice')).toEqual([])
  })

  it('40 orphans take about 4 minutes of (fake) time, at one stop every 6 s', async () => {
    github.runs.set(300, { status: 'completed' })
    for (let i = 0; i < 40; i++) sandbox(`gh-${REPO_ID}-300-1-${i.toString(16).padStart(6, '0')}`)
    const clock = new FakeClock()
    const started = clock.now()
    const { core } = await sweep({}, clock)
    expect(JSON.parse(core.outputs.stopped ?? '')).toHaveLength(40)
    expect(clock.now() - started).toBe(39 * 6_000)
    expect(github.paths()).toEqual(['GET /repos/octo/repo/actions/runs/300', 'GET /repos/octo/repo/actions/runners'])
  })

  it.each([
    [401, {}],
    [403, {}],
  ])('a GitHub %i fails the step naming github-token and stops nothing', async (status) => {
    sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    github.runs.set(100, { status: 'completed' })
    github.script = [{ status, body: { message: 'Resource not accessible by integration' } }]
    const { core, error } = await sweep()
    expect(error?.message).toMatch(
      /^Input 'github-token': GitHub answered \d{3} to reading workflow runs of octo\/repo; nothing was stopped\. Give the job 'permissions: \{ actions: read \}'/,
    )
    expect(stops()).toEqual([])
    expect(core.outputs.stopped).toBeUndefined()
  })

  it('a wrong github-token is a 401 from GitHub: nothing is stopped, however many runs are over', async () => {
    sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    sandbox(`gh-${REPO_ID}-101-1-aaaaaa`)
    github.runs.set(100, { status: 'completed' })
    github.runs.set(101, { status: 'completed' })
    const { error } = await sweep({ 'github-token': 'ghs_wrongToken' })
    expect(error?.message).toContain("Input 'github-token': GitHub answered 401")
    expect(stops()).toEqual([])
  })

  it("a rate limit is a wait within the sweep's budget: waited out, then the orphan is stopped (issue 43)", async () => {
    const orphan = sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    github.runs.set(100, { status: 'completed' })
    const clock = new FakeClock()
    github.now = () => clock.now()
    github.rateLimit = { kind: 'secondary', until: clock.now() + 30_000 }
    const { core, error } = await sweep({}, clock)
    expect(error).toBeUndefined()
    expect(stops()).toEqual([stopOf(orphan)])
    expect(core.log.join('\n')).toMatch(
      /GitHub run 100: GitHub's secondary rate limit .* it lifts at .*; waiting \d+ s\./,
    )
    expect(clock.sleeps.some((ms) => ms >= 30_000)).toBe(true)
  })

  it('a rate limit that lifts later than the sweep can wait ends it before any stop, saying which and when', async () => {
    sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    github.runs.set(100, { status: 'completed' })
    const clock = new FakeClock()
    github.now = () => clock.now()
    github.rateLimit = { kind: 'primary', until: clock.now() + 3_600_000 }
    const { error } = await sweep({}, clock)
    expect(error?.message).toMatch(
      /GitHub's primary rate limit for this token \(its requests an hour\); it lifts at \d\d:\d\d:\d\d UTC for 'github-token', later than the sweep can wait; nothing was stopped/,
    )
    expect(stops()).toEqual([])
  })

  it('an exhausted rate limit GitHub gives no reset for is waited a minute, then ends the sweep if it holds', async () => {
    sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    github.runs.set(100, { status: 'completed' })
    const limited = {
      status: 403,
      body: { message: 'API rate limit exceeded' },
      headers: { 'x-ratelimit-remaining': '0' },
    }
    github.script = [limited, limited, limited]
    const { error } = await sweep()
    expect(error?.message).toContain("GitHub's primary rate limit for this token")
    expect(error?.message).toContain('nothing was stopped')
    expect(stops()).toEqual([])
  })

  it('a GitHub 502 is asked again; one that never answers keeps the sandbox for the next sweep, and the step passes', async () => {
    const retried = sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    const unanswered = sandbox(`gh-${REPO_ID}-101-1-aaaaaa`)
    github.runs.set(100, { status: 'completed' })
    github.runs.set(101, { status: 'completed' })
    const bad = { status: 502, body: { message: 'Bad gateway' } }
    // Run 100: one 502, then the answer. Run 101: 502 until the lookup's deadline.
    github.script = [bad]
    fake.server.use(
      http.get(`${GITHUB_API}/repos/octo/repo/actions/runs/101`, () =>
        HttpResponse.json({ message: 'Bad gateway' }, { status: 502 }),
      ),
    )
    const { core, error } = await sweep()
    expect(error).toBeUndefined()
    expect(stops()).toEqual([stopOf(retried)])
    expect(core.log.join('\n')).toContain(
      `${unanswered} 'gh-${REPO_ID}-101-1-aaaaaa': keep (GitHub could not say whether the run is over (GitHub answered 502); the next sweep asks again)`,
    )
  })

  it('when GitHub is down, all lookups together end within the budget, everything undecided is kept, and the step fails naming the cause', async () => {
    for (let run = 100; run < 110; run++) sandbox(`gh-${REPO_ID}-${run}-1-aaaaaa`)
    fake.server.use(
      http.get(`${GITHUB_API}/repos/octo/repo/actions/runs/:id`, () =>
        HttpResponse.json({ message: 'down' }, { status: 503 }),
      ),
    )
    const clock = new FakeClock()
    const started = clock.now()
    const { core, error } = await sweep({}, clock)
    expect(error).toBeUndefined()
    expect(stops()).toEqual([])
    // 2 minutes in all, not 30 s for each of the 10 runs.
    expect(clock.now() - started).toBeLessThanOrEqual(2 * 60_000 + 30_000)
    expect(core.log.join('\n')).toContain("GitHub did not answer the earlier runs within the sweep's 2-minute budget")
    expect(core.failed).toEqual([
      expect.stringMatching(
        /^GitHub could not be asked about any candidate \(10 of 10 candidates\): GitHub answered 503; GitHub did not answer/,
      ),
    ])
  })

  it('a lookup that times out says so, and a sweep that decided some passes with a warning that counts the rest', async () => {
    const orphan = sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    sandbox(`gh-${REPO_ID}-101-1-aaaaaa`)
    github.runs.set(100, { status: 'completed' })
    // Run 101 never answers: each request ends at the (injected, short) request timeout.
    fake.server.use(
      http.get(`${GITHUB_API}/repos/octo/repo/actions/runs/101`, () => new Promise<never>(() => undefined)),
    )
    const clock = new FakeClock()
    const core = recordingCore({})
    const lookup = makeRunLookup(REPOSITORY, GITHUB_TOKEN, { clock, log: (m) => core.info(m), requestTimeoutMs: 50 })
    const { core: swept, error } = await sweepWith(lookup, clock)
    expect(error).toBeUndefined()
    expect(stops()).toEqual([stopOf(orphan)])
    expect(swept.failed).toEqual([])
    expect(swept.log.join('\n')).toContain(
      'GitHub could not say whether the run is over (no answer: the request to GitHub timed out (TimeoutError))',
    )
    expect(swept.annotations).toEqual([
      {
        level: 'warning',
        message:
          '1 of 2 candidates kept undecided: no answer: the request to GitHub timed out (TimeoutError). The next sweep asks GitHub again.',
      },
    ])
  })
  it('an answer that is not the run asked for is not a reason to stop', async () => {
    sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    github.script = [{ status: 200, body: { id: 999, status: 'completed' } }]
    const { core } = await sweep()
    expect(stops()).toEqual([])
    expect(core.log.join('\n')).toContain('the answer is not this run')
  })

  it('dry-run lists and decides, stops nothing, and outputs what it would stop', async () => {
    const orphan = sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    sandbox(`gh-${REPO_ID}-101-1-aaaaaa`)
    github.runs.set(100, { status: 'completed' })
    github.runs.set(101, { status: 'in_progress' })
    const { core, error } = await sweep({ 'dry-run': 'true' })
    expect(error).toBeUndefined()
    expect(stops()).toEqual([])
    expect(JSON.parse(core.outputs.stopped ?? '')).toEqual([orphan])
    expect(core.log.join('\n')).toContain('2 sandboxes listed (0 not live): 1 would stop, 1 kept.')
    expect(core.summaries.join('\n')).toContain('(dry-run: nothing stopped)')
    expect(core.summaries.join('\n')).toContain('| would stop |')
  })

  it('a stop that fails is reported, the others go on, and the step fails at the end', async () => {
    const failing = sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    const ok = sandbox(`gh-${REPO_ID}-100-1-bbbbbb`)
    github.runs.set(100, { status: 'completed' })
    fake.server.use(
      http.post(`${BASE}/sandboxes/${failing}/stop`, () =>
        HttpResponse.json({ code: 500, error: 'internal', message: 'boom' }, { status: 500 }),
      ),
    )
    const { core, error } = await sweep()
    expect(error).toBeUndefined()
    expect(stops()).toContain(stopOf(ok))
    expect(JSON.parse(core.outputs.stopped ?? '')).toEqual([ok])
    expect(core.annotations.filter((a) => a.level === 'error').map((a) => a.message)).toEqual([
      expect.stringMatching(new RegExp(`^${failing}: stop failed: POST /sandboxes/${failing}/stop failed with 500`)),
    ])
    expect(core.failed).toEqual([
      '1 of 2 orphan stops failed; they stay running until stopped or their TTL ends. The next sweep tries again.',
    ])
    expect(core.summaries.join('\n')).toContain('| failed |')
  })

  it('a sandbox already gone or not live when stopped counts as such, not as stopped', async () => {
    const gone = sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    github.runs.set(100, { status: 'completed' })
    service.stopScript = [() => HttpResponse.json({ code: 404, error: 'not_found', message: 'no' }, { status: 404 })]
    const { core } = await sweep()
    expect(stops()).toEqual([stopOf(gone)])
    expect(JSON.parse(core.outputs.stopped ?? '')).toEqual([])
    expect(core.log.join('\n')).toContain(`${gone}: already gone.`)
  })

  it('hostile names and GitHub words reach the log as one line, and are escaped in the summary', async () => {
    sandbox('x\n::error::owned')
    service.sandboxes.push({ id: 'sbx-1\n::error::spoofed-id', name: 'odd', status: 'running' })
    sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    github.runs.set(100, { status: 'in_progress\n::warning::spoof | <b>x</b>' })
    const { core } = await sweep()
    for (const line of core.log) expect(line).not.toMatch(/\n/)
    expect(core.log.join('\n')).toMatch(
      /^sbx-1 :\u2060:error:\u2060:spoofed-id 'odd': keep \(its id is not a sandbox id\)$/m,
    )
    expect(core.log.join('\n')).not.toMatch(/^::(error|warning)::/m)
    const summary = core.summaries.join('\n')
    expect(summary).not.toContain('<b>')
    expect(summary).toContain('&lt;b&gt;')
  })

  it('nothing is sent when the environment is not a workflow run, or github-token is missing', async () => {
    sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    const noRepo = await sweep({}, new FakeClock(), { GITHUB_API_URL: GITHUB_API })
    expect(noRepo.error?.message).toContain(
      "Input 'mode': 'sweep' runs in a GitHub Actions workflow run: GITHUB_REPOSITORY (owner/repo) and GITHUB_REPOSITORY_ID must be set",
    )
    for (const token of ['', '${{ github.token }}']) {
      const noToken = await sweep({ 'github-token': token })
      expect(noToken.error?.message).toContain("Input 'github-token': is required in mode 'sweep'")
    }
    const badApi = await sweep({}, new FakeClock(), { ...ENV, GITHUB_API_URL: 'http://github.example.com' })
    expect(badApi.error?.message).toContain(
      "Input 'mode': 'sweep' needs GITHUB_API_URL and GITHUB_SERVER_URL to be https://",
    )
    expect(service.requests).toEqual([])
    expect(github.requests).toEqual([])
  })

  it('masks github-token before anything else', async () => {
    const { core } = await sweep({ 'dry-run': 'true' })
    expect(core.secrets).toContain(GITHUB_TOKEN)
    expect(core.secrets).toContain(TOKEN)
  })

  it('a refused API token on a stop ends the sweep at once', async () => {
    sandbox(`gh-${REPO_ID}-100-1-aaaaaa`)
    sandbox(`gh-${REPO_ID}-100-1-bbbbbb`)
    github.runs.set(100, { status: 'completed' })
    service.stopScript = [() => HttpResponse.json({ code: 401, error: 'unauthorized', message: 'no' }, { status: 401 })]
    const { error } = await sweep()
    expect(error?.message).toContain('401')
    expect(stops()).toHaveLength(1)
  })
})

describe('why a GitHub request failed', () => {
  const fetchFailed = (code: string) => {
    const error = Object.assign(new Error('request failed'), { status: 500 })
    error.cause = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error(`getaddrinfo ${code} api.github.test`), { code }),
    })
    return error
  }
  it.each([
    [fetchFailed('ENOTFOUND'), 'dns', "no answer: the DNS lookup of GitHub's API host failed (ENOTFOUND)", true],
    [fetchFailed('EAI_AGAIN'), 'dns', "no answer: the DNS lookup of GitHub's API host failed (EAI_AGAIN)", false],
    [
      fetchFailed('ECONNREFUSED'),
      'refused',
      "no answer: the connection to GitHub's API was refused (ECONNREFUSED)",
      true,
    ],
    [fetchFailed('ECONNRESET'), 'reset', 'no answer: the connection to GitHub was cut (ECONNRESET)', false],
    [
      fetchFailed('UND_ERR_CONNECT_TIMEOUT'),
      'timeout',
      'no answer: the request to GitHub timed out (UND_ERR_CONNECT_TIMEOUT)',
      false,
    ],
    [
      Object.assign(new Error('x'), { status: 500, cause: new DOMException('timed out', 'TimeoutError') }),
      'timeout',
      'no answer: the request to GitHub timed out (TimeoutError)',
      false,
    ],
    [
      Object.assign(new Error('Server Error'), { status: 500, response: { status: 500 } }),
      'status',
      'GitHub answered 500',
      false,
    ],
    [
      Object.assign(new Error('Bad Gateway'), { status: 502, response: { status: 502 } }),
      'status',
      'GitHub answered 502',
      false,
    ],
    [Object.assign(new Error('odd'), { status: 500 }), 'other', 'no answer from GitHub', false],
    // What @octokit/request 8 really throws: a 500 with no response and only the fetch error's message.
    [
      Object.assign(new Error('getaddrinfo ENOTFOUND api.github.test'), { status: 500 }),
      'dns',
      "no answer: the DNS lookup of GitHub's API host failed (ENOTFOUND)",
      true,
    ],
    [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { status: 500 }),
      'refused',
      "no answer: the connection to GitHub's API was refused (ECONNREFUSED)",
      true,
    ],
    [
      Object.assign(new Error('The operation was aborted due to timeout'), { status: 500 }),
      'timeout',
      'no answer: the request to GitHub timed out (TimeoutError)',
      false,
    ],
    [
      Object.assign(new Error('other side closed'), { status: 500 }),
      'reset',
      'no answer: the connection to GitHub was cut (UND_ERR_SOCKET)',
      false,
    ],
  ])('%s: %s', (error, kind, text, final) => {
    expect(describeGitHubFailure(error)).toMatchObject({ kind, text, final })
  })

  it('a cause chain that loops back ends', () => {
    const error: { status: number; cause?: unknown } = { status: 500 }
    error.cause = error
    expect(describeGitHubFailure(error).kind).toBe('other')
  })
})
