/**
 * npm run live-check: the first contact with the real service, the cheapest
 * real lifecycle through the committed bundles: a CPU sandbox with
 * `internet-access: closed` and an enforced TTL of 10 minutes, `ssh` with
 * `uname -a` from a later step, a three-line `run`, then the post step. Every
 * answer passes a recording proxy on loopback and is checked against the
 * client's schemas; a table and the differences from docs/service.md follow.
 *
 * LIVE_CHECK_API_TOKEN and LIVE_CHECK_BASE_URL say where (refused without
 * them); `--dry-run` prints the plan and sends nothing. It never leaves a
 * sandbox: the post step always runs (also on Ctrl-C), the TTL is the last net,
 * and the sandbox is read once more at the end to show it is no longer live.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, runStep, type StepResult } from './lib/action-runner.ts'
import { startProxy, type RecordingProxy } from './live-check/proxy.ts'
import { report, rows, serviceDocs } from './live-check/report.ts'

const RUN = 'uname -a\nnproc\necho "live-check: run ok"'
const LIVE = new Set(['pending', 'starting', 'running', 'stopping', 'created', 'ready', 'provisioning'])

function plan(baseUrl: string): string {
  return [
    `Live check against ${baseUrl || '(LIVE_CHECK_BASE_URL)'}, through dist/main and dist/post:`,
    "1. main step: start a CPU sandbox (the action's default spec), internet-access: closed,",
    '   max-ttl: 10m with enforce-ttl: true, ssh: true, and a three-line run:',
    ...RUN.split('\n').map((line) => `     ${line}`),
    "2. a later step: ssh sandbox 'uname -a' (the ssh-command output)",
    '3. post step: stop the sandbox (always, also after a failure or Ctrl-C)',
    '4. read the sandbox once more: it must no longer be live',
    "Every answer is checked against the client's schemas; then a table and the differences from docs/service.md.",
  ].join('\n')
}

function refuse(message: string): never {
  console.error(`live-check: ${message}`)
  process.exit(2)
}

const dryRun = process.argv.includes('--dry-run')
const token = process.env.LIVE_CHECK_API_TOKEN ?? ''
const baseUrl = process.env.LIVE_CHECK_BASE_URL ?? ''
if (dryRun) {
  console.log(plan(baseUrl))
  process.exit(0)
}
if (!token || !baseUrl)
  refuse(
    `set ${[!token && 'LIVE_CHECK_API_TOKEN (an API token of the service)', !baseUrl && 'LIVE_CHECK_BASE_URL (e.g. https://…:8443/v1)'].filter(Boolean).join(' and ')}; nothing was sent. --dry-run prints the plan.`,
  )
if (!/^https?:\/\//.test(baseUrl))
  refuse(`LIVE_CHECK_BASE_URL must be an http(s) URL, got '${baseUrl}'; nothing was sent.`)

function show(title: string, step: StepResult): void {
  console.log(`==== ${title} (exit code ${step.exitCode}) ====`)
  process.stdout.write(step.stdout.replaceAll(token, '***'))
}

/** The sandbox's status now, read directly (not through the bundles). */
async function statusOf(id: string): Promise<string> {
  const answer = await fetch(`${baseUrl.replace(/\/$/, '')}/sandboxes/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (answer.status === 404) return 'gone (404)'
  const body = (await answer.json().catch(() => ({}))) as { status?: unknown }
  return typeof body.status === 'string' ? body.status : `unreadable (HTTP ${answer.status})`
}

async function lifecycle(proxy: RecordingProxy, home: string, work: string): Promise<boolean> {
  const inputs = {
    'api-token': token,
    'base-url': proxy.baseUrl,
    name: `live-check-${Date.now().toString(36)}`,
    'internet-access': 'closed',
    'max-ttl': '10m',
    'enforce-ttl': 'true',
    ssh: 'true',
    run: RUN,
  }
  const env = { HOME: home }
  let main: StepResult | undefined
  const post = async () => {
    const result = await runStep('post', { inputs, env, workDir: work, state: main?.state ?? {}, timeoutMs: 600_000 })
    show('post step', result)
    return result
  }
  process.once('SIGINT', () => void post().then(() => process.exit(130)))
  let ok = false
  try {
    main = await runStep('main', { inputs, env, workDir: work, timeoutMs: 900_000 })
    show('main step', main)
    const command = main.outputs['ssh-config']
    const uname = command
      ? spawnSync('ssh', ['-F', command, 'sandbox', 'uname -a'], { encoding: 'utf8', timeout: 60_000 })
      : undefined
    console.log(`==== later step: ssh sandbox 'uname -a' (exit code ${uname?.status ?? 'not run'}) ====`)
    process.stdout.write(`${uname?.stdout ?? ''}${uname?.stderr ?? ''}`)
    ok = main.exitCode === 0 && uname?.status === 0
  } finally {
    const result = await post()
    ok &&= result.exitCode === 0
  }
  const id = main?.state['sandbox-id'] ?? main?.outputs['sandbox-id']
  if (id) {
    const status = await statusOf(id)
    console.log(`Sandbox ${id} after the post step: ${status}.`)
    if (LIVE.has(status)) {
      console.error(`live-check: ${id} is still live after the post step; its TTL (10 minutes) ends it.`)
      ok = false
    }
  }
  return ok
}

const proxy = await startProxy(baseUrl)
const home = mkdtempSync(join(tmpdir(), 'live-check-home-'))
const work = mkdtempSync(join(tmpdir(), 'live-check-'))
mkdirSync(join(home, '.ssh'), { mode: 0o700 })
mkdirSync(join(work, 'temp'))
console.log(`${plan(baseUrl)}\n`)
// A crash still prints the table of what was seen (the post step has run by then: lifecycle's finally).
const passed = await lifecycle(proxy, home, work).catch((error: unknown) => {
  console.error(`live-check: ${(error as Error).message.replaceAll(token, '***')}`)
  return false
})
await proxy.close()
rmSync(home, { recursive: true, force: true })
rmSync(work, { recursive: true, force: true })
const docs = serviceDocs(ROOT)
const table = rows(proxy.exchanges, docs)
console.log(`\n${report(table, docs)}`)
const offSchema = table.filter((row) => row.schemaOk.startsWith('no'))
if (offSchema.length > 0) console.error(`live-check: ${offSchema.length} answer(s) off the client's schemas.`)
console.log(passed && offSchema.length === 0 ? '\nlive-check: passed' : '\nlive-check: FAILED')
process.exit(passed && offSchema.length === 0 ? 0 : 1)
