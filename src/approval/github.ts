/**
 * The approval gate (issues 31 and 42), read from GitHub with `github-token`
 * before any request to the service. A pull-request run passes only when:
 * - `min-permission`: the triggering actor holds at least that permission
 *   (GET …/collaborators/{actor}/permission: `role_name`, else `permission`);
 * - `approve-label`: the pull request carries the label on the head it was
 *   given to, and nothing was pushed after it (label.ts).
 * A gate that cannot be evaluated refuses; it never passes. Every GitHub string
 * reaches the log through serviceText.
 */
import { z } from 'zod'
import type { ApprovalRequest, Permission, PullRequestEvent } from '../inputs/approval.ts'
import { PERMISSIONS } from '../inputs/approval.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { ApprovalRefusedError, LabelCheck, short } from './label.ts'
import { callGitHub, GitHubError, type GitHubCall, type GitHubCallDeps } from '../github/call.ts'
import { loadOctokit, type Octokit } from '../github/octokit.ts'

export { ApprovalRefusedError }

const Collaborator = z.looseObject({ permission: z.string(), role_name: z.string().optional() })

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

  /**
   * Passes, or throws ApprovalRefusedError (or an error naming github-token). `labelGone`: approve-label-once found
   * the label removed already (by an earlier leg or attempt of this run), so this leg need not remove it.
   */
  async check(): Promise<{ labelGone: boolean }> {
    const { pullRequest, eventName, minPermission, label } = this.request
    if (!pullRequest) {
      this.deps.log(`Approval gate: a '${eventName || 'local'}' run is not a pull request's: nothing to approve.`)
      return { labelGone: false }
    }
    if (minPermission) await this.checkPermission(minPermission, pullRequest)
    return { labelGone: label ? await this.checkLabel(label, pullRequest) : false }
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

  private async checkLabel(label: string, pr: PullRequestEvent): Promise<boolean> {
    const { actor, runId, once } = this.request
    const check = new LabelCheck((call, needs) => this.read(call, needs), actor, runId, once)
    const { head, gone } = await check.check(label, pr)
    this.deps.log(
      `Approval gate: pull request #${pr.number} is approved by '${label}' for head ${short(head)}` +
        (gone ? ' (approve-label-once: removed already by an earlier job of this run, which it approved).' : '.'),
    )
    return gone
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
