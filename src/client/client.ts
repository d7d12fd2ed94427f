/**
 * One typed client for the whole service interface. Each method is a single
 * HTTP call; retry policy belongs to the caller (see retry.ts), because whether
 * a call may be repeated depends on what it does.
 */
import { ServiceError } from './errors.ts'
import {
  INSTANCE_ID_PATTERN,
  SANDBOX_ID_PATTERN,
  creditAlertSchema,
  errorBodySchema,
  instanceCreateResponseSchema,
  instanceListSchema,
  sshCertificateSchema,
  type SshCertificate,
  listedInstanceSchema,
  type ListedInstance,
  networkPolicyResultSchema,
  pricingSchema,
  sandboxRecordSchema,
  startResponseSchema,
  type CreditAlert,
  type InstanceCreateResponse,
  type ListedSandbox,
  type NetworkPolicy,
  type NetworkPolicyResult,
  type SandboxRecord,
  type SandboxStartRequest,
  type StartResponse,
} from './schemas.ts'
import { callService, type CallOptions } from './call.ts'
import { readSandboxPage, type SandboxPage } from './page.ts'
import { invalidAnswer } from './response.ts'

export interface ClientOptions {
  baseUrl: string
  apiToken: string
  /** Longest wait for one answer, body included. */
  requestTimeoutMs?: number
  /** No request outlives this: each one's timeout is cut to the time left (see withDeadline). */
  deadline?: Deadline
}

/** An absolute time on a clock (an injected one in tests). */
export interface Deadline {
  at: number
  clock: { now(): number }
}

/** The SDK's margin: a blocking wait of W seconds gets W plus this before it counts as lost. */
export const WAIT_MARGIN_MS = 15_000

export function assertSandboxId(id: string): string {
  if (!SANDBOX_ID_PATTERN.test(id)) {
    throw new Error(
      `Refusing to use '${id.slice(0, 40)}' as a sandbox id: it does not match ${SANDBOX_ID_PATTERN.source}.`,
    )
  }
  return id
}

export function assertInstanceId(identifier: string | number): string {
  const text = String(identifier)
  if (!INSTANCE_ID_PATTERN.test(text)) {
    throw new Error(
      `Refusing to use '${text.slice(0, 40)}' as an instance identifier: ` +
        `it does not match ${INSTANCE_ID_PATTERN.source}.`,
    )
  }
  return text
}

export class ComputeClient {
  private readonly options: ClientOptions
  private readonly baseUrl: string
  private readonly apiToken: string
  private readonly requestTimeoutMs: number
  private readonly deadline: Deadline | undefined

  constructor(options: ClientOptions) {
    this.options = options
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.apiToken = options.apiToken
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000
    this.deadline = options.deadline
  }

  /**
   * The same client, whose every request gives up at `at` (on `clock`) at the
   * latest: a slow body never keeps a step past its own deadline. An earlier
   * deadline already set stays in force.
   */
  withDeadline(at: number, clock: { now(): number }): ComputeClient {
    const current = this.deadline
    const keep = current !== undefined && current.at - current.clock.now() <= at - clock.now()
    return new ComputeClient({ ...this.options, deadline: keep ? current : { at, clock } })
  }

  /** Milliseconds this client may still wait for one answer. */
  private timeLeftMs(ownTimeoutMs?: number): number {
    const timeout = ownTimeoutMs ?? this.requestTimeoutMs
    if (!this.deadline) return timeout
    return Math.min(timeout, this.deadline.at - this.deadline.clock.now())
  }

  async startSandbox(body: SandboxStartRequest, signal?: AbortSignal): Promise<StartResponse> {
    return this.call({ method: 'POST', path: '/sandboxes/start', body, schema: startResponseSchema, signal })
  }

  async getSandbox(id: string, signal?: AbortSignal): Promise<SandboxRecord> {
    return this.call({ method: 'GET', path: `/sandboxes/${assertSandboxId(id)}`, schema: sandboxRecordSchema, signal })
  }

  /**
   * The deployed service's blocking wait: answers the record as soon as the
   * sandbox has left its starting state, or `sandbox_wait_timeout` when the
   * window of `windowSeconds` (1 to 30) passed first. A service without the
   * route answers 404, as for an unknown sandbox.
   */
  async waitForSandbox(id: string, windowSeconds: number, signal?: AbortSignal): Promise<SandboxRecord> {
    const path = `/sandboxes/${assertSandboxId(id)}/wait?timeout_seconds=${windowSeconds}`
    const body = await this.call<unknown>({
      method: 'GET',
      path,
      signal,
      timeoutMs: windowSeconds * 1000 + WAIT_MARGIN_MS,
    })
    // The window's end may also come as a 2xx error object: it is still the window's end.
    const asError = errorBodySchema.safeParse(body)
    if (asError.success && asError.data.error === 'sandbox_wait_timeout') {
      throw new ServiceError({ status: 200, code: 'sandbox_wait_timeout', method: 'GET', path })
    }
    const parsed = sandboxRecordSchema.safeParse(body)
    if (!parsed.success)
      throw invalidAnswer(200, 'GET', path, 'the answer is neither a sandbox record nor sandbox_wait_timeout')
    return parsed.data
  }

