/** The job summary of mode `start`: what was started, how it went, what it costs. */
import type { SandboxRecord } from '../client/schemas.ts'
import type { StartConfig } from '../inputs/config.ts'
import { formatDollars, type BillingContext } from '../sandbox/billing.ts'
import { expiresAt, failureReason } from '../sandbox/record.ts'
import type { StartedSandbox } from '../sandbox/start.ts'
import { isReady } from '../sandbox/status.ts'
import { WaitTimeoutError } from '../sandbox/wait.ts'
import { poolText, type PoolRow } from '../pool/row.ts'
import { formatDuration, listWithLimit, markdownTable } from '../step/summary.ts'

/** What the wait (or the one read of wait: false) ended with. */
export interface WaitOutcome {
  /** The settled record, when the wait ended ready or failed (or the one read answered). */
  record?: SandboxRecord
  /** The newest record seen: after a timeout or a poll error, the best word on the sandbox. */
  known: SandboxRecord | undefined
  status: string
  /** Why waiting ended early (timeout, a poll error); the step fails with it after the summary. */
  error?: unknown
}

type Row = [string, string]

export function startSummary(
  config: StartConfig,
  started: StartedSandbox,
  waited: WaitOutcome,
  billing: BillingContext,
  elapsedMs: number,
  pool?: PoolRow,
): string {
  const { status, known, error } = waited
  const policy = config.networkPolicy
  const allowed = [...(policy.cidr_allowlist ?? []), ...(policy.domain_allowlist ?? [])]
  const failure = failureReason(known)
  const expires = expiresAt(known)
  const optional = (condition: unknown, row: Row): Row[] => (condition ? [row] : [])
  return (
    `### Sandbox ${started.id}\n\n` +
    markdownTable([
      ['Name', started.name],
      ...optional(pool, ['Pool', pool ? poolText(pool) : '']),
      [
        'Status',
        error
          ? `${status} (waiting ended: ${error instanceof WaitTimeoutError ? 'timeout' : 'error'}; ` +
            `the post step stops it)`
          : status,
      ],
      ['Spec', `${config.cpu} vCPU, ${config.memoryGib} GiB memory, ${config.storageGib} GiB storage`],
      ['GPU', started.gpuType ? `${config.gpuCount ?? 1} x ${started.gpuType}` : 'none'],
      ['GPU attempts', listWithLimit(started.attempts, 12)],
      ['Network', `${policy.internet_access}${allowed.length > 0 ? `; allowed: ${listWithLimit(allowed, 20)}` : ''}`],
      ...optional(failure, ['Failure', failure ?? '']),
      [
        'TTL',
        formatDuration((config.ttlByType?.[started.gpuType ?? 'cpu'] ?? config.maxTtlSeconds) * 1000) +
          (config.enforceTtl ? ' (enforced by the service)' : ' (not enforced)'),
      ],
      ...optional(expires, ['Expires', `${expires} (the service ends it then)`]),
      ...optional(config.image, ['Image', config.image ?? '']),
      [isReady(status) && !error ? 'Time to running' : 'Time in the step', formatDuration(elapsedMs)],
      ['Estimated cost', billing.cost],
      ...optional(config.capsApplied, ['Caps', listWithLimit(config.capsApplied ?? [], 6)]),
      ...optional(config.capsApplied && billing.dollarsPerHour !== undefined, [
        'Cost so far',
        `~${formatDollars(((billing.dollarsPerHour ?? 0) * elapsedMs) / 3_600_000)} ` +
          `(${formatDuration(elapsedMs)} at the estimate)`,
      ]),
      ['Credit alert', billing.creditAlert],
      ['Cleanup', config.keepAlive ? 'keep-alive: stop it later with mode: stop' : 'stopped by the post step'],
    ])
  )
}
