/**
 * Claiming a sandbox from the warm pool (issue 55, not wired into a mode yet):
 * the pool's live sandboxes from the service's list (their names carry the
 * repository, the pool and the request's digest), each one's fresh record
 * checked against this job's request (match.ts), then a claim on the sandbox
 * itself (claim.ts) until one is won. Candidates are tried in a random order,
 * so steps racing for a few sandboxes spread over them instead of all asking
 * the first. Nothing claimed is never a failure: the caller starts its own,
 * saying why in one line. The whole attempt has a bound, so a pool that does
 * not answer costs a job seconds, not minutes.
 */
import type { ListedSandbox, SandboxRecord } from '../client/schemas.ts'
import type { SshTarget } from '../remote/ssh-command.ts'
import type { Clock } from '../runtime/clock.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { isReady } from '../sandbox/status.ts'
import { claimSandbox, type ClaimVerdict } from './claim.ts'
import { mismatch, waitedMs, type ClaimRequest } from './match.ts'
import { poolListed, prefixOf } from './names.ts'

/** How long one step may spend trying the pool before it starts its own. */
export const TAKE_BUDGET_MS = 30_000

export interface TakeDeps {
  clock: Clock
  /** The service's list of sandboxes, newest first (bounded by the caller). */
  list: () => AsyncIterable<ListedSandbox>
  /** A candidate's fresh record (a list item may leave fields out). */
  read: (id: string) => Promise<SandboxRecord>
  /** SSH access to a candidate: where the claim's ssh connects. */
  reach: (id: string, record: SandboxRecord) => Promise<SshTarget>
  env: NodeJS.ProcessEnv
  signal?: AbortSignal
  log: (message: string) => void
  /** Shuffles candidates (tests pass the identity). */
  shuffle?: <T>(items: T[]) => T[]
  /**
   * Told of each claim before it is sent (with its target) and once its answer says it is not this step's (no
   * target): the step's state keeps what may be its own, so a cancel or a lost answer is asked again later.
   */
  track?: (id: string, target: SshTarget | undefined) => void
}

export interface Taken {
  id: string
  record: SandboxRecord
  /** How long it waited unclaimed (billed). */
  waitedMs?: number
  /** How long the claim took, list included. */
  claimMs: number
}

const randomOrder = <T>(items: T[]): T[] =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item)

/** The pool's sandboxes of this request (ready, or of no status yet: a record read decides), newest first. */
async function candidates(deps: TakeDeps, prefix: string): Promise<string[]> {
  const listed = await poolListed(deps.list(), (parts) => prefixOf(parts) === prefix)
  return listed.filter((item) => item.status === undefined || isReady(item.status)).map((item) => item.id)
}

/** One candidate: its record checked, then the claim; what came of it. */
async function tryOne(
  deps: TakeDeps,
  id: string,
  wanted: { request: ClaimRequest; claimant: string },
): Promise<{ record: SandboxRecord; verdict: ClaimVerdict } | { skipped: string }> {
  const record = await deps.read(id)
  const why = mismatch(record, wanted.request, deps.clock.now())
  if (why) return { skipped: why }
  const target = await deps.reach(id, record)
  deps.track?.(id, target)
  const verdict = await claimSandbox(target, id, wanted.claimant, { env: deps.env, signal: deps.signal })
  // No answer (a dropped connection, a hang): the claim may have been made; it stays tracked, to be asked again.
  if (verdict.kind === 'taken' || verdict.kind === 'failed') deps.track?.(id, undefined)
  return { record, verdict }
}

/** A sandbox of the pool claimed for this job, or why none was (one line, safe text). */
export async function takeFromPool(
  deps: TakeDeps,
  pool: { name: string; prefix: string; request: ClaimRequest; claimant: string },
): Promise<({ taken: Taken } | { why: string }) & { unsure?: string[] }> {
  const began = deps.clock.now()
  const ids = (deps.shuffle ?? randomOrder)(await candidates(deps, pool.prefix))
  if (ids.length === 0) return { why: `pool '${pool.name}' has no live sandbox for this request` }
  const seen = { taken: 0, unreachable: 0, mismatched: 0, failed: 0 }
  const unsure: string[] = []
  for (const id of ids) {
    if (deps.clock.now() - began > TAKE_BUDGET_MS) break
    const tried = await tryOne(deps, id, pool).catch((error: unknown) => ({
      skipped: `no record or SSH access (${serviceText(String(error), 200)})`,
      failed: true,
    }))
    if ('skipped' in tried) {
      seen['failed' in tried ? 'failed' : 'mismatched']++
      deps.log(`Pool '${pool.name}': ${id} not claimed: ${tried.skipped}.`)
      continue
    }
    const { record, verdict } = tried
    if (verdict.kind === 'won') {
      const waited = waitedMs(record, deps.clock.now())
      const taken = {
        id,
        record,
        claimMs: deps.clock.now() - began,
        ...(waited === undefined ? {} : { waitedMs: waited }),
      }
      return { taken, ...(unsure.length > 0 ? { unsure } : {}) }
    }
    seen[verdict.kind === 'taken' ? 'taken' : verdict.kind === 'unreachable' ? 'unreachable' : 'failed']++
    if (verdict.kind === 'unreachable') unsure.push(id)
    const why = verdict.kind === 'taken' ? `claimed by ${verdict.by}` : verdict.why
    deps.log(`Pool '${pool.name}': ${id} not claimed: ${serviceText(why, 200)}.`)
  }
  return { why: nothingTaken(pool.name, ids.length, seen), ...(unsure.length > 0 ? { unsure } : {}) }
}

function nothingTaken(pool: string, count: number, seen: Record<string, number>): string {
  const parts = Object.entries(seen)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind === 'taken' ? 'claimed by another job' : kind}`)
  const what = parts.join(', ') || 'out of time'
  return `none of the ${count} live sandbox${count === 1 ? '' : 'es'} of pool '${pool}' could be claimed (${what})`
}
