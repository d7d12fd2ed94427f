/**
 * What users tripped over (issue 20), each run through the committed bundles
 * against the emulator (and a fake GitHub on loopback for the sweep): a policy
 * that silently opened, inputs of another mode ignored in silence, a sweep
 * that stayed green while blind, three slow paths after odd answers, and
 * messages that said the wrong thing.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { GENERATIONS } from '../../emulator/generation.ts'
import { commands, runAction, runStep } from '../../scripts/lib/action-runner.ts'
import { emulatorFixture } from '../harness/emulator-fixture.ts'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'

const fixture = emulatorFixture({ provisioningMs: 200, stopMs: 50 })
const inputs = fixture.inputs
const REPO = '31337'

const startsAndStops = () =>
  (fixture.emulator?.requests ?? []).filter(
    (r) => r.method === 'POST' && (r.path === '/sandboxes/start' || r.path.endsWith('/stop')),
  )

describe('inputs that meant something else', () => {
  it('network-policy without internet-access is an input error naming it, and sends nothing', async () => {
    const service = await fixture.start()
    const main = await runStep('main', {
      inputs: inputs({ mode: 'network-policy', 'sandbox-id': 'sbx-00000000000000aa' }),
    })
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error')[0]).toMatch(
      /^Input 'internet-access': is required in mode 'network-policy': closed, open or restricted/,
    )
    expect(service.requests).toEqual([])
  })

  it('start with an empty internet-access still sends open', async () => {
    const service = await fixture.start()
    const run = await runAction({ inputs: inputs() })
    expect(run.main.exitCode).toBe(0)
    const [start] = service.requestsTo('POST', '/sandboxes/start')
    expect((start?.body as { network_policy: unknown }).network_policy).toEqual({ internet_access: 'open' })
  })

  it.each([
    ['start, internet-access empty', {}, "empty, which means 'open'"],
    ['start, closed', { 'internet-access': 'closed' }, "'closed'"],
    [
      'network-policy, open',
      { mode: 'network-policy', 'sandbox-id': 'sbx-00000000000000aa', 'internet-access': 'open' },
      "'open'",
    ],
  ])('%s: an allowlist is an input error naming both inputs, and sends nothing', async (_title, extra, shown) => {
    const service = await fixture.start()
    const main = await runStep('main', { inputs: inputs({ ...extra, 'domain-allowlist': 'pypi.org' }) })
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error')[0]).toBe(
      `Input 'domain-allowlist': is only used with 'internet-access: restricted', but 'internet-access' is ${shown}; set internet-access: restricted, or remove domain-allowlist`,
    )
    expect(service.requests).toEqual([])
  })

  it('an input of another mode is one warning naming input and mode, and the step still does its work', async () => {
    const service = await fixture.start()
    const theirs = service.seed('kept-box')
    const main = await runStep('main', {
      inputs: inputs({ mode: 'stop', 'sandbox-id': theirs.id, 'gpu-type': 'H100', cpu: '8', 'keep-alive': 'true' }),
    })
    expect(main.exitCode).toBe(0)
    expect(commands(main, 'warning')).toEqual([
      "Input 'cpu' is not used in mode 'stop'; it is ignored (it is read in mode 'start', 'pool').",
      "Input 'gpu-type' is not used in mode 'stop'; it is ignored (it is read in mode 'start', 'pool').",
      "Input 'keep-alive' is not used in mode 'stop'; it is ignored (it is read in mode 'start', 'instance').",
    ])
    expect(service.stopRequestsFor(theirs.id)).toHaveLength(1)
  })

  it('the defaults the runner fills in, and github-token, are never warned about', async () => {
    await fixture.start()
    const run = await runAction({ inputs: inputs({ 'github-token': 'ghs_notUsedHere0123456789' }) })
    expect(run.main.exitCode).toBe(0)
    expect(commands(run.main, 'warning')).toEqual([])
  })
})

describe('a sweep that cannot reach GitHub', () => {
  let closeGitHub: (() => void) | undefined
  afterEach(() => {
    closeGitHub?.()
    closeGitHub = undefined
  })

  /** A port nothing listens on (bound, then released). */
  async function closedPort(): Promise<number> {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    await new Promise<void>((resolve) => server.close(() => resolve()))
    return port
  }

  const sweep = (apiUrl: string) =>
    runStep('main', {
      inputs: inputs({ mode: 'sweep', 'github-token': GITHUB_TOKEN }),
      env: { GITHUB_API_URL: apiUrl },
    })

  it.each([
    [
      'a refused connection',
      async () => `http://127.0.0.1:${await closedPort()}`,
      "no answer: the connection to GitHub's API was refused (ECONNREFUSED)",
    ],
    [
      'a name that does not resolve',
      async () => 'https://github-api.invalid',
      "no answer: the DNS lookup of GitHub's API host failed (ENOTFOUND)",
    ],
  ])(
    '%s: every keep reason names the cause, and a sweep that decided nothing fails naming it',
    async (_title, apiUrl, cause) => {
      const service = await fixture.start()
      service.seed(`gh-${REPO}-100-1-aaaaaa`)
      service.seed(`gh-${REPO}-101-1-bbbbbb`)
      const main = await sweep(await apiUrl())
      expect(main.exitCode).toBe(1)
      expect(main.stdout).toContain(
        `keep (GitHub could not say whether the run is over (${cause}); the next sweep asks again)`,
      )
      expect(main.stdout).not.toContain('GitHub answered 500')
      expect(commands(main, 'error').at(-1)).toBe(
        `GitHub could not be asked about any candidate (2 of 2 candidates): ${cause}. Nothing was decided, so nothing was stopped. ` +
          'Check that the runner reaches GITHUB_API_URL (proxy, DNS, firewall); the next sweep asks again.',
      )
      expect(service.requestsTo('POST', '/sandboxes/:id/stop')).toEqual([])
    },
  )

  it('a sweep that decided some and could not reach GitHub for the others passes with a warning that counts them', async () => {
    const service = await fixture.start()
    const ids = [service.seed(`gh-${REPO}-100-1-aaaaaa`).id, service.seed(`gh-${REPO}-101-1-bbbbbb`).id]
    // GitHub answers the first lookup (its run completed), then goes away: the next connection is refused.
    const github = createServer((req, res) => {
      const id = Number(/\/runs\/(\d+)$/.exec(req.url ?? '')?.[1])
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id, status: 'completed', conclusion: 'success', run_attempt: 1 }), () => {
        github.close()
        github.closeAllConnections()
      })
    })
    await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve))
    closeGitHub = () => github.close()
    const main = await sweep(`http://127.0.0.1:${(github.address() as AddressInfo).port}`)
    expect(main.exitCode).toBe(0)
    expect(commands(main, 'warning')).toEqual([
      "1 of 2 candidates kept undecided: no answer: the connection to GitHub's API was refused (ECONNREFUSED). The next sweep asks GitHub again.",
    ])
    const stopped = JSON.parse(main.outputs.stopped ?? '[]') as string[]
    expect(stopped).toHaveLength(1)
    expect(ids).toContain(stopped[0])
  })
})

