/**
 * A preparation that cannot begin (its lock gets no SSH answer, over real OpenSSH to a port nothing listens on): the
 * preparer keeps the sandbox to try again when a look adds it again, held apart from its own step's idle rule
 * meanwhile, up to BEGIN_TRIES times; then it leaves it to pool-idle, with a line, and tries no more.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SandboxRecord } from '../../src/client/schemas.ts'
import type { IdleDeps } from '../../src/pool/idle.ts'
import { BEGIN_TRIES, Preparer, type PreparedConfig } from '../../src/pool/preparer.ts'
import { realClock } from '../../src/runtime/clock.ts'
import type { StepDeps } from '../../src/step/deps.ts'
import { ActionState } from '../../src/step/state.ts'
import { recordingCore } from '../harness/fakes.ts'
import { skipWithout } from '../harness/host.ts'

const canRun = !skipWithout('the preparer over a real ssh client', 'sshd')
const ID = 'sbx-0123456789abcdef'

function preparer() {
  const dir = mkdtempSync(join(tmpdir(), 'preparer-tries-'))
  const configPath = join(dir, 'ssh_config')
  // Port 1 on loopback: nothing listens, so every connection is refused at once.
  writeFileSync(configPath, 'Host pool-sandbox\n  HostName 127.0.0.1\n  Port 1\n  BatchMode yes\n  ConnectTimeout 5\n')
  const record = { id: ID, status: 'running', created_at: new Date().toISOString() } as SandboxRecord
  const lines: string[] = []
  const reads: string[] = []
  const pool = {
    clock: realClock,
    env: process.env,
    read: (id: string) => (reads.push(id), Promise.resolve(record)),
    reach: () => Promise.resolve({ configPath, alias: 'pool-sandbox' }),
    log: (line: string) => lines.push(line),
    stop: () => Promise.reject(new Error('nothing here is stopped')),
  } as unknown as IdleDeps
  const core = recordingCore()
  const deps = { core, clock: realClock, signal: new AbortController().signal } as unknown as StepDeps
  const config = {
    name: 'keeper',
    timeoutMs: 60_000,
    pool: { name: 'ci', prepare: { script: 'true', workspace: dir, upload: [] } },
  } as unknown as PreparedConfig
  return { prepare: new Preparer(config, deps, pool, new ActionState(core)), lines, reads }
}

describe.skipIf(!canRun)('a preparation that cannot begin', () => {
  it(`is tried again at each add, held from the idle rule, ${BEGIN_TRIES} times in all; then left to pool-idle`, async () => {
    const { prepare, lines, reads } = preparer()
    const unanswered = `Pool 'ci': ${ID} did not answer over SSH; a later look or keeper prepares it once it does.`
    for (let k = 1; k < BEGIN_TRIES; k++) {
      prepare.add(ID)
      await prepare.settle()
      expect(lines.filter((line) => line === unanswered)).toHaveLength(k)
      // Not done with: the next look's add tries again, and this step's idle rule leaves it meanwhile.
      expect(prepare.has(ID)).toBe(false)
      expect(prepare.mine).toEqual([ID])
      expect(prepare.done).toEqual([])
    }
    prepare.add(ID)
    await prepare.settle()
    expect(lines).toContain(
      `Pool 'ci': ${ID}: its preparation could not begin ${BEGIN_TRIES} times; left to pool-idle.`,
    )
    expect(prepare.mine).toEqual([])
    expect(prepare.done).toEqual([{ id: ID, kind: 'skipped', again: true }])
    expect(prepare.failuresInRow).toBe(0)
    // Done with: a later add asks nothing more.
    prepare.add(ID)
    await prepare.settle()
    expect(reads).toHaveLength(BEGIN_TRIES)
  })
})
