import { describe, expect, it } from 'vitest'
import type { InstanceConfig, NetworkPolicyConfig, StartConfig, StopConfig } from '../../src/inputs/config.ts'
import { parseDurationSeconds } from '../../src/inputs/durations.ts'
import { INPUT_DEFAULTS, INPUT_MODES, MODES } from '../../src/inputs/defaults.ts'
import { parseInputs } from '../../src/inputs/read.ts'
import { parseCleanupInputs } from '../../src/inputs/post.ts'
import { unusedInputWarnings } from '../../src/inputs/unused.ts'
import { generateSandboxName } from '../../src/inputs/default-name.ts'
import { inputErrors } from '../harness/input-errors.ts'

const TOKEN = 'tok-abc123'
const run = { repositoryId: '42', runId: '987', runAttempt: '2', randomHex: () => 'a1b2c3' }

function parse(inputs: Record<string, string>) {
  return parseInputs((name) => inputs[name] ?? '', run)
}
function start(inputs: Record<string, string> = {}): StartConfig {
  return parse({ 'api-token': TOKEN, ...inputs }) as StartConfig
}
const errorsOf = (inputs: Record<string, string>) => inputErrors(() => parse({ 'api-token': TOKEN, ...inputs }))

describe('start mode defaults', () => {
  it('fills every documented default', () => {
    const config = start()
    expect(config).toEqual({
      mode: 'start',
      apiToken: TOKEN,
      baseUrl: 'https://api.thundercompute.com:8443/v1',
      name: 'gh-42-987-2-a1b2c3',
      nameWasGenerated: true,
      cpu: 4,
      memoryGib: 16,
      storageGib: 100,
      gpuTypes: [],
      gpuCount: undefined,
      capacityTimeoutMs: 300_000,
      networkPolicy: { internet_access: 'open' },
      env: {},
      maxTtlSeconds: 21_600,
      enforceTtl: true,
      caps: {},
      maxGraceSeconds: undefined,
      wait: true,
      timeoutMs: 900_000,
      pollIntervalMs: 1_000,
      replaceExisting: false,
      keepAlive: false,
      dryRun: false,
      gpuReport: false,
    })
  })

  it('generates a valid name outside a runner', () => {
    expect(
      generateSandboxName({
        repositoryId: undefined,
        runId: undefined,
        runAttempt: undefined,
        randomHex: () => 'ffffff',
      }),
    ).toBe('local-ffffff')
    // A run without a repository id (or any part that is not a number) is not a workflow run's name: never swept.
    expect(
      generateSandboxName({ repositoryId: undefined, runId: '1', runAttempt: '1', randomHex: () => 'ffffff' }),
    ).toBe('local-ffffff')
    expect(generateSandboxName({ repositoryId: '9', runId: '1; rm', runAttempt: '1', randomHex: () => 'ffffff' })).toBe(
      'local-ffffff',
    )
    expect(generateSandboxName({ repositoryId: '9', runId: '1', runAttempt: '1' })).toMatch(/^gh-9-1-1-[0-9a-f]{6}$/)
    // A random source that is not 6 hex digits still gives a valid name.
    expect(generateSandboxName({ repositoryId: '9', runId: '1', runAttempt: '1', randomHex: () => 'XYZ' })).toMatch(
      /^local-[0-9a-f]{6}$/,
    )
  })
})

