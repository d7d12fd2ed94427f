/**
 * Fields of the sandbox record beyond `status` that the deployed service
 * shows (docs/service.md); each may be absent, and each is service
 * text: it reaches a log or the summary only through untrusted.ts.
 */
import type { SandboxRecord } from '../client/schemas.ts'
import { serviceText } from '../runtime/untrusted.ts'

function text(record: SandboxRecord | undefined, field: string): string | undefined {
  const value = record?.[field]
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** Why a failed sandbox failed: `failure_code: failure`, either part alone, or undefined. Already one safe line. */
export function failureReason(record: SandboxRecord | undefined): string | undefined {
  const code = text(record, 'failure_code')
  const failure = text(record, 'failure')
  if (!code && !failure) return undefined
  return serviceText([code, failure].filter(Boolean).join(': '))
}

/** When the service will end it (ISO 8601), when it says so. */
export function expiresAt(record: SandboxRecord | undefined): string | undefined {
  return text(record, 'expires_at')
}

/** A date field as epoch milliseconds, when the record has it and it reads. */
function dateMs(record: SandboxRecord | undefined, field: string): number | undefined {
  const value = text(record, field)
  const ms = value === undefined ? Number.NaN : Date.parse(value)
  return Number.isFinite(ms) ? ms : undefined
}

/**
 * When the sandbox ends by its TTL (epoch ms): the record's expires_at, else `fallback` (the start's own reckoning).
 */
export function endsAtMs(record: SandboxRecord | undefined, fallback: number | undefined): number | undefined {
  return dateMs(record, 'expires_at') ?? fallback
}

/** When the service created it, as epoch milliseconds, when it says so and the date reads. */
export function createdAtMs(record: SandboxRecord | undefined): number | undefined {
  return dateMs(record, 'created_at')
}
