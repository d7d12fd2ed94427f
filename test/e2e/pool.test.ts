/**
 * The warm pool (src/pool/take.ts, idle.ts, refill.ts, issue 55's first parts)
 * against the emulator as deployed, each sandbox its own sshd and home: the
 * pool's sandboxes started through the real client, then 8 steps at once
 * racing for the 2 that match: exactly 2 win, each a different sandbox; the
 * other 6 are told in one line why nothing was claimed. A pool sandbox of
 * another spec is never claimed, and a sandbox of another name (a run's, or
 * another pool's whose name starts the same) never looked at. The idle rule:
 * two stoppers at once stop each unclaimed sandbox past pool-idle once, and
 * never one a job claimed. The refill: what pool-size lacks, within the room.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import type { SandboxRecord, SandboxStartRequest } from '../../src/client/schemas.ts'
import type { SshTarget } from '../../src/remote/ssh-command.ts'
import { poolPrefix, requestDigest } from '../../src/pool/names.ts'
import { takeFromPool } from '../../src/pool/take.ts'
import { stopIdle } from '../../src/pool/idle.ts'
import { refill } from '../../src/pool/refill.ts'
import { claimantOf, claimSandbox } from '../../src/pool/claim.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { emulatorSshConfig } from '../../scripts/lib/ssh-config.ts'
import { canRun } from '../harness/ssh-job.ts'

let emulator: Emulator | undefined
let dir: string | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

const spec = { cpu_count: 4, memory_gib: 16, storage_gib: 50, gpu_count: 1, gpu_type: 'A100' as const }
const policy = { internet_access: 'open' as const }
const request = { spec, gpuTypes: ['H100', 'A100'] as const, network_policy: policy, ttlMs: 30 * 60_000 }
const prefix = poolPrefix(
  '31337',
  'ci',
  requestDigest({
    cpu: 4,
    memoryGib: 16,
    storageGib: 50,
    gpuTypes: ['H100', 'A100'],
    gpuCount: 1,
    domain: 'branches',
  }),
)

async function pool(): Promise<{ client: ComputeClient; reach: (id: string) => Promise<SshTarget>; ids: string[] }> {
  emulator = new Emulator({
    ssh: true,
    generation: 'current',
    provisioningMs: 50,
    stopMs: 50,
    sshHost: { perSandbox: true },
    capacity: { A100: 8 },
  })
  const client = new ComputeClient({
    baseUrl: await emulator.start(),
    apiToken: emulator.token,
    requestTimeoutMs: 5_000,
  })
  const start = (name: string, extra: Partial<SandboxStartRequest['spec']> = {}) =>
    client.startSandbox({
      name,
      spec: { ...spec, ...extra },
      network_policy: policy,
      lifetime: { enforce_ttl: true, max_ttl_seconds: 7_200 },
    })
  const started = [
    await start(`${prefix}00000a`),
    await start(`${prefix}00000b`),
    // A pool sandbox of another spec (a name may say anything: the record decides), and a run's own sandbox.
    await start(`${prefix}00000c`, { cpu_count: 8 }),
    await start('gh-31337-4242-1-abcdef'),
    // Pool `ci-<digest>`'s sandbox: its name starts as pool `ci`'s do, and it matches the request; not pool ci's.
    await start(`${prefix.replace(/-$/, '')}-0badcafe-00000d`),
  ]
  const ids = started.map((sandbox) => sandbox.id)
  for (const id of ids) while ((await client.getSandbox(id)).status !== 'ready') await realClock.sleep(50)
  dir = mkdtempSync(join(tmpdir(), 'pool-take-'))
  // SSH access to any sandbox, made at its first use (a refill reaches the ones it started too).
  const targets = new Map<string, Promise<SshTarget>>()
  const access = async (id: string): Promise<SshTarget> => {
    const record = (await client.getSandbox(id)) as SandboxRecord & { ssh?: { port?: number } }
    const home = mkdtempSync(join(dir ?? tmpdir(), 's-'))
    const alias = `pool-${id}`
    return { configPath: emulatorSshConfig(emulator as Emulator, home, alias, record.ssh?.port), alias }
  }
  const reach = (id: string) => {
    if (!targets.has(id)) targets.set(id, access(id))
    return targets.get(id) as Promise<SshTarget>
  }
  return { client, reach, ids }
}

const MINUTE = 60_000
/** The real clock, `ahead` later: the pool's sandboxes look that much older. */
const later = (ahead: number) => ({ ...realClock, now: () => Date.now() + ahead })

