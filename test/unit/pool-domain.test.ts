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
import { prefixFor } from '../../src/pool/request.ts'

const dir = mkdtempSync(join(tmpdir(), 'pool-domain-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The runner's environment for `event` on `ref`, its payload written to a file as the runner does. */
function eventEnv(event: string, payload?: unknown, ref = 'refs/heads/main', protectedRef = false): NodeJS.ProcessEnv {
  const path = join(dir, `${event}-${Math.random().toString(16).slice(2)}.json`)
  if (payload !== undefined) writeFileSync(path, JSON.stringify(payload))
  return {
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: path,
    GITHUB_REPOSITORY_ID: '42',
    GITHUB_REF: ref,
    GITHUB_REF_PROTECTED: String(protectedRef),
  }
}

const pullRequest = { number: 7, head: { sha: 'a'.repeat(40) } }
const repository = { full_name: 'octo/repo', default_branch: 'main' }
const ofRun = (event: string, branch = 'main', head = 'octo/repo') => ({
  repository,
  workflow_run: { event, head_branch: branch, head_repository: { full_name: head }, pull_requests: [] },
})

describe('the trust domain of a step (default deny)', () => {
  it("every event that runs a pull request's code is the pull-requests domain, whatever its payload", () => {
    for (const event of [
      'pull_request',
      'pull_request_target',
      'pull_request_review',
      'pull_request_review_comment',
      'merge_group',
    ])
      expect(domainOfStep(eventEnv(event, { repository })), event).toEqual({
        domain: 'pull-requests',
        why: `the ${event} event`,
      })
  })

  it("trusted: the default branch's or a protected ref's own push, schedule, dispatch; a workflow_run of one", () => {
    const trusted: [NodeJS.ProcessEnv, string][] = [
      [eventEnv('push', { ref: 'refs/heads/main', repository }), 'the push event of the default branch'],
      [eventEnv('schedule', { schedule: '0 7 * * 1-5', repository }), 'the schedule event of the default branch'],
      [eventEnv('workflow_dispatch', { inputs: {}, repository }), 'the workflow_dispatch event of the default branch'],
      [eventEnv('push', { repository }, 'refs/heads/release', true), 'the push event of a protected ref'],
      [eventEnv('push', { repository }, 'refs/tags/v1', true), 'the push event of a protected ref'],
      [eventEnv('workflow_run', ofRun('push')), 'a workflow_run of a push run of the default branch'],
      [eventEnv('workflow_run', ofRun('schedule')), 'a workflow_run of a schedule run of the default branch'],
    ]
    for (const [env, why] of trusted) expect(domainOfStep(env), why).toEqual({ domain: 'branches', why })
  })

  it('untrusted: every other branch, tag or event, a payload naming a pull request, no event at all', () => {
    const untrusted: [NodeJS.ProcessEnv, RegExp][] = [
      // A collaborator's feature branch, an unprotected tag: code nobody reviewed.
      [eventEnv('push', { repository }, 'refs/heads/feature'), /^the push event of refs\/heads\/feature, neither/],
      [eventEnv('push', { repository }, 'refs/tags/v9'), /^the push event of refs\/tags\/v9, neither/],
      [eventEnv('workflow_dispatch', { repository }, 'refs/heads/pr-7'), /^the workflow_dispatch event of refs/],
      // No default branch in the payload: not shown.
      [eventEnv('push', { ref: 'refs/heads/main' }), /^the push event of refs\/heads\/main, neither/],
      // "/ok to test": an issue_comment run, and the workflow_run it triggers.
      [eventEnv('issue_comment', { issue: { number: 8 }, repository }), /^the issue_comment event, which does not/],
      [eventEnv('workflow_run', ofRun('issue_comment')), /^a workflow_run of a issue_comment run not shown/],
      [eventEnv('workflow_run', ofRun('push', 'feature')), /^a workflow_run of a push run not shown/],
      [eventEnv('workflow_run', ofRun('push', 'main', 'fork/repo')), /^a workflow_run of a push run not shown/],
      [eventEnv('workflow_run', ofRun('workflow_run')), /^a workflow_run of a workflow_run run not shown/],
      [eventEnv('workflow_run', ofRun('pull_request')), /^a workflow_run of a pull_request run not shown/],
      // A fork's check run: GitHub sends pull_requests: [].
      [eventEnv('check_run', { check_run: { pull_requests: [] }, repository }), /^the check_run event, which/],
      [eventEnv('check_suite', { check_suite: { pull_requests: [pullRequest] }, repository }), /names a pull/],
      [eventEnv('push', { pull_request: pullRequest, repository }), /^the push event's payload names a pull/],
      [eventEnv('deployment', { repository }), /^the deployment event, which does not run/],
      [eventEnv('release', { repository }, 'refs/tags/v1', true), /^the release event, which does not run/],
      [eventEnv('push', [repository]), /^the push event's payload is not an object$/],
      [eventEnv('push'), /^the push event's payload \(GITHUB_EVENT_PATH\) cannot be read$/],
      [{}, /^no GITHUB_EVENT_NAME: not shown to be a trusted run$/],
    ]
    for (const [env, why] of untrusted) {
      const domain = domainOfStep(env)
      expect(domain.domain, why.source).toBe('pull-requests')
      expect(domain.why).toMatch(why)
    }
    expect(payloadNamesPullRequest({ issue: { pull_request: { url: 'https://x' } } })).toBe(true)
    // A dispatch's inputs are the caller's words, never a pull request (nor a reason to trust).
    expect(payloadNamesPullRequest({ inputs: { pull_request: { number: 1 } } })).toBe(false)
    // Only an event's and a ref's spelling reaches the log.
    expect(domainOfStep({ GITHUB_EVENT_NAME: '::error::x\n' }).why).toMatch(/^the unnamed event's payload/)
    const odd = eventEnv('push', { repository }, 'refs/heads/x\n::error::y')
    expect(domainOfStep(odd).why).toBe('the push event of a ref, neither the default branch nor protected')
  })
})

const run = { repositoryId: '42', runId: '987', runAttempt: '2' }
const parse = (inputs: Record<string, string>, env: NodeJS.ProcessEnv) =>
  parseInputs((name) => ({ 'api-token': 'tok', ...inputs })[name] ?? '', { ...run, env } as JobEnvironment)

const errorsOf = (inputs: Record<string, string>, env: NodeJS.ProcessEnv) => inputErrors(() => parse(inputs, env))

describe('pool-for', () => {
  const push = () => eventEnv('push', { ref: 'refs/heads/main', repository })
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

  it("a step not shown to be trusted naming the branches' pool is refused, naming pool-for and why", () => {
    expect(errorsOf({ mode: 'pool', pool: 'ci', 'pool-for': 'branches' }, pr())).toEqual([
      "Input 'pool-for': is 'branches', but this step is not shown to run the repository's reviewed code (the " +
        "pull_request event): it may keep only the pull-requests pool; the branches' pool is for the default " +
        "branch's and protected refs' own runs (push, schedule, workflow_dispatch)",
    ])
    // A start step the same; its payload unreadable the same.
    expect(errorsOf({ pool: 'ci', 'pool-for': 'branches' }, eventEnv('issue_comment'))[0]).toMatch(
      /^Input 'pool-for': is 'branches', but this step is not shown .* \(the issue_comment event's payload .*claim from only/,
    )
    expect(errorsOf({ mode: 'pool', pool: 'ci', 'pool-for': 'forks' }, push())).toEqual([
      "Input 'pool-for': must be pull-requests or branches, got 'forks'",
    ])
  })

  it("a trusted start step may say it runs untrusted code: it claims from the pull requests' pool, as one", () => {
    const said = parse({ pool: 'ci', 'pool-for': 'pull-requests' }, push()) as StartConfig
    expect(said.pool).toMatchObject({ domain: 'pull-requests', domainWhy: 'pool-for' })
    // And so it may not keep a prepared pool of its own either (only a trusted keeper prepares).
    const keeper = { mode: 'pool', pool: 'ci', 'pool-for': 'pull-requests', 'pool-prepare': 'true' }
    expect((parse(keeper, push()) as PoolConfig).pool.prepare?.script).toBe('true')
    expect(errorsOf(keeper, eventEnv('push', { repository }, 'refs/heads/feature'))[0]).toMatch(
      /^Input 'pool-prepare': is set in mode 'pool' on a step/,
    )
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
