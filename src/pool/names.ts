/**
 * The warm pool's names (the contract's "Warm pool"): a pool sandbox is
 * named `gp-<GITHUB_REPOSITORY_ID>-<pool>-<8 hex of the request's digest>-<6 hex>`,
 * never a run's name (`gh-…`), so a retried start, `mode: stop`, the sweep and
 * the comment tell them apart, and a step lists only the pool sandboxes that
 * were started for a request like its own. What a pool sandbox really is comes
 * from its service record, never from its name: the digest only narrows the list.
 */
import { createHash } from 'node:crypto'
import { SANDBOX_ID_PATTERN } from '../client/schemas.ts'
import type { TrustDomain } from '../inputs/trust-domain.ts'

export { POOL_NAME } from '../inputs/pool.ts'
export { parsePoolName, type PoolNameParts } from '../inputs/default-name.ts'
import { parsePoolName, type PoolNameParts } from '../inputs/default-name.ts'
import { POOL_NAME } from '../inputs/pool.ts'
import { heldBy } from '../inputs/default-name.ts'

/** What a pool sandbox is started with: compared with a candidate's record before a claim. */
export interface PoolRequest {
  cpu: number
  memoryGib: number
  storageGib: number
  /** The GPU types in the order asked (a fallback list), none for a CPU sandbox. */
  gpuTypes: readonly string[]
  gpuCount: number
  image?: string
  /** The network policy as sent (JSON), if any. */
  networkPolicy?: unknown
  /** A digest of the `env` sent, never its values. */
  envDigest?: string
  /**
   * The trust domain the sandbox is started for: a pull request's and a branch's requests never share a digest, so no
   * step ever lists the other domain's sandboxes as its own. Names from before domains carry none: never matched.
   */
  domain: TrustDomain
  /**
   * With pool-prepare: 16 hex of the script's text and pool-key, so a job claims only sandboxes prepared by the same
   * script for the same key. Absent without one: a bare pool's names digest as before.
   */
  preparation?: string
}

/** Canonical JSON: keys sorted at every depth, so the same request always digests the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

/** The first 8 hex of the SHA-256 of the request's canonical JSON. */
export function requestDigest(request: PoolRequest): string {
  return createHash('sha256').update(canonical(request)).digest('hex').slice(0, 8)
}

/** The names' common start for one repository, pool and request: what a list is filtered by. */
export function poolPrefix(repositoryId: string, pool: string, digest: string): string {
  if (!/^\d+$/.test(repositoryId)) throw new Error(`pool: the repository id '${repositoryId}' is not a number`)
  if (!POOL_NAME.test(pool)) throw new Error(`pool: '${pool}' is not a pool name`)
  if (!/^[0-9a-f]{8}$/.test(digest)) throw new Error(`pool: '${digest}' is not a request digest`)
  return `gp-${repositoryId}-${pool}-${digest}-`
}

/** A fresh pool sandbox's name: the prefix and 6 random hex. */
export function poolSandboxName(prefix: string, random: () => number = Math.random): string {
  const hex = Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')
    .slice(-6)
  return `${prefix}${hex}`
}

/** A name's prefix, rebuilt from its parts: what a request's names start with. */
export const prefixOf = (parts: PoolNameParts) => `gp-${parts.repositoryId}-${parts.pool}-${parts.digest}-`

/**
 * The listed sandboxes whose parsed names `wanted` takes, with an id: the one reading of the list for the pool. Names
 * are parsed, never matched by their start: pool `ci`'s names start as pool `ci-deadbeef`'s may.
 */
export async function poolListed<T extends { id?: string; name?: string; status?: string }>(
  list: AsyncIterable<T>,
  wanted: (parts: PoolNameParts) => boolean,
): Promise<(T & { id: string })[]> {
  return (await poolView(list, wanted)).items
}

/**
 * One read of the list: the pool's sandboxes `wanted` takes (as poolListed), and the ids of every sandbox a hold in
 * the list names, live or not (hold.ts: one that was ever held was claimed, and is never claimed again).
 */
export async function poolView<T extends { id?: string; name?: string; status?: string }>(
  list: AsyncIterable<T>,
  wanted: (parts: PoolNameParts) => boolean,
): Promise<{ items: (T & { id: string })[]; held: Set<string> }> {
  const items: (T & { id: string })[] = []
  const held = new Set<string>()
  for await (const item of list) {
    const holds = heldBy(item.name)
    if (holds) held.add(holds.sandboxId)
    const parts = parsePoolName(item.name ?? '')
    // Only a real sandbox id is ever logged, put in a path or sent a claim.
    if (item.id && SANDBOX_ID_PATTERN.test(item.id) && parts && wanted(parts)) items.push(item as T & { id: string })
  }
  return { items, held }
}

/** The ids of the sandboxes a hold in the list names (poolView's second half, for readers of nothing else). */
export async function heldIn(
  list: AsyncIterable<{ id?: string; name?: string; status?: string }>,
): Promise<Set<string>> {
  return (await poolView(list, () => false)).held
}
