/**
 * A stateful, in-memory emulator of the compute service interface
 * (docs/service.md; the v1.0 description), served over a real socket on loopback.
 * It shares no code with the action: it is the other end of every e2e test.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { isIP, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { selfSignedCertificate } from './certificate.ts'
import { nameInUseCode, STARTING_STATES, statusWord, type Generation } from './generation.ts'
// The OpenSSH key format is written by one serializer; real ssh and sshd read every key the tests make.
import { generateSshKeyPair } from '../../src/ssh/key-pair.ts'
import { SshService, sshdAvailable } from './ssh-service.ts'

export type GpuType = 'A6000' | 'A100' | 'H100'
export const GPU_TYPES: GpuType[] = ['A6000', 'A100', 'H100']

export type FaultKind = 500 | 502 | 503 | 504 | 400 | 'hang' | 'reset' | 'lost-answer' | 'malformed-json' | 'slow-body' | 'key-not-json'

export interface FaultRule {
  /** e.g. 'POST /sandboxes/start', 'GET /sandboxes/:id', 'GET /sandboxes', 'POST /sandboxes/:id/stop'. */
  route: string
  /** 1-based attempts (per route, counted since the rule was added) that get the fault; default every attempt. */
  attempts?: number[]
  fault: FaultKind
  /** For status faults: the error object's `error` and `message` (hostile text, say). `{{authorization}}` echoes the header. */
  error?: string
  message?: string
}

export interface Organization {
  token: string
  name: string
  sandboxAccess: boolean
}

export interface EmulatorOptions {
  host?: string
  port?: number
  https?: boolean
  organizations?: Organization[]
  /** Time from accepted start to running/failed. */
  provisioningMs?: number
  /** A random extra of up to this much per sandbox (benchmarks sample detection lag at every phase). */
  provisioningJitterMs?: number
  /** Outcome of provisioning: 'running', 'failed', or a function of the request. */
  outcome?: 'running' | 'failed' | ((body: StartBody) => 'running' | 'failed')
  /** Time from stop to stopped. */
  stopMs?: number
  /** Free GPUs per type (each sandbox takes gpu_count). */
  capacity?: Partial<Record<GpuType, number>>
  /** Rate limit window; the service's is one minute. */
  rateWindowMs?: number
  /** The clock of the rate-limit windows (Date.now by default): a test shares its fake clock with the emulator. */
  rateClock?: () => number
  startStopLimit?: number
  getListLimit?: number
  /** Milliseconds per TTL second (1000 in real time; smaller in tests). */
  ttlSecondMs?: number
  pageSize?: number
  creditAlert?: { amount_cents: number; armed: boolean; created_at: number } | null
  pricing?: Record<string, number>
  faults?: FaultRule[]
  /** Enables /_emulator/* admin routes (reset, faults, requests, sandboxes). */
  admin?: boolean
  /**
   * Eventual consistency: for this long after an accepted start, GET
   * /sandboxes/{id} and its stop answer 404 as for an unknown sandbox.
   */
  invisibleForMs?: number
  /**
   * An ended sandbox is forgotten this long after it ended: its GET, wait and
   * stop answer 404 and the list leaves it out (a service that keeps no record
   * of ended sandboxes). Default: kept for good.
   */
  forgetEndedMs?: number
  /** A stop of a failed sandbox answers 409 sandbox_not_running instead of 202. */
  refuseStopWhenFailed?: boolean
  /** List pages carry other arrays beside the results (`warnings: []`, `regions: [...]`). */
  listExtraArrays?: boolean
  /** Extra fields in every record (get and list): odd but valid answers, e.g. a huge one. */
  recordExtra?: Record<string, unknown>
  /**
   * Which service: 'v1' (the v1.0 description: running/stopping/stopped, no
   * blocking wait, no instance list, fixed instance identifiers) or 'current'
   * (as deployed: created/ready/finished, GET /sandboxes/{id}/wait, record
   * extras, list limit and status=active, GET /instances/list with shifting
   * identifiers). Default 'v1'.
   */
  generation?: Generation
  /**
   * SSH access (current generation): POST /sandboxes/ssh-certificate signs with
   * the organization's authority, and a real sshd on loopback (where installed)
   * is the address every record's `ssh` field and every instance gives.
   */
  ssh?: boolean
  /** With ssh: start the sshd (default true where installed); false: the authority only, so records carry no ssh. */
  sshd?: boolean
  /** A host_key in the records other than sshd's own (a host-key mismatch). */
  sshHostKeyOverride?: string
  /** Milliseconds per second of a blocking-wait window (1000 in real time; smaller in tests). */
  waitSecondMs?: number
  /** Why a failed sandbox failed (the current generation shows it as failure_code and failure). */
  failure?: { code: string; message: string }
  /** Hostile or odd text: the start answer's name, and the word shown for each status. */
  answerName?: string
  statusWords?: Record<string, string>
  /** Rewrites the policy the network-policy route answers it accepted. */
  acceptedPolicyFilter?: (policy: StartBody['network_policy']) => StartBody['network_policy']
}

