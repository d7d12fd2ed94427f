/**
 * A fake GitHub served on loopback for the current test (GITHUB_API_URL), and
 * a temporary directory beside it: both gone after the test. One place for
 * what the tests that talk to GitHub each set up and tore down by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { FakeGitHub, GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import type { CommentTarget } from '../../src/inputs/comment.ts'
import type { GitHubRepository } from '../../src/inputs/job-environment.ts'

export interface FakeGitHubOnLoopback {
  /** The fake of the current test (after serve()). */
  github: FakeGitHub
  /** Its loopback address ('' before serve()). */
  url: string
  /** The current test's temporary directory ('' before makeDir()). */
  dir: string
  /** A fresh fake GitHub, served. */
  serve: () => Promise<FakeGitHub>
  /** Stops serving (a GitHub that went away, mid-test). */
  close: () => Promise<void>
  /** A fresh temporary directory named with `prefix`. */
  makeDir: (prefix: string) => string
  /** octo/repo (id 31337) on the fake's address, as the runner's environment names it. */
  repository: () => GitHubRepository
  /** A fresh fake GitHub serving pull request #7, and the comment's target on it (workflow CI, job gpu, run 9). */
  commentTarget: () => Promise<CommentTarget>
}

export function useFakeGitHub(): FakeGitHubOnLoopback {
  let served: { url: string; close: () => Promise<void> } | undefined
  const fake: FakeGitHubOnLoopback = {
    github: undefined as unknown as FakeGitHub,
    url: '',
    dir: '',
    serve: async () => {
      fake.github = new FakeGitHub()
      served = await fake.github.serve()
      fake.url = served.url
      return fake.github
    },
    close: async () => {
      await served?.close()
      served = undefined
    },
    makeDir: (prefix) => (fake.dir = mkdtempSync(join(tmpdir(), prefix))),
    repository: () => ({ owner: 'octo', repo: 'repo', id: '31337', apiUrl: fake.url, serverUrl: fake.url }),
    commentTarget: async () => {
      await fake.serve()
      fake.github.pulls.add(7, 'f'.repeat(40), undefined, '2026-11-25T10:00:00Z')
      return {
        githubToken: GITHUB_TOKEN,
        repository: fake.repository(),
        number: 7,
        key: '.github/workflows/ci.yml',
        workflow: 'CI',
        job: 'CI / gpu',
        runUrl: 'https://github.com/octo/repo/actions/runs/9/attempts/1',
      }
    },
  }
  afterEach(async () => {
    await fake.close()
    if (fake.dir) rmSync(fake.dir, { recursive: true, force: true })
    fake.dir = ''
  })
  return fake
}
