/**
 * A fake of the Actions results service's artifact API on loopback (issue 46),
 * shaped after what `@actions/artifact` v2 sends and reads (its generated
 * `results/api/v1/artifact.ts` and `artifact-twirp-client.ts`): twirp JSON
 * POSTs to `/twirp/github.actions.results.api.v1.ArtifactService/<Method>`
 * with proto field names, a runtime token (a JWT whose `scp` holds
 * `Actions.Results:<run>:<job>`), and signed blob addresses for the content
 * (Azure's Put Blob, or Put Block and Put Block List as the Azure SDK sends
 * them; `GET` answers the content type the upload set). The official client
 * itself is run against it (test/emulator/fake-results.test.ts), so it cannot
 * drift from what GitHub's own client sends and accepts. A request of another shape
 * (an unknown field, a wrong type, a missing id) is answered 400 and counted
 * in `malformed`, so a test sees it. Answers name fields the canonical JSON
 * way (lowerCamelCase) or, with `protoNames`, as the proto does.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

const SERVICE = '/twirp/github.actions.results.api.v1.ArtifactService/'
const IDS = ['workflow_run_backend_id', 'workflow_job_run_backend_id']
/** Each method's fields (proto names) and their JSON types: 's' string, 'i' int64 as a decimal string, 'n' int32. */
const FIELDS: Record<string, Record<string, 's' | 'i' | 'n' | 't'>> = {
  CreateArtifact: { name: 's', expires_at: 't', version: 'n', mime_type: 's' },
  FinalizeArtifact: { name: 's', size: 'i', hash: 's' },
  ListArtifacts: { name_filter: 's', id_filter: 'i' },
  GetSignedArtifactURL: { name: 's' },
  DeleteArtifact: { name: 's' },
}

export interface FakeArtifact {
  id: number
  name: string
  run: string
  job: string
  createdAt: string
  expiresAt?: string
  content?: Buffer
  /** What the upload named as its content type (x-ms-blob-content-type); the download answers with it. */
  contentType?: string
  /** Blocks staged (Azure's Put Block), by id, until a block list commits them. */
  blocks?: Map<string, Buffer>
  finalized: boolean
  key: string
}

export class FakeResults {
  readonly run = `run-${randomBytes(4).toString('hex')}`
  readonly artifacts: FakeArtifact[] = []
  /** Every twirp call: its method and the job whose token sent it. */
  readonly calls: { method: string; job: string }[] = []
  /** Blob transfers (PUT, GET). */
  readonly blobs: { method: string; name: string }[] = []
  malformed: string[] = []
  /** Answers that replace the next calls of a method (a 503, a twirp error). */
  script: { method: string; status: number; body?: unknown }[] = []
  /** Methods whose next call is carried out and its answer then lost (a 502 instead). */
  lose: string[] = []
  protoNames = false
  url = ''
  /** Where the signed blob addresses point (this server unless a test says otherwise). */
  signedBase: string | undefined
  private nextId = 1
  private readonly tokens = new Map<string, string>()

  /** A runtime token for a job of this run, as the runner gives one to an action's step. */
  tokenFor(job: string): string {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const scp = `Actions.GenericRead:00000000-0000-0000-0000-000000000000 Actions.Results:${this.run}:${job}`
    const token = `${part({ typ: 'JWT', alg: 'RS256' })}.${part({ scp, exp: 4_102_444_800 })}.c2lnbmF0dXJl`
    this.tokens.set(token, job)
    return token
  }

  /** The variables the runner gives a JavaScript action's step for artifacts. */
  env(job: string): Record<string, string> {
    return { ACTIONS_RUNTIME_TOKEN: this.tokenFor(job), ACTIONS_RESULTS_URL: `${this.url}/` }
  }

  /** Finalized artifacts, by name. */
  names(): string[] {
    return this.artifacts.filter((a) => a.finalized).map((a) => a.name)
  }

