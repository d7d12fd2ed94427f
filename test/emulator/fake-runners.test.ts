/**
 * The fake GitHub's runner side (the ground issue 24's tests stand on): a JIT
 * registration, the stand-in package from the release with its checksum, and
 * its run.sh getting online, taking one job and deregistering.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { skipWithout } from '../harness/host.ts'
import { RUNNER_VERSION } from '../../scripts/lib/fake-runners.ts'

const fake = useFakeGitHub()

async function call(method: string, path: string, body?: unknown, token: string | undefined = GITHUB_TOKEN) {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const bytes = Buffer.from(await response.arrayBuffer())
  return { status: response.status, bytes, json: () => JSON.parse(bytes.toString()) }
}

/** A JIT registration of a runner named `name` (label l): its runner and encoded configuration. */
async function register(name: string) {
  const body = { name, labels: ['l'], runner_group_id: 1 }
  return (await call('POST', '/repos/octo/repo/actions/runners/generate-jitconfig', body)).json()
}

async function installPackage(): Promise<string> {
  const release = (await call('GET', '/repos/actions/runner/releases/latest')).json()
  const sha = /<!-- BEGIN SHA linux-x64 -->([0-9a-f]{64})<!-- END SHA linux-x64 -->/.exec(release.body)?.[1]
  const version = String(release.tag_name).replace(/^v/, '')
  const tarball = (
    await call(
      'GET',
      `/actions/runner/releases/download/v${version}/actions-runner-linux-x64-${version}.tar.gz`,
      undefined,
      undefined,
    )
  ).bytes
  expect(createHash('sha256').update(tarball).digest('hex')).toBe(sha)
  fake.makeDir('runner-pkg-')
  writeFileSync(join(fake.dir, 'package.tar.gz'), tarball)
  execFileSync('tar', ['-C', fake.dir, '-xzf', join(fake.dir, 'package.tar.gz')])
  return fake.dir
}

function startRunner(home: string, jit: string, extra: Record<string, string> = {}) {
  const child = spawn('./run.sh', [], {
    cwd: home,
    env: { PATH: process.env.PATH, ACTIONS_RUNNER_INPUT_JITCONFIG: jit, RUNNER_ALLOW_RUNASROOT: '1', ...extra },
    stdio: 'ignore',
  })
  return new Promise<number | null>((resolve) => child.on('close', resolve))
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await check()) return
  throw new Error('condition not met')
}

