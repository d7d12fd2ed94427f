/** Mode `network-policy`: replace the outbound policy of a running sandbox and check what was accepted. */
import { retryUntil } from '../client/retry.ts'
import type { NetworkPolicy } from '../client/schemas.ts'
import type { NetworkPolicyConfig } from '../inputs/config.ts'
import { setJsonOutput } from '../step/outputs.ts'
import { markdownTable } from '../step/summary.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { opContext, type StepDeps } from '../step/deps.ts'

const POLICY_DEADLINE_MS = 2 * 60_000

/** `example.com` and `*.example.com` name the same entry (responses use the wildcard form). */
function domainKey(domain: string): string {
  return domain.toLowerCase().replace(/^\*\./, '').replace(/\.$/, '')
}

function setOf(values: string[] | undefined, key: (value: string) => string = (v) => v.toLowerCase()): Set<string> {
  return new Set((values ?? []).map(key))
}

/** Differences between the asked and the accepted policy, as sentences; empty when they agree. */
export function comparePolicies(asked: NetworkPolicy, accepted: NetworkPolicy): string[] {
  const differences: string[] = []
  if (asked.internet_access !== accepted.internet_access) {
    differences.push(`internet_access: asked '${asked.internet_access}', accepted '${accepted.internet_access}'`)
  }
  const lists: [string, Set<string>, Set<string>][] = [
    ['cidr_allowlist', setOf(asked.cidr_allowlist), setOf(accepted.cidr_allowlist)],
    ['domain_allowlist', setOf(asked.domain_allowlist, domainKey), setOf(accepted.domain_allowlist, domainKey)],
  ]
  for (const [field, want, got] of lists) {
    const missing = [...want].filter((entry) => !got.has(entry))
    const extra = [...got].filter((entry) => !want.has(entry))
    if (missing.length > 0) differences.push(`${field}: not accepted: ${missing.join(', ')}`)
    if (extra.length > 0) differences.push(`${field}: accepted but not asked: ${extra.join(', ')}`)
  }
  return differences
}

export async function runNetworkPolicy(config: NetworkPolicyConfig, deps: StepDeps): Promise<void> {
  const { core } = deps
  core.setOutput('sandbox-id', config.sandboxId)
  // Replacing the whole policy is idempotent, so every transient failure may be retried.
  const deadline = deps.clock.now() + POLICY_DEADLINE_MS
  const client = deps.client.withDeadline(deadline, deps.clock)
  const result = await retryUntil(opContext(deps), deadline, `network policy of ${config.sandboxId}`, () =>
    client.replaceNetworkPolicy(config.sandboxId, config.networkPolicy, deps.signal),
  )
  const accepted = result.network_policy as NetworkPolicy
  setJsonOutput(core, 'network-policy', accepted)
  const differences = comparePolicies(config.networkPolicy, accepted)
  for (const difference of differences)
    core.warning(`Network policy of ${config.sandboxId} differs from what was asked: ${serviceText(difference, 1_000)}`)
  core.info(`Network policy of ${config.sandboxId} replaced: internet_access ${accepted.internet_access}.`)
  await core.appendSummary(
    `### Network policy of ${config.sandboxId}\n\n${markdownTable([
      ['Internet access', accepted.internet_access],
      ['CIDR allowlist', (accepted.cidr_allowlist ?? []).join(', ') || 'none'],
      ['Domain allowlist', (accepted.domain_allowlist ?? []).join(', ') || 'none'],
    ])}`,
  )
}