export interface StartBody {
  name?: string
  env?: Record<string, string>
  spec: { cpu_count: number; memory_gib: number; storage_gib: number; gpu_count?: number; gpu_type?: GpuType }
  network_policy: { internet_access: 'closed' | 'open' | 'restricted'; cidr_allowlist?: string[]; domain_allowlist?: string[] }
  lifetime: { enforce_ttl?: boolean; max_ttl_seconds?: number; max_grace_seconds?: number }
  /** The deployed service: an image prepared earlier (v1.0 ignores it). */
  image_id?: string
}

export interface SandboxState {
  id: string
  name: string
  org: string
  status: string
  created_at: string
  updated_at: string
  spec: StartBody['spec']
  network_policy: StartBody['network_policy']
  lifetime: StartBody['lifetime']
  env_keys: string[]
  stopped_reason?: string
  image_id?: string
  /** forgetEndedMs passed: the service answers 404 for it. */
  forgotten?: boolean
}

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  /** Whether an Authorization header came; the token itself is never recorded. */
  authPresent: boolean
  org: string | undefined
  status: number | 'fault'
  at: number
}

export const DEFAULT_TOKEN = 'emulator-token-0123456789abcdef'
export const NO_SANDBOX_ACCESS_TOKEN = 'emulator-token-no-sandbox-access'

export const DEFAULT_PRICING: Record<string, number> = {
  h100_x1_prototyping: 1.89,
  h100_x1_production: 2.49,
  a100_x1_prototyping: 0.78,
  a100_x1_production: 1.05,
  a6000_x1_prototyping: 0.27,
  a6000_x1_production: 0.41,
  additional_vcpus: 0.0095,
  additional_memory_gib: 0.0035,
  disk_gb: 0.00015,
  // Historical key kept by the legacy catalog.
  t4_x1_prototyping: 0.13,
}

const LIVE_STATUSES = new Set(['pending', 'provisioning', 'running', 'stopping'])
const SANDBOX_ID = /^sbx-[a-f0-9]{16}$/
const NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/
const DOMAIN = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/

class HttpError extends Error {
  readonly status: number
  readonly code: string
  readonly headers: Record<string, string>
  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.headers = headers
  }
}

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

export class Emulator {
  readonly options: Required<
    Omit<EmulatorOptions, 'host' | 'port' | 'https' | 'outcome' | 'creditAlert' | 'faults' | 'admin' | 'recordExtra' | 'acceptedPolicyFilter' | 'answerName' | 'statusWords' | 'sshHostKeyOverride' | 'rateClock' | 'forgetEndedMs'
    >
  > &
    Pick<EmulatorOptions, 'outcome' | 'creditAlert' | 'admin' | 'recordExtra' | 'acceptedPolicyFilter' | 'answerName' | 'statusWords' | 'sshHostKeyOverride' | 'forgetEndedMs'>
  readonly requests: RecordedRequest[] = []
  /** How many injected faults were applied. */
  faultsApplied = 0
  /** Every sandbox ever started, oldest first. */
  readonly sandboxes: SandboxState[] = []
  /** When each sandbox entered each status (Date.now()), by id: what the benchmark measures lag from. */
  readonly statusTimes = new Map<string, Record<string, number>>()
  readonly instances = new Map<string, { identifier: number; uuid: string; org: string; public_key?: string; deleted: boolean }>()
  private faults: { rule: FaultRule; seen: number }[] = []
  private readonly rate = new Map<string, { windowStart: number; count: number }>()
  private readonly rateClock: () => number
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly sockets = new Set<Socket>()
  private readonly hanging = new Set<ServerResponse>()
  private nextInstance = 1000
  private server: Server | undefined
  private closed = false
  /** The certificate authority and sshd, with `ssh: true`. */
  sshService: SshService | undefined
  private readonly host: string
  private readonly port: number
  private readonly https: boolean
  baseUrl = ''
  /** With https: the self-signed key and certificate (for localhost, sandbox.test and loopback addresses). */
  certificatePem: { key: string; cert: string } | undefined

  constructor(options: EmulatorOptions = {}) {
    this.host = options.host ?? '127.0.0.1'
    this.port = options.port ?? 0
    this.https = options.https ?? false
    this.rateClock = options.rateClock ?? (() => Date.now())
    this.options = {
      organizations: options.organizations ?? [
        { token: DEFAULT_TOKEN, name: 'org-default', sandboxAccess: true },
        { token: NO_SANDBOX_ACCESS_TOKEN, name: 'org-no-sandbox', sandboxAccess: false },
      ],
      provisioningMs: options.provisioningMs ?? 300,
      provisioningJitterMs: options.provisioningJitterMs ?? 0,
      outcome: options.outcome ?? 'running',
      stopMs: options.stopMs ?? 100,
      capacity: { A6000: 4, A100: 4, H100: 2, ...options.capacity },
      rateWindowMs: options.rateWindowMs ?? 60_000,
      startStopLimit: options.startStopLimit ?? 30,
      getListLimit: options.getListLimit ?? 600,
      ttlSecondMs: options.ttlSecondMs ?? 1000,
      pageSize: options.pageSize ?? 50,
      creditAlert: options.creditAlert === undefined ? { amount_cents: 5000, armed: true, created_at: 1767225600 } : options.creditAlert,
      pricing: options.pricing ?? DEFAULT_PRICING,
      admin: options.admin ?? false,
      invisibleForMs: options.invisibleForMs ?? 0,
      refuseStopWhenFailed: options.refuseStopWhenFailed ?? false,
      listExtraArrays: options.listExtraArrays ?? false,
      recordExtra: options.recordExtra,
      acceptedPolicyFilter: options.acceptedPolicyFilter,
      answerName: options.answerName,
      statusWords: options.statusWords,
      generation: options.generation ?? 'v1',
      waitSecondMs: options.waitSecondMs ?? 1000,
      ssh: options.ssh ?? false,
      sshd: options.sshd ?? true,
      sshHostKeyOverride: options.sshHostKeyOverride,
      forgetEndedMs: options.forgetEndedMs,
      failure: options.failure ?? { code: 'host_unreachable', message: 'the sandbox host did not come up' },
    }
    for (const rule of options.faults ?? []) this.addFault(rule)
  }