/** What take, idle and refill are given here: the real client's list and reads, the test's SSH access. */
const partsOf = (
  client: ComputeClient,
  reach: (id: string) => Promise<SshTarget>,
  log: (line: string) => unknown = () => undefined,
) => ({
  clock: realClock,
  list: () => client.allSandboxes({ maxPages: 2 }),
  read: (id: string) => client.getSandbox(id),
  reach,
  env: process.env,
  log: (line: string) => void log(line),
})

describe.skipIf(!canRun)('claiming from the warm pool', () => {
  it('8 steps at once for 2 matching sandboxes: 2 win, each another sandbox; 6 are told why in one line', async () => {
    const { client, reach, ids } = await pool()
    const logs: string[][] = []
    const steps = Array.from({ length: 8 }, (_, k) => {
      const log: string[] = []
      logs.push(log)
      return takeFromPool(
        partsOf(client, reach, (line) => log.push(line)),
        { name: 'ci', prefix, request, claimant: claimantOf([4242, 1, `leg-${k}`]) },
      )
    })
    const outcomes = await Promise.all(steps)
    const won = outcomes.flatMap((outcome) => ('taken' in outcome ? [outcome.taken.id] : []))
    expect(won.sort()).toEqual([ids[0], ids[1]].sort())
    for (const outcome of outcomes.filter((o) => 'why' in o))
      expect(outcome).toEqual({
        why: expect.stringMatching(
          /^none of the 3 live sandboxes of pool 'ci' could be claimed \(.*claimed by another job/,
        ),
      })
    // The one of another spec: never claimed, the reason said; the run's own sandbox: never looked at.
    expect(logs.flat().filter((line) => line.includes(ids[2] ?? '?'))).toContain(
      `Pool 'ci': ${ids[2]} not claimed: its cpu_count is 8, not 4.`,
    )
    expect(logs.flat().join('\n')).not.toContain(ids[3])
    expect(logs.flat().join('\n')).not.toContain(ids[4])
    const taken = outcomes.find((o) => 'taken' in o)
    expect(taken && 'taken' in taken ? taken.taken.claimMs : -1).toBeGreaterThanOrEqual(0)
    expect(emulator?.requestsTo('POST', '/sandboxes/start')).toHaveLength(5)
  })

  it('a large pool: a claim asks a few sandboxes, not every one, and the rest only where those are taken', async () => {
    const { client, reach, ids } = await pool()
    const more = await Promise.all(
      ['00000e', '00000f', '000010'].map((tail) =>
        client.startSandbox({
          name: `${prefix}${tail}`,
          spec,
          network_policy: policy,
          lifetime: { enforce_ttl: true, max_ttl_seconds: 7_200 },
        }),
      ),
    )
    for (const { id } of more) while ((await client.getSandbox(id)).status !== 'ready') await realClock.sleep(50)
    const asked = new Set<string>()
    const counting = (id: string) => (asked.add(id), reach(id))
    const deps = { ...partsOf(client, counting), shuffle: <T>(items: T[]) => items }
    const outcome = await takeFromPool(deps, { name: 'ci', prefix, request, claimant: 'job-large' })
    expect('taken' in outcome).toBe(true)
    // 6 of this request ready and unclaimed, and one of another spec: the first few were asked, never all 7.
    expect(asked.size).toBeLessThanOrEqual(4)
    // All claimed but the last: a claim still finds it, asking the rest a few at a time.
    const all = [ids[0], ids[1], ...more.map((m) => m.id)].filter(
      (id) => id !== ('taken' in outcome && outcome.taken.id),
    )
    for (const id of all.slice(0, -1))
      await claimSandbox(await reach(id ?? ''), id ?? '', 'other-job', { env: process.env })
    const last = await takeFromPool(deps, { name: 'ci', prefix, request, claimant: 'job-last' })
    expect('taken' in last && last.taken.id).toBe(all.at(-1))
  })

  it('an empty pool, or one whose sandboxes cannot be reached: nothing claimed, why in one line', async () => {
    const { client } = await pool()
    const deps = partsOf(client, () => Promise.reject(new Error('the certificate was refused')))
    const claimant = 'job'
    expect(
      await takeFromPool(deps, { name: 'other', prefix: poolPrefix('31337', 'other', 'deadbeef'), request, claimant }),
    ).toEqual({
      why: "pool 'other' has no ready sandbox for this request",
    })
    expect(await takeFromPool(deps, { name: 'ci', prefix, request, claimant })).toEqual({
      why: "none of the 3 live sandboxes of pool 'ci' could be claimed (1 mismatched, 2 failed)",
    })
  })

  it('the idle rule: two stoppers at once stop each unclaimed sandbox past pool-idle once; a claimed one never', async () => {
    const { client, reach, ids } = await pool()
    // A job has claimed the first: it is that job's, however long it waited.
    expect(await claimSandbox(await reach(ids[0] ?? ''), ids[0] ?? '', 'job-x', { env: process.env })).toEqual({
      kind: 'won',
    })
    const stopper = (ahead: number, claimant: string) =>
      stopIdle(
        { ...partsOf(client, reach), clock: later(ahead), stop: async (id) => void (await client.stopSandbox(id)) },
        { name: 'ci', repositoryId: '31337', idleMs: 15 * MINUTE, claimant },
      )
    // Ten minutes on, none has waited pool-idle: nothing stopped.
    expect(await stopper(10 * MINUTE, 'idle-0')).toEqual({ stopped: [] })
    // An hour on, two steps look at once: pool ci's unclaimed sandboxes (any request's) stopped, each once.
    const [a, b] = await Promise.all([stopper(60 * MINUTE, 'idle-a'), stopper(60 * MINUTE, 'idle-b')])
    expect([...(a?.stopped ?? []), ...(b?.stopped ?? [])].sort()).toEqual([ids[1], ids[2]].sort())
    for (const id of [ids[1], ids[2]]) expect(emulator?.stopRequestsFor(id ?? '')).toHaveLength(1)
    // The claimed one, the run's own and another pool's: never sent a stop.
    for (const id of [ids[0], ids[3], ids[4]]) expect(emulator?.stopRequestsFor(id ?? '')).toEqual([])
  })

  it('the refill: what the pool lacks of pool-size ready and unclaimed, never past the room; starting ones count', async () => {
    const { client, reach, ids } = await pool()
    expect(await claimSandbox(await reach(ids[0] ?? ''), ids[0] ?? '', 'job-x', { env: process.env })).toEqual({
      kind: 'won',
    })
    const log: string[] = []
    const deps = {
      ...partsOf(client, reach, (line) => log.push(line)),
      start: async (name: string) =>
        (await client.startSandbox({ name, spec, network_policy: policy, lifetime: { max_ttl_seconds: 3_600 } })).id,
    }
    // Ready and unclaimed: the second and the third (its name says this request; the record decides a claim, not
    // the count); the first is a job's. pool-size 3 lacks one.
    const first = await refill(deps, { name: 'ci', prefix, size: 3, room: 10 })
    expect(first).toMatchObject({ unclaimed: 2, starting: 0 })
    expect(first.started).toHaveLength(1)
    const started = await client.getSandbox(first.started[0] ?? '')
    expect((started as { name?: string }).name).toMatch(new RegExp(`^${prefix}[0-9a-f]{6}$`))
    // Again: the one it started counts (still starting, or ready and unclaimed), nothing more is started.
    const again = await refill(deps, { name: 'ci', prefix, size: 3, room: 10 })
    expect(again.started).toEqual([])
    expect(again.unclaimed + again.starting).toBe(3)
    // A larger pool-size than max-live leaves room for: the room bounds it, and the log says so.
    expect((await refill(deps, { name: 'ci', prefix, size: 6, room: 1 })).started).toHaveLength(1)
    expect(log.at(-1)).toMatch(/pool-size 6: started 1; max-live leaves room for 1\.$/)
  })
})