describe.each(GENERATIONS)('slow paths after odd answers (generation %s)', (generation) => {
  it('a sandbox the main step saw and that is then gone: the post step sends one stop and passes', async () => {
    const service = await fixture.start({ generation, forgetEndedMs: 0 })
    const main = await runStep('main', { inputs: inputs() })
    expect(main.exitCode).toBe(0)
    const id = main.outputs['sandbox-id'] ?? ''
    expect(main.state['sandbox-seen']).toBe('true')
    // Its TTL (or a stop from another job) ends it between the steps; the service then answers 404.
    service.endElsewhere(id)
    service.finishStops()
    const post = await runStep('post', { inputs: inputs(), state: main.state })
    expect(post.exitCode).toBe(0)
    expect(post.stdout).toContain(`Sandbox ${id} is already gone (404): nothing to stop.`)
    expect(service.stopRequestsFor(id)).toHaveLength(1)
  })

  it('a sandbox that ends while the step waits for it: the wait ends at once, saying it is gone', async () => {
    // Provisioning takes 30 s; the TTL (3 s) ends it first, and the service then forgets it. The step has
    // seen it by then: a record (polling), or a blocking-wait window that ended (1.25 s windows here).
    const service = await fixture.start({ generation, forgetEndedMs: 0, provisioningMs: 30_000, waitSecondMs: 50 })
    const run = await runAction({ inputs: inputs({ 'max-ttl': '3', timeout: '40s' }) })
    expect(run.main.exitCode).toBe(1)
    const id = run.main.outputs['sandbox-id'] ?? ''
    // Whichever the service shows first: the ended record, or the 404 once it has forgotten it.
    expect(commands(run.main, 'error').at(-1)).toMatch(
      new RegExp(
        `^Sandbox ${id} is (gone \\(404\\) after the service had shown it( as '[a-z]+')?|'(stopped|finished)'): it ended \\(its TTL, or a stop from elsewhere\\) before it was ready`,
      ),
    )
    expect(run.main.durationMs).toBeLessThan(20_000)
    expect(run.post.exitCode).toBe(0)
    expect(service.stopRequestsFor(id)).toHaveLength(1)
  })
})