  async serve(): Promise<{ url: string; close: () => Promise<void> }> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => this.handle(req, Buffer.concat(chunks), res))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return {
      url: this.url,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        }),
    }
  }

  private handle(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname.startsWith('/blob/')) return this.blob(req, url, body, res)
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(value))
    }
    const method = url.pathname.startsWith(SERVICE) ? url.pathname.slice(SERVICE.length) : ''
    const job = this.tokens.get(/^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '')
    if (req.method !== 'POST' || !FIELDS[method]) return send(404, { code: 'bad_route', msg: 'no such method' })
    if (!job) return send(401, { code: 'unauthenticated', msg: 'invalid token' })
    this.calls.push({ method, job })
    const scripted = this.script.findIndex((s) => s.method === method)
    if (scripted >= 0) {
      const [answer] = this.script.splice(scripted, 1)
      return send(answer?.status ?? 500, answer?.body ?? { code: 'internal', msg: 'scripted' })
    }
    let request: Record<string, unknown>
    try {
      request = JSON.parse(body.toString('utf8')) as Record<string, unknown>
    } catch {
      return send(400, { code: 'malformed', msg: 'not JSON' })
    }
    const wrong = shapeProblem(method, request, this.run, req.headers['content-type'])
    if (wrong) {
      this.malformed.push(`${method}: ${wrong}`)
      return send(400, { code: 'malformed', msg: wrong })
    }
    const [status, answer] = this.answer(method, request, job)
    const lost = this.lose.indexOf(method)
    if (lost >= 0) {
      this.lose.splice(lost, 1)
      return send(502, { code: 'unavailable', msg: 'bad gateway' })
    }
    send(status, this.answerNames(answer))
  }

  private answer(method: string, request: Record<string, unknown>, job: string): [number, Record<string, unknown>] {
    const name = request.name as string
    const found = this.artifacts.find((a) => a.name === name && a.finalized)
    if (method === 'CreateArtifact') {
      if (request.workflow_job_run_backend_id !== job) return [403, { code: 'permission_denied', msg: 'not your job' }]
      if (found) return [409, { code: 'already_exists', msg: 'an artifact with this name already exists' }]
      const key = randomBytes(8).toString('hex')
      const expiresAt = request.expires_at as string | undefined
      const artifact = { id: this.nextId++, name, run: this.run, job, createdAt: new Date().toISOString(), key }
      this.artifacts.push({ ...artifact, ...(expiresAt ? { expiresAt } : {}), finalized: false })
      return [200, { ok: true, signed_upload_url: `${this.signedBase ?? this.url}/blob/${key}?sig=${key}` }]
    }
    if (method === 'FinalizeArtifact') {
      const pending = this.artifacts.findLast((a) => a.name === name && !a.finalized && a.job === job)
      if (!pending?.content) return [404, { code: 'not_found', msg: 'nothing was uploaded' }]
      if (String(pending.content.length) !== request.size) return [400, { code: 'invalid_argument', msg: 'size' }]
      pending.finalized = true
      return [200, { ok: true, artifact_id: String(pending.id) }]
    }
    if (method === 'ListArtifacts') {
      const filter = request.name_filter as string | undefined
      const id = request.id_filter as string | undefined
      const listed = this.artifacts.filter(
        (a) => a.finalized && (filter === undefined || a.name === filter) && (id === undefined || String(a.id) === id),
      )
      return [200, { artifacts: listed.map((a) => this.listed(a)) }]
    }
    const owned = found && found.job === request.workflow_job_run_backend_id ? found : undefined
    if (!owned) return [404, { code: 'not_found', msg: 'artifact not found' }]
    if (method === 'GetSignedArtifactURL')
      return [200, { signed_url: `${this.url}/blob/${owned.key}?sig=${owned.key}` }]
    this.artifacts.splice(this.artifacts.indexOf(owned), 1)
    return [200, { ok: true, artifact_id: String(owned.id) }]
  }

  private listed(a: FakeArtifact): Record<string, unknown> {
    return {
      workflow_run_backend_id: a.run,
      workflow_job_run_backend_id: a.job,
      database_id: String(a.id),
      name: a.name,
      size: String(a.content?.length ?? 0),
      created_at: a.createdAt,
    }
  }

  /** Proto names as written above, or the canonical JSON names (lowerCamelCase). */
  private answerNames(value: unknown): unknown {
    if (this.protoNames || value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return value.map((item) => this.answerNames(item))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
        this.answerNames(v),
      ]),
    )
  }

  private blob(req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse): void {
    const key = url.pathname.slice('/blob/'.length)
    const artifact = this.artifacts.find((a) => a.key === key && url.searchParams.get('sig') === key)
    const end = (status: number, content?: Buffer) => {
      res.writeHead(status, { 'content-type': 'application/octet-stream' })
      res.end(content)
    }
    if (!artifact) return end(404)
    this.blobs.push({ method: req.method ?? '', name: artifact.name })
    if (req.method === 'PUT') return end(artifact.finalized ? 400 : this.put(artifact, url, req, body))
    if (!artifact.finalized || !artifact.content) return end(404)
    // Azure answers with the content type the upload set: @actions/artifact unzips only an application/zip.
    res.writeHead(200, { 'content-type': artifact.contentType ?? 'application/octet-stream' })
    res.end(artifact.content)
  }

  /**
   * A blob's upload, as Azure's Blob service takes one: the whole blob at once (Put Blob, `x-ms-blob-type:
   * BlockBlob`), or blocks staged (Put Block, `comp=block&blockid=…`) then committed in order (Put Block List,
   * `comp=blocklist`, as the Azure SDK's uploadStream in @actions/artifact does). Its status.
   */
  private put(artifact: FakeArtifact, url: URL, req: IncomingMessage, body: Buffer): number {
    const type = req.headers['x-ms-blob-content-type']
    const comp = url.searchParams.get('comp')
    if (comp === 'block') {
      const id = url.searchParams.get('blockid')
      if (!id) return 400
      ;(artifact.blocks ??= new Map()).set(id, body)
      return 201
    }
    if (comp === 'blocklist') {
      const ids = [...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g)].map((m) => m[1])
      const blocks = ids.map((id) => artifact.blocks?.get(id ?? ''))
      if (ids.length === 0 || blocks.some((block) => block === undefined)) return 400
      artifact.content = Buffer.concat(blocks as Buffer[])
      artifact.blocks = undefined
    } else if (comp === null && req.headers['x-ms-blob-type'] === 'BlockBlob') artifact.content = body
    else return 400
    if (typeof type === 'string') artifact.contentType = type
    return 201
  }
}

/** What is wrong with a request's shape, if anything (the twirp JSON @actions/artifact sends). */
function shapeProblem(method: string, request: Record<string, unknown>, run: string, type: string | undefined) {
  if (type !== 'application/json') return `content-type ${type}`
  const fields = FIELDS[method] ?? {}
  for (const id of IDS) if (typeof request[id] !== 'string' || request[id] === '') return `${id} missing`
  if (request.workflow_run_backend_id !== run) return 'another run'
  for (const [key, value] of Object.entries(request)) {
    if (IDS.includes(key)) continue
    const kind = fields[key]
    if (!kind) return `unknown field ${key}`
    if (kind === 'n' && !Number.isInteger(value)) return `${key} is not an int32`
    if (kind === 'i' && !(typeof value === 'string' && /^\d+$/.test(value))) return `${key} is not an int64 string`
    if (kind === 's' && typeof value !== 'string') return `${key} is not a string`
    if (kind === 't' && !(typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value)))
      return `${key} is not an RFC 3339 time`
  }
  if (
    (method === 'CreateArtifact' || method === 'GetSignedArtifactURL' || method === 'DeleteArtifact') &&
    !request.name
  )
    return 'name missing'
  return undefined
}
