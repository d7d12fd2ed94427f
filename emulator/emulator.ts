/**
 * A stateful, in-memory emulator of the compute service interface
 * (docs/service.md; the v1.0 description), served over a real socket on loopback.
 * It shares no code with the action: it is the other end of every e2e test.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { selfSignedCertificate } from './certificate.ts'
import { Faults } from './faults.ts'
import { HttpError, readBody, routeOf, send, sendError } from './http.ts'
import { Instances, type InstanceState } from './instances.ts'
import { RateLimits } from './limits.ts'
import {
  DEFAULT_TOKEN,
  resolveOptions,
  type EmulatorHost,
  type EmulatorOptions,
  type FaultRule,
  type RecordedRequest,
  type ResolvedOptions,
  type SandboxState,
} from './options.ts'
import { route } from './routes.ts'
import { Sandboxes } from './sandboxes.ts'
import { SshService, sshdAvailable } from './ssh-service.ts'

export * from './options.ts'
export { routeOf } from './http.ts'

export class Emulator implements EmulatorHost {
  readonly options: ResolvedOptions
  readonly requests: RecordedRequest[] = []
  readonly store: Sandboxes = new Sandboxes(this)
  readonly instanceStore: Instances = new Instances(this)
  readonly faults = new Faults()
  readonly limits: RateLimits
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly sockets = new Set<Socket>()
  private server: Server | undefined
  closed = false
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
    this.options = resolveOptions(options)
    this.limits = new RateLimits(this.options, options.rateClock ?? (() => Date.now()))
    for (const rule of options.faults ?? []) this.addFault(rule)
  }

  /** Every sandbox ever started, oldest first. */
  get sandboxes(): SandboxState[] {
    return this.store.all
  }

  /** When each sandbox entered each status (Date.now()), by id: what the benchmark measures lag from. */
  get statusTimes(): Map<string, Record<string, number>> {
    return this.store.statusTimes
  }

  get instances(): Map<string, InstanceState> {
    return this.instanceStore.byId
  }

  /** How many injected faults were applied. */
  get faultsApplied(): number {
    return this.faults.applied
  }

  get token(): string {
    return this.options.organizations[0]?.token ?? DEFAULT_TOKEN
  }

  async start(): Promise<string> {
    if (this.options.ssh) {
      this.sshService = new SshService(this.options.sshHost)
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
    for (const res of this.faults.hanging) res.destroy()
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  addFault(rule: FaultRule): void {
    this.faults.add(rule)
  }

  clearFaults(): void {
    this.faults.clear()
  }

  /** Sandboxes that are live now (hold their name, cost money). */
  liveSandboxes(): SandboxState[] {
    return this.store.live()
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
    return this.store.seed(name, requested, org)
  }

  /** Ends every stop under way at once (tests that read 'stopping' first). */
  finishStops(): void {
    this.store.finishStops()
  }

  /** Ends a sandbox the way its TTL or a stop from another job would (tests of a sandbox gone under the action). */
  endElsewhere(id: string): void {
    this.store.endElsewhere(id)
  }

  /** Another job's instance (tests): created as through the API, no key. */
  seedInstance(org = this.options.organizations[0]?.name ?? 'org-default'): { identifier: number; uuid: string } {
    return this.instanceStore.seed(org)
  }

  /** The identifier an instance has now (see instances.ts). */
  identifierOf(instance: { identifier: number; org: string }): number {
    return this.instanceStore.identifierOf(instance)
  }

  /** Stop requests the emulator accepted or refused for one sandbox id. */
  stopRequestsFor(id: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === `/sandboxes/${id}/stop`)
  }

  /** Requests to one route, e.g. requestsTo('POST', '/sandboxes/start'). */
  requestsTo(method: string, routeOrPath: string): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.method === method && (r.path === routeOrPath || routeOf(r.path) === routeOrPath),
    )
  }

  reset(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.requests.length = 0
    this.store.clear()
    this.instanceStore.byId.clear()
    this.limits.clear()
    this.faults.clear()
  }

  later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      fn()
    }, ms)
    this.timers.add(timer)
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
      const raw = await readBody(req)
      record.body = parsedBody(raw)
      if (url.pathname.startsWith('/_emulator/') && this.options.admin) {
        this.admin(url.pathname, method, record.body, res)
        return
      }
      this.requests.push(record)
      this.store.named(record.path)
      if (!url.pathname.startsWith('/v1/')) throw new HttpError(404, 'not_found', `no route ${method} ${url.pathname}`)

      const rule = this.faults.take(method, record.path)
      const fault = rule?.fault
      if (rule !== undefined && fault !== 'lost-answer') {
        this.faults.apply(rule, res, auth)
        return
      }
      // lost-answer: carry the request out, then drop the connection instead of answering.
      const result = await route(this, {
        method,
        path: record.path,
        query: url.searchParams,
        body: record.body,
        raw,
        auth,
        record,
      })
      record.status = fault === 'lost-answer' ? 'fault' : result.status
      if (fault === 'lost-answer') {
        req.socket.destroy()
        return
      }
      send(res, result.status, result.body, result.headers)
    } catch (error) {
      if (error instanceof HttpError) {
        record.status = error.status
        sendError(res, error)
        return
      }
      record.status = 500
      send(res, 500, { code: 500, error: 'internal_error', message: String(error) })
    }
  }

  private admin(path: string, method: string, body: unknown, res: ServerResponse): void {
    if (method === 'GET' && path === '/_emulator/requests') return send(res, 200, { requests: this.requests })
    if (method === 'GET' && path === '/_emulator/sandboxes') {
      return send(res, 200, { sandboxes: this.store.all, live: this.liveSandboxes().map((s) => s.id) })
    }
    if (method === 'POST' && path === '/_emulator/faults') {
      const rules = Array.isArray(body) ? body : [body]
      for (const rule of rules) this.addFault(rule as FaultRule)
      return send(res, 200, { faults: this.faults.rules.map((f) => f.rule) })
    }
    if (method === 'DELETE' && path === '/_emulator/faults') {
      this.clearFaults()
      return send(res, 200, { faults: [] })
    }
    if (method === 'POST' && path === '/_emulator/reset') {
      this.reset()
      return send(res, 200, { reset: true })
    }
    send(res, 404, { code: 404, error: 'not_found', message: `no admin route ${method} ${path}` })
  }
}

/** A request body as JSON when it parses, else as the text it is (undefined when empty). */
function parsedBody(raw: string): unknown {
  if (raw === '') return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}
