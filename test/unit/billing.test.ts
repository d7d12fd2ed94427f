import { describe, expect, it } from 'vitest'
import {
  describeCreditAlert,
  addSpent,
  describeEstimate,
  NOTHING_SPENT,
  estimateHourlyCost,
  formatDollars,
  readBillingContext,
} from '../../src/sandbox/billing.ts'
import type { ComputeClient } from '../../src/client/client.ts'
import { boundedSummary, listWithLimit } from '../../src/step/summary.ts'

const CATALOG = {
  h100_x1_prototyping: 1.89,
  h100_x1_production: 2.49,
  h100_x4_production: 9.5,
  a100_x1_production: 1.05,
  additional_vcpus: 0.01,
  additional_memory_gib: 0.005,
  disk_gb: 0.0001,
  t4_x1_prototyping: 0.13,
}
const spec = { cpu: 8, memoryGib: 32, storageGib: 200, gpuType: undefined, gpuCount: 1 }

describe('estimateHourlyCost', () => {
  it('CPU only: vCPUs, memory and disk', () => {
    const estimate = estimateHourlyCost(CATALOG, spec)
    expect(estimate).toEqual({
      ok: true,
      dollarsPerHour: 8 * 0.01 + 32 * 0.005 + 200 * 0.0001,
      parts: [
        { key: 'additional_vcpus', quantity: 8, unitPrice: 0.01 },
        { key: 'additional_memory_gib', quantity: 32, unitPrice: 0.005 },
        { key: 'disk_gb', quantity: 200, unitPrice: 0.0001 },
      ],
      unpriced: [],
    })
  })

  it('a GPU per GPU at the x1 key, prototyping preferred; a whole-set key when the catalog has one', () => {
    const two = estimateHourlyCost(CATALOG, { ...spec, gpuType: 'H100', gpuCount: 2 })
    expect(two.ok && two.parts[0]).toEqual({ key: 'h100_x1_prototyping', quantity: 2, unitPrice: 1.89 })
    const four = estimateHourlyCost(CATALOG, { ...spec, gpuType: 'H100', gpuCount: 4 })
    expect(four.ok && four.parts[0]).toEqual({ key: 'h100_x4_production', quantity: 1, unitPrice: 9.5 })
    const a100 = estimateHourlyCost(CATALOG, { ...spec, gpuType: 'A100', gpuCount: 1 })
    expect(a100.ok && a100.parts[0]).toEqual({ key: 'a100_x1_production', quantity: 1, unitPrice: 1.05 })
  })

  it('only a missing GPU price is no estimate; other parts the catalog does not list are named as not priced', () => {
    expect(estimateHourlyCost({ additional_vcpus: 0.01 }, { ...spec, gpuType: 'A6000', gpuCount: 1 })).toEqual({
      ok: false,
      missing: ['a6000_x1_prototyping (or a6000_x1_…)'],
    })
    // The deployed catalog lists no memory price: the estimate goes on without it, and says so.
    const deployed = estimateHourlyCost(
      { h100_x1_prototyping: 1.89, additional_vcpus: 0.01, disk_gb: 0.0001 },
      {
        ...spec,
        gpuType: 'H100',
        gpuCount: 1,
      },
    )
    expect(deployed).toMatchObject({
      ok: true,
      dollarsPerHour: 1.89 + 0.08 + 0.02,
      unpriced: ['additional_memory_gib'],
    })
    expect(describeEstimate(deployed)).toBe(
      '~$1.99/hour (1 x h100_x1_prototyping $1.89 + 8 x additional_vcpus $0.01 + 200 x disk_gb $0.0001; not priced: additional_memory_gib)',
    )
    expect(describeEstimate(estimateHourlyCost({}, spec))).toBe(
      '~$0/hour (nothing priced; not priced: additional_vcpus, additional_memory_gib, disk_gb)',
    )
  })

  it('what this run spent: seconds not rounded to minutes, dollars unknown once a price is missing', () => {
    const one = addSpent(NOTHING_SPENT, 90_400, 3.6)
    expect(one).toEqual({ seconds: 90, dollars: 0.09 })
    expect(addSpent(one, 10_000, undefined)).toEqual({ seconds: 100, dollars: undefined })
    expect(addSpent({ seconds: 5, dollars: undefined }, 1_000, 1)).toEqual({ seconds: 6, dollars: undefined })
  })

  it('formats dollars and the credit alert', () => {
    expect(formatDollars(3)).toBe('$3.00')
    expect(formatDollars(0.01234)).toBe('$0.0123')
    expect(formatDollars(0.00015)).toBe('$0.00015')
    expect(formatDollars(0.062)).toBe('$0.062')
    expect(formatDollars(0.00003)).toBe('<$0.0001')
    expect(formatDollars(0)).toBe('$0')
    expect(describeCreditAlert(null)).toBe('none configured')
    expect(describeCreditAlert({ amount_cents: 5000, armed: true, created_at: 1 })).toBe('$50.00, armed')
    expect(describeCreditAlert({ amount_cents: 1999, armed: false, created_at: 1 })).toBe('$19.99, not armed')
  })
})

describe('summary size', () => {
  it('long lists are cut with a count', () => {
    expect(listWithLimit(['a', 'b'], 3)).toBe('a; b')
    expect(listWithLimit(['a', 'b', 'c', 'd', 'e'], 2)).toBe('a; b; … and 3 more')
  })

  it('a summary over the cap is cut, with a note, below the cap', () => {
    expect(boundedSummary('small')).toBe('small')
    const cut = boundedSummary('x'.repeat(200_000))
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(64 * 1024)
    expect(cut).toMatch(/summary cut to stay small/)
  })
})

describe('readBillingContext', () => {
  const failing = {
    getPricing: async () => Promise.reject(new Error('pricing down')),
    getCreditAlert: async () => Promise.reject(new Error('alert down')),
  } as unknown as ComputeClient

  it('never rejects: failures become warnings and "unavailable" lines', async () => {
    const warnings: string[] = []
    const context = await readBillingContext(failing, spec, (m) => warnings.push(m), new AbortController().signal)
    expect(context).toEqual({
      cost: 'no estimate (pricing unavailable)',
      dollarsPerHour: undefined,
      creditAlert: 'unavailable',
    })
    expect(warnings).toEqual([
      'Could not read pricing for the cost estimate; the sandbox is not affected. pricing down',
      'Could not read the credit alert; the sandbox is not affected. alert down',
    ])
  })

  it('says nothing once the step is cancelled', async () => {
    const controller = new AbortController()
    controller.abort(new Error('cancelled by SIGINT'))
    const warnings: string[] = []
    await readBillingContext(failing, spec, (m) => warnings.push(m), controller.signal)
    expect(warnings).toEqual([])
  })
})
