/**
 * What a step loads of Node itself, through the bundles: every step of every
 * job pays for each module it loads, so a start against an http:// base-url
 * (the emulator, a service behind a local gateway) loads no TLS and not
 * Node's undici (the global fetch's): together about 70 ms of CPU a step.
 * A step that asks GitHub and the results service (over httpFetch) loads no
 * Node undici either: that one is about 85 ms of CPU on its first request.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runAction } from '../../scripts/lib/action-runner.ts'
import { GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { FakeResults } from '../../scripts/lib/fake-results.ts'
import { emulatorFixture } from '../harness/emulator-fixture.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'

const fixture = emulatorFixture({ provisioningMs: 200, stopMs: 50, generation: 'current' })
const fake = useFakeGitHub()
const NOT_LOADED = /^NativeModule (tls|https|internal\/deps\/undici\/undici)$/

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
      expect(modules.filter((name) => NOT_LOADED.test(name))).toEqual([])
    }
  })

  it("a pull request's comment: true asks GitHub and the results service without Node's undici", async () => {
    await fixture.start()
    const target = await fake.commentTarget()
    const results = new FakeResults()
    const served = await results.serve()
    fake.makeDir('step-loads-')
    const event = join(fake.dir, 'event.json')
    writeFileSync(event, JSON.stringify({ pull_request: { number: target.number, head: { sha: 'f'.repeat(40) } } }))
    const { env, loaded } = recordLoads()
    const run = await runAction({
      inputs: fixture.inputs({ comment: 'true', 'github-token': GITHUB_TOKEN }),
      env: {
        ...env,
        ...results.env('job-1'),
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: event,
        GITHUB_API_URL: fake.url,
        GITHUB_SERVER_URL: fake.url,
        HOME: fake.dir,
      },
    })
    await served.close()
    expect([run.main.exitCode, run.post.exitCode]).toEqual([0, 0])
    // It did ask both: the comment is there, and its row went through the results service.
    expect(fake.github.pulls.pulls.get(target.number)?.comments).toHaveLength(1)
    expect(results.calls.map((call) => call.method)).toContain('CreateArtifact')
    expect(results.blobs.map((blob) => blob.method)).toContain('PUT')
    // (@actions/github's chunk brings TLS with it: its own undici and proxy tunnel.)
    for (const modules of loaded()) expect(modules).not.toContain('NativeModule internal/deps/undici/undici')
  })
})
