/**
 * docs/gpu.md's GPU faults example as written, through the committed bundles (the `run` sub-action, as `uses:` runs
 * it) against the emulator as deployed with an sshd per sandbox: the first sandbox's GPU falls off the bus a second
 * into the tests' GPU load (Xid 79); `retry-on-gpu-fault: 1` runs the tests again on a fresh
 * sandbox; the step passes, the log names the attempt and its sandbox, and nothing is left live.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { runAction } from '../../scripts/lib/action-runner.ts'
import { emulatorFixture } from '../harness/emulator-fixture.ts'
import { canRun } from '../harness/ssh-job.ts'

const fixture = emulatorFixture({ provisioningMs: 200, stopMs: 50, generation: 'current', ssh: true })
let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** The `with:` of the example in docs/gpu.md's GPU faults section, and the sub-action it `uses`. */
function example(): { action: string; with: Record<string, string> } {
  const page = readFileSync(new URL('../../docs/gpu.md', import.meta.url), 'utf8')
  const section = page.split('\n## GPU faults')[1]?.split('\n## ')[0] ?? ''
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
  const [step] = parse(block) as { uses: string; with: Record<string, unknown> }[]
  const action = /\/([a-z-]+)@v1$/.exec(step?.uses ?? '')?.[1] ?? ''
  return { action, with: Object.fromEntries(Object.entries(step?.with ?? {}).map(([k, v]) => [k, String(v)])) }
}

describe.skipIf(!canRun)("docs/gpu.md's GPU faults example, through the bundles", () => {
  it('a GPU that falls off the bus mid-run: the tests go again on a fresh sandbox and pass', async () => {
    const { action, with: given } = example()
    expect(action).toBe('run')
    expect(given).toMatchObject({ 'gpu-type': 'H100', 'retry-on-gpu-fault': '1', run: 'bash tests/gpu.sh' })
    const service = await fixture.start({
      sshHost: { perSandbox: true },
      capacity: { H100: 4 },
      // A second into the tests' GPU load: mid-run, however long the GPU check and the upload took.
      gpuFaultPlans: [[{ kind: 'xid', code: 79, afterMs: 1_000, from: 'load' }]],
    })
    dir = mkdtempSync(join(tmpdir(), 'gpu-fault-bundles-'))
    const work = join(dir, 'work')
    mkdirSync(join(work, 'tests'), { recursive: true })
    mkdirSync(join(work, 'temp'))
    mkdirSync(join(dir, 'home'))
    // The checkout's tests/gpu.sh: it loads the GPU for about 6 s and dies as CUDA does the moment the GPU is gone.
    writeFileSync(
      join(work, 'tests', 'gpu.sh'),
      'echo "20000 90" > "$EMULATOR_GPU_FILE.load"\nfor i in $(seq 1 30); do nvidia-smi > /dev/null 2>&1 || ' +
        '{ echo "RuntimeError: CUDA error: unspecified launch failure" >&2; exit 1; }; sleep 0.2; done\necho "3 passed"\n',
    )
    // As written: only the secret's expression is the emulator's token.
    const inputs = fixture.inputs({ ...given, 'api-token': service.token })
    const { main, post } = await runAction({
      action,
      inputs,
      workDir: work,
      env: { HOME: join(dir, 'home') },
      timeoutMs: 240_000,
    })
    expect(main.exitCode, main.stdout.slice(-3_000)).toBe(0)
    const [first, second] = service.sandboxes
    expect(service.sandboxes).toHaveLength(2)
    expect(main.stdout).toMatch(
      new RegExp(
        `retry-on-gpu-fault: attempt 1 on ${first?.id} failed with a fault of the machine's kind \\(GPU 0: Xid 79`,
      ),
    )
    expect(main.stdout).toContain('3 passed')
    expect(main.outputs['sandbox-id']).toBe(second?.id)
    expect(JSON.parse(main.outputs['gpu-fault'] ?? '[]')[0]).toMatchObject({ code: 79, kind: 'machine' })
    expect(main.summary).toContain(`#### Attempt 1 on ${first?.id}: GPU fault`)
    expect(post.exitCode).toBe(0)
    expect(await service.settle()).toEqual([])
  }, 300_000)
})
