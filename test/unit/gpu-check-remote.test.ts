/**
 * The GPU check in process (issue 31), against the emulator with real
 * OpenSSH: three sandboxes that fail it are each stopped by the main step,
 * the step fails with what each showed, and the post step has nothing left.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import type { StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { runStart } from '../../src/start/main.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { recordingCore } from '../harness/fakes.ts'
import { canRun } from '../harness/ssh-job.ts'

let emulator: Emulator | undefined
let dir = ''
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
  rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(!canRun)('the GPU check, in process', () => {
  it('three that fail: each stopped by the main step, the step fails with the table, state says so', async () => {
    emulator = new Emulator({
      ssh: true,
      generation: 'current',
      provisioningMs: 100,
      capacity: { A100: 8 },
      gpuFaults: ['busy', 'fewer', 'old-driver'],
    })
    const baseUrl = await emulator.start()
    dir = mkdtempSync(join(tmpdir(), 'gpu-check-'))
    const inputs: Record<string, string> = {
      'api-token': emulator.token,
      'base-url': baseUrl,
      'gpu-type': 'A100',
      'min-driver': '535.104',
    }
    const job = { repositoryId: '7', runId: '1', runAttempt: '1' }
    const config = parseInputs((name) => inputs[name] ?? '', job) as StartConfig
    const core = recordingCore()
    const client = new ComputeClient({ baseUrl, apiToken: emulator.token, requestTimeoutMs: 10_000 })
    const env = {
      ...process.env,
      RUNNER_TEMP: dir,
      GITHUB_REPOSITORY_ID: '7',
      GITHUB_RUN_ID: '1',
      GITHUB_RUN_ATTEMPT: '1',
    }
    const signal = new AbortController().signal
    await expect(runStart(config, { core, client, clock: realClock, signal, env })).rejects.toThrow(
      /^GPU check: 3 sandboxes failed it and were stopped; none was used\./,
    )
    const ids = emulator.sandboxes.map((s) => s.id)
    expect(emulator.sandboxes.map((s) => s.status)).toEqual(['stopped', 'stopped', 'stopped'])
    expect(new Set(emulator.sandboxes.map((s) => s.name)).size).toBe(3)
    expect(core.state['stopped-by-main-step']).toBe(ids[2])
    expect(core.log.join('\n')).toMatch(/memory in use: 49152 of 81920 MiB/)
    expect(core.log.join('\n')).toMatch(/nvidia-smi failed \(exit 6\): No devices were found/)
    expect(core.log.join('\n')).toMatch(/driver 470\.57\.02 is older than min-driver 535\.104/)
    expect(core.summaries.join('')).toContain('| sandbox | started | nvidia-smi showed | verdict |')
    // Only the service's own routes: no start beyond the three, one stop each.
    expect(emulator.requestsTo('POST', '/sandboxes/start')).toHaveLength(3)
    for (const id of ids) expect(emulator.stopRequestsFor(id)).toHaveLength(1)
  })
})
