/**
 * The pull-request comment (issue 32): one per workflow job and sandbox,
 * found again by its hidden marker and edited in place on every re-run (never
 * a second one). Comments are listed page by page (at most 10 pages of 100);
 * only a comment that starts with the marker counts.
 */
import type { CommentTarget } from '../inputs/comment.ts'
import { callGitHub, type GitHubCallDeps } from './call.ts'
import { loadOctokit } from './octokit.ts'

export type { CommentTarget }

const PAGES = 10
export const marker = (key: string) => `<!-- gpu-sandbox-action comment: ${key.replace(/-->/g, '')} -->`

export async function upsertComment(
  target: CommentTarget,
  text: string,
  deps: GitHubCallDeps,
): Promise<'created' | 'updated'> {
  const github = await loadOctokit(target.githubToken, target.repository.apiUrl)
  const needs = 'The pull-request comment needs a token with pull-requests: write.'
  const call = (label: string, route: string, parameters: Record<string, unknown>) =>
    callGitHub(github, target.repository, deps, { label, route, parameters, needs })
  const mark = marker(target.key)
  const body = `${mark}\n${text}`
  for (let page = 1; page <= PAGES; page++) {
    const { data } = await call(
      `listing the comments of pull request #${target.number}`,
      'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
      { issue_number: target.number, per_page: 100, page },
    )
    const comments = Array.isArray(data) ? (data as { id?: unknown; body?: unknown }[]) : []
    const ours = comments.find((c) => typeof c.body === 'string' && c.body.startsWith(mark))
    if (ours && typeof ours.id === 'number') {
      await call(`editing comment ${ours.id}`, 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        comment_id: ours.id,
        body,
      })
      return 'updated'
    }
    if (comments.length < 100) break
  }
  await call(
    `commenting on pull request #${target.number}`,
    'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
    {
      issue_number: target.number,
      body,
    },
  )
  return 'created'
}
