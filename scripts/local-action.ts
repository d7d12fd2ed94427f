/**
 * npm run local-action: runs the action's TypeScript sources (not the bundles)
 * with @github/local-action, main then post, against the embedded emulator,
 * and checks the result: a sandbox started and stopped, nothing live, the
 * token never printed. CI runs it so the documented debugging path keeps working.
 *
 * By hand, against `npm run emulator`:
 *   cp .env.example .env && npx local-action run . src/main.ts .env --post src/post.ts
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../emulator/emulator.ts'
import { ROOT } from './lib/action-runner.ts'

const emulator = new Emulator({ provisioningMs: 1_000 })
const baseUrl = await emulator.start()
const dir = mkdtempSync(join(tmpdir(), 'local-action-'))
const envFile = join(dir, '.env')
writeFileSync(
  envFile,
  [
    `INPUT_API-TOKEN=${emulator.token}`,
    `INPUT_BASE-URL=${baseUrl}`,
    'INPUT_GPU-TYPE=H100,A100',
    `RUNNER_TEMP=${dir}`,
    'GITHUB_RUN_ID=1001',
    'GITHUB_RUN_ATTEMPT=1',
    '',
  ].join('\n'),
)

const bin = join(ROOT, 'node_modules', '.bin', 'local-action')
const child = spawn(bin, ['run', '.', 'src/main.ts', envFile, '--post', 'src/post.ts'], {
  cwd: ROOT,
  env: { ...process.env, NO_COLOR: '1' },
  stdio: ['ignore', 'pipe', 'pipe'],
})
let output = ''
child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve))
const live = await emulator.settle()
await emulator.close()

const id = emulator.sandboxes[0]?.id ?? '(none)'
const problems: string[] = []
if (exitCode !== 0) problems.push(`local-action exited ${exitCode}`)
if (emulator.sandboxes.length !== 1) problems.push(`expected 1 sandbox, the emulator saw ${emulator.sandboxes.length}`)
if (!output.includes('Running Post Step')) problems.push('the post step did not run')
if (!output.includes(`Stopped sandbox ${id}`)) problems.push(`the post step did not report stopping ${id}`)
if (!/set-output name=gpu-type::H100/.test(output)) problems.push('no gpu-type output')
if (live.length > 0) problems.push(`still live: ${live.map((s) => s.id).join(', ')}`)
if (output.includes(emulator.token)) problems.push('the token was printed')

rmSync(dir, { recursive: true, force: true })
if (problems.length > 0) {
  console.log(output)
  console.error(`local-action check failed:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log(
  `local-action: src/main.ts then src/post.ts ran against the emulator; ${id} started (H100) and stopped; token not printed.`,
)
