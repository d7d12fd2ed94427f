/**
 * A fake GitHub served on loopback for the current test (GITHUB_API_URL), and
 * a temporary directory beside it: both gone after the test. One place for
 * what the tests that talk to GitHub each set up and tore down by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { FakeGitHub } from '../../scripts/lib/fake-github.ts'
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
  }
  afterEach(async () => {
    await fake.close()
    if (fake.dir) rmSync(fake.dir, { recursive: true, force: true })
    fake.dir = ''
  })
  return fake
}
