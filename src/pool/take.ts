/**
 * Claiming a sandbox from the warm pool: the pool's ready
 * sandboxes from the service's list (their names carry the repository, the
 * pool and the request's digest), in a random order (steps racing for a few
 * sandboxes spread over them instead of all asking the first), a few at a time:
 * a survey of them at once (each one's fresh record checked against this job's
 * request, match.ts, and its claim looked at read only), then a claim on the
 * sandbox itself (claim.ts) on the unclaimed ones until one is won, before the
 * next few are asked.
 * Nothing claimed is never a failure: the caller starts its own, saying why in
 * one line. The whole attempt has a bound, so a pool that does not answer
 * costs a job seconds, not minutes.
 */
import type { ListedSandbox, SandboxRecord } from '../client/schemas.ts'
import type { SshTarget } from '../remote/ssh-command.ts'
import type { Clock } from '../runtime/clock.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { isReady } from '../sandbox/status.ts'
import { claimSandbox, lookAt, type ClaimVerdict } from './claim.ts'
import type { HoldVerdict } from './hold.ts'
import { mismatch, waitedMs, type ClaimRequest } from './match.ts'
import { poolView, prefixOf } from './names.ts'
import type { Mark } from './phases.ts'

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
  /**
   * The pull-requests domain: after the link is won, the hold (hold.ts), without which the claim is not this step's.
   * Absent for the branches domain, whose jobs' code is the repository's own.
   */
  hold?: (id: string, record: SandboxRecord) => Promise<HoldVerdict>
  /** A prepared pool (pool-prepare): a sandbox is claimed only once its preparation is marked as succeeded. */
  prepared?: boolean
  /** Told as each phase ends (list, survey, link, hold): the step's debug line of where the time went. */
  mark?: Mark
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

/**
 * The pool's sandboxes of this request (ready, or of no status yet: a record read decides), newest first; how many
 * of them a hold in the list names (claimed, whatever their sandbox says).
 */
async function candidates(deps: TakeDeps, prefix: string) {
  const { items, held } = await poolView(deps.list(), (parts) => prefixOf(parts) === prefix)
  const live = items.filter((item) => item.status === undefined || isReady(item.status))
  const free = live.filter((item) => !held.has(item.id))
  return { free, held: live.length - free.length }
}

/**
 * A candidate's record: the list's item where it shows everything a claim needs (it was just listed), else a fresh
 * read (a list may leave fields out); either way a field it does not show is a mismatch.
 */
async function recordOf(deps: TakeDeps, item: ListedSandbox & { id: string }, request: ClaimRequest) {
  const listed = item.status === undefined ? undefined : { ...item, status: item.status }
  if (listed && mismatch(listed, request, deps.clock.now()) === undefined) return listed
  return deps.read(item.id)
}

/** How many candidates are read and asked at once, and claimed from before the next are asked. */
const SURVEY_AT_ONCE = 4

/** What the survey found of one candidate: why it is out, or its record and SSH access and who holds it. */
type Surveyed =
  | { id: string; out: string; kind: 'mismatched' | 'failed' | 'taken' | 'unreachable' | 'unprepared' }
  | { id: string; record: SandboxRecord; target: SshTarget }

/**
 * Each candidate's record checked and its claim looked at, read only, several at once: a claimed sandbox of the
 * pool stays ready in the service's list while its job runs, so asking them one by one would make a job's claim as
 * slow as the pool is busy.
 */
async function survey(
  deps: TakeDeps,
  items: (ListedSandbox & { id: string })[],
  request: ClaimRequest,
): Promise<Surveyed[]> {
  const one = async (item: ListedSandbox & { id: string }): Promise<Surveyed> => {
    const { id } = item
    try {
      const record = await recordOf(deps, item, request)
      const why = mismatch(record, request, deps.clock.now())
      if (why) return { id, out: why, kind: 'mismatched' }
      const target = await deps.reach(id, record)
      const look = await lookAt(target, id, { env: deps.env, signal: deps.signal })
      if (look.by) return { id, out: `claimed by ${look.by}`, kind: 'taken' }
      // One that cannot say whether it is claimed (no answer over SSH) would not answer a claim either.
      if (look.by === undefined) return { id, out: 'no answer over SSH to whether it is claimed', kind: 'unreachable' }
      if (deps.prepared && look.preparedAt === undefined)
        return { id, out: 'its preparation has not succeeded yet', kind: 'unprepared' }
      return { id, record, target }
    } catch (error) {
      return { id, out: `no record or SSH access (${serviceText(String(error), 200)})`, kind: 'failed' }
    }
  }
  const found: Surveyed[] = []
  for (let k = 0; k < items.length; k += SURVEY_AT_ONCE)
    found.push(...(await Promise.all(items.slice(k, k + SURVEY_AT_ONCE).map(one))))
  return found
}

/** The hold's verdict in the claim's words: held is won; any other leaves the sandbox to whoever holds it. */
function holdOutcome(verdict: HoldVerdict): ClaimVerdict {
  if (verdict.kind === 'held') return { kind: 'won' }
  if (verdict.kind === 'taken') return { kind: 'taken', by: "another job's hold" }
  const left = verdict.kind === 'unsure' ? '; neither used nor stopped, its TTL ends it' : ''
  return { kind: 'failed', why: `its hold was not started (${verdict.why})${left}` }
}

