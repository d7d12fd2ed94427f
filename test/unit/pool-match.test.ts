/**
 * Whether a pool sandbox's record may be claimed for a job (src/pool/match.ts,
 * issue 55's first part): only a record that shows it is what the job asks
 * for; anything it does not show is a mismatch.
 */
import { describe, expect, it } from 'vitest'
import { mismatch, waitedMs, type ClaimRequest } from '../../src/pool/match.ts'

const NOW = Date.parse('2026-11-28T10:00:00Z')
const HOUR = 3_600_000

const request: ClaimRequest = {
  spec: { cpu_count: 8, memory_gib: 32, storage_gib: 100, gpu_count: 1 },
  gpuTypes: ['H100', 'A100'],
  network_policy: { internet_access: 'restricted', domain_allowlist: ['pypi.org'] },
  ttlMs: HOUR,
}

const record = (extra: Record<string, unknown> = {}) => ({
  id: 'sbx-0123456789abcdef',
  name: 'gp-1-ci-deadbeef-000001',
  status: 'ready',
  spec: { cpu_count: 8, memory_gib: 32, storage_gib: 100, gpu_count: 1, gpu_type: 'A100' },
  // The same policy, its keys in another order.
  network_policy: { domain_allowlist: ['pypi.org'], internet_access: 'restricted' },
  ssh: { host: '10.0.0.1', port: 22, user: 'ubuntu', host_key: 'ssh-ed25519 AAAA' },
  created_at: '2026-11-28T09:50:00Z',
  expires_at: '2026-11-28T12:00:00Z',
  ...extra,
})

describe('a pool sandbox that may be claimed', () => {
  it("matches the job's request: its GPU type any of gpu-type's, the policy in any key order", () => {
    expect(mismatch(record(), request, NOW)).toBeUndefined()
    expect(mismatch(record({ status: 'running' }), request, NOW)).toBeUndefined()
    // The service fills in the lists not asked for, empty; a list's order is not the policy.
    const filled = { internet_access: 'restricted', cidr_allowlist: [], domain_allowlist: ['pypi.org'], extra: null }
    expect(mismatch(record({ network_policy: filled }), request, NOW)).toBeUndefined()
    const two = { ...request, network_policy: { internet_access: 'restricted' as const, domain_allowlist: ['b', 'a'] } }
    expect(
      mismatch(record({ network_policy: { internet_access: 'restricted', domain_allowlist: ['a', 'b'] } }), two, NOW),
    ).toBeUndefined()
    expect(waitedMs(record(), NOW)).toBe(10 * 60_000)
  })

  it('each difference is named, and a field the record does not show is never taken for a match', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ status: 'provisioning' }, /'provisioning', not ready/],
      [{ ssh: undefined }, /no SSH address/],
      [{ spec: undefined }, /shows no spec/],
      [
        { spec: { cpu_count: 16, memory_gib: 32, storage_gib: 100, gpu_count: 1, gpu_type: 'A100' } },
        /cpu_count is 16, not 8/,
      ],
      [
        { spec: { cpu_count: 8, memory_gib: 32, storage_gib: 100, gpu_count: 2, gpu_type: 'A100' } },
        /gpu_count is 2, not 1/,
      ],
      [
        { spec: { cpu_count: 8, memory_gib: 32, storage_gib: 100, gpu_count: 1, gpu_type: 'A6000' } },
        /A6000 is not among H100, A100/,
      ],
      [{ spec: { cpu_count: 8, memory_gib: 32, storage_gib: 100, gpu_count: 1 } }, /undefined is not among/],
      [{ image_id: 'img-1' }, /another image/],
      [{ network_policy: { internet_access: 'open' } }, /network policy differs/],
      [{ network_policy: undefined }, /network policy differs/],
      [
        { network_policy: { internet_access: 'restricted', domain_allowlist: ['pypi.org', 'x.org'] } },
        /policy differs/,
      ],
      [{ network_policy: { internet_access: 'restricted', domain_allowlist: ['pypi.org'], ports: [22] } }, /differs/],
      [{ expires_at: undefined }, /no expires_at/],
      [{ expires_at: '2026-11-28T10:30:00Z' }, /TTL ends before/],
    ]
    for (const [extra, why] of cases) expect(mismatch(record(extra), request, NOW), JSON.stringify(extra)).toMatch(why)
    expect(waitedMs(record({ created_at: 'yesterday' }), NOW)).toBeUndefined()
  })

  it('a CPU job takes only a CPU sandbox; an image job only that image', () => {
    const cpu = { ...request, spec: { cpu_count: 8, memory_gib: 32, storage_gib: 100 }, gpuTypes: [] }
    expect(mismatch(record(), cpu, NOW)).toMatch(/gpu_count is 1, not 0/)
    expect(mismatch(record({ spec: { cpu_count: 8, memory_gib: 32, storage_gib: 100 } }), cpu, NOW)).toBeUndefined()
    expect(mismatch(record({ image_id: 'img-1' }), { ...request, image_id: 'img-1' }, NOW)).toBeUndefined()
    expect(mismatch(record(), { ...request, image_id: 'img-1' }, NOW)).toMatch(/another image/)
  })

  it('text from the record reaches the reason only through the sanitiser', () => {
    const hostile = record({ status: '::error::\u001b[31mowned\nnext' })
    const why = mismatch(hostile, request, NOW) ?? ''
    expect(why).not.toContain('\u001b')
    expect(why).not.toContain('\n')
    expect(why).not.toContain('::error::')
  })
})
