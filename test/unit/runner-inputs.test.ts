/** runner: true, its inputs and its refusals: every one an input error before any request. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { StartConfig, StopConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { isForkPullRequest, runnerDomains } from '../../src/inputs/runner.ts'
import { inputErrors } from '../harness/input-errors.ts'

const dir = mkdtempSync(join(tmpdir(), 'runner-inputs-'))
const baseEnv = {
  GITHUB_REPOSITORY: 'octo/repo',
  GITHUB_REPOSITORY_ID: '31337',
  GITHUB_API_URL: 'https://api.github.com',
  GITHUB_SERVER_URL: 'https://github.com',
}
const context = (env: Record<string, string> = {}) => ({
  repositoryId: '31337',
  runId: '77',
  runAttempt: '2',
  randomHex: () => 'abcdef',
  aliasInUse: () => false,
  env: { ...baseEnv, ...env },
})

function parse(inputs: Record<string, string>, env: Record<string, string> = {}) {
  return parseInputs(
    (name) => ({ 'api-token': 'tok-abc123', 'github-token': 'ghs_admin', runner: 'true', ...inputs })[name] ?? '',
    context(env),
  )
}
const errorsOf = (inputs: Record<string, string>, env: Record<string, string> = {}) =>
  inputErrors(() => parse(inputs, env))
function event(fullName: string | null): string {
  const file = join(dir, `event-${String(fullName).replace(/\//g, '_')}.json`)
  writeFileSync(
    file,
    JSON.stringify({ pull_request: { head: { repo: fullName === null ? null : { full_name: fullName } } } }),
  )
  return file
}

describe('runner: true', () => {
  it('defaults: the label from the run, 10 minutes to pick up, SSH implied', () => {
    const config = parse({}) as StartConfig
    expect(config.runner).toEqual({
      label: 'gpu-sandbox-77-2',
      pickupTimeoutMs: 600_000,
      githubToken: 'ghs_admin',
      repository: {
        owner: 'octo',
        repo: 'repo',
        id: '31337',
        apiUrl: 'https://api.github.com',
        serverUrl: 'https://github.com',
      },
      addedDomains: [],
    })
    expect(config.ssh).toEqual({ alias: 'sandbox' })
    expect((parse({ runner: 'false' }) as StartConfig).runner).toBeUndefined()
  })

  it('restricted gets the runner hosts added (and says which); GHES gets its own host', () => {
    const config = parse({ 'internet-access': 'restricted', 'domain-allowlist': 'pypi.org, github.com' }) as StartConfig
    expect(config.networkPolicy.domain_allowlist).toEqual([
      'pypi.org',
      'github.com',
      'api.github.com',
      'codeload.github.com',
      'objects.githubusercontent.com',
      '*.actions.githubusercontent.com',
      '*.blob.core.windows.net',
    ])
    expect(config.runner?.addedDomains).not.toContain('github.com')
    expect(
      runnerDomains({
        owner: 'o',
        repo: 'r',
        id: '1',
        apiUrl: 'https://ghe.example.com/api/v3',
        serverUrl: 'https://ghe.example.com',
      }),
    ).toEqual(['ghe.example.com'])
    // A server by address goes to the CIDR allowlist.
    const byAddress = parse(
      { 'internet-access': 'restricted', 'cidr-allowlist': '10.0.0.0/8' },
      { GITHUB_SERVER_URL: 'https://10.1.2.3', GITHUB_API_URL: 'https://10.1.2.3/api/v3' },
    ) as StartConfig
    expect(byAddress.networkPolicy).toEqual({
      internet_access: 'restricted',
      cidr_allowlist: ['10.0.0.0/8', '10.1.2.3/32'],
    })
    expect(byAddress.runner?.addedDomains).toEqual(['10.1.2.3/32'])
  })

  it.each([
    [{ 'github-token': '' }, {}, /^Input 'github-token': is required with runner: true/],
    [{ 'github-token': '${{ github.token }}' }, {}, /^Input 'github-token': is required with runner: true/],
    [{ 'internet-access': 'closed' }, {}, /^Input 'internet-access': is 'closed', but runner: true needs GitHub/],
    [{ run: 'pytest' }, {}, /^Input 'runner': cannot be combined with 'run'/],
    [{ 'runner-label': 'has space' }, {}, /^Input 'runner-label': must be 1 to 100 letters/],
    [{ 'runner-timeout': 'soon' }, {}, /^Input 'runner-timeout':/],
    [
      {},
      { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event('fork/repo') },
      /^Input 'runner': is refused for pull requests from forks/,
    ],
    [{}, { GITHUB_REPOSITORY: '' }, /^Input 'runner': runner: true runs in a GitHub Actions workflow run/],
  ])('%j %j is an input error', (inputs, env, message) => {
    expect(errorsOf(inputs, env).join('\n')).toMatch(message)
  })

  it('runner-label or runner-timeout without runner: true is an input error', () => {
    expect(errorsOf({ runner: 'false', 'runner-label': 'x' })).toEqual([
      "Input 'runner-label': is set but 'runner' is not true",
    ])
  })

  it('a fork is told apart from the repository itself, a deleted fork and an unreadable payload', () => {
    const env = (path: string, name = 'pull_request') => ({
      ...baseEnv,
      GITHUB_EVENT_NAME: name,
      GITHUB_EVENT_PATH: path,
    })
    expect(isForkPullRequest(env(event('octo/repo')))).toBe(false)
    expect(isForkPullRequest(env(event('fork/repo'), 'pull_request_target'))).toBe(true)
    expect(isForkPullRequest(env(event(null)))).toBe(true)
    expect(isForkPullRequest(env(join(dir, 'missing.json')))).toBe(true)
    expect(isForkPullRequest(env(event('fork/repo'), 'push'))).toBe(false)
  })

  it('mode: stop takes a usable github-token to delete the runner registration, never an error without one', () => {
    const stop = (token: string) =>
      parseInputs(
        (name) =>
          ({ 'api-token': 'tok-abc123', mode: 'stop', 'sandbox-id': 'sbx-0123456789abcdef', 'github-token': token })[
            name
          ] ?? '',
        context(),
      ) as StopConfig
    expect(stop('ghs_admin').runnerCleanup).toMatchObject({ githubToken: 'ghs_admin', repository: { owner: 'octo' } })
    expect(stop('${{ github.token }}').runnerCleanup).toBeUndefined()
    expect(stop('').runnerCleanup).toBeUndefined()
  })
})

describe('runner-jobs and runners (issue 48)', () => {
  it('one job on one runner says nothing more; several give the jobs and one folder a runner, the GPUs split', () => {
    expect((parse({}) as StartConfig).runner).not.toHaveProperty('jobs')
    expect((parse({}) as StartConfig).runner).not.toHaveProperty('slots')
    const config = parse({ 'runner-jobs': '3', runners: '2', 'gpu-type': 'H100', 'gpu-count': '4' }) as StartConfig
    expect(config.runner).toMatchObject({
      jobs: 3,
      slots: [
        { folder: 'actions-runner', gpus: '0,1' },
        { folder: 'actions-runner-2', gpus: '2,3' },
      ],
    })
    // Without GPUs the runners share the machine: nothing is hidden from their jobs.
    expect((parse({ runners: '2' }) as StartConfig).runner?.slots).toEqual([
      { folder: 'actions-runner' },
      { folder: 'actions-runner-2' },
    ])
  })

  it.each([
    [{ 'runner-jobs': '0' }, "Input 'runner-jobs': must be a whole number from 1"],
    [{ 'runner-jobs': '21' }, "Input 'runner-jobs': must be at most 20, got 21"],
    [{ 'runner-jobs': 'two' }, "Input 'runner-jobs': must be a whole number >= 1, got 'two'"],
    [{ runners: '9' }, "Input 'runners': must be at most 8, got 9"],
    [
      { runners: '3', 'gpu-type': 'A100', 'gpu-count': '4' },
      "Input 'runners': must divide gpu-count evenly (each runner gets as many GPUs): gpu-count 4, runners 3",
    ],
    [{ runner: 'false', 'runner-jobs': '2' }, "Input 'runner-jobs': is set but 'runner' is not true"],
    [{ runner: 'false', runners: '2' }, "Input 'runners': is set but 'runner' is not true"],
  ])('%o is an input error before any request', (inputs, message) => {
    expect(errorsOf(inputs).join('\n')).toContain(message)
  })
})
