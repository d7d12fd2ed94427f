/**
 * The warm pool's inputs (issue 55): `pool` (its name), `pool-size` and
 * `pool-idle`, read in start mode (beside the start's own inputs) and in
 * mode `pool`. A pool sandbox is named for the repository, so a pool runs in a
 * workflow run (GITHUB_REPOSITORY_ID), and the step's own name is generated:
 * it is the claimant a claim on a sandbox names.
 */
import { z } from 'zod'
import type { Collector } from './collector.ts'
import { DURATION_BOUNDS, duration } from './durations.ts'
import type { JobEnvironment } from './job-environment.ts'
import { refuse } from './refuse.ts'

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

/** pool, pool-size, pool-idle; undefined without `pool` (then the other two are errors where changed). */
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
  if (inputs.isSet('name'))
    inputs.fail('name', "is set beside 'pool': a pool's sandboxes carry generated names; leave 'name' empty")
  const repositoryId = job.repositoryId ?? ''
  if (!/^[1-9]\d{0,19}$/.test(repositoryId))
    inputs.fail(
      'pool',
      'runs in a GitHub Actions workflow run: GITHUB_REPOSITORY_ID must be set, as the runner sets it',
    )
  return { name, size, idleSeconds, repositoryId }
}
