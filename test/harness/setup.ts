/**
 * Runs in every test file (vitest setupFiles): no test leaves its work
 * directories or a certificate renewer behind (also one that failed between
 * the main and the post step), and every answer the fake GitHub gave and every
 * request it received in a test is as GitHub's published API documents it
 * (issue 30). A file that leaves a process of its own running (an emulator's
 * sshd it never closed) fails where it does so (issue 46).
 */
import { afterAll, afterEach, expect } from 'vitest'
import { endRenewers, removeWorkDirs } from '../../scripts/lib/action-runner.ts'
import { FakeGitHub } from '../../scripts/lib/fake-github.ts'
import { contractProblems } from '../../scripts/lib/github-openapi.ts'
import { leftovers } from './leftovers.ts'

afterEach(() => {
  endRenewers()
  const exchanges = FakeGitHub.takeAll().flatMap((github) => github.exchanges)
  expect(contractProblems(exchanges), "the fake GitHub's exchanges against GitHub's OpenAPI description").toEqual([])
})
afterAll(async () => {
  removeWorkDirs()
  expect(await leftovers(), 'processes this test file started and left running').toEqual([])
})
