/**
 * npm start: run the bundled action end to end against the embedded emulator,
 * the way the runner does (main step, then post step), and show what a
 * workflow author would see. Extra inputs: `npm start -- gpu-type=H100 cpu=8`.
 * `jobs=N` runs N jobs one after another against one emulator (with `pool`:
 * the first starts cold, the next claim the sandbox the one before refilled),
 * then drains the pool so nothing is left live. `keeper=true` first runs
 * `mode: pool` as the default branch's keeper would (a push), keeping the pool
 * of the jobs' trust domain and preparing it with `pool-prepare`; `event=
 * pull_request` runs the jobs as a pull request's (they only claim, or prepare
 * their own). Each sandbox then has a home of its own, so a job finds the
 * prepared files only on the sandbox that was prepared. `gpu-fault=79@3`: the
 * first GPU sandbox's GPU 0 logs that Xid 3 s after ready (79 also takes it
 * off the bus), as the real driver does: the verdict, and with
 * `retry-on-gpu-fault=1` the retry on a fresh sandbox, in one command.
 */
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../emulator/emulator.ts'
import { isGeneration, type Generation } from '../emulator/generation.ts'
import { ROOT, actionYaml, runStep, type StepResult } from './lib/action-runner.ts'
import { distIsCurrent } from './source-hash.ts'
import { eventEnvironment } from './lib/event.ts'
import type { GpuFaultPlan } from '../emulator/gpu-faults.ts'

const bundles = ['main', 'post'].map((step) => join(ROOT, 'dist', step, 'index.js'))
// By content: on a fresh clone the committed bundle is the build of the committed sources, whatever the mtimes say.
if (bundles.some((file) => !existsSync(file)) || !distIsCurrent()) {
  console.log('Building dist/ (src/ has changed since dist/ was built) ...')
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit' })
}

const extra: Record<string, string> = {}
// generation=v1|current chooses the emulator's service (default: current, as deployed); everything else is an input.
let generation: Generation = 'current'
let hold = false
let keeper = false
let event: string | undefined
let jobs = 1
let fault: GpuFaultPlan | undefined
for (const arg of process.argv.slice(2)) {
  const planted = /^gpu-fault=(\d{1,3})@(\d{1,4})$/.exec(arg)
  if (planted) {
    fault = { kind: 'xid', code: Number(planted[1]), afterMs: Number(planted[2]) * 1000 }
    continue
  }
  if (arg.startsWith('gpu-fault=')) {
    console.error(`gpu-fault is an Xid code and the seconds after ready, e.g. gpu-fault=79@3; got '${arg}'.`)
    process.exit(2)
  }
  if (arg === 'keeper=true') {
    keeper = true
    continue
  }
  if (arg === 'event=pull_request' || arg === 'event=push') {
    event = arg.slice('event='.length)
    continue
  }
  if (arg === 'hold=true') {
    hold = true
    continue
  }
  if (arg.startsWith('jobs=')) {
    jobs = Number(arg.slice('jobs='.length))
    if (!Number.isInteger(jobs) || jobs < 1 || jobs > 10) {
      console.error(`jobs must be a whole number from 1 to 10, got '${arg.slice('jobs='.length)}'.`)
      process.exit(2)
    }
    continue
  }
  if (arg.startsWith('generation=')) {
    const value = arg.slice('generation='.length)
    if (!isGeneration(value)) {
      console.error(`generation must be v1 or current, got '${value}'.`)
      process.exit(2)
    }
    generation = value
    continue
  }
  const eq = arg.indexOf('=')
  if (eq < 1) {
    console.error(`Arguments are inputs as name=value, e.g. gpu-type=H100; got '${arg}'.`)
    process.exit(2)
  }
  extra[arg.slice(0, eq)] = arg.slice(eq + 1)
}
// As the runner does: an input action.yml does not declare is ignored, with a warning (gpu_type is not gpu-type).
const declared = Object.keys(actionYaml().inputs)
const unexpected = Object.keys(extra).filter((name) => !declared.includes(name))
if (unexpected.length > 0) {
  const hints = unexpected.map((name) => {
    const near = declared.find((input) => input === name.toLowerCase().replace(/_/g, '-'))
    return near ? `'${name}' (did you mean '${near}'?)` : `'${name}'`
  })
  console.warn(
    `Warning: Unexpected input(s) ${hints.join(', ')}: ignored. Valid inputs are ${declared.map((n) => `'${n}'`).join(', ')}.\n`,
  )
}

// Any input that needs SSH (ssh, run, runner, mode: connect) gets the emulator's certificate authority and a real
// sshd on loopback (where installed).
const needsSsh =
  extra.ssh === 'true' ||
  (extra.run ?? '').trim() !== '' ||
  extra.runner === 'true' ||
  extra.mode === 'connect' ||
  (extra.pool ?? '') !== ''