describe('start mode values', () => {
  it('parses resources, GPUs, policy, env and lifetime', () => {
    const config = start({
      name: 'my-box-1',
      cpu: '8',
      memory: '64',
      storage: '200',
      'gpu-type': 'h100, a100\nA6000',
      'gpu-count': '2',
      'capacity-timeout': '1h30m',
      'internet-access': 'Restricted',
      'cidr-allowlist': '10.0.0.0/8,\n2001:db8::/32',
      'domain-allowlist': 'Example.com, *.pypi.org',
      env: 'A=1\n\nB_2=x=y\n',
      'max-ttl': '90',
      'enforce-ttl': 'false',
      'max-grace': '30s',
      wait: 'False',
      timeout: '2h',
      'poll-interval': '5s',
      'replace-existing': 'true',
      'keep-alive': 'TRUE',
      'dry-run': 'true',
    })
    expect(config).toMatchObject({
      name: 'my-box-1',
      nameWasGenerated: false,
      cpu: 8,
      memoryGib: 64,
      storageGib: 200,
      gpuTypes: ['H100', 'A100', 'A6000'],
      gpuCount: 2,
      capacityTimeoutMs: 5_400_000,
      networkPolicy: {
        internet_access: 'restricted',
        cidr_allowlist: ['10.0.0.0/8', '2001:db8::/32'],
        domain_allowlist: ['example.com', '*.pypi.org'],
      },
      env: { A: '1', B_2: 'x=y' },
      maxTtlSeconds: 90,
      enforceTtl: false,
      maxGraceSeconds: 30,
      wait: false,
      timeoutMs: 7_200_000,
      pollIntervalMs: 5_000,
      replaceExisting: true,
      keepAlive: true,
      dryRun: true,
    })
  })

  it('defaults gpu-count to 1 when a gpu-type is set', () => {
    expect(start({ 'gpu-type': 'a6000' }).gpuCount).toBe(1)
  })

  it.each([
    ['90', 90],
    ['90s', 90],
    ['15m', 900],
    ['2h', 7200],
    ['1h30m', 5400],
    ['1h0m5s', 3605],
    [' 10m ', 600],
  ])('duration %s is %i seconds', (raw, seconds) => {
    expect(parseDurationSeconds(raw)).toBe(seconds)
  })

  it.each(['', '1d', '1.5h', '-5', 'm', '5 m', '1m1h', 'abc'])('duration %j is rejected', (raw) => {
    expect(parseDurationSeconds(raw)).toBeUndefined()
  })
})

