/**
 * A fake of the GitHub REST API: the route the sweep reads,
 * GET /repos/{owner}/{repo}/actions/runs/{run_id}, and the runner routes of
 * fake-runners.ts (JIT registrations, runners by id, the runner release and
 * package). Served through msw for unit tests and as a real HTTP server on
 * loopback (GITHUB_API_URL, and GITHUB_SERVER_URL for the package) for the
 * bundle tests. Both answer from the same tables.
 */
import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { http, HttpResponse } from 'msw'
import { FakeRunners } from './fake-runners.ts'
import { answerLongPoll } from './fake-runner-package.ts'
import { FakePulls } from './fake-pulls.ts'
import { documentedExample, type Exchange, type GitHubAnswer } from './github-openapi.ts'
import type { GitHubLimits } from './fake-github-limits.ts'
import { rateLimitAnswer, type RateLimitRule } from './fake-rate-limits.ts'
import type { components } from '@octokit/openapi-types'

export const GITHUB_API = 'https://api.github.test'
export const GITHUB_TOKEN = 'ghs_unitTestToken0123456789'

export interface FakeRun {
  status?: string
  conclusion?: string | null
  run_attempt?: number
  created_at?: string
}

export type { GitHubAnswer }

export class FakeGitHub {
  /** Runs of `repository`, by id; any other id is a 404. */
  runs = new Map<number, FakeRun>()
  repository = 'octo/repo'
  token = GITHUB_TOKEN
  /** Answers that replace the table, call by call (e.g. a 401, a 502, a rate limit). */
  script: (GitHubAnswer | undefined)[] = []
  /** Answers for one run's lookups only, call by call, before `script` and the table. */
  runScripts = new Map<number, GitHubAnswer[]>()
  /** Every request: method, path and the token it carried; `notModified`: answered 304, which GitHub does not count. */
  requests: {
    method: string
    path: string
    token: string | undefined
    at: number
    notModified?: true
    /** The query, where there was one (a page of a list). */
    query?: string
  }[] = []
  /**
   * The token's hour as every answer's x-ratelimit-* headers tell it (issue 46): GITHUB_TOKEN's 1,000 for the
   * repository, an App's 5,000; each request counts but a 304. With `limits`, the hour is theirs.
   */
  budget = { limit: 5_000, used: 0, resetsAt: Date.now() + 3_600_000 }
  /** Just-in-time runners, the runner release and its package (issue 24). */
  readonly runners = new FakeRunners()
  /** Pull requests, their labels and events, permissions (the approval gate, issue 31). */
  readonly pulls = new FakePulls()
  /** Paths this token may not read or write (a 403, as GitHub answers a token without the permission). */
  forbidden: RegExp[] = []
  /** A rate limit in force (issue 43): every request to a matching path meets it until `until` (by `now()`). */
  rateLimit: RateLimitRule | undefined
  /** The fake's clock, for rate limits (a test with a fake clock sets it). */
  now: () => number = () => Date.now()
  /** How many rate-limit answers were given. */
  rateLimited = 0
  /** GitHub's limits enforced on every API request (the matrix benchmark); with their latency. */
  limits: GitHubLimits | undefined
  /** Tokens taken besides `token` (a benchmark gives each leg its own, to count its requests; one budget for all). */
  readonly tokens = new Set<string>()

  /** Every REST API exchange (not the runner's own protocol, not the package download from github.com). */
  readonly exchanges: Exchange[] = []
  /** Every fake made since the last `takeAll()`: the test setup checks their exchanges against GitHub's API. */
  private static made: FakeGitHub[] = []

  constructor() {
    FakeGitHub.made.push(this)
  }

  static takeAll(): FakeGitHub[] {
    return FakeGitHub.made.splice(0)
  }

