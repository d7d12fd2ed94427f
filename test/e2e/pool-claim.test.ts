/**
 * The warm pool's claim (src/pool/claim.ts, issue 55's first part) over real
 * OpenSSH to the emulator's sandbox host: 8 steps claiming one sandbox at once
 * get exactly one winner; the winner asking again (its answer lost) still
 * wins; another sandbox has a claim of its own; a sandbox that refuses or
 * never answers is no claim, within the claim's short bound.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { claimantOf, claimedBy, claimSandbox } from '../../src/pool/claim.ts'
import type { SandboxHost } from '../../emulator/sandbox-host.ts'
import { writeFileSync } from 'node:fs'
import { emulatorSshConfig } from '../../scripts/lib/ssh-config.ts'
import { canRun } from '../harness/ssh-job.ts'

let emulator: Emulator | undefined
let dir: string | undefined
let server: Server | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
  server?.close()
  server = undefined
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

async function sandboxes() {
  emulator = new Emulator({ ssh: true, generation: 'current', stopMs: 50 })
  await emulator.start()
  dir = mkdtempSync(join(tmpdir(), 'pool-claim-'))
  const target = { configPath: emulatorSshConfig(emulator, dir, 'pool'), alias: 'pool' }
  return {
    target,
    first: emulator.seed('gp-1-ci-deadbeef-000001').id,
    second: emulator.seed('gp-1-ci-deadbeef-000002').id,
  }
}

const context = { env: process.env }

describe.skipIf(!canRun)('a pool claim on the sandbox itself', () => {
  it('8 steps at once: exactly one wins, the others see who; the winner asking again still wins', async () => {
    const { target, first, second } = await sandboxes()
    const claimants = Array.from({ length: 8 }, (_, k) => claimantOf([4242, 1, `test-${k}`]))
    const verdicts = await Promise.all(claimants.map((who) => claimSandbox(target, first, who, context)))
    const won = verdicts.flatMap((verdict, k) => (verdict.kind === 'won' ? [claimants[k]] : []))
    expect(won).toHaveLength(1)
    const winner = won[0] ?? ''
    expect(verdicts.filter((verdict) => verdict.kind === 'taken')).toEqual(
      Array.from({ length: 7 }, () => ({ kind: 'taken', by: winner })),
    )
    // A claim whose answer was lost, asked again by the same step: its own.
    expect(await claimSandbox(target, first, winner, context)).toEqual({ kind: 'won' })
    // Each sandbox its own claim, though the emulator gives them one home.
    const other = claimants.find((who) => who !== winner) ?? ''
    expect(await claimSandbox(target, second, other, context)).toEqual({ kind: 'won' })
    expect(await claimSandbox(target, second, winner, context)).toEqual({ kind: 'taken', by: other })
  })

  it('a sandbox that refuses SSH, or never answers, is no claim, within the bound', async () => {
    const { target, first } = await sandboxes()
    // A port that takes the connection and never speaks: the claim ends at its bound, not at ssh's.
    server = createServer(() => undefined)
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as { port: number }).port
    const hungDir = mkdtempSync(join(dir ?? tmpdir(), 'hung-'))
    const hung = { configPath: emulatorSshConfig(emulator as Emulator, hungDir, 'hung', port), alias: 'hung' }
    emulator?.sshService?.refuseNewConnections()
    expect(await claimSandbox(target, first, 'job-a', context)).toMatchObject({
      kind: 'unreachable',
      why: expect.stringMatching(/refused/i),
    })
    const began = Date.now()
    expect(await claimSandbox(hung, first, 'job-a', { ...context, timeoutMs: 1_500 })).toEqual({
      kind: 'unreachable',
      why: 'no answer within 1.5 s',
    })
    expect(Date.now() - began).toBeLessThan(10_000)
  })

  it("a hostile sandbox's word on who claimed it is cut here to a claimant's characters", async () => {
    const { target, first } = await sandboxes()
    expect(await claimSandbox(target, first, 'job-a', context)).toEqual({ kind: 'won' })
    // Its readlink answers with escapes, a workflow command and a mention, and its tr cuts nothing: what comes back
    // is its word only.
    const host = emulator?.sshService?.sandboxHost as SandboxHost
    writeFileSync(join(host.bin, 'tr'), '#!/bin/sh\ncat\n', { mode: 0o755 })
    host.own(join(host.bin, 'tr'))
    writeFileSync(join(host.bin, 'readlink'), "#!/bin/sh\nprintf '\\033[31m::error::@org evil/../x\\n'\n", {
      mode: 0o755,
    })
    host.own(join(host.bin, 'readlink'))
    const taken = await claimSandbox(target, first, 'job-b', context)
    expect(taken).toEqual({ kind: 'taken', by: '31merrororgevil..x' })
    expect(await claimedBy(target, first, context)).toBe('31merrororgevil..x')
  })

  it('a claimant or sandbox id that a shell or a path could read otherwise is refused before any connection', async () => {
    const target = { configPath: '/nonexistent', alias: 'none' }
    expect(await claimSandbox(target, 'sbx-1', 'a/b', context)).toMatchObject({ kind: 'failed' })
    expect(await claimSandbox(target, '../x y', 'job', context)).toMatchObject({ kind: 'failed' })
    expect(claimantOf([4242, 1, 'test (3) / x'])).toBe('4242-1-test__3____x')
  })
})
