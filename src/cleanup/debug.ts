/**
 * debug-on-failure: when the main step's run failed, or a later
 * step of the job did (GitHub's record of this job, read with github-token), the post step
 * gets the service to sign a certificate for `debug-public-key` (never the
 * action's own key or certificate), prints a ready-to-paste connection, and
 * holds the sandbox until the time is up, the file `~/.gpu-sandbox-release`
 * appears on it (seen over the action's own SSH access), or the job is
 * cancelled; then the post step stops it as always. The enforced TTL still
 * bounds everything. A hold that cannot be made (no endpoint, no certificate,
 * this job's steps unreadable) is a warning naming debug-on-failure, then the
 * stop; a fork's pull request gets one warning that the hold is refused.
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
import { registry } from '../runner/post.ts'

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
  const failure = await failureOf(deps, state, config)
  if (!failure) return
  const lines = await wayIn(deps, config, id, debug).catch((error: unknown) => {
    // A hold that cannot be made is said where the person who asked for it looks: an annotation.
    deps.core.warning(`debug-on-failure: no hold: ${(error as Error).message}; stopping the sandbox now.`)
    return undefined
  })
  if (!lines) return
  deps.core.info(`debug-on-failure: the run failed (${failure}); holding ${id} for ${formatDuration(debug.holdMs)}.`)
  for (const line of lines) deps.core.info(line)
  await hold(deps, access, debug)
}

/** A fork's pull request: its run ran; a failed one is not held, and one warning says why. */
export async function refuseForkHold(
  deps: CleanupDeps,
  state: ActionState,
  cleanupInputs: () => CleanupConfig,
): Promise<void> {
  if (!state.sandboxId) return
  const config = cleanupInputs()
  const debug = config.debug()
  if (!debug?.refused || config.keepAlive) return
  const failure = await failureOf(deps, state, config)
  if (failure)
    deps.core.warning(`debug-on-failure: the run failed (${failure}), but ${debug.refused}. Stopping the sandbox now.`)
}

/** The connection lines: the sandbox's pinned endpoint first (no certificate is asked for without one). */
async function wayIn(deps: CleanupDeps, config: CleanupConfig, id: string, debug: DebugRequest): Promise<string[]> {
  const client = deps.makeClient(config)
  const found = pinnableEndpoint(await quickRead({ client, clock: deps.clock, signal: deps.cancelWait }, id))
  if ('problem' in found) throw new Error(`the sandbox record${found.problem}`)
  const signed = await client.requestSshCertificate(debug.publicKey).catch((error: unknown) => {
    throw new Error(`the service signed no certificate for debug-public-key (${(error as Error).message})`)
  })
  const lines = connection(id, found.endpoint, serviceText(signed.ssh_certificate.trim(), 8_000))
  if (signed.expires_at) lines.push(`  The certificate is valid until ${serviceText(signed.expires_at, 40)}.`)
  return lines
}

/** Why the run counts as failed: the main step's run, else a later step of this job (GitHub's record). */
async function failureOf(deps: CleanupDeps, state: ActionState, config: CleanupConfig) {
  return state.mainFailure ?? (await jobFailure(deps, config))
}

/**
 * Whether a later step of this job failed (the main step's run passed): GitHub's record of this job (the
 * run attempt's job whose runner is this runner) names a failed step. Unreadable: no hold, and a warning says so.
 */
async function jobFailure(deps: CleanupDeps, config: CleanupConfig): Promise<string | undefined> {
  const runnerName = process.env.RUNNER_NAME
  const runner = config.runner()
  const github = registry(deps, runner, deps.signal)
  if (!runnerName || !github || !runner.workflowRun) return undefined
  try {
    const jobs = await github.jobsOf(runner.workflowRun)
    const ours = jobs.find((job) => job.runnerName === runnerName && job.status !== 'completed')
    return ours?.failedStep ? `the step '${serviceText(ours.failedStep, 80)}' failed` : undefined
  } catch (error) {
    deps.core.warning(
      `debug-on-failure: no hold: this job's steps could not be read, so a failed later step cannot be seen ` +
        `(${(error as Error).message}).`,
    )
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