  get token(): string {
    return this.options.organizations[0]?.token ?? DEFAULT_TOKEN
  }

  async start(): Promise<string> {
    if (this.options.ssh) {
      this.sshService = new SshService()
      if (this.options.sshd && sshdAvailable()) await this.sshService.start()
    }
    const handler = (req: IncomingMessage, res: ServerResponse) => void this.handle(req, res)
    if (this.https) this.certificatePem = selfSignedCertificate()
    this.server = this.certificatePem ? createHttpsServer(this.certificatePem, handler) : createHttpServer(handler)
    this.server.keepAliveTimeout = 1_000
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
    await new Promise<void>((resolve, reject) => {
      this.server?.once('error', reject)
      this.server?.listen(this.port, this.host, () => resolve())
    })
    const address = this.server.address() as AddressInfo
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
    this.baseUrl = `${this.https ? 'https' : 'http'}://${host}:${address.port}/v1`
    return this.baseUrl
  }

  async close(): Promise<void> {
    this.closed = true
    this.sshService?.stop()
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    for (const res of this.hanging) res.destroy()
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  addFault(rule: FaultRule): void {
    this.faults.push({ rule, seen: 0 })
  }

  clearFaults(): void {
    this.faults = []
  }

  /** Sandboxes that are live now (hold their name, cost money). */
  liveSandboxes(): SandboxState[] {
    return this.sandboxes.filter((s) => LIVE_STATUSES.has(s.status))
  }

  /** Waits until no sandbox is still `stopping`, then returns the live ones: what leaked. */
  async settle(timeoutMs = 5_000): Promise<SandboxState[]> {
    const until = Date.now() + timeoutMs
    while (this.sandboxes.some((s) => s.status === 'stopping') && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return this.liveSandboxes()
  }

  /**
   * A sandbox some other job started (not through this emulator's clients):
   * the one a step must never adopt or stop by mistake.
   */
  seed(name: string, requested = 'running', org = this.options.organizations[0]?.name ?? 'org-default'): SandboxState {
    // As deployed there is no "stopping": such a sandbox has already finished.
    const status = requested === 'stopping' && this.options.generation === 'current' ? 'stopped' : requested
    const now = new Date().toISOString()
    const sandbox: SandboxState = {
      id: `sbx-${randomBytes(8).toString('hex')}`,
      name,
      org,
      status,
      created_at: now,
      updated_at: now,
      spec: { cpu_count: 2, memory_gib: 8, storage_gib: 50 },
      network_policy: { internet_access: 'open' },
      lifetime: {},
      env_keys: [],
    }
    this.sandboxes.push(sandbox)
    this.statusTimes.set(sandbox.id, { [status]: Date.now(), seeded: Date.now() })
    if (status === 'stopping') this.later(this.options.stopMs, () => this.transition(sandbox, 'stopping', 'stopped'))
    return sandbox
  }

  /** Ends every stop under way at once (tests that read 'stopping' first). */
  finishStops(): void {
    for (const sandbox of this.sandboxes) this.transition(sandbox, 'stopping', 'stopped')
  }

  /** Stop requests the emulator accepted or refused for one sandbox id. */
  stopRequestsFor(id: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === `/sandboxes/${id}/stop`)
  }

  /** Requests to one route, e.g. requestsTo('POST', '/sandboxes/start'). */
  requestsTo(method: string, routeOrPath: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (r.path === routeOrPath || routeOf(r.path) === routeOrPath))
  }

  reset(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.requests.length = 0
    this.sandboxes.length = 0
    this.statusTimes.clear()
    this.instances.clear()
    this.rate.clear()
    this.faults = []
  }

