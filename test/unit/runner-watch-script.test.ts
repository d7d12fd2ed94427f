/**
 * The post step's watch script (src/runner/watch.ts) run by bash on this
 * machine, in a runner folder of its own: what it prints when the runner's
 * process is found gone. `kill` is a function here that stands for the moment
 * the watch asks: it can write the hooks' files first, as a runner that ran a
 * whole job and exited while the watch was descheduled would have.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WATCH } from '../../src/runner/watch.ts'

let dir: string
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'runner-watch-'))))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** The watch's output when asking whether the runner is alive first does `onAsk` in the folder, then says no. */
function watchWhenGone(onAsk: string): string {
  const gone = `kill() { if [ "$1" = -0 ]; then ${onAsk || ':'}; return 1; fi; builtin kill "$@"; }`
  const script = `RUNNER_DIR=${JSON.stringify(dir)}\n${gone}\n${WATCH}`
  const run = spawnSync('bash', ['-c', script, 'watch', '4242', '60'], { encoding: 'utf8', timeout: 30_000 })
  expect(run.status, run.stderr).toBe(0)
  return run.stdout
}

describe("the runner watch, when the runner's process is gone", () => {
  it('a runner that ran its whole job and exited between two looks: the job and its end, never "exited"', () => {
    const job = 'echo gpu-tests > gpu-sandbox-job-started; touch gpu-sandbox-job-completed'
    expect(watchWhenGone(job)).toBe('started gpu-tests\ncompleted\n')
  })

  it('a runner that exited with no job: exited', () => {
    expect(watchWhenGone('')).toBe('exited\n')
  })

  it('a runner that exited during its job: the job, then exited', () => {
    expect(watchWhenGone('echo gpu-tests > gpu-sandbox-job-started')).toBe('started gpu-tests\nexited\n')
  })
})
