/**
 * The prepared pool's inputs and names (src/inputs/pool.ts, src/pool/request.ts, src/pool/prepare.ts): pool-prepare
 * and pool-key join the digest (another script or key is another set of names; a bare pool's names are as before),
 * pool-watch bounds, who may prepare, and when a preparation's lock is abandoned.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { eventEnvironment } from '../../scripts/lib/event.ts'
import { inputErrors } from '../harness/input-errors.ts'
import type { PoolConfig, StartConfig } from '../../src/inputs/config.ts'
import type { JobEnvironment } from '../../src/inputs/job-environment.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { unusedInputWarnings } from '../../src/inputs/unused.ts'
import { isAbandoned, lockText } from '../../src/pool/prepare.ts'
import { poolRequestOf, prefixFor } from '../../src/pool/request.ts'
import { requestDigest } from '../../src/pool/names.ts'

// A push to the default branch: the trusted domain, whose steps prepare.
const push = eventEnvironment(join(mkdtempSync(join(tmpdir(), 'pool-prepare-')), 'push.json'), 'push')
const pr = { GITHUB_EVENT_NAME: 'pull_request' }
const job = { repositoryId: '42', runId: '987', runAttempt: '2' }
const parse = (inputs: Record<string, string>, env: NodeJS.ProcessEnv = push) =>
  parseInputs((name) => ({ 'api-token': 'tok', ...inputs })[name] ?? '', { ...job, env } as JobEnvironment)
const prefix = (inputs: Record<string, string>, env?: NodeJS.ProcessEnv) =>
  prefixFor(parse(inputs, env) as Parameters<typeof prefixFor>[0])

const errorsOf = (inputs: Record<string, string>, env: NodeJS.ProcessEnv = push) =>
  inputErrors(() => parse(inputs, env))

const PREPARE = 'pip install -r requirements.txt\n'

describe('pool-prepare and pool-key', () => {
  it('join the digest: another script or key is another pool; a trailing newline is not', () => {
    const base = { pool: 'ci', 'gpu-type': 'H100' }
    const bare = prefix(base)
    const prepared = prefix({ ...base, 'pool-prepare': PREPARE, 'pool-key': 'abc' })
    expect(prepared).not.toBe(bare)
    expect(prefix({ ...base, 'pool-prepare': PREPARE.trim(), 'pool-key': 'abc' })).toBe(prepared)
    expect(prefix({ ...base, 'pool-prepare': PREPARE, 'pool-key': 'abd' })).not.toBe(prepared)
    expect(prefix({ ...base, 'pool-prepare': `${PREPARE}pip check`, 'pool-key': 'abc' })).not.toBe(prepared)
    // A bare pool digests as before the preparation existed: its sandboxes stay claimable.
    const request = poolRequestOf(parse(base) as Parameters<typeof poolRequestOf>[0])
    expect(request.preparation).toBeUndefined()
    expect(bare).toBe(`gp-42-ci-${requestDigest({ ...request })}-`)
    // The keeper of the pull requests' pool, run for a push, keeps the very pool their jobs claim from.
    const keeper = { ...base, mode: 'pool', 'pool-for': 'pull-requests', 'pool-prepare': PREPARE, 'pool-key': 'abc' }
    expect(prefix(keeper)).toBe(prefix({ ...base, 'pool-prepare': PREPARE, 'pool-key': 'abc' }, pr))
  })

  it('are parsed with the pool; a key without a script, a bad key, either without a pool are refused', () => {
    const config = parse({ pool: 'ci', 'pool-prepare': PREPARE, 'pool-key': ' abc ' }) as StartConfig
    // With its checkout: the upload's paths in the workspace (a key given: no lock files are read).
    expect(config.pool?.prepare).toEqual({ script: PREPARE, key: 'abc', workspace: expect.any(String), upload: ['.'] })
    // The job prepares its own sandbox over SSH when it claims none.
    expect(config.ssh).toEqual({ alias: 'sandbox' })
    expect(errorsOf({ pool: 'ci', 'pool-key': 'abc' })).toEqual([
      "Input 'pool-key': is set but 'pool-prepare' is empty; a key names what a preparation produced",
    ])
    expect(errorsOf({ pool: 'ci', 'pool-prepare': 'true', 'pool-key': 'a b' })).toEqual([
      "Input 'pool-key': must be one line of visible characters without spaces, at most 256 (e.g. a hashFiles " +
        'result)',
    ])
    expect(errorsOf({ 'pool-prepare': 'true', 'pool-key': 'abc' })).toEqual([
      "Input 'pool-prepare': is set but 'pool' is empty; set pool (a pool's name) or remove it",
      "Input 'pool-key': is set but 'pool' is empty; set pool (a pool's name) or remove it",
    ])
  })

  it("a pull request's job may prepare its own; its mode pool may not prepare the pool", () => {
    expect((parse({ pool: 'ci', 'pool-prepare': 'true' }, pr) as StartConfig).pool?.prepare?.script).toBe('true')
    expect(errorsOf({ mode: 'pool', pool: 'ci', 'pool-prepare': 'true' }, pr)).toEqual([
      "Input 'pool-prepare': is set in mode 'pool' on a step that runs a pull request's code (the pull_request " +
        'event): only a workflow of the default branch (push, schedule, workflow_dispatch) starts and prepares ' +
        'sandboxes of a prepared pool',
    ])
    // pool-for does not make a pull request's step trusted.
    const named = { mode: 'pool', pool: 'ci', 'pool-for': 'pull-requests', 'pool-prepare': 'true' }
    expect(errorsOf(named, pr)[0]).toMatch(/^Input 'pool-prepare': is set in mode 'pool'/)
  })
})

describe('pool-watch', () => {
  it('mode pool only, at least a minute, and never with a drain', () => {
    const keeper = parse({ mode: 'pool', pool: 'ci', 'pool-watch': '10h' }) as PoolConfig
    expect(keeper.pool.watchSeconds).toBe(36_000)
    expect((parse({ mode: 'pool', pool: 'ci' }) as PoolConfig).pool.watchSeconds).toBeUndefined()
    expect(errorsOf({ mode: 'pool', pool: 'ci', 'pool-watch': '30s' })[0]).toMatch(/^Input 'pool-watch': /)
    expect(errorsOf({ mode: 'pool', pool: 'ci', 'pool-size': '0', 'pool-watch': '1h' })).toEqual([
      "Input 'pool-watch': is set with pool-size 0, which drains the pool once; leave pool-watch empty to drain",
    ])
    const read = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? ''
    expect(unusedInputWarnings(read({ pool: 'ci', 'pool-watch': '1h' }), 'start')).toEqual([
      "Input 'pool-watch' is not used in mode 'start'; it is ignored (it is read in mode 'pool').",
    ])
    expect((parse({ pool: 'ci', 'pool-watch': '1h' }) as StartConfig).pool?.watchSeconds).toBeUndefined()
  })
})

describe("a preparation's lock", () => {
  it('names its preparer and when it began; abandoned past the limit and two minutes more', () => {
    expect(lockText('prep-gh-42-1-1-abc', 1_700_000_000_999)).toBe('1700000000-prep-gh-42-1-1-abc')
    const since = 1_000_000
    const limit = 15 * 60_000
    expect(isAbandoned({ preparingSince: since }, since + limit + 120_000, limit)).toBe(false)
    expect(isAbandoned({ preparingSince: since }, since + limit + 120_001, limit)).toBe(true)
    expect(isAbandoned({}, Number.MAX_SAFE_INTEGER, limit)).toBe(false)
  })
})