describe('fake GitHub runners', () => {
  it.skipIf(skipWithout('the stand-in runner refusing uid 0', 'root'))(
    'the stand-in refuses uid 0 without RUNNER_ALLOW_RUNASROOT, on stdout, as the released runner',
    async () => {
      await fake.serve()
      const home = await installPackage()
      const env = { PATH: process.env.PATH }
      // run.sh copies the template to run-helper.sh and runs it; the helper refuses, run.sh says it exits.
      const run = spawnSync('./run.sh', [], { cwd: home, env, encoding: 'utf8' })
      expect(run.stdout).toBe('Must not run interactively with sudo\nExiting runner...\n')
      expect(run.status).toBe(0)
      const helper = spawnSync('./run-helper.sh', [], { cwd: home, env, encoding: 'utf8' })
      expect([helper.status, helper.stdout]).toEqual([1, 'Must not run interactively with sudo\n'])
    },
  )

  it('registers a JIT runner that gets online, takes one job and deregisters', async () => {
    await fake.serve()
    expect(
      (
        await call(
          'POST',
          '/repos/octo/repo/actions/runners/generate-jitconfig',
          { name: 'x', labels: ['l'], runner_group_id: 1 },
          'wrong',
        )
      ).status,
    ).toBe(401)
    const created = await call('POST', '/repos/octo/repo/actions/runners/generate-jitconfig', {
      name: 'gpu-sandbox-sbx-1',
      labels: ['gpu-1'],
      runner_group_id: 1,
      work_folder: '_work',
    })
    expect(created.status).toBe(201)
    const { runner, encoded_jit_config: jit } = created.json()
    expect(runner).toMatchObject({
      name: 'gpu-sandbox-sbx-1',
      status: 'offline',
      busy: false,
      labels: [{ name: 'gpu-1' }],
    })
    const home = await installPackage()
    const exited = startRunner(home, jit)
    await until(
      async () => (await call('GET', `/repos/octo/repo/actions/runners/${runner.id}`)).json().status === 'online',
    )
    fake.github.runners.assignJob(runner.id, 500)
    expect((await call('GET', `/repos/octo/repo/actions/runners/${runner.id}`)).json().busy).toBe(true)
    expect(await exited).toBe(0)
    expect((await call('GET', `/repos/octo/repo/actions/runners/${runner.id}`)).status).toBe(404)
    const diag = readdirSync(join(home, '_diag'))
    expect(readFileSync(join(home, '_diag', diag[0] ?? ''), 'utf8')).toMatch(/Listening for Jobs[\s\S]*Job completed/)
    expect(RUNNER_VERSION).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it("reads the root's .env at start as the released listener does; its job's steps see the variables", async () => {
    await fake.serve()
    const { runner, encoded_jit_config: jit } = await register('e')
    const home = await installPackage()
    // A CR LF line, a line without '=', one that starts with '=', and an empty value (which unsets the variable).
    writeFileSync(
      join(home, '.env'),
      'CUDA_VISIBLE_DEVICES=1\r\nNOEQUALS\n=ignored\nEMPTIED=\nNVIDIA_VISIBLE_DEVICES=1,2',
    )
    const exited = startRunner(home, jit, { EMPTIED: 'before' })
    await until(
      async () => (await call('GET', `/repos/octo/repo/actions/runners/${runner.id}`)).json().status === 'online',
    )
    const step = 'echo "cuda=[$CUDA_VISIBLE_DEVICES] nvidia=[$NVIDIA_VISIBLE_DEVICES] emptied=[${EMPTIED-unset}]"'
    fake.github.runners.assignJob(runner.id, 0, undefined, { plan: [{ name: 'see', run: step }] })
    expect(await exited).toBe(0)
    const [job] = fake.github.runners.jobs
    expect(job?.log).toContain('cuda=[1] nvidia=[1,2] emptied=[unset]')
  })

  it('a runner whose session is refused never gets online, and its diagnostic log says so', async () => {
    await fake.serve()
    fake.github.runners.refuseSessions = true
    const { runner, encoded_jit_config: jit } = await register('n')
    const home = await installPackage()
    // As the released run.sh: the listener's 1 is a terminated error, and run.sh itself ends with 0.
    expect(await startRunner(home, jit)).toBe(0)
    expect((await call('GET', `/repos/octo/repo/actions/runners/${runner.id}`)).json().status).toBe('offline')
    const diag = readdirSync(join(home, '_diag'))
    expect(readFileSync(join(home, '_diag', diag[0] ?? ''), 'utf8')).toContain(
      '[RUNNER ERROR] Failed to create a session with GitHub',
    )
    // DELETE removes a registration; a second one is a 404.
    expect((await call('DELETE', `/repos/octo/repo/actions/runners/${runner.id}`)).status).toBe(204)
    expect((await call('DELETE', `/repos/octo/repo/actions/runners/${runner.id}`)).status).toBe(404)
  })

  it("holds the listener's poll of an unchanged state until it changes, as GitHub's long poll does", async () => {
    await fake.serve()
    const { runner, encoded_jit_config: jit } = await register('n')
    const secret = JSON.parse(Buffer.from(jit, 'base64').toString()).secret as string
    const state = async (since: string) => {
      const response = await fetch(`${fake.url}/_fake/runner/state?since=${since}`, {
        headers: { authorization: `RunnerSecret ${secret}` },
      })
      return response.text()
    }
    const session = await fetch(`${fake.url}/_fake/runner/session`, {
      method: 'POST',
      headers: { authorization: `RunnerSecret ${secret}` },
    })
    expect(session.status).toBe(200)
    // Another state than the one seen: at once.
    expect(await state('')).toBe('idle')
    expect(await state('busy')).toBe('idle')
    // The one seen: held until it changes, then the new one.
    let answered = ''
    const held = state('idle').then((text) => (answered = text))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(answered).toBe('')
    fake.github.runners.assignJob(runner.id, 60_000)
    expect(await held).toBe('busy')
    // A held poll ends with the fake (a GitHub that went away): an error, not a hang.
    const cut = state('busy').catch(() => 'cut')
    await new Promise((resolve) => setTimeout(resolve, 100))
    await fake.close()
    expect(await cut).toBe('cut')
  })
})
