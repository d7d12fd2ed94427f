/** The warm pool's names and request digest (src/pool/names.ts, issue 55's first part). */
import { describe, expect, it } from 'vitest'
import { parsePoolName, POOL_NAME, poolPrefix, poolSandboxName, requestDigest } from '../../src/pool/names.ts'

const request = {
  cpu: 8,
  memoryGib: 32,
  storageGib: 100,
  gpuTypes: ['H100', 'A100'],
  gpuCount: 1,
  domain: 'branches' as const,
}

describe('pool names', () => {
  it('a pool name is lower-case letters, digits and -, at most 20, not starting or ending with -', () => {
    for (const good of ['ci', 'a', 'gpu-tests-2', 'x'.repeat(20)]) expect(POOL_NAME.test(good), good).toBe(true)
    for (const bad of ['', 'CI', '-ci', 'ci-', 'c_i', 'x'.repeat(21), 'ci pool', 'ci/x'])
      expect(POOL_NAME.test(bad), bad).toBe(false)
  })

  it('the digest follows the request, not the order its fields were written in, and never the env values', () => {
    const digest = requestDigest(request)
    expect(digest).toMatch(/^[0-9a-f]{8}$/)
    const reordered = {
      domain: 'branches' as const,
      gpuCount: 1,
      gpuTypes: ['H100', 'A100'],
      storageGib: 100,
      memoryGib: 32,
      cpu: 8,
    }
    expect(requestDigest(reordered)).toBe(digest)
    // Another GPU order is another request (a fallback list's order is what it asks for).
    expect(requestDigest({ ...request, gpuTypes: ['A100', 'H100'] })).not.toBe(digest)
    expect(requestDigest({ ...request, image: 'img-1' })).not.toBe(digest)
    expect(requestDigest({ ...request, networkPolicy: { egress: 'closed' } })).not.toBe(digest)
    expect(requestDigest({ ...request, envDigest: 'abc' })).not.toBe(requestDigest({ ...request, envDigest: 'abd' }))
    expect(requestDigest({ ...request, image: undefined })).toBe(digest)
  })

  it("a pull request's and a branch's requests never share a digest, nor one from before trust domains", () => {
    const branches = requestDigest(request)
    const pullRequests = requestDigest({ ...request, domain: 'pull-requests' })
    expect(pullRequests).not.toBe(branches)
    // A name started before this change digested the request alone: neither domain's prefix lists it.
    const { domain: _none, ...before } = request
    const old = requestDigest(before as unknown as typeof request)
    expect([branches, pullRequests]).not.toContain(old)
  })

  it('a pool sandbox is named gp-<repository id>-<pool>-<8 hex>-<6 hex>, within the service 63 characters', () => {
    const prefix = poolPrefix('123456789012', 'x'.repeat(20), 'deadbeef')
    const name = poolSandboxName(prefix, () => 0.5)
    expect(name).toBe(`gp-123456789012-${'x'.repeat(20)}-deadbeef-800000`)
    expect(name.length).toBeLessThanOrEqual(63)
    expect(parsePoolName(name)).toEqual({
      repositoryId: '123456789012',
      pool: 'x'.repeat(20),
      digest: 'deadbeef',
      suffix: '800000',
    })
    expect(parsePoolName(poolSandboxName(poolPrefix('7', 'gpu-ci-2', 'deadbeef'), () => 0))).toMatchObject({
      pool: 'gpu-ci-2',
      suffix: '000000',
    })
  })

  it("a run's name, a hand-made one or a near miss is not a pool sandbox's", () => {
    for (const name of ['gh-1-2-3-abcdef', 'gp-1-ci-deadbeef', 'gp-x-ci-deadbeef-abcdef', 'gp-1--deadbeef-abcdef'])
      expect(parsePoolName(name), name).toBeUndefined()
    // Pool 'ci-deadbeef': its names start as pool 'ci''s with digest deadbeef do; the parse tells them apart.
    expect(parsePoolName('gp-1-ci-deadbeef-0badcafe-00000d')).toMatchObject({ pool: 'ci-deadbeef', digest: '0badcafe' })
    expect(() => poolPrefix('12a', 'ci', 'deadbeef')).toThrow(/repository id/)
    expect(() => poolPrefix('12', 'CI', 'deadbeef')).toThrow(/pool name/)
    expect(() => poolPrefix('12', 'ci', 'xyz')).toThrow(/digest/)
  })
})
