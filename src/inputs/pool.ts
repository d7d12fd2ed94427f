/**
 * The warm pool's inputs: `pool` (its name), `pool-size` and `pool-idle`, read
 * in start mode (beside the start's own inputs) and in mode `pool`, and
 * `pool-for` (mode `pool` only). A pool sandbox is named for the repository, so
 * a pool runs in a workflow run (GITHUB_REPOSITORY_ID), and the step's own name
 * is generated: it is the claimant a claim on a sandbox names. Its trust domain
 * is the step's own (trust-domain.ts); only mode `pool` may name another, and
 * a step running a pull request's code never the branches'.
 */
import { z } from 'zod'
import type { Collector } from './collector.ts'
import { DURATION_BOUNDS, duration } from './durations.ts'
import type { JobEnvironment } from './job-environment.ts'
import { refuse } from './refuse.ts'
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
}

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

/** The domain: the step's own; mode pool may name another with pool-for, but a pull request's step only its own. */
function parseDomain(inputs: Collector, job: JobEnvironment, poolMode: boolean): { domain: TrustDomain; why: string } {
  const own = domainOfStep(job.env ?? {})
  if (!poolMode || !inputs.isSet('pool-for')) return own
  const named = inputs.parse('pool-for', poolFor)
  if (named === 'branches' && own.domain === 'pull-requests')
    inputs.fail(
      'pool-for',
      `is 'branches', but this step runs a pull request's code (${own.why}): it may keep only the ` +
        "pull-requests pool; keep the branches' pool from a workflow of the default branch (push, schedule)",
    )
  return { domain: named ?? own.domain, why: 'pool-for' }
}

/** pool, pool-size, pool-idle, pool-for; undefined without `pool` (then the others are errors where changed). */
export function parsePool(inputs: Collector, job: JobEnvironment, required: boolean): PoolInput | undefined {
  if (!inputs.isSet('pool')) {
    if (required) inputs.fail('pool', "is required in mode 'pool': the name of the pool to keep")
    for (const name of ['pool-size', 'pool-idle'] as const)
      if (inputs.changed(name)) inputs.fail(name, "is set but 'pool' is empty; set pool (a pool's name) or remove it")
    return undefined
  }
  const name = inputs.parse('pool', poolName)
  const size = inputs.parse('pool-size', poolSize)
  const idleSeconds = inputs.parse('pool-idle', duration(DURATION_BOUNDS['pool-idle']))
  const { domain, why: domainWhy } = parseDomain(inputs, job, required)
  if (inputs.isSet('name'))
    inputs.fail('name', "is set beside 'pool': a pool's sandboxes carry generated names; leave 'name' empty")
  const repositoryId = job.repositoryId ?? ''
  if (!/^[1-9]\d{0,19}$/.test(repositoryId))
    inputs.fail(
      'pool',
      'runs in a GitHub Actions workflow run: GITHUB_REPOSITORY_ID must be set, as the runner sets it',
    )
  return { name, size, idleSeconds, repositoryId, domain, domainWhy }
}