  // ---------------------------------------------------------------------------

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      fn()
    }, ms)
    this.timers.add(timer)
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = body === undefined ? '' : JSON.stringify(body)
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers })
    res.end(text)
  }

  private sendError(res: ServerResponse, error: HttpError): void {
    this.send(res, error.status, { code: error.status, error: error.code, message: error.message }, error.headers)
  }

  private async readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > 1_000_000) throw new HttpError(413, 'invalid_request', 'request body too large')
      chunks.push(chunk as Buffer)
    }
    return Buffer.concat(chunks).toString('utf8')
  }

  private takeFault(method: string, path: string): FaultRule | undefined {
    const route = `${method} ${routeOf(path)}`
    // Every rule of the route counts every request, so rules for attempts 1, 2, 3 compose.
    const matching = this.faults.filter((entry) => entry.rule.route === route)
    for (const entry of matching) entry.seen++
    const rule = matching.find((entry) => !entry.rule.attempts || entry.rule.attempts.includes(entry.seen))?.rule
    if (rule !== undefined) this.faultsApplied++
    return rule
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator')
    const method = req.method ?? 'GET'
    const auth = req.headers.authorization
    const record: RecordedRequest = {
      method,
      path: url.pathname.replace(/^\/v1/, ''),
      query: Object.fromEntries(url.searchParams),
      body: undefined,
      authPresent: auth !== undefined,
      org: undefined,
      status: 'fault',
      at: Date.now(),
    }
    try {
      const raw = await this.readBody(req)
      if (raw !== '') {
        try {
          record.body = JSON.parse(raw)
        } catch {
          record.body = raw
        }
      }
      if (url.pathname.startsWith('/_emulator/') && this.options.admin) {
        this.admin(url.pathname, method, record.body, res)
        return
      }
      this.requests.push(record)
      if (!url.pathname.startsWith('/v1/')) throw new HttpError(404, 'not_found', `no route ${method} ${url.pathname}`)

      const rule = this.takeFault(method, record.path)
      const fault = rule?.fault
      if (rule !== undefined && fault !== 'lost-answer') {
        this.applyFault(rule, res, auth)
        return
      }
      // lost-answer: carry the request out, then drop the connection instead of answering.
      const result = await this.route(method, record.path, url.searchParams, record.body, raw, auth, record)
      record.status = fault === 'lost-answer' ? 'fault' : result.status
      if (fault === 'lost-answer') {
        req.socket.destroy()
        return
      }
      this.send(res, result.status, result.body, result.headers)
    } catch (error) {
      if (error instanceof HttpError) {
        record.status = error.status
        this.sendError(res, error)
        return
      }
      record.status = 500
      this.send(res, 500, { code: 500, error: 'internal_error', message: String(error) })
    }
  }

  private applyFault(rule: FaultRule, res: ServerResponse, auth: string | undefined): void {
    const fault = rule.fault
    if (fault === 'hang') {
      this.hanging.add(res)
      res.on('close', () => this.hanging.delete(res))
      return
    }
    if (fault === 'reset') {
      res.socket?.destroy()
      return
    }
    if (fault === 'slow-body') {
      // Headers and the first bytes at once, then nothing: a body that never ends.
      this.hanging.add(res)
      res.on('close', () => this.hanging.delete(res))
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' })
      res.write('{"status": "')
      return
    }
    if (fault === 'key-not-json') {
      // A 2xx whose body is not JSON but carries a private key (a proxy that mangled the answer, say).
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end(`key:\n${generateSshKeyPair('mangled').privateKey}`)
      return
    }
    if (fault === 'malformed-json') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"id": "sbx-')
      return
    }
    const codes: Record<number, string> = { 500: 'internal_error', 502: 'bad_gateway', 503: 'service_unavailable', 504: 'gateway_timeout' }
    if (fault === 502) {
      // Gateways answer with HTML, not the JSON error object.
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>')
      return
    }
    const status = fault as number
    const message = (rule.message ?? `injected ${status}`).replace('{{authorization}}', auth ?? '')
    this.send(res, status, { code: status, error: rule.error ?? codes[status], message })
  }

  private organization(auth: string | undefined): Organization {
    const match = /^Bearer (\S+)$/.exec(auth ?? '')
    const org = match ? this.options.organizations.find((o) => o.token === match[1]) : undefined
    if (!org) throw new HttpError(401, 'unauthorized', auth ? 'invalid API token' : 'missing Authorization header')
    return org
  }

  private limit(org: string, bucket: 'start-stop' | 'get-list'): void {
    const key = `${org}:${bucket}`
    const limit = bucket === 'start-stop' ? this.options.startStopLimit : this.options.getListLimit
    const now = this.rateClock()
    let window = this.rate.get(key)
    if (!window || now - window.windowStart >= this.options.rateWindowMs) {
      window = { windowStart: now, count: 0 }
      this.rate.set(key, window)
    }
    if (window.count >= limit) {
      const retryAfter = Math.max(1, Math.ceil((window.windowStart + this.options.rateWindowMs - now) / 1000))
      throw new HttpError(429, 'rate_limit_exceeded', `more than ${limit} requests per window`, { 'retry-after': String(retryAfter) })
    }
    window.count++
  }

  private route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    raw: string,
    auth: string | undefined,
    record: RecordedRequest,
  ): Promise<{ status: number; body?: unknown; headers?: Record<string, string> }> | { status: number; body?: unknown; headers?: Record<string, string> } {
    if (method === 'GET' && path === '/pricing') return { status: 200, body: { pricing: this.options.pricing } }
    const org = this.organization(auth)
    record.org = org.name
    if (method === 'GET' && path === '/credit-alert') return { status: 200, body: { alert: this.options.creditAlert ?? null } }
    if (method === 'POST' && path === '/instances/create') return this.createInstance(org, body, raw)
    if (method === 'GET' && path === '/instances/list' && this.options.generation === 'current') return this.listInstances(org)
    const deleteMatch = /^\/instances\/([^/]+)\/delete$/.exec(path)
    if (method === 'POST' && deleteMatch) return this.deleteInstance(org, decodeURIComponent(deleteMatch[1] ?? ''))

    if (!path.startsWith('/sandboxes')) throw new HttpError(404, 'not_found', `no route ${method} ${path}`)
    if (path === '/sandboxes/ssh-certificate') return this.sshCertificate(org, method, body)
    if (!org.sandboxAccess) throw new HttpError(403, 'sandbox_access_denied', 'sandbox access is not enabled for this organization')

    if (method === 'POST' && path === '/sandboxes/start') {
      this.limit(org.name, 'start-stop')
      return this.startSandbox(org, body, raw)
    }
    if (method === 'GET' && path === '/sandboxes') {
      this.limit(org.name, 'get-list')
      return this.listSandboxes(org, query)
    }
    const waitMatch = /^\/sandboxes\/([^/]+)\/wait$/.exec(path)
    if (method === 'GET' && waitMatch && this.options.generation === 'current') {
      this.limit(org.name, 'get-list')
      return this.blockingWait(org, waitMatch[1] ?? '', query)
    }
    const match = /^\/sandboxes\/([^/]+)(\/stop|\/network-policy)?$/.exec(path)
    if (!match) throw new HttpError(404, 'not_found', `no route ${method} ${path}`)
    const [, id = '', action] = match
    if (!SANDBOX_ID.test(id)) throw new HttpError(400, 'invalid_request', `id must match ${SANDBOX_ID.source}`)
    if (method === 'GET' && action === undefined) {
      this.limit(org.name, 'get-list')
      return { status: 200, body: this.view(this.findVisible(org, id)) }
    }
    if (method === 'POST' && action === '/stop') {
      this.limit(org.name, 'start-stop')
      const sandbox = this.findVisible(org, id)
      if (sandbox.status === 'failed' && this.options.refuseStopWhenFailed) {
        throw new HttpError(409, 'sandbox_not_running', `${sandbox.id} is failed; only a live sandbox can be stopped`)
      }
      return this.stopSandbox(sandbox, 'stop requested')
    }
    if (method === 'PATCH' && action === '/network-policy') return this.replacePolicy(this.find(org, id), body, raw)
    throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${path}`)
  }

  private find(org: Organization, id: string): SandboxState {
    const sandbox = this.sandboxes.find((s) => s.id === id && s.org === org.name && !s.forgotten)
    if (!sandbox) throw new HttpError(404, 'sandbox_not_found', `no sandbox ${id}`)
    return sandbox
  }

  /** find, but a sandbox started less than invisibleForMs ago is not visible yet (404). */
  private findVisible(org: Organization, id: string): SandboxState {
    const sandbox = this.find(org, id)
    const startedAt = this.statusTimes.get(id)?.pending
    if (startedAt !== undefined && Date.now() - startedAt < this.options.invisibleForMs) {
      throw new HttpError(404, 'sandbox_not_found', `no sandbox ${id}`)
    }
    return sandbox
  }

  private view(sandbox: SandboxState): Record<string, unknown> {
    const { org: _org, forgotten: _forgotten, ...visible } = sandbox
    const generation = this.options.generation
    const word = statusWord(generation, sandbox.status)
    const status = this.options.statusWords?.[word] ?? this.options.statusWords?.[sandbox.status] ?? word
    const extras: Record<string, unknown> = {}
    if (generation === 'current') {
      const ttl = sandbox.lifetime.enforce_ttl && sandbox.lifetime.max_ttl_seconds !== undefined ? sandbox.lifetime.max_ttl_seconds : undefined
      if (ttl !== undefined) extras.expires_at = new Date(Date.parse(sandbox.created_at) + ttl * 1000).toISOString()
      if (sandbox.status === 'failed') Object.assign(extras, { failure_code: this.options.failure.code, failure: this.options.failure.message })
      if (sandbox.image_id !== undefined) extras.image_id = sandbox.image_id
      const ssh = this.sshService
      if (ssh?.running && LIVE_STATUSES.has(sandbox.status)) {
        extras.ssh = { host: '127.0.0.1', port: ssh.port, user: ssh.user, host_key: this.options.sshHostKeyOverride ?? ssh.hostKey }
      }
    }
    return { ...visible, status, ...extras, network_policy: this.acceptedPolicy(sandbox.network_policy), ...this.options.recordExtra }
  }

  private validateStart(body: unknown, raw: string): StartBody {
    const fail = (message: string): never => {
      throw new HttpError(400, 'invalid_request', message)
    }
    if (raw.trim() === '') fail('a request body is required')
    if (body === null || typeof body !== 'object' || Array.isArray(body) || typeof body === 'string') fail('the body must be a JSON object')
    const b = body as Record<string, unknown>
    if (b.name !== undefined && (typeof b.name !== 'string' || !NAME.test(b.name))) {
      fail("name must be 1-63 lower-case letters, digits and '-', starting and ending with a letter or digit")
    }
    const spec = b.spec as Record<string, unknown> | undefined
    if (!spec || typeof spec !== 'object') fail('spec is required')
    for (const field of ['cpu_count', 'memory_gib', 'storage_gib'] as const) {
      if (!positiveInt(spec?.[field])) fail(`spec.${field} must be an integer >= 1`)
    }
    if (spec?.gpu_type !== undefined && !GPU_TYPES.includes(spec.gpu_type as GpuType)) fail(`spec.gpu_type must be one of ${GPU_TYPES.join(', ')}`)
    if (spec?.gpu_count !== undefined && !positiveInt(spec.gpu_count)) fail('spec.gpu_count must be an integer >= 1')
    if (spec?.gpu_count !== undefined && spec.gpu_type === undefined) fail('spec.gpu_count requires spec.gpu_type')
    this.validatePolicy(b.network_policy, fail)
    const lifetime = b.lifetime as Record<string, unknown> | undefined
    if (!lifetime || typeof lifetime !== 'object' || Array.isArray(lifetime)) fail('lifetime is required')
    if (lifetime?.enforce_ttl !== undefined && typeof lifetime.enforce_ttl !== 'boolean') fail('lifetime.enforce_ttl must be a boolean')
    for (const field of ['max_ttl_seconds', 'max_grace_seconds'] as const) {
      const value = lifetime?.[field]
      if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value >= 0)) fail(`lifetime.${field} must be an integer >= 0`)
    }
    if (b.env !== undefined) {
      if (b.env === null || typeof b.env !== 'object' || Array.isArray(b.env)) fail('env must be an object of strings')
      for (const [key, value] of Object.entries(b.env as object)) {
        if (!ENV_KEY.test(key) || typeof value !== 'string') fail('env must map variable names to string values')
      }
    }
    return b as unknown as StartBody
  }

  private validatePolicy(policy: unknown, fail: (message: string) => never): void {
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
  private acceptedPolicy(policy: StartBody['network_policy']): StartBody['network_policy'] {
    const accepted: StartBody['network_policy'] = { internet_access: policy.internet_access, cidr_allowlist: [...(policy.cidr_allowlist ?? [])] }
    accepted.domain_allowlist = (policy.domain_allowlist ?? []).map((d) => (d.startsWith('*.') ? d : `*.${d}`))
    return accepted
  }

  private gpusInUse(type: GpuType): number {
    return this.sandboxes
      .filter((s) => s.spec.gpu_type === type && LIVE_STATUSES.has(s.status))
      .reduce((sum, s) => sum + (s.spec.gpu_count ?? 1), 0)
  }

  private startSandbox(org: Organization, body: unknown, raw: string) {
    const request = this.validateStart(body, raw)
    const id = `sbx-${randomBytes(8).toString('hex')}`
    const name = request.name ?? id
    if (this.sandboxes.some((s) => s.org === org.name && s.name === name && LIVE_STATUSES.has(s.status))) {
      throw new HttpError(409, nameInUseCode(this.options.generation), `the name '${name}' is held by another live sandbox; choose another name or stop that sandbox`)
    }
    const gpu = request.spec.gpu_type
    if (gpu) {
      const wanted = request.spec.gpu_count ?? 1
      const free = (this.options.capacity[gpu] ?? 0) - this.gpusInUse(gpu)
      if (free < wanted) throw new HttpError(503, 'sandbox_capacity_unavailable', `no ${gpu} capacity free (${Math.max(0, free)} free, ${wanted} asked)`)
    }
    const now = new Date().toISOString()
    const sandbox: SandboxState = {
      id,
      name,
      org: org.name,
      status: 'pending',
      created_at: now,
      updated_at: now,
      spec: { ...request.spec, ...(gpu ? { gpu_count: request.spec.gpu_count ?? 1 } : {}) },
      network_policy: request.network_policy,
      lifetime: request.lifetime,
      env_keys: Object.keys(request.env ?? {}),
    }
    if (typeof request.image_id === 'string') sandbox.image_id = request.image_id
    this.sandboxes.push(sandbox)
    this.statusTimes.set(id, { pending: Date.now() })
    const outcome = typeof this.options.outcome === 'function' ? this.options.outcome(request) : (this.options.outcome ?? 'running')
    const provisioning = this.options.provisioningMs + Math.random() * this.options.provisioningJitterMs
    this.later(Math.min(20, provisioning / 4), () => this.transition(sandbox, 'pending', 'provisioning'))
    this.later(provisioning, () => this.transition(sandbox, 'provisioning', outcome) || this.transition(sandbox, 'pending', outcome))
    if (request.lifetime.enforce_ttl && request.lifetime.max_ttl_seconds !== undefined) {
      this.later(request.lifetime.max_ttl_seconds * this.options.ttlSecondMs, () => {
        if (LIVE_STATUSES.has(sandbox.status) && sandbox.status !== 'stopping') this.stopSandbox(sandbox, 'ttl expired')
      })
    }
    return { status: 202, body: { id, name: this.options.answerName ?? name } }
  }

  private transition(sandbox: SandboxState, from: string, to: string): boolean {
    if (sandbox.status !== from) return false
    this.setStatus(sandbox, to)
    return true
  }

  private setStatus(sandbox: SandboxState, status: string): void {
    sandbox.status = status
    sandbox.updated_at = new Date().toISOString()
    const times = this.statusTimes.get(sandbox.id)
    if (times) times[status] ??= Date.now()
    const forgetAfter = this.options.forgetEndedMs
    if (status === 'stopped' && forgetAfter !== undefined) this.later(forgetAfter, () => (sandbox.forgotten = true))
  }

  /** Ends a sandbox the way its TTL or a stop from another job would (tests of a sandbox gone under the action). */
  endElsewhere(id: string): void {
    const sandbox = this.sandboxes.find((s) => s.id === id)
    if (sandbox) this.stopSandbox(sandbox, 'stopped elsewhere')
  }

  private stopSandbox(sandbox: SandboxState, reason: string) {
    if (LIVE_STATUSES.has(sandbox.status) && sandbox.status !== 'stopping') {
      sandbox.stopped_reason = reason
      if (this.options.generation === 'current') {
        // As deployed there is no "stopping": the sandbox is finished, and its name free, at once.
        this.setStatus(sandbox, 'stopped')
      } else {
        this.setStatus(sandbox, 'stopping')
        this.later(this.options.stopMs, () => this.transition(sandbox, 'stopping', 'stopped'))
      }
    } else if (sandbox.status === 'failed') {
      this.setStatus(sandbox, 'stopped')
      sandbox.stopped_reason = reason
    }
    return { status: 202, body: { id: sandbox.id, status: sandbox.status } }
  }

  private listSandboxes(org: Organization, query: URLSearchParams) {
    const current = this.options.generation === 'current'
    let history = this.sandboxes.filter((s) => s.org === org.name && !s.forgotten).reverse()
    // The deployed service also takes status=active (live only) and limit (at most 100); v1.0 ignores both.
    if (current && query.get('status') === 'active') history = history.filter((s) => LIVE_STATUSES.has(s.status))
    let pageSize = this.options.pageSize
    if (current && query.has('limit')) {
      const limit = Number(query.get('limit'))
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new HttpError(400, 'invalid_request', 'limit must be a whole number from 1 to 100')
      pageSize = limit
    }
    const token = query.get('page_token')
    let offset = 0
    if (token !== null && token !== '') {
      const decoded = /^p(\d+)$/.exec(token)
      if (!decoded) throw new HttpError(400, 'invalid_request', 'page_token is not a token this service issued')
      offset = Number(decoded[1])
    }
    const page = history.slice(offset, offset + pageSize).map((s) => this.view(s))
    const last = offset + pageSize >= history.length
    // The last page: null in v1.0, "" as deployed.
    const next = last ? (current ? '' : null) : `p${offset + pageSize}`
    const extra = this.options.listExtraArrays ? { warnings: [], regions: ['eu-1', 'us-2'] } : {}
    return { status: 200, body: { ...extra, sandboxes: page, next_page_token: next } }
  }

  /** POST /sandboxes/ssh-certificate (current generation with ssh): a certificate for the given public key. */
  private sshCertificate(org: Organization, method: string, body: unknown) {
    if (this.options.generation !== 'current' || !this.sshService) throw new HttpError(404, 'not_found', `no route ${method} /sandboxes/ssh-certificate`)
    if (method !== 'POST') throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on /sandboxes/ssh-certificate`)
    const key = (body as { ssh_public_key?: unknown } | undefined)?.ssh_public_key
    if (typeof key !== 'string' || !/^ssh-ed25519 [A-Za-z0-9+/=]+( [^\r\n]*)?$/.test(key.trim())) {
      throw new HttpError(400, 'invalid_request', 'ssh_public_key must be one OpenSSH public key line')
    }
    const { certificate, expiresAt } = this.sshService.sign(key)
    return { status: 200, body: { ssh_certificate: certificate, expires_at: expiresAt, organization: org.name } }
  }

  /** GET /sandboxes/{id}/wait (current generation): held open until the sandbox leaves its starting state, or the window ends. */
  private async blockingWait(org: Organization, id: string, query: URLSearchParams) {
    if (!SANDBOX_ID.test(id)) throw new HttpError(400, 'invalid_request', `id must match ${SANDBOX_ID.source}`)
    const seconds = Number(query.get('timeout_seconds'))
    if (!(seconds > 0 && seconds <= 30)) throw new HttpError(400, 'invalid_request', 'timeout_seconds must be more than 0 and at most 30')
    const until = Date.now() + seconds * 1000 * (this.options.waitSecondMs / 1000)
    for (;;) {
      const sandbox = this.findVisible(org, id)
      if (!STARTING_STATES.has(sandbox.status)) return { status: 200, body: this.view(sandbox) }
      if (Date.now() >= until || this.closed) throw new HttpError(408, 'sandbox_wait_timeout', `not ready within ${seconds}s`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  private replacePolicy(sandbox: SandboxState, body: unknown, raw: string) {
    const fail = (message: string): never => {
      throw new HttpError(400, 'invalid_request', message)
    }
    if (raw.trim() === '' || body === null || typeof body !== 'object') fail('the body must be a JSON object with network_policy')
    const policy = (body as { network_policy?: unknown }).network_policy
    this.validatePolicy(policy, fail)
    if (sandbox.status !== 'running') {
      throw new HttpError(409, 'sandbox_not_running', `the network policy can be replaced only on a running sandbox; ${sandbox.id} is ${sandbox.status}`)
    }
    sandbox.network_policy = policy as StartBody['network_policy']
    sandbox.updated_at = new Date().toISOString()
    const accepted = this.acceptedPolicy(sandbox.network_policy)
    return { status: 200, body: { id: sandbox.id, network_policy: this.options.acceptedPolicyFilter?.(accepted) ?? accepted } }
  }

  private createInstance(org: Organization, body: unknown, raw: string) {
    if (raw.trim() !== '' && (body === null || typeof body !== 'object' || Array.isArray(body))) {
      throw new HttpError(400, 'invalid_request', 'the body must be a JSON object')
    }
    const request = (raw.trim() === '' ? {} : body) as Record<string, unknown>
    if (request.public_key !== undefined && (typeof request.public_key !== 'string' || !/^(ssh-|ecdsa-|sk-)\S+ \S+/.test(request.public_key))) {
      throw new HttpError(400, 'invalid_request', 'public_key must be an OpenSSH public key')
    }
    const fixed = this.nextInstance++
    const uuid = randomUUID()
    let key = ''
    let publicKey: string | undefined
    if (request.public_key === undefined) {
      const pair = generateSshKeyPair(`instance-${fixed}`)
      key = pair.privateKey
      publicKey = pair.publicKey
    }
    const instance = { identifier: fixed, uuid, org: org.name, public_key: request.public_key as string | undefined, deleted: false }
    if (this.sshService) this.sshService.authorize(publicKey ?? (request.public_key as string))
    this.instances.set(String(fixed), instance)
    return { status: 200, body: { identifier: this.identifierOf(instance), key, uuid } }
  }

  /** Another job's instance (tests): created as through the API, no key. */
  seedInstance(org = this.options.organizations[0]?.name ?? 'org-default'): { identifier: number; uuid: string } {
    const fixed = this.nextInstance++
    const instance = { identifier: fixed, uuid: randomUUID(), org, deleted: false }
    this.instances.set(String(fixed), instance)
    return instance
  }

  /** The instances of an organisation that are not deleted, oldest first. */
  private liveInstances(org: string) {
    return [...this.instances.values()].filter((i) => i.org === org && !i.deleted)
  }

  /**
   * v1.0: the identifier given at create, for good. As deployed: the index
   * among the organisation's live instances, which shifts when an older one goes.
   */
  identifierOf(instance: { identifier: number; org: string }): number {
    if (this.options.generation === 'v1') return instance.identifier
    return this.liveInstances(instance.org).findIndex((i) => i.identifier === instance.identifier)
  }

  private listInstances(org: Organization) {
    const entries = this.liveInstances(org.name).map((instance, index) => [
      String(index),
      {
        uuid: instance.uuid,
        name: `instance-${instance.identifier}`,
        status: 'RUNNING',
        ip: '127.0.0.1',
        port: this.sshService?.running ? this.sshService.port : 22,
        ...(this.sshService?.running ? { user: this.sshService.user } : {}),
        createdAt: 1767225600,
      },
    ])
    return { status: 200, body: Object.fromEntries(entries) }
  }

  private deleteInstance(org: Organization, identifier: string) {
    const instance =
      this.options.generation === 'v1'
        ? this.instances.get(identifier)
        : /^\d+$/.test(identifier)
          ? this.liveInstances(org.name)[Number(identifier)]
          : undefined
    if (!instance || instance.org !== org.name || instance.deleted) throw new HttpError(404, 'instance_not_found', `no instance ${identifier}`)
    instance.deleted = true
    return { status: 200, body: { identifier, deleted: true } }
  }

  private admin(path: string, method: string, body: unknown, res: ServerResponse): void {
    if (method === 'GET' && path === '/_emulator/requests') return this.send(res, 200, { requests: this.requests })
    if (method === 'GET' && path === '/_emulator/sandboxes') {
      return this.send(res, 200, { sandboxes: this.sandboxes, live: this.liveSandboxes().map((s) => s.id) })
    }
    if (method === 'POST' && path === '/_emulator/faults') {
      const rules = Array.isArray(body) ? body : [body]
      for (const rule of rules) this.addFault(rule as FaultRule)
      return this.send(res, 200, { faults: this.faults.map((f) => f.rule) })
    }
    if (method === 'DELETE' && path === '/_emulator/faults') {
      this.clearFaults()
      return this.send(res, 200, { faults: [] })
    }
    if (method === 'POST' && path === '/_emulator/reset') {
      this.reset()
      return this.send(res, 200, { reset: true })
    }
    this.send(res, 404, { code: 404, error: 'not_found', message: `no admin route ${method} ${path}` })
  }
}

/** '/sandboxes/sbx-…/stop' → '/sandboxes/:id/stop', for fault rules and request filters. */
export function routeOf(path: string): string {
  return path.replace(/^\/sandboxes\/[^/]+/, (m) => (m === '/sandboxes/start' ? m : '/sandboxes/:id')).replace(/^\/instances\/(?!create$|list$)[^/]+/, '/instances/:id').replace('/sandboxes/:id', (m) => (path === '/sandboxes/ssh-certificate' ? path : m))
}
