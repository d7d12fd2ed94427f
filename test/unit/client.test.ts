/**
 * The client against msw. No transport is injected: every test runs the
 * production transport (node:http; undici's own fetch behind a proxy), which
 * msw intercepts. The first test proves that. test/unit/transport.test.ts
 * holds the transport to a real server on loopback.
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ComputeClient } from '../../src/client/client.ts'
import { parseRetryAfter } from '../../src/client/response.ts'
import { ServiceError } from '../../src/client/errors.ts'
import { isTransient } from '../../src/client/retry.ts'
import { proxyConfigured } from '../../src/client/transport.ts'

// Behind a proxy the request goes through undici's own fetch with its agent (transport.ts): recorded here.
const undiciFetch = vi.hoisted(() => vi.fn())
vi.mock('undici', async (importOriginal) => ({
  ...(await importOriginal<typeof import('undici')>()),
  fetch: undiciFetch,
}))

const BASE = 'https://compute.test/v1'
const TOKEN = 'tok-secret-123'
const ID = 'sbx-0123456789abcdef'
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function client(): ComputeClient {
  return new ComputeClient({ baseUrl: BASE, apiToken: TOKEN })
}

function errorBody(status: number, error: string, message = 'text from the service') {
  return HttpResponse.json({ code: status, error, message }, { status })
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError)
    return error as ServiceError
  }
  throw new Error('expected a ServiceError')
}

const startBody = {
  name: 'box',
  spec: { cpu_count: 1, memory_gib: 1, storage_gib: 1 },
  network_policy: { internet_access: 'open' as const },
  lifetime: { enforce_ttl: true, max_ttl_seconds: 60 },
}

describe('transport', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('the default transport is node:http, which msw intercepts: the production code path, and never global fetch', async () => {
    for (const name of ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']) vi.stubEnv(name, '')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const seen = vi.fn()
    server.use(
      http.get(`${BASE}/credit-alert`, ({ request }) => (seen(request.url), HttpResponse.json({ alert: null }))),
    )
    expect(await client().getCreditAlert()).toEqual({ alert: null })
    expect(seen).toHaveBeenCalledWith(`${BASE}/credit-alert`)
    // No proxy configured: neither Node's fetch nor undici is loaded.
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(undiciFetch).not.toHaveBeenCalled()
    fetchSpy.mockRestore()
  })

  it("with HTTPS_PROXY set, the request goes through undici's EnvHttpProxyAgent (which also honours NO_PROXY)", async () => {
    vi.stubEnv('HTTPS_PROXY', 'http://proxy.invalid:3128')
    // Only what fetch is given matters here; the e2e suite sends real requests through a proxy.
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ alert: null }))
    undiciFetch.mockResolvedValue(Response.json({ alert: null }))
    await client().getCreditAlert()
    // undici's fetch with undici's agent: Node's own fetch bundles another undici, whose dispatcher differs.
    expect(fetchSpy).not.toHaveBeenCalled()
    const [url, init] = undiciFetch.mock.calls[0] as [string, RequestInit & { dispatcher?: unknown }]
    expect(url).toBe(`${BASE}/credit-alert`)
    expect(init.dispatcher?.constructor.name).toBe('EnvHttpProxyAgent')
    expect(proxyConfigured({ http_proxy: 'http://p:1' })).toBe(true)
    expect(proxyConfigured({ NO_PROXY: '*', HTTPS_PROXY: ' ' })).toBe(false)
    fetchSpy.mockRestore()
  })

  it.each(['http://127.0.0.1:8080/v1', 'http://localhost:8080/v1', 'http://[::1]:8080/v1', 'http://127.1.2.3/v1'])(
    'a loopback base-url (%s) never goes through the proxy',
    async (base) => {
      vi.stubEnv('HTTPS_PROXY', 'http://proxy.invalid:3128')
      vi.stubEnv('HTTP_PROXY', 'http://proxy.invalid:3128')
      undiciFetch.mockClear()
      server.use(http.get(`${base}/credit-alert`, () => HttpResponse.json({ alert: null })))
      expect(await new ComputeClient({ baseUrl: base, apiToken: TOKEN }).getCreditAlert()).toEqual({ alert: null })
      expect(undiciFetch).not.toHaveBeenCalled()
    },
  )
})

describe('requests', () => {
  it('start sends the body as JSON with Bearer auth and parses {id, name}', async () => {
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined
    server.use(
      http.post(`${BASE}/sandboxes/start`, async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        }
        return HttpResponse.json({ id: ID, name: 'box', extra: 1 }, { status: 202 })
      }),
    )
    await expect(client().startSandbox(startBody)).resolves.toEqual({ id: ID, name: 'box', extra: 1 })
    expect(seen).toEqual({ auth: `Bearer ${TOKEN}`, type: 'application/json', body: startBody })
  })

  it('get keeps unknown record fields', async () => {
    server.use(
      http.get(`${BASE}/sandboxes/${ID}`, () =>
        HttpResponse.json({ status: 'provisioning', zone: 'x', spec: { cpu_count: 1 } }),
      ),
    )
    await expect(client().getSandbox(ID)).resolves.toEqual({
      status: 'provisioning',
      zone: 'x',
      spec: { cpu_count: 1 },
    })
  })

  it('stop accepts any 2xx and any body', async () => {
    server.use(http.post(`${BASE}/sandboxes/${ID}/stop`, () => new HttpResponse(null, { status: 202 })))
    await expect(client().stopSandbox(ID)).resolves.toBeUndefined()
  })

  it('network policy is a PATCH with {network_policy}', async () => {
    let body: unknown
    server.use(
      http.patch(`${BASE}/sandboxes/${ID}/network-policy`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({
          id: ID,
          network_policy: { internet_access: 'closed', domain_allowlist: ['*.a.com'] },
        })
      }),
    )
    const result = await client().replaceNetworkPolicy(ID, { internet_access: 'closed', domain_allowlist: ['a.com'] })
    expect(body).toEqual({ network_policy: { internet_access: 'closed', domain_allowlist: ['a.com'] } })
    expect(result.network_policy.domain_allowlist).toEqual(['*.a.com'])
  })

  it('instance create accepts an integer or a string identifier', async () => {
    server.use(http.post(`${BASE}/instances/create`, () => HttpResponse.json({ identifier: 7, key: 'k', uuid: 'u' })))
    await expect(client().createInstance({})).resolves.toMatchObject({ identifier: 7 })
    server.use(
      http.post(`${BASE}/instances/create`, () => HttpResponse.json({ identifier: 'i-7', key: '', uuid: 'u' })),
    )
    await expect(client().createInstance({})).resolves.toMatchObject({ identifier: 'i-7' })
  })

  it('instance delete uses the public route', async () => {
    const hit = vi.fn()
    server.use(http.post(`${BASE}/instances/7/delete`, () => (hit(), HttpResponse.json({}))))
    await client().deleteInstance(7)
    expect(hit).toHaveBeenCalledOnce()
  })

  it('pricing is sent without a token and keeps numeric entries only', async () => {
    let auth: string | null = 'unset'
    server.use(
      http.get(`${BASE}/pricing`, ({ request }) => {
        auth = request.headers.get('authorization')
        return HttpResponse.json({
          pricing: { h100_x1_prototyping: 1.89, disk_gb: '0.0001', note: 'legacy', nested: { a: 1 } },
        })
      }),
    )
    await expect(client().getPricing()).resolves.toEqual({ h100_x1_prototyping: 1.89, disk_gb: 0.0001 })
    expect(auth).toBeNull()
  })

  it('credit alert: null or an object', async () => {
    server.use(
      http.get(`${BASE}/credit-alert`, () =>
        HttpResponse.json({ alert: { amount_cents: 100, armed: false, created_at: 5 } }),
      ),
    )
    await expect(client().getCreditAlert()).resolves.toEqual({
      alert: { amount_cents: 100, armed: false, created_at: 5 },
    })
  })
})

describe('list', () => {
  it('takes the one array field, whatever its name, and follows next_page_token', async () => {
    const tokens: (string | null)[] = []
    server.use(
      http.get(`${BASE}/sandboxes`, ({ request }) => {
        const token = new URL(request.url).searchParams.get('page_token')
        tokens.push(token)
        if (token === null)
          return HttpResponse.json({ items: [{ id: ID, name: 'a', status: 'running' }], next_page_token: 'n 2' })
        return HttpResponse.json({
          results: [{ id: 'sbx-1111111111111111', name: 'b', status: 'stopped' }],
          next_page_token: null,
        })
      }),
    )
    const all = []
    for await (const sandbox of client().allSandboxes()) all.push(sandbox.name)
    expect(all).toEqual(['a', 'b'])
    expect(tokens).toEqual([null, 'n 2'])
  })

  it('sends no page-size parameter', async () => {
    let query = 'unset'
    server.use(
      http.get(`${BASE}/sandboxes`, ({ request }) => {
        query = new URL(request.url).search
        return HttpResponse.json({ data: [] })
      }),
    )
    await client().listSandboxes()
    expect(query).toBe('')
  })

  it('takes the array of objects and ignores empty or non-object arrays beside it', async () => {
    const item = { id: ID, name: 'a', status: 'running' }
    server.use(
      http.get(`${BASE}/sandboxes`, () =>
        HttpResponse.json({ sandboxes: [item], warnings: [], regions: ['eu', 'us'], next_page_token: '' }),
      ),
    )
    expect(await client().listSandboxes()).toEqual({ sandboxes: [item], nextPageToken: undefined })
    server.use(http.get(`${BASE}/sandboxes`, () => HttpResponse.json({ warnings: [], items: [item] })))
    expect((await client().listSandboxes()).sandboxes).toEqual([item])
    // Two arrays of objects: the one named as the deployed service names it.
    server.use(http.get(`${BASE}/sandboxes`, () => HttpResponse.json({ notices: [{ text: 'x' }], sandboxes: [item] })))
    expect((await client().listSandboxes()).sandboxes).toEqual([item])
    // Only empty or non-object arrays: an empty page.
    server.use(http.get(`${BASE}/sandboxes`, () => HttpResponse.json({ a: [], b: ['x'] })))
    expect((await client().listSandboxes()).sandboxes).toEqual([])
  })

  it('a page it cannot read is unreadable_page, which is not retried', async () => {
    const cases: [Record<string, unknown> | unknown[], RegExp][] = [
      [{ count: 0 }, /no array of results/],
      [[{ id: ID }], /not a JSON object/],
      [{ a: [{ id: ID }], b: [{ id: ID }] }, /2 arrays of objects and none is named 'sandboxes'/],
      [{ items: [{ id: ID }, 'x'] }, /mixes objects with other values/],
    ]
    for (const [page, why] of cases) {
      server.use(http.get(`${BASE}/sandboxes`, () => HttpResponse.json(page as never)))
      const error = await failure(client().listSandboxes())
      expect(error).toMatchObject({ status: 200, code: 'unreadable_page' })
      expect(error.message).toMatch(why)
      expect(isTransient(error)).toBe(false)
    }
  })
})

describe('every error becomes a ServiceError with status, code and what to do', () => {
  const cases: [number, string, RegExp][] = [
    [400, 'invalid_request', /correct the inputs/],
    [401, 'unauthorized', /api-token was rejected/],
    [403, 'sandbox_access_denied', /enabled separately for the organization/],
    [404, 'sandbox_not_found', /does not know this resource/],
    [409, 'sandbox_name_in_use', /replace-existing: true/],
    [409, 'sandbox_not_running', /only while the sandbox is running/],
    [422, 'unprocessable', /correct the inputs/],
    [418, 'teapot', /refused the request; its message says why/],
    [429, 'rate_limit_exceeded', /Retry-After/],
    [503, 'sandbox_capacity_unavailable', /fallback types in 'gpu-type'/],
    [503, 'service_unavailable', /retried with backoff/],
    [504, 'gateway_timeout', /retried with backoff/],
    [500, 'internal_error', /retries where it is safe/],
  ]
  it.each(cases)('%i %s', async (status, code, hint) => {
    server.use(http.get(`${BASE}/sandboxes/${ID}`, () => errorBody(status, code)))
    const error = await failure(client().getSandbox(ID))
    expect(error).toMatchObject({ status, code, serviceMessage: 'text from the service' })
    expect(error.message).toContain(`${status} ${code}: text from the service`)
    expect(error.message).toMatch(hint)
  })

  it('401 without a JSON body still says unauthorized', async () => {
    server.use(http.get(`${BASE}/sandboxes/${ID}`, () => new HttpResponse('denied', { status: 401 })))
    expect(await failure(client().getSandbox(ID))).toMatchObject({
      status: 401,
      code: 'unauthorized',
      serviceMessage: 'denied',
    })
  })

  it('429 carries Retry-After in seconds or as an HTTP date', async () => {
    server.use(
      http.get(`${BASE}/sandboxes/${ID}`, () =>
        HttpResponse.json(
          { code: 429, error: 'rate_limit_exceeded', message: 'slow' },
          { status: 429, headers: { 'retry-after': '7' } },
        ),
      ),
    )
    expect((await failure(client().getSandbox(ID))).retryAfterMs).toBe(7000)
    expect(parseRetryAfter(new Date(1_000_000 + 3000).toUTCString(), 1_000_000)).toBe(3000)
    expect(parseRetryAfter('soon')).toBeUndefined()
  })

  it('a non-JSON error body gives the status and a short excerpt without the token', async () => {
    const html = `<html>${'x'.repeat(500)} echo ${TOKEN}</html>`
    server.use(
      http.get(
        `${BASE}/sandboxes/${ID}`,
        () => new HttpResponse(`<h1>Bad gateway ${TOKEN}</h1>${html}`, { status: 502 }),
      ),
    )
    const error = await failure(client().getSandbox(ID))
    expect(error).toMatchObject({ status: 502, code: 'http_error', ambiguous: true })
    expect(error.message).not.toContain(TOKEN)
    expect(error.message).toContain('Bad gateway ***')
    expect(error.serviceMessage?.length).toBeLessThanOrEqual(201)
  })

  it('a redirect is not followed and the token is not sent on', async () => {
    const elsewhere = vi.fn()
    server.use(
      http.get(
        `${BASE}/sandboxes/${ID}`,
        () => new HttpResponse(null, { status: 302, headers: { location: 'https://evil.test/steal' } }),
      ),
      http.get('https://evil.test/steal', () => (elsewhere(), HttpResponse.json({ status: 'running' }))),
    )
    expect(await failure(client().getSandbox(ID))).toMatchObject({ status: 302, code: 'redirect_not_followed' })
    expect(elsewhere).not.toHaveBeenCalled()
  })

  it('a network error is status 0, network_error, ambiguous', async () => {
    server.use(http.post(`${BASE}/sandboxes/start`, () => HttpResponse.error()))
    const error = await failure(client().startSandbox(startBody))
    expect(error).toMatchObject({ status: 0, code: 'network_error', ambiguous: true })
  })

  it('a hung request times out as request_timeout', async () => {
    server.use(http.get(`${BASE}/sandboxes/${ID}`, () => new Promise(() => {})))
    const slow = new ComputeClient({ baseUrl: BASE, apiToken: TOKEN, requestTimeoutMs: 50 })
    expect(await failure(slow.getSandbox(ID))).toMatchObject({ status: 0, code: 'request_timeout', ambiguous: true })
  })

  it('withDeadline cuts each request to the time left, and sends nothing past it', async () => {
    let served = 0
    server.use(
      http.get(`${BASE}/sandboxes/${ID}`, () => {
        served++
        return new Promise(() => {})
      }),
    )
    const clock = { time: 5_000, now: () => clock.time }
    // A 30 s request timeout, but only 50 ms left before the deadline.
    const bound = client().withDeadline(5_050, clock)
    expect(await failure(bound.getSandbox(ID))).toMatchObject({ status: 0, code: 'request_timeout' })
    // An earlier deadline stays in force when a later one is asked for.
    expect(await failure(bound.withDeadline(60_000, clock).getSandbox(ID))).toMatchObject({ code: 'request_timeout' })
    clock.time = 5_050
    const late = await failure(bound.getSandbox(ID))
    expect(late).toMatchObject({ status: 0, code: 'deadline_exceeded', ambiguous: false })
    expect(isTransient(late)).toBe(false)
    expect(late.message).toMatch(/time ran out before this request could be sent.*Raise 'timeout'/)
    expect(served).toBe(2)
  })

  it('cancellation is aborted', async () => {
    server.use(http.get(`${BASE}/sandboxes/${ID}`, () => new Promise(() => {})))
    const controller = new AbortController()
    const pending = client().getSandbox(ID, controller.signal)
    controller.abort(new Error('SIGINT'))
    expect(await failure(pending)).toMatchObject({ status: 0, code: 'aborted' })
  })

  it('malformed JSON or a wrong shape on success is invalid_response (ambiguous for start)', async () => {
    server.use(http.post(`${BASE}/sandboxes/start`, () => new HttpResponse('{"id": "sbx-', { status: 202 })))
    expect(await failure(client().startSandbox(startBody))).toMatchObject({
      status: 202,
      code: 'invalid_response',
      ambiguous: true,
    })
    server.use(
      http.post(`${BASE}/sandboxes/start`, () => HttpResponse.json({ id: '../etc', name: 'x' }, { status: 202 })),
    )
    expect((await failure(client().startSandbox(startBody))).message).toMatch(/unexpected id/)
  })

  it('503 and 504 are not ambiguous (not accepted); 500 and 502 are', async () => {
    for (const [status, ambiguous] of [
      [503, false],
      [504, false],
      [500, true],
      [502, true],
    ] as const) {
      server.use(http.get(`${BASE}/sandboxes/${ID}`, () => errorBody(status, 'x')))
      expect((await failure(client().getSandbox(ID))).ambiguous).toBe(ambiguous)
    }
  })
})

describe('ids are checked before they reach a path', () => {
  it.each(['../admin', 'sbx-0123', 'sbx-0123456789ABCDEF', 'sbx-0123456789abcdef/stop'])(
    '%s is refused without a request',
    async (id) => {
      const fetchSpy = vi.spyOn(globalThis, 'fetch')
      await expect(client().stopSandbox(id)).rejects.toThrow(/Refusing to use/)
      expect(fetchSpy).not.toHaveBeenCalled()
      fetchSpy.mockRestore()
    },
  )

  it('instance identifiers too', async () => {
    await expect(client().deleteInstance('7/../../x')).rejects.toThrow(/Refusing to use/)
  })
})
