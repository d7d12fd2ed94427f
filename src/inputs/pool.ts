/**
 * The warm pool's inputs: `pool` (its name), `pool-size` and `pool-idle`, read
 * in start mode (beside the start's own inputs) and in mode `pool`, and
 * `pool-for`. A pool sandbox is named for the repository, so
 * a pool runs in a workflow run (GITHUB_REPOSITORY_ID), and the step's own name
 * is generated: it is the claimant a claim on a sandbox names. Its trust domain
 * is the step's own (trust-domain.ts); `pool-for` may name the untrusted one,
 * never the trusted one for a step not shown to be trusted.
 */
import { z } from 'zod'
import type { Collector } from './collector.ts'
import { DURATION_BOUNDS, duration } from './durations.ts'
import type { JobEnvironment } from './job-environment.ts'
import { lockFilesOf, type LockFiles } from './lock-files.ts'
import { refuse } from './refuse.ts'
import { parsePaths } from './run.ts'
import { domainOfStep, TRUST_DOMAINS, type TrustDomain } from './trust-domain.ts'

/** A pool's name: lower-case letters, digits and '-', at most 20, starting and ending with a letter or digit. */
export const POOL_NAME = /^[a-z0-9](?:[a-z0-9-]{0,18}[a-z0-9])?$/

/** The most ready, unclaimed sandboxes a pool may hold. */
export const MAX_POOL_SIZE = 20

export interface PoolInput {
  name: string
  /** Ready, unclaimed sandboxes to hold (0: drain). */
  size: number
  /** How long a pool sandbox may wait unclaimed. */
  idleSeconds: number
  repositoryId: string
  /** The trust domain whose sandboxes this step claims, refills and stops as idle. */
  domain: TrustDomain
  /** Why, for the log: "the pull_request event", "pool-for". */
  domainWhy: string
  /** pool-prepare and pool-key: the pool's sandboxes are claimed only once this script ended with exit 0 on them. */
  prepare?: PoolPreparation
  /** pool-watch (mode pool): how long the keeper keeps the pool; undefined: one pass. */
  watchSeconds?: number
}

export interface PoolPreparation {
  /** The bash script, run on the sandbox as `run` is. */
  script: string
  /** What the preparation produced (pool-key), empty where none was given. */
  key: string
  /** The checkout the preparation sees: the workspace and the `upload` paths (`.git` left out, as for run). */
  workspace: string
  upload: string[]
  /** Without pool-key: the checkout's lock files, whose contents join the digest (lock-files.ts). */
  lockFiles?: LockFiles
}

/** pool-key: one line of visible characters, as an image id is (it names what a lock file or a hash produced). */
const poolKey = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (!/^[\x21-\x7e]{1,256}$/.test(text))
    return refuse(ctx, 'must be one line of visible characters without spaces, at most 256 (e.g. a hashFiles result)')
  return text
})

const poolName = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (!POOL_NAME.test(text))
    return refuse(
      ctx,
      "must be lower-case letters, digits and '-' (at most 20, starting and ending with a letter or digit), " +
        `got '${raw}'`,
    )
  return text
})

const poolSize = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (!/^\d+$/.test(text) || Number(text) > MAX_POOL_SIZE)
    return refuse(ctx, `must be a whole number from 0 to ${MAX_POOL_SIZE}, got '${raw}'`)
  return Number(text)
})

const poolFor = z.string().transform((raw, ctx) => {
  const text = raw.trim().toLowerCase()
  if (!(TRUST_DOMAINS as readonly string[]).includes(text))
    return refuse(ctx, `must be ${TRUST_DOMAINS.join(' or ')}, got '${raw}'`)
  return text as TrustDomain
})

/**
 * The domain: the step's own (default deny, trust-domain.ts). `pool-for` may name the untrusted one on a trusted step
 * (mode pool keeping the pull requests' pool; a start step that checks out a pull request's code under a trusted
 * event, which then also prepares nothing of the pool's); no step can name itself trusted.
 */
