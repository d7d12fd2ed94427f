/** Issue 48: which of this run's jobs still wait for the label, and how many failing runners that asks for. */
import { describe, expect, it } from 'vitest'
import type { RunJob } from '../../src/runner/github.ts'
import { failingRunnersFor, waitingFor } from '../../src/runner/waiting.ts'

const job = (name: string, status: string, labels: string[], runnerName?: string): RunJob => ({
  id: name.length,
  name,
  status,
  labels,
  runnerName,
})
const run = { id: 4242, attempt: 1 }

describe('jobs waiting for the label', () => {
  it('counts queued (or waiting) jobs asking for this label that no runner has taken', () => {
    const jobs = [
      job('queued', 'queued', ['gpu-x']),
      job('approval', 'waiting', ['gpu-x']),
      job('other label', 'queued', ['ubuntu-latest']),
      job('running', 'in_progress', ['gpu-x'], 'gpu-sandbox-sbx-1'),
      job('done', 'completed', ['gpu-x'], 'gpu-sandbox-sbx-1'),
      job('no labels', 'queued', []),
    ]
    expect(waitingFor(jobs, 'gpu-x').map((j) => j.name)).toEqual(['queued', 'approval'])
  })

  it('one failing runner without a read where one job was to be served; else the waiting ones, bounded', async () => {
    const log: string[] = []
    const said = (m: string) => log.push(m)
    let reads = 0
    const registry = (jobs: RunJob[] | Error) => ({
      jobsOf: async () => {
        reads++
        if (jobs instanceof Error) throw jobs
        return jobs
      },
    })
    const three = [1, 2, 3].map((n) => job(`leg-${n}`, 'queued', ['gpu-x']))
    expect(await failingRunnersFor(registry(three), run, 'gpu-x', 1, said)).toBe(1)
    expect(reads).toBe(0)
    expect(await failingRunnersFor(registry(three), run, 'gpu-x', 2, said)).toBe(2)
    expect(await failingRunnersFor(registry(three), run, 'gpu-x', 8, said)).toBe(3)
    // None seen yet: still one (a job may queue a moment after the read).
    expect(await failingRunnersFor(registry([]), run, 'gpu-x', 8, said)).toBe(1)
    // A failed read is no evidence that none waits: as many as the holder was to serve.
    expect(await failingRunnersFor(registry(new Error('502')), run, 'gpu-x', 4, said)).toBe(4)
    expect(log.at(-1)).toBe("Runner: this run's waiting jobs could not be read (502); failing up to 4.")
    expect(await failingRunnersFor(registry(three), undefined, 'gpu-x', 4, said)).toBe(1)
  })
})
