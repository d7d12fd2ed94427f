/**
 * The approval gate (issue 31), read from GitHub with `github-token` before
 * any request to the service. A pull-request run passes only when:
 * - `min-permission`: the triggering actor holds at least that permission
 *   (GET …/collaborators/{actor}/permission: `role_name`, else `permission`);
 * - `approve-label`: the pull request carries the label, on the commit it was
 *   given to. A `labeled` run names that commit: the head must still be it. Any
 *   other run: GitHub's records must show the label added (the newest `labeled`
 *   event of the pull request) after the head was pushed (the first workflow run
 *   GitHub made for the head commit); when they cannot show it, the gate refuses.
 * A gate that cannot be evaluated refuses; it never passes. Every GitHub string
 * reaches the log through serviceText.
 */
import { z } from 'zod'
import type { ApprovalRequest, Permission, PullRequestEvent } from '../inputs/approval.ts'
import { PERMISSIONS } from '../inputs/approval.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { callGitHub, GitHubError, type GitHubCall, type GitHubCallDeps } from './call.ts'
import { loadOctokit, type Octokit } from './octokit.ts'

/** The gate said no: who, which commit, and what a maintainer does. */
export class ApprovalRefusedError extends Error {
  constructor(message: string) {
    super(`Approval gate: ${message} Nothing was started.`)
    this.name = 'ApprovalRefusedError'
  }
}

const Collaborator = z.looseObject({ permission: z.string(), role_name: z.string().optional() })
const PullRequest = z.looseObject({
  head: z.looseObject({ sha: z.string() }),
  labels: z.array(z.looseObject({ name: z.string() })),
})
const IssueEvent = z.looseObject({
  event: z.string(),
  created_at: z.string(),
  label: z.looseObject({ name: z.string() }).optional(),
})
const Runs = z.looseObject({ workflow_runs: z.array(z.looseObject({ created_at: z.string() })) })
const EVENT_PAGES = 5

const short = (sha: string) => serviceText(sha.slice(0, 12), 12)

export class ApprovalGate {
  private readonly request: ApprovalRequest
  private readonly deps: GitHubCallDeps & { log: (message: string) => void }
  private octokit: Promise<Octokit> | undefined

  constructor(request: ApprovalRequest, deps: GitHubCallDeps & { log: (message: string) => void }) {
    this.request = request
    this.deps = deps
  }

  private async read(call: Omit<GitHubCall, 'needs'>, needs: string): Promise<unknown> {
    const { githubToken, repository } = this.request
    const github = await (this.octokit ??= loadOctokit(githubToken, repository.apiUrl))
    const full = { ...call, needs: `The approval gate needs a token with ${needs}, and refuses without it.` }
    const answer = await callGitHub(github, repository, this.deps, full)
    return answer.data
  }

  /** Passes, or throws ApprovalRefusedError (or an error naming github-token). */
  async check(): Promise<void> {
    const { pullRequest, eventName, minPermission, label } = this.request
    if (!pullRequest) {
      this.deps.log(`Approval gate: a '${eventName || 'local'}' run is not a pull request's: nothing to approve.`)
      return
    }
    if (minPermission) await this.checkPermission(minPermission, pullRequest)
    if (label) await this.checkLabel(label, pullRequest)
  }

  private async checkPermission(min: Permission, pr: PullRequestEvent): Promise<void> {
    const { actor } = this.request
    if (!/^[A-Za-z0-9-]+(\[bot\])?$/.test(actor))
      throw new ApprovalRefusedError(`the run's actor ('${serviceText(actor, 40)}') cannot be checked.`)
    const data = await this.read(
      {
        label: `reading ${actor}'s permission`,
        route: 'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
        parameters: { username: actor },
      },
      'metadata: read',
    )
    const answer = Collaborator.safeParse(data)
    const held = answer.success ? (answer.data.role_name ?? answer.data.permission).toLowerCase() : 'unknown'
    const rank = (PERMISSIONS as readonly string[]).indexOf(held)
    const { owner, repo } = this.request.repository
    if (rank < PERMISSIONS.indexOf(min))
      throw new ApprovalRefusedError(
        `@${actor} holds '${serviceText(held, 20)}' on ${owner}/${repo}, ` +
          `below min-permission '${min}' (pull request #${pr.number}, head ${short(pr.headSha)}). ` +
          `Someone with '${min}' or more approves by re-running the job.`,
      )
    this.deps.log(`Approval gate: @${actor} holds '${held}' (min-permission '${min}').`)
  }

