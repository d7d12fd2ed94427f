/**
 * Every action input is read here, once, and parsed into one typed config.
 * Nothing else in the action calls core.getInput.
 */
import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import { z } from 'zod'
import { isLoopbackHost } from './client/url.ts'
import { GPU_TYPES, INTERNET_ACCESS, SANDBOX_ID_PATTERN, type GpuType, type NetworkPolicy } from './client/schemas.ts'
import { DURATION_BOUNDS, duration } from './inputs/durations.ts'
import { imageId } from './inputs/image.ts'
import { checkAlias, type SshRequest } from './inputs/ssh.ts'
import { aliasWrittenBefore, userSshConfigPath } from './ssh/config-files.ts'
import { jsonObject } from './inputs/json-object.ts'
import { looksLikePrivateKey } from './inputs/private-key.ts'

export { parseDurationSeconds } from './inputs/durations.ts'

export const MODES = ['start', 'stop', 'network-policy', 'instance'] as const
export type Mode = (typeof MODES)[number]

export const DEFAULT_BASE_URL = 'https://api.thundercompute.com:8443/v1'

/** An invalid input: names the input and says what is allowed. Never echoes secrets. */
export class InputError extends Error {
  readonly input: string
  constructor(input: string, message: string) {
    super(`Input '${input}': ${message}`)
    this.name = 'InputError'
    this.input = input
  }
}

/** Raised with every bad input at once, so a user fixes them in one round. */
export class InputErrors extends Error {
  readonly errors: InputError[]
  constructor(errors: InputError[]) {
    super(errors.map((e) => e.message).join('\n'))
    this.name = 'InputErrors'
    this.errors = errors
  }
}

export interface Connection {
  apiToken: string
  baseUrl: string
}

export interface StartConfig extends Connection {
  mode: 'start'
  name: string
  nameWasGenerated: boolean
  cpu: number
  memoryGib: number
  storageGib: number
  /** Ordered preference; empty for a CPU-only sandbox. */
  gpuTypes: GpuType[]
  gpuCount: number | undefined
  capacityTimeoutMs: number
  networkPolicy: NetworkPolicy
  env: Record<string, string>
  /** image_id to start from; undefined: not sent. */
  image: string | undefined
  maxTtlSeconds: number
  enforceTtl: boolean
  maxGraceSeconds: number | undefined
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  replaceExisting: boolean
  keepAlive: boolean
  dryRun: boolean
  /** ssh: true: the alias later steps use; undefined: no SSH access. */
  ssh: SshRequest | undefined
}

export interface StopConfig extends Connection {
  mode: 'stop'
  sandboxId: string
}

export interface NetworkPolicyConfig extends Connection {
  mode: 'network-policy'
  sandboxId: string
  networkPolicy: NetworkPolicy
}

export interface InstanceConfig extends Connection {
  mode: 'instance'
  publicKey: string | undefined
  instanceConfig: Record<string, unknown>
  keepAlive: boolean
  dryRun: boolean
  ssh: SshRequest | undefined
}

export type ActionConfig = StartConfig | StopConfig | NetworkPolicyConfig | InstanceConfig

/** Reads one input by its action.yml name; core.getInput in production, a map in tests. */
export type InputReader = (name: string) => string

/** What the generated default name is made of; GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT on a runner. */
export interface RunContext {
  runId: string | undefined
  runAttempt: string | undefined
  randomHex?: () => string
  /** Whether an earlier step of the job already wrote this ssh-alias (reads ~/.ssh/config). */
  aliasInUse?: (alias: string) => boolean
}

export function runContextFromEnv(env: NodeJS.ProcessEnv = process.env): RunContext {
  return { runId: env.GITHUB_RUN_ID, runAttempt: env.GITHUB_RUN_ATTEMPT, aliasInUse: (alias) => aliasWrittenBefore(userSshConfigPath(), alias) }
}

// ---------------------------------------------------------------------------
// Field parsers: each is a zod schema from the raw string, with messages that
// say what is allowed. They are composed per mode below.

const MAX_INT = 2 ** 31 - 1

