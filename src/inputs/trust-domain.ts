/**
 * The warm pool's trust domains, default deny: a step is `branches` (trusted)
 * only where the runner's environment and GitHub's payload show that it runs
 * the repository's reviewed code: an event that runs its own ref's code (a
 * push, a schedule, a dispatch) of the default branch or of a protected ref,
 * whose payload names no pull request; or a `workflow_run` whose triggering
 * run was itself such a run of the default branch, in this repository. Every
 * other step is `pull-requests` (untrusted): pull-request events, pushes to
 * unprotected branches and tags, `issue_comment` and the runs it triggers,
 * `check_*` events (a fork's come with `pull_requests: []`), a payload that
 * cannot be read, an event this list does not know, no event at all.
 *
 * A step claims, refills and stops as idle only its own domain's sandboxes, so
 * whatever an untrusted step's code does to its sandbox, no trusted job is ever
 * handed it. What the step's own inputs say never makes it trusted: only
 * `pool-for: pull-requests` is honoured where it differs (pool.ts).
 */
import { readFileSync } from 'node:fs'

export const TRUST_DOMAINS = ['pull-requests', 'branches'] as const
export type TrustDomain = (typeof TRUST_DOMAINS)[number]

/** The events that run a pull request's code whatever their payload says. */
export const PULL_REQUEST_EVENTS = [
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
  'merge_group',
] as const

/** The events that run their own ref's code: trusted only for the default branch or a protected ref. */
export const OWN_REF_EVENTS = ['push', 'schedule', 'workflow_dispatch', 'repository_dispatch'] as const

export interface DomainOfStep {
  domain: TrustDomain
  /** Why, for the log: "the push event of the default branch", "the pull_request event". */
  why: string
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

/** Whether one object of the payload names a pull request: its own `pull_request`, or a non-empty `pull_requests`. */
function namesPullRequest(value: unknown): boolean {
  if (!isObject(value)) return false
  if (isObject(value.pull_request)) return true
  return Array.isArray(value.pull_requests) && value.pull_requests.length > 0
}

/**
 * Whether the payload names a pull request: at its top (`pull_request`), or one level down, as `issue_comment` on a
 * pull request (`issue.pull_request`) and a `workflow_run`, `check_suite` or `check_run` of one (`pull_requests`) do.
 */
export function payloadNamesPullRequest(payload: unknown): boolean {
  if (!isObject(payload)) return false
  if (namesPullRequest(payload)) return true
  // Workflow-dispatch inputs are the caller's words, not GitHub's: never read as a pull request.
  return Object.entries(payload).some(([key, value]) => key !== 'inputs' && namesPullRequest(value))
}

const untrusted = (why: string): DomainOfStep => ({ domain: 'pull-requests', why })
const trusted = (why: string): DomainOfStep => ({ domain: 'branches', why })

/** An own-ref event: trusted for the default branch (GITHUB_REF against the payload's) or a protected ref. */
function ownRefDomain(event: string, env: NodeJS.ProcessEnv, payload: Json): DomainOfStep {
  const ref = env.GITHUB_REF ?? ''
  const repository = isObject(payload.repository) ? payload.repository : {}
  const defaultBranch = text(repository.default_branch)
  if (defaultBranch !== undefined && ref === `refs/heads/${defaultBranch}`)
    return trusted(`the ${event} event of the default branch`)
  if (env.GITHUB_REF_PROTECTED === 'true') return trusted(`the ${event} event of a protected ref`)
  const shown = /^refs\/[A-Za-z0-9._/-]{1,100}$/.test(ref) ? ref : 'a ref'
  return untrusted(`the ${event} event of ${shown}, neither the default branch nor protected`)
}

/** A workflow_run: trusted where the run that triggered it was an own-ref event of this repository's default branch. */
function workflowRunDomain(payload: Json): DomainOfStep {
  const run = isObject(payload.workflow_run) ? payload.workflow_run : {}
  const repository = isObject(payload.repository) ? payload.repository : {}
  const head = isObject(run.head_repository) ? run.head_repository : {}
  const before = text(run.event) ?? 'unknown'
  const ownRef = (OWN_REF_EVENTS as readonly string[]).includes(before)
  const same = text(head.full_name) !== undefined && text(head.full_name) === text(repository.full_name)
  const onDefault = text(run.head_branch) !== undefined && text(run.head_branch) === text(repository.default_branch)
  const named = /^[a-z_]{1,60}$/.test(before) ? before : 'unnamed'
  if (ownRef && same && onDefault) return trusted(`a workflow_run of a ${named} run of the default branch`)
  return untrusted(`a workflow_run of a ${named} run not shown to be the default branch's own`)
}

/** The trust domain of the step that runs with `env` (GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REF…). */
export function domainOfStep(env: NodeJS.ProcessEnv): DomainOfStep {
  const given = (env.GITHUB_EVENT_NAME ?? '').trim()
  if (given === '') return untrusted('no GITHUB_EVENT_NAME: not shown to be a trusted run')
  // Only an event's spelling goes into the log.
  const event = /^[a-z_]{1,60}$/.test(given) ? given : 'unnamed'
  if ((PULL_REQUEST_EVENTS as readonly string[]).includes(event)) return untrusted(`the ${event} event`)
  let payload: unknown
  try {
    payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? '', 'utf8'))
  } catch {
    return untrusted(`the ${event} event's payload (GITHUB_EVENT_PATH) cannot be read`)
  }
  if (!isObject(payload)) return untrusted(`the ${event} event's payload is not an object`)
  if (payloadNamesPullRequest(payload)) return untrusted(`the ${event} event's payload names a pull request`)
  if ((OWN_REF_EVENTS as readonly string[]).includes(event)) return ownRefDomain(event, env, payload)
  if (event === 'workflow_run') return workflowRunDomain(payload)
  return untrusted(`the ${event} event, which does not run a ref's own reviewed code`)
}
