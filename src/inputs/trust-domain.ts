/**
 * The warm pool's trust domains: a pool sandbox belongs to the domain of the
 * step that started it, `pull-requests` when the step's event runs a pull
 * request's code, `branches` for every other event. A step claims, refills
 * and stops as idle only its own domain's sandboxes, so whatever a pull
 * request's code does to its sandbox, no branch job is ever handed it.
 *
 * Read from the runner's environment and the event's payload: a payload that
 * cannot be read counts as a pull request's (never guess the trusted side).
 * Outside a workflow run (no GITHUB_EVENT_NAME: the local run, the emulator)
 * nothing of a pull request runs: `branches`.
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

export interface DomainOfStep {
  domain: TrustDomain
  /** Why, for the log: "the pull_request event", "the issue_comment event's payload names a pull request". */
  why: string
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

/** Whether one object of the payload names a pull request: its own `pull_request`, or a non-empty `pull_requests`. */
function namesPullRequest(value: unknown): boolean {
  if (!isObject(value)) return false
  if (isObject(value.pull_request)) return true
  return Array.isArray(value.pull_requests) && value.pull_requests.length > 0
}

/**
 * Whether the payload names a pull request: at its top (`pull_request`), or one level down, as `issue_comment` on a
 * pull request (`issue.pull_request`) and a `workflow_run`, `check_suite` or `check_run` of one (`pull_requests`) do.
 * A `workflow_run` of a pull-request event counts too: GitHub leaves `pull_requests` empty for a fork's.
 */
export function payloadNamesPullRequest(payload: unknown): boolean {
  if (!isObject(payload)) return false
  if (namesPullRequest(payload)) return true
  const run = payload.workflow_run
  if (isObject(run) && (PULL_REQUEST_EVENTS as readonly unknown[]).includes(run.event)) return true
  // Workflow-dispatch inputs are the caller's words, not GitHub's: never read as a pull request.
  return Object.entries(payload).some(([key, value]) => key !== 'inputs' && namesPullRequest(value))
}

/** The trust domain of the step that runs with `env` (GITHUB_EVENT_NAME, GITHUB_EVENT_PATH). */
export function domainOfStep(env: NodeJS.ProcessEnv): DomainOfStep {
  const given = (env.GITHUB_EVENT_NAME ?? '').trim()
  if (given === '') return { domain: 'branches', why: 'not a workflow run (no GITHUB_EVENT_NAME)' }
  // Only an event's spelling goes into the log.
  const event = /^[a-z_]{1,60}$/.test(given) ? given : 'unnamed'
  if ((PULL_REQUEST_EVENTS as readonly string[]).includes(event))
    return { domain: 'pull-requests', why: `the ${event} event` }
  let payload: unknown
  try {
    payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? '', 'utf8'))
  } catch {
    return {
      domain: 'pull-requests',
      why: `the ${event} event's payload (GITHUB_EVENT_PATH) cannot be read, so it counts as a pull request's`,
    }
  }
  if (payloadNamesPullRequest(payload))
    return { domain: 'pull-requests', why: `the ${event} event's payload names a pull request` }
  return { domain: 'branches', why: `the ${event} event` }
}
