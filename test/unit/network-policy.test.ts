import { describe, expect, it } from 'vitest'
import { comparePolicies } from '../../src/modes/network-policy.ts'

describe('comparePolicies', () => {
  it('treats example.com and *.example.com as the same entry', () => {
    expect(
      comparePolicies(
        { internet_access: 'restricted', domain_allowlist: ['example.com', '*.pypi.org'] },
        { internet_access: 'restricted', domain_allowlist: ['*.example.com', 'pypi.org'] },
      ),
    ).toEqual([])
  })

  it('reports every other difference', () => {
    expect(
      comparePolicies(
        { internet_access: 'closed', cidr_allowlist: ['10.0.0.0/8'], domain_allowlist: ['a.com'] },
        { internet_access: 'open', cidr_allowlist: ['10.0.0.0/16'], domain_allowlist: ['*.a.com', '*.b.com'] },
      ),
    ).toEqual([
      "internet_access: asked 'closed', accepted 'open'",
      'cidr_allowlist: not accepted: 10.0.0.0/8',
      'cidr_allowlist: accepted but not asked: 10.0.0.0/16',
      'domain_allowlist: accepted but not asked: b.com',
    ])
  })
})
