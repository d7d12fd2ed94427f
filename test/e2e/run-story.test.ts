/**
 * One `run` through the bundles on the emulator with real OpenSSH, told
 * behaviour by behaviour: one main step and its post step (in beforeAll),
 * then one `it` for each thing the run must show.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commands, runStep, visibleText, type StepResult } from '../../scripts/lib/action-runner.ts'
import { makeWorkspace, runEnv } from '../harness/run-job.ts'
import { canRun, inputs, job, startEmulator, USER_CONFIG } from '../harness/ssh-job.ts'

const SCRIPT = [
  'echo "first line"',
  'test -x tool.sh && ./tool.sh',
  'test -L link && echo "link -> $(readlink link)"',
  'test -e .git || echo "no .git"',
  'cat src/data.txt',
  'mkdir -p reports && echo "<testsuite/>" > reports/junit.xml',
  'echo "::warning file=src/data.txt::from the program"',
  'echo "to stderr" >&2',
  'echo "token: $TOKEN_AS_WRITTEN"',
  'exit 3',
].join('\n')

const story = {
  workspace: '',
  token: '',
  sandboxHome: '',
  stops: 0,
  main: undefined as unknown as StepResult,
  post: undefined as unknown as StepResult,
}

describe.skipIf(!canRun)('a run whose script fails with 3, through the bundles', () => {
  beforeAll(async () => {
    job.home = mkdtempSync(join(tmpdir(), 'ssh-home-'))
    mkdirSync(join(job.home, '.ssh'), { mode: 0o700 })
    writeFileSync(join(job.home, '.ssh', 'config'), USER_CONFIG, { mode: 0o600 })
    const service = await startEmulator()
    story.workspace = makeWorkspace()
    story.token = service.token
    story.sandboxHome = service.sshService?.sandboxHost.home ?? ''
    // The workflow author wrote the token into the script (as `${{ secrets.… }}` would): the log shows it masked.
    const with_ = inputs({ run: SCRIPT.replace('$TOKEN_AS_WRITTEN', service.token), download: 'reports/, not-there' })
    story.main = await runStep('main', { inputs: with_, env: runEnv(story.workspace) })
    story.post = await runStep('post', { inputs: with_, env: runEnv(story.workspace), state: story.main.state })
    story.stops = service.stopRequestsFor(story.main.outputs['sandbox-id'] ?? '').length
  }, 60_000)
  afterAll(async () => {
    await job.emulator?.close()
    job.emulator = undefined
    for (const dir of [job.home, story.workspace]) rmSync(dir, { recursive: true, force: true })
  })

  it("fails the step with the script's status, as exit-code and as the error", () => {
    expect(story.main.exitCode).toBe(1)
    expect(story.main.outputs['exit-code']).toBe('3')
    expect(commands(story.main, 'error')).toContain('run exited with 3')
  })

  it('shows the output in order, stderr included', () => {
    const lines = story.main.stdout.split('\n')
    const shown = ['first line', 'tool ran', 'link -> src/data.txt', 'no .git', 'data from the workspace', 'to stderr']
    const at = shown.map((line) => lines.indexOf(line))
    expect(at.every((index) => index >= 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
  })

  it("passes the program's own workflow command on, as a run: step's", () => {
    expect(story.main.stdout.split('\n')).toContain('::warning file=src/data.txt::from the program')
    expect(commands(story.main, 'warning')).toContain('from the program')
  })

  it('uploads modes and symbolic links as they were, and never .git', () => {
    const home = story.sandboxHome
    expect(statSync(join(home, 'workspace', 'tool.sh')).mode & 0o777).toBe(0o755)
    expect(lstatSync(join(home, 'workspace', 'link')).isSymbolicLink()).toBe(true)
    expect(readlinkSync(join(home, 'workspace', 'link'))).toBe('src/data.txt')
    expect(existsSync(join(home, 'workspace', '.git'))).toBe(false)
  })

  it('brings the report back after the failure, and warns about a path the sandbox did not have', () => {
    expect(readFileSync(join(story.workspace, 'reports', 'junit.xml'), 'utf8')).toBe('<testsuite/>\n')
    expect(commands(story.main, 'warning').join('\n')).toMatch(/download: 'not-there' was not found in ~\/workspace/)
  })

  it('masks the token the script printed', () => {
    expect(visibleText(story.main)).not.toContain(story.token)
    expect(story.main.stdout.split('\n')).toContain('token: ***')
  })

  it('says in the summary how the run ended and what came back', () => {
    expect(story.main.summary).toContain('**run** failed (exit 3); downloaded: reports.')
  })

  it('the post step stops the sandbox, once', () => {
    expect(story.post.exitCode).toBe(0)
    expect(story.stops).toBe(1)
  })
})
