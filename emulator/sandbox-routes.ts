/** What the sandbox routes answer: the record view, list pages, the blocking wait, policy changes and SSH certificates. */
import { HttpError, type Answer } from './http.ts'
import { STARTING_STATES, statusWord } from './generation.ts'
import type { EmulatorHost, Organization, SandboxState, StartBody } from './options.ts'
import type { Sandboxes } from './sandboxes.ts'
import { acceptedPolicy, LIVE_STATUSES, SANDBOX_ID, validatePolicy } from './validate.ts'

export function view(host: EmulatorHost, sandbox: SandboxState): Record<string, unknown> {
  const { org: _org, forgotten: _forgotten, failure: _failure, ...visible } = sandbox
  const generation = host.options.generation
  const word = statusWord(generation, sandbox.status)
  const status = host.options.statusWords?.[word] ?? host.options.statusWords?.[sandbox.status] ?? word
  const extras: Record<string, unknown> = {}
  if (generation === 'current') {
    const ttl =
      sandbox.lifetime.enforce_ttl && sandbox.lifetime.max_ttl_seconds !== undefined
        ? sandbox.lifetime.max_ttl_seconds
        : undefined
    if (ttl !== undefined) extras.expires_at = new Date(Date.parse(sandbox.created_at) + ttl * 1000).toISOString()
    const failure = sandbox.failure ?? host.options.failure
    if (sandbox.status === 'failed') Object.assign(extras, { failure_code: failure.code, failure: failure.message })
    if (sandbox.image_id !== undefined) extras.image_id = sandbox.image_id
    const ssh = host.sshService
    if (ssh?.running && LIVE_STATUSES.has(sandbox.status)) {
      extras.ssh = {
        host: '127.0.0.1',
        port: ssh.portFor(sandbox.id),
        user: ssh.user,
        host_key: host.options.sshHostKeyOverride ?? ssh.hostKeyFor(sandbox.id),
      }
    }
  }
  return {
    ...visible,
    status,
    ...extras,
    network_policy: acceptedPolicy(sandbox.network_policy),
    ...host.options.recordExtra,
  }
}

export function listPage(host: EmulatorHost, sandboxes: Sandboxes, org: Organization, query: URLSearchParams): Answer {
  const current = host.options.generation === 'current'
  const lag = host.options.listLagMs
  const listed = (s: { id: string }) => !lag || Date.now() - (sandboxes.statusTimes.get(s.id)?.pending ?? 0) >= lag
  let history = sandboxes.all.filter((s) => s.org === org.name && !s.forgotten && listed(s)).reverse()
  // The deployed service also takes status=active (live only) and limit (at most 100); v1.0 ignores both.
  if (current && query.get('status') === 'active') history = history.filter((s) => LIVE_STATUSES.has(s.status))
  let pageSize = host.options.pageSize
  if (current && query.has('limit')) {
    const limit = Number(query.get('limit'))
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw new HttpError(400, 'invalid_request', 'limit must be a whole number from 1 to 100')
    pageSize = limit
  }
  const token = query.get('page_token')
  let offset = 0
  if (token !== null && token !== '') {
    const decoded = /^p(\d+)$/.exec(token)
    if (!decoded) throw new HttpError(400, 'invalid_request', 'page_token is not a token this service issued')
    offset = Number(decoded[1])
  }
  const shown = history.slice(offset, offset + pageSize)
  sandboxes.shownInList(shown.map((s) => s.id))
  const page = shown.map((s) => view(host, s))
  const last = offset + pageSize >= history.length
  // The last page: null in v1.0, "" as deployed.
  const next = last ? (current ? '' : null) : `p${offset + pageSize}`
  const extra = host.options.listExtraArrays ? { warnings: [], regions: ['eu-1', 'us-2'] } : {}
  return { status: 200, body: { ...extra, sandboxes: page, next_page_token: next } }
}

/** POST /sandboxes/ssh-certificate (current generation with ssh): a certificate for the given public key. */
export function sshCertificate(host: EmulatorHost, org: Organization, method: string, body: unknown): Answer {
  if (host.options.generation !== 'current' || !host.sshService)
    throw new HttpError(404, 'not_found', `no route ${method} /sandboxes/ssh-certificate`)
  if (method !== 'POST')
    throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on /sandboxes/ssh-certificate`)
  const key = (body as { ssh_public_key?: unknown } | undefined)?.ssh_public_key
  if (typeof key !== 'string' || !/^ssh-ed25519 [A-Za-z0-9+/=]+( [^\r\n]*)?$/.test(key.trim())) {
    throw new HttpError(400, 'invalid_request', 'ssh_public_key must be one OpenSSH public key line')
  }
  const { certificate, expiresAt } = host.sshService.sign(key, host.options.sshCertificateSeconds)
  return { status: 200, body: { ssh_certificate: certificate, expires_at: expiresAt, organization: org.name } }
}

/** GET /sandboxes/{id}/wait (current generation): held open until the sandbox leaves its starting state, or the window ends. */
export async function blockingWait(
  host: EmulatorHost,
  sandboxes: Sandboxes,
  org: Organization,
  id: string,
  query: URLSearchParams,
): Promise<Answer> {
  if (!SANDBOX_ID.test(id)) throw new HttpError(400, 'invalid_request', `id must match ${SANDBOX_ID.source}`)
  const seconds = Number(query.get('timeout_seconds'))
  if (!(seconds > 0 && seconds <= 30))
    throw new HttpError(400, 'invalid_request', 'timeout_seconds must be more than 0 and at most 30')
  const until = Date.now() + seconds * 1000 * (host.options.waitSecondMs / 1000)
  for (;;) {
    const sandbox = sandboxes.findVisible(org, id)
    if (!STARTING_STATES.has(sandbox.status)) return { status: 200, body: view(host, sandbox) }
    if (Date.now() >= until || host.closed)
      throw new HttpError(408, 'sandbox_wait_timeout', `not ready within ${seconds}s`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export function replacePolicy(host: EmulatorHost, sandbox: SandboxState, body: unknown, raw: string): Answer {
  const fail = (message: string): never => {
    throw new HttpError(400, 'invalid_request', message)
  }
  if (raw.trim() === '' || body === null || typeof body !== 'object')
    fail('the body must be a JSON object with network_policy')
  const policy = (body as { network_policy?: unknown }).network_policy
  validatePolicy(policy, fail)
  if (sandbox.status !== 'running') {
    throw new HttpError(
      409,
      'sandbox_not_running',
      `the network policy can be replaced only on a running sandbox; ${sandbox.id} is ${sandbox.status}`,
    )
  }
  sandbox.network_policy = policy as StartBody['network_policy']
  sandbox.updated_at = new Date().toISOString()
  const accepted = acceptedPolicy(sandbox.network_policy)
  return {
    status: 200,
    body: { id: sandbox.id, network_policy: host.options.acceptedPolicyFilter?.(accepted) ?? accepted },
  }
}
