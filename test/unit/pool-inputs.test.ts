/** The warm pool's inputs (issue 55): parsed once, every bad one an error naming it before any request. */
import { describe, expect, it } from 'vitest'
import { inputErrors } from '../harness/input-errors.ts'
import type { PoolConfig, StartConfig, SweepConfig } from '../../src/inputs/config.ts'
import type { JobEnvironment } from '../../src/inputs/job-environment.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { unusedInputWarnings } from '../../src/inputs/unused.ts'
import { claimRequestOf, poolRequestOf, poolStartConfig, prefixFor } from '../../src/pool/request.ts'
import { buildStartRequest } from '../../src/sandbox/start.ts'

const run = { repositoryId: '42', runId: '987', runAttempt: '2', randomHex: () => 'a1b2c3' }
const parse = (inputs: Record<string, string>, job: Partial<JobEnvironment> = run) =>
  parseInputs((name) => ({ 'api-token': 'tok', ...inputs })[name] ?? '', job as JobEnvironment)

const errorsOf = (inputs: Record<string, string>, job: Partial<JobEnvironment> = run) =>
  inputErrors(() => parse(inputs, job))

describe('pool inputs', () => {
  it('start with pool: the name, pool-size and pool-idle, the defaults 1 and 15m', () => {
    expect((parse({ pool: 'ci' }) as StartConfig).pool).toEqual({
      name: 'ci',
      size: 1,
      idleSeconds: 900,
      repositoryId: '42',
      // Default deny: a step that shows no event is not shown to be trusted.
      domain: 'pull-requests',
      domainWhy: 'no GITHUB_EVENT_NAME: not shown to be a trusted run',
    })
    expect((parse({ pool: 'gpu-ci-2', 'pool-size': '0', 'pool-idle': '1h' }) as StartConfig).pool).toMatchObject({
      size: 0,
      idleSeconds: 3600,
    })
    expect((parse({}) as StartConfig).pool).toBeUndefined()
  })

  it('mode pool: the start inputs say what its sandboxes are', () => {
    const config = parse({ mode: 'pool', pool: 'ci', 'gpu-type': 'H100', cpu: '8', 'pool-size': '2' }) as PoolConfig
    expect(config).toMatchObject({ mode: 'pool', cpu: 8, gpuTypes: ['H100'], pool: { name: 'ci', size: 2 } })
  })

  it('mode sweep reads pool-idle (default 15m), and warns about nothing pool-related it reads', () => {
    const config = parse(
      { mode: 'sweep', 'github-token': 'ghs_x', 'pool-idle': '30m' },
      {
        ...run,
        env: { GITHUB_REPOSITORY: 'octo/repo', GITHUB_REPOSITORY_ID: '42' },
      },
    ) as SweepConfig
    expect(config.poolIdleSeconds).toBe(1800)
    const read = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? ''
    expect(unusedInputWarnings(read({ 'pool-idle': '30m' }), 'sweep')).toEqual([])
    expect(unusedInputWarnings(read({ pool: 'ci' }), 'stop')).toEqual([
      "Input 'pool' is not used in mode 'stop'; it is ignored (it is read in mode 'start', 'pool').",
    ])
  })

  const cases: [Record<string, string>, string, RegExp][] = [
    [{ pool: 'CI' }, 'pool', /lower-case letters, digits and '-'.*got 'CI'/],
    [{ pool: 'a'.repeat(21) }, 'pool', /at most 20/],
    [{ pool: '-ci' }, 'pool', /starting and ending/],
    [{ pool: 'ci_x' }, 'pool', /lower-case/],
    [{ pool: 'ci', 'pool-size': '21' }, 'pool-size', /whole number from 0 to 20, got '21'/],
    [{ pool: 'ci', 'pool-size': '-1' }, 'pool-size', /whole number from 0 to 20/],
    [{ pool: 'ci', 'pool-size': 'two' }, 'pool-size', /whole number/],
    [{ pool: 'ci', 'pool-size': '1.5' }, 'pool-size', /whole number/],
    [{ pool: 'ci', 'pool-idle': 'soon' }, 'pool-idle', /duration such as/],
    [{ pool: 'ci', 'pool-idle': '30s' }, 'pool-idle', /at least 1m/],
    [{ 'pool-size': '2' }, 'pool-size', /'pool' is empty/],
    [{ 'pool-idle': '5m' }, 'pool-idle', /'pool' is empty/],
    [{ mode: 'pool' }, 'pool', /is required in mode 'pool'/],
    [{ pool: 'ci', name: 'my-box' }, 'name', /beside 'pool'/],
  ]

  it.each(cases)('%j fails on %s', (inputs, input, message) => {
    const errors = errorsOf(inputs)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(new RegExp(`^Input '${input}': `))
    expect(errors[0]).toMatch(message)
  })

  it('outside a workflow run (no GITHUB_REPOSITORY_ID) a pool is an input error', () => {
    expect(errorsOf({ pool: 'ci' }, { repositoryId: undefined, runId: '1', runAttempt: '1' })).toEqual([
      "Input 'pool': runs in a GitHub Actions workflow run: GITHUB_REPOSITORY_ID must be set, as the runner sets it",
    ])
  })
})

describe("a pool's request", () => {
  const pooled = (inputs: Record<string, string>) => {
    const config = parse({ pool: 'ci', 'gpu-type': 'H100,A100', ...inputs }) as StartConfig
    return { ...config, pool: config.pool as NonNullable<StartConfig['pool']> }
  }

  it("names carry the repository, the pool and the request's digest; env by digest, its values never", () => {
    const prefix = prefixFor(pooled({ env: 'TOKEN=one' }))
    expect(prefix).toMatch(/^gp-42-ci-[0-9a-f]{8}-$/)
    expect(prefixFor(pooled({ env: 'TOKEN=one' }))).toBe(prefix)
    expect(prefixFor(pooled({ env: 'TOKEN=two' }))).not.toBe(prefix)
    expect(prefixFor(pooled({ cpu: '8', env: 'TOKEN=one' }))).not.toBe(prefix)
    expect(JSON.stringify(poolRequestOf(pooled({ env: 'TOKEN=one' })))).not.toContain('one')
  })

  it("a pool sandbox's start: the job's request under its pool name, its TTL pool-idle + max-ttl, enforced", () => {
    const config = pooled({ 'max-ttl': '1h', 'pool-idle': '10m', 'enforce-ttl': 'false' })
    const body = buildStartRequest(poolStartConfig(config, `${prefixFor(config)}abcdef`), 'H100')
    expect(body).toMatchObject({
      name: `${prefixFor(config)}abcdef`,
      spec: { cpu_count: 4, gpu_type: 'H100', gpu_count: 1 },
      lifetime: { enforce_ttl: true, max_ttl_seconds: 4200 },
    })
  })

  it("a candidate needs the job's max-ttl left; with max-cost, 5 minutes of the budget", () => {
    expect(claimRequestOf(pooled({ 'max-ttl': '2h' })).ttlMs).toBe(7_200_000)
    expect(claimRequestOf({ ...pooled({}), ttlByType: { H100: 600 } }).ttlMs).toBe(300_000)
    expect(claimRequestOf(pooled({})).gpuTypes).toEqual(['H100', 'A100'])
  })
})
