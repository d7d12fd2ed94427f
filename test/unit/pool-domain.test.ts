/**
 * The warm pool's trust domains (src/inputs/trust-domain.ts, src/inputs/pool.ts): which events run a pull request's
 * code, `pool-for` in mode pool (a pull request's step may keep only its own domain's pool, refused before any
 * request), and the names' digest that keeps the two domains' sandboxes apart.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { inputErrors } from '../harness/input-errors.ts'
import type { PoolConfig, StartConfig } from '../../src/inputs/config.ts'
import type { JobEnvironment } from '../../src/inputs/job-environment.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { domainOfStep, payloadNamesPullRequest } from '../../src/inputs/trust-domain.ts'
import { unusedInputWarnings } from '../../src/inputs/unused.ts'
import { prefixFor } from '../../src/pool/request.ts'

const dir = mkdtempSync(join(tmpdir(), 'pool-domain-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The runner's environment for `event`, its payload written to a file as the runner does. */
function eventEnv(event: string, payload?: unknown): NodeJS.ProcessEnv {
  const path = join(dir, `${event}-${Math.random().toString(16).slice(2)}.json`)
  if (payload !== undefined) writeFileSync(path, JSON.stringify(payload))
  return { GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY_ID: '42' }
}

const pullRequest = { number: 7, head: { sha: 'a'.repeat(40) } }

