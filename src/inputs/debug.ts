/**
 * `debug-on-failure` and `debug-public-key`: after a failed run,
 * the post step holds the sandbox this long for a person to connect with the
 * public key's owner's private key (the service signs a certificate for the
 * public key; the private key never leaves its owner). It needs the action's
 * own SSH access (to see the release file), so it implies it. For a pull
 * request from a fork the hold is refused, never the run: the
 * inputs are still checked, and `refused` says why (the post step warns once).
 */
import { z } from 'zod'
import type { Collector } from './collector.ts'
import { duration } from './durations.ts'
import type { JobEnvironment } from './job-environment.ts'
import { refuse } from './refuse.ts'
import { isForkPullRequest } from './runner.ts'

export interface DebugRequest {
  holdMs: number
  publicKey: string
  /** Why no hold is made at all (a pull request from a fork): then nothing is set up for one. */
  refused?: string
}

export const FORK_REFUSAL =
  'the hold is refused for pull requests from forks: their code would keep a machine of yours running, ' +
  'and its log would hand a way in to whoever holds the key'

/** A hold of at most 6 hours: the enforced TTL bounds it anyway. */
const HOLD_BOUNDS = { minSeconds: 10, maxSeconds: 6 * 3600 }

const publicKey = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  const [type = '', body = ''] = text.split(' ')
  const types = ['ssh-ed25519', 'ssh-rsa', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521']
  if (!types.includes(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(body) || /[\r\n]/.test(text) || text.length > 4096)
    return refuse(ctx, 'must be one OpenSSH public key line (ssh-ed25519 AAAA… you@host); never a private key')
  return text
})

export function parseDebug(inputs: Collector, job: JobEnvironment): DebugRequest | undefined {
  if (!inputs.isSet('debug-on-failure')) {
    if (inputs.isSet('debug-public-key')) inputs.fail('debug-public-key', "is set but 'debug-on-failure' is empty")
    return undefined
  }
  const holdSeconds = inputs.parse('debug-on-failure', duration(HOLD_BOUNDS))
  if (!inputs.isSet('debug-public-key'))
    inputs.fail('debug-public-key', 'is required with debug-on-failure: the public key whose owner connects')
  const key = inputs.isSet('debug-public-key') ? inputs.parse('debug-public-key', publicKey) : undefined
  if (holdSeconds === undefined || key === undefined) return undefined
  const refused = isForkPullRequest(job.env ?? {}) ? FORK_REFUSAL : undefined
  return { holdMs: holdSeconds * 1000, publicKey: key, ...(refused ? { refused } : {}) }
}
