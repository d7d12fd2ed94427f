/** The start and network-policy modes' outbound policy: internet-access and the two allowlists. */
import type { NetworkPolicy } from '../client/schemas.ts'
import type { Collector } from './collector.ts'
import * as field from './fields.ts'

/**
 * internet-access and the allowlists. Start mode: empty means open (the
 * contract's default). Network-policy mode replaces the whole policy, so it
 * must be given: a policy is never opened by omission. Allowlists mean
 * something only with restricted, so anything else with one is an error.
 */
export function parseNetworkPolicy(inputs: Collector, mode: 'start' | 'network-policy'): NetworkPolicy {
  let access: NetworkPolicy['internet_access'] | undefined
  if (inputs.isSet('internet-access')) access = inputs.parse('internet-access', field.internetAccess)
  else if (mode === 'start') access = 'open'
  else
    inputs.fail(
      'internet-access',
      "is required in mode 'network-policy': closed, open or restricted. " +
        "It replaces the sandbox's whole policy, so it is never opened by omission",
    )
  const cidrs = inputs.parse('cidr-allowlist', field.cidrList)
  const domains = inputs.parse('domain-allowlist', field.domainList)
  if (access !== undefined && access !== 'restricted') {
    const shown = inputs.isSet('internet-access') ? `'${access}'` : "empty, which means 'open'"
    for (const list of ['cidr-allowlist', 'domain-allowlist'] as const) {
      if (inputs.isSet(list))
        inputs.fail(
          list,
          `is only used with 'internet-access: restricted', but 'internet-access' ` +
            `is ${shown}; set internet-access: restricted, or remove ${list}`,
        )
    }
  }
  const policy: NetworkPolicy = { internet_access: access ?? 'closed' }
  if (cidrs && cidrs.length > 0) policy.cidr_allowlist = cidrs
  if (domains && domains.length > 0) policy.domain_allowlist = domains
  return policy
}
