/**
 * Runs in every test file (vitest setupFiles): no test leaves its work
 * directories or a certificate renewer behind (also one that failed between
 * the main and the post step), and every answer the fake GitHub gave and every
 * request it received in a test is as GitHub's published API documents it
 * (issue 30).
 */
import { afterAll, afterEach, expect } from 'vitest'
import { endRenewers, removeWorkDirs } from '../../scripts/lib/action-runner.ts'
import { FakeGitHub } from '../../scripts/lib/fake-github.ts'
import { contractProblems } from '../../scripts/lib/github-openapi.ts'

afterEach(() => {
  endRenewers()
  const exchanges = FakeGitHub.takeAll().flatMap((github) => github.exchanges)
  expect(contractProblems(exchanges), "the fake GitHub's exchanges against GitHub's OpenAPI description").toEqual([])
})
afterAll(() => removeWorkDirs())
