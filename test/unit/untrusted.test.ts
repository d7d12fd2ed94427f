/** The one sanitising module: what service text may look like on its way to a log, an annotation or the summary. */
import { afterEach, describe, expect, it } from 'vitest'
import {
  forgetSecrets,
  registerSecret,
  safeLogText,
  scrubSecrets,
  serviceText,
  summaryText,
} from '../../src/runtime/untrusted.ts'
import { readRunnerLog } from '../harness/runner-log.ts'

afterEach(() => forgetSecrets())

const HOSTILE = [
  'prov\n::error::x',
  'prov\r\n::warning::x',
  'prov\r::set-output name=a::x',
  '   ::save-state name=a::x',
  '::stop-commands::tok',
  'x ##[stop-commands]tok',
  'x\u2028::error::x',
  'x\u0085::error::x',
]

describe('serviceText', () => {
  it.each(HOSTILE)('%j starts no command wherever it is printed', (text) => {
    const clean = serviceText(text)
    expect(clean).not.toMatch(/[\r\n\u2028\u2029\u0085]/)
    for (const line of [clean, `prefix ${clean}`]) expect(readRunnerLog(line).commands).toEqual([])
  })

  it('cuts to a few hundred characters', () => {
    expect([...serviceText('x'.repeat(1_000_000))]).toHaveLength(301)
    expect(serviceText('short')).toBe('short')
  })

  it('removes registered secrets, PEM blocks and key values', () => {
    registerSecret('tok-secret-123')
    expect(serviceText('Authorization: Bearer tok-secret-123')).toBe('Authorization: Bearer ***')
    expect(serviceText('k=-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----!')).toBe(
      'k=[private key removed]!',
    )
    expect(serviceText('cut -----BEGIN RSA PRIVATE KEY-----\nMIIE')).toBe('cut [private key removed]')
    expect(serviceText('{"key":"-x-","uuid":"u"}')).toBe('{"key":"***","uuid":"u"}')
    expect(scrubSecrets('b3BlbnNzaC1rZXktdjEAAAA= rest')).toBe('[private key removed] rest')
  })

  it('very short secrets are not registered (they would blank ordinary words)', () => {
    registerSecret('ab')
    expect(serviceText('abc')).toBe('abc')
  })

  it('turns other values into text', () => {
    expect([serviceText(undefined), serviceText(42), serviceText({ a: 1 })]).toEqual(['', '42', '{"a":1}'])
  })
})

describe('safeLogText', () => {
  it('keeps our own lines, defuses every one of them', () => {
    const text = safeLogText('line one\n::error::x\r::warning::y\r\nok ##[group]z')
    expect(text.split('\n')).toHaveLength(4)
    expect(readRunnerLog(text).commands).toEqual([])
  })
})

describe('summaryText', () => {
  it('escapes HTML and Markdown and keeps one cell', () => {
    expect(summaryText('<img src=x>')).toBe('&lt;img src=x&gt;')
    expect(summaryText('[a](javascript:x) `c` *b* a|b $1 $2')).toBe(
      '\\[a\\](javascript:x) \\`c\\` \\*b\\* a\\|b \\$1 \\$2',
    )
    expect(summaryText('a\rb\nc')).toBe('a b c')
    expect(summaryText('"\'&')).toBe('&quot;&#39;&amp;')
  })
})

describe('inputs that would leak or crash', () => {
  it('instance-config: size, depth, JSON and a private public_key, each named', async () => {
    const { jsonObject, jsonDepth } = await import('../../src/inputs/json-object.ts')
    const message = (raw: string) => jsonObject.safeParse(raw).error?.issues[0]?.message
    expect(message(JSON.stringify({ a: 'x'.repeat(70_000) }))).toMatch(/at most 64 KiB/)
    expect(message(`${'['.repeat(21)}${']'.repeat(21)}`)).toMatch(/at most 20 levels/)
    expect(message('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[["}')).toBeUndefined()
    expect(jsonDepth('{"a": "\\"{{{", "b": [[1]]}')).toBe(3)
    expect(message('{nope')).toMatch(/not valid JSON/)
    expect(message('[1]')).toMatch(/not an array/)
    expect(message('{"public_key": "-----BEGIN OPENSSH PRIVATE KEY-----\\nabc"}')).toMatch(
      /public_key that is a private key \(it is masked\)/,
    )
    expect(jsonObject.parse('')).toEqual({})
  })

  it('a private key in public-key or instance-config is masked whole and line by line before parsing', async () => {
    const { maskPrivateKeyInputs } = await import('../../src/inputs/private-key.ts')
    const masked: string[] = []
    const values: Record<string, string> = {
      'public-key': '-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----',
      'instance-config':
        '{"public_key": "-----BEGIN OPENSSH PRIVATE KEY-----\\nBBBB\\n-----END OPENSSH PRIVATE KEY-----"}',
      other: 'ssh-ed25519 AAAA me',
    }
    maskPrivateKeyInputs(
      (name) => values[name] ?? '',
      (secret) => masked.push(secret),
      ['public-key', 'instance-config', 'other'],
    )
    expect(masked).toContain(values['public-key'])
    expect(masked).toContain('AAAA')
    expect(masked).toContain('BBBB')
    expect(masked).not.toContain('ssh-ed25519 AAAA me')
  })
})

describe('key files', () => {
  it('no RUNNER_TEMP is an error that says nothing was sent; a planted file is never written through', async () => {
    const { privateDirectory, runnerTemp, writeSecretFile, removePrivateDirectory } =
      await import('../../src/ssh/secret-files.ts')
    const { mkdtempSync, statSync, symlinkSync, writeFileSync, readFileSync, existsSync, rmSync } =
      await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    expect(() => runnerTemp({})).toThrow(/RUNNER_TEMP is not set.*nothing was sent/)
    expect(() => runnerTemp({ RUNNER_TEMP: '  ' })).toThrow(/RUNNER_TEMP/)
    const parent = mkdtempSync(join(tmpdir(), 'key-files-'))
    try {
      const dir = privateDirectory(parent)
      expect(statSync(dir).mode & 0o777).toBe(0o700)
      const path = writeSecretFile(dir, 'key', 'secret\n')
      expect(statSync(path).mode & 0o777).toBe(0o600)
      expect(() => writeSecretFile(dir, 'key', 'again')).toThrow(/EEXIST/)
      writeFileSync(join(parent, 'target'), 'untouched')
      symlinkSync(join(parent, 'target'), join(dir, 'link'))
      expect(() => writeSecretFile(dir, 'link', 'x')).toThrow(/EEXIST|ELOOP/)
      expect(readFileSync(join(parent, 'target'), 'utf8')).toBe('untouched')
      removePrivateDirectory(dir)
      expect(existsSync(dir)).toBe(false)
      removePrivateDirectory(dir)
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  })
})
