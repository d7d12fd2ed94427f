/**
 * A prepared pool's preparation sees the preparing step's checkout, as teams write it: examples/prepared-pool.yml's
 * keeper and pull-request job run as written (their `with:` blocks read from the file, the expressions evaluated as
 * GitHub would for the morning schedule), in process against the emulator as deployed (an sshd per sandbox). The
 * checkout holds a real requirements.txt and the wheels it names (the registry is out of reach here), and real pip
 * installs from it into the venv the example makes; the job's `run` uses what it installed. Then, with no
 * `pool-key`: a pull request whose requirements.txt differs never claims, one whose other files differ still does.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { runMain } from '../../src/main.ts'
import { runPost } from '../../src/post.ts'
import { realClock } from '../../src/runtime/clock.ts'
import { skipWithout } from '../harness/host.ts'
import { recordingCore, type RecordingCore } from '../harness/fakes.ts'
import { makeClient, poolSteps, type PoolEvent } from '../harness/pool-steps.ts'
import { canRun, inputs, job, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
beforeEach(() => vi.stubEnv('HOME', job.home))
afterEach(() => vi.unstubAllEnvs())

const canVenv = !skipWithout("the prepared pool's example (pip in a venv on the sandbox)", 'python3-venv')

const steps = poolSteps(9300)
const dir = mkdtempSync(join(tmpdir(), 'pool-checkout-'))

/** A checkout of its own: `files` by path. */
function checkout(name: string, files: Record<string, string | Buffer>): string {
  const root = join(dir, name)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), content)
  }
  return root
}

/** One step in `workspace` for `event`; its core (main and post). */
async function step(withs: Record<string, string>, run: number, event: PoolEvent, workspace: string) {
  const env = { ...steps.environment(run, event), GITHUB_WORKSPACE: workspace }
  const core = recordingCore(inputs(withs))
  await runMain({ core, clock: realClock, makeClient, signal: new AbortController().signal, env }).catch(
    (error: unknown) => core.failed.push(String(error)),
  )
  return { core, post: () => post(core, env) }
}

async function post(main: RecordingCore, env: NodeJS.ProcessEnv): Promise<RecordingCore> {
  const core = recordingCore(main.inputs, main.state)
  await runPost({ core, clock: realClock, makeClient, env })
  return core
}

/** A pure-Python wheel, as pip installs it: `files` under `name`, its metadata, its RECORD with hashes. */
function wheel(name: string, version: string, files: Record<string, string>): Buffer {
  const script = `
import base64, hashlib, io, json, sys, zipfile
name, version, files = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
info = f"{name}-{version}.dist-info"
files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\\nName: {name}\\nVersion: {version}\\n"
files[f"{info}/WHEEL"] = "Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"
record = []
out = io.BytesIO()
with zipfile.ZipFile(out, "w") as z:
    for path, text in files.items():
        data = text.encode()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
        z.writestr(path, data)
    record.append(f"{info}/RECORD,,")
    z.writestr(f"{info}/RECORD", "\\n".join(record) + "\\n")
sys.stdout.buffer.write(out.getvalue())`
  const made = spawnSync('python3', ['-c', script, name, version, JSON.stringify(files)], { maxBuffer: 1 << 20 })
  if (made.status !== 0) throw new Error(made.stderr.toString())
  return made.stdout
}

/** GitHub's hashFiles for one file: its SHA-256 (the same file gives the same key on both sides). */
const hashFiles = (root: string, path: string) =>
  createHash('sha256')
    .update(readFileSync(join(root, path)))
    .digest('hex')

