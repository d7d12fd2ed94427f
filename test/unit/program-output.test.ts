/**
 * The program's lines (`run`) as the step log gets them (src/runtime/program-output.ts),
 * read back the way the runner reads stdout (scripts/lib/runner-commands.ts).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { programText, ProgramCommands } from '../../src/runtime/program-output.ts'
import { forgetSecrets, registerSecret } from '../../src/runtime/untrusted.ts'
import { runnerCommands, stdoutValues } from '../../scripts/lib/runner-commands.ts'

afterEach(() => forgetSecrets())

/** What the runner would act on if the program printed `lines` through programText. */
function actedOn(...lines: string[]) {
  return runnerCommands(lines.map(programText).join('\n')).map((command) => `${command.name}:${command.data}`)
}

describe('programText', () => {
  it('leaves the workflow commands of a run: step working', () => {
    expect(
      actedOn(
        '::error file=a.py,line=3::boom',
        '  ::warning::w',
        '::group::g',
        '::endgroup::',
        '::add-mask::hide-me',
        'x ##[debug]d',
      ),
    ).toEqual(['error:boom', 'warning:w', 'group:g', 'endgroup:', 'add-mask:hide-me', 'debug:d'])
  })

  it("never lets save-state or set-output write the action's state or outputs, in either syntax or case, nor behind a bare \\r", () => {
    const lines = [
      '::save-state name=runner::{"id":7}',
      ' ::SET-OUTPUT name=sandbox-id::sbx-x',
      'log ##[save-state name=secret-dir]/home',
      'progress 50%\r::set-output name=a::b',
      '##[Set-Output name=c]d',
    ]
    const stdout = lines.map(programText).join('\n')
    expect(stdoutValues(stdout, 'save-state')).toEqual({})
    expect(stdoutValues(stdout, 'set-output')).toEqual({})
    expect(runnerCommands(stdout)).toEqual([])
    // Still shown, as text.
    expect(programText('::save-state name=runner::x')).toBe(':\u2060:save-state name=runner::x')
    // Without programText the same lines do write them (the reader is not blind).
    expect(stdoutValues(lines.join('\n'), 'save-state')).toEqual({ runner: '{"id":7}', 'secret-dir': '/home' })
    expect(stdoutValues(lines.join('\n'), 'set-output')).toEqual({ 'sandbox-id': 'sbx-x', a: 'b', c: 'd' })
  })

  it('a stop-commands no command can close is defused; one with a token passes', () => {
    expect(programText('::stop-commands::')).toBe(':\u2060:stop-commands::')
    expect(programText('::stop-commands::two words')).toBe(':\u2060:stop-commands::two words')
    expect(programText('##[stop-commands]')).toBe('#\u2060#[stop-commands]')
    expect(programText('::stop-commands::tok-1')).toBe('::stop-commands::tok-1')
    expect(programText('##[stop-commands]tok-1')).toBe('##[stop-commands]tok-1')
  })

  it('removes registered secrets', () => {
    registerSecret('s3cr3t-value')
    expect(programText('token s3cr3t-value')).toBe('token ***')
  })
})

describe('ProgramCommands', () => {
  it('knows when the program left workflow commands paused, and the line that resumes them', () => {
    const commands = new ProgramCommands()
    commands.see('plain')
    expect(commands.resumeLine()).toBeUndefined()
    commands.see('::stop-commands::Tok-9')
    commands.see('::error::text while paused')
    expect(commands.resumeLine()).toBe('::Tok-9::')
    commands.see('::tok-9::')
    expect(commands.resumeLine()).toBeUndefined()
    commands.see('x\r##[stop-commands]again')
    expect(commands.resumeLine()).toBe('::again::')
    // The runner agrees: after the resume line, the action's own error is read.
    expect(actedOn('::stop-commands::again', '::error::paused', '::again::', '::error::the action')).toEqual([
      'error:the action',
    ])
  })

  it('an unclosable stop never counts as a pause (it was defused)', () => {
    const commands = new ProgramCommands()
    commands.see('::stop-commands::')
    expect(commands.resumeLine()).toBeUndefined()
    expect(actedOn('::stop-commands::', '::error::read')).toEqual(['error:read'])
  })
})

