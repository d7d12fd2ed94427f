/**
 * What comes back from the sandbox is hostile (issue 34): one describe per
 * route from the sandbox to the runner, each variant through the bundles on
 * the emulator (real OpenSSH, a sandbox whose tar sends a crafted archive)
 * and the fake GitHub.
 *
 * 1. a link in the middle of a download path; 2. `.git` through links;
 * 3. the runner's white space before a state-writing command; 4. the
 * renewer's RUNNER_TRACKING_ID; 5. (hostile-runner.test.ts) a job of another
 * run handed the runner; 6. a download past download-limit.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { plantArchive, type SandboxHost } from '../../emulator/sandbox-host.ts'
import { commands, runStep, type StepResult } from '../../scripts/lib/action-runner.ts'
import { makeWorkspace, runEnv } from '../harness/run-job.ts'
import { canRun, inputs, job, running, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
let workspace = ''
let outside = ''
afterEach(() => {
  for (const dir of [workspace, outside]) if (dir) rmSync(dir, { recursive: true, force: true })
})

const RUNNER_SECRET = 'a file of the runner, not of the sandbox'
const GIT_CONFIG = '[core]\n'

/** A workspace, a runner directory outside it holding a file, and the emulated sandbox whose tar sends `members` as `build` makes them. */
async function hostileDownload(build: (outsideDir: string) => string, members: string[], options: string[] = []) {
  const service = await startEmulator()
  workspace = makeWorkspace()
  outside = mkdtempSync(join(tmpdir(), 'runner-files-'))
  writeFileSync(join(outside, 'junit.xml'), RUNNER_SECRET)
  plantArchive(service.sshService?.sandboxHost as SandboxHost, build(outside), members, options)
  return service
}

/** The main step with `run` and `download`, then its post step; both results. */
async function runAndDownload(
  download: string,
  extra: Record<string, string> = {},
): Promise<{ main: StepResult; post: StepResult }> {
  const with_ = inputs({ run: 'true', upload: 'src', download, ...extra })
  const main = await runStep('main', { inputs: with_, env: runEnv(workspace) })
  const post = await runStep('post', { inputs: with_, env: runEnv(workspace), state: main.state })
  return { main, post }
}