describe('bad inputs name the input and what is allowed', () => {
  const cases: [Record<string, string>, string, RegExp][] = [
    [{ cpu: '0' }, 'cpu', /whole number from 1/],
    [{ cpu: 'four' }, 'cpu', /whole number >= 1/],
    [{ cpu: '2.5' }, 'cpu', /whole number/],
    [{ cpu: '-1' }, 'cpu', /whole number/],
    [{ cpu: '99999999999' }, 'cpu', /whole number from 1 to/],
    [{ memory: '0' }, 'memory', /whole number/],
    [{ storage: '1e3' }, 'storage', /whole number/],
    [{ 'gpu-type': 'V100' }, 'gpu-type', /unknown GPU type 'V100'; allowed: A6000, A100, H100/],
    [{ 'gpu-type': 'H100,h100' }, 'gpu-type', /listed twice/],
    [{ 'gpu-count': '2' }, 'gpu-count', /gpu-type' is empty/],
    [{ 'gpu-type': 'A100', 'gpu-count': '0' }, 'gpu-count', /whole number/],
    [{ 'capacity-timeout': '5 minutes' }, 'capacity-timeout', /duration such as/],
    [{ 'internet-access': 'partial' }, 'internet-access', /closed, open, restricted/],
    [{ 'internet-access': 'restricted', 'cidr-allowlist': '10.0.0.0' }, 'cidr-allowlist', /not a CIDR range/],
    [{ 'internet-access': 'restricted', 'cidr-allowlist': '10.0.0.0/33' }, 'cidr-allowlist', /not a CIDR/],
    [{ 'internet-access': 'restricted', 'cidr-allowlist': '300.1.1.1/8' }, 'cidr-allowlist', /not a CIDR/],
    [{ 'internet-access': 'restricted', 'cidr-allowlist': '2001:db8::/129' }, 'cidr-allowlist', /not a CIDR/],
    [{ 'internet-access': 'restricted', 'cidr-allowlist': 'example.com/8' }, 'cidr-allowlist', /not a CIDR/],
    [{ 'internet-access': 'restricted', 'domain-allowlist': 'localhost' }, 'domain-allowlist', /not a domain name/],
    [{ 'internet-access': 'restricted', 'domain-allowlist': 'exa mple.com' }, 'domain-allowlist', /not a domain/],
    [{ 'internet-access': 'restricted', 'domain-allowlist': '**.example.com' }, 'domain-allowlist', /not a domain/],
    [{ 'internet-access': 'restricted', 'domain-allowlist': '1.2.3.4' }, 'domain-allowlist', /not a domain/],
    [{ 'internet-access': 'restricted', 'domain-allowlist': '-bad.com' }, 'domain-allowlist', /not a domain/],
    [{ env: 'NOEQUALS' }, 'env', /line 1 has no '='/],
    [{ env: 'A=1\n1BAD=2' }, 'env', /line 2 has an invalid key/],
    [{ env: 'A=1\nA=2' }, 'env', /set twice/],
    [{ 'max-ttl': '0' }, 'max-ttl', /at least 1s/],
    [{ 'max-ttl': '6 hours' }, 'max-ttl', /duration/],
    [{ 'enforce-ttl': 'yes' }, 'enforce-ttl', /'true' or 'false'/],
    [{ 'max-grace': 'soon' }, 'max-grace', /duration/],
    [{ wait: '1' }, 'wait', /'true' or 'false'/],
    [{ timeout: '0s' }, 'timeout', /at least 1s/],
    [{ 'poll-interval': '500ms' }, 'poll-interval', /duration/],
    [{ 'replace-existing': 'on' }, 'replace-existing', /'true' or 'false'/],
    [{ 'keep-alive': 'maybe' }, 'keep-alive', /'true' or 'false'/],
    [{ 'dry-run': 'y' }, 'dry-run', /'true' or 'false'/],
    [{ name: 'My_Box' }, 'name', /lower-case letters, digits and '-'/],
    [{ name: '-box' }, 'name', /starting and ending/],
    [{ name: 'a'.repeat(64) }, 'name', /1 to 63/],
    [{ 'sandbox-id': 'sbx-0123456789abcdef' }, 'sandbox-id', /did you mean mode: stop/],
    [{ mode: 'restart' }, 'mode', /start, stop, network-policy, instance/],
    [{ 'base-url': 'http://api.example.com/v1' }, 'base-url', /must use https:\/\//],
    [{ 'base-url': 'ftp://127.0.0.1/v1' }, 'base-url', /must use https/],
    [{ 'base-url': 'not a url' }, 'base-url', /absolute URL/],
    [{ 'base-url': 'https://user:pw@api.example.com/v1' }, 'base-url', /credentials/],
    [{ 'base-url': 'http://10.0.0.1/v1' }, 'base-url', /loopback/],
    [{ 'base-url': 'http://127.example.com/v1' }, 'base-url', /https/],
  ]

  it.each(cases)('%j fails on %s', (inputs, input, message) => {
    const errors = errorsOf(inputs)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(new RegExp(`^Input '${input}': `))
    expect(errors[0]).toMatch(message)
  })

  it('reports every bad input at once', () => {
    const errors = errorsOf({ cpu: 'x', memory: '0', 'internet-access': 'maybe' })
    expect(errors.map((e) => /^Input '([^']+)'/.exec(e)?.[1]).sort()).toEqual(['cpu', 'internet-access', 'memory'])
  })

  it('requires api-token and never echoes a bad one', () => {
    expect(() => parse({})).toThrow(/Input 'api-token': is required/)
    try {
      parse({ 'api-token': 'secret part\nmore' })
      throw new Error('expected failure')
    } catch (error) {
      expect((error as Error).message).toMatch(/Input 'api-token': contains whitespace/)
      expect((error as Error).message).not.toContain('secret part')
    }
  })

  it('never echoes env values', () => {
    const [message] = errorsOf({ env: 'GOOD=fine\nhunter2-no-equals' })
    expect(message).not.toContain('hunter2')
  })
})

describe('base-url', () => {
  it.each([
    ['http://localhost:8080/v1', 'http://localhost:8080/v1'],
    ['http://127.0.0.1:1/v1/', 'http://127.0.0.1:1/v1'],
    ['http://127.1.2.3/v1', 'http://127.1.2.3/v1'],
    ['http://[::1]:9/v1', 'http://[::1]:9/v1'],
    ['https://api.example.com:8443/v1', 'https://api.example.com:8443/v1'],
  ])('accepts %s', (raw, normalised) => {
    expect(start({ 'base-url': raw }).baseUrl).toBe(normalised)
  })
})

describe('other modes', () => {
  it('stop needs a well-formed sandbox-id', () => {
    expect(parse({ 'api-token': TOKEN, mode: 'stop', 'sandbox-id': 'sbx-0123456789abcdef' })).toEqual<StopConfig>({
      mode: 'stop',
      apiToken: TOKEN,
      baseUrl: 'https://api.thundercompute.com:8443/v1',
      sandboxId: 'sbx-0123456789abcdef',
      runnerCleanup: undefined,
    })
    expect(errorsOf({ mode: 'stop' })).toEqual([expect.stringMatching(/^Input 'sandbox-id': is required in this mode/)])
    expect(errorsOf({ mode: 'stop', 'sandbox-id': '../../admin' })).toEqual([
      expect.stringMatching(/^Input 'sandbox-id': must match/),
    ])
    expect(errorsOf({ mode: 'stop', 'sandbox-id': 'sbx-0123456789ABCDEF' })).toHaveLength(1)
  })

  it('network-policy takes sandbox-id and the policy inputs', () => {
    const config = parse({
      'api-token': TOKEN,
      mode: 'network-policy',
      'sandbox-id': 'sbx-00000000000000ff',
      'internet-access': 'restricted',
      'domain-allowlist': 'github.com',
    }) as NetworkPolicyConfig
    expect(config.networkPolicy).toEqual({ internet_access: 'restricted', domain_allowlist: ['github.com'] })
    expect(
      errorsOf({
        mode: 'network-policy',
        'sandbox-id': 'sbx-00000000000000ff',
        'internet-access': 'restricted',
        'cidr-allowlist': 'x',
      }),
    ).toHaveLength(1)
  })

  it('network-policy needs internet-access: a policy is never opened by omission', () => {
    const errors = errorsOf({ mode: 'network-policy', 'sandbox-id': 'sbx-00000000000000ff' })
    expect(errors).toEqual([
      expect.stringMatching(
        /^Input 'internet-access': is required in mode 'network-policy': closed, open or restricted/,
      ),
    ])
  })

  it('start mode: empty internet-access means open', () => {
    const config = parse({ 'api-token': TOKEN }) as StartConfig
    expect(config.networkPolicy).toEqual({ internet_access: 'open' })
  })

  it.each([
    ['start', {}, "empty, which means 'open'"],
    ['start', { 'internet-access': 'closed' }, "'closed'"],
    ['network-policy', { 'internet-access': 'open', 'sandbox-id': 'sbx-00000000000000ff' }, "'open'"],
  ])('%s: an allowlist without restricted names both inputs (%j)', (mode, extra, shown) => {
    const errors = errorsOf({ mode, ...extra, 'cidr-allowlist': '10.0.0.0/8', 'domain-allowlist': 'pypi.org' })
    expect(errors).toEqual([
      `Input 'cidr-allowlist': is only used with 'internet-access: restricted', but 'internet-access' is ${shown}; set internet-access: restricted, or remove cidr-allowlist`,
      `Input 'domain-allowlist': is only used with 'internet-access: restricted', but 'internet-access' is ${shown}; set internet-access: restricted, or remove domain-allowlist`,
    ])
  })

  it('instance takes public-key and an instance-config object', () => {
    const config = parse({
      'api-token': TOKEN,
      mode: 'instance',
      'public-key': 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFoo me@host',
      'instance-config': '{"template": "base", "num_gpus": 1}',
    }) as InstanceConfig
    expect(config.publicKey).toBe('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFoo me@host')
    expect(config.instanceConfig).toEqual({ template: 'base', num_gpus: 1 })
    expect(errorsOf({ mode: 'instance', 'instance-config': '[1,2]' })).toEqual([
      expect.stringMatching(/^Input 'instance-config': must be a JSON object/),
    ])
    expect(errorsOf({ mode: 'instance', 'instance-config': '{bad' })).toEqual([expect.stringMatching(/not valid JSON/)])
    expect(errorsOf({ mode: 'instance', 'public-key': 'not a key' })).toEqual([
      expect.stringMatching(/^Input 'public-key'/),
    ])
  })

  it('the post step reads only what cleanup needs', () => {
    const inputs: Record<string, string> = {
      'api-token': TOKEN,
      cpu: 'garbage',
      'keep-alive': 'true',
      'runner-timeout': 'soon',
      'github-token': 'ghs_x',
    }
    const { runner, comment, debug, ...rest } = parseCleanupInputs((n) => inputs[n] ?? '')
    expect(rest).toEqual({
      apiToken: TOKEN,
      baseUrl: 'https://api.thundercompute.com:8443/v1',
      mode: 'start',
      keepAlive: true,
    })
    // Read only when a runner was registered; a bad runner-timeout falls back to 10m rather than block the stop.
    expect(runner()).toMatchObject({ githubToken: 'ghs_x', pickupTimeoutMs: 600_000 })
    // Read only when the main step wrote a comment; without comment: true there is none to write.
    expect(comment()).toBeUndefined()
    expect(debug()).toBeUndefined()
  })
})

describe('inputs of another mode: one warning each, never an error', () => {
  const defaults = Object.fromEntries(Object.entries(INPUT_DEFAULTS)) as Record<string, string>
  const reader = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? ''

  it('names the input and the mode, once per input, only when the value differs from the default', () => {
    const warnings = unusedInputWarnings(
      reader({ ...defaults, mode: 'stop', 'gpu-type': 'H100', cpu: '8', 'keep-alive': 'true' }),
      'stop',
    )
    expect(warnings).toEqual([
      "Input 'cpu' is not used in mode 'stop'; it is ignored (it is read in mode 'start', 'pool').",
      "Input 'gpu-type' is not used in mode 'stop'; it is ignored (it is read in mode 'start', 'pool').",
      "Input 'keep-alive' is not used in mode 'stop'; it is ignored (it is read in mode 'start', 'instance').",
    ])
  })

  it('says nothing for defaults the runner filled in, an expression default, or inputs the mode reads', () => {
    expect(unusedInputWarnings(reader({ ...defaults, 'github-token': 'ghs_x' }), 'start')).toEqual([])
    expect(unusedInputWarnings(reader({ ...defaults, 'github-token': 'ghs_x' }), 'instance')).toEqual([])
    expect(unusedInputWarnings(reader({}), 'sweep')).toEqual([])
    expect(
      unusedInputWarnings(
        reader({ 'internet-access': 'closed', 'sandbox-id': 'sbx-00000000000000ff' }),
        'network-policy',
      ),
    ).toEqual([])
  })

  it('start mode leaves sandbox-id to its own input error', () => {
    expect(unusedInputWarnings(reader({ 'sandbox-id': 'sbx-00000000000000ff' }), 'start')).toEqual([])
    expect(errorsOf({ 'sandbox-id': 'sbx-00000000000000ff' })[0]).toMatch(/did you mean mode: stop/)
  })

  it('every input has a mode list, and every listed mode exists', () => {
    expect(Object.keys(INPUT_MODES).sort()).toEqual(Object.keys(INPUT_DEFAULTS).sort())
    for (const modes of Object.values(INPUT_MODES))
      if (modes !== 'all') for (const mode of modes) expect(MODES).toContain(mode)
  })
})