const emulator = new Emulator({
  provisioningMs: 1_500,
  generation,
  ssh: needsSsh,
  ...(keeper ? { sshHost: { perSandbox: true } } : {}),
  ...(fault ? { gpuFaultPlans: [[fault]] } : {}),
})
const baseUrl = await emulator.start()
const inputs: Record<string, string> = { 'api-token': emulator.token, 'base-url': baseUrl, ...extra }
console.log(`Emulator (${generation}) at ${baseUrl}. Inputs: ${JSON.stringify({ ...inputs, 'api-token': '***' })}`)
if (emulator.sshService) console.log(`Sandbox host: ${emulator.sshService.facts}.`)
console.log('')

// A HOME of its own: the action's Include line never touches your ~/.ssh/config.
const home = mkdtempSync(join(tmpdir(), 'npm-start-home-'))
const env: Record<string, string> = { HOME: home }
/** The event a step runs for, with its payload where the runner writes it (the pool's trust domain comes from it). */
function eventEnv(name: string | undefined): Record<string, string> {
  if (!name) return env
  if (name !== 'push' && name !== 'pull_request') return { ...env, GITHUB_EVENT_NAME: name }
  return { ...env, ...eventEnvironment(join(home, `${name}.json`), name) }
}
const jobEnv = eventEnv(event)
function show(title: string, step: StepResult) {
  console.log(`==== ${title} step (exit code ${step.exitCode}) ====`)
  process.stdout.write(step.stdout)
  if (step.stderr) process.stdout.write(step.stderr)
  console.log(`---- ${title} outputs ----`)
  for (const [name, value] of Object.entries(step.outputs)) console.log(`${name}: ${value}`)
  if (step.summary.trim()) console.log(`---- ${title} job summary ----\n${step.summary}`)
  console.log('')
}

/** One job: main step, then post step, in a work directory of its own. */
async function runJob(label: string): Promise<boolean> {
  const workDir = mkdtempSync(join(tmpdir(), 'npm-start-'))
  mkdirSync(join(workDir, 'temp'))
  const main = await runStep('main', { inputs, env: jobEnv, workDir })
  if (hold) {
    show(`${label}main`, main)
    const command = main.outputs['ssh-command']
    console.log(command ? `Try it:  ${command} 'uname -a'\n` : 'No ssh-command output (run with ssh=true for one).\n')
    console.log('hold=true: the sandbox (and sshd) stay up until Ctrl-C; then the post step runs.')
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()))
  } else show(`${label}main`, main)
  const post = await runStep('post', { inputs, env: jobEnv, workDir, state: main.state })
  show(`${label}post`, post)
  rmSync(workDir, { recursive: true, force: true })
  return main.exitCode === 0 && post.exitCode === 0
}

/** Until nothing is provisioning: the next job arrives once the pool's sandbox is ready. */
async function poolSettled(): Promise<void> {
  for (let k = 0; k < 600 && emulator.liveSandboxes().some((s) => s.status !== 'running'); k++)
    await new Promise((resolve) => setTimeout(resolve, 50))
}

/** The keepers' inputs: the jobs' pool, kept (pool-for) for the jobs' domain by a push of the default branch. */
const keeperInputs = () => {
  const { run: _run, upload: _upload, download: _download, ...rest } = inputs
  const domain = event === 'pull_request' ? 'pull-requests' : 'branches'
  return { ...rest, mode: 'pool', 'pool-for': domain }
}

let passed = true
if (keeper) {
  // As the default branch's keeper: start and prepare the pool before the jobs come (one pass waits for that).
  const kept = await runStep('main', { inputs: keeperInputs(), env: eventEnv('push') })
  show('keeper (mode: pool, for a push)', kept)
  passed = kept.exitCode === 0
}
for (let k = 1; k <= jobs; k++) {
  if (jobs > 1) console.log(`######## job ${k} of ${jobs} ########\n`)
  passed = (await runJob(jobs > 1 ? `job ${k}: ` : '')) && passed
  if (extra.pool && k < jobs) await poolSettled()
}
if (extra.pool && (extra.mode ?? 'start') === 'start') {
  // What a scheduled mode: pool with pool-size 0 does at night: nothing of the pool is left live.
  await poolSettled()
  const drainInputs = keeper ? { ...keeperInputs(), 'pool-size': '0' } : { ...inputs, mode: 'pool', 'pool-size': '0' }
  const drain = await runStep('main', { inputs: drainInputs, env: eventEnv(keeper ? 'push' : undefined) })
  console.log(`Drained pool '${extra.pool}' (mode: pool, pool-size: 0): ${drain.outputs.pool ?? drain.stdout}`)
}
rmSync(home, { recursive: true, force: true })
const live = await emulator.settle()
console.log(`Sandboxes started: ${emulator.sandboxes.length}; still live after the post step: ${live.length}.`)
await emulator.close()
process.exit(passed && live.length === 0 ? 0 : 1)