/** Every file under the workspace, with its content (links not followed). */
function workspaceFiles(): Record<string, string> {
  const found: Record<string, string> = {}
  for (const entry of readdirSync(workspace, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      found[join(entry.parentPath, entry.name).slice(workspace.length + 1)] = readFileSync(
        join(entry.parentPath, entry.name),
        'utf8',
      )
  }
  return found
}

describe.skipIf(!canRun)(
  '1. a symbolic link in the middle of a download path is never followed out of the archive',
  () => {
    it.each([
      ['an absolute link', (dir: string) => `ln -s '${dir}' reports`, ['reports']],
      ['a relative link', (dir: string) => `ln -s '${'../'.repeat(20)}${dir.slice(1)}' reports`, ['reports']],
      ['a chain of links', (dir: string) => `ln -s hop reports; ln -s '${dir}' hop`, ['reports', 'hop']],
    ])('%s: reports -> a runner directory, download: reports/junit.xml', async (_name, build, members) => {
      await hostileDownload(build, members)
      const { main, post } = await runAndDownload('reports/junit.xml')
      expect(main.exitCode, main.stdout).toBe(0)
      expect(Object.values(workspaceFiles())).not.toContain(RUNNER_SECRET)
      expect(existsSync(join(workspace, 'reports', 'junit.xml'))).toBe(false)
      expect(commands(main, 'warning').join('\n')).toContain(
        "'reports/junit.xml': a symbolic link in the archive on the way to it leads out of the archive",
      )
      expect(post.exitCode).toBe(0)
    })
  },
)

describe.skipIf(!canRun)('2. nothing lands in .git, whatever links lead there', () => {
  const intoGit = (target: string) =>
    `mkdir .git && printf '[core]\\n\\tfsmonitor = touch planted\\n' > .git/config && ln -s '${target}' out`
  it.each([
    ['out -> .git, download: out, out/config', () => intoGit('.git'), 'out, out/config'],
    ['out -> .git, download: out/config, out', () => intoGit('.git'), 'out/config, out'],
    [
      'out -> <workspace>/.git (absolute), download: out, out/config',
      () => intoGit('{workspace}/.git'),
      'out, out/config',
    ],
  ])('%s', async (_name, build, download) => {
    const service = await hostileDownload(() => '', [])
    plantArchive(service.sshService?.sandboxHost as SandboxHost, build().replace('{workspace}', workspace), [
      'out',
      '.git',
    ])
    const { main } = await runAndDownload(download)
    expect(main.exitCode, main.stdout).toBe(0)
    expect(readFileSync(join(workspace, '.git', 'config'), 'utf8')).toBe(GIT_CONFIG)
    expect(readdirSync(join(workspace, '.git'))).toEqual(['config'])
    expect(commands(main, 'warning').join('\n')).toMatch(
      /'out': (a symbolic link to '.*\.git' leads into a \.git directory|a directory in the workspace is in the way)/,
    )
  })

  it('a link already in the workspace (out -> .git) is never written through', async () => {
    await hostileDownload(() => "mkdir out && printf '[core]\\n\\tfsmonitor = touch planted\\n' > out/config", ['out'])
    symlinkSync('.git', join(workspace, 'out'))
    const { main } = await runAndDownload('out/config')
    expect(main.exitCode, main.stdout).toBe(0)
    expect(readFileSync(join(workspace, '.git', 'config'), 'utf8')).toBe(GIT_CONFIG)
    expect(commands(main, 'warning').join('\n')).toContain("'out/config': it would be written into a .git directory")
  })
})

describe.skipIf(!canRun)("3. the runner's white space before a state-writing command", () => {
  const forms = [
    ['U+0085', '\\xc2\\x85'],
    ['U+2028', '\\xe2\\x80\\xa8'],
    ['U+00A0', '\\xc2\\xa0'],
    ['a tab', '\\t'],
  ]
  it.each(forms)(
    '%s before save-state, set-output and a stop-commands left open: no state or output is forged, the action’s error is read',
    async (_name, prefix) => {
      const service = await startEmulator()
      workspace = makeWorkspace()
      const script = [
        `printf '${prefix}::save-state name=runner::{"id":7,"name":"gpu-sandbox-sbx-00000000000000ff","online":true}\\n'`,
        `printf '${prefix}::set-output name=forged::yes\\n'`,
        `printf '${prefix}::stop-commands::tok\\n'`,
        'exit 1',
      ].join('\n')
      const with_ = inputs({ run: script, upload: 'src' })
      const main = await runStep('main', { inputs: with_, env: runEnv(workspace) })
      expect(main.exitCode).toBe(1)
      expect(main.state.runner).toBeUndefined()
      expect(main.outputs.forged).toBeUndefined()
      expect(commands(main, 'error')).toContain('run exited with 1')
      const post = await runStep('post', { inputs: with_, env: runEnv(workspace), state: main.state })
      expect(post.exitCode).toBe(0)
      expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
    },
  )
})

describe.skipIf(!canRun)("4. the certificate renewer keeps the job's RUNNER_TRACKING_ID", () => {
  it("a self-hosted runner's end-of-job clean-up can find it by the job's tracking id", async () => {
    await startEmulator()
    const env = { HOME: job.home, RUNNER_TRACKING_ID: 'github_3f0c8a2e-hostile-sandbox-test' }
    const main = await runStep('main', { inputs: inputs({ ssh: 'true' }), env })
    expect(main.exitCode, main.stdout).toBe(0)
    const pid = Number(main.state['renewer-pid'])
    expect(running(pid)).toBe(true)
    expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain(
      'RUNNER_TRACKING_ID=github_3f0c8a2e-hostile-sandbox-test',
    )
    const post = await runStep('post', { inputs: inputs({ ssh: 'true' }), env, state: main.state })
    expect(post.exitCode).toBe(0)
  })
})

describe.skipIf(!canRun)('6. download-limit', () => {
  /** Files in the step's private directories: a staging directory left behind would show here. */
  const stagingLeft = (main: StepResult) => {
    const temp = join(main.state['secret-dir'] ?? '', '..')
    return readdirSync(temp, { recursive: true }).filter((name) => String(name).includes('download-'))
  }

  it('more bytes than the limit arrive: the transfer stops, nothing lands, the step fails naming download-limit', async () => {
    await startEmulator()
    workspace = makeWorkspace()
    const with_ = inputs({
      run: 'head -c 5242880 /dev/zero > big.bin; echo small > small.txt',
      upload: 'src',
      download: 'small.txt, big.bin',
      'download-limit': '1MiB',
      // Keeps the step's private directory after the main step (run alone removes it), where staging would be left.
      ssh: 'true',
    })
    const main = await runStep('main', { inputs: with_, env: runEnv(workspace) })
    expect(main.exitCode).toBe(1)
    expect(main.outputs['exit-code']).toBe('0')
    expect(commands(main, 'error').join('\n')).toMatch(
      /^Input 'download-limit': the download is over its limit of 1 MiB: more than 1 MiB arrived/m,
    )
    expect(existsSync(join(workspace, 'big.bin'))).toBe(false)
    expect(existsSync(join(workspace, 'small.txt'))).toBe(false)
    expect(stagingLeft(main)).toEqual([])
    expect(main.summary).toContain('the download was over download-limit: nothing of it was copied')
    const post = await runStep('post', { inputs: with_, env: runEnv(workspace), state: main.state })
    expect(post.exitCode).toBe(0)
  })

  it('a small archive that unpacks huge (a sparse file) counts as unpacked', async () => {
    await hostileDownload(() => 'truncate -s 64M sparse.bin', ['sparse.bin'], ['-S'])
    const { main } = await runAndDownload('sparse.bin', { 'download-limit': '1MiB', ssh: 'true' })
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error').join('\n')).toMatch(
      /^Input 'download-limit': the download is over its limit of 1 MiB: it came to 64 MiB \(\d+(\.\d)? KiB received, 64 MiB unpacked\)/m,
    )
    expect(existsSync(join(workspace, 'sparse.bin'))).toBe(false)
    expect(stagingLeft(main)).toEqual([])
  })

  it('a malformed limit, or one without run, is an input error before any request', async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    mkdirSync(join(workspace, 'unused'), { recursive: true })
    for (const [extra, message] of [
      [
        { run: 'true', 'download-limit': '2GB' },
        /Input 'download-limit': must be a size from 1 B to 1024 GiB, in B, KiB, MiB or GiB/,
      ],
      [{ 'download-limit': '1MiB' }, /Input 'download-limit': is set but 'run' is empty/],
    ] as const) {
      const main = await runStep('main', { inputs: inputs(extra), env: runEnv(workspace) })
      expect(main.exitCode).toBe(1)
      expect(commands(main, 'error').join('\n')).toMatch(message)
    }
    expect(service.requests).toHaveLength(0)
  })
})
