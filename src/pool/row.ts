/** The pool's line in the job summary and the comment: where the sandbox came from, and the pool's trust domain. */
import type { TrustDomain } from '../inputs/trust-domain.ts'
import { formatDuration } from '../step/summary.ts'

/** Start with `pool`: where the sandbox came from. */
export interface PoolRow {
  name: string
  /** Whose pool: a pull request's jobs never share one with a branch's. */
  domain?: TrustDomain
  /** The claim: how long it took, and how long the sandbox had waited unclaimed (billed to this job). */
  claim?: { claimMs: number; waitedMs: number | undefined }
  /** Why nothing was claimed (the step started its own). */
  why?: string
  /** A prepared pool: the sandbox's time before the claim was its preparation and its wait. */
  prepared?: boolean
}

/** "from pool ci (branches): claimed in 1.2s; it waited 3m unclaimed (billed: the cost includes it)", or why not. */
export function poolText(pool: PoolRow): string {
  const named = `pool ${pool.name}${pool.domain ? ` (${pool.domain})` : ''}`
  if (!pool.claim) return `not from ${named}: started its own${pool.why ? ` (${pool.why})` : ''}`
  const { claimMs, waitedMs } = pool.claim
  const what = pool.prepared ? 'from its start, preparation included' : 'unclaimed'
  const waited =
    waitedMs === undefined ? '' : `; it waited ${formatDuration(waitedMs)} ${what} (billed: the cost includes it)`
  return `from ${named}: claimed in ${claimTime(claimMs)}${waited}`
}

/** A claim takes about a second: tenths below 10 s ("0.4s"), whole seconds and minutes above. */
export const claimTime = (ms: number) => (ms < 10_000 ? `${(Math.max(0, ms) / 1000).toFixed(1)}s` : formatDuration(ms))