/** The example's `with:` of the step that `uses` the sub-action `use`, its expressions evaluated for the morning. */
function exampleWith(use: 'pool' | 'run', root: string, token: string): Record<string, string> {
  const workflow = parse(readFileSync('examples/prepared-pool.yml', 'utf8')) as {
    jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }>
  }
  const found = Object.values(workflow.jobs)
    .flatMap((one) => one.steps)
    .find((one) => one.uses === `your-org/gpu-sandbox-action/${use}@v1`)
  const withs = Object.entries(found?.with ?? {}).map(([name, value]) => {
    const text = String(value)
      .replace('${{ secrets.COMPUTE_API_TOKEN }}', token)
      .replace(/\$\{\{ hashFiles\('([^']+)'\) \}\}/, (_, path: string) => hashFiles(root, path))
      // The morning schedule: pool-size 4 and pool-watch 10h.
      .replace(/\$\{\{ github\.event\.schedule == '[^']+' && '([^']*)' \|\| '([^']*)' \}\}/, (_, _drain, day) => day)
    return [name, text] as const
  })
  // The sub-action names its use (its main.js); in process the root's mode input does.
  return { ...Object.fromEntries(withs), mode: use === 'pool' ? 'pool' : 'start' }
}

const TESTS = "import example_dep\nprint(f'1 passed ({example_dep.VERSION})')\n"

describe.skipIf(!canRun || !canVenv)("a prepared pool's preparation sees its checkout", () => {
  it('examples/prepared-pool.yml as written: pip installs requirements.txt, the claimed job runs with it', async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    const files = {
      // A real lock file, and the wheels it names: example-dep, and a stand-in named as the example's run calls it.
      'requirements.txt': '--no-index\n--find-links wheels\nexample-dep==1.0\npytest==0.0.1\n',
      'wheels/example_dep-1.0-py3-none-any.whl': wheel('example_dep', '1.0', {
        'example_dep/__init__.py': "VERSION = 'example-dep 1.0'\n",
      }),
      'wheels/pytest-0.0.1-py3-none-any.whl': wheel('pytest', '0.0.1', {
        'pytest/__init__.py': '',
        'pytest/__main__.py': 'import runpy\nrunpy.run_path("tests.py")\n',
      }),
      'tests.py': TESTS,
    }
    const keeperRoot = checkout('keeper', files)
    const jobRoot = checkout('job', { ...files, 'tests.py': `${TESTS}# the pull request's change\n` })
    // One pass of one sandbox here, not a day of four: the rest is the example's text.
    const keeperWith = { ...exampleWith('pool', keeperRoot, service.token), 'pool-size': '1', 'pool-watch': '' }
    const keeper = await step(keeperWith, 1, 'push', keeperRoot)
    expect(keeper.core.failed).toEqual([])
    expect(keeper.core.log.join('\n')).toMatch(/prepared in .*; it may be claimed now/)
    expect(keeper.core.log.join('\n')).toContain('Successfully installed example-dep-1.0 pytest-0.0.1')

    const jobWith: Record<string, string> = { ...exampleWith('run', jobRoot, service.token), 'ssh-alias': 'job-1' }
    // docs/prepared-pool.md shows the same preparation and run.
    const page = readFileSync('docs/prepared-pool.md', 'utf8')
    for (const line of [...(jobWith['pool-prepare'] ?? '').trim().split('\n'), `run: ${jobWith.run}`])
      expect(page).toContain(line)
    const pulled = await step(jobWith, 2, 'pull_request', jobRoot)
    expect(pulled.core.failed).toEqual([])
    expect(pulled.core.outputs['pool-claimed']).toBe('true')
    expect(pulled.core.log).toContain('1 passed (example-dep 1.0)')
    expect((await pulled.post()).failed).toEqual([])
    await step({ ...keeperWith, 'pool-size': '0' }, 3, 'push', keeperRoot)
    expect(await service.settle()).toEqual([])
  }, 180_000)
})

describe.skipIf(!canRun)('without pool-key, the lock files join the digest', () => {
  it('a pull request whose requirements.txt differs never claims; one whose other files differ does', async () => {
    const service = await startEmulator({ sshHost: { perSandbox: true } })
    const POOL = { pool: 'ci', 'pool-prepare': 'cp requirements.txt ~/prepared-from', 'pool-for': 'pull-requests' }
    const files = { 'requirements.txt': 'torch==2.6\n', 'src/model.py': 'print(1)\n' }
    const keeperRoot = checkout('digest-keeper', files)
    const keeper = await step({ ...POOL, mode: 'pool', 'pool-size': '2' }, 1, 'push', keeperRoot)
    expect(keeper.core.failed).toEqual([])
    expect(keeper.core.log).toContain("Pool 'ci': the preparation's digest takes requirements.txt (no pool-key).")
    expect(JSON.parse(keeper.core.outputs.pool ?? '{}').ready).toHaveLength(2)

    const { 'pool-for': _, ...JOB } = POOL
    const run = { ...JOB, run: 'cat ~/prepared-from', 'pool-size': '0' }
    const otherCode = checkout('digest-code', { ...files, 'src/model.py': 'print(2)\n' })
    const same = await step({ ...run, 'ssh-alias': 'job-1' }, 2, 'pull_request', otherCode)
    expect(same.core.failed).toEqual([])
    expect(same.core.outputs['pool-claimed']).toBe('true')
    expect(same.core.log).toContain('torch==2.6')

    const otherLock = checkout('digest-lock', { ...files, 'requirements.txt': 'torch==2.7\n' })
    const changed = await step({ ...run, 'ssh-alias': 'job-2' }, 3, 'pull_request', otherLock)
    expect(changed.core.failed).toEqual([])
    expect(changed.core.outputs['pool-claimed']).toBe('false')
    // Its own sandbox, prepared from its own checkout.
    expect(changed.core.log).toContain('torch==2.7')
    expect(changed.core.log).not.toContain('torch==2.6')

    for (const one of [same, changed]) expect((await one.post()).failed).toEqual([])
    await step({ ...POOL, mode: 'pool', 'pool-size': '0' }, 4, 'push', keeperRoot)
    expect(await service.settle()).toEqual([])
    rmSync(dir, { recursive: true, force: true })
  }, 180_000)
})
