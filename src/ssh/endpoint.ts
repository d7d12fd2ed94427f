/**
 * Where `ssh <alias>` connects: read from the sandbox record's `ssh` field or
 * an instance's `ip`/`port`. Every value goes into an SSH config file, so each
 * is checked against a strict pattern (a newline in a host name would be a
 * config line of the service's choosing).
 */
import { serviceText } from '../runtime/untrusted.ts'

export interface SshEndpoint {
  host: string
  port: number
  user: string
  /** The host's public key to pin (`ssh-ed25519 AAAA…`); undefined: none given. */
  hostKey: string | undefined
}

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
/** A host name, an IPv4 address, or an IPv6 address (bracketed or not). */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\d{1,3}(?:\\.\\d{1,3}){3}|\\[?[0-9A-Fa-f:.]+\\]?)$`)
const USER = /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/
const KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp(?:256|384|521)',
  'sk-ssh-ed25519@openssh\\.com',
  'sk-ecdsa-sha2-nistp256@openssh\\.com',
]
const HOST_KEY = new RegExp(`^(${KEY_TYPES.join('|')}) ([A-Za-z0-9+/]+={0,3})(?: [^\\r\\n]*)?$`)

/** Why an endpoint could not be read: service text, already made safe for a message. */
export class SshEndpointError extends Error {}

function port(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 65535) {
    throw new SshEndpointError(`port ${serviceText(value, 40)} is not a TCP port`)
  }
  return number
}

function host(value: unknown): string {
  if (typeof value !== 'string' || value.length > 253 || !HOST.test(value))
    throw new SshEndpointError(`host ${serviceText(value, 80)} is not a host name or address`)
  return value.replace(/^\[|\]$/g, '')
}

/** The record's `ssh` object: host, port (22), user (ubuntu) and host_key. Undefined: the record has none. */
export function endpointFromRecord(record: Record<string, unknown> | undefined): SshEndpoint | undefined {
  const ssh = record?.ssh
  if (ssh === undefined || ssh === null) return undefined
  if (typeof ssh !== 'object' || Array.isArray(ssh))
    throw new SshEndpointError('the record’s ssh field is not an object')
  const fields = ssh as Record<string, unknown>
  const user = fields.user ?? 'ubuntu'
  if (typeof user !== 'string' || !USER.test(user))
    throw new SshEndpointError(`user ${serviceText(user, 40)} is not a login name`)
  let hostKey: string | undefined
  if (fields.host_key !== undefined && fields.host_key !== null) {
    const match = typeof fields.host_key === 'string' ? HOST_KEY.exec(fields.host_key.trim()) : null
    if (!match) throw new SshEndpointError('host_key is not one OpenSSH public key line')
    hostKey = `${match[1]} ${match[2]}`
  }
  return { host: host(fields.host), port: port(fields.port, 22), user, hostKey }
}

/** An instance from GET /instances/list: ip and port; no host key is given for instances. */
export function endpointFromInstance(instance: Record<string, unknown>): SshEndpoint {
  const user = typeof instance.user === 'string' && USER.test(instance.user) ? instance.user : 'ubuntu'
  return { host: host(instance.ip), port: port(instance.port, 22), user, hostKey: undefined }
}
