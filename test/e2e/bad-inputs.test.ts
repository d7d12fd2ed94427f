/**
 * Bad input costs nothing: each case runs the bundled main step against the
 * emulator, fails naming the input, and the emulator receives zero requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { commands, runStep } from '../../scripts/lib/action-runner.ts'

let emulator: Emulator
let baseUrl: string
beforeAll(async () => {
  emulator = new Emulator()
  baseUrl = await emulator.start()
})
afterAll(async () => emulator.close())

const ID = 'sbx-0123456789abcdef'
const cases: [string, Record<string, string>, string, RegExp][] = [
  ['cpu zero', { cpu: '0' }, 'cpu', /whole number from 1/],
  ['cpu not a number', { cpu: 'four' }, 'cpu', /whole number/],
  ['cpu fraction', { cpu: '1.5' }, 'cpu', /whole number/],
  ['cpu negative', { cpu: '-2' }, 'cpu', /whole number/],
  ['cpu too large', { cpu: '4294967296' }, 'cpu', /whole number from 1 to/],
  ['memory zero', { memory: '0' }, 'memory', /whole number/],
  ['memory with unit', { memory: '16GiB' }, 'memory', /whole number/],
  ['storage not a number', { storage: 'lots' }, 'storage', /whole number/],
  ['unknown GPU type', { 'gpu-type': 'V100' }, 'gpu-type', /allowed: A6000, A100, H100/],
  ['unknown GPU in a list', { 'gpu-type': 'H100, T4' }, 'gpu-type', /unknown GPU type 'T4'/],
  ['GPU listed twice', { 'gpu-type': 'a100,A100' }, 'gpu-type', /listed twice/],
  ['gpu-count without gpu-type', { 'gpu-count': '2' }, 'gpu-count', /gpu-type' is empty/],
  ['gpu-count zero', { 'gpu-type': 'H100', 'gpu-count': '0' }, 'gpu-count', /whole number/],
  ['capacity-timeout words', { 'capacity-timeout': 'five minutes' }, 'capacity-timeout', /duration/],
  ['max-ttl days', { 'max-ttl': '1d' }, 'max-ttl', /duration such as 90, 90s, 15m, 2h or 1h30m/],
  ['max-ttl zero', { 'max-ttl': '0' }, 'max-ttl', /at least 1s/],
  ['max-grace milliseconds', { 'max-grace': '500ms' }, 'max-grace', /duration/],
  ['timeout negative', { timeout: '-1m' }, 'timeout', /duration/],
  ['timeout zero', { timeout: '0' }, 'timeout', /at least 1s/],
  ['poll-interval fraction', { 'poll-interval': '0.5s' }, 'poll-interval', /duration/],
  // Past setTimeout's ~24.8 days a timer fires at once: every duration is bounded, and the message names the bound.
  [
    'poll-interval beyond its bound',
    { 'poll-interval': '999h' },
    'poll-interval',
    /must be at most 10m \(600s\), got '999h'/,
  ],
  [
    'timeout far beyond its bound',
    { timeout: '999999999h' },
    'timeout',
    /must be at most 24h \(86400s\), got '999999999h'/,
  ],
  ['capacity-timeout beyond its bound', { 'capacity-timeout': '25h' }, 'capacity-timeout', /must be at most 24h/],
  ['max-ttl beyond its bound', { 'max-ttl': '721h' }, 'max-ttl', /must be at most 720h \(2592000s\)/],
  ['max-grace beyond its bound', { 'max-grace': '90000' }, 'max-grace', /must be at most 24h/],
  ['internet-access unknown', { 'internet-access': 'some' }, 'internet-access', /closed, open, restricted/],
  ['CIDR without prefix', { 'cidr-allowlist': '10.1.2.3' }, 'cidr-allowlist', /not a CIDR range/],
  ['CIDR prefix too long', { 'cidr-allowlist': '10.0.0.0/33' }, 'cidr-allowlist', /not a CIDR/],
  ['CIDR bad octet', { 'cidr-allowlist': '10.0.0.256/24' }, 'cidr-allowlist', /not a CIDR/],
  ['CIDR IPv6 prefix too long', { 'cidr-allowlist': 'fd00::/129' }, 'cidr-allowlist', /not a CIDR/],
  ['CIDR hostname', { 'cidr-allowlist': 'github.com/24' }, 'cidr-allowlist', /not a CIDR/],
  ['domain single label', { 'domain-allowlist': 'intranet' }, 'domain-allowlist', /not a domain name/],
  ['domain with space', { 'domain-allowlist': 'exa mple.com' }, 'domain-allowlist', /not a domain/],
  ['domain double wildcard', { 'domain-allowlist': '*.*.example.com' }, 'domain-allowlist', /not a domain/],
  ['domain is an IP', { 'domain-allowlist': '10.0.0.1' }, 'domain-allowlist', /not a domain/],
  ['domain with scheme', { 'domain-allowlist': 'https://example.com' }, 'domain-allowlist', /not a domain/],
  ['env line without =', { env: 'A=1\nJUSTAKEY' }, 'env', /line 2 has no '='/],
  ['env invalid key', { env: '1ABC=x' }, 'env', /invalid key/],
  ['env duplicate key', { env: 'A=1\nA=2' }, 'env', /set twice/],
  ['enforce-ttl not boolean', { 'enforce-ttl': 'yes' }, 'enforce-ttl', /'true' or 'false'/],
  ['wait not boolean', { wait: 'no' }, 'wait', /'true' or 'false'/],
  ['replace-existing not boolean', { 'replace-existing': '1' }, 'replace-existing', /'true' or 'false'/],
  ['keep-alive not boolean', { 'keep-alive': 'always' }, 'keep-alive', /'true' or 'false'/],
  ['dry-run not boolean', { 'dry-run': 'please' }, 'dry-run', /'true' or 'false'/],
  ['name upper case', { name: 'My-Sandbox' }, 'name', /lower-case letters/],
  ['name too long', { name: 'x'.repeat(64) }, 'name', /1 to 63/],
  ['name ends with -', { name: 'box-' }, 'name', /ending with a letter or digit/],
  ['sandbox-id in start mode', { 'sandbox-id': ID }, 'sandbox-id', /did you mean mode: stop/],
  ['unknown mode', { mode: 'destroy' }, 'mode', /start, stop, network-policy, instance/],
  ['http to a remote host', { 'base-url': 'http://api.example.com/v1' }, 'base-url', /must use https/],
  ['http to a private address', { 'base-url': 'http://192.168.1.10:8443/v1' }, 'base-url', /loopback/],
  ['base-url not a URL', { 'base-url': 'api.example.com' }, 'base-url', /absolute URL/],
  ['base-url with credentials', { 'base-url': 'https://u:p@api.example.com/v1' }, 'base-url', /credentials/],
  ['stop without sandbox-id', { mode: 'stop' }, 'sandbox-id', /is required in this mode/],
  ['stop with a bad sandbox-id', { mode: 'stop', 'sandbox-id': 'sbx-123' }, 'sandbox-id', /must match/],
  ['stop with a path in sandbox-id', { mode: 'stop', 'sandbox-id': `${ID}/../x` }, 'sandbox-id', /must match/],
  [
    'network-policy without sandbox-id',
    { mode: 'network-policy', 'internet-access': 'closed' },
    'sandbox-id',
    /required/,
  ],
  [
    'network-policy bad CIDR',
    { mode: 'network-policy', 'sandbox-id': ID, 'cidr-allowlist': 'x/1' },
    'cidr-allowlist',
    /not a CIDR/,
  ],
  ['instance-config not JSON', { mode: 'instance', 'instance-config': '{nope' }, 'instance-config', /not valid JSON/],
  ['instance-config an array', { mode: 'instance', 'instance-config': '[]' }, 'instance-config', /JSON object/],
  ['public-key not a key', { mode: 'instance', 'public-key': 'hello' }, 'public-key', /OpenSSH public key/],
  [
    'api-token with a newline',
    { 'api-token': 'abc\ndef' },
    'api-token',
    /whitespace, control, zero-width or non-ASCII characters/,
  ],
]

describe('bad inputs', () => {
  it('the table has at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40)
  })

  it.each(cases)('%s', async (_title, overrides, input, message) => {
    const before = emulator.requests.length
    const run = await runStep('main', { inputs: { 'api-token': emulator.token, 'base-url': baseUrl, ...overrides } })
    expect(run.exitCode).toBe(1)
    const errors = commands(run, 'error')
    const named = errors.find((e) => e.startsWith(`Input '${input}': `))
    expect(named, errors.join('\n')).toMatch(message)
    expect(errors.at(-1)).toMatch(/invalid inputs?; nothing was sent to the service\.$/)
    expect(run.outputs).toEqual({})
    expect(emulator.requests.length - before).toBe(0)
  })

  it('the api-token missing entirely is an input error too', async () => {
    const run = await runStep('main', { inputs: { 'base-url': baseUrl } })
    expect(run.exitCode).toBe(1)
    expect(commands(run, 'error')[0]).toMatch(/^Input 'api-token': is required/)
  })

  it('no case reached the emulator', () => {
    expect(emulator.requests).toEqual([])
  })
})
