/**
 * What a step loads of Node itself, through the bundles: every step of every
 * job pays for each module it loads, so a start against an http:// base-url
 * (the emulator, a service behind a local gateway) loads no TLS and not
 * Node's undici (the global fetch's): together about 70 ms of CPU a step.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runAction } from '../../scripts/lib/action-runner.ts'
import { emulatorFixture } from '../harness/emulator-fixture.ts'

const fixture = emulatorFixture({ provisioningMs: 200, stopMs: 50, generation: 'current' })

/** NODE_OPTIONS that make each step write the modules it loaded, at its exit, to `<dir>/<pid>.txt`. */
function recordLoads(): { env: Record<string, string>; loaded: () => string[][] } {
  const dir = mkdtempSync(join(tmpdir(), 'step-loads-'))
  const hook = join(dir, 'hook.mjs')
  writeFileSync(
    hook,
    [
      "import { writeFileSync } from 'node:fs'",
      `process.on('exit', () => writeFileSync(${JSON.stringify(dir)} + '/' + process.pid + '.txt', ` +
        "process.moduleLoadList.join('\\n')))",
    ].join('\n'),
  )
  const loaded = () =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.txt'))
      .map((file) => readFileSync(join(dir, file), 'utf8').split('\n'))
  return { env: { NODE_OPTIONS: `--import ${hook}` }, loaded }
}

describe('what a step loads', () => {
  it('a start and its stop over http:// load neither TLS nor an undici', async () => {
    await fixture.start()
    const { env, loaded } = recordLoads()
    const run = await runAction({ inputs: fixture.inputs(), env })
    expect([run.main.exitCode, run.post.exitCode]).toEqual([0, 0])
    const steps = loaded()
    expect(steps).toHaveLength(2)
    for (const modules of steps) {
      // The hook does see what the step loads: its requests went over node:http.
      expect(modules).toContain('NativeModule http')
      expect(modules.filter((name) => /^NativeModule (tls|https|internal\/deps\/undici\/undici)$/.test(name))).toEqual(
        [],
      )
    }
  })
})
