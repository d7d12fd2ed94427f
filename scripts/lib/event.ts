/**
 * A workflow run's event as the runner gives it to a step: the payload written where GITHUB_EVENT_PATH says, and
 * GITHUB_EVENT_NAME and GITHUB_REF. A push is one to the repository's default branch (the trusted domain of the
 * warm pool, shown by GITHUB_REF and the payload's `repository.default_branch`); a pull request's runs on its merge
 * ref. For the local run, the benchmarks, the fault suite and the tests alike.
 */
import { writeFileSync } from 'node:fs'

export const EVENT_REPOSITORY = { full_name: 'octo/repo', default_branch: 'main' }

export function eventEnvironment(
  path: string,
  event: 'push' | 'pull_request',
  pullRequest: { number: number } & Record<string, unknown> = { number: 7 },
): Record<string, string> {
  const repository = EVENT_REPOSITORY
  const payload =
    event === 'push'
      ? { ref: 'refs/heads/main', repository }
      : { number: pullRequest.number, pull_request: pullRequest, repository }
  writeFileSync(path, JSON.stringify(payload))
  const ref = event === 'push' ? 'refs/heads/main' : `refs/pull/${pullRequest.number}/merge`
  return { GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: path, GITHUB_REF: ref }
}
