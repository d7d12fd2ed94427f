/**
 * Bench section 13's GitHub half (issue 54): the own rate-limit handling
 * (src/github/call.ts) against `@octokit/plugin-throttling` with
 * `@octokit/plugin-retry`, on the same Octokit and the same fake GitHub:
 * one read that meets a secondary limit (403, retry-after: 1 s), and three
 * registrations at once (as `runners: 3` makes them).
 */
import { Octokit } from '@octokit/core'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import { callGitHub } from '../../src/github/call.ts'
import { loadOctokit } from '../../src/github/octokit.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../lib/fake-github.ts'

const READ = 'GET /repos/{owner}/{repo}/actions/runs/{run_id}'
const REGISTER = 'POST /repos/{owner}/{repo}/actions/runners/generate-jitconfig'
const params = (name: string) => ({ name, runner_group_id: 1, labels: ['bench'], work_folder: '_work' })

type Send = (route: string, parameters: Record<string, unknown>) => Promise<unknown>

/** One read under a secondary limit and three registrations at once: requests, and the wall time of each. */
async function scenario(github: FakeGitHub, send: Send, side: string): Promise<string> {
  github.runs.set(4242, { run_attempt: 1, status: 'in_progress' })
  github.rateLimit = { kind: 'secondary', until: Date.now() + 1_000, paths: /\/actions\/runs\// }
  const before = github.requests.length
  let began = performance.now()
  await send(READ, { owner: 'octo', repo: 'repo', run_id: 4242 })
  const read = { requests: github.requests.length - before, ms: performance.now() - began }
  began = performance.now()
  await Promise.all([1, 2, 3].map((k) => send(REGISTER, { owner: 'octo', repo: 'repo', ...params(`${side}-${k}`) })))
  const writes = performance.now() - began
  return (
    `the limited read: ${read.requests} requests, ${(read.ms / 1000).toFixed(1)} s; ` +
    `3 registrations at once: ${(writes / 1000).toFixed(1)} s`
  )
}

export async function rateLimitRuns(): Promise<{ plugin: string; own: string }> {
  const github = new FakeGitHub()
  const served = await github.serve()
  try {
    const Throttled = Octokit.plugin(throttling, retry)
    const plugged = new Throttled({
      auth: GITHUB_TOKEN,
      baseUrl: served.url,
      throttle: { onRateLimit: () => true, onSecondaryRateLimit: () => true },
    })
    const plugin = await scenario(github, (route, parameters) => plugged.request(route, parameters), 'plugin')
    const octokit = await loadOctokit(GITHUB_TOKEN, served.url)
    const repository = { owner: 'octo', repo: 'repo', id: '1', apiUrl: served.url, serverUrl: served.url }
    const deps = { clock: realClock, log: () => undefined }
    const own = await scenario(
      github,
      (route, parameters) =>
        callGitHub(octokit, repository, deps, { label: 'bench', route, parameters, needs: 'nothing' }),
      'own',
    )
    return { plugin, own }
  } finally {
    await served.close()
  }
}
