/**
 * What comes back from the sandbox is hostile (issue 34): one describe per
 * route from the sandbox to the runner, each variant through the bundles on
 * the emulator (real OpenSSH, a sandbox whose tar sends a crafted archive)
 * and the fake GitHub.
 *
 * 1. a link in the middle of a download path; 2. `.git` through links;
 * 3. the runner's white space before a state-writing command; 4. the
 * renewer's RUNNER_TRACKING_ID; 5. a job of another run handed the runner;
 * 6. a download past download-limit.
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
import type { ChildProcess } from 'node:child_process'
import { commands, runStep, type StepResult, onceOutput } from '../../scripts/lib/action-runner.ts'
import { THIS_RUN, type JobStep } from '../../scripts/lib/fake-runners.ts'
import { makeWorkspace, runEnv } from '../harness/run-job.ts'
import { runnerEnv, runnerInputs, runnerJob, setUpRunnerJob, useRunnerJob } from '../harness/runner-job.ts'
import { canRun, inputs, job, running, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
useRunnerJob()
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

describe.skipIf(!canRun)('5. a job of another workflow run handed the runner', () => {
  const CLAIM = { GPU_SANDBOX_RUNNER_CLAIM: '2s' }
  /** The main step registers the runner; the post step, once it waits, sees GitHub hand it to `owner`'s job for `ms`. */
  async function handOut(owner: { runId: number; attempt: number; name: string }, ms: number) {
    const service = await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv(CLAIM) })
    expect(main.exitCode, main.stdout).toBe(0)
    const runnerId = Number(main.outputs['runner-id'])
    // A refused job gets a fresh runner, which no job takes here: runner-timeout ends that wait.
    const post = await runStep('post', {
      inputs: runnerInputs({ 'runner-timeout': '3s' }),
      env: runnerEnv(CLAIM),
      state: main.state,
      onSpawn: onceOutput('waiting while its job runs', () => runnerJob.github.runners.assignJob(runnerId, ms, owner)),
    })
    return { service, main, post, runnerId }
  }

  it("the sandbox runner's job-started hook refuses a job of another run before any of its steps (issue 43)", async () => {
    const service = await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv(CLAIM) })
    expect(main.exitCode, main.stdout).toBe(0)
    const runnerId = Number(main.outputs['runner-id'])
    const stranger = { runId: 999, attempt: 1, name: 'queued-by-a-fork', repository: 'octo/repo' }
    const plan: JobStep[] = [
      { name: 'steal', run: 'echo STOLEN-STEP-RAN' },
      { name: 'cleanup', run: 'echo ALWAYS-STEP-RAN', if: 'always()' },
    ]
    const post = await runStep('post', {
      inputs: runnerInputs({ 'runner-timeout': '3s' }),
      env: runnerEnv(CLAIM),
      state: main.state,
      onSpawn: onceOutput('waiting while its job runs', () =>
        runnerJob.github.runners.assignJob(runnerId, 0, stranger, { plan }),
      ),
    })
    const job = runnerJob.github.runners.jobs.at(-1)
    expect(job?.conclusion).toBe('failure')
    // One ::error in the stranger's job, naming this run; none of its steps ran.
    expect(job?.log?.split('\n').filter((line) => line.startsWith('::error'))).toEqual([
      "::error title=Runner refused::This self-hosted runner serves workflow run 4242 (attempt 1) of octo/repo only: job 'queued-by-a-fork' of run 999 (attempt 1) of octo/repo was refused before its first step.",
    ])
    // The hook ended the job's worker: not even its always() step ran on the sandbox.
    expect(job?.log).not.toMatch(/STOLEN-STEP-RAN|ALWAYS-STEP-RAN/)
    expect(job?.log).not.toContain('A job completed hook')
    // The holder says so, starts a fresh runner for this run's job (none comes here: runner-timeout), stops the
    // sandbox and leaves no registration.
    expect(post.exitCode, post.stdout).toBe(0)
    expect(commands(post, 'warning')).toEqual([
      expect.stringMatching(
        /its job-started hook refused job 'queued-by-a-fork' of run 999 \(attempt 1\) of octo\/repo/,
      ),
      expect.stringMatching(/no job picked it up within runner-timeout \(3s\)/),
    ])
    expect(post.stdout).toMatch(/-r2: registered \(id \d+\) and online on the same sandbox/)
    expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
    expect(runnerJob.github.paths()).toContain(`DELETE /repos/octo/repo/actions/runners/${runnerId}`)
    expect([...runnerJob.github.runners.byId.values()].every((runner) => runner.deleted)).toBe(true)
  })

  /** Hands each runner that comes online, while the post step waits, the next job of `owners` (a stranger's, or this run's). */
  function handEach(owners: { runId: number; attempt: number; name: string }[]) {
    const handed = new Set<number>()
    return (child: ChildProcess, output: () => string) => {
      const timer = setInterval(() => {
        if (!output().includes('waiting while its job runs')) return
        for (const runner of runnerJob.github.runners.byId.values()) {
          if (handed.has(runner.id) || runner.status !== 'online' || runner.deleted || runner.busy) continue
          const owner = owners[handed.size]
          if (!owner) return
          handed.add(runner.id)
          const plan = [{ name: 'tests', run: `echo STEP-RAN-FOR-${owner.runId}` }]
          runnerJob.github.runners.assignJob(runner.id, 0, owner, { plan })
        }
      }, 100)
      child.on('close', () => clearInterval(timer))
    }
  }
  const STRANGER = { runId: 999, attempt: 1, name: 'queued-by-a-fork' }

  it("after a refused job of another run, a fresh runner with the label serves this run's job (issue 43)", async () => {
    const service = await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv(CLAIM) })
    expect(main.exitCode, main.stdout).toBe(0)
    const post = await runStep('post', {
      inputs: runnerInputs(),
      env: runnerEnv(CLAIM),
      state: main.state,
      onSpawn: handEach([STRANGER, THIS_RUN]),
    })
    expect(post.exitCode, post.stdout).toBe(0)
    expect(commands(post, 'warning')).toEqual([
      expect.stringMatching(
        /^Runner gpu-sandbox-sbx-[0-9a-f]{16}: a job of another workflow run was handed the runner; its job-started hook refused job 'queued-by-a-fork' of run 999 \(attempt 1\) of octo\/repo before its first step\.$/,
      ),
    ])
    expect(post.stdout).toMatch(
      /Runner gpu-sandbox-sbx-[0-9a-f]{16}-r2: registered \(id \d+\) and online on the same sandbox with the label gpu-sandbox-4242-1/,
    )
    const [refused, ours] = runnerJob.github.runners.jobs
    expect([refused?.conclusion, ours?.conclusion]).toEqual(['failure', 'success'])
    expect(refused?.log).not.toContain('STEP-RAN')
    expect(ours?.log).toContain('STEP-RAN-FOR-4242')
    expect(ours?.runnerName).toMatch(/-r2$/)
    expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
    expect([...runnerJob.github.runners.byId.values()].every((runner) => runner.deleted)).toBe(true)
  })

  it("past 3 fresh runners, the 4th refused job fails the holder, and this run's queued job is failed at once", async () => {
    const service = await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv(CLAIM) })
    const post = await runStep('post', {
      inputs: runnerInputs(),
      env: runnerEnv(CLAIM),
      state: main.state,
      // The 5th runner online is the failing one from the holder's machine: this run's job goes to it.
      onSpawn: handEach([STRANGER, STRANGER, STRANGER, STRANGER, THIS_RUN]),
    })
    expect(post.exitCode).toBe(1)
    expect(commands(post, 'warning')).toHaveLength(4)
    expect(commands(post, 'error').join('\n')).toMatch(
      /taken by a job outside this workflow run \(run 4242, attempt 1\): its job-started hook refused job 'queued-by-a-fork' of run 999 \(attempt 1\) of octo\/repo before its first step, the 4th job of another run; no more fresh runners are started/,
    )
    const jobs = runnerJob.github.runners.jobs
    expect(jobs.map((job) => [job.runId, job.conclusion])).toEqual([
      ...Array.from({ length: 4 }, () => [999, 'failure']),
      [4242, 'failure'],
    ])
    // This run's job: failed by its job-started hook with one error that says why, none of its steps run.
    const ours = jobs.at(-1)
    expect(ours?.runnerName).toMatch(/^gpu-sandbox-unserved-4242-1-[0-9a-f]{6}$/)
    expect(ours?.log).not.toContain('STEP-RAN')
    expect((ours?.log ?? '').split('\n').filter((line) => line.startsWith('::error'))).toEqual([
      expect.stringMatching(
        /^::error title=No GPU runner was served::No GPU runner was served for runs-on: gpu-sandbox-4242-1\. The holding job 'gpu-runner' \(workflow run 4242, attempt 1\) gave its runner to no job of this run: Runner gpu-sandbox-sbx-[0-9a-f]{16}-r4 was taken by a job outside this workflow run/,
      ),
    ])
    expect(post.stdout).toMatch(/Runner gpu-sandbox-unserved-4242-1-[0-9a-f]{6}: .*; removing it\./)
    expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
    expect([...runnerJob.github.runners.byId.values()].every((runner) => runner.deleted)).toBe(true)
    // The sandbox was stopped before the failing runner was registered: no GPU money while this run's job is failed.
    const stopped = post.stdout.indexOf(`Stopped sandbox ${main.outputs['sandbox-id']}`)
    expect(stopped).toBeGreaterThan(0)
    expect(stopped).toBeLessThan(post.stdout.indexOf('is failed at once'))
  })

  it('a hostile job name and run id from the stranger reach its log only as safe characters', async () => {
    await setUpRunnerJob()
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv(CLAIM) })
    const runnerId = Number(main.outputs['runner-id'])
    const stranger = { runId: 4243, attempt: 1, name: 'x$(touch /tmp/pwned)`id`;::set-output name=a::b' }
    await runStep('post', {
      inputs: runnerInputs({ 'runner-timeout': '3s' }),
      env: runnerEnv(CLAIM),
      state: main.state,
      onSpawn: onceOutput('waiting while its job runs', () =>
        runnerJob.github.runners.assignJob(runnerId, 0, stranger, { plan: [{ name: 's', run: 'true' }] }),
      ),
    })
    const log = runnerJob.github.runners.jobs.at(-1)?.log ?? ''
    expect(log).toContain("job 'xtouchtmppwnedidset-outputnameab' of run 4243 (attempt 1)")
    expect(existsSync('/tmp/pwned')).toBe(false)
  })

  it('a job from outside without steps: refused by the hook, a warning names it', async () => {
    const { post } = await handOut({ runId: 999, attempt: 1, name: 'queued by a fork' }, 500)
    expect(post.exitCode, post.stdout).toBe(0)
    expect(commands(post, 'warning')[0]).toMatch(
      /its job-started hook refused job 'queuedbyafork' of run 999 \(attempt 1\) of octo\/repo before its first step/,
    )
  })

  it("this run's own job: the step passes", async () => {
    const { post } = await handOut({ runId: 4242, attempt: 1, name: 'gpu-tests' }, 3_000)
    expect(post.exitCode, post.stdout).toBe(0)
    expect(post.stdout).toContain("job 'gpu-tests' of this workflow run took it")
  })

  it('a token that cannot read the run’s jobs is refused before anything costs money', async () => {
    const service = await setUpRunnerJob()
    runnerJob.github.forbidden = [/\/actions\/runs\/\d+\/attempts\/\d+\/jobs$/]
    const main = await runStep('main', { inputs: runnerInputs(), env: runnerEnv() })
    expect(main.exitCode).toBe(1)
    expect(commands(main, 'error').join('\n')).toMatch(
      /Input 'github-token': GitHub answered 403 to reading the jobs of workflow run 4242 \(attempt 1\) for octo\/repo\. Runner mode needs the same token to hold actions: read/,
    )
    expect(service.requests).toHaveLength(0)
    // The token may still register runners: the waiting job gets the one that fails it (issue 37), nothing else.
    const posts = runnerJob.github.requests.filter((r) => r.method === 'POST')
    expect(posts.map((r) => r.path)).toEqual(['/repos/octo/repo/actions/runners/generate-jitconfig'])
    expect([...runnerJob.github.runners.byId.values()].map((r) => r.name)).toEqual([
      expect.stringMatching(/^gpu-sandbox-unserved-4242-1-/),
    ])
    const post = await runStep('post', {
      inputs: runnerInputs({ 'runner-timeout': '2s' }),
      env: runnerEnv(),
      state: main.state,
    })
    expect(post.stdout).toMatch(/no job was handed to it within runner-timeout; removing it/)
    expect([...runnerJob.github.runners.byId.values()].every((r) => r.deleted)).toBe(true)
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
    const { main } = await runAndDownload('sparse.bin', { 'download-limit': '1MiB' })
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