  /**
   * The deployed service's instance list: an object keyed by the current
   * identifiers (which shift as instances come and go). Entries that are not
   * objects are dropped. A v1.0 service answers 404.
   */
  async listInstances(signal?: AbortSignal): Promise<ListedInstance[]> {
    const body = await this.call({ method: 'GET', path: '/instances/list', schema: instanceListSchema, signal })
    const instances: ListedInstance[] = []
    for (const [identifier, value] of Object.entries(body)) {
      const parsed = listedInstanceSchema.safeParse(value)
      if (parsed.success) instances.push({ ...parsed.data, identifier })
    }
    return instances
  }

  /**
   * A short-lived certificate for `publicKey`, signed by the organization's
   * authority: it opens every sandbox of the organization until it expires.
   * Its answer is never quoted in an error.
   */
  async requestSshCertificate(publicKey: string, signal?: AbortSignal): Promise<SshCertificate> {
    return this.call({
      method: 'POST',
      path: '/sandboxes/ssh-certificate',
      body: { ssh_public_key: publicKey },
      schema: sshCertificateSchema,
      signal,
      mayHoldKey: true,
    })
  }

  /** One page of sandbox history, newest first. The page-size parameter is not sent (not shown by the interface). */
  async listSandboxes(pageToken?: string, signal?: AbortSignal): Promise<SandboxPage> {
    const query = pageToken ? `?page_token=${encodeURIComponent(pageToken)}` : ''
    const body = await this.call<unknown>({ method: 'GET', path: `/sandboxes${query}`, signal })
    const reading = readSandboxPage(body)
    if (!reading.ok) {
      // Not a lost answer: asking again gets the same page, so this is not retried.
      throw new ServiceError({
        status: 200,
        code: 'unreadable_page',
        serviceMessage: reading.why,
        method: 'GET',
        path: `/sandboxes${query}`,
      })
    }
    return reading.page
  }

  /** Every sandbox in history, following next_page_token, up to maxPages pages. */
  async *allSandboxes(options: { maxPages?: number; signal?: AbortSignal } = {}): AsyncGenerator<ListedSandbox> {
    const maxPages = options.maxPages ?? 50
    let token: string | undefined
    for (let page = 0; page < maxPages; page++) {
      const result = await this.listSandboxes(token, options.signal)
      yield* result.sandboxes
      if (!result.nextPageToken || result.nextPageToken === token) return
      token = result.nextPageToken
    }
  }

  /** Stop body and success status are not shown: any 2xx is success and the body is kept as is. */
  async stopSandbox(id: string, signal?: AbortSignal): Promise<unknown> {
    return this.call({ method: 'POST', path: `/sandboxes/${assertSandboxId(id)}/stop`, body: {}, signal })
  }

  async replaceNetworkPolicy(id: string, policy: NetworkPolicy, signal?: AbortSignal): Promise<NetworkPolicyResult> {
    return this.call({
      method: 'PATCH',
      path: `/sandboxes/${assertSandboxId(id)}/network-policy`,
      body: { network_policy: policy },
      schema: networkPolicyResultSchema,
      signal,
    })
  }

  async createInstance(body: Record<string, unknown>, signal?: AbortSignal): Promise<InstanceCreateResponse> {
    return this.call({
      method: 'POST',
      path: '/instances/create',
      body,
      schema: instanceCreateResponseSchema,
      signal,
      mayHoldKey: true,
    })
  }

  async deleteInstance(identifier: string | number, signal?: AbortSignal): Promise<unknown> {
    return this.call({ method: 'POST', path: `/instances/${assertInstanceId(identifier)}/delete`, body: {}, signal })
  }

  async getCreditAlert(signal?: AbortSignal): Promise<CreditAlert> {
    return this.call({ method: 'GET', path: '/credit-alert', schema: creditAlertSchema, signal })
  }

  /** Hourly prices in dollars; entries that are not numbers are dropped. The call is unauthenticated. */
  async getPricing(signal?: AbortSignal): Promise<Record<string, number>> {
    const body = await this.call({
      method: 'GET',
      path: '/pricing',
      schema: pricingSchema,
      authenticated: false,
      signal,
    })
    const prices: Record<string, number> = {}
    for (const [key, value] of Object.entries(body.pricing)) {
      const price = typeof value === 'string' ? Number(value) : value
      if (typeof price === 'number' && Number.isFinite(price)) prices[key] = price
    }
    return prices
  }

  /** One request through the one response handler (call.ts). */
  private call<T>(options: CallOptions<T>): Promise<T> {
    return callService(
      { baseUrl: this.baseUrl, apiToken: this.apiToken, timeLeftMs: (own) => this.timeLeftMs(own) },
      options,
    )
  }
}
