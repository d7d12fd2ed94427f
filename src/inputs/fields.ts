/**
 * Field parsers: one zod schema per kind of input, from the raw string, with
 * messages that say what is allowed. Per-mode assembly (read.ts) composes them.
 */
import { isIP } from 'node:net'
import { z } from 'zod'
import { refuse } from './refuse.ts'
import { isSafeTransport } from '../client/url.ts'
import { GPU_TYPES, INTERNET_ACCESS, SANDBOX_ID_PATTERN, type GpuType, type NetworkPolicy } from '../client/schemas.ts'
import { DEFAULT_BASE_URL, MODES, type Mode } from './defaults.ts'

const MAX_INT = 2 ** 31 - 1

export function wholeNumber(min: number) {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim()
    if (!/^\d+$/.test(text)) {
      return refuse(ctx, `must be a whole number >= ${min}, got '${raw}'`)
    }
    const value = Number(text)
    if (value < min || value > MAX_INT) {
      return refuse(ctx, `must be a whole number from ${min} to ${MAX_INT}, got '${raw}'`)
    }
    return value
  })
}

export const boolean = z.string().transform((raw, ctx) => {
  // The YAML 1.2 core schema booleans, as core.getBooleanInput accepts them.
  const text = raw.trim()
  if (['true', 'True', 'TRUE'].includes(text)) return true
  if (['false', 'False', 'FALSE'].includes(text)) return false
  return refuse(ctx, `must be 'true' or 'false', got '${raw}'`)
})

/** Comma- or newline-separated list; blanks dropped. */
export function splitList(raw: string): string[] {
  return raw
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

export const gpuTypes = z.string().transform((raw, ctx) => {
  const types: GpuType[] = []
  for (const item of splitList(raw)) {
    const upper = item.toUpperCase()
    if (!(GPU_TYPES as readonly string[]).includes(upper)) {
      return refuse(
        ctx,
        `unknown GPU type '${item}'; allowed: ${GPU_TYPES.join(', ')} (any case, comma or newline separated)`,
      )
    }
    if (types.includes(upper as GpuType)) {
      return refuse(ctx, `GPU type '${upper}' is listed twice`)
    }
    types.push(upper as GpuType)
  }
  return types
})

export function isValidCidr(entry: string): boolean {
  const slash = entry.indexOf('/')
  if (slash < 0) return false
  const address = entry.slice(0, slash)
  const prefix = entry.slice(slash + 1)
  if (!/^\d{1,3}$/.test(prefix)) return false
  const version = isIP(address)
  if (version === 4) return Number(prefix) <= 32
  if (version === 6) return Number(prefix) <= 128 && !address.includes('%')
  return false
}

export const cidrList = z.string().transform((raw, ctx) => {
  const entries = splitList(raw)
  for (const entry of entries) {
    if (!isValidCidr(entry)) {
      return refuse(
        ctx,
        `'${entry}' is not a CIDR range; use an IPv4 or IPv6 address with ` +
          `a prefix length, e.g. 10.0.0.0/8, 203.0.113.7/32 or 2001:db8::/32`,
      )
    }
  }
  return entries
})

const DOMAIN_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

export function isValidDomain(entry: string): boolean {
  const host = entry.startsWith('*.') ? entry.slice(2) : entry
  if (host.length > 253) return false
  const labels = host.split('.')
  if (labels.length < 2) return false
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false
  // The last label is a TLD: never all digits (that would be an IP address).
  return !/^\d+$/.test(labels[labels.length - 1] ?? '')
}

export const domainList = z.string().transform((raw, ctx) => {
  const entries = splitList(raw).map((entry) => entry.toLowerCase().replace(/\.$/, ''))
  for (const entry of entries) {
    if (!isValidDomain(entry)) {
      return refuse(ctx, `'${entry}' is not a domain name; use a name such as example.com or *.example.com`)
    }
  }
  return entries
})

export const internetAccess = z.string().transform((raw, ctx) => {
  const text = raw.trim().toLowerCase()
  if (!(INTERNET_ACCESS as readonly string[]).includes(text)) {
    return refuse(ctx, `must be one of ${INTERNET_ACCESS.join(', ')}, got '${raw}'`)
  }
  return text as NetworkPolicy['internet_access']
})

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/

export const envLines = z.string().transform((raw, ctx) => {
  // A Map, not `key in {}`: keys such as constructor or toString are ordinary names here.
  const env = new Map<string, string>()
  const lines = raw.split(/\r?\n/)
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue
    const eq = line.indexOf('=')
    // Never echo the line: a value may be a secret.
    if (eq < 0) {
      return refuse(ctx, `line ${index + 1} has no '='; write one KEY=VALUE per line`)
    }
    const key = line.slice(0, eq).trim()
    if (!ENV_KEY.test(key)) {
      return refuse(
        ctx,
        `line ${index + 1} has an invalid key; keys are letters, digits and '_', not starting with a digit`,
      )
    }
    if (env.has(key)) {
      return refuse(ctx, `key '${key}' is set twice (line ${index + 1})`)
    }
    env.set(key, line.slice(eq + 1))
  }
  return Object.fromEntries(env) as Record<string, string>
})