  private async checkLabel(label: string, pr: PullRequestEvent): Promise<void> {
    const data = await this.read(
      {
        label: `reading pull request #${pr.number}`,
        route: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
        parameters: { pull_number: pr.number },
      },
      'pull-requests: read',
    )
    const current = PullRequest.parse(data)
    const head = current.head.sha
    const again = `A maintainer approves the current head by removing the label '${label}' and adding it again.`
    if (!current.labels.some((l) => l.name === label))
      throw new ApprovalRefusedError(
        `pull request #${pr.number} (head ${short(head)}, run by @${serviceText(this.request.actor, 40)}) ` +
          `does not carry the label ` +
          `'${label}'. A maintainer approves this code by adding the label '${label}'.`,
      )
    if (pr.action === 'labeled' && pr.labeled === label) {
      if (head !== pr.headSha)
        throw new ApprovalRefusedError(
          `the label '${label}' was given to ${short(pr.headSha)}, but pull request #${pr.number}'s head is now ` +
            `${short(head)} (a push after the approval). ${again}`,
        )
    } else {
      await this.checkLabelAfterPush(label, pr, head, again)
    }
    this.deps.log(`Approval gate: pull request #${pr.number} is approved by '${label}' for head ${short(head)}.`)
  }

  /** A label already there approves the head only when GitHub's records show it came after the head's push. */
  private async checkLabelAfterPush(label: string, pr: PullRequestEvent, head: string, again: string): Promise<void> {
    const labeledAt = await this.lastLabeled(label, pr.number)
    const runs = Runs.safeParse(
      await this.read(
        {
          label: `reading the workflow runs of ${short(head)}`,
          route: 'GET /repos/{owner}/{repo}/actions/runs',
          parameters: { head_sha: head, per_page: 100 },
        },
        'actions: read',
      ),
    )
    const pushedAt = runs.success
      ? Math.min(...runs.data.workflow_runs.map((run) => Date.parse(run.created_at)).filter(Number.isFinite))
      : NaN
    if (labeledAt === undefined || !Number.isFinite(pushedAt))
      throw new ApprovalRefusedError(
        `GitHub's records do not show when '${label}' was added to pull request #${pr.number} relative to its ` +
          `head ${short(head)}. ${again}`,
      )
    if (labeledAt <= pushedAt)
      throw new ApprovalRefusedError(
        `the label '${label}' on pull request #${pr.number} was added before its head ${short(head)} was pushed ` +
          `(by @${serviceText(this.request.actor, 40)}). ${again}`,
      )
  }

  /** When the label was last added (the issue events, newest page last), or undefined. */
  private async lastLabeled(label: string, number: number): Promise<number | undefined> {
    let last: number | undefined
    for (let page = 1; page <= EVENT_PAGES; page++) {
      const data = await this.read(
        {
          label: `reading the events of pull request #${number}`,
          route: 'GET /repos/{owner}/{repo}/issues/{issue_number}/events',
          parameters: { issue_number: number, per_page: 100, page },
        },
        'pull-requests: read',
      )
      const events = Array.isArray(data) ? data : []
      for (const raw of events) {
        const event = IssueEvent.safeParse(raw)
        if (event.success && event.data.event === 'labeled' && event.data.label?.name === label)
          last = Math.max(last ?? 0, Date.parse(event.data.created_at))
      }
      if (events.length < 100) break
    }
    return last
  }
}

/** approve-label-once: the post step removes the label; a label already gone is fine. */
export async function removeApprovalLabel(
  request: Pick<ApprovalRequest, 'githubToken' | 'repository'>,
  number: number,
  label: string,
  deps: GitHubCallDeps,
): Promise<'removed' | 'gone'> {
  const github = await loadOctokit(request.githubToken, request.repository.apiUrl)
  const call = {
    label: `removing the label '${label}' from pull request #${number}`,
    route: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
    parameters: { issue_number: number, name: label },
    needs: 'approve-label-once needs a token with pull-requests: write.',
  }
  try {
    await callGitHub(github, request.repository, deps, call)
    return 'removed'
  } catch (error) {
    if (error instanceof GitHubError && error.status === 404) return 'gone'
    throw error
  }
}
