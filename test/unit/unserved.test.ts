/**
 * Runner mode's fallback for a stranded job (issue 37), unit by unit: which
 * failed steps still register the failing runner (inputs/unserved.ts), the
 * stranded job's one ::error (runner/unserved.ts), and when the main step
 * does nothing (runner/main-unserved.ts). The bundles are in e2e/runner-unserved.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { InputError, InputErrors } from '../../src/inputs/collector.ts'
import { parseUnserved, type UnservedRequest } from '../../src/inputs/unserved.ts'
import { failStrandedJob } from '../../src/runner/main-unserved.ts'
import type { RunnerRegistry } from '../../src/runner/github.ts'
import { strandedJobError, waitOnline } from '../../src/runner/unserved.ts'
import { realClock } from '../../src/runtime/clock.ts'
import type { ActionCore } from '../../src/runtime/core.ts'
import type { SavedUnserved } from '../../src/step/saved.ts'
import { FakeClock } from '../harness/fakes.ts'

const ENV = {
  GITHUB_REPOSITORY: 'octo/repo',
  GITHUB_REPOSITORY_ID: '31337',
  GITHUB_RUN_ID: '4242',
  GITHUB_RUN_ATTEMPT: '2',
  GITHUB_JOB: 'gpu',
}
const JOB = { repositoryId: '1', runId: '4242', runAttempt: '2', randomHex: () => 'abcdef', env: ENV }
const reader = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? ''
const RUNNER = { runner: 'true', 'github-token': 'ghs_x' }

describe('parseUnserved', () => {
  it('gives the label, token, run and holding job from runner mode inputs, whatever else failed', () => {
    const errors = [new InputError('gpu-type', 'must be one of A6000, A100, H100')]
    expect(parseUnserved(reader(RUNNER), JOB, errors)).toMatchObject({
      label: 'gpu-sandbox-4242-2',
      githubToken: 'ghs_x',
      repository: { owner: 'octo', repo: 'repo' },
      workflowRun: { id: 4242, attempt: 2 },
      pickupTimeoutMs: 600_000,
      holdingJob: 'gpu',
    })
    const own = parseUnserved(reader({ ...RUNNER, 'runner-label': 'gpu-h100', 'runner-timeout': '2m' }), JOB, [])
    expect(own).toMatchObject({ label: 'gpu-h100', pickupTimeoutMs: 120_000 })
    // A bad runner-timeout is not runner mode's own input: its default serves.
    expect(parseUnserved(reader({ ...RUNNER, 'runner-timeout': 'soon' }), JOB, [])?.pickupTimeoutMs).toBe(600_000)
  })

  it.each([
    ['runner not true', { 'github-token': 'ghs_x' }, []],
    ['an error in runner', RUNNER, ['runner']],
    ['an error in runner-label', RUNNER, ['runner-label']],
    ['an error in github-token', RUNNER, ['github-token']],
    ['no usable token', { runner: 'true', 'github-token': '${{ github.token }}' }, []],
    ['a label GitHub would refuse', { ...RUNNER, 'runner-label': '-bad label' }, []],
    ['another mode', { ...RUNNER, mode: 'stop' }, []],
  ])('nothing to register: %s', (_, inputs, failed) => {
    const errors = failed.map((input) => new InputError(input, 'is invalid'))
    expect(parseUnserved(reader(inputs), JOB, errors)).toBeUndefined()
  })

  it('nothing outside a repository, nor for a fork pull request', () => {
    expect(parseUnserved(reader(RUNNER), { ...JOB, env: {} }, [])).toBeUndefined()
    const fork = { ...ENV, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '/nonexistent' }
    expect(parseUnserved(reader(RUNNER), { ...JOB, env: fork }, [])).toBeUndefined()
  })
})

const REQUEST = parseUnserved(reader(RUNNER), JOB, []) as UnservedRequest

describe('strandedJobError', () => {
  it('is one ::error line naming the label, holding job, run and why, with the data escaped', () => {
    const line = strandedJobError(REQUEST, "Input 'gpu-type': 100% wrong\nnext line\r::warning::x")
    expect(line.split('\n')).toHaveLength(1)
    expect(line).toMatch(
      /^::error title=No GPU runner was served::No GPU runner was served for runs-on: gpu-sandbox-4242-2\. The holding job 'gpu' \(workflow run 4242, attempt 2\) failed before its runner came online: /,
    )
    expect(line).toContain("Input 'gpu-type': 100%25 wrong")
    expect(line).not.toMatch(/[\r\n]/)
    expect(line).toContain('re-run the failed jobs')
  })

  it('names no holding job it does not know', () => {
    const line = strandedJobError({ ...REQUEST, holdingJob: '', workflowRun: undefined }, 'why')
    expect(line).toContain('The holding job of this workflow failed before its runner came online: why.')
  })
})

describe('failStrandedJob does nothing', () => {
  const core = () =>
    ({
      getInput: vi.fn((name: string) => ({ runner: 'true', 'github-token': 'ghs_x' })[name] ?? ''),
      getState: vi.fn(() => ''),
      startGroup: vi.fn(),
    }) as unknown as ActionCore
  const error = new InputErrors([new InputError('gpu-type', 'is invalid')])

  it('when the job was cancelled', async () => {
    const c = core()
    await failStrandedJob({ core: c, clock: realClock, signal: AbortSignal.abort(), env: ENV }, error, undefined)
    expect(c.getInput).not.toHaveBeenCalled()
    expect(c.startGroup).not.toHaveBeenCalled()
  })

  it('when its own runner came online', async () => {
    const c = core()
    vi.mocked(c.getState).mockImplementation((key) => (key === 'runner' ? '{"id":7,"name":"r","online":true}' : ''))
    await failStrandedJob(
      { core: c, clock: realClock, signal: new AbortController().signal, env: ENV },
      error,
      undefined,
    )
    expect(c.startGroup).not.toHaveBeenCalled()
  })

  it('for a failure outside runner mode', async () => {
    const c = core()
    const signal = new AbortController().signal
    await failStrandedJob({ core: c, clock: realClock, signal, env: ENV }, new Error('boom'), undefined)
    expect(c.startGroup).not.toHaveBeenCalled()
  })
})

describe('waitOnline', () => {
  // A process that has ended: its pid is free (a child that exited and was reaped).
  const ended = () => {
    const child = spawnSync('true')
    return child.pid ?? 0
  }
  const saved = (pid: number) =>
    ({ id: 7, name: 'r', dir: mkdtempSync(join(tmpdir(), 'unserved-')), pid }) as unknown as SavedUnserved
  const deps = { core: {} as ActionCore, clock: new FakeClock(), signal: new AbortController().signal }

  it('a runner that came online, served its job and ended while a read was on its way: gone, not a failure', async () => {
    // The read answered from before it connected (offline); by then its process had ended and it had deregistered.
    const get = vi.fn().mockResolvedValueOnce({ status: 'offline' }).mockResolvedValueOnce(undefined)
    const registry = { get } as unknown as RunnerRegistry
    await expect(waitOnline(deps, registry, saved(ended()))).resolves.toBe('gone')
    expect(get).toHaveBeenCalledTimes(2)
  })

  it('one that ended offline, and is still offline when read again: run.sh ended before it came online', async () => {
    const registry = { get: vi.fn().mockResolvedValue({ status: 'offline' }) } as unknown as RunnerRegistry
    await expect(waitOnline(deps, registry, saved(ended()))).rejects.toThrow(
      'run.sh ended before the runner came online',
    )
  })
})