describe('the trust domain of a step', () => {
  it("every event that runs a pull request's code is the pull-requests domain, whatever its payload", () => {
    for (const event of [
      'pull_request',
      'pull_request_target',
      'pull_request_review',
      'pull_request_review_comment',
      'merge_group',
    ])
      expect(domainOfStep(eventEnv(event, {})), event).toEqual({ domain: 'pull-requests', why: `the ${event} event` })
  })

  it('any other event whose payload names a pull request is too; the rest are branches', () => {
    const named: [string, unknown][] = [
      ['issue_comment', { issue: { number: 7, pull_request: { url: 'https://x' } } }],
      ['workflow_run', { workflow_run: { event: 'push', pull_requests: [pullRequest] } }],
      // A fork's pull request: GitHub leaves pull_requests empty, its event still says so.
      ['workflow_run', { workflow_run: { event: 'pull_request', pull_requests: [] } }],
      ['check_suite', { check_suite: { pull_requests: [pullRequest] } }],
      ['check_run', { check_run: { pull_requests: [pullRequest] } }],
      ['deployment', { pull_request: pullRequest }],
    ]
    for (const [event, payload] of named) {
      expect(payloadNamesPullRequest(payload), JSON.stringify(payload)).toBe(true)
      expect(domainOfStep(eventEnv(event, payload))).toEqual({
        domain: 'pull-requests',
        why: `the ${event} event's payload names a pull request`,
      })
    }
    const plain: [string, unknown][] = [
      ['push', { ref: 'refs/heads/main', commits: [] }],
      ['schedule', { schedule: '0 7 * * 1-5' }],
      ['issue_comment', { issue: { number: 8 } }],
      ['workflow_run', { workflow_run: { event: 'push', pull_requests: [] } }],
      // A dispatch's inputs are the caller's words, never a pull request.
      ['workflow_dispatch', { inputs: { pull_request: { number: 1 }, pull_requests: ['1'] } }],
    ]
    for (const [event, payload] of plain)
      expect(domainOfStep(eventEnv(event, payload)), JSON.stringify(payload)).toEqual({
        domain: 'branches',
        why: `the ${event} event`,
      })
  })

  it("a payload that cannot be read counts as a pull request's; outside a workflow run it is branches", () => {
    expect(domainOfStep(eventEnv('issue_comment')).domain).toBe('pull-requests')
    expect(domainOfStep(eventEnv('push')).why).toMatch(/payload \(GITHUB_EVENT_PATH\) cannot be read/)
    expect(domainOfStep({})).toEqual({ domain: 'branches', why: 'not a workflow run (no GITHUB_EVENT_NAME)' })
    // Only an event's spelling reaches the log.
    expect(domainOfStep({ GITHUB_EVENT_NAME: '::error::x\n' }).why).toMatch(/^the unnamed event's payload/)
  })
})

const run = { repositoryId: '42', runId: '987', runAttempt: '2' }
const parse = (inputs: Record<string, string>, env: NodeJS.ProcessEnv) =>
  parseInputs((name) => ({ 'api-token': 'tok', ...inputs })[name] ?? '', { ...run, env } as JobEnvironment)

const errorsOf = (inputs: Record<string, string>, env: NodeJS.ProcessEnv) => inputErrors(() => parse(inputs, env))

describe('pool-for', () => {
  const push = () => eventEnv('push', { ref: 'refs/heads/main' })
  const pr = () => eventEnv('pull_request', { pull_request: pullRequest })

  it("a start's domain is its own; mode pool keeps its own unless pool-for names one", () => {
    expect((parse({ pool: 'ci' }, pr()) as StartConfig).pool).toMatchObject({ domain: 'pull-requests' })
    expect((parse({ pool: 'ci' }, push()) as StartConfig).pool).toMatchObject({ domain: 'branches' })
    expect((parse({ mode: 'pool', pool: 'ci' }, pr()) as PoolConfig).pool.domain).toBe('pull-requests')
    const keeper = parse({ mode: 'pool', pool: 'ci', 'pool-for': 'pull-requests' }, push()) as PoolConfig
    expect(keeper.pool).toMatchObject({ domain: 'pull-requests', domainWhy: 'pool-for' })
    const own = parse({ mode: 'pool', pool: 'ci', 'pool-for': ' Pull-Requests ' }, pr()) as PoolConfig
    expect(own.pool.domain).toBe('pull-requests')
  })

  it("a pull request's step naming the branches' pool is refused, naming pool-for and why", () => {
    expect(errorsOf({ mode: 'pool', pool: 'ci', 'pool-for': 'branches' }, pr())).toEqual([
      "Input 'pool-for': is 'branches', but this step runs a pull request's code (the pull_request event): it may " +
        "keep only the pull-requests pool; keep the branches' pool from a workflow of the default branch (push, " +
        'schedule)',
    ])
    // Its payload unreadable: the same refusal.
    expect(errorsOf({ mode: 'pool', pool: 'ci', 'pool-for': 'branches' }, eventEnv('issue_comment'))[0]).toMatch(
      /^Input 'pool-for': is 'branches', but this step runs a pull request's code \(the issue_comment event's/,
    )
    expect(errorsOf({ mode: 'pool', pool: 'ci', 'pool-for': 'forks' }, push())).toEqual([
      "Input 'pool-for': must be pull-requests or branches, got 'forks'",
    ])
  })

  it('pool-for is read by mode pool only: a start warns it is ignored', () => {
    const read = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? ''
    expect(unusedInputWarnings(read({ pool: 'ci', 'pool-for': 'branches' }), 'start')).toEqual([
      "Input 'pool-for' is not used in mode 'start'; it is ignored (it is read in mode 'pool').",
    ])
  })

  it("the same request of the two domains is two sets of names: neither lists the other's", () => {
    const asPr = parse({ pool: 'ci', 'gpu-type': 'H100' }, pr()) as StartConfig
    const asPush = parse({ pool: 'ci', 'gpu-type': 'H100' }, push()) as StartConfig
    const [a, b] = [
      prefixFor(asPr as Parameters<typeof prefixFor>[0]),
      prefixFor(asPush as Parameters<typeof prefixFor>[0]),
    ]
    expect(a).toMatch(/^gp-42-ci-[0-9a-f]{8}-$/)
    expect(b).toMatch(/^gp-42-ci-[0-9a-f]{8}-$/)
    expect(a).not.toBe(b)
    // mode pool with pool-for keeps the very pool the pull requests' jobs claim from.
    const keeper = parse({ mode: 'pool', pool: 'ci', 'gpu-type': 'H100', 'pool-for': 'pull-requests' }, push())
    expect(prefixFor(keeper as Parameters<typeof prefixFor>[0])).toBe(a)
  })
})
