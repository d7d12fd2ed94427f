/**
 * The fake GitHub's pull-request side (tests only), for the approval gate:
 * pull requests (head and labels), their issue events (when each label was
 * added), the workflow runs of a head commit (when it was pushed), collaborator
 * permissions, and removing a label. Answers are GitHub's documented examples
 * with the test's fields over them (checked against the OpenAPI description
 * after every test).
 */
import type { components } from '@octokit/openapi-types'
import { documentedExample } from './github-openapi.ts'
import type { GitHubAnswer } from './fake-github.ts'

type Schema = components['schemas']

export interface FakePull {
  headSha: string
  labels: string[]
  /** Issue comments, oldest first. */
  comments: { id: number; body: string }[]
  /** Issue events of the pull request, oldest first. */
  events: { event: 'labeled' | 'unlabeled'; label: string; at: string }[]
}

const NOT_FOUND = { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } }

export class FakePulls {
  readonly pulls = new Map<number, FakePull>()
  /** When GitHub made each workflow run of a head commit (its push), by sha. */
  readonly runsOfHead = new Map<string, string[]>()
  /** role_name by login; anyone else is a reader. */
  readonly roles = new Map<string, 'read' | 'triage' | 'write' | 'maintain' | 'admin'>()

  /** A pull request whose label was added at `labeledAt` to a head pushed at `pushedAt`. */
  add(number: number, headSha: string, label: string | undefined, pushedAt: string, labeledAt?: string): FakePull {
    const pull: FakePull = { headSha, labels: label ? [label] : [], events: [], comments: [] }
    if (label) pull.events.push({ event: 'labeled', label, at: labeledAt ?? pushedAt })
    this.pulls.set(number, pull)
    this.runsOfHead.set(headSha, [...(this.runsOfHead.get(headSha) ?? []), pushedAt])
    return pull
  }

  private nextComment = 7000

  answer(
    method: string,
    path: string,
    repository: string,
    query: URLSearchParams,
    body?: unknown,
  ): GitHubAnswer | undefined {
    const base = `/repos/${repository}`
    const comments = new RegExp(`^${base}/issues/(\\d+)/comments$`).exec(path)
    if (comments && (method === 'GET' || method === 'POST'))
      return this.commentsOf(method, Number(comments[1]), query, body)
    const comment = new RegExp(`^${base}/issues/comments/(\\d+)$`).exec(path)
    if (method === 'PATCH' && comment) return this.editComment(Number(comment[1]), body)
    const pull = new RegExp(`^${base}/pulls/(\\d+)$`).exec(path)
    if (method === 'GET' && pull) return this.pullView(Number(pull[1]))
    const events = new RegExp(`^${base}/issues/(\\d+)/events$`).exec(path)
    if (method === 'GET' && events) return this.eventsOf(Number(events[1]), query)
    const label = new RegExp(`^${base}/issues/(\\d+)/labels/([^/]+)$`).exec(path)
    if (method === 'DELETE' && label) return this.removeLabel(Number(label[1]), decodeURIComponent(label[2] ?? ''))
    const permission = new RegExp(`^${base}/collaborators/([^/]+)/permission$`).exec(path)
    if (method === 'GET' && permission) return this.permissionOf(decodeURIComponent(permission[1] ?? ''))
    if (method === 'GET' && path === `${base}/actions/runs` && query.has('head_sha'))
      return this.runsOf(query.get('head_sha') ?? '')
    return undefined
  }

  private commentView(id: number, text: string) {
    return { ...documentedExample<Schema['issue-comment']>('issue-comment'), id, body: text }
  }

  private commentsOf(method: string, number: number, query: URLSearchParams, body: unknown): GitHubAnswer {
    const pull = this.pulls.get(number)
    if (!pull) return NOT_FOUND
    if (method === 'POST') {
      const text = String((body as { body?: unknown } | undefined)?.body ?? '')
      const id = this.nextComment++
      pull.comments.push({ id, body: text })
      return { status: 201, body: this.commentView(id, text) }
    }
    const perPage = Number(query.get('per_page') ?? 30)
    const page = Number(query.get('page') ?? 1)
    const shown = pull.comments.slice((page - 1) * perPage, page * perPage)
    return { status: 200, body: shown.map((c) => this.commentView(c.id, c.body)) }
  }

  private editComment(id: number, body: unknown): GitHubAnswer {
    const comment = [...this.pulls.values()].flatMap((pull) => pull.comments).find((c) => c.id === id)
    if (!comment) return NOT_FOUND
    comment.body = String((body as { body?: unknown } | undefined)?.body ?? '')
    return { status: 200, body: this.commentView(id, comment.body) }
  }

  private pullView(number: number): GitHubAnswer {
    const pull = this.pulls.get(number)
    if (!pull) return NOT_FOUND
    const example = documentedExample<Schema['pull-request']>('pull-request')
    const [template] = example.labels
    const labels = pull.labels.map((name, index) => ({ ...template, id: 100 + index, name }))
    // GitHub's own example lacks a field its schema requires (requested_teams[].type): none requested here.
    const head = { ...example.head, sha: pull.headSha }
    return { status: 200, body: { ...example, number, labels, head, requested_teams: [] } }
  }

  private eventsOf(number: number, query: URLSearchParams): GitHubAnswer {
    const pull = this.pulls.get(number)
    if (!pull) return NOT_FOUND
    const [template] = documentedExample<Schema['issue-event-for-issue'][]>('issue-event-for-issue-items')
    const perPage = Number(query.get('per_page') ?? 30)
    const page = Number(query.get('page') ?? 1)
    const body = pull.events.slice((page - 1) * perPage, page * perPage).map((event, index) => ({
      ...template,
      id: 1000 + index,
      event: event.event,
      created_at: event.at,
      label: { name: event.label, color: 'f29513' },
    }))
    return { status: 200, body }
  }

  private removeLabel(number: number, name: string): GitHubAnswer {
    const pull = this.pulls.get(number)
    if (!pull || !pull.labels.includes(name))
      return {
        status: 404,
        body: { message: 'Label does not exist', documentation_url: 'https://docs.github.com/rest' },
      }
    pull.labels = pull.labels.filter((label) => label !== name)
    pull.events.push({ event: 'unlabeled', label: name, at: new Date().toISOString() })
    const [template] = documentedExample<Schema['label'][]>('label-items-2')
    return { status: 200, body: pull.labels.map((label, index) => ({ ...template, id: 100 + index, name: label })) }
  }

  private permissionOf(login: string): GitHubAnswer {
    const role = this.roles.get(login) ?? 'read'
    const example = documentedExample<Schema['repository-collaborator-permission']>(
      'repository-collaborator-permission-response-if-user-has-admin-permissions',
    )
    const permission = { read: 'read', triage: 'read', write: 'write', maintain: 'write', admin: 'admin' }[role]
    // GitHub's own example lacks user.role_name, which its schema requires.
    const user = example.user ? { ...example.user, role_name: role } : null
    return { status: 200, body: { ...example, permission, role_name: role, user } }
  }

  private runsOf(sha: string): GitHubAnswer {
    const example = documentedExample<{ workflow_runs: Schema['workflow-run'][] }>('workflow-run-paginated')
    const [template] = example.workflow_runs
    const times = this.runsOfHead.get(sha) ?? []
    const runs = times.map((at, index) => ({ ...template, id: 5000 + index, head_sha: sha, created_at: at }))
    return { status: 200, body: { total_count: runs.length, workflow_runs: runs } }
  }
}
