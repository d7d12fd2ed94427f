/**
 * The `run` modules in process (so coverage sees them), over real OpenSSH to
 * the emulator's sshd: upload, the detached job and its live output,
 * download, and what each does when the connection or the sandbox fails.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { plantArchive, plantHostileTar, type SandboxHost } from '../../emulator/sandbox-host.ts'
import { ComputeClient } from '../../src/client/client.ts'
import { runOnSandbox } from '../../src/run/main.ts'
import type { SshTarget } from '../../src/remote/ssh-command.ts'
import type { RunRequest } from '../../src/inputs/run.ts'
import { realClock } from '../../src/runtime/clock.ts'
import type { StepDeps } from '../../src/step/deps.ts'
import { emulatorSshConfig } from '../../scripts/lib/ssh-config.ts'
import { containerOf } from '../harness/container.ts'
import { FakeClock, recordingCore, type RecordingCore } from '../harness/fakes.ts'
import { dropFollowConnections } from '../harness/run-job.ts'
import { canRun } from '../harness/ssh-job.ts'

let emulator: Emulator | undefined
let dir = ''
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
  rmSync(dir, { recursive: true, force: true })
})

let client: ComputeClient
const SANDBOX = { id: '' }

async function setUp(port?: number) {
  emulator = new Emulator({ ssh: true, generation: 'current', stopMs: 50 })
  const baseUrl = await emulator.start()
  client = new ComputeClient({ baseUrl, apiToken: emulator.token, requestTimeoutMs: 5_000 })
  SANDBOX.id = emulator.seed('run-remote').id
  dir = mkdtempSync(join(tmpdir(), 'run-remote-'))
  const workspace = join(dir, 'workspace')
  mkdirSync(join(workspace, 'src'), { recursive: true })
  writeFileSync(join(workspace, 'src', 'input.txt'), 'input\n')
  // The step's private directory, as the action makes it: beside the workspace, not around it.
  const privateDir = join(dir, 'private')
  mkdirSync(privateDir, { mode: 0o700 })
  const target = { configPath: emulatorSshConfig(emulator, privateDir, 'box', port), alias: 'box' }
  const home = emulator.sshService?.sandboxHost.home ?? ''
  return { workspace, target, home }
}

function deps(core: RecordingCore, clock = realClock, signal = new AbortController().signal): StepDeps {
  return { core, clock, signal, client, env: process.env }
}

const request = (workspace: string, script: string, extra: Partial<RunRequest> = {}): RunRequest => ({
  script,
  upload: ['src'],
  download: [],
  downloadLimit: 2 * 1024 ** 3,
  retryOnGpuFault: 0,
  workspace,
  ...extra,
})

/** Runs a job that prints 'started' and sleeps `seconds`; resolves once 'started' is shown, with the run still going. */
async function longJobStarted(workspace: string, target: SshTarget, seconds: number, signal?: AbortSignal) {
  const core = recordingCore()
  const running = runOnSandbox(
    deps(core, realClock, signal),
    request(workspace, `echo started; sleep ${seconds}`, { upload: [] }),
    SANDBOX.id,
    target,
    'host',
  )
  for (let waited = 0; !core.log.includes('started') && waited < 100; waited++)
    await new Promise((resolve) => setTimeout(resolve, 100))
  // Wrapped: an async function returning the promise itself would wait for the run to end.
  return { running }
}

