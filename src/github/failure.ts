/**
 * Why a GitHub request failed, in words a workflow author can act on. Octokit
 * reports a request that got no answer at all (DNS, refused, timeout, reset)
 * as a RequestError with status 500 and no response, so the status alone
 * would say "GitHub answered 500" for an outage of the runner's network.
 */

export interface GitHubFailure {
  /** The HTTP status GitHub really sent; undefined when no answer arrived. */
  status: number | undefined
  /** no-answer kinds: 'dns', 'refused', 'timeout', 'reset', 'other'; 'status' when GitHub answered. */
  kind: 'status' | 'dns' | 'refused' | 'timeout' | 'reset' | 'other'
  /** For the log and the keep reason: "GitHub answered 502", "no answer: DNS lookup failed (ENOTFOUND)", … */
  text: string
  /** Asking again within this sweep cannot help (the name does not resolve, nothing listens). */
  final: boolean
}

interface ErrorLike {
  name?: unknown
  code?: unknown
  status?: unknown
  response?: unknown
  cause?: unknown
}

/** Every error in the cause chain (bounded: a cycle must not hang the sweep). */
function chain(error: unknown): ErrorLike[] {
  const errors: ErrorLike[] = []
  let current: unknown = error
  while (current !== null && typeof current === 'object' && errors.length < 8) {
    errors.push(current as ErrorLike)
    current = (current as ErrorLike).cause
  }
  return errors
}

const DNS_CODES = ['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']
const RESET_CODES = ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']
const TIMEOUT_CODES = ['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']

/** The error codes and names in a chain of causes, also those only its messages carry. */
function codesAndNames(errors: readonly ErrorLike[]): { codes: string[]; names: string[] } {
  // Octokit keeps only the message of the fetch error ("getaddrinfo ENOTFOUND host"): codes are read from messages too.
  const messages = errors.map((e) =>
    typeof (e as { message?: unknown }).message === 'string'
      ? String((e as { message: string }).message).slice(0, 500)
      : '',
  )
  const fromMessages = messages.flatMap((m) => m.match(/\b(?:E[A-Z_]{3,20}|UND_ERR_[A-Z_]{1,30})\b/g) ?? [])
  const codes = [...errors.map((e) => (typeof e.code === 'string' ? e.code : '')), ...fromMessages].filter((c) =>
    /^[A-Z0-9_]{1,40}$/.test(c),
  )
  const names = errors.map((e) => (typeof e.name === 'string' ? e.name : ''))
  if (messages.some((m) => /aborted due to timeout|timed out/i.test(m))) names.push('TimeoutError')
  // undici's words for a connection the other side closed mid-answer.
  if (messages.some((m) => /other side closed|socket hang up/i.test(m))) codes.push('UND_ERR_SOCKET')
  return { codes, names }
}

/** No answer came, for a reason that may pass. */
function noAnswer(kind: 'timeout' | 'reset', why: string): GitHubFailure {
  return { status: undefined, kind, text: `no answer: ${why}`, final: false }
}

export function describeGitHubFailure(error: unknown): GitHubFailure {
  const errors = chain(error)
  const top = errors[0]
  const status = typeof top?.status === 'number' ? top.status : undefined
  // A response means GitHub itself answered: report its status as it is.
  if (status !== undefined && top?.response !== undefined)
    return { status, kind: 'status', text: `GitHub answered ${status}`, final: false }
  const { codes, names } = codesAndNames(errors)
  const code = (list: readonly string[]) => codes.find((c) => list.includes(c))
  const dns = code(DNS_CODES)
  // EAI_AGAIN is a resolver that did not answer in time: that one may pass.
  if (dns)
    return {
      status: undefined,
      kind: 'dns',
      text: `no answer: the DNS lookup of GitHub's API host failed (${dns})`,
      final: dns !== 'EAI_AGAIN',
    }
  if (codes.includes('ECONNREFUSED'))
    return {
      status: undefined,
      kind: 'refused',
      text: "no answer: the connection to GitHub's API was refused (ECONNREFUSED)",
      final: true,
    }
  const timeout = code(TIMEOUT_CODES) ?? (names.includes('TimeoutError') ? 'TimeoutError' : undefined)
  if (timeout) return noAnswer('timeout', `the request to GitHub timed out (${timeout})`)
  const reset = code(RESET_CODES)
  if (reset) return noAnswer('reset', `the connection to GitHub was cut (${reset})`)
  // A status without a response (a non-Octokit error object): still only a number GitHub may not have sent.
  if (status !== undefined && status !== 500)
    return { status, kind: 'status', text: `GitHub answered ${status}`, final: false }
  const firstCode = codes[0]
  return {
    status: undefined,
    kind: 'other',
    text: `no answer from GitHub${firstCode ? ` (${firstCode})` : ''}`,
    final: false,
  }
}

/**
 * A 5xx, or no answer that may pass (timeout, reset): asked again with backoff. A name that does not resolve, or a
 * refused connection, is not.
 */
export function isTransientGitHub(error: unknown): boolean {
  const failure = describeGitHubFailure(error)
  return failure.kind === 'status' ? (failure.status ?? 0) >= 500 : !failure.final
}
