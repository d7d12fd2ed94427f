/** The service's routes: which request goes where, after auth, access and the rate limits. */
import { HttpError, type Answer } from './http.ts'
import type { Instances } from './instances.ts'
import { organizationOf, type RateLimits } from './limits.ts'
import type { EmulatorHost, RecordedRequest } from './options.ts'
import type { Sandboxes } from './sandboxes.ts'
import { blockingWait, listPage, replacePolicy, sshCertificate, view } from './sandbox-routes.ts'
import { SANDBOX_ID } from './validate.ts'

export interface RouteRequest {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
  raw: string
  auth: string | undefined
  record: RecordedRequest
}

/** What the routes use of the emulator: declared here, so that routes.ts needs nothing from emulator.ts (which needs it). */
export interface RoutedService extends EmulatorHost {
  readonly store: Sandboxes
  readonly instanceStore: Instances
  readonly limits: RateLimits
}

export function route(em: RoutedService, request: RouteRequest): Promise<Answer> | Answer {
  const { method, path, query, body, raw, auth, record } = request
  if (method === 'GET' && path === '/pricing') return { status: 200, body: { pricing: em.options.pricing } }
  const org = organizationOf(em.options, auth)
  record.org = org.name
  if (method === 'GET' && path === '/credit-alert')
    return { status: 200, body: { alert: em.options.creditAlert ?? null } }
  if (method === 'POST' && path === '/instances/create') return em.instanceStore.create(org, body, raw)
  if (method === 'GET' && path === '/instances/list' && em.options.generation === 'current')
    return em.instanceStore.list(org)
  const deleteMatch = /^\/instances\/([^/]+)\/delete$/.exec(path)
  if (method === 'POST' && deleteMatch) return em.instanceStore.delete(org, decodeURIComponent(deleteMatch[1] ?? ''))

  if (!path.startsWith('/sandboxes')) throw new HttpError(404, 'not_found', `no route ${method} ${path}`)
  if (path === '/sandboxes/ssh-certificate') return sshCertificate(em, org, method, body)
  if (!org.sandboxAccess)
    throw new HttpError(403, 'sandbox_access_denied', 'sandbox access is not enabled for this organization')

  if (method === 'POST' && path === '/sandboxes/start') {
    em.limits.limit(org.name, 'start-stop')
    return em.store.start(org, body, raw)
  }
  if (method === 'GET' && path === '/sandboxes') {
    em.limits.limit(org.name, 'get-list')
    return listPage(em, em.store, org, query)
  }
  const waitMatch = /^\/sandboxes\/([^/]+)\/wait$/.exec(path)
  if (method === 'GET' && waitMatch && em.options.generation === 'current') {
    em.limits.limit(org.name, 'get-list')
    return blockingWait(em, em.store, org, waitMatch[1] ?? '', query)
  }
  const match = /^\/sandboxes\/([^/]+)(\/stop|\/network-policy)?$/.exec(path)
  if (!match) throw new HttpError(404, 'not_found', `no route ${method} ${path}`)
  const [, id = '', action] = match
  if (!SANDBOX_ID.test(id)) throw new HttpError(400, 'invalid_request', `id must match ${SANDBOX_ID.source}`)
  if (method === 'GET' && action === undefined) {
    em.limits.limit(org.name, 'get-list')
    return { status: 200, body: view(em, em.store.findVisible(org, id)) }
  }
  if (method === 'POST' && action === '/stop') {
    em.limits.limit(org.name, 'start-stop')
    const sandbox = em.store.findVisibleToStop(org, id)
    if (sandbox.status === 'failed' && em.options.refuseStopWhenFailed) {
      throw new HttpError(409, 'sandbox_not_running', `${sandbox.id} is failed; only a live sandbox can be stopped`)
    }
    return em.store.stop(sandbox, 'stop requested')
  }
  if (method === 'PATCH' && action === '/network-policy') return replacePolicy(em, em.store.find(org, id), body, raw)
  throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${path}`)
}
