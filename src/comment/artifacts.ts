/**
 * This workflow run's artifacts, through the Actions results service the way
 * `actions/upload-artifact` v4 and `@actions/artifact` reach it:
 * twirp JSON calls to `ACTIONS_RESULTS_URL` with `ACTIONS_RUNTIME_TOKEN`
 * (given to every JavaScript action's step), the content put to and read
 * from the signed blob address the service answers. None of it is a request
 * to GitHub's REST API: it spends nothing of the token's hour. Where the
 * runner gives no results service (GitHub Enterprise Server), there is no
 * store and the caller does without.
 */
import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { FetchAnswer } from '../client/http-fetch.ts'
import { backoffDelay, type BackoffOptions } from '../client/retry.ts'
import { proxiedFetch } from '../client/transport.ts'
import { isSafeTransport } from '../client/url.ts'
import { withTimeout } from '../runtime/abort.ts'
import type { Clock } from '../runtime/clock.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { storedFile, storedZip } from '../runtime/zip.ts'

const SERVICE = 'github.actions.results.api.v1.ArtifactService'
const ATTEMPTS = 4
const BACKOFF: BackoffOptions = { baseDelayMs: 500, maxDelayMs: 4_000 }
const REQUEST_TIMEOUT_MS = 20_000
/** How long an artifact of this store is kept at most (the service's least is a day). */
const RETENTION_MS = 24 * 3_600_000
/** The one file inside each artifact. */
const FILE = 'row.json'
const ZIP = 'application/zip'

export interface StoreDeps {
  clock: Clock
  signal?: AbortSignal
}

/** What the results service answered where it did not do what was asked: its status, its code, what to do. */
export class ArtifactStoreError extends Error {
  readonly status: number | undefined
  readonly code: string | undefined
  constructor(status: number | undefined, code: string | undefined, message: string) {
    super(message)
    this.name = 'ArtifactStoreError'
    this.status = status
    this.code = code
  }
}

export interface StoredArtifact {
  name: string
  /** The job that uploaded it, as the service names it (a delete names it). */
  jobBackendId: string
  runBackendId: string
  createdAt?: number
}

const Scope = z.object({ scp: z.string() })
/** Proto names (as @actions/artifact sends them) or their JSON names, whichever the service answers. */
const Listed = z.object({
  artifacts: z
    .array(
      z.looseObject({
        name: z.string().optional(),
        workflow_run_backend_id: z.string().optional(),
        workflowRunBackendId: z.string().optional(),
        workflow_job_run_backend_id: z.string().optional(),
        workflowJobRunBackendId: z.string().optional(),
        created_at: z.string().optional(),
        createdAt: z.string().optional(),
      }),
    )
    .optional(),
})
const Ok = z.looseObject({ ok: z.boolean().optional() })
const Signed = z.looseObject({
  signed_upload_url: z.string().optional(),
  signedUploadUrl: z.string().optional(),
  signed_url: z.string().optional(),
  signedUrl: z.string().optional(),
})
const TwirpError = z.looseObject({ code: z.string().optional(), msg: z.string().optional() })