/**
 * .NET's char.IsWhiteSpace, written out here on its own (not imported), so
 * the sweep below can fail: U+0009–U+000D, U+0020, U+0085, U+00A0, U+1680,
 * U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
 */
const DOTNET_WHITESPACE = new Set([
  0x09,
  0x0a,
  0x0b,
  0x0c,
  0x0d,
  0x20,
  0x85,
  0xa0,
  0x1680,
  ...Array.from({ length: 11 }, (_, i) => 0x2000 + i),
  0x2028,
  0x2029,
  0x202f,
  0x205f,
  0x3000,
])

/** The program's stdout as the step prints it: lines split at \n (the run's line splitter), each through programText. */
const filtered = (stdout: string) => stdout.split('\n').map(programText).join('\n')

describe('the runner white space before a state-writing command (every code point U+0000–U+FFFF)', () => {
  const line = (codePoint: number) => `${String.fromCharCode(codePoint)}::save-state name=runner::{"id":7}`

  it('the runner emulation acts on exactly .NET’s white-space set', () => {
    const acted = []
    for (let cp = 0; cp <= 0xffff; cp++) if (stdoutValues(line(cp), 'save-state').runner !== undefined) acted.push(cp)
    expect(acted).toEqual([...DOTNET_WHITESPACE].sort((a, b) => a - b))
  })

  it('through the filter first, none is acted on', () => {
    const acted = []
    for (let cp = 0; cp <= 0xffff; cp++)
      if (stdoutValues(filtered(line(cp)), 'save-state').runner !== undefined) acted.push(cp)
    expect(acted).toEqual([])
  })
})

describe('the variants a hostile program tries', () => {
  const prefixes = ['\u0085', '\u2028', '\u00a0', '\t', '\u0085 \u3000']
  it.each(prefixes.map((prefix) => [JSON.stringify(prefix), prefix]))(
    '%s before save-state and set-output: shown, not acted on',
    (_name, prefix) => {
      const stdout = [
        `${prefix}::save-state name=runner::forged`,
        `${prefix}::set-output name=sandbox-id::forged`,
      ].join('\n')
      expect(stdoutValues(stdout, 'save-state')).toEqual({ runner: 'forged' })
      expect(stdoutValues(filtered(stdout), 'save-state')).toEqual({})
      expect(stdoutValues(filtered(stdout), 'set-output')).toEqual({})
    },
  )

  it("ſ and ı, which .NET's OrdinalIgnoreCase reads as s and i, do not slip past", () => {
    const stdout = '::ſave-ſtate name=runner::forged\n::ſet-output name=a::b\n##[ſave-state name=c]d'
    expect(Object.keys(stdoutValues(stdout, 'save-state'))).toEqual(['runner', 'c'])
    expect(runnerCommands(filtered(stdout))).toEqual([])
  })

  it('a stop left open behind U+0085 is closed at the end, so the action’s own error is read', () => {
    const commands = new ProgramCommands()
    commands.see('\u0085::stop-commands::tok')
    expect(commands.resumeLine()).toBe('::tok::')
    expect(actedOn('\u0085::stop-commands::tok', '::tok::', '::error::the action')).toEqual(['error:the action'])
  })

  it('a stop with properties, behind a command the runner does not know, or whose token names a command is handled as the runner reads it', () => {
    const commands = new ProgramCommands()
    commands.see('::not-a-command::x ##[stop-commands]tok')
    expect(commands.resumeLine()).toBe('::tok::')
    // The runner removes a resumed token from its commands: ::stop-commands::add-mask would end every later mask.
    expect(programText('::stop-commands::add-mask')).toBe(':\u2060:stop-commands::add-mask')
    expect(programText('::stop-commands a:b=c::')).toBe(':\u2060:stop-commands a:b=c::')
    expect(actedOn('::stop-commands::add-mask', '::add-mask::', '::add-mask::secret')).toEqual([
      'add-mask:',
      'add-mask:secret',
    ])
    // Without the filter, the runner would lose add-mask for the rest of the job.
    expect(runnerCommands('::stop-commands::add-mask\n::add-mask::\n::add-mask::secret')).toEqual([])
  })
})
