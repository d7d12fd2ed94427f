/**
 * debug-on-failure through the bundles with real OpenSSH (issue 32): after a
 * failed run the post step prints a connection for the test's own key; the
 * test saves the printed certificate, connects with its own private key,
 * creates ~/.gpu-sandbox-release, and the post step stops the sandbox within
 * 5 s. Cancelling stops at once; a passing run never holds. A fork's pull
 * request runs and is not held (one warning, no certificate asked for); a hold
 * that cannot be made is one warning, then the stop (issue 42).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { commands, runStep } from '../../scripts/lib/action-runner.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { makeWorkspace, runEnv } from '../harness/run-job.ts'
import { canRun, inputs, job, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
let workspace = ''
afterEach(() => rmSync(workspace, { recursive: true, force: true }))

function debugKey(): { key: string; pub: string } {
  const key = join(job.home, 'maintainer')
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'maintainer@laptop', '-f', key])
  return { key, pub: readFileSync(`${key}.pub`, 'utf8').trim() }
}

/** What a maintainer does with the printed lines: save both files, connect with the own key, run `command`. */
function connectAsMaintainer(output: string, key: string, command: string) {
  const lines = output.split('\n')
  const after = (title: RegExp) => (lines[lines.findIndex((line) => title.test(line)) + 1] ?? '').trim()
  writeFileSync(`${key}-cert.pub`, `${after(/Save this certificate/)}\n`)
  writeFileSync(join(job.home, 'debug_known_hosts'), `${after(/Save this host key line/)}\n`)
  const [, port, userAtHost] = /-p (\d+) (\S+)$/.exec(lines.find((line) => /^\s+3\. ssh /.test(line)) ?? '') ?? []
  const args = ['-F', '/dev/null', '-i', key, '-o', `CertificateFile=${key}-cert.pub`, '-o', 'IdentitiesOnly=yes']
  args.push('-o', `UserKnownHostsFile=${join(job.home, 'debug_known_hosts')}`, '-o', 'StrictHostKeyChecking=yes')
  args.push('-o', 'BatchMode=yes', '-p', port ?? '', userAtHost ?? '', command)
  return spawnSync('ssh', args, { encoding: 'utf8', timeout: 30_000 })
}

const debugInputs = (pub: string, run: string) =>
  inputs({ run, upload: '', 'debug-on-failure': '2m', 'debug-public-key': pub })

