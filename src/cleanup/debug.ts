/**
 * debug-on-failure (issue 32): when the main step's run failed, or a later
 * step of the job did (GitHub's record of this job, read with github-token), the post step
 * gets the service to sign a certificate for `debug-public-key` (never the
 * action's own key or certificate), prints a ready-to-paste connection, and
 * holds the sandbox until the time is up, the file `~/.gpu-sandbox-release`
 * appears on it (seen over the action's own SSH access), or the job is
 * cancelled; then the post step stops it as always. The enforced TTL still
 * bounds everything. Any failure here stops at once and says why.
 */
import type { CleanupConfig } from '../inputs/config.ts'
import type { DebugRequest } from '../inputs/debug.ts'
import { runScript } from '../remote/ssh-command.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { quickRead } from '../sandbox/eventual.ts'
import { pinnableEndpoint } from '../ssh/access.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { ActionState } from '../step/state.ts'
import { formatDuration } from '../step/summary.ts'
import { registry } from './runner.ts'

export const RELEASE_FILE = '.gpu-sandbox-release'
const CHECK_EVERY_MS = 2_000

/** The connection a person pastes: the certificate file, the pinned host key, the command. */
function connection(
  id: string,
  endpoint: { host: string; port: number; user: string; hostKey?: string },
  cert: string,
) {
  const pattern = endpoint.port === 22 ? endpoint.host : `[${endpoint.host}]:${endpoint.port}`
  return [
    `debug-on-failure: ${id} is held for you. On your machine, with the private key of debug-public-key:`,
    `  1. Save this certificate as ~/.ssh/gpu-sandbox-debug-cert.pub:`,
    `     ${cert}`,
    `  2. Save this host key line as ~/.ssh/gpu-sandbox-debug-known_hosts:`,
    `     ${pattern} ${endpoint.hostKey ?? ''}`,
    `  3. ssh -i <your private key> -o CertificateFile=~/.ssh/gpu-sandbox-debug-cert.pub ` +
      `-o UserKnownHostsFile=~/.ssh/gpu-sandbox-debug-known_hosts -o StrictHostKeyChecking=yes ` +
      `-p ${endpoint.port} ${endpoint.user}@${endpoint.host}`,
    `  When you are done: touch ~/${RELEASE_FILE} (the post step then stops the sandbox at once).`,
  ]
}

async function released(deps: CleanupDeps, access: { configPath: string; alias: string }): Promise<boolean> {
  const target = { configPath: access.configPath, alias: access.alias }
  const check = `test -e "$HOME/${RELEASE_FILE}" && echo released`
  const { stdout } = await runScript(target, check, [], '', process.env, deps.cancelWait)
  return stdout.trim() === 'released'
}

/** Holds a failed run's sandbox for debugging when asked; returns once it may be stopped. */
export async function holdForDebugging(
  deps: CleanupDeps,
  state: ActionState,
  cleanupInputs: () => CleanupConfig,
): Promise<void> {
  const config = cleanupInputs()
  const [access, id, debug] = [state.debugAccess, state.sandboxId, config.debug()]
  if (!access || !id || !debug || config.keepAlive) return
  const failure = state.mainFailure ?? (await jobFailure(deps, config))
  if (!failure) return
  const { core } = deps
  const client = deps.makeClient(config)
  let lines: string[]
  try {
    const { ssh_certificate: cert, expires_at: expires } = await client.requestSshCertificate(debug.publicKey)
    const found = pinnableEndpoint(await quickRead({ client, clock: deps.clock, signal: deps.cancelWait }, id))
    if ('problem' in found) throw new Error(`the sandbox record${found.problem}`)
    lines = connection(id, found.endpoint, serviceText(cert.trim(), 8_000))
    if (expires) lines.push(`  The certificate is valid until ${serviceText(expires, 40)}.`)
  } catch (error) {
    core.info(`debug-on-failure: no way in could be made (${(error as Error).message}); stopping the sandbox now.`)
    return
  }
  core.info(`debug-on-failure: the run failed (${failure}); holding ${id} for ${formatDuration(debug.holdMs)}.`)
  for (const line of lines) core.info(line)
  await hold(deps, access, debug)
}

/**
 * Whether a later step of this job failed (the main step's run passed): GitHub's record of this job (the
 * run attempt's job whose runner is this runner) names a failed step. Unreadable: no hold, and the log says so.
 */
async function jobFailure(deps: CleanupDeps, config: CleanupConfig): Promise<string | undefined> {
  const runnerName = process.env.RUNNER_NAME
  const runner = config.runner()
  const github = registry(deps, runner, deps.signal)
  if (!runnerName || !github || !runner.workflowRun) return undefined
  const log = (message: string) => deps.core.info(message)
  try {
    const jobs = await github.jobsOf(runner.workflowRun)
    const ours = jobs.find((job) => job.runnerName === runnerName && job.status !== 'completed')
    return ours?.failedStep ? `the step '${serviceText(ours.failedStep, 80)}' failed` : undefined
  } catch (error) {
    log(`debug-on-failure: this job's steps could not be read (${(error as Error).message}); no hold.`)
    return undefined
  }
}

async function hold(deps: CleanupDeps, access: { configPath: string; alias: string }, debug: DebugRequest) {
  const until = deps.clock.now() + debug.holdMs
  for (;;) {
    if (deps.cancelWait?.aborted) return deps.core.info('debug-on-failure: the job was cancelled; stopping now.')
    if (await released(deps, access).catch(() => false))
      return deps.core.info(`debug-on-failure: ~/${RELEASE_FILE} appeared; stopping now.`)
    if (deps.clock.now() >= until) return deps.core.info('debug-on-failure: the time is up; stopping now.')
    await deps.clock.sleep(Math.min(CHECK_EVERY_MS, until - deps.clock.now()), deps.cancelWait).catch(() => undefined)
  }
}
