/**
 * No step leaves its later steps more reach than they need, in process against the emulator as deployed (an sshd
 * per sandbox, each its own port and host key): once a job claimed a pool sandbox, no file under its RUNNER_TEMP
 * names another pool sandbox's address or host key; with `run` alone, the key and certificate (which open every
 * sandbox of the organization) are gone when the main step ends, and the post step still stops its sandbox.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { runStep } from '../../scripts/lib/action-runner.ts'
import { makeClient, poolReady, poolSteps } from '../harness/pool-steps.ts'
import { canRun, inputs, job, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
beforeEach(() => vi.stubEnv('HOME', job.home))
afterEach(() => vi.unstubAllEnvs())

const steps = poolSteps(9500)

/** Every file's text under `dir`. */
function filesUnder(dir: string): string {
  if (!existsSync(dir)) return ''
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((path) => join(dir, path))
    .filter((path) => statSync(path).isFile())
    .map((path) => `${path}\n${readFileSync(path, 'utf8')}`)
    .join('\n')
}

describe.skipIf(!canRun)('a claim leaves later steps no reach to other sandboxes', () => {
  it("names no other pool sandbox's address or host key once claimed; run alone leaves no key", async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    const keeper = await steps.main({ mode: 'pool', pool: 'ci', 'pool-size': '3' }, 1)
    expect(keeper.failed).toEqual([])
    const pooled = await poolReady(service, 3)
    const client = makeClient({ baseUrl: job.baseUrl, apiToken: service.token })
    const records = await Promise.all(pooled.map((id) => client.getSandbox(id)))

    // ssh: true, for later steps: its own sandbox's access only.
    const withSsh = await steps.main({ pool: 'ci', 'pool-size': '0', ssh: 'true', 'ssh-alias': 'job-2' }, 2)
    expect(withSsh.outputs['pool-claimed']).toBe('true')
    const mine = withSsh.outputs['sandbox-id']
    const left = filesUnder(join(job.home, 'temp-2'))
    expect(left).toContain('Host job-2')
    for (const record of records.filter((one) => one.id !== mine)) {
      // Its address (each sandbox's sshd has a port of its own here; they share the emulator's host key, so the
      // known_hosts lines are told apart by their [host]:port).
      const ssh = record.ssh as { host: string; port: number }
      expect(left).not.toContain(`Port ${ssh.port}\n`)
      expect(left).not.toContain(`[${ssh.host}]:${ssh.port} `)
      expect(left).not.toContain(record.id)
    }

    // run alone: when the main step ends, no key, certificate, config or Include line is left for later steps.
    const runAlone = await steps.main({ pool: 'ci', 'pool-size': '0', run: 'echo ran', 'ssh-alias': 'job-3' }, 3)
    expect(runAlone.failed).toEqual([])
    expect(runAlone.outputs['pool-claimed']).toBe('true')
    expect(runAlone.log).toContain('ran')
    expect(runAlone.log.join('\n')).toContain('SSH: no later step uses it')
    expect(filesUnder(join(job.home, 'temp-3'))).not.toMatch(/PRIVATE KEY|-cert-v01@openssh\.com|Host /)
    // The ssh: true job's Include line stays for its later steps; none of run alone's.
    expect(readFileSync(join(job.home, '.ssh', 'config'), 'utf8')).not.toContain('temp-3')
    expect(runAlone.state['secret-dir'] ?? '').toBe('')

    // Each post step stops its own sandbox; the one of run alone without any SSH access left.
    for (const step of [withSsh, runAlone]) expect((await steps.post(step)).failed).toEqual([])
    expect(service.liveSandboxes().map((s) => s.id)).not.toContain(runAlone.outputs['sandbox-id'])
    await steps.main({ mode: 'pool', pool: 'ci', 'pool-size': '0' }, 4)
    expect(await service.settle()).toEqual([])
  }, 120_000)

  it('through the bundle: run alone leaves no key when its main step ends; ssh: true keeps it for later steps', async () => {
    const service = await startEmulator()
    for (const [extra, kept] of [
      [{}, false],
      [{ ssh: 'true' }, true],
    ] as const) {
      const workDir = mkdtempSync(join(job.home, 'work-'))
      mkdirSync(join(workDir, 'temp'))
      const stepInputs = { ...inputs({ run: 'echo ran', 'ssh-alias': `alias-${kept}` }), ...extra }
      const env = { HOME: job.home }
      const main = await runStep('main', { inputs: stepInputs, env, workDir })
      expect(main.exitCode, main.stdout).toBe(0)
      expect(main.stdout).toContain('ran')
      const left = filesUnder(join(workDir, 'temp'))
      expect(/PRIVATE KEY/.test(left), left.slice(0, 300)).toBe(kept)
      expect(readFileSync(join(job.home, '.ssh', 'config'), 'utf8').includes(workDir)).toBe(kept)
      const post = await runStep('post', { inputs: stepInputs, env, workDir, state: main.state })
      expect(post.exitCode, post.stdout).toBe(0)
      expect(filesUnder(join(workDir, 'temp'))).not.toContain('PRIVATE KEY')
    }
    expect(await service.settle()).toEqual([])
  }, 120_000)
})
