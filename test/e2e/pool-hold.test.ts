/**
 * A claim's hold (src/pool/hold.ts) against the emulator as deployed, over a real socket: the one start of the
 * hold's name that the service accepts while it lives; a second is taken; a lost answer then "name in use" is
 * unsure (never taken for this step's); a service whose bounds refuse the small spec gets the default spec; a refused
 * start is failed and created nothing. The sweep keeps a hold, and stops one whose sandbox has ended.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator, type EmulatorOptions } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import { heldBy, holdName } from '../../src/inputs/default-name.ts'
import { HOLD_MARGIN_SECONDS, startHold } from '../../src/pool/hold.ts'
import { sweepHolds } from '../../src/pool/sweep-holds.ts'
import { realClock } from '../../src/runtime/clock.ts'
import type { OpContext } from '../../src/step/deps.ts'
import { decide } from '../../src/sweep/decide.ts'

let emulator: Emulator | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

async function service(options: EmulatorOptions = {}): Promise<{ ctx: OpContext; lines: string[] }> {
  emulator = new Emulator({ generation: 'current', provisioningMs: 50, stopMs: 50, ...options })
  const client = new ComputeClient({
    baseUrl: await emulator.start(),
    apiToken: emulator.token,
    requestTimeoutMs: 5_000,
  })
  const lines: string[] = []
  // Retries wait no real time: the clock's sleep returns at once.
  const clock = { ...realClock, sleep: async () => undefined }
  return { ctx: { client, clock, log: (line) => lines.push(line) }, lines }
}

const held = 'sbx-00000000000000aa'
const body = (k: number) => emulator?.requestsTo('POST', '/sandboxes/start')[k]?.body

describe("a pool claim's hold", () => {
  it('is named for the held sandbox; its one start is accepted while it lives, the next is taken', async () => {
    expect(holdName('42', held)).toBe('gc-42-00000000000000aa')
    expect(heldBy('gc-42-00000000000000aa')).toEqual({ repositoryId: '42', sandboxId: held })
    for (const name of ['gc-42-00aa', 'gp-42-ci-deadbeef-000000', 'gc-x-00000000000000aa', 'gh-1-2-3-abcdef'])
      expect(heldBy(name), name).toBeUndefined()
    expect(() => holdName('42', 'sbx-../x')).toThrow(/not a sandbox id/)

    const { ctx } = await service()
    const first = await startHold(ctx, { repositoryId: '42', sandboxId: held, ttlSeconds: 3600 })
    expect(first).toEqual({ kind: 'held', id: expect.stringMatching(/^sbx-[0-9a-f]{16}$/) })
    expect(body(0)).toEqual({
      name: 'gc-42-00000000000000aa',
      spec: { cpu_count: 1, memory_gib: 1, storage_gib: 1 },
      network_policy: { internet_access: 'closed' },
      lifetime: { enforce_ttl: true, max_ttl_seconds: 3600 + HOLD_MARGIN_SECONDS },
    })
    // Eight steps at once for a sandbox whose hold lives: every one is told it is taken.
    const again = await Promise.all(
      Array.from({ length: 8 }, () => startHold(ctx, { repositoryId: '42', sandboxId: held, ttlSeconds: 3600 })),
    )
    expect(again).toEqual(Array.from({ length: 8 }, () => ({ kind: 'taken' })))
    expect(emulator?.liveSandboxes()).toHaveLength(1)
  })

  it('eight steps at once for one sandbox: exactly one holds it', async () => {
    const { ctx } = await service()
    const verdicts = await Promise.all(
      Array.from({ length: 8 }, () => startHold(ctx, { repositoryId: '42', sandboxId: held, ttlSeconds: 600 })),
    )
    expect(verdicts.filter((verdict) => verdict.kind === 'held')).toHaveLength(1)
    expect(verdicts.filter((verdict) => verdict.kind === 'taken')).toHaveLength(7)
  })

  it('a lost answer, then "name in use": unsure, never taken for this step\'s', async () => {
    const { ctx } = await service({ faults: [{ route: 'POST /sandboxes/start', attempts: [1], fault: 'lost-answer' }] })
    const verdict = await startHold(ctx, { repositoryId: '42', sandboxId: held, ttlSeconds: 600 })
    expect(verdict).toEqual({ kind: 'unsure', why: 'an answer was lost, then its name was in use' })
    // The service did carry the first out: one hold lives, whose it is the step cannot show.
    expect(emulator?.liveSandboxes().map((s) => s.name)).toEqual(['gc-42-00000000000000aa'])
  })

  it("bounds that refuse the small spec: the action's default spec; a refusal of both created nothing", async () => {
    const { ctx } = await service({ minSpec: { cpu_count: 2, memory_gib: 4, storage_gib: 10 } })
    expect(await startHold(ctx, { repositoryId: '42', sandboxId: held, ttlSeconds: 60 })).toMatchObject({
      kind: 'held',
    })
    expect((body(1) as { spec: unknown }).spec).toEqual({ cpu_count: 4, memory_gib: 16, storage_gib: 100 })
    await emulator?.close()
    const refused = await service({ minSpec: { cpu_count: 8, memory_gib: 64, storage_gib: 500 } })
    expect(await startHold(refused.ctx, { repositoryId: '42', sandboxId: held, ttlSeconds: 60 })).toEqual({
      kind: 'failed',
      why: '400 invalid_request',
    })
    expect(emulator?.liveSandboxes()).toEqual([])
  })

  it('the sweep keeps a hold (no run to ask about), and stops one whose sandbox has ended', async () => {
    const { ctx, lines } = await service()
    const running = emulator?.seed('gp-42-ci-deadbeef-000001') as { id: string }
    const ended = emulator?.seed('gp-42-ci-deadbeef-000002', 'stopped') as { id: string }
    const keep = emulator?.seed(holdName('42', running.id)) as { id: string }
    const orphan = emulator?.seed(holdName('42', ended.id)) as { id: string }
    const other = emulator?.seed(holdName('7', ended.id)) as { id: string }
    const listed = []
    for await (const item of ctx.client.allSandboxes()) listed.push(item)
    const { candidates } = await decide(listed, '42', async () => ({ kind: 'unknown' }))
    expect(candidates.find((c) => c.id === keep.id)).toMatchObject({
      decision: 'keep',
      reason: `the hold of pool sandbox ${running.id}: ends with it`,
    })
    expect(await sweepHolds(ctx, listed, { repositoryId: '42', dryRun: true })).toEqual([])
    expect(lines).toContain(
      `Pool: the hold ${orphan.id} of ${ended.id} would be stopped (its sandbox has ended); dry-run.`,
    )
    expect(await sweepHolds(ctx, listed, { repositoryId: '42', dryRun: false })).toEqual([orphan.id])
    expect(emulator?.requestsTo('POST', '/sandboxes/:id/stop').map((r) => r.path)).toEqual([
      `/sandboxes/${orphan.id}/stop`,
    ])
    // Another repository's hold is never this sweep's.
    expect(emulator?.liveSandboxes().map((s) => s.id)).toContain(other.id)
  })
})
