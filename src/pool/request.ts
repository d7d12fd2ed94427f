/**
 * What a job's request means for its pool: the names' prefix (the
 * repository, the pool and a digest of the request, env by digest only), what
 * a candidate's record must show to be claimed, and the start request of a
 * pool sandbox: the job's own, under a pool name, with an enforced TTL of
 * pool-idle + max-ttl (with max-cost: what the budget buys, as for any
 * sandbox), and no wait for capacity (a refill never holds a job up).
 */
import { createHash } from 'node:crypto'
import type { StartConfig } from '../inputs/config.ts'
import type { PoolInput, PoolPreparation } from '../inputs/pool.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { ClaimRequest } from './match.ts'
import { poolPrefix, requestDigest, type PoolRequest } from './names.ts'

/** A start's config with its pool: start mode with `pool`, and mode `pool`. */
export type PooledConfig = Omit<StartConfig, 'mode' | 'pool'> & { pool: PoolInput }

/** With max-cost a claimed sandbox's TTL is what is left of the budget that bought it: at least this must be left. */
const BUDGET_LEFT_MS = 5 * 60_000

/** The env's digest: its keys and values never leave the runner, only 16 hex of their SHA-256. */
function envDigest(env: Record<string, string>): string | undefined {
  const keys = Object.keys(env).sort()
  if (keys.length === 0) return undefined
  const text = JSON.stringify(keys.map((key) => [key, env[key]]))
  return createHash('sha256').update(text).digest('hex').slice(0, 16)
}

/**
 * The preparation's digest: its script's text (its ends trimmed, as YAML may add a newline) and its key; without a
 * key, the contents of the checkout's lock files (a pull request with another lock file is another pool).
 */
export function preparationDigest(prepare: Pick<PoolPreparation, 'script' | 'key' | 'lockFiles'> | undefined) {
  if (!prepare) return undefined
  const files = prepare.key === '' ? prepare.lockFiles?.digest : undefined
  const parts = [prepare.script.trim(), prepare.key, ...(files ? [`files:${files}`] : [])]
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16)
}

/** What joined the preparation's digest without a pool-key, for the log (a checkout's names are a pull request's). */
export function digestLine(pool: PoolInput): string | undefined {
  if (!pool.prepare || pool.prepare.key !== '') return undefined
  const files = (pool.prepare.lockFiles?.files ?? []).map((file) => serviceText(file, 100))
  return files.length > 0
    ? `Pool '${pool.name}': the preparation's digest takes ${files.join(', ')} (no pool-key).`
    : `Pool '${pool.name}': no pool-key and no lock file in the upload: the preparation's digest is its script alone.`
}

export function poolRequestOf(config: PooledConfig): PoolRequest {
  return {
    cpu: config.cpu,
    memoryGib: config.memoryGib,
    storageGib: config.storageGib,
    gpuTypes: config.gpuTypes,
    gpuCount: config.gpuTypes.length > 0 ? (config.gpuCount ?? 1) : 0,
    image: config.image,
    networkPolicy: config.networkPolicy,
    envDigest: envDigest(config.env),
    domain: config.pool.domain,
    preparation: preparationDigest(config.pool.prepare),
  }
}

/** The prefix every name of this pool and request starts with. */
export const prefixFor = (config: PooledConfig): string =>
  poolPrefix(config.pool.repositoryId, config.pool.name, requestDigest(poolRequestOf(config)))

/** What a candidate's record must show for this job. */
export function claimRequestOf(config: PooledConfig): ClaimRequest {
  const gpus = config.gpuTypes.length > 0 ? (config.gpuCount ?? 1) : 0
  return {
    spec: {
      cpu_count: config.cpu,
      memory_gib: config.memoryGib,
      storage_gib: config.storageGib,
      ...(gpus > 0 ? { gpu_count: gpus } : {}),
    },
    gpuTypes: config.gpuTypes,
    network_policy: config.networkPolicy,
    ...(config.image === undefined ? {} : { image_id: config.image }),
    ttlMs: config.ttlByType ? BUDGET_LEFT_MS : config.maxTtlSeconds * 1000,
  }
}

/** A pool sandbox's start: the job's request under `name`, its TTL pool-idle + max-ttl, enforced. */
export function poolStartConfig(config: PooledConfig, name: string): StartConfig {
  const { pool, ...start } = config
  return {
    ...start,
    mode: 'start',
    name,
    nameWasGenerated: true,
    enforceTtl: true,
    maxTtlSeconds: config.maxTtlSeconds + pool.idleSeconds,
    capacityTimeoutMs: 0,
    replaceExisting: false,
  }
}
