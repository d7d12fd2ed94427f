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
    expect(actedOn('::error file=a.py,line=3::boom', '  ::warning::w', '::group::g', '::endgroup::', '::add-mask::hide-me', 'x ##[debug]d')).toEqual([
      'error:boom',
      'warning:w',
      'group:g',
      'endgroup:',
      'add-mask:hide-me',
      'debug:d',
    ])
  })

  it("never lets save-state or set-output write the action's state or outputs, in either syntax or case, nor behind a bare \\r", () => {
    const lines = ['::save-state name=runner::{"id":7}', ' ::SET-OUTPUT name=sandbox-id::sbx-x', 'log ##[save-state name=secret-dir]/home', 'progress 50%\r::set-output name=a::b', '##[Set-Output name=c]d']
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
    expect(actedOn('::stop-commands::again', '::error::paused', '::again::', '::error::the action')).toEqual(['error:the action'])
  })

  it('an unclosable stop never counts as a pause (it was defused)', () => {
    const commands = new ProgramCommands()
    commands.see('::stop-commands::')
    expect(commands.resumeLine()).toBeUndefined()
    expect(actedOn('::stop-commands::', '::error::read')).toEqual(['error:read'])
  })
})
