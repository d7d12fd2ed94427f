/**
 * The fake GitHub's pull-request side (tests only), for the approval gate:
 * pull requests (head and labels), their timeline (when each label was added,
 * when the head branch was force-pushed), the workflow runs GitHub made for
 * each push (and for the same commit elsewhere: other branches, other pull
 * requests), collaborator permissions, and removing a label. Answers are
 * GitHub's documented examples with the test's fields over them (checked
 * against the OpenAPI description after every test).
 */
import type { components } from '@octokit/openapi-types'
import { documentedExample } from './github-openapi.ts'
import { THIS_RUN } from './fake-runner-jobs.ts'
import type { GitHubAnswer } from './github-openapi.ts'

type Schema = components['schemas']

export interface FakePull {
  headSha: string
  labels: string[]
  /** Issue comments, oldest first. */
  comments: { id: number; body: string }[]
  /** The pull request's timeline (labels, force pushes), oldest first. */
  events: {
    event: 'labeled' | 'unlabeled' | 'head_ref_force_pushed'
    label?: string
    at: string
    /** Who did it (the timeline's actor): a maintainer unless said, the action's token's bot for its removals. */
    by?: { login: string; type: 'User' | 'Bot' }
  }[]
}

/** A workflow run GitHub made for a commit: for a push to a pull request's head, or elsewhere. */
export interface FakeWorkflowRun {
  id: number
  headSha: string
  branch: string
  event: string
  createdAt: string
}

/** The run the action's steps run in (action-runner.ts sets GITHUB_RUN_ID to it). */
export const THIS_RUN_ID = THIS_RUN.runId

const MAINTAINER = { login: 'octo-maintainer', type: 'User' as const }

const NOT_FOUND = { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } }

export class FakePulls {
  readonly pulls = new Map<number, FakePull>()
  /** Every workflow run GitHub made (for pushes to pull requests and elsewhere), oldest first. */
  readonly workflowRuns: FakeWorkflowRun[] = []
  /** role_name by login; anyone else is a reader. */
  readonly roles = new Map<string, 'read' | 'triage' | 'write' | 'maintain' | 'admin'>()

  /**
   * A pull request whose head was pushed at `pushedAt` (this run, THIS_RUN_ID, reports that push) and whose label was
   * added at `labeledAt`.
   */
  add(number: number, headSha: string, label: string | undefined, pushedAt: string, labeledAt?: string): FakePull {
    const pull: FakePull = { headSha, labels: [], events: [], comments: [] }
    this.pulls.set(number, pull)
    this.push(number, headSha, pushedAt, { run: THIS_RUN_ID })
    if (label) this.label(number, label, labeledAt ?? pushedAt)
    return pull
  }

  /** A pull request opened at `at` with `headSha`, its run made then (`run`: its id). */
  open(number: number, headSha: string, at: string, run?: number): FakePull {
    this.pulls.set(number, { headSha, labels: [], events: [], comments: [] })
    this.push(number, headSha, at, { run })
    return this.pulls.get(number) as FakePull
  }

  /** A push to the pull request's head at `at`: the run GitHub makes for it (`run`: its id), a force push recorded. */
  push(number: number, sha: string, at: string, options: { force?: boolean; run?: number } = {}): void {
    const pull = this.pulls.get(number)
    if (!pull) throw new Error(`no pull request #${number}`)
    pull.headSha = sha
    if (options.force) pull.events.push({ event: 'head_ref_force_pushed', at })
    this.runElsewhere(sha, at, `pull/${number}/head`, options.run, 'pull_request')
  }

  /** A maintainer adds `label` at `at`. */
  label(number: number, label: string, at: string): void {
    const pull = this.pulls.get(number)
    if (!pull) throw new Error(`no pull request #${number}`)
    if (!pull.labels.includes(label)) pull.labels.push(label)
    pull.events.push({ event: 'labeled', label, at })
  }

  /** Someone (a maintainer unless `by` says otherwise) removes `label` at `at`. */
  unlabel(number: number, label: string, at: string, by: { login: string; type: 'User' | 'Bot' } = MAINTAINER): void {
    const pull = this.pulls.get(number)
    if (!pull) throw new Error(`no pull request #${number}`)
    pull.labels = pull.labels.filter((name) => name !== label)
    pull.events.push({ event: 'unlabeled', label, at, by })
  }