export const SANDBOX_NAME_PATTERN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

export const sandboxName = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (!SANDBOX_NAME_PATTERN.test(text)) {
    return refuse(
      ctx,
      `must be 1 to 63 lower-case letters, digits and '-', starting and ` +
        `ending with a letter or digit, got '${raw}'`,
    )
  }
  return text
})

export const sandboxId = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (text === '') {
    return refuse(ctx, 'is required in this mode (the id of a sandbox, sbx- and 16 hex digits)')
  }
  if (!SANDBOX_ID_PATTERN.test(text)) {
    return refuse(ctx, `must match ${SANDBOX_ID_PATTERN.source}, got '${raw}'`)
  }
  return text
})

export const baseUrl = z.string().transform((raw, ctx) => {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return refuse(ctx, `must be an absolute URL such as ${DEFAULT_BASE_URL}, got '${raw}'`)
  }
  if (url.username || url.password || url.search || url.hash) {
    return refuse(ctx, 'must not carry credentials, a query or a fragment')
  }
  if (!isSafeTransport(url)) {
    return refuse(
      ctx,
      `must use https:// (http:// is allowed only for a loopback host: localhost, ` +
        `127.0.0.0/8, [::1]), got '${url.protocol}//${url.host}'`,
    )
  }
  return url.href.replace(/\/+$/, '')
})

export const apiToken = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (text === '') {
    return refuse(
      ctx,
      'is required; pass the API token from a secret, e.g. api-token: ${{ secrets.COMPUTE_API_TOKEN }}',
    )
  }
  // A header value cannot carry these (a zero-width or non-Latin-1 character fails only when
  // sent, as a network error for the whole timeout); never echo the token itself.
  if (!/^[\x21-\x7e]+$/.test(text)) {
    return refuse(
      ctx,
      'contains whitespace, control, zero-width or non-ASCII characters; ' +
        'an API token is printable ASCII only: check the secret holds only the token',
    )
  }
  return text
})

export const mode = z.string().transform((raw, ctx) => {
  const text = raw.trim() === '' ? 'start' : raw.trim()
  if (!(MODES as readonly string[]).includes(text)) {
    return refuse(ctx, `must be one of ${MODES.join(', ')}, got '${raw}'`)
  }
  return text as Mode
})

/**
 * A github-token that can be sent: the trimmed value, or undefined when empty or
 * an expression (the runner expands `${{ github.token }}`; a literal one means a local run).
 */
export function usableGitHubToken(raw: string): string | undefined {
  const text = raw.trim()
  return text === '' || text.startsWith('${{') ? undefined : text
}

export const githubToken = z.string().transform((raw, ctx) => {
  const text = usableGitHubToken(raw)
  if (text === undefined) {
    return refuse(
      ctx,
      "is required in mode 'sweep': the runner passes ${{ github.token }} " +
        "by default; give the job 'permissions: { actions: read }'",
    )
  }
  if (!/^[\x21-\x7e]+$/.test(text)) {
    return refuse(ctx, 'contains whitespace, control or non-ASCII characters; a GitHub token is printable ASCII only')
  }
  return text
})