/** The run's and job's ids in the results service, from the runtime token's `Actions.Results:<run>:<job>` scope. */
export function backendIds(token: string): { run: string; job: string } | undefined {
  try {
    const payload = Scope.safeParse(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')))
    if (!payload.success) return undefined
    for (const scope of payload.data.scp.split(' ')) {
      const [kind, run, job, ...rest] = scope.split(':')
      if (kind === 'Actions.Results' && run && job && rest.length === 0) return { run, job }
    }
  } catch {
    // Not a JWT: no store.
  }
  return undefined
}

export class ArtifactStore {
  private readonly origin: URL
  private readonly token: string
  private readonly ids: { run: string; job: string }
  private readonly deps: StoreDeps

  constructor(origin: URL, token: string, ids: { run: string; job: string }, deps: StoreDeps) {
    this.origin = origin
    this.token = token
    this.ids = ids
    this.deps = deps
  }

  /** The run's store, or undefined where the runner gives none (no results service, an unreadable token). */
  static fromEnvironment(env: NodeJS.ProcessEnv, deps: StoreDeps): ArtifactStore | undefined {
    const token = env.ACTIONS_RUNTIME_TOKEN
    const url = URL.canParse(env.ACTIONS_RESULTS_URL ?? '') ? new URL(env.ACTIONS_RESULTS_URL ?? '') : undefined
    const ids = token ? backendIds(token) : undefined
    // The runtime token goes to it: https, or http only to a loopback host (as base-url).
    if (!token || !ids || !url || !isSafeTransport(url)) return undefined
    return new ArtifactStore(new URL(url.origin), token, ids, deps)
  }

  /** Uploads `content` as the artifact `name` (one file in a ZIP archive, kept a day at most). */
  async upload(name: string, content: Buffer): Promise<void> {
    const expires = new Date(this.deps.clock.now() + RETENTION_MS).toISOString()
    const created = answered(
      Signed,
      // As @actions/artifact 6 asks today (version 7, the archive's MIME type), so the service sees one client.
      await this.call('CreateArtifact', { ...this.own(name), expires_at: expires, version: 7, mime_type: ZIP }),
    )
    const url = this.signed(created.signed_upload_url ?? created.signedUploadUrl)
    const archive = storedZip(FILE, content)
    await this.retried(`uploading the artifact ${name}`, async (signal) => {
      // Downloads answer with this type: actions/download-artifact unpacks an application/zip only.
      const headers = { 'x-ms-blob-type': 'BlockBlob', 'x-ms-blob-content-type': ZIP }
      const answer = await proxiedFetch(url, { method: 'PUT', headers, body: archive, signal })
      if (!answer.ok) throw await failure(answer, `uploading the artifact ${name}`)
      await answer.body?.cancel()
    })
    const hash = `sha256:${createHash('sha256').update(archive).digest('hex')}`
    const finalize = { ...this.own(name), size: String(archive.length), hash }
    const done = await this.call('FinalizeArtifact', finalize).then(
      (answer) => answered(Ok, answer).ok === true,
      async (error: unknown) => {
        // A finalize whose answer was lost, asked again, finds nothing left to finalize: the list tells.
        if (await this.exists(name)) return true
        throw error
      },
    )
    if (!done) throw new ArtifactStoreError(undefined, undefined, `the artifact ${name} was not finalized`)
  }

  /** Whether this job's artifact `name` is there (finalized). */
  private async exists(name: string): Promise<boolean> {
    const found = await this.listed({ ...this.run(), name_filter: name })
    return found.some((artifact) => artifact.name === name && artifact.jobBackendId === this.ids.job)
  }

  /** This run's artifacts whose names start with `prefix`. */
  async list(prefix: string): Promise<StoredArtifact[]> {
    return (await this.listed(this.run())).filter((artifact) => artifact.name.startsWith(prefix))
  }

  /** What ListArtifacts answers to `request`, under either field naming (an entry without its ids is left out). */
  private async listed(request: Record<string, unknown>): Promise<StoredArtifact[]> {
    const listed = answered(Listed, await this.call('ListArtifacts', request))
    const found: StoredArtifact[] = []
    for (const item of listed.artifacts ?? []) {
      const run = item.workflow_run_backend_id ?? item.workflowRunBackendId
      const job = item.workflow_job_run_backend_id ?? item.workflowJobRunBackendId
      const created = Date.parse(item.created_at ?? item.createdAt ?? '')
      if (item.name === undefined || !run || !job) continue
      found.push({ name: item.name, runBackendId: run, jobBackendId: job, ...(created ? { createdAt: created } : {}) })
    }
    return found
  }

  /** The content of an artifact this store uploads (undefined: gone, or not of that shape, or over `maxBytes`). */
  async download(artifact: StoredArtifact, maxBytes: number): Promise<Buffer | undefined> {
    const answer = answered(Signed, await this.call('GetSignedArtifactURL', named(artifact)))
    const url = this.signed(answer.signed_url ?? answer.signedUrl)
    const archive = await this.retried(`downloading the artifact ${artifact.name}`, async (signal) => {
      const got = await proxiedFetch(url, { signal })
      if (!got.ok) throw await failure(got, `downloading the artifact ${artifact.name}`)
      return readAtMost(got, maxBytes + 1_024)
    })
    return archive ? storedFile(archive, FILE, maxBytes) : undefined
  }

  /** Deletes an artifact of this run (another job's too, as the service allows any job of the run). */
  async remove(artifact: StoredArtifact): Promise<void> {
    await this.call('DeleteArtifact', named(artifact))
  }

  /** Deletes an artifact this job uploaded; false where there was none (or the service would not). */
  removeOwn(name: string): Promise<boolean> {
    const own = { name, runBackendId: this.ids.run, jobBackendId: this.ids.job }
    return this.remove(own).then(
      () => true,
      () => false,
    )
  }

  /** This run and job, as every request names them. */
  private run() {
    return backendFields(this.ids.run, this.ids.job)
  }

  private own(name: string) {
    return { ...this.run(), name }
  }

  /** A signed address the service answered: https (http only to a loopback host), else nothing is sent to it. */
  private signed(value: string | undefined): string {
    const url = URL.canParse(value ?? '') ? new URL(value ?? '') : undefined
    if (!url || !isSafeTransport(url))
      throw new ArtifactStoreError(undefined, undefined, 'the results service answered no usable signed address')
    return url.href
  }

  private call(method: string, body: Record<string, unknown>): Promise<unknown> {
    return this.retried(`the results service's ${method}`, async (signal) => {
      const answer = await proxiedFetch(new URL(`/twirp/${SERVICE}/${method}`, this.origin).href, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      })
      if (!answer.ok) throw await failure(answer, `the results service's ${method}`)
      return (await answer.json()) as unknown
    })
  }

  /** Transient failures (no answer, 429, 5xx) tried again with jittered backoff; anything else at once. */
  private async retried<T>(what: string, operation: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const { clock, signal } = this.deps
    for (let attempt = 1; ; attempt++) {
      try {
        return await operation(withTimeout(REQUEST_TIMEOUT_MS, signal))
      } catch (error) {
        signal?.throwIfAborted()
        const status = error instanceof ArtifactStoreError ? error.status : undefined
        const transient =
          status === undefined ? !(error instanceof ArtifactStoreError) : status === 429 || status >= 500
        if (!transient || attempt >= ATTEMPTS)
          throw error instanceof ArtifactStoreError
            ? error
            : new ArtifactStoreError(undefined, undefined, `${what}: ${serviceText((error as Error).message, 200)}`)
        await clock.sleep(backoffDelay(attempt, clock.random(), BACKOFF), signal)
      }
    }
  }
}

