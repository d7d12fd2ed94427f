/**
 * src/entry/workflow-commands.ts against the real @actions/core: the same
 * call, in the same environment, writes the same bytes to stdout and to the
 * runner's files (the random `ghadelimiter_…` aside), sets the same exit code
 * and throws the same error. Arguments come from fast-check (workflow-command
 * characters weighted in) and from the cases that once broke other actions.
 */
import { fc, test } from '@fast-check/vitest'
import * as real from '@actions/core'
import type { AnnotationProperties } from '@actions/core'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, vi } from 'vitest'
import * as ours from '../../src/entry/workflow-commands.ts'

interface Written {
  stdout: string
  files: Record<string, string>
  exitCode: string | number | undefined
  returned: unknown
  thrown?: string
}

let dir: string
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'workflow-commands-'))))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  process.exitCode = 0
})

const FILES = ['OUTPUT', 'STATE', 'STEP_SUMMARY'] as const

/** Runs `call` with fresh runner files and stdout captured; what it wrote, delimiters made comparable. */
async function written(call: () => unknown, env: Record<string, string | undefined> = {}): Promise<Written> {
  for (const file of FILES) writeFileSync(join(dir, file), '')
  for (const file of FILES) vi.stubEnv(`GITHUB_${file}`, join(dir, file))
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  let stdout = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk)
    return true
  })
  process.exitCode = 0
  let thrown: string | undefined
  let returned: unknown
  try {
    returned = await call()
  } catch (error) {
    thrown = error instanceof Error ? error.message : String(error)
  }
  vi.restoreAllMocks()
  const uuid = /ghadelimiter_[0-9a-f-]{36}/g
  const files = Object.fromEntries(FILES.map((file) => [file, readFileSync(join(dir, file), 'utf8')]))
  const same = (text: string) => text.replace(uuid, 'ghadelimiter_*')
  return {
    stdout: same(stdout),
    files: Object.fromEntries(Object.entries(files).map(([file, text]) => [file, same(text)])),
    exitCode: process.exitCode,
    returned,
    thrown: thrown === undefined ? undefined : same(thrown),
  }
}

/** core's summary is one object that keeps the first path it wrote to and, after a failure, its text: fresh each call. */
function appendSummary(core: typeof ours | typeof real, markdown: string): Promise<unknown> {
  if (core === ours) return ours.appendSummary(markdown)
  Object.assign(real.summary.emptyBuffer(), { _filePath: undefined })
  return real.summary
    .addRaw(markdown, true)
    .write()
    .then(() => undefined)
}

async function expectSame(
  call: (core: typeof ours | typeof real) => unknown,
  env?: Record<string, string | undefined>,
): Promise<Written> {
  const theirs = await written(() => call(real), env)
  const mine = await written(() => call(ours), env)
  expect(mine).toEqual(theirs)
  return mine
}

/** A property holds when the two wrote the same (fast-check reads any other returned value as false). */
async function same(call: (core: typeof ours | typeof real) => unknown, env?: Record<string, string | undefined>) {
  await expectSame(call, env)
}

// Characters that mean something to the runner, weighted in among any others.
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom('%', '\r', '\n', ':', ',', '=', ' ', 'a', '::', '%0A', 'ghadelimiter_') }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
)
const value = fc.oneof(text, fc.constant(undefined), fc.constant(null), fc.integer(), fc.jsonValue())
const properties: fc.Arbitrary<AnnotationProperties> = fc.record(
  {
    title: fc.oneof(text, fc.constant('')),
    file: text,
    startLine: fc.oneof(fc.nat(), fc.constant(0)),
    endLine: fc.nat(),
    startColumn: fc.nat(),
    endColumn: fc.nat(),
  },
  { requiredKeys: [] },
)

describe('the same bytes as @actions/core', () => {
  test.prop([text, fc.option(properties, { nil: undefined }), fc.constantFrom('error', 'warning', 'notice')])(
    'annotations, with and without properties',
    (message, props, kind) => same((core) => core[kind](message, props)),
  )

  test.prop([text])('info, debug, a group, a mask, a failure', async (message) => {
    await same((core) => {
      core.info(message)
      core.debug(message)
      core.startGroup(message)
      core.endGroup()
      core.setSecret(message)
      core.setFailed(message)
    })
  })

  test.prop([text, value])('outputs and state in the runner files', (name, given) =>
    same((core) => {
      core.setOutput(name, given)
      core.saveState(name, given)
    }),
  )

  test.prop([text, value])('outputs and state as stdout commands where the runner gives no file', (name, given) =>
    same(
      (core) => {
        core.setOutput(name, given)
        core.saveState(name, given)
      },
      { GITHUB_OUTPUT: '', GITHUB_STATE: '' },
    ),
  )

  test.prop([text, text, fc.boolean(), fc.boolean()])('inputs and state read back', (name, given, required, trim) =>
    same((core) => [core.getInput(name, { required, trimWhitespace: trim }), core.getState(name)].join('|'), {
      [`INPUT_${name.replace(/ /g, '_').toUpperCase()}`]: given,
      [`STATE_${name}`]: given,
    }),
  )

  test.prop([text])('the summary, appended', (markdown) => same((core) => appendSummary(core, markdown)))
})

describe('the same failures as @actions/core', () => {
  test('an error and a warning from an Error, and properties whose values are all empty', async () => {
    const done = await expectSame((core) => {
      core.error(new Error('boom\n::stop-commands::x'))
      core.warning('w', { title: '', file: undefined })
    })
    expect(done.stdout).toBe('::error::Error: boom%0A::stop-commands::x\n::warning ::w\n')
  })

  test('a required input that is not given throws, naming the input', async () => {
    const done = await expectSame((core) => core.getInput('api token', { required: true }))
    expect(done.thrown).toBe('Input required and not supplied: api token')
  })

  test('an output file the runner named but that is missing throws', async () => {
    const done = await expectSame((core) => core.setOutput('id', 'x'), { GITHUB_OUTPUT: join(dir, 'gone') })
    expect(done.thrown).toBe(`Missing file at path: ${join(dir, 'gone')}`)
  })

  test('a summary file that cannot be reached throws', async () => {
    const done = await expectSame((core) => appendSummary(core, 'x'), {
      GITHUB_STEP_SUMMARY: join(dir, 'no-such-dir', 'summary'),
    })
    expect(done.thrown).toMatch(/^Unable to access summary file: '.*'\. Check if the file has correct read\/write/)
  })

  test('no summary file at all throws', async () => {
    const done = await expectSame((core) => appendSummary(core, 'x'), { GITHUB_STEP_SUMMARY: '' })
    expect(done.thrown).toMatch(/^Unable to find environment variable for \$GITHUB_STEP_SUMMARY/)
  })
})