  /** A workflow run of `sha` made at `at` outside this pull request (another branch or pull request). */
  runElsewhere(sha: string, at: string, branch: string, id?: number, event = 'push'): void {
    const taken = new Set(this.workflowRuns.map((run) => run.id))
    let next = 5000 + this.workflowRuns.length
    while (taken.has(next)) next++
    this.workflowRuns.push({ id: id ?? next, headSha: sha, branch, event, createdAt: at })
  }

  /** The fields GitHub's record of workflow run `id` takes from its push, or undefined. */
  workflowRun(id: number): Record<string, unknown> | undefined {
    const run = this.workflowRuns.find((candidate) => candidate.id === id)
    return run && { head_sha: run.headSha, head_branch: run.branch, event: run.event, created_at: run.createdAt }
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
    if (method === 'GET' && comment) return this.commentById(Number(comment[1]))
    if (method === 'PATCH' && comment) return this.editComment(Number(comment[1]), body)
    if (method === 'DELETE' && comment) return this.deleteComment(Number(comment[1]))
    const pull = new RegExp(`^${base}/pulls/(\\d+)$`).exec(path)
    if (method === 'GET' && pull) return this.pullView(Number(pull[1]))
    const timeline = new RegExp(`^${base}/issues/(\\d+)/timeline$`).exec(path)
    if (method === 'GET' && timeline) return this.timelineOf(Number(timeline[1]), query)
    const events = new RegExp(`^${base}/issues/(\\d+)/events$`).exec(path)
    if (method === 'GET' && events) return this.timelineOf(Number(events[1]), query, 'labels only')
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

  private commentById(id: number): GitHubAnswer {
    const comment = [...this.pulls.values()].flatMap((pull) => pull.comments).find((c) => c.id === id)
    return comment ? { status: 200, body: this.commentView(id, comment.body) } : NOT_FOUND
  }

  private editComment(id: number, body: unknown): GitHubAnswer {
    const comment = [...this.pulls.values()].flatMap((pull) => pull.comments).find((c) => c.id === id)
    if (!comment) return NOT_FOUND
    comment.body = String((body as { body?: unknown } | undefined)?.body ?? '')
    return { status: 200, body: this.commentView(id, comment.body) }
  }

  private deleteComment(id: number): GitHubAnswer {
    for (const pull of this.pulls.values()) {
      const at = pull.comments.findIndex((c) => c.id === id)
      if (at < 0) continue
      pull.comments.splice(at, 1)
      return { status: 204, body: undefined }
    }
    return NOT_FOUND
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

  /**
   * The timeline: label events as GitHub's labeled example, a force push as a state-change event (no label). The
   * issue events (`labels only`) as well, for the gate before issue 42: their documented schema has no force push.
   */
  private timelineOf(number: number, query: URLSearchParams, only?: 'labels only'): GitHubAnswer {
    const pull = this.pulls.get(number)
    if (!pull) return NOT_FOUND
    const listed = only ? pull.events.filter((event) => event.label) : pull.events
    const example = documentedExample<Schema['labeled-issue-event'][]>('timeline-issue-events')
    const template = example.find((event) => event.event === 'labeled') ?? example[0]
    const perPage = Number(query.get('per_page') ?? 30)
    const page = Number(query.get('page') ?? 1)
    const start = (page - 1) * perPage
    const body = listed.slice(start, start + perPage).map((event, index) => {
      const { label: _label, ...common } = { ...template, id: 1000 + start + index, event: event.event }
      const actor = { ...template?.actor, login: event.by?.login ?? 'octo-maintainer', type: event.by?.type ?? 'User' }
      const at = { created_at: event.at, actor }
      return event.label ? { ...common, ...at, label: { name: event.label, color: 'f29513' } } : { ...common, ...at }
    })
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
    // GITHUB_TOKEN acts as github-actions[bot] (an App token as its app's bot).
    const by = { login: 'github-actions[bot]', type: 'Bot' as const }
    pull.events.push({ event: 'unlabeled', label: name, at: new Date().toISOString(), by })
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

  /** Every run of the commit, wherever it was made (GitHub filters by head_sha only). */
  private runsOf(sha: string): GitHubAnswer {
    const example = documentedExample<{ workflow_runs: Schema['workflow-run'][] }>('workflow-run-paginated')
    const [template] = example.workflow_runs
    const runs = this.workflowRuns
      .filter((run) => run.headSha === sha)
      .map((run) => ({ ...template, id: run.id, ...this.workflowRun(run.id) }))
    return { status: 200, body: { total_count: runs.length, workflow_runs: runs } }
  }
}
