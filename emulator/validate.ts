/** What the service accepts: names, ids, the start body and network policies. */
import { isIP } from 'node:net'
import { HttpError } from './http.ts'
import { GPU_TYPES, type GpuType, type StartBody } from './options.ts'

export const LIVE_STATUSES = new Set(['pending', 'provisioning', 'running', 'stopping'])
export const SANDBOX_ID = /^sbx-[a-f0-9]{16}$/
const NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/
const DOMAIN = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/

function isCidr(entry: unknown): boolean {
  if (typeof entry !== 'string') return false
  const [address, prefix, ...rest] = entry.split('/')
  if (rest.length > 0 || address === undefined || prefix === undefined || !/^\d{1,3}$/.test(prefix)) return false
  const version = isIP(address)
  return (version === 4 && Number(prefix) <= 32) || (version === 6 && Number(prefix) <= 128)
}

function positiveInt(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2 ** 31 - 1
}

export function validateStart(body: unknown, raw: string): StartBody {
  const fail = (message: string): never => {
    throw new HttpError(400, 'invalid_request', message)
  }
  if (raw.trim() === '') fail('a request body is required')
  if (body === null || typeof body !== 'object' || Array.isArray(body) || typeof body === 'string')
    fail('the body must be a JSON object')
  const b = body as Record<string, unknown>
  if (b.name !== undefined && (typeof b.name !== 'string' || !NAME.test(b.name))) {
    fail("name must be 1-63 lower-case letters, digits and '-', starting and ending with a letter or digit")
  }
  const spec = b.spec as Record<string, unknown> | undefined
  if (!spec || typeof spec !== 'object') fail('spec is required')
  for (const field of ['cpu_count', 'memory_gib', 'storage_gib'] as const) {
    if (!positiveInt(spec?.[field])) fail(`spec.${field} must be an integer >= 1`)
  }
  if (spec?.gpu_type !== undefined && !GPU_TYPES.includes(spec.gpu_type as GpuType))
    fail(`spec.gpu_type must be one of ${GPU_TYPES.join(', ')}`)
  if (spec?.gpu_count !== undefined && !positiveInt(spec.gpu_count)) fail('spec.gpu_count must be an integer >= 1')
  if (spec?.gpu_count !== undefined && spec.gpu_type === undefined) fail('spec.gpu_count requires spec.gpu_type')
  validatePolicy(b.network_policy, fail)
  const lifetime = b.lifetime as Record<string, unknown> | undefined
  if (!lifetime || typeof lifetime !== 'object' || Array.isArray(lifetime)) fail('lifetime is required')
  if (lifetime?.enforce_ttl !== undefined && typeof lifetime.enforce_ttl !== 'boolean')
    fail('lifetime.enforce_ttl must be a boolean')
  for (const field of ['max_ttl_seconds', 'max_grace_seconds'] as const) {
    const value = lifetime?.[field]
    if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value >= 0))
      fail(`lifetime.${field} must be an integer >= 0`)
  }
  if (b.env !== undefined) {
    if (b.env === null || typeof b.env !== 'object' || Array.isArray(b.env)) fail('env must be an object of strings')
    for (const [key, value] of Object.entries(b.env as object)) {
      if (!ENV_KEY.test(key) || typeof value !== 'string') fail('env must map variable names to string values')
    }
  }
  return b as unknown as StartBody
}

export function validatePolicy(policy: unknown, fail: (message: string) => never): void {
  if (!policy || typeof policy !== 'object' || Array.isArray(policy)) fail('network_policy is required')
  const p = policy as Record<string, unknown>
  if (!['closed', 'open', 'restricted'].includes(p.internet_access as string)) {
    fail('network_policy.internet_access must be one of closed, open, restricted')
  }
  if (p.cidr_allowlist !== undefined && (!Array.isArray(p.cidr_allowlist) || !p.cidr_allowlist.every(isCidr))) {
    fail('network_policy.cidr_allowlist must be an array of CIDR ranges')
  }
  if (
    p.domain_allowlist !== undefined &&
    (!Array.isArray(p.domain_allowlist) || !p.domain_allowlist.every((d) => typeof d === 'string' && DOMAIN.test(d)))
  ) {
    fail('network_policy.domain_allowlist must be an array of domain names')
  }
}

/** Domains are answered in their wildcard-prefixed form. */
export function acceptedPolicy(policy: StartBody['network_policy']): StartBody['network_policy'] {
  const accepted: StartBody['network_policy'] = {
    internet_access: policy.internet_access,
    cidr_allowlist: [...(policy.cidr_allowlist ?? [])],
  }
  accepted.domain_allowlist = (policy.domain_allowlist ?? []).map((d) => (d.startsWith('*.') ? d : `*.${d}`))
  return accepted
}
