/**
 * Which listed sandboxes are this repository's orphans. A sandbox is stopped
 * only when every fact says so: a name this action generated, this
 * repository's id, and GitHub saying the run (that attempt) is over. Anything
 * else is kept, with the reason.
 */
import { SANDBOX_ID_PATTERN, type ListedSandbox } from '../client/schemas.ts'
import { heldBy, parseGeneratedName, parsePoolName } from '../inputs/default-name.ts'
import { isNotLive } from '../sandbox/status.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { RunLookup } from './github-runs.ts'

export interface Candidate {
  id: string
  name: string
  status: string
  /** The run (and attempt) the name points at, when it is this repository's. */
  run?: { id: string; attempt: number }
  decision: 'stop' | 'keep'
  reason: string
  /** Why GitHub could not decide it (no answer, DNS, a 5xx): kept, and counted by the sweep. */
  undecided?: string
}

export interface Decisions {
  candidates: Candidate[]
  /** Listed sandboxes that are not live (ended, stopping, failed): nothing to decide. */
  notLive: number
}

/** Every live listed sandbox, decided without asking GitHub (names and repository). */
function firstLook(sandbox: ListedSandbox, repositoryId: string): Candidate | undefined {
  const status = sandbox.status ?? 'unknown'
  if (isNotLive(sandbox.status)) return undefined
  const id = typeof sandbox.id === 'string' ? sandbox.id : ''
  const name = typeof sandbox.name === 'string' ? sandbox.name : ''
  const base = { id, name, status }
  if (!SANDBOX_ID_PATTERN.test(id)) return { ...base, decision: 'keep', reason: 'its id is not a sandbox id' }
  const generated = parseGeneratedName(name)
  const pooled = parsePoolName(name)
  // A warm pool's sandbox has no run: the pool's idle rule decides it (pool/sweep.ts), never the run's end.
  if (pooled) {
    const whose = pooled.repositoryId === repositoryId ? '' : ` of another repository (id ${pooled.repositoryId})`
    const reason = `warm pool '${pooled.pool}'${whose}: stopped only when idle past pool-idle`
    return { ...base, decision: 'keep', reason }
  }
  const holds = heldBy(name)
  // A claim's hold has no run either: it ends with the sandbox it holds (pool/sweep-holds.ts).
  if (holds) {
    const whose = holds.repositoryId === repositoryId ? '' : ` of another repository (id ${holds.repositoryId})`
    return { ...base, decision: 'keep', reason: `the hold of pool sandbox ${holds.sandboxId}${whose}: ends with it` }
  }
  if (!generated)
    return { ...base, decision: 'keep', reason: 'not a name this action generates (user-chosen names are never swept)' }
  if (generated.repositoryId !== repositoryId)
    return { ...base, decision: 'keep', reason: `another repository's (id ${generated.repositoryId})` }
  return {
    ...base,
    run: { id: generated.runId, attempt: generated.runAttempt },
    decision: 'keep',
    reason: 'not decided',
  }
}

/**
 * Decides every listed sandbox; GitHub is asked once per run. Throws GitHubAccessError before anything is decided to
 * stop.
 */
export async function decide(
  listed: readonly ListedSandbox[],
  repositoryId: string,
  lookup: RunLookup,
): Promise<Decisions> {
  const candidates: Candidate[] = []
  let notLive = 0
  for (const sandbox of listed) {
    const candidate = firstLook(sandbox, repositoryId)
    if (candidate) candidates.push(candidate)
    else notLive++
  }
  for (const candidate of candidates) {
    if (!candidate.run) continue
    const verdict = await lookup(candidate.run.id)
    const attempt = candidate.run.attempt
    if (verdict.kind === 'unknown') {
      candidate.reason = 'GitHub does not know this run (404: deleted, or not a run of this repository)'
    } else if (verdict.kind === 'unreadable') {
      candidate.undecided = verdict.detail
      candidate.reason = `GitHub could not say whether the run is over (${verdict.detail}); the next sweep asks again`
    } else if (attempt > verdict.attempt) {
      // The list was read before GitHub was asked: an attempt GitHub does not show yet is running.
      candidate.reason = `attempt ${attempt} is newer than the run GitHub shows (attempt ${verdict.attempt})`
    } else if (attempt < verdict.attempt) {
      // A re-run starts only after the earlier attempt completed.
      candidate.decision = 'stop'
      candidate.reason = `attempt ${attempt} is over (the run is on attempt ${verdict.attempt})`
    } else if (verdict.kind === 'completed') {
      candidate.decision = 'stop'
      candidate.reason = `run completed${verdict.conclusion ? ` (${serviceText(verdict.conclusion, 40)})` : ''}`
    } else {
      candidate.reason = `run is ${serviceText(verdict.status, 40)}`
    }
  }
  return { candidates, notLive }
}
