/**
 * The one error type of the client. Every failure of a call (an error status,
 * a lost connection, a timeout, an unexpected body) becomes a ServiceError that
 * carries the HTTP status (0 when no answer arrived), a machine code, and a
 * message that says what to do.
 */

export interface ServiceErrorInit {
  status: number
  code: string
  serviceMessage?: string
  method: string
  path: string
  retryAfterMs?: number
  cause?: unknown
}

/**
 * Codes by meaning, in both generations of the service (v1.0 and as deployed,
 * see docs/service.md): a code of the deployed service gets the same
 * treatment as its v1.0 relative.
 */
export const NAME_IN_USE_CODES = ['sandbox_name_in_use', 'sandbox_already_exists']
/** Certainly not carried out: retried with backoff, whatever the status that came with it. */
export const NOT_ACCEPTED_CODES = ['sandbox_scheduler_unavailable', 'sandbox_scheduler_timeout']
/** An invalid request: never retried. */
export const REJECTED_CODES = ['invalid_request', 'sandbox_scheduler_rejected_request']

const HINTS: Record<string, string> = {
  invalid_request:
    'The service rejected the request as malformed or as an unsupported ' +
    'configuration; correct the inputs named in the message.',
  unauthorized:
    'The api-token was rejected. Check that the secret holds a valid API ' +
    "token created in the account console, and that 'base-url' points " +
    'at the right service.',
  sandbox_access_denied:
    'The token is valid but the organization has no sandbox access. Sandbox ' +
    'access is enabled separately for the organization: ask its administrator to enable it.',
  sandbox_name_in_use:
    "Another live sandbox holds this name. Choose another 'name', leave " +
    "'name' empty to generate a unique one, or set 'replace-existing: " +
    "true' to stop the holder first.",
  rate_limit_exceeded:
    'The organization exceeded the service rate limit; the action waits ' +
    'for Retry-After. If this persists, reduce the number of concurrent ' +
    'jobs or raise poll-interval.',
  sandbox_already_exists:
    "Another live sandbox holds this name (the deployed service's sandbox_already_exists). " +
    "Choose another 'name', leave 'name' empty to generate a unique one, " +
    "or set 'replace-existing: true' to stop the holder first.",
  sandbox_scheduler_unavailable:
    'The service did not accept the request (its scheduler is unavailable); it is retried with backoff.',
  sandbox_scheduler_timeout:
    'The service did not accept the request in time (its scheduler timed out); it is retried with backoff.',
  sandbox_scheduler_rejected_request:
    'The service rejected the request as invalid; correct the inputs named in the message. This is not retried.',
  sandbox_capacity_unavailable:
    "No requested GPU is free. List fallback types in 'gpu-type' (e.g. 'H100, A100') or raise 'capacity-timeout'.",
  not_found: 'The service does not know this resource; check the id (it may have been stopped and removed already).',
  network_error:
    'No answer from the service (connection failed or was reset). Check ' +
    "'base-url' and the runner's network; the action retries where it is safe.",
  request_timeout: 'The service did not answer in time; the action retries where it is safe.',
  redirect_not_followed:
    'The service answered with a redirect, which the action never follows ' +
    "(the token is sent only to 'base-url'). Set 'base-url' to the final address.",
  invalid_response:
    'The service answered with a body the action does not understand; ' +
    'this may be a proxy or a service fault. Retry later, and check base-url.',
  aborted: 'The request was cancelled because the step is stopping.',
  deadline_exceeded:
    "The step's time ran out before this request could be sent. Raise 'timeout' if the service is slow to answer.",
  unreadable_page:
    'The service answered GET /sandboxes with a page the action cannot ' +
    'read (no single array of sandbox records). This is not retried; report ' +
    'it to the service.',
}

function hintFor(status: number, code: string): string {
  const known = HINTS[code]
  if (known) return known
  if (status === 401) return HINTS.unauthorized as string
  if (status === 403)
    return 'The token is not allowed to do this. Check the organization and the token in the account console.'
  if (status === 404) return HINTS.not_found as string
  if (status === 400 || status === 422) return HINTS.invalid_request as string
  if (status === 409) {
    return (
      "The request conflicts with the resource's current state (a network " +
      'policy, for one, can be replaced only while the sandbox is running). ' +
      'Check its status, then run the step again.'
    )
  }
  if (status === 429) return HINTS.rate_limit_exceeded as string
  if (status === 503 || status === 504)
    return 'The service did not accept the request (temporarily unavailable); it is retried with backoff.'
  if (status >= 500) return 'The service failed while handling the request; the action retries where it is safe.'
  if (status >= 400 && status < 500)
    return 'The service refused the request; its message says why. This is not retried.'
  return 'Unexpected answer from the service; check base-url.'
}

export class ServiceError extends Error {
  readonly status: number
  readonly code: string
  readonly serviceMessage: string | undefined
  readonly method: string
  readonly path: string
  readonly retryAfterMs: number | undefined

  constructor(init: ServiceErrorInit) {
    const hint = hintFor(init.status, init.code)
    const what = init.status > 0 ? `${init.status} ${init.code}` : init.code
    const said = init.serviceMessage ? `: ${init.serviceMessage}` : ''
    super(`${init.method} ${init.path} failed with ${what}${said}. ${hint}`, { cause: init.cause })
    this.name = 'ServiceError'
    this.status = init.status
    this.code = init.code
    this.serviceMessage = init.serviceMessage
    this.method = init.method
    this.path = init.path
    this.retryAfterMs = init.retryAfterMs
  }

  /**
   * True when the service may have carried out the request although no success
   * answer arrived: no answer at all, a timeout, 500, 502, or a 2xx whose body
   * could not be read. A 503 or 504 means "not accepted", so it is not ambiguous.
   */
  get ambiguous(): boolean {
    if (
      this.code === 'deadline_exceeded' ||
      NOT_ACCEPTED_CODES.includes(this.code) ||
      REJECTED_CODES.includes(this.code)
    )
      return false
    return this.status === 0 || this.status === 500 || this.status === 502 || (this.status >= 200 && this.status < 300)
  }
}

/** 409 for a name held by another live sandbox, in either generation. */
export function isNameInUse(error: unknown): error is ServiceError {
  return error instanceof ServiceError && NAME_IN_USE_CODES.includes(error.code)
}

/** A 404: the sandbox or instance is gone (or, for a route, the service does not have it). */
export function isNotFound(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.status === 404
}

export function isServiceError(error: unknown, code?: string): error is ServiceError {
  return error instanceof ServiceError && (code === undefined || error.code === code)
}
