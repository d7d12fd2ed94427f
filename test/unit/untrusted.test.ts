/** The one sanitising module: what service text may look like on its way to a log, an annotation or the summary. */
import { afterEach, describe, expect, it } from 'vitest'
import { forgetSecrets, registerSecret, safeLogText, scrubSecrets, serviceText, summaryText } from '../../src/untrusted.ts'
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
    expect(serviceText('k=-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----!')).toBe('k=[private key removed]!')
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
    expect(summaryText('[a](javascript:x) `c` *b* a|b $1 $2')).toBe('\\[a\\](javascript:x) \\`c\\` \\*b\\* a\\|b \\$1 \\$2')
    expect(summaryText('a\rb\nc')).toBe('a b c')
    expect(summaryText('"\'&')).toBe('&quot;&#39;&amp;')
  })
})
