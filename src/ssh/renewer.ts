/**
 * The certificate renewer: the one process the action leaves running between
 * its steps (with `ssh` and in `connect` mode). It renews the SSH certificate
 * for the same key before it expires and replaces the certificate file
 * atomically, so an `ssh` started at any moment of the job finds a valid one.
 * It ends when the post step ends it, when the sandbox is gone or has ended,
 * at the sandbox's TTL, or when the certificate could not be renewed in time.
 * It talks only to base-url: POST /sandboxes/ssh-certificate, and one read of
 * its sandbox before each renewal (a certificate opens every sandbox of the
 * organization: none is asked for a sandbox that is gone).
 */
import { existsSync } from 'node:fs'
import { z } from 'zod'
import { isNotFound, isServiceError } from '../client/errors.ts'
import { retryUntil } from '../client/retry.ts'
import { SANDBOX_ID_PATTERN } from '../client/schemas.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { OpContext } from '../step/deps.ts'
import { replaceSecretFile } from './secret-files.ts'

/** What the renewer is handed through its stdin pipe: never argv, environment or a file (the token is in it). */
export const renewerSpecSchema = z.object({
  baseUrl: z.string().url(),
  apiToken: z.string().min(1),
  publicKey: z.string().regex(/^ssh-ed25519 [A-Za-z0-9+/=]+( .*)?$/),
  certPath: z.string().min(1),
  /**
   * When the certificate now in certPath was received, and when it expires (epoch ms; undefined: the service did not
   * say).
   */
  certIssuedAt: z.number(),
  certExpiresAt: z.number().optional(),
  sandboxId: z.string().regex(SANDBOX_ID_PATTERN),
  /** The sandbox's end by its TTL (epoch ms), when known: the renewer ends then. */
  endsAt: z.number().optional(),
  requestTimeoutMs: z.number().int().positive(),
})
export type RenewerSpec = z.infer<typeof renewerSpecSchema>

const RENEW_BEFORE_MS = 15 * 60_000
const SHORT_LIFETIME_MS = 45 * 60_000
/** A certificate whose expiry the service did not give is renewed this often. */
const UNKNOWN_LIFETIME_RENEW_MS = 10 * 60_000
/** Never two renewals closer than this, whatever the service says (an odd expires_at, a skewed clock). */
const MIN_RENEW_GAP_MS = 5_000
/** Sleeps are taken in pieces: a timer past ~24.8 days would fire at once. */
const MAX_SLEEP_MS = 60 * 60_000

async function sleepUntil(ctx: OpContext, at: number): Promise<void> {
  for (let left = at - ctx.clock.now(); left > 0; left = at - ctx.clock.now())
    await ctx.clock.sleep(Math.min(left, MAX_SLEEP_MS), ctx.signal)
}

/**
 * The certificate's expiry (epoch ms) from the service's `expires_at`; undefined when absent, unreadable or not after
 * `receivedAt`.
 */
export function certificateExpiry(expiresAt: string | undefined, receivedAt: number): number | undefined {
  const parsed = expiresAt ? Date.parse(expiresAt) : Number.NaN
  return Number.isFinite(parsed) && parsed > receivedAt ? parsed : undefined
}

/**
 * 15 minutes before expiry, or at two thirds of the lifetime for certificates shorter than 45 minutes (the SDK's rule).
 */
export function renewAt(issuedAt: number, expiresAt: number | undefined): number {
  if (expiresAt === undefined) return issuedAt + UNKNOWN_LIFETIME_RENEW_MS
  const lifetime = expiresAt - issuedAt
  return lifetime >= SHORT_LIFETIME_MS ? expiresAt - RENEW_BEFORE_MS : issuedAt + Math.floor((2 * lifetime) / 3)
}

export type RenewerEnd = 'ttl' | 'gone' | 'expired' | 'refused' | 'cancelled'

/**
 * Whether the sandbox is still there to reach: 404 or an ended status say no; an answer that does not come says
 * nothing.
 */
async function sandboxGone(
  ctx: OpContext,
  spec: RenewerSpec,
  isEnded: (status: string) => boolean,
): Promise<string | undefined> {
  try {
    const record = await ctx.client
      .withDeadline(ctx.clock.now() + spec.requestTimeoutMs, ctx.clock)
      .getSandbox(spec.sandboxId, ctx.signal)
    return isEnded(record.status) ? `sandbox ${spec.sandboxId} is ${serviceText(record.status, 40)}` : undefined
  } catch (error) {
    if (isNotFound(error)) return `sandbox ${spec.sandboxId} is gone (404)`
    return undefined
  }
}

/**
 * Renews until one of the ends above (`isEnded`: the service's status words, from sandbox/status.ts via the entry);
 * every line it logs is sanitised service text or its own words, never a certificate.
 */
export async function runRenewal(
  spec: RenewerSpec,
  ctx: OpContext,
  isEnded: (status: string) => boolean,
): Promise<RenewerEnd> {
  const { clock } = ctx
  let issuedAt = spec.certIssuedAt
  let expiresAt = spec.certExpiresAt
  for (;;) {
    const at = Math.max(renewAt(issuedAt, expiresAt), issuedAt + MIN_RENEW_GAP_MS)
    if (spec.endsAt !== undefined && at >= spec.endsAt) {
      await sleepUntil(ctx, spec.endsAt)
      ctx.log(`ended: the sandbox's TTL has come (${new Date(spec.endsAt).toISOString()})`)
      return 'ttl'
    }
    await sleepUntil(ctx, at)
    // The post step removed the private directory (or the job's cleanup did): nothing is left to renew for.
    if (!existsSync(spec.certPath)) {
      ctx.log('ended: the certificate file is gone (the post step removed the SSH files)')
      return 'cancelled'
    }
    const gone = await sandboxGone(ctx, spec, isEnded)
    if (gone) {
      ctx.log(`ended: ${gone}; no certificate is asked for it`)
      return 'gone'
    }
    // Retried (429, 5xx, lost answers) within the time the current certificate has left (at least 30 s).
    const deadline = Math.max(expiresAt ?? clock.now() + UNKNOWN_LIFETIME_RENEW_MS, clock.now() + 30_000)
    const client = ctx.client.withDeadline(deadline, clock)
    let answer
    try {
      answer = await retryUntil(ctx, deadline, 'renew the SSH certificate', () =>
        client.requestSshCertificate(spec.publicKey, ctx.signal),
      )
    } catch (error) {
      if (ctx.signal?.aborted) throw error
      const refused = isServiceError(error) && [400, 401, 403, 404].includes(error.status)
      const why = serviceText(error instanceof Error ? error.message : String(error), 300)
      ctx.log(`failed: the SSH certificate could not be renewed: ${why}`)
      return refused ? 'refused' : 'expired'
    }
    replaceSecretFile(spec.certPath, `${answer.ssh_certificate.trim()}\n`)
    issuedAt = clock.now()
    expiresAt = certificateExpiry(answer.expires_at, issuedAt)
    const until = expiresAt ? new Date(expiresAt).toISOString() : 'a time the service did not give'
    ctx.log(`renewed: the SSH certificate is valid until ${until}`)
  }
}