describe.skipIf(!canRun)('run, in process', () => {
  it('uploads, shows the output line by line, downloads, and sets exit-code', async () => {
    const { workspace, target, home } = await setUp()
    const core = recordingCore()
    const script = 'cat src/input.txt\nprintf "no newline at the end"\nmkdir -p out && echo result > out/r.txt'
    await runOnSandbox(
      deps(core),
      request(workspace, script, { download: ['out', 'absent'] }),
      SANDBOX.id,
      target,
      'host',
    )
    expect(readFileSync(join(home, 'workspace', 'src', 'input.txt'), 'utf8')).toBe('input\n')
    const shown = core.log.slice(core.log.findIndex((line) => line.startsWith('Run: bash -e in ~/workspace')) + 1)
    expect(shown.slice(0, 2)).toEqual(['input', 'no newline at the end'])
    expect(shown[2]).toMatch(/^Run exited with 0 after/)
    expect(readFileSync(join(workspace, 'out', 'r.txt'), 'utf8')).toBe('result\n')
    expect(core.outputs['exit-code']).toBe('0')
    expect(core.annotations).toEqual([
      {
        level: 'warning',
        message: "download: 'absent' was not found in ~/workspace on the sandbox; nothing was copied for it.",
      },
    ])
  })

  it('a failing script fails the step with its status, after the download', async () => {
    const { workspace, target } = await setUp()
    const core = recordingCore()
    await expect(
      runOnSandbox(
        deps(core),
        request(workspace, 'echo partial > report.txt\nfalse\necho never', { download: ['report.txt'] }),
        SANDBOX.id,
        target,
        'host',
      ),
    ).rejects.toThrow('run exited with 1')
    expect(core.outputs['exit-code']).toBe('1')
    expect(core.log).not.toContain('never')
    expect(readFileSync(join(workspace, 'report.txt'), 'utf8')).toBe('partial\n')
  })

  it('a job whose process vanishes without a status fails the step as lost', async () => {
    const { workspace, target } = await setUp()
    const core = recordingCore()
    // The wrapper that would write the status is killed; the script itself ends normally.
    await expect(
      runOnSandbox(
        deps(core),
        request(workspace, 'kill -KILL $PPID; echo after', { upload: [] }),
        SANDBOX.id,
        target,
        'host',
      ),
    ).rejects.toThrow(/ended without an exit status/)
    expect(core.outputs['exit-code']).toBeUndefined()
  })

  it('a sandbox that refuses connections: each step tries for 2 minutes (on a fake clock), then fails saying so', async () => {
    const { workspace, target } = await setUp(1)
    const core = recordingCore()
    const clock = new FakeClock()
    await expect(
      runOnSandbox(deps(core, clock), request(workspace, 'true'), SANDBOX.id, target, 'host'),
    ).rejects.toThrow(/^upload: the SSH connection failed: .*Connection refused/)
    expect(
      core.log.filter((line) => line.startsWith('upload: upload: the SSH connection failed')).length,
    ).toBeGreaterThan(5)
    // Backoff with equal jitter, capped at 5 s: the fake clock's random 0.5 gives three quarters of the cap.
    expect(Math.max(...clock.sleeps)).toBe(3_750)
  })

  it('a follow whose connections fail while the sandbox is gone ends at once, saying so', async () => {
    const { workspace, target } = await setUp()
    const { running } = await longJobStarted(workspace, target, 20)
    // The sandbox ends (its TTL, a stop from elsewhere): the service says so, and its SSH port answers no more.
    await client.stopSandbox(SANDBOX.id)
    for (let waited = 0; (await client.getSandbox(SANDBOX.id)).status !== 'finished' && waited < 50; waited++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    writeFileSync(target.configPath, readFileSync(target.configPath, 'utf8').replace(/Port \d+/, 'Port 1'))
    const cutAt = Date.now()
    expect(dropFollowConnections(emulator?.sshService?.sandboxHost.home ?? '')).toBe(1)
    await expect(running).rejects.toThrow(
      /^run: the SSH connection to the job dropped and the sandbox is gone \(status 'finished'\); the script's result is unknown$/,
    )
    // At once: not after reconnecting for minutes, nor after the job's 20 s.
    expect(Date.now() - cutAt).toBeLessThan(15_000)
  })

  it('tar failing on the sandbox is not retried, and says what tar said', async () => {
    const { workspace, target, home } = await setUp()
    writeFileSync(join(home, 'workspace'), 'a file where the working directory should be')
    const core = recordingCore()
    await expect(runOnSandbox(deps(core), request(workspace, 'true'), SANDBOX.id, target, 'host')).rejects.toThrow(
      /^upload: tar on the sandbox exited with 1: mkdir: cannot create directory/,
    )
    expect(core.log.some((line) => line.includes('trying again'))).toBe(false)
  })

  it('a download that cannot land is a warning; the run result still decides', async () => {
    const { workspace, target } = await setUp()
    const core = recordingCore()
    // The workspace went away while the job ran: the download has nowhere to land.
    await runOnSandbox(
      deps(core),
      request(join(workspace, 'gone'), 'mkdir -p blocked/deep && echo r > blocked/deep/r.txt', {
        upload: [],
        download: ['blocked'],
      }),
      SANDBOX.id,
      target,
      'host',
    )
    expect(core.annotations.map((a) => a.message).join('\n')).toMatch(
      /download failed: download: the workspace .*\/gone is not there any more; nothing was copied/,
    )
    expect(core.outputs['exit-code']).toBe('0')
  })

  it('a hostile archive: only the asked-for paths land, without .git and without links that lead out', async () => {
    const { workspace, target } = await setUp()
    plantHostileTar(emulator?.sshService?.sandboxHost as SandboxHost)
    const core = recordingCore()
    await runOnSandbox(
      deps(core),
      request(workspace, 'mkdir -p reports && echo ok > reports/junit.xml', { upload: [], download: ['reports'] }),
      SANDBOX.id,
      target,
      'host',
    )
    expect(readFileSync(join(workspace, 'reports', 'junit.xml'), 'utf8')).toBe('ok\n')
    expect(readdirSync(workspace).sort()).toEqual(['reports', 'src'])
    expect(readdirSync(join(workspace, 'reports'))).toEqual(['junit.xml'])
    expect(core.annotations).toEqual([
      {
        level: 'warning',
        message:
          "download: 2 entries were not copied into the workspace: 'reports/.git': it would be written into a .git directory; 'reports/escape': a symbolic link to '/etc/passwd' leads out of the workspace",
      },
    ])
    expect(core.outputs['exit-code']).toBe('0')
    // The planted members were really in the archive.
    expect(readFileSync(emulator?.sshService?.sandboxHost.callsLog ?? '', 'utf8')).toContain('tar reports')
  })

  it('a download over download-limit, as received or as unpacked: the step fails naming it, nothing lands, no staging is left', async () => {
    const { workspace, target } = await setUp()
    const privateDir = join(dir, 'private')
    const core = recordingCore()
    const script = 'head -c 3000000 /dev/zero > big.bin; echo ok > small.txt'
    await expect(
      runOnSandbox(
        deps(core),
        request(workspace, script, { upload: [], download: ['small.txt', 'big.bin'], downloadLimit: 1024 * 1024 }),
        SANDBOX.id,
        target,
        'host',
      ),
    ).rejects.toThrow(
      /^Input 'download-limit': the download is over its limit of 1 MiB: more than 1 MiB arrived \(\d+(\.\d)? MiB when the transfer was stopped\)\. Nothing of it was copied/,
    )
    expect(core.outputs['exit-code']).toBe('0')
    expect(existsSync(join(workspace, 'small.txt'))).toBe(false)
    expect(readdirSync(privateDir).filter((name) => name.startsWith('download-'))).toEqual([])

    // A sparse file of 50 MiB in an archive of a few KiB.
    plantArchive(emulator?.sshService?.sandboxHost as SandboxHost, 'truncate -s 50M sparse.bin', ['sparse.bin'], ['-S'])
    const failed = recordingCore()
    await expect(
      runOnSandbox(
        deps(failed),
        request(workspace, 'exit 2', { upload: [], download: ['sparse.bin'], downloadLimit: 1024 * 1024 }),
        SANDBOX.id,
        target,
        'host',
      ),
    ).rejects.toThrow('run exited with 2')
    // The run's failure is the step's message; the limit is said beside it.
    expect(failed.annotations.map((a) => a.message)).toContainEqual(
      expect.stringMatching(
        /^Input 'download-limit': .*it came to 50 MiB \(\d+(\.\d)? KiB received, 50 MiB unpacked\)/,
      ),
    )
    expect(existsSync(join(workspace, 'sparse.bin'))).toBe(false)
  })

  it('inside the image: the job and the files go through docker exec and docker cp', async () => {
    const { workspace, target } = await setUp()
    // The seeded sandbox was not started with an image: its container starts here.
    await emulator?.sshService?.startContainer()
    const core = recordingCore()
    await runOnSandbox(
      deps(core),
      request(workspace, 'cat src/input.txt > copied.txt && echo "$PYTHONUNBUFFERED"', {
        download: ['copied.txt', '.'],
      }),
      SANDBOX.id,
      target,
      'image',
    )
    expect(core.log).toContain('1')
    expect(readFileSync(join(workspace, 'copied.txt'), 'utf8')).toBe('input\n')
    expect(containerOf(emulator?.sshService).exists('/workspace/src/input.txt')).toBe(true)
  })

  it('a cancelled step stops following at once', async () => {
    const { workspace, target } = await setUp()
    const controller = new AbortController()
    const { running } = await longJobStarted(workspace, target, 30, controller.signal)
    const cancelledAt = Date.now()
    controller.abort(new Error('cancelled by SIGTERM'))
    await expect(running).rejects.toThrow()
    // At once: well before the job's 30 s.
    expect(Date.now() - cancelledAt).toBeLessThan(15_000)
  })
})
