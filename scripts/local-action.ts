/**
 * npm run local-action: runs the action's TypeScript sources (not the bundles)
 * with @github/local-action, main then post, against the embedded emulator,
 * and checks the result: a sandbox started and stopped, nothing live, the
 * token never printed. Then the sub-actions, each from its own folder: its
 * action.yml's inputs, and the use its main.js names (scripts/lib/local-entry.ts)
 * whatever the inputs say: run, ssh, connect,
 * network-policy, stop, instance, pool (scripts/lib/local-action-ssh.ts), over
 * the emulator's real sshd; without sshd only network-policy and stop, saying
 * so (EMULATOR_REQUIRE_DEPLOYED_HOST=1, as in CI: a failure). CI runs it so the
 * documented debugging path keeps working.
 *
 * By hand, against `npm run emulator`:
 *   cp .env.example .env && npx local-action run . scripts/lib/local-entry-main.ts .env \
 *     --post scripts/lib/local-entry-post.ts
 *   (a sub-action: npx local-action run stop "$PWD/scripts/lib/local-entry-main.ts" .env \
 *     --post "$PWD/scripts/lib/local-entry-post.ts")
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../emulator/emulator.ts'
import { SSHD } from '../emulator/ssh-service.ts'
import { ROOT } from './lib/action-runner.ts'
import { checks, policyAndStop, sshSubActions, type LocalRun } from './lib/local-action-ssh.ts'

const withSsh = existsSync(SSHD)
if (!withSsh && process.env.EMULATOR_REQUIRE_DEPLOYED_HOST === '1') {
  console.error(`local-action: no OpenSSH server at ${SSHD} (apt-get install -y openssh-server)`)
  process.exit(1)
}
const emulator = new Emulator({ provisioningMs: 1_000, generation: 'current', ssh: withSsh })
const baseUrl = await emulator.start()
const dir = mkdtempSync(join(tmpdir(), 'local-action-'))
// The job's HOME: ssh writes its Include line there, never into this machine's ~/.ssh.
const home = join(dir, 'home')
mkdirSync(join(home, '.ssh'), { recursive: true, mode: 0o700 })

/** local-action on `folder` (the root, or a sub-action's) with these inputs; its exit status and output. */
async function localAction(folder: string, inputs: Record<string, string>): Promise<LocalRun> {
  const envFile = join(dir, `${folder === '.' ? 'root' : folder}.env`)
  const lines = Object.entries(inputs).map(([name, value]) => `INPUT_${name.toUpperCase()}=${value}`)
  const job = [
    'LOCAL_ACTION_FOLDER=' + join(ROOT, folder),
    'RUNNER_TEMP=' + dir,
    'HOME=' + home,
    'GITHUB_RUN_ID=1001',
    'GITHUB_RUN_ATTEMPT=1',
  ]
  const repository = ['GITHUB_REPOSITORY=your-org/your-repo', 'GITHUB_REPOSITORY_ID=4242']
  writeFileSync(envFile, [...lines, ...job, ...repository, ''].join('\n'))
  const bin = join(ROOT, 'node_modules', '.bin', 'local-action')
  // Entry points as absolute paths: local-action resolves them differently for main and post from a sub-folder.
  const entry = (step: string) => join(ROOT, 'scripts', 'lib', `local-entry-${step}.ts`)
  const entries = [entry('main'), envFile, '--post', entry('post')]
  const child = spawn(bin, ['run', folder, ...entries], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return { exitCode, output }
}

const connection = { 'api-token': emulator.token, 'base-url': baseUrl }
const root = await localAction('.', { ...connection, 'gpu-type': 'H100,A100' })
const id = emulator.sandboxes[0]?.id ?? '(none)'
const problems: string[] = []
if (root.exitCode !== 0) problems.push(`local-action exited ${root.exitCode}`)
if (emulator.sandboxes.length !== 1) problems.push(`expected 1 sandbox, the emulator saw ${emulator.sandboxes.length}`)
if (!root.output.includes('Running Post Step')) problems.push('the post step did not run')
if (!root.output.includes(`Stopped sandbox ${id}`)) problems.push(`the post step did not report stopping ${id}`)
if (!/set-output name=gpu-type::H100/.test(root.output)) problems.push('no gpu-type output')
if ((await emulator.settle()).length > 0) problems.push('the root action left a sandbox live')

// The sub-actions: the use comes from their own folder, never from an input given here.
const runs = [root]
let subActions: string
if (withSsh) {
  const checked = await sshSubActions(emulator, localAction, connection)
  problems.push(...checked.problems)
  runs.push(...checked.runs)
  subActions = `run, ssh, connect, network-policy, stop (on ${checked.kept}), instance and pool ran from their folders`
} else {
  const kept = emulator.seed('kept-for-the-sub-actions').id
  const checked = checks()
  await policyAndStop(localAction, connection, kept, checked)
  problems.push(...checked.problems)
  runs.push(...checked.runs)
  subActions = `network-policy/ and stop/ closed and stopped ${kept} (no sshd at ${SSHD}: the sub-actions that need SSH skipped)`
}
const live = await emulator.settle()
await emulator.close()
if (live.length > 0) problems.push(`still live: ${live.map((s) => s.id).join(', ')}`)
for (const run of runs) if (run.output.includes(emulator.token)) problems.push('the token was printed')

rmSync(dir, { recursive: true, force: true })
if (problems.length > 0) {
  console.log(runs.map((run) => run.output).join('\n'))
  console.error(`local-action check failed:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log(
  `local-action: the sources (main, then post) ran against the emulator; ${id} started (H100) and stopped; ` +
    `${subActions}; nothing live; token not printed.`,
)