/** The claim on one surveyed candidate (tracked before it is sent): the link, then, where asked for, the hold. */
export async function claimOne(
  deps: Omit<TakeDeps, 'list' | 'read' | 'reach' | 'clock' | 'log'>,
  candidate: { id: string; target: SshTarget; record: SandboxRecord },
  claimant: string,
): Promise<ClaimVerdict> {
  deps.track?.(candidate.id, candidate.target)
  const link = await claimSandbox(candidate.target, candidate.id, claimant, {
    env: deps.env,
    signal: deps.signal,
    prepared: deps.prepared,
  })
  deps.mark?.('link')
  // No answer (a dropped connection, a hang): the claim may have been made; it stays tracked, to be asked again.
  if (link.kind === 'taken' || link.kind === 'failed') deps.track?.(candidate.id, undefined)
  if (link.kind !== 'won' || !deps.hold) return link
  const held = await deps.hold(candidate.id, candidate.record)
  deps.mark?.('hold')
  // Another's hold, or one whose answer was lost: never this step's to use or to stop (the post step leaves it). A
  // hold that failed outright had `hold` release the link: tracked until its stop is accepted, so a refused stop is
  // the post step's to make again.
  if (held.kind === 'taken' || held.kind === 'unsure') deps.track?.(candidate.id, undefined)
  return holdOutcome(held)
}

/** A sandbox of the pool claimed for this job, or why none was (one line, safe text). */
export async function takeFromPool(
  deps: TakeDeps,
  pool: { name: string; prefix: string; request: ClaimRequest; claimant: string },
): Promise<({ taken: Taken } | { why: string }) & { unsure?: string[] }> {
  const began = deps.clock.now()
  const { free: items, held } = await candidates(deps, pool.prefix)
  deps.mark?.('list')
  if (items.length + held === 0) return { why: `pool '${pool.name}' has no ready sandbox for this request` }
  const seen = { taken: held, unreachable: 0, mismatched: 0, failed: 0, unprepared: 0 }
  const unsure: string[] = []
  // In a random order, so steps racing for a few spread over them; a few surveyed at once, and claimed from before
  // the next few are asked, so a claim in a large pool costs a few connections rather than one to every sandbox.
  const order = (deps.shuffle ?? randomOrder)([...items])
  for (let k = 0; k < order.length && deps.clock.now() - began <= TAKE_BUDGET_MS; k += SURVEY_AT_ONCE) {
    const surveyed = await survey(deps, order.slice(k, k + SURVEY_AT_ONCE), pool.request)
    deps.mark?.('survey')
    for (const out of surveyed.filter((item) => 'out' in item)) {
      seen[out.kind]++
      deps.log(`Pool '${pool.name}': ${out.id} not claimed: ${out.out}.`)
    }
    const taken = await claimFirst(deps, surveyed, pool, { began, seen, unsure })
    if (taken) return { taken, ...(unsure.length ? { unsure } : {}) }
  }
  return { why: nothingTaken(pool.name, items.length + held, seen), ...(unsure.length > 0 ? { unsure } : {}) }
}

/** The claim on each unclaimed one of a survey, in its order, until one is won (within the attempt's bound). */
async function claimFirst(
  deps: TakeDeps,
  surveyed: Surveyed[],
  pool: { name: string; claimant: string },
  attempt: { began: number; seen: Record<string, number>; unsure: string[] },
): Promise<Taken | undefined> {
  for (const candidate of surveyed.flatMap((item) => ('out' in item ? [] : [item]))) {
    if (deps.clock.now() - attempt.began > TAKE_BUDGET_MS) break
    const verdict = await claimOne(deps, candidate, pool.claimant)
    if (verdict.kind === 'won') {
      const waited = waitedMs(candidate.record, deps.clock.now())
      const taken = { id: candidate.id, record: candidate.record, claimMs: deps.clock.now() - attempt.began }
      return waited === undefined ? taken : { ...taken, waitedMs: waited }
    }
    attempt.seen[verdict.kind] = (attempt.seen[verdict.kind] ?? 0) + 1
    if (verdict.kind === 'unreachable') attempt.unsure.push(candidate.id)
    // Unclaimed when looked at, claimed when asked: a race lost to another step.
    const why = verdict.kind === 'taken' ? `another job claimed it first (${verdict.by})` : verdict.why
    deps.log(`Pool '${pool.name}': ${candidate.id} not claimed: ${serviceText(why, 200)}.`)
  }
  return undefined
}

const SEEN_WORDS: Record<string, string> = { taken: 'claimed by another job', unprepared: 'still being prepared' }

function nothingTaken(pool: string, count: number, seen: Record<string, number>): string {
  const parts = Object.entries(seen)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${SEEN_WORDS[kind] ?? kind}`)
  const what = parts.join(', ') || 'out of time'
  return `none of the ${count} live sandbox${count === 1 ? '' : 'es'} of pool '${pool}' could be claimed (${what})`
}