function wholeNumber(min: number) {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim()
    if (!/^\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `must be a whole number >= ${min}, got '${raw}'` })
      return z.NEVER
    }
    const value = Number(text)
    if (value < min || value > MAX_INT) {
      ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${MAX_INT}, got '${raw}'` })
      return z.NEVER
    }
    return value
  })
}

const boolean = z.string().transform((raw, ctx) => {
  // The YAML 1.2 core schema booleans, as core.getBooleanInput accepts them.
  const text = raw.trim()
  if (['true', 'True', 'TRUE'].includes(text)) return true
  if (['false', 'False', 'FALSE'].includes(text)) return false
  ctx.addIssue({ code: 'custom', message: `must be 'true' or 'false', got '${raw}'` })
  return z.NEVER
})

/** Comma- or newline-separated list; blanks dropped. */
export function splitList(raw: string): string[] {
  return raw
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

const gpuTypes = z.string().transform((raw, ctx) => {
  const types: GpuType[] = []
  for (const item of splitList(raw)) {
    const upper = item.toUpperCase()
    if (!(GPU_TYPES as readonly string[]).includes(upper)) {
      ctx.addIssue({ code: 'custom', message: `unknown GPU type '${item}'; allowed: ${GPU_TYPES.join(', ')} (any case, comma or newline separated)` })
      return z.NEVER
    }
    if (types.includes(upper as GpuType)) {
      ctx.addIssue({ code: 'custom', message: `GPU type '${upper}' is listed twice` })
      return z.NEVER
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

const cidrList = z.string().transform((raw, ctx) => {
  const entries = splitList(raw)
  for (const entry of entries) {
    if (!isValidCidr(entry)) {
      ctx.addIssue({ code: 'custom', message: `'${entry}' is not a CIDR range; use an IPv4 or IPv6 address with a prefix length, e.g. 10.0.0.0/8, 203.0.113.7/32 or 2001:db8::/32` })
      return z.NEVER
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

const domainList = z.string().transform((raw, ctx) => {
  const entries = splitList(raw).map((entry) => entry.toLowerCase().replace(/\.$/, ''))
  for (const entry of entries) {
    if (!isValidDomain(entry)) {
      ctx.addIssue({ code: 'custom', message: `'${entry}' is not a domain name; use a name such as example.com or *.example.com` })
      return z.NEVER
    }
  }
  return entries
})

const internetAccess = z.string().transform((raw, ctx) => {
  const text = raw.trim().toLowerCase()
  if (!(INTERNET_ACCESS as readonly string[]).includes(text)) {
    ctx.addIssue({ code: 'custom', message: `must be one of ${INTERNET_ACCESS.join(', ')}, got '${raw}'` })
    return z.NEVER
  }
  return text as NetworkPolicy['internet_access']
})

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/

const envLines = z.string().transform((raw, ctx) => {
  // A Map, not `key in {}`: keys such as constructor or toString are ordinary names here.
  const env = new Map<string, string>()
  const lines = raw.split(/\r?\n/)
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue
    const eq = line.indexOf('=')
    // Never echo the line: a value may be a secret.
    if (eq < 0) {
      ctx.addIssue({ code: 'custom', message: `line ${index + 1} has no '='; write one KEY=VALUE per line` })
      return z.NEVER
    }
    const key = line.slice(0, eq).trim()
    if (!ENV_KEY.test(key)) {
      ctx.addIssue({ code: 'custom', message: `line ${index + 1} has an invalid key; keys are letters, digits and '_', not starting with a digit` })
      return z.NEVER
    }
    if (env.has(key)) {
      ctx.addIssue({ code: 'custom', message: `key '${key}' is set twice (line ${index + 1})` })
      return z.NEVER
    }
    env.set(key, line.slice(eq + 1))
  }
  return Object.fromEntries(env) as Record<string, string>
})

export const SANDBOX_NAME_PATTERN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

const sandboxName = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (!SANDBOX_NAME_PATTERN.test(text)) {
    ctx.addIssue({ code: 'custom', message: `must be 1 to 63 lower-case letters, digits and '-', starting and ending with a letter or digit, got '${raw}'` })
    return z.NEVER
  }
  return text
})

const sandboxId = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: 'is required in this mode (the id of a sandbox, sbx- and 16 hex digits)' })
    return z.NEVER
  }
  if (!SANDBOX_ID_PATTERN.test(text)) {
    ctx.addIssue({ code: 'custom', message: `must match ${SANDBOX_ID_PATTERN.source}, got '${raw}'` })
    return z.NEVER
  }
  return text
})

const baseUrl = z.string().transform((raw, ctx) => {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    ctx.addIssue({ code: 'custom', message: `must be an absolute URL such as ${DEFAULT_BASE_URL}, got '${raw}'` })
    return z.NEVER
  }
  if (url.username || url.password || url.search || url.hash) {
    ctx.addIssue({ code: 'custom', message: 'must not carry credentials, a query or a fragment' })
    return z.NEVER
  }
  const loopback = isLoopbackHost(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    ctx.addIssue({
      code: 'custom',
      message: `must use https:// (http:// is allowed only for a loopback host: localhost, 127.0.0.0/8, [::1]), got '${url.protocol}//${url.host}'`,
    })
    return z.NEVER
  }
  return url.href.replace(/\/+$/, '')
})

