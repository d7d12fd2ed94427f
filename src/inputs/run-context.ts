/** What the runner's environment (not the inputs) contributes: the default name's parts, the repository, earlier SSH aliases. */
import { isLoopbackHost } from '../client/url.ts'
import type { NameSource } from './default-name.ts'
import { aliasWrittenBefore, userSshConfigPath } from './ssh.ts'
import type { SweepRepository } from './config.ts'

export interface RunContext extends NameSource {
  /** Whether an earlier step of the job already wrote this ssh-alias (reads ~/.ssh/config). */
  aliasInUse?: (alias: string) => boolean
  /** GITHUB_REPOSITORY, GITHUB_API_URL, …: what mode: sweep needs. */
  env?: NodeJS.ProcessEnv
  /** Where `upload` and `download` paths are relative to: GITHUB_WORKSPACE, else the step's directory. */
  workspace?: string
}

export function runContextFromEnv(env: NodeJS.ProcessEnv = process.env): RunContext {
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

/** The repository a sweep works for, or what is missing (mode: sweep runs only in a workflow run). */
export function repositoryFromEnv(env: NodeJS.ProcessEnv): SweepRepository | string {
  const [owner, repo, ...rest] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const id = env.GITHUB_REPOSITORY_ID ?? ''
  if (!owner || !repo || rest.length > 0 || !/^[A-Za-z0-9_.-]+$/.test(owner + repo) || !/^[1-9]\d{0,19}$/.test(id)) {
    return "'sweep' runs in a GitHub Actions workflow run: GITHUB_REPOSITORY (owner/repo) and GITHUB_REPOSITORY_ID must be set, as the runner sets them"
  }
  const apiUrl = serviceUrl(env.GITHUB_API_URL, 'https://api.github.com')
  const serverUrl = serviceUrl(env.GITHUB_SERVER_URL, 'https://github.com')
  if (!apiUrl || !serverUrl)
    return "'sweep' needs GITHUB_API_URL and GITHUB_SERVER_URL to be https:// addresses (http:// only on a loopback host)"
  return { owner, repo, id, apiUrl: apiUrl.href.replace(/\/+$/, ''), serverUrl: serverUrl.href.replace(/\/+$/, '') }
}
