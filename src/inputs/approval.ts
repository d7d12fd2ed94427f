/**
 * The approval gate's inputs: `approve-label`, `approve-label-once`
 * and `min-permission`, and what the run's event says: for `pull_request` and
 * `pull_request_target`, the pull request's number, the head the event names,
 * and the label a `labeled` event added. Other events pass the gate.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { Collector } from './collector.ts'
import * as field from './fields.ts'
import { repositoryFromEnv, type GitHubRepository, type JobEnvironment } from './job-environment.ts'
import { refuse } from './refuse.ts'

export const PERMISSIONS = ['read', 'triage', 'write', 'maintain', 'admin'] as const
export type Permission = (typeof PERMISSIONS)[number]

export interface PullRequestEvent {
  event: string
  number: number
  /** The head commit the event names (for `labeled`: the commit the label was given to). */
  headSha: string
  action: string
  /** The label a `labeled` event added. */
  labeled?: string
}

export interface ApprovalRequest {
  label?: string
  once: boolean
  minPermission?: Permission
  githubToken: string
  repository: GitHubRepository
  /** Who triggered the run (a re-run's is who re-ran it). */
  actor: string
  /** GITHUB_RUN_ID: this run, whose creation the label must postdate (undefined: the gate cannot show it). */
  runId?: number
  /** Undefined: not a pull-request run, so nothing to approve. */
  pullRequest?: PullRequestEvent
  /** GITHUB_EVENT_NAME, for the log. */
  eventName: string
}

const labelName = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (text.length > 50 || /[\r\n]/.test(text)) return refuse(ctx, 'must be a GitHub label name (one line, at most 50)')
  return text
})

const permission = z.string().transform((raw, ctx) => {
  const text = raw.trim().toLowerCase()
  if (!(PERMISSIONS as readonly string[]).includes(text))
    return refuse(ctx, `must be one of ${PERMISSIONS.join(', ')}, got '${raw}'`)
  return text as Permission
})

const Payload = z.looseObject({
  action: z.string().optional(),
  number: z.number().int().positive().optional(),
  label: z.looseObject({ name: z.string() }).optional(),
  pull_request: z.looseObject({
    number: z.number().int().positive(),
    head: z.looseObject({ sha: z.string().regex(/^[0-9a-f]{40}$/) }),
  }),
})

/** The pull request of a pull-request run; undefined for other events; a string: why it cannot be read. */
export function pullRequestOf(env: NodeJS.ProcessEnv): PullRequestEvent | string | undefined {
  const event = env.GITHUB_EVENT_NAME ?? ''
  if (!['pull_request', 'pull_request_target'].includes(event)) return undefined
  try {
    const payload = Payload.parse(JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? '', 'utf8')))
    const { pull_request: pr } = payload
    return {
      event,
      number: pr.number,
      headSha: pr.head.sha,
      action: payload.action ?? '',
      labeled: payload.label?.name,
    }
  } catch {
    return `the ${event} event's payload (GITHUB_EVENT_PATH) cannot be read, so the gate cannot be evaluated`
  }
}

export function parseApproval(inputs: Collector, job: JobEnvironment): ApprovalRequest | undefined {
  const label = inputs.isSet('approve-label') ? inputs.parse('approve-label', labelName) : undefined
  const once = inputs.parse('approve-label-once', field.boolean)
  const minPermission = inputs.isSet('min-permission') ? inputs.parse('min-permission', permission) : undefined
  if (once && label === undefined) inputs.fail('approve-label-once', "is true but 'approve-label' is empty")
  if (label === undefined && minPermission === undefined) return undefined
  const gate = label !== undefined ? 'approve-label' : 'min-permission'
  const env = job.env ?? {}
  const githubToken = field.usableGitHubToken(inputs.read('github-token'))
  if (!githubToken)
    inputs.fail(
      'github-token',
      `is empty, and ${gate} reads GitHub with it; pass \${{ github.token }} or another token`,
    )
  const repository = repositoryFromEnv(env, (why) => inputs.fail(gate as 'approve-label', why))
  const pullRequest = pullRequestOf(env)
  if (typeof pullRequest === 'string') inputs.fail(gate as 'approve-label', pullRequest)
  if (!githubToken || !repository || typeof pullRequest === 'string') return undefined
  const actor = (env.GITHUB_TRIGGERING_ACTOR || env.GITHUB_ACTOR || '').trim()
  return {
    label,
    once,
    minPermission,
    githubToken,
    repository,
    actor,
    runId: /^[1-9]\d{0,15}$/.test(job.runId ?? '') ? Number(job.runId) : undefined,
    pullRequest,
    eventName: env.GITHUB_EVENT_NAME ?? '',
  }
}