function parseDomain(
  inputs: Collector,
  job: JobEnvironment,
  poolMode: boolean,
): { domain: TrustDomain; why: string; own: { domain: TrustDomain; why: string } } {
  const step = domainOfStep(job.env ?? {})
  if (!inputs.isSet('pool-for')) return { ...step, own: step }
  const named = inputs.parse('pool-for', poolFor)
  if (named === 'branches' && step.domain === 'pull-requests')
    inputs.fail(
      'pool-for',
      `is 'branches', but this step is not shown to run the repository's reviewed code (${step.why}): it may ` +
        `${poolMode ? 'keep' : 'claim from'} only the pull-requests pool; the branches' pool is for the default ` +
        "branch's and protected refs' own runs (push, schedule, workflow_dispatch)",
    )
  if (named === undefined || named === step.domain) return { ...step, own: step }
  // A trusted start step that says it runs untrusted code is untrusted in every way (it prepares no pool sandbox).
  const own = poolMode ? step : { domain: named, why: 'pool-for: pull-requests' }
  return { domain: named, why: 'pool-for', own }
}

/** pool, pool-size, pool-idle, pool-for; undefined without `pool` (then the others are errors where changed). */
export function parsePool(inputs: Collector, job: JobEnvironment, required: boolean): PoolInput | undefined {
  if (!inputs.isSet('pool')) {
    if (required) inputs.fail('pool', "is required in mode 'pool': the name of the pool to keep")
    for (const name of ['pool-size', 'pool-idle', 'pool-prepare', 'pool-key', 'pool-watch'] as const)
      if (inputs.changed(name)) inputs.fail(name, "is set but 'pool' is empty; set pool (a pool's name) or remove it")
    return undefined
  }
  const name = inputs.parse('pool', poolName)
  const size = inputs.parse('pool-size', poolSize)
  const idleSeconds = inputs.parse('pool-idle', duration(DURATION_BOUNDS['pool-idle']))
  const { domain, why: domainWhy, own } = parseDomain(inputs, job, required)
  if (inputs.isSet('name'))
    inputs.fail('name', "is set beside 'pool': a pool's sandboxes carry generated names; leave 'name' empty")
  const repositoryId = job.repositoryId ?? ''
  if (!/^[1-9]\d{0,19}$/.test(repositoryId))
    inputs.fail(
      'pool',
      'runs in a GitHub Actions workflow run: GITHUB_REPOSITORY_ID must be set, as the runner sets it',
    )
  const prepare = parsePreparation(inputs, required && own.domain === 'pull-requests', own.why, job)
  const watchSeconds = required ? parseWatch(inputs, size) : undefined
  return {
    name,
    size,
    idleSeconds,
    repositoryId,
    domain,
    domainWhy,
    ...(prepare ? { prepare } : {}),
    ...(watchSeconds === undefined ? {} : { watchSeconds }),
  }
}

/**
 * pool-prepare and pool-key. A keeper run for a pull request's event may not prepare: its workflow file and inputs are
 * the pull request's to change (a job of that event still prepares its own sandbox, never a pool's).
 */
function parsePreparation(
  inputs: Collector,
  untrustedKeeper: boolean,
  why: string,
  job: JobEnvironment,
): PoolPreparation | undefined {
  const script = inputs.read('pool-prepare')
  if (script.trim() === '') {
    if (inputs.isSet('pool-key'))
      inputs.fail('pool-key', "is set but 'pool-prepare' is empty; a key names what a preparation produced")
    return undefined
  }
  if (untrustedKeeper)
    inputs.fail(
      'pool-prepare',
      `is set in mode 'pool' on a step that runs a pull request's code (${why}): only a workflow of the default ` +
        'branch (push, schedule, workflow_dispatch) starts and prepares sandboxes of a prepared pool',
    )
  const key = inputs.isSet('pool-key') ? inputs.parse('pool-key', poolKey) : ''
  const workspace = job.workspace ?? process.cwd()
  // With run, run's own parse says what is wrong with a path; once is enough.
  const quiet = inputs.read('run').trim() !== ''
  const upload = parsePaths(inputs.raw('upload'), 'upload', workspace, (message) => {
    if (!quiet) inputs.fail('upload', message)
  })
  const lockFiles = key === '' ? lockFilesOf(workspace, upload, script) : undefined
  return { script, key, workspace, upload, ...(lockFiles ? { lockFiles } : {}) }
}

/** pool-watch: mode pool only; a keeper that keeps nothing (pool-size 0, a drain) has nothing to watch. */
function parseWatch(inputs: Collector, size: number): number | undefined {
  if (!inputs.isSet('pool-watch')) return undefined
  const seconds = inputs.parse('pool-watch', duration(DURATION_BOUNDS['pool-watch']))
  if (size === 0)
    inputs.fail('pool-watch', 'is set with pool-size 0, which drains the pool once; leave pool-watch empty to drain')
  return seconds
}