  answer(
    method: string,
    path: string,
    authorization: string | undefined,
    body?: unknown,
    query?: URLSearchParams,
    ifNoneMatch?: string,
  ): GitHubAnswer & { raw?: Buffer; admitted?: true } {
    const scriptedBefore = this.scriptedLeft()
    const answer = this.withBudget(this.respond(method, path, authorization, body, query, ifNoneMatch), path)
    // A scripted answer (taken from a script) is the test's own, not GitHub's: it is not checked against the API.
    const scripted = scriptedBefore !== this.scriptedLeft()
    if (!scripted && !path.startsWith('/_fake/') && !path.startsWith('/actions/runner/releases/download/'))
      this.exchanges.push({
        method,
        path,
        query: Object.fromEntries(query ?? []),
        requestBody: body,
        status: answer.status,
        responseBody: answer.status === 204 || answer.status === 304 ? undefined : answer.body,
        ...(ifNoneMatch ? { conditional: true } : {}),
      })
    return answer
  }

  /** Requests GitHub counts against the token's hour: all but those answered 304. */
  counted(): { method: string; path: string; token: string | undefined }[] {
    return this.requests.filter((request) => !request.notModified)
  }

  /** Every API answer tells the token's hour (x-ratelimit-*); a read's and an edit's carry its ETag. */
  private withBudget<T extends GitHubAnswer>(answer: T, path: string): T {
    if (path.startsWith('/_fake/') || path.includes('/releases/')) return answer
    const limit = this.limits?.hourLimit ?? this.budget.limit
    const used = this.limits?.usedThisHour ?? this.budget.used
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-ratelimit-used': String(Math.min(limit, used)),
      'x-ratelimit-reset': String(Math.ceil(this.budget.resetsAt / 1000)),
      'x-ratelimit-resource': 'core',
    }
    const etag = answer.status === 200 && answer.body !== undefined ? { etag: etagOf(answer.body) } : {}
    // An answer's own headers stand (a rate limit's remaining 0, reset and retry-after; a script's).
    return { ...answer, headers: { ...headers, ...etag, ...answer.headers } }
  }

  /** Scripted answers not yet given. */
  private scriptedLeft(): number {
    return this.script.length + [...this.runScripts.values()].reduce((n, list) => n + list.length, 0)
  }

  private respond(
    method: string,
    path: string,
    authorization: string | undefined,
    body?: unknown,
    query?: URLSearchParams,
    ifNoneMatch?: string,
  ): GitHubAnswer & { raw?: Buffer; admitted?: true } {
    const fromRunner = this.runners.answerRunnerCall(method, path, authorization, body)
    if (fromRunner) return fromRunner
    const token = /^(?:token|Bearer) (\S+)$/i.exec(authorization ?? '')?.[1]
    this.requests.push({ method, path, token, at: performance.now(), ...(query?.size ? { query: `${query}` } : {}) })
    const runId = Number(/\/actions\/runs\/(\d+)$/.exec(path)?.[1])
    const scripted = this.runScripts.get(runId)?.shift() ?? this.script.shift()
    if (scripted) return scripted
    // The release and its package are public: no token needed.
    if (path.startsWith('/repos/actions/runner/releases/') || path.startsWith('/actions/runner/releases/')) {
      const release = this.runners.answer(method, path, this.repository, body)
      if (release) return release
    }
    if (token !== this.token && !this.tokens.has(token ?? ''))
      return { status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } }
    if (this.forbidden.some((pattern) => pattern.test(path)))
      return {
        status: 403,
        body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' },
      }
    const limit = this.rateLimit
    if (limit && this.now() < limit.until && (limit.paths ?? /./).test(path)) {
      this.rateLimited++
      return rateLimitAnswer(limit, this.now())
    }
    // A conditional read whose answer did not change: 304, not counted against the hour (GitHub's rule).
    const routed = method === 'GET' && ifNoneMatch ? this.route(method, path, body, query) : undefined
    if (routed?.status === 200 && etagOf(routed.body) === ifNoneMatch) {
      const last = this.requests.at(-1)
      if (last) last.notModified = true
      return { status: 304, body: undefined, headers: { etag: ifNoneMatch } }
    }
    const refused = this.limits?.admit(method)
    if (refused) this.rateLimited++
    if (refused) return refused
    if (!this.limits) this.budget.used++
    return { ...(routed ?? this.route(method, path, body, query)), ...(this.limits ? { admitted: true as const } : {}) }
  }

  private route(
    method: string,
    path: string,
    body?: unknown,
    query?: URLSearchParams,
  ): GitHubAnswer & { raw?: Buffer } {
    const runnerRoute = this.runners.answer(method, path, this.repository, body, query)
    if (runnerRoute) return runnerRoute
    const pullRoute = this.pulls.answer(method, path, this.repository, query ?? new URLSearchParams(), body)
    if (pullRoute) return pullRoute
    const match = /^\/repos\/([^/]+\/[^/]+)\/actions\/runs\/(\d+)$/.exec(path)
    const ours = match && match[1] === this.repository
    // A run the table knows, over what its push made it (its commit, when it was created).
    const pushed = ours ? this.pulls.workflowRun(Number(match[2])) : undefined
    const known = ours ? this.runs.get(Number(match[2])) : undefined
    const run = known || pushed ? { ...pushed, ...known } : undefined
    if (method !== 'GET' || !match || !run)
      return { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } }
    const id = Number(match[2])
    // GitHub's documented example of a workflow run, with this run's id, state and links.
    const example = documentedExample<components['schemas']['workflow-run']>('workflow-run')
    return {
      status: 200,
      body: {
        ...example,
        id,
        name: 'CI',
        run_attempt: 1,
        conclusion: null,
        html_url: `https://github.test/${this.repository}/actions/runs/${id}`,
        ...run,
      },
    }
  }

  /** The run lookups, as "GET /repos/…/runs/<id>". */
  paths(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}`)
  }

  handlers(base = GITHUB_API) {
    return [
      http.all(`${base}/*`, async ({ request }) => {
        const url = new URL(request.url)
        const text = await request.text()
        const { status, body, headers } = this.answer(
          request.method,
          url.pathname.slice(new URL(base).pathname.replace(/\/$/, '').length),
          request.headers.get('authorization') ?? undefined,
          text ? (JSON.parse(text) as unknown) : undefined,
          url.searchParams,
          request.headers.get('if-none-match') ?? undefined,
        )
        return HttpResponse.json(body as Record<string, unknown>, { status, headers })
      }),
    ]
  }

  /** Serves the table on a loopback port; `url` is what GITHUB_API_URL gets. */
  async serve(): Promise<{ url: string; close: () => Promise<void> }> {
    const server: Server = createServer((req, res) => {
      const send = ({ status, body, headers, raw }: GitHubAnswer & { raw?: Buffer }) => {
        if (raw) {
          res.writeHead(status, { 'content-type': 'application/octet-stream', ...headers })
          return res.end(raw)
        }
        res.writeHead(status, { 'content-type': 'application/json', ...headers })
        res.end(status === 204 || status === 304 ? undefined : JSON.stringify(body))
      }
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        let parsed: unknown
        try {
          parsed = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString()) : undefined
        } catch {
          parsed = undefined
        }
        const url = new URL(req.url ?? '/', 'http://x')
        const read = () =>
          this.answer(
            req.method ?? 'GET',
            url.pathname,
            req.headers.authorization,
            parsed,
            url.searchParams,
            req.headers['if-none-match'],
          )
        if (url.pathname === '/_fake/runner/state')
          return answerLongPoll(url.searchParams.get('since'), read, () => res.destroyed, send)
        const answer = read()
        // Under the limits, an admitted request is in flight for GitHub's latency.
        const limits = answer.admitted ? this.limits : undefined
        if (limits) setTimeout(() => (limits.release(), send(answer)), limits.latencyMs)
        else send(answer)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    this.runners.url = `http://127.0.0.1:${port}`
    return {
      url: `http://127.0.0.1:${port}`,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        }),
    }
  }
}

/** A weak ETag of an answer's body, as GitHub gives one with a read and an edit. */
function etagOf(body: unknown): string {
  return `W/"${createHash('sha1').update(JSON.stringify(body)).digest('hex')}"`
}