/** The ids a twirp request names a run and job by (proto field names, as @actions/artifact sends them). */
function backendFields(run: string, job: string) {
  return { workflow_run_backend_id: run, workflow_job_run_backend_id: job }
}

/** An artifact as a request names it: the run and job that uploaded it, and its name. */
function named(artifact: StoredArtifact) {
  return { ...backendFields(artifact.runBackendId, artifact.jobBackendId), name: artifact.name }
}

/** An answer of the expected shape, else what to report (never the answer itself). */
function answered<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new ArtifactStoreError(undefined, undefined, 'the results service answered an odd shape')
  return parsed.data
}

async function failure(answer: FetchAnswer, what: string): Promise<ArtifactStoreError> {
  const text = await answer.text().catch(() => '')
  let parsed: z.infer<typeof TwirpError> = {}
  try {
    parsed = TwirpError.parse(JSON.parse(text))
  } catch {
    // Not a twirp error (a blob store's XML, a proxy's page): the status says it.
  }
  const said = parsed.msg ? `: ${serviceText(parsed.msg, 200)}` : ''
  return new ArtifactStoreError(answer.status, parsed.code, `${what} answered ${answer.status}${said}`)
}

/** The body, or undefined when it is longer than `limit` (the rest is not read). */
async function readAtMost(answer: FetchAnswer, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of answer.body ?? []) {
    size += chunk.length
    // Leaving the loop cancels the rest of the body.
    if (size > limit) return undefined
    chunks.push(Buffer.from(chunk))
  }
  return Buffer.concat(chunks)
}