const apiToken = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: 'is required; pass the API token from a secret, e.g. api-token: ${{ secrets.COMPUTE_API_TOKEN }}' })
    return z.NEVER
  }
  // A header value cannot carry these (a zero-width or non-Latin-1 character fails only when
  // sent, as a network error for the whole timeout); never echo the token itself.
  if (!/^[\x21-\x7e]+$/.test(text)) {
    ctx.addIssue({
      code: 'custom',
      message: 'contains whitespace, control, zero-width or non-ASCII characters; an API token is printable ASCII only: check the secret holds only the token',
    })
    return z.NEVER
  }
  return text
})

const mode = z.string().transform((raw, ctx) => {
  const text = raw.trim() === '' ? 'start' : raw.trim()
  if (!(MODES as readonly string[]).includes(text)) {
    ctx.addIssue({ code: 'custom', message: `must be one of ${MODES.join(', ')}, got '${raw}'` })
    return z.NEVER
  }
  return text as Mode
})

// ---------------------------------------------------------------------------

/** Input names with their defaults, exactly as in action.yml (a test keeps them in step). */
export const INPUT_DEFAULTS = {
  'api-token': '',
  'base-url': DEFAULT_BASE_URL,
  mode: 'start',
  name: '',
  cpu: '4',
  memory: '16',
  storage: '100',
  'gpu-type': '',
  'gpu-count': '',
  'capacity-timeout': '5m',
  'internet-access': 'open',
  'cidr-allowlist': '',
  'domain-allowlist': '',
  env: '',
  'max-ttl': '6h',
  'enforce-ttl': 'true',
  'max-grace': '',
  wait: 'true',
  timeout: '15m',
  'poll-interval': '1s',
  'replace-existing': 'false',
  'keep-alive': 'false',
  'sandbox-id': '',
  'public-key': '',
  'instance-config': '{}',
  'dry-run': 'false',
  image: '',
  ssh: 'false',
  'ssh-alias': 'sandbox',
} as const

export type InputName = keyof typeof INPUT_DEFAULTS

class Collector {
  readonly errors: InputError[] = []
  private readonly read: InputReader
  constructor(read: InputReader) {
    this.read = read
  }

  /** Reads an input, falling back to its documented default when empty. */
  raw(name: InputName): string {
    const value = this.read(name)
    return value.trim() === '' ? INPUT_DEFAULTS[name] : value
  }

  isSet(name: InputName): boolean {
    return this.read(name).trim() !== ''
  }

  parse<T>(name: InputName, schema: z.ZodType<T, string>, raw = this.raw(name)): T {
    const result = schema.safeParse(raw)
    if (result.success) return result.data
    this.errors.push(new InputError(name, result.error.issues[0]?.message ?? 'is invalid'))
    return undefined as T
  }

  fail(name: InputName, message: string): void {
    this.errors.push(new InputError(name, message))
  }
}

/** ssh and ssh-alias, for start and instance modes. */
function parseSsh(inputs: Collector, run: RunContext): SshRequest | undefined {
  const wanted = inputs.parse('ssh', boolean)
  if (!wanted) {
    if (inputs.isSet('ssh-alias') && inputs.raw('ssh-alias').trim() !== INPUT_DEFAULTS['ssh-alias']) inputs.fail('ssh-alias', "is set but 'ssh' is not true; set ssh: true to use it")
    return undefined
  }
  const alias = inputs.raw('ssh-alias').trim()
  const problem = checkAlias(alias, run.aliasInUse ?? (() => false))
  if (problem) {
    inputs.fail('ssh-alias', problem)
    return undefined
  }
  return { alias }
}

function parseNetworkPolicy(inputs: Collector): NetworkPolicy {
  const access = inputs.parse('internet-access', internetAccess)
  const cidrs = inputs.parse('cidr-allowlist', cidrList)
  const domains = inputs.parse('domain-allowlist', domainList)
  const policy: NetworkPolicy = { internet_access: access }
  if (cidrs && cidrs.length > 0) policy.cidr_allowlist = cidrs
  if (domains && domains.length > 0) policy.domain_allowlist = domains
  return policy
}

/** The default name: gh-<run_id>-<run_attempt>-<6 random hex>, always a valid name. */
export function generateSandboxName(run: RunContext): string {
  const hex = run.randomHex ? run.randomHex() : randomBytes(3).toString('hex')
  const digits = (value: string | undefined) => (value && /^\d+$/.test(value) ? value : undefined)
  const parts = ['gh', digits(run.runId) ?? 'local', digits(run.runAttempt) ?? '1', hex]
  return parts.join('-').slice(0, 63)
}

/**
 * Parses every input the mode uses. Throws InputErrors listing each bad input;
 * until this returns, nothing has been sent anywhere.
 */
