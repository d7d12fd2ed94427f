/**
 * A tiny stateful compute service for unit tests, served through msw (which
 * replaces the global fetch the production transport calls). `*Script`
 * arrays override answers call by call.
 */
import { http, HttpResponse } from 'msw'
import { setupServer, type SetupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { ComputeClient } from '../../src/client/client.ts'
import { runPost } from '../../src/post.ts'
import { FakeClock, recordingCore } from './fakes.ts'

export const BASE = 'https://compute.test/v1'
export const TOKEN = 'tok-unit-999'

export interface FakeSandbox {
  id: string
  name: string
  status: string
  gpu?: string
}

export class FakeService {
  sandboxes: FakeSandbox[] = []
  requests: { method: string; path: string; body?: unknown }[] = []
  statuses: string[] = ['pending', 'provisioning', 'running']
  /** Answers of the blocking-wait route, call by call; without a script it is absent (404). */
  waitScript: (() => Response | undefined)[] = []
  waits: string[] = []
  getScript: (() => Response | undefined)[] = []
  startScript: ((body: { name: string; spec: { gpu_type?: string } }) => 'ok' | 'lost' | Response)[] = []
  stopScript: (() => Response | undefined)[] = []
  listScript: (() => Response | undefined)[] = []
  /** List pages of this many sandboxes (page_token is the offset); one page when undefined. */
  pageSize: number | undefined
  /** GET /pricing and GET /credit-alert, kept apart from the sandbox calls. */
  billingRequests: string[] = []
  pricing: () => Response = () =>
    HttpResponse.json({
      pricing: { a100_x1_prototyping: 0.78, additional_vcpus: 0.01, additional_memory_gib: 0.005, disk_gb: 0.0002 },
    })
  creditAlert: () => Response = () => HttpResponse.json({ alert: { amount_cents: 2500, armed: true, created_at: 1 } })
  instances: { identifier: number; deleted: boolean }[] = []
  /** GET /instances/list: the deployed service has it; a v1.0 one answers 404. */
  instanceListRoute = true
  /** Status of the listed instances, call by call (then RUNNING, with an address). */
  instanceStatuses: string[] = []
  /** POST /sandboxes/ssh-certificate: the deployed service has it; a v1.0 one answers 404. */
  certificateRoute = true
  certificates: string[] = []
  /** The expires_at each certificate answer carries; scripted answers (429, 5xx, …) come first, call by call. */
  certificateExpiresAt: () => string | undefined = () => '2026-11-23T05:00:00Z'
  certificateScript: (() => Response | undefined)[] = []
  generatedKey =
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nAAAAC3NzaC1lZDI1NTE5AAAAIPkgkGp9Xs35zwAoc3bq\n-----END OPENSSH PRIVATE KEY-----\n'
  private counter = 0

  handlers() {
    return [
      http.get(`${BASE}/pricing`, ({ request }) => {
        this.billingRequests.push(`GET /pricing${request.headers.has('authorization') ? ' (with token)' : ''}`)
        return this.pricing()
      }),
      http.get(`${BASE}/credit-alert`, ({ request }) => {
        this.billingRequests.push(`GET /credit-alert${request.headers.has('authorization') ? ' (with token)' : ''}`)
        return this.creditAlert()
      }),
      http.post(`${BASE}/sandboxes/start`, async ({ request }) => {
        const body = (await request.json()) as { name: string; spec: { gpu_type?: string } }
        this.requests.push({ method: 'POST', path: '/sandboxes/start', body })
        const step = this.startScript.shift()?.(body) ?? 'ok'
        if (step instanceof Response) return step
        if (this.sandboxes.some((s) => s.name === body.name && s.status !== 'stopped')) {
          return HttpResponse.json({ code: 409, error: 'sandbox_name_in_use', message: 'held' }, { status: 409 })
        }
        const id = `sbx-${(++this.counter).toString(16).padStart(16, '0')}`
        this.sandboxes.unshift({ id, name: body.name, status: 'pending', gpu: body.spec.gpu_type })
        if (step === 'lost') return HttpResponse.error()
        return HttpResponse.json({ id, name: body.name }, { status: 202 })
      }),
      // The blocking wait: a v1.0 service has no such route (404, as for an unknown sandbox).
      // Its calls are kept apart in `waits`, so `paths()` reads as the v1.0 conversation.
      http.get(`${BASE}/sandboxes/:id/wait`, ({ params, request }) => {
        this.waits.push(`GET /sandboxes/${params.id}/wait?${new URL(request.url).searchParams}`)
        const scripted = this.waitScript.shift()?.()
        if (scripted) return scripted
        return HttpResponse.json({ code: 404, error: 'not_found', message: 'no route' }, { status: 404 })
      }),
      http.get(`${BASE}/sandboxes/:id`, ({ params }) => {
        this.requests.push({ method: 'GET', path: `/sandboxes/${params.id}` })
        const scripted = this.getScript.shift()?.()
        if (scripted) return scripted
        const sandbox = this.sandboxes.find((s) => s.id === params.id)
        if (!sandbox) return HttpResponse.json({ code: 404, error: 'not_found', message: 'no' }, { status: 404 })
        if (sandbox.status !== 'stopped' && sandbox.status !== 'stopping')
          sandbox.status = this.statuses.shift() ?? sandbox.status
        return HttpResponse.json({
          id: sandbox.id,
          name: sandbox.name,
          status: sandbox.status,
          spec: { gpu_type: sandbox.gpu },
        })
      }),
      http.get(`${BASE}/sandboxes`, ({ request }) => {
        const pageToken = new URL(request.url).searchParams.get('page_token')
        this.requests.push({ method: 'GET', path: pageToken ? `/sandboxes?page_token=${pageToken}` : '/sandboxes' })
        const scripted = this.listScript.shift()?.()
        if (scripted) return scripted
        if (this.pageSize === undefined)
          return HttpResponse.json({ items: this.sandboxes.map((s) => ({ ...s })), next_page_token: null })
        const offset = Number(pageToken ?? 0)
        const next = offset + this.pageSize < this.sandboxes.length ? String(offset + this.pageSize) : null
        return HttpResponse.json({
          items: this.sandboxes.slice(offset, offset + this.pageSize).map((s) => ({ ...s })),
          next_page_token: next,
        })
      }),
      http.post(`${BASE}/instances/create`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        this.requests.push({ method: 'POST', path: '/instances/create', body })
        const identifier = 100 + this.instances.length
        this.instances.push({ identifier, deleted: false })
        return HttpResponse.json({
          identifier,
          uuid: `uuid-${identifier}`,
          key: body.public_key ? '' : this.generatedKey,
        })
      }),
      http.post(`${BASE}/sandboxes/ssh-certificate`, async ({ request }) => {
        const body = (await request.json()) as { ssh_public_key?: string }
        this.requests.push({ method: 'POST', path: '/sandboxes/ssh-certificate', body })
        if (!this.certificateRoute)
          return HttpResponse.json({ code: 404, error: 'not_found', message: 'no route' }, { status: 404 })
        const scripted = this.certificateScript.shift()?.()
        if (scripted) return scripted
        const certificate = `ssh-ed25519-cert-v01@openssh.com AAAAcertificate${this.certificates.length} signed`
        this.certificates.push(certificate)
        return HttpResponse.json({ ssh_certificate: certificate, expires_at: this.certificateExpiresAt() })
      }),
      http.get(`${BASE}/instances/list`, () => {
        this.requests.push({ method: 'GET', path: '/instances/list' })
        if (!this.instanceListRoute)
          return HttpResponse.json({ code: 404, error: 'not_found', message: 'no route' }, { status: 404 })
        const live = this.instances.filter((i) => !i.deleted)
        const status = this.instanceStatuses.shift() ?? 'RUNNING'
        const address = status === 'RUNNING' ? { ip: '10.0.0.5', port: 2222 } : {}
        return HttpResponse.json(
          Object.fromEntries(
            live.map((i) => [String(i.identifier), { uuid: `uuid-${i.identifier}`, status, ...address }]),
          ),
        )
      }),
      http.post(`${BASE}/instances/:identifier/delete`, ({ params }) => {
        this.requests.push({ method: 'POST', path: `/instances/${params.identifier}/delete` })
        const instance = this.instances.find((i) => String(i.identifier) === params.identifier && !i.deleted)
        if (!instance)
          return HttpResponse.json({ code: 404, error: 'instance_not_found', message: 'no' }, { status: 404 })
        instance.deleted = true
        return HttpResponse.json({ deleted: true })
      }),
      http.patch(`${BASE}/sandboxes/:id/network-policy`, async ({ params, request }) => {
        const body = (await request.json()) as { network_policy?: unknown }
        this.requests.push({ method: 'PATCH', path: `/sandboxes/${params.id}/network-policy`, body })
        if (!this.sandboxes.some((s) => s.id === params.id))
          return HttpResponse.json({ code: 404, error: 'not_found', message: 'no' }, { status: 404 })
        return HttpResponse.json({ id: params.id, network_policy: body.network_policy ?? body })
      }),
      http.post(`${BASE}/sandboxes/:id/stop`, ({ params }) => {
        this.requests.push({ method: 'POST', path: `/sandboxes/${params.id}/stop` })
        const scripted = this.stopScript.shift()?.()
        if (scripted) return scripted
        const sandbox = this.sandboxes.find((s) => s.id === params.id)
        if (!sandbox) return HttpResponse.json({ code: 404, error: 'not_found', message: 'no' }, { status: 404 })
        sandbox.status = 'stopped'
        return new HttpResponse(null, { status: 202 })
      }),
    ]
  }

  paths(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}`)
  }
}

/**
 * Serves a fresh FakeService through msw for every test of the calling file;
 * `service()` is the current one. Also returns the server, for extra handlers.
 */
export function serveFakeService(): { server: SetupServer; service: () => FakeService } {
  const server = setupServer()
  let current = new FakeService()
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  beforeEach(() => {
    current = new FakeService()
    server.use(...current.handlers())
  })
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  return { server, service: () => current }
}

/** The post step's logic against the fake service, with the production client. */
export async function runPostAgainst(
  inputs: Record<string, string>,
  state: Record<string, string>,
  clock = new FakeClock(),
) {
  const core = recordingCore({ 'api-token': TOKEN, 'base-url': BASE, ...inputs }, state)
  let error: Error | undefined
  try {
    await runPost({ core, clock, makeClient: () => new ComputeClient({ baseUrl: BASE, apiToken: TOKEN }) })
  } catch (e) {
    error = e as Error
  }
  return { core, error }
}
