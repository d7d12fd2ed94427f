/**
 * The default sandbox name, and how mode: sweep recognises it:
 * gh-<GITHUB_REPOSITORY_ID>-<GITHUB_RUN_ID>-<GITHUB_RUN_ATTEMPT>-<6 hex>.
 * A name a user chose is never read as one of these unless it has exactly
 * this shape, and then it also needs this repository's id and a completed run.
 * A warm pool's sandbox is named
 * gp-<GITHUB_REPOSITORY_ID>-<pool>-<8 hex of the request's digest>-<6 hex>:
 * never a run's name, so a retried start, mode: stop and the sweep tell them apart.
 * A claim's hold (pool/hold.ts) is named gc-<GITHUB_REPOSITORY_ID>-<16 hex of
 * the held sandbox's id>: one name per pool sandbox, so one live hold at most.
 */
import { randomBytes } from 'node:crypto'

/** What the generated name is made of; GITHUB_* on a runner. */
export interface NameSource {
  repositoryId: string | undefined
  runId: string | undefined
  runAttempt: string | undefined
  randomHex?: () => string
}

const GENERATED = /^gh-([1-9]\d{0,19})-([1-9]\d{0,19})-([1-9]\d{0,5})-([0-9a-f]{6})$/
const digits = (value: string | undefined) => (value && /^[1-9]\d{0,19}$/.test(value) ? value : undefined)

/** gh-<repository id>-<run id>-<attempt>-<hex> in a workflow run; local-<hex> anywhere else. */
export function generateSandboxName(source: NameSource): string {
  const hex = source.randomHex ? source.randomHex() : randomBytes(3).toString('hex')
  const [repositoryId, runId, attempt] = [digits(source.repositoryId), digits(source.runId), digits(source.runAttempt)]
  const name = repositoryId && runId && attempt ? `gh-${repositoryId}-${runId}-${attempt}-${hex}` : `local-${hex}`
  // Always a valid name, whatever the environment says.
  return GENERATED.test(name) || /^local-[0-9a-f]{6}$/.test(name) ? name : `local-${randomBytes(3).toString('hex')}`
}

export interface GeneratedName {
  repositoryId: string
  runId: string
  runAttempt: number
}

/** The parts of a name this action generated in a workflow run; undefined for any other name. */
export function parseGeneratedName(name: string | undefined): GeneratedName | undefined {
  const match = GENERATED.exec(name ?? '')
  if (!match) return undefined
  return { repositoryId: match[1] as string, runId: match[2] as string, runAttempt: Number(match[3]) }
}

const POOL_SANDBOX = /^gp-([1-9]\d{0,19})-([a-z0-9][a-z0-9-]{0,18}[a-z0-9]|[a-z0-9])-([0-9a-f]{8})-([0-9a-f]{6})$/

export interface PoolNameParts {
  repositoryId: string
  pool: string
  digest: string
  suffix: string
}

/** The parts of a pool sandbox's name, or undefined for any other name (a run's, a hand-made one). */
export function parsePoolName(name: string | undefined): PoolNameParts | undefined {
  const match = POOL_SANDBOX.exec(name ?? '')
  if (!match) return undefined
  const [, repositoryId = '', pool = '', digest = '', suffix = ''] = match
  return { repositoryId, pool, digest, suffix }
}

const HOLD = /^gc-([1-9]\d{0,19})-([0-9a-f]{16})$/

/** The hold's name for `sandboxId` (sbx-<16 hex>) of this repository. */
export function holdName(repositoryId: string, sandboxId: string): string {
  if (!/^[1-9]\d{0,19}$/.test(repositoryId)) throw new Error(`hold: '${repositoryId}' is not a repository id`)
  if (!/^sbx-[0-9a-f]{16}$/.test(sandboxId)) throw new Error(`hold: '${sandboxId.slice(0, 40)}' is not a sandbox id`)
  return `gc-${repositoryId}-${sandboxId.slice('sbx-'.length)}`
}

/** The sandbox a hold's name holds, and whose repository; undefined for any other name. */
export function heldBy(name: string | undefined): { repositoryId: string; sandboxId: string } | undefined {
  const match = HOLD.exec(name ?? '')
  return match ? { repositoryId: match[1] as string, sandboxId: `sbx-${match[2] as string}` } : undefined
}