export function parseInputs(read: InputReader, run: RunContext = runContextFromEnv()): ActionConfig {
  const inputs = new Collector(read)
  const connection = {
    apiToken: inputs.parse('api-token', apiToken, read('api-token')),
    baseUrl: inputs.parse('base-url', baseUrl),
  }
  const selected = inputs.parse('mode', mode)
  let config: ActionConfig | undefined

  if (selected === 'start') {
    const gpus = inputs.parse('gpu-type', gpuTypes) ?? []
    let gpuCount: number | undefined
    if (inputs.isSet('gpu-count')) {
      gpuCount = inputs.parse('gpu-count', wholeNumber(1))
      if (gpus.length === 0) inputs.fail('gpu-count', "is set but 'gpu-type' is empty; set gpu-type (A6000, A100 or H100) or remove gpu-count")
    } else if (gpus.length > 0) {
      gpuCount = 1
    }
    if (inputs.isSet('sandbox-id')) {
      inputs.fail('sandbox-id', "is used only by modes 'stop' and 'network-policy'; mode 'start' creates a new sandbox (did you mean mode: stop?)")
    }
    const nameWasGenerated = !inputs.isSet('name')
    const maxGrace = inputs.isSet('max-grace') ? inputs.parse('max-grace', duration(DURATION_BOUNDS['max-grace'])) : undefined
    config = {
      mode: 'start',
      ...connection,
      name: nameWasGenerated ? generateSandboxName(run) : inputs.parse('name', sandboxName),
      nameWasGenerated,
      cpu: inputs.parse('cpu', wholeNumber(1)),
      memoryGib: inputs.parse('memory', wholeNumber(1)),
      storageGib: inputs.parse('storage', wholeNumber(1)),
      gpuTypes: gpus,
      gpuCount,
      capacityTimeoutMs: inputs.parse('capacity-timeout', duration(DURATION_BOUNDS['capacity-timeout'])) * 1000,
      networkPolicy: parseNetworkPolicy(inputs),
      env: inputs.parse('env', envLines),
      image: inputs.isSet('image') ? inputs.parse('image', imageId) : undefined,
      maxTtlSeconds: inputs.parse('max-ttl', duration(DURATION_BOUNDS['max-ttl'])),
      enforceTtl: inputs.parse('enforce-ttl', boolean),
      maxGraceSeconds: maxGrace,
      wait: inputs.parse('wait', boolean),
      timeoutMs: inputs.parse('timeout', duration(DURATION_BOUNDS.timeout)) * 1000,
      pollIntervalMs: inputs.parse('poll-interval', duration(DURATION_BOUNDS['poll-interval'])) * 1000,
      replaceExisting: inputs.parse('replace-existing', boolean),
      keepAlive: inputs.parse('keep-alive', boolean),
      dryRun: inputs.parse('dry-run', boolean),
      ssh: parseSsh(inputs, run),
    }
  } else if (selected === 'stop') {
    config = { mode: 'stop', ...connection, sandboxId: inputs.parse('sandbox-id', sandboxId, read('sandbox-id')) }
  } else if (selected === 'network-policy') {
    config = {
      mode: 'network-policy',
      ...connection,
      sandboxId: inputs.parse('sandbox-id', sandboxId, read('sandbox-id')),
      networkPolicy: parseNetworkPolicy(inputs),
    }
  } else if (selected === 'instance') {
    const publicKey = read('public-key').trim()
    if (looksLikePrivateKey(publicKey)) {
      inputs.fail('public-key', 'is a private key (it is masked); give the public key instead, the one-line .pub file')
    } else if (publicKey !== '' && !/^(ssh-|ecdsa-|sk-)[A-Za-z0-9@.-]+ [A-Za-z0-9+/=]+( .*)?$/.test(publicKey)) {
      inputs.fail('public-key', "must be one OpenSSH public key line such as 'ssh-ed25519 AAAA... comment'")
    }
    config = {
      mode: 'instance',
      ...connection,
      publicKey: publicKey === '' ? undefined : publicKey,
      instanceConfig: inputs.parse('instance-config', jsonObject),
      keepAlive: inputs.parse('keep-alive', boolean),
      dryRun: inputs.parse('dry-run', boolean),
      ssh: parseSsh(inputs, run),
    }
  }

  if (inputs.errors.length > 0 || config === undefined) throw new InputErrors(inputs.errors)
  return config
}

/** Post step: only what cleanup needs, so an unrelated bad input never blocks a stop. */
export interface CleanupConfig extends Connection {
  mode: Mode
  keepAlive: boolean
}

export function parseCleanupInputs(read: InputReader): CleanupConfig {
  const inputs = new Collector(read)
  const config: CleanupConfig = {
    apiToken: inputs.parse('api-token', apiToken, read('api-token')),
    baseUrl: inputs.parse('base-url', baseUrl),
    mode: inputs.parse('mode', mode),
    keepAlive: inputs.parse('keep-alive', boolean),
  }
  if (inputs.errors.length > 0) throw new InputErrors(inputs.errors)
  return config
}
