/**
 * npm run live-check (issue 30) against the emulator: the cheapest real
 * lifecycle through the committed bundles, every answer checked against the
 * client's schemas, a table and the differences from docs/service.md, and no
 * sandbox left. It refuses without its environment, and --dry-run sends nothing.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { ROOT } from '../../scripts/lib/action-runner.ts'
import { canRun } from '../harness/ssh-job.ts'

let emulator: Emulator | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

async function liveCheck(env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'live-check.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return { code, stdout, stderr }
}

async function service() {
  emulator = new Emulator({ ssh: true, generation: 'current', provisioningMs: 300, stopMs: 50 })
  const baseUrl = await emulator.start()
  return { LIVE_CHECK_API_TOKEN: emulator.token, LIVE_CHECK_BASE_URL: baseUrl }
}

describe('npm run live-check', () => {
  it.skipIf(!canRun)('runs the lifecycle through the bundles, checks every answer, and leaves no sandbox', async () => {
    const env = await service()
    const result = await liveCheck(env)
    expect(result.code, result.stdout + result.stderr).toBe(0)
    expect(result.stdout).toContain('live-check: run ok\n')
    expect(result.stdout).toMatch(/==== later step: ssh sandbox 'uname -a' \(exit code 0\) ====\nLinux /)
    expect(result.stdout).toContain('| route | status | time | schema ok | fields the docs do not name |')
    for (const route of [
      'POST /sandboxes/start | 202',
      'POST /sandboxes/ssh-certificate | 200',
      'POST /sandboxes/{id}/stop | 202',
    ])
      expect(result.stdout).toMatch(new RegExp(`\\| ${route.replace(/[{}/|]/g, '\\$&')} \\| \\d+ ms \\| yes \\|`))
    expect(result.stdout).toContain('Differences from docs/service.md:')
    expect(result.stdout).toMatch(/live-check: passed\n$/)
    expect(`${result.stdout}${result.stderr}`).not.toContain(env.LIVE_CHECK_API_TOKEN)
    // What the emulator saw: one closed CPU sandbox with a 10-minute enforced TTL, stopped.
    const [sandbox, ...others] = emulator?.sandboxes ?? []
    expect(others).toEqual([])
    expect(sandbox).toMatchObject({
      status: 'stopped',
      network_policy: { internet_access: 'closed' },
      lifetime: { enforce_ttl: true, max_ttl_seconds: 600 },
    })
    expect(sandbox?.spec.gpu_type).toBeUndefined()
  })

  it.skipIf(!canRun)("an answer off the client's schemas fails the check, and still leaves no sandbox", async () => {
    const env = await service()
    emulator?.addFault({ route: 'GET /credit-alert', fault: 'malformed-json' })
    const result = await liveCheck(env)
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/\| GET \/credit-alert \| 200 \| \d+ ms \| no: /)
    expect(result.stderr).toContain("live-check: 1 answer(s) off the client's schemas.")
    expect(result.stdout).toMatch(/live-check: FAILED\n$/)
    expect(emulator?.sandboxes.map((s) => s.status)).toEqual(['stopped'])
  })

  it('refuses without its environment, naming what is missing; --dry-run prints the plan; neither sends anything', async () => {
    const env = await service()
    const refused = await liveCheck({ LIVE_CHECK_BASE_URL: env.LIVE_CHECK_BASE_URL })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toBe(
      'live-check: set LIVE_CHECK_API_TOKEN (an API token of the service); nothing was sent. --dry-run prints the plan.\n',
    )
    const dry = await liveCheck(env, ['--dry-run'])
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain(`Live check against ${env.LIVE_CHECK_BASE_URL}, through dist/main and dist/post:`)
    expect(dry.stdout).toContain('max-ttl: 10m with enforce-ttl: true')
    expect(emulator?.requests).toEqual([])
  })
})
