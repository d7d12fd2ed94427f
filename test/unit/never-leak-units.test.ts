/** The small modules behind issue 11: status vocabulary, output budgets, duration bounds. */
import { describe, expect, it } from 'vitest'
import { duration, DURATION_BOUNDS, formatBound } from '../../src/inputs/durations.ts'
import { fitJson, OUTPUT_BUDGET_BYTES, setJsonOutput, setTextOutput } from '../../src/step/outputs.ts'
import {
  isEnded,
  isFailed,
  isNotLive,
  isReady,
  isSettled,
  isStoppingOrEnded,
  mayHoldName,
} from '../../src/sandbox/status.ts'
import { recordingCore } from '../harness/fakes.ts'

describe('sandbox status vocabulary (both generations)', () => {
  it.each([
    // status, ready, settled, ended, not live, may hold its name
    ['running', true, true, false, false, true],
    ['ready', true, true, false, false, true],
    ['READY', true, true, false, false, true],
    ['failed', false, true, false, true, true],
    ['pending', false, false, false, false, true],
    ['created', false, false, false, false, true],
    ['stopping', false, false, false, true, true],
    ['stopped', false, false, true, true, false],
    ['finished', false, false, true, true, false],
    ['something-new', false, false, false, false, true],
  ])('%s', (status, ready, settled, ended, notLive, holdsName) => {
    expect([isReady(status), isSettled(status), isEnded(status), isNotLive(status), mayHoldName(status)]).toEqual([
      ready,
      settled,
      ended,
      notLive,
      holdsName,
    ])
  })

  it('an unknown or missing status is never ended (a repeated stop is safe; a missed one costs money)', () => {
    expect([isEnded(undefined), isStoppingOrEnded(undefined), isFailed(undefined), mayHoldName(undefined)]).toEqual([
      false,
      false,
      false,
      true,
    ])
  })
})

describe('outputs cut to fit', () => {
  it('a record within its share is passed on exactly', () => {
    const record = { id: 'sbx-1', status: 'running', nested: { a: [1, 2] } }
    expect(fitJson(record, 1024)).toEqual({
      json: JSON.stringify(record),
      cut: false,
      originalBytes: JSON.stringify(record).length,
    })
  })

  it('a longer record keeps the fields that fit in order, shortens long strings, and lists what it dropped', () => {
    const record = {
      id: 'sbx-1',
      status: 'running',
      log: 'y'.repeat(5_000),
      big: { blob: 'z'.repeat(50_000) },
      zone: 'eu',
    }
    const fitted = fitJson(record, 20_000)
    expect(fitted.cut).toBe(true)
    expect(Buffer.byteLength(fitted.json)).toBeLessThanOrEqual(20_000)
    const parsed = JSON.parse(fitted.json)
    expect(parsed).toMatchObject({ id: 'sbx-1', status: 'running', zone: 'eu' })
    expect(parsed.log).toBe(`${'y'.repeat(1024)}…`)
    expect(parsed.big).toBeUndefined()
    expect(parsed._truncated).toEqual({
      original_bytes: Buffer.byteLength(JSON.stringify(record)),
      limit_bytes: 20_000,
      reason: "cut to fit GitHub's 1 MiB limit for a step's outputs",
      dropped: ['big'],
      dropped_count: 1,
    })
  })

  it('a record of very many fields stays within its share, naming at most 50 dropped fields', () => {
    const record = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`field_${i}`, 'v'.repeat(40)]))
    const fitted = fitJson(record, 64 * 1024)
    expect(Buffer.byteLength(fitted.json)).toBeLessThanOrEqual(64 * 1024)
    const note = JSON.parse(fitted.json)._truncated
    expect(note.dropped).toHaveLength(50)
    expect(note.dropped_count).toBeGreaterThan(18_000)
  })

  it('setJsonOutput warns when it cut; setTextOutput shortens a long service string', () => {
    const core = recordingCore()
    setJsonOutput(core, 'network-policy', {
      internet_access: 'open',
      domain_allowlist: Array.from({ length: 20_000 }, (_, i) => `d${i}.example.com`),
    })
    expect(Buffer.byteLength(core.outputs['network-policy'] ?? '')).toBeLessThanOrEqual(
      OUTPUT_BUDGET_BYTES['network-policy'],
    )
    expect(core.annotations.map((a) => a.level)).toEqual(['warning'])
    setTextOutput(core, 'status', 's'.repeat(10_000))
    expect(Buffer.byteLength(core.outputs.status ?? '')).toBeLessThanOrEqual(OUTPUT_BUDGET_BYTES.text + 3)
  })

  it('the shares of the JSON outputs leave room for the others under 1 MiB', () => {
    expect(
      OUTPUT_BUDGET_BYTES.sandbox + OUTPUT_BUDGET_BYTES['network-policy'] + 16 * OUTPUT_BUDGET_BYTES.text,
    ).toBeLessThan(1024 * 1024)
  })
})

describe('duration bounds', () => {
  it('every duration the action waits on is bounded far inside what setTimeout can hold', () => {
    // max-ttl and max-grace are only sent to the service; they have bounds too, but never become a timer.
    for (const name of ['timeout', 'poll-interval', 'capacity-timeout'] as const)
      expect(DURATION_BOUNDS[name].maxSeconds * 1000).toBeLessThan(2 ** 31 - 1)
    for (const bounds of Object.values(DURATION_BOUNDS)) expect(Number.isFinite(bounds.maxSeconds)).toBe(true)
  })

  it.each([
    ['timeout', '24h', 86_400],
    ['timeout', '1s', 1],
    ['poll-interval', '10m', 600],
    ['capacity-timeout', '0', 0],
    ['max-ttl', '720h', 2_592_000],
  ] as const)('%s accepts %s', (name, raw, seconds) => {
    expect(duration(DURATION_BOUNDS[name]).parse(raw)).toBe(seconds)
  })

  it.each([
    ['timeout', '24h1s', /must be at most 24h \(86400s\), got '24h1s'/],
    ['poll-interval', '601', /must be at most 10m \(600s\)/],
    ['timeout', '0', /must be at least 1s/],
    ['timeout', '99999999999999999999h', /must be at most 24h/],
  ] as const)('%s refuses %s', (name, raw, message) => {
    const result = duration(DURATION_BOUNDS[name]).safeParse(raw)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toMatch(message)
  })

  it('formats bounds in the largest whole unit', () => {
    expect([formatBound(86_400), formatBound(600), formatBound(90), formatBound(2_592_000)]).toEqual([
      '24h',
      '10m',
      '90s',
      '720h',
    ])
  })
})

describe('image', () => {
  it('one line of at most 256 visible characters, sent as is', async () => {
    const { imageId } = await import('../../src/inputs/image.ts')
    expect(imageId.parse(' img-cuda12 py3.12 ')).toBe('img-cuda12 py3.12')
    expect(imageId.parse('é'.repeat(256))).toBe('é'.repeat(256))
    for (const bad of ['a\nb', 'x'.repeat(257), 'a\u200bb', 'tab\there']) {
      expect(imageId.safeParse(bad).error?.issues[0]?.message).toMatch(/one line of at most 256 visible characters/)
    }
  })
})
