/**
 * Starting and ending the renewer (ssh/renewer-process.ts, entry/renewer.ts,
 * cleanup/ssh.ts) with a stand-in script in place of the bundle: the spec
 * arrives through stdin only, the environment is cut down, the post step ends
 * exactly that process and reports its failures once.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { removeSshAccess } from '../../src/cleanup/ssh.ts'
import { ComputeClient } from '../../src/client/client.ts'
import { runRenewerProcess } from '../../src/entry/renewer.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { keepCertificateFresh, type PreparedSandboxSsh } from '../../src/ssh/access.ts'
import { endRenewer, isRenewer, launchRenewer, RENEWER_FLAG, renewerFailures } from '../../src/ssh/renewer-process.ts'
import type { RenewerSpec } from '../../src/ssh/renewer.ts'
import { ActionState } from '../../src/step/state.ts'
import { BASE, TOKEN } from '../harness/fake-service.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

let dir = ''
const started: number[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'renewer-process-'))
  // Stands in for the bundle: records what it was given, then stays up like the renewer.
  writeFileSync(
    join(dir, 'stand-in.mjs'),
    `import { writeFileSync } from 'node:fs'
let spec = ''
process.stdin.on('data', (d) => (spec += d))
process.stdin.on('end', () => {
  // The log line first (stderr to a file is synchronous): the test reads the log once given.json is there.
  process.stderr.write('2026-11-24T00:00:00.000Z started: stand-in\\n')
  writeFileSync(new URL('./given.json', import.meta.url), JSON.stringify({ argv: process.argv.slice(2), env: process.env, spec }))
  setInterval(() => {}, 1000)
})
`,
  )
})
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true })
})

const spec: RenewerSpec = {
  baseUrl: BASE,
  apiToken: TOKEN,
  publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPkgkGp9Xs35zwAoc3bq x',
  certPath: '/nonexistent/cert',
  certIssuedAt: 0,
  certExpiresAt: 1,
  sandboxId: 'sbx-00000000000000c3',
  requestTimeoutMs: 1000,
}

async function given(): Promise<{ argv: string[]; env: Record<string, string>; spec: string }> {
  const file = join(dir, 'given.json')
  // The stand-in writes the file while this reads it: wait until it is whole (it parses), not only there.
  for (let i = 0; i < 100; i++) {
    try {
      if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      // Half written.
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return JSON.parse(readFileSync(file, 'utf8'))
}

describe('the renewer process', () => {
  it('gets its spec through stdin only, a cut-down environment, and the flag as its one argument; the post step ends it', async () => {
    const pid = await launchRenewer(spec, join(dir, 'stand-in.mjs'), join(dir, 'renewer.log'), {
      PATH: process.env.PATH,
      'INPUT_API-TOKEN': TOKEN,
      STATE_x: '1',
    })
    started.push(pid)
    const seen = await given()
    expect(seen.argv).toEqual([RENEWER_FLAG])
    expect(JSON.parse(seen.spec)).toEqual(spec)
    expect(JSON.stringify(seen.env)).not.toContain(TOKEN)
    expect(Object.keys(seen.env).filter((k) => k.startsWith('INPUT_') || k.startsWith('STATE_'))).toEqual([])
    expect(readFileSync(join(dir, 'renewer.log'), 'utf8')).toContain('started: stand-in')
    expect(isRenewer(pid)).toBe(true)
    expect(isRenewer(process.pid)).toBe(false)
    expect(await endRenewer(pid, realClock)).toBe('ended')
    expect(await endRenewer(pid, realClock)).toBe('not-running')
  })

  it('keepCertificateFresh starts it and saves its pid; removeSshAccess ends it and reports its logged failure once', async () => {
    const core = recordingCore()
    const prepared: PreparedSandboxSsh = {
      dir,
      keyPath: join(dir, 'k'),
      certPath: join(dir, 'c'),
      publicKey: spec.publicKey,
      certIssuedAt: 0,
      certExpiresAt: undefined,
    }
    const deps = {
      core,
      client: new ComputeClient({ baseUrl: BASE, apiToken: TOKEN }),
      clock: new FakeClock(),
      signal: new AbortController().signal,
      env: { PATH: process.env.PATH },
      renewer: { script: join(dir, 'stand-in.mjs'), requestTimeoutMs: 1000 },
    }
    await keepCertificateFresh(deps, { baseUrl: BASE, apiToken: TOKEN }, prepared, spec.sandboxId, 5_000_000)
    const state = new ActionState(core)
    const pid = state.renewerPid as number
    started.push(pid)
    expect(core.log.join('\n')).toContain(
      `SSH: a renewer (pid ${pid}) renews the certificate before it expires, until the post step ends it or the sandbox's TTL`,
    )
    expect(JSON.parse((await given()).spec)).toMatchObject({ certPath: join(dir, 'c'), endsAt: 5_000_000 })
    writeFileSync(
      join(dir, 'renewer.log'),
      '2026-11-24T00:00:01.000Z failed: one\n2026-11-24T00:00:02.000Z failed: two ::warning::x\n',
      { flag: 'a' },
    )
    expect(renewerFailures(join(dir, 'renewer.log'))).toHaveLength(2)
    core.state['secret-dir'] = dir
    await removeSshAccess(core, state, realClock)
    expect(core.log).toContain(`Ended the SSH certificate renewer (pid ${pid}).`)
    const warnings = core.annotations.map((a) => a.message)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^The SSH certificate renewer reported 2 failures; the last: two /)
    // Service text, defused: no workflow command survives.
    expect(warnings[0]).not.toContain('::warning::')
    expect(existsSync(dir)).toBe(false)
  })

  it('without a renewer (modes run in-process) the certificate is not renewed, and it says so', async () => {
    const core = recordingCore()
    const prepared = { dir, keyPath: '', certPath: '', publicKey: '', certIssuedAt: 0, certExpiresAt: undefined }
    await keepCertificateFresh(
      {
        core,
        client: new ComputeClient({ baseUrl: BASE, apiToken: TOKEN }),
        clock: new FakeClock(),
        signal: new AbortController().signal,
      },
      { baseUrl: BASE, apiToken: TOKEN },
      prepared,
      spec.sandboxId,
      undefined,
    )
    expect(core.log).toEqual([
      'SSH: the certificate is not renewed in this run (no renewer: the modes run in-process).',
    ])
    expect(core.state['renewer-pid']).toBeUndefined()
  })
})

describe('the renewer entry', () => {
  it('a spec it cannot read is one failure line and an exit; a spec whose certificate file is gone ends at once', async () => {
    const lines: string[] = []
    await runRenewerProcess(Readable.from(['{not json']), (line) => lines.push(line))
    expect(lines).toEqual(['failed: the renewer was started without a readable spec on its stdin'])
    lines.length = 0
    await runRenewerProcess(Readable.from([JSON.stringify(spec)]), (line) => lines.push(line))
    expect(lines).toEqual([
      `started: renewing the SSH certificate for sandbox ${spec.sandboxId}`,
      'ended: the certificate file is gone (the post step removed the SSH files)',
    ])
    expect(lines.join('\n')).not.toContain(TOKEN)
  })
})
