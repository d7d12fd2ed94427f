/**
 * The spending caps (issue 31): parsed as inputs, then applied against the
 * emulator's pricing catalog before any start.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { ComputeClient } from '../../src/client/client.ts'
import type { StartConfig } from '../../src/inputs/config.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { applySpendingCaps } from '../../src/sandbox/caps.ts'
import { buildStartRequest } from '../../src/sandbox/start.ts'
import type { StepDeps } from '../../src/step/deps.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

let emulator: Emulator | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

const JOB = { repository: { owner: 'octo', repo: 'repo' } } as never
const config = (inputs: Record<string, string>) =>
  parseInputs((name) => ({ 'api-token': 'emulator-token-0123456789abcdef', ...inputs })[name] ?? '', JOB) as StartConfig

async function deps(pricing?: Record<string, number>): Promise<StepDeps> {
  emulator = new Emulator({ pricing })
  const baseUrl = await emulator.start()
  const client = new ComputeClient({ baseUrl, apiToken: emulator.token, requestTimeoutMs: 5_000 })
  return { core: recordingCore(), clock: new FakeClock(), signal: new AbortController().signal, client, env: {} }
}

describe('spending caps as inputs', () => {
  it('dollars with or without $, GiB; bad values and conflicts are input errors naming the input', () => {
    expect(
      config({ 'max-cost': '$2.50', 'max-hourly-price': '1', 'gpu-type': 'A100', 'min-gpu-memory': '40' }).caps,
    ).toEqual({
      maxCostDollars: 2.5,
      maxHourlyDollars: 1,
      minGpuMemoryGib: 40,
    })
    expect(() => config({ 'max-cost': '0' })).toThrow(
      "Input 'max-cost': must be dollars greater than 0 (e.g. 2.50), got '0'",
    )
    expect(() => config({ 'max-hourly-price': 'cheap' })).toThrow(
      "Input 'max-hourly-price': must be dollars greater than 0",
    )
    expect(() => config({ 'min-gpu-memory': '40' })).toThrow("Input 'min-gpu-memory': is set but 'gpu-type' is empty")
    expect(() => config({ 'max-cost': '3', 'enforce-ttl': 'false' })).toThrow(
      "Input 'max-cost': needs enforce-ttl: true",
    )
  })
})

describe('spending caps against the pricing catalog', () => {
  it('no cap: no request, the config as it was', async () => {
    const d = await deps()
    const requested = config({ 'gpu-type': 'H100' })
    expect(await applySpendingCaps(requested, d)).toEqual({ config: requested, lines: [] })
    expect(emulator?.requests).toEqual([])
  })

  it('max-cost: each type starts with the exact seconds the budget buys at its price, at most max-ttl', async () => {
    const d = await deps()
    // H100 x1 + 4 vCPU + 16 GiB + 100 GiB: 1.89 + 0.038 + 0.056 + 0.015 = $1.999/hour; A100: $0.889/hour.
    const { config: capped, lines } = await applySpendingCaps(
      config({ 'gpu-type': 'H100, A100', 'max-cost': '1', 'max-ttl': '1h' }),
      d,
    )
    expect(capped.gpuTypes).toEqual(['H100', 'A100'])
    expect(buildStartRequest(capped, 'H100').lifetime).toEqual({
      enforce_ttl: true,
      max_ttl_seconds: Math.floor(3600 / 1.999),
    })
    expect(buildStartRequest(capped, 'A100').lifetime.max_ttl_seconds).toBe(3600)
    expect(lines).toEqual([
      'max-cost $1.00: H100 at $2.00/hour gets an enforced TTL of 30m',
      'max-cost $1.00: A100 at $0.889/hour gets an enforced TTL of 1h',
    ])
    expect(emulator?.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /pricing'])
  })

  it('max-hourly-price drops the types above it, and says so once with their prices; none left is an input error', async () => {
    const d = await deps()
    const { config: capped, lines } = await applySpendingCaps(
      config({ 'gpu-type': 'H100, A100, A6000', 'max-hourly-price': '1' }),
      d,
    )
    expect(capped.gpuTypes).toEqual(['A100', 'A6000'])
    expect(lines).toEqual(['max-hourly-price $1.00: dropped H100 ($2.00/hour)'])
    await expect(applySpendingCaps(config({ 'gpu-type': 'H100', 'max-hourly-price': '0.5' }), d)).rejects.toThrow(
      "Input 'max-hourly-price': leaves no GPU type to start: H100 ($2.00/hour). Nothing was started.",
    )
  })

  it('min-gpu-memory keeps the types with that much per GPU; an A100 counts 80 GiB only when the catalog names one', async () => {
    let d = await deps()
    const wanted = config({ 'gpu-type': 'A6000, A100, H100', 'min-gpu-memory': '64' })
    expect((await applySpendingCaps(wanted, d)).config.gpuTypes).toEqual(['H100'])
    await emulator?.close()
    d = await deps({
      a100xl_x1_prototyping: 1.05,
      h100_x1_prototyping: 1.89,
      a6000_x1_prototyping: 0.27,
      additional_vcpus: 0,
      additional_memory_gib: 0,
      disk_gb: 0,
    })
    expect((await applySpendingCaps(wanted, d)).config.gpuTypes).toEqual(['A100', 'H100'])
  })

  it('a budget that buys under 5 minutes, or a type the catalog does not price, leaves the list', async () => {
    const d = await deps({
      h100_x1_prototyping: 1.89,
      additional_vcpus: 0.0095,
      additional_memory_gib: 0.0035,
      disk_gb: 0.00015,
    })
    await expect(applySpendingCaps(config({ 'gpu-type': 'H100, A6000', 'max-cost': '0.1' }), d)).rejects.toThrow(
      "Input 'max-cost': leaves no GPU type to start: H100 (buys 3m, under 5m), A6000 (not in the pricing catalog).",
    )
  })

  it('a catalog that cannot be read refuses, naming the cap: a cap that cannot be checked never passes', async () => {
    const d = await deps()
    emulator?.addFault({ route: 'GET /pricing', fault: 500 })
    await expect(applySpendingCaps(config({ 'max-cost': '1' }), d)).rejects.toThrow(
      /^Input 'max-cost': cannot be checked: the pricing catalog \(GET \/pricing\) could not be read/,
    )
  })
})