describe.skipIf(!canRun)('debug-on-failure', () => {
  it('a failed run: the printed connection works with the own key, and ~/.gpu-sandbox-release ends the hold', async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    const { key, pub } = debugKey()
    const main = await runStep('main', { inputs: debugInputs(pub, 'exit 3'), env: runEnv(workspace) })
    expect(main.exitCode).toBe(1)
    let connected: ReturnType<typeof spawnSync> | undefined
    let releasedAt = 0
    const post = await runStep('post', {
      inputs: debugInputs(pub, 'exit 3'),
      env: runEnv(workspace),
      state: main.state,
      onSpawn: (_child, output) => {
        const timer = setInterval(() => {
          if (!/When you are done/.test(output())) return
          clearInterval(timer)
          connected = connectAsMaintainer(output(), key, 'id -un && touch ~/.gpu-sandbox-release')
          releasedAt = Date.now()
        }, 100)
      },
    })
    expect(post.exitCode, post.stdout).toBe(0)
    expect(connected?.status, String(connected?.stderr)).toBe(0)
    expect(String(connected?.stdout)).toBe(`${service.sshService?.user}\n`)
    expect(post.stdout).toMatch(/debug-on-failure: the run failed \(run exited with 3/)
    expect(post.stdout).toContain('debug-on-failure: ~/.gpu-sandbox-release appeared; stopping now.')
    const id = main.outputs['sandbox-id'] ?? ''
    const stoppedAt = service.statusTimes.get(id)?.stopped ?? Infinity
    // Ended by the release, not by the 2m hold (checked every 2 s; a loaded machine's SSH adds seconds).
    expect(stoppedAt - releasedAt).toBeLessThan(30_000)
    // The printed certificate is for the maintainer's key, never the action's own.
    const listed = execFileSync('ssh-keygen', ['-L', '-f', `${key}-cert.pub`], { encoding: 'utf8' })
    const fingerprint = execFileSync('ssh-keygen', ['-l', '-f', `${key}.pub`], { encoding: 'utf8' }).split(' ')[1]
    expect(listed).toContain(`Public key: ED25519-CERT ${fingerprint}`)
  })

  it('cancelling the held post step stops the sandbox at once; a passing run never holds', async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    const { pub } = debugKey()
    const main = await runStep('main', { inputs: debugInputs(pub, 'exit 1'), env: runEnv(workspace) })
    let cancelledAt = 0
    const post = await runStep('post', {
      inputs: debugInputs(pub, 'exit 1'),
      env: runEnv(workspace),
      state: main.state,
      onSpawn: (child, output) => {
        const timer = setInterval(() => {
          if (!/When you are done/.test(output())) return
          clearInterval(timer)
          cancelledAt = Date.now()
          child.kill('SIGTERM')
        }, 100)
      },
    })
    expect(post.stdout).toContain('debug-on-failure: the job was cancelled; stopping now.')
    const id = main.outputs['sandbox-id'] ?? ''
    // At once: not at the 2m hold's end.
    expect((service.statusTimes.get(id)?.stopped ?? Infinity) - cancelledAt).toBeLessThan(30_000)
    const passing = await runStep('main', { inputs: debugInputs(pub, 'true'), env: runEnv(workspace) })
    expect(passing.exitCode).toBe(0)
    const passingPost = await runStep('post', {
      inputs: debugInputs(pub, 'true'),
      env: runEnv(workspace),
      state: passing.state,
    })
    expect(passingPost.stdout).not.toContain('debug-on-failure')
  })

  it('a later step of the job failed (GitHub says so): the post step holds as well', async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    const { key, pub } = debugKey()
    const github = new FakeGitHub()
    const served = await github.serve()
    try {
      // This job, on this runner, with a failed step after the action's.
      github.runners.jobs.push({
        id: 77,
        runId: 4242,
        attempt: 1,
        name: 'gpu-tests',
        runnerId: 0,
        runnerName: 'GitHub Actions 3',
        status: 'in_progress',
        steps: [
          { name: 'Run the action', conclusion: 'success' },
          { name: 'pytest', conclusion: 'failure' },
        ],
      })
      const stepInputs = { ...debugInputs(pub, 'true'), 'github-token': GITHUB_TOKEN }
      const env = {
        ...runEnv(workspace),
        GITHUB_API_URL: served.url,
        GITHUB_SERVER_URL: served.url,
        RUNNER_NAME: 'GitHub Actions 3',
      }
      const main = await runStep('main', { inputs: stepInputs, env })
      expect(main.exitCode, main.stdout).toBe(0)
      let connected: ReturnType<typeof spawnSync> | undefined
      const post = await runStep('post', {
        inputs: stepInputs,
        env,
        state: main.state,
        onSpawn: (_child, output) => {
          const timer = setInterval(() => {
            if (!/When you are done/.test(output())) return
            clearInterval(timer)
            connected = connectAsMaintainer(output(), key, 'touch ~/.gpu-sandbox-release')
          }, 100)
        },
      })
      expect(post.exitCode, post.stdout).toBe(0)
      expect(connected?.status).toBe(0)
      expect(post.stdout).toContain("debug-on-failure: the run failed (the step 'pytest' failed)")
      expect(github.paths()).toContain('GET /repos/octo/repo/actions/runs/4242/attempts/1/jobs')
      expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
    } finally {
      await served.close()
    }
  })

  it("a fork's pull request: the run runs and fails, the post step stops at once with one warning", async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    const { pub } = debugKey()
    const event = join(job.home, 'event.json')
    const fork = { number: 9, head: { sha: 'f'.repeat(40), repo: { full_name: 'stranger/fork' } } }
    writeFileSync(event, JSON.stringify({ action: 'synchronize', pull_request: fork }))
    const env = { ...runEnv(workspace), GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event }
    const main = await runStep('main', { inputs: debugInputs(pub, 'echo fork tests ran; exit 3'), env })
    expect(main.exitCode).toBe(1)
    expect(main.stdout).toContain('fork tests ran')
    expect(commands(main, 'error').join('\n')).toMatch(/run exited with 3/)
    const post = await runStep('post', { inputs: debugInputs(pub, 'exit 3'), env, state: main.state })
    expect(post.exitCode, post.stdout).toBe(0)
    expect(commands(post, 'warning')).toEqual([
      'debug-on-failure: the run failed (run exited with 3), but the hold is refused for pull requests from ' +
        'forks: their code would keep a machine of yours running, and its log would hand a way in to whoever ' +
        'holds the key. Stopping the sandbox now.',
    ])
    expect(post.stdout).not.toMatch(/holding|Save this certificate/)
    // The main step's own certificate (for run) only: none for debug-public-key.
    expect(service.requestsTo('POST', '/sandboxes/ssh-certificate')).toHaveLength(1)
    expect(service.stopRequestsFor(main.outputs['sandbox-id'] ?? '')).toHaveLength(1)
  })

  it('a certificate the service refuses: one warning naming debug-on-failure, and the sandbox stopped at once', async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    const { pub } = debugKey()
    const main = await runStep('main', { inputs: debugInputs(pub, 'exit 3'), env: runEnv(workspace) })
    expect(main.exitCode).toBe(1)
    service.addFault({
      route: 'POST /sandboxes/ssh-certificate',
      fault: 403,
      error: 'forbidden',
      message: 'certificates are disabled for this organization',
    })
    const before = service.requests.length
    const post = await runStep('post', {
      inputs: debugInputs(pub, 'exit 3'),
      env: runEnv(workspace),
      state: main.state,
    })
    expect(post.exitCode, post.stdout).toBe(0)
    const warnings = commands(post, 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /^debug-on-failure: no hold: the service signed no certificate for debug-public-key \(.*certificates are disabled for this organization.*\); stopping the sandbox now\.$/,
    )
    const id = main.outputs['sandbox-id'] ?? ''
    // At once: the refused certificate is the post step's last request before the stop, with no wait between.
    const asked = service.requests.slice(before).map((r) => `${r.method} ${r.path}`)
    const refused = asked.lastIndexOf('POST /sandboxes/ssh-certificate')
    expect(refused).toBeGreaterThanOrEqual(0)
    expect(asked.slice(refused + 1)[0]).toBe(`POST /sandboxes/${id}/stop`)
    expect(post.stdout).not.toMatch(/debug-on-failure: the run failed .*; holding/)
  })

  it('a sandbox record with no SSH endpoint: one warning, and no certificate is asked for', async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    const { pub } = debugKey()
    const main = await runStep('main', { inputs: debugInputs(pub, 'exit 3'), env: runEnv(workspace) })
    expect(main.exitCode).toBe(1)
    // The record read again in the post step has lost its ssh field (an odd answer).
    service.options.recordExtra = { ssh: null }
    const post = await runStep('post', {
      inputs: debugInputs(pub, 'exit 3'),
      env: runEnv(workspace),
      state: main.state,
    })
    expect(post.exitCode, post.stdout).toBe(0)
    expect(commands(post, 'warning')).toEqual([
      'debug-on-failure: no hold: the sandbox record has no ssh field (no address to connect to); ' +
        'stopping the sandbox now.',
    ])
    expect(service.requestsTo('POST', '/sandboxes/ssh-certificate')).toHaveLength(1)
  })
})
