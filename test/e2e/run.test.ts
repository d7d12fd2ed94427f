/**
 * `run` through the bundles on the emulator with real OpenSSH (issue 23):
 * the workspace goes up as a tar stream, the script runs as a detached job
 * whose output streams live, the results come back, and the step passes or
 * fails with the script's status, also when the connection drops midway and
 * inside an image.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { commands, runStep, onceOutput } from '../../scripts/lib/action-runner.ts'
import { containerOf } from '../harness/container.ts'
import { makeWorkspace, processesWith, runEnv } from '../harness/run-job.ts'
import { canRun, inputs, job, sleep, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
let workspace = ''
afterEach(() => rmSync(workspace, { recursive: true, force: true }))

describe.skipIf(!canRun)('run', () => {
  it("never uploads the step's private key directory, even when RUNNER_TEMP is inside the workspace", async () => {
    const service = await startEmulator()
    // No GITHUB_WORKSPACE: the step's directory is the workspace, and RUNNER_TEMP (temp/) is inside it.
    const main = await runStep('main', {
      inputs: inputs({ run: 'find . -name "id_ed25519*" -o -name "*.ssh_config" | wc -l' }),
      env: { HOME: job.home },
    })
    expect(main.exitCode).toBe(0)
    const lines = main.stdout.split('\n')
    expect(lines[lines.findIndex((line) => line.startsWith('Run: bash -e')) + 1]).toBe('0')
    expect(existsSync(join(service.sshService?.sandboxHost.home ?? '', 'workspace', 'temp'))).toBe(true)
    const post = await runStep('post', { inputs: inputs({ run: 'x' }), env: { HOME: job.home }, state: main.state })
    expect(post.exitCode).toBe(0)
  })

  it('passes with exit-code 0 when the script does', async () => {
    await startEmulator()
    workspace = makeWorkspace()
    const main = await runStep('main', {
      inputs: inputs({ run: 'cat src/data.txt', upload: 'src' }),
      env: runEnv(workspace),
    })
    expect(main.exitCode).toBe(0)
    expect(main.outputs['exit-code']).toBe('0')
    expect(main.stdout).toContain('\ndata from the workspace\n')
    await runStep('post', { inputs: inputs({ run: 'x' }), env: runEnv(workspace), state: main.state })
  })

  it("the program's output cannot write the action's state or outputs, and a pause of workflow commands it leaves open is closed", async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    const run = [
      `echo '::save-state name=runner::{"id":7,"name":"gpu-sandbox-sbx-00000000000000ff","online":true}'`,
      "echo '##[save-state name=instance-id]forged'",
      "echo '::SET-OUTPUT name=runner-id::7'",
      "printf 'progress 50%%\\r::set-output name=runner-name::forged\\n'",
      "echo '::stop-commands::pause-1234'",
      "echo '::error::text while paused'",
      'exit 3',
    ].join('\n')
    const main = await runStep('main', { inputs: inputs({ run, upload: 'src' }), env: runEnv(workspace) })
    expect(main.exitCode).toBe(1)
    expect(main.stdout).toContain('::stop-commands::pause-1234\n')
    expect(main.state.runner).toBeUndefined()
    expect(main.state['instance-id']).toBeUndefined()
    expect(main.outputs['runner-id']).toBeUndefined()
    expect(main.outputs['runner-name']).toBeUndefined()
    expect(main.outputs['exit-code']).toBe('3')
    // The action's own error after the program is read as a command again; the program's paused one is not.
    expect(commands(main, 'error')).toEqual(['run exited with 3'])
    const post = await runStep('post', { inputs: inputs({ run: 'x' }), env: runEnv(workspace), state: main.state })
    expect(post.exitCode).toBe(0)
    expect(post.stdout).not.toContain('Runner ')
    expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
  })

  it('cancellation ends the streaming at once; the post step stops the sandbox, which ends the job', async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    let cancelledAt = 0
    const main = await runStep('main', {
      inputs: inputs({ run: 'for i in $(seq 1 120); do echo "tick $i"; sleep 0.5; done', upload: 'src' }),
      env: runEnv(workspace),
      onSpawn: onceOutput('\ntick 3\n', (child) => {
        cancelledAt = Date.now()
        child.kill('SIGTERM')
      }),
    })
    expect(cancelledAt).toBeGreaterThan(0)
    // At once: well before the job's 60 s (a loaded machine's SSH and stop take seconds of their own).
    expect(Date.now() - cancelledAt).toBeLessThan(30_000)
    expect(main.exitCode).toBe(1)
    expect(main.stdout).toMatch(/Received SIGTERM: cancelling/)
    expect(main.outputs['exit-code']).toBeUndefined()
    // No ssh of the step is left following the job.
    const ours = (pid: number) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(`ssh\0-F\0${main.outputs['ssh-config']}\0`)
    expect(main.outputs['ssh-config']).toBeTruthy()
    expect(processesWith('.gpu-sandbox-action/$1"; off=$2').filter(({ pid }) => ours(pid))).toEqual([])
    const post = await runStep('post', { inputs: inputs({ run: 'x' }), env: runEnv(workspace), state: main.state })
    expect(post.exitCode).toBe(0)
    expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
  })

  it('inside an image: the script runs in the container thunder-sandbox, files go in and out with docker cp', async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    // A directory and a file only its owner (root, in the container) may read come back too.
    const run =
      'pwd; cat src/data.txt > copied.txt; mkdir -p out/deep && echo deep > out/deep/result.txt; ' +
      'echo private > private.txt && chmod 600 private.txt; cat /etc/thunder-sandbox-image 2> /dev/null || echo stand-in'
    const main = await runStep('main', {
      inputs: inputs({ image: 'img-cuda-12', run, upload: 'src', download: 'copied.txt\nout\nprivate.txt' }),
      env: runEnv(workspace),
    })
    expect(main.exitCode, main.stdout).toBe(0)
    const container = containerOf(service.sshService)
    expect(main.stdout).toContain(`\n${container.workdir}\n`)
    expect(main.stdout).toContain(
      container.real ? "\nmade by the emulator from this machine's binaries\n" : '\nstand-in\n',
    )
    expect(readFileSync(join(workspace, 'copied.txt'), 'utf8')).toBe('data from the workspace\n')
    expect(readFileSync(join(workspace, 'out', 'deep', 'result.txt'), 'utf8')).toBe('deep\n')
    expect(readFileSync(join(workspace, 'private.txt'), 'utf8')).toBe('private\n')
    expect(container.exists('/workspace/src/data.txt')).toBe(true)
    // The host's own working directory was not used, and no staging directory is left on the host.
    const home = service.sshService?.sandboxHost.home ?? ''
    expect(existsSync(join(home, 'workspace'))).toBe(false)
    expect(readdirSync(home).filter((name) => name.startsWith('.gpu-sandbox-stage'))).toEqual([])
    if (!container.real) expectStandInCalls(service.sshService?.sandboxHost.callsLog ?? '')
    await runStep('post', { inputs: inputs({ run: 'x' }), env: runEnv(workspace), state: main.state })
  })

  it('bad upload and download paths are input errors naming the input, before any request', async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    const main = await runStep('main', {
      inputs: inputs({ run: 'true', upload: 'src, ../outside, missing', download: '/etc/passwd, reports/*.xml' }),
      env: runEnv(workspace),
    })
    expect(main.exitCode).toBe(1)
    const errors = main.stdout.split('\n').filter((line) => line.startsWith('::error'))
    expect(errors.join('\n')).toMatch(/Invalid input 'upload'.*'\.\.\/outside' leaves the workspace/)
    expect(errors.join('\n')).toMatch(/Invalid input 'upload'.*'missing' does not exist in the workspace/)
    expect(errors.join('\n')).toMatch(/Invalid input 'download'.*'\/etc\/passwd' is absolute/)
    expect(errors.join('\n')).toMatch(/Invalid input 'download'.*globs are not expanded/)
    expect(service.requests).toHaveLength(0)
    await sleep(0)
  })
})

/** On the stand-in, the exact docker commands: every one through sudo --non-interactive. */
function expectStandInCalls(callsLog: string): void {
  const calls = readFileSync(callsLog, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('sudo '))
  expect(calls.every((line) => line.startsWith('sudo --non-interactive '))).toBe(true)
  const patterns = [
    /^sudo --non-interactive docker cp \S+\/\.gpu-sandbox-stage\.\w+\/\. thunder-sandbox:\/workspace$/,
    /^sudo --non-interactive docker exec -e PYTHONUNBUFFERED=1 -w \/workspace thunder-sandbox bash -e \/tmp\/gpu-sandbox-run-\w+\.sh$/,
    /^sudo --non-interactive docker cp thunder-sandbox:\/workspace\/copied\.txt \S+\/copied\.txt$/,
  ]
  for (const pattern of patterns) expect(calls.some((line) => pattern.test(line))).toBe(true)
}