describe('replace-existing waits with reads, not with start requests', () => {
  it('a holder that drains for 4 s: one stop and one start, the start within a poll interval of its end', async () => {
    // v1.0: a stopped sandbox is `stopping`, and keeps its name, until it has ended.
    const service = await fixture.start({ generation: 'v1', stopMs: 4_000 })
    const holder = service.seed('pr-9')
    const run = await runAction({ inputs: inputs({ name: 'pr-9', 'replace-existing': 'true', timeout: '1m' }) })
    expect(run.main.exitCode).toBe(0)
    const mine = run.main.outputs['sandbox-id'] ?? ''
    // The main step's start/stop requests: the holder's stop and one start (the post step's stop comes after).
    const mainRequests = startsAndStops().filter((r) => r.path !== `/sandboxes/${mine}/stop`)
    expect(mainRequests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /sandboxes/${holder.id}/stop`,
      'POST /sandboxes/start',
    ])
    const holderEnded = service.statusTimes.get(holder.id)?.stopped ?? 0
    const start = mainRequests[1]?.at ?? 0
    expect(start).toBeGreaterThanOrEqual(holderEnded)
    // No wait past the need: the first read of the holder after it ended is the last before the start.
    const readsAfter = service
      .requestsTo('GET', `/sandboxes/${holder.id}`)
      .filter((r) => r.at >= holderEnded && r.at <= start)
    expect(readsAfter).toHaveLength(1)
    expect(run.main.stdout).toContain(`Waiting for ${holder.id} to give up the name 'pr-9'`)
    expect(run.post.exitCode).toBe(0)
  })
})

describe('poll retries after errors', () => {
  it('back off to at most 5 s, so an outage of the reads costs seconds of lag, not half a minute', async () => {
    const service = await fixture.start({ generation: 'v1', provisioningMs: 500 })
    // Five polls in a row fail: the old backoff waited 8-16 s after the fifth.
    service.addFault({ route: 'GET /sandboxes/:id', attempts: [1, 2, 3, 4, 5], fault: 503 })
    const run = await runAction({ inputs: inputs() })
    expect(run.main.exitCode).toBe(0)
    const polls = service.requestsTo('GET', '/sandboxes/:id').map((r) => r.at)
    expect(polls.length).toBeGreaterThanOrEqual(6)
    const gaps = polls.slice(1, 6).map((at, i) => at - (polls[i] ?? at))
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(5_500)
  })
})

describe('messages that say what happened', () => {
  it('ssh: true against a service without certificates: SSH was refused, nothing was started, and the post step says so', async () => {
    const service = await fixture.start({ generation: 'v1' })
    const run = await runAction({ inputs: inputs({ ssh: 'true' }) })
    expect(run.main.exitCode).toBe(1)
    expect(run.main.stdout).toContain('No sandbox was created: SSH access was refused, so no start request was sent.')
    expect(run.main.stdout).not.toContain('every start attempt was refused')
    expect(run.post.stdout).toContain(
      'Nothing to clean up: the main step created no sandbox (SSH access was refused, so no start request was sent).',
    )
    expect(run.post.stdout).not.toContain('refused every start request')
    expect(service.requestsTo('POST', '/sandboxes/start')).toEqual([])
  })

  it('capacity fallback: no "next GPU type" after the last one, and the final error says the list was exhausted and for how long', async () => {
    const service = await fixture.start({ capacity: { H100: 0, A100: 0, A6000: 4 } })
    const run = await runAction({ inputs: inputs({ 'gpu-type': 'H100, A100', 'capacity-timeout': '6s' }) })
    expect(run.main.exitCode).toBe(1)
    expect(run.main.stdout).toContain('No H100 x1 capacity free; trying the next GPU type, A100.')
    expect(run.main.stdout).toMatch(/^No A100 x1 capacity free\.$/m)
    expect(run.main.stdout).not.toMatch(/No A100 x1 capacity free; trying the next GPU type/)
    const error = commands(run.main, 'error').at(-1) ?? ''
    expect(error).toMatch(
      /^No capacity: every GPU type listed in 'gpu-type' \(H100, A100\) answered sandbox_capacity_unavailable for \d+s \(\d+ rounds? through the list, \d+ start attempts; capacity-timeout 6s\)\. No start was accepted\. Raise 'capacity-timeout', or add another type to 'gpu-type'\.$/,
    )
    expect(error).not.toContain("List fallback types in 'gpu-type'")
    expect(service.liveSandboxes()).toEqual([])
  })

  it('after timeout, sandbox and network-policy come from the last record seen', async () => {
    // The service shows allowlisted domains in their wildcard form: the record's policy is not the one asked for.
    await fixture.start({
      generation: 'v1',
      provisioningMs: 60_000,
      acceptedPolicyFilter: (policy) => ({
        ...policy,
        domain_allowlist: (policy.domain_allowlist ?? []).map((d) => `*.${d}`),
      }),
    })
    const run = await runAction({
      inputs: inputs({ timeout: '3s', 'internet-access': 'restricted', 'domain-allowlist': 'pypi.org' }),
    })
    expect(run.main.exitCode).toBe(1)
    const record = JSON.parse(run.main.outputs.sandbox ?? '{}') as {
      id?: string
      status?: string
      network_policy?: unknown
    }
    expect(record.id).toBe(run.main.outputs['sandbox-id'])
    expect(record.status).toBe('provisioning')
    expect(JSON.parse(run.main.outputs['network-policy'] ?? '{}')).toMatchObject({
      internet_access: 'restricted',
      domain_allowlist: ['*.pypi.org'],
    })
    expect(run.post.exitCode).toBe(0)
  })
})
