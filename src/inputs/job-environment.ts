/**
 * What the runner's environment (not the inputs) contributes: the default name's parts, the repository, earlier SSH
 * aliases.
 */
import { isLoopbackHost } from '../client/url.ts'
import type { NameSource } from './default-name.ts'
import { aliasWrittenBefore, userSshConfigPath } from './ssh.ts'

export interface JobEnvironment extends NameSource {
  /** Whether an earlier step of the job already wrote this ssh-alias (reads ~/.ssh/config). */
  aliasInUse?: (alias: string) => boolean
  /** GITHUB_REPOSITORY, GITHUB_API_URL, …: what mode: sweep needs. */
  env?: NodeJS.ProcessEnv
  /** Where `upload` and `download` paths are relative to: GITHUB_WORKSPACE, else the step's directory. */
  workspace?: string
}

/** This run's repository on GitHub, from the runner's environment. */
export interface GitHubRepository {
  owner: string
  repo: string
  /** GITHUB_REPOSITORY_ID: what default sandbox names carry. */
  id: string
  /** GITHUB_API_URL (GitHub Enterprise Server), else https://api.github.com. */
  apiUrl: string
  /** GITHUB_SERVER_URL, for links to runs in the summary. */
  serverUrl: string
}

export function jobEnvironmentFromEnv(env: NodeJS.ProcessEnv = process.env): JobEnvironment {
  return {
    repositoryId: env.GITHUB_REPOSITORY_ID,
    runId: env.GITHUB_RUN_ID,
    runAttempt: env.GITHUB_RUN_ATTEMPT,
    aliasInUse: (alias) => aliasWrittenBefore(userSshConfigPath(), alias),
    env,
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
  }
}

function serviceUrl(raw: string | undefined, fallback: string): URL | undefined {
  try {
    const url = new URL((raw ?? '').trim() || fallback)
    const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))
    return allowed && !url.username && !url.password ? url : undefined
  } catch {
    return undefined
  }
}

/**
 * This run's repository; undefined when the environment does not say, and
 * then `fail` hears why (to finish a sentence that starts with what needs it:
 * "'sweep' runs in …"). Only a workflow run has one.
 */
export function repositoryFromEnv(
  env: NodeJS.ProcessEnv,
  fail: (why: string) => void = () => undefined,
): GitHubRepository | undefined {
  const [owner, repo, ...rest] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const id = env.GITHUB_REPOSITORY_ID ?? ''
  if (!owner || !repo || rest.length > 0 || !/^[A-Za-z0-9_.-]+$/.test(owner + repo) || !/^[1-9]\d{0,19}$/.test(id)) {
    fail(
      'runs in a GitHub Actions workflow run: GITHUB_REPOSITORY (owner/repo) ' +
        'and GITHUB_REPOSITORY_ID must be set, as the runner sets them',
    )
    return undefined
  }
  const apiUrl = serviceUrl(env.GITHUB_API_URL, 'https://api.github.com')
  const serverUrl = serviceUrl(env.GITHUB_SERVER_URL, 'https://github.com')
  if (!apiUrl || !serverUrl) {
    fail('needs GITHUB_API_URL and GITHUB_SERVER_URL to be https:// addresses (http:// only on a loopback host)')
    return undefined
  }
  return { owner, repo, id, apiUrl: apiUrl.href.replace(/\/+$/, ''), serverUrl: serverUrl.href.replace(/\/+$/, '') }
}
