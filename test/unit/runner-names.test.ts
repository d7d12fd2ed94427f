/** The names of a sandbox's runners (issue 48: a folder each with `runners`, numbered fresh runners in each). */
import { describe, expect, it } from 'vitest'
import {
  firstRunnerName,
  folderRunnerName,
  freshRunnerName,
  nextRunnerName,
  slotRunnerName,
  type RunnerInfo,
} from '../../src/runner/github.ts'
import { deleteOrphanRegistrations } from '../../src/sweep/registrations.ts'

describe('runner names', () => {
  it('a folder each, then fresh runners numbered in the folder; each leads back to its folder and its sandbox', () => {
    expect(slotRunnerName('sbx-1', 1)).toBe('gpu-sandbox-sbx-1')
    expect(slotRunnerName('sbx-1', 3)).toBe('gpu-sandbox-sbx-1-g3')
    expect(freshRunnerName(slotRunnerName('sbx-1', 3), 2)).toBe('gpu-sandbox-sbx-1-g3-r2')
    expect(folderRunnerName('gpu-sandbox-sbx-1-g3-r2')).toBe('gpu-sandbox-sbx-1-g3')
    expect(folderRunnerName('gpu-sandbox-sbx-1-r4')).toBe('gpu-sandbox-sbx-1')
    expect(nextRunnerName('gpu-sandbox-sbx-1')).toBe('gpu-sandbox-sbx-1-r2')
    expect(nextRunnerName('gpu-sandbox-sbx-1-g2-r3')).toBe('gpu-sandbox-sbx-1-g2-r4')
    for (const name of ['gpu-sandbox-sbx-1', 'gpu-sandbox-sbx-1-r2', 'gpu-sandbox-sbx-1-g2', 'gpu-sandbox-sbx-1-g2-r5'])
      expect(firstRunnerName(name), name).toBe('gpu-sandbox-sbx-1')
  })

  it("the sweep deletes every offline registration of a stopped sandbox's folders, and no other", async () => {
    const runner = (id: number, name: string, status = 'offline') => ({ id, name, status, busy: false }) as RunnerInfo
    const listed = [
      runner(1, 'gpu-sandbox-sbx-1'),
      runner(2, 'gpu-sandbox-sbx-1-g2'),
      runner(3, 'gpu-sandbox-sbx-1-g2-r3'),
      runner(4, 'gpu-sandbox-sbx-1-g2x'),
      runner(5, 'gpu-sandbox-sbx-2-g2'),
      runner(6, 'gpu-sandbox-sbx-1-g4', 'online'),
    ]
    const removed: number[] = []
    const registry = {
      list: async () => listed,
      remove: async (id: number) => (removed.push(id), true),
    }
    const log: string[] = []
    const deleted = await deleteOrphanRegistrations(registry as never, ['sbx-1'], (m) => log.push(m))
    expect([deleted, removed]).toEqual([3, [1, 2, 3]])
  })
})
