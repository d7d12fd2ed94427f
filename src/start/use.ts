/**
 * Start mode once the sandbox is settled and kept: fail for a failed one, else
 * give later steps SSH access (config, Include line, renewer) and carry out
 * `run` or `runner: true` on it.
 */
import type { StartConfig } from '../inputs/config.ts'
import type { SshTarget } from '../remote/ssh-command.ts'
import { registerRunner } from '../runner/register.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { endsAtMs, failureReason } from '../sandbox/record.ts'
import type { StartedSandbox } from '../sandbox/start.ts'
import { isFailed } from '../sandbox/status.ts'
import { finishSandboxSsh, keepCertificateFresh, type PreparedSandboxSsh } from '../ssh/access.ts'
import type { StepDeps } from '../step/deps.ts'
import { ActionState, type SavedGpuReport } from '../step/state.ts'
import { reportAtRunEnd, startGpuSampling } from '../gpu-report/main.ts'
import { dirname } from 'node:path'
import { remoteContext } from '../sandbox/remote-context.ts'
import { runOnSandbox } from '../run/main.ts'
import type { WaitOutcome } from './summary.ts'
import type { PoolPreparation } from '../inputs/pool.ts'
import { prepareOwnSandbox } from '../pool/own.ts'
import { pendingIds } from '../pool/main.ts'
import { dropSshAccess } from '../cleanup/ssh.ts'
import { GpuFaultError } from '../gpu-fault/error.ts'
import { programLine } from '../gpu-fault/text.ts'
import { machineFault, type FaultWatch } from '../gpu-fault/verdict.ts'

/** How this sandbox is used: the step's SSH, a preparation of its own, and what a GPU fault may still cost. */
export interface Use {
  acceptedAt: number
  /** When this step saw the sandbox ready: the GPU fault watch counts from then. */
  readyAt: number
  prepared: PreparedSandboxSsh | undefined
  prepareOwn?: PoolPreparation
  /** More attempts a run the GPU failed may have (retry-on-gpu-fault, less those made). */
  retriesLeft?: number
}

/** After the summary: fail for a failed sandbox, else finish SSH and carry out run or runner. */
export async function useReady(
  config: StartConfig,
  deps: StepDeps,
  started: StartedSandbox,
  waited: WaitOutcome,
  ssh: Use,
): Promise<void> {
  if (waited.error) throw waited.error
  if (isFailed(waited.status)) {
    const failure = failureReason(waited.known)
    const why = failure ? `: ${failure}` : ''
    throw new Error(
      `Sandbox ${started.id} failed to provision (status 'failed')${why}. ` +
        `The post step stops it; see the 'sandbox' output for the record.`,
    )
  }
  let configPath: string | undefined
  if (config.ssh && ssh.prepared && waited.record) {
    configPath = finishSandboxSsh(deps, config.ssh, ssh.prepared, waited.record)
    if (config.debug && !config.debug.refused)
      new ActionState(deps.core).saveDebugAccess({ configPath, alias: config.ssh.alias })
    const ttl = config.ttlByType?.[started.gpuType ?? 'cpu'] ?? config.maxTtlSeconds
    const byTtl = config.enforceTtl ? ssh.acceptedAt + ttl * 1000 : undefined
    await keepCertificateFresh(deps, config, ssh.prepared, started.id, endsAtMs(waited.record, byTtl))
  }
  deps.core.info(`Sandbox ${started.id} is ${serviceText(waited.status)}.`)
  if (!config.ssh || !configPath) return
  const target = { configPath, alias: config.ssh.alias }
  const placement = config.image === undefined ? 'host' : 'image'
  if (ssh.prepareOwn)
    await prepareOwnSandbox(deps, { id: started.id, target, placement }, ssh.prepareOwn, config.timeoutMs)
  const sampling = await startGpuSampling(config, deps, started, target, ssh.readyAt)
  const watched = sampling && { saved: sampling, acceptedAt: ssh.acceptedAt }
  await useSandbox(config, deps, started, target, { sampling: watched, retriesLeft: ssh.retriesLeft ?? 0 })
}

/**
 * A run's error once the fault watch has spoken: a machine's fault goes first (a GpuFaultError, to retry where
 * attempts are left); a program's fault is added after the run's own words; anything else stays as it was.
 */
function runError(error: unknown, watch: FaultWatch | undefined, retriesLeft: number): unknown {
  const first = machineFault(watch)
  if (first && error instanceof Error) return new GpuFaultError(first, error, retriesLeft > 0)
  const program = watch?.faults.find((fault) => fault.kind === 'program')
  if (program && error instanceof Error) error.message = `${error.message}\n${programLine(program)}`
  return error
}

/** What `run` or `runner: true` does with the ready sandbox, over the action's own SSH access. */
async function useSandbox(
  config: StartConfig,
  deps: StepDeps,
  started: StartedSandbox,
  target: SshTarget,
  use: { sampling: { saved: SavedGpuReport; acceptedAt: number } | undefined; retriesLeft: number },
): Promise<void> {
  const sandboxId = started.id
  const { sampling } = use
  if (config.run) {
    let failure: unknown
    try {
      await runOnSandbox(deps, config.run, sandboxId, target, config.image === undefined ? 'host' : 'image')
    } catch (error) {
      failure = error
    }
    // The outputs are for later steps: run reports at its end (the post step then has nothing to fetch).
    const failed = failure !== undefined
    const watch = sampling && (await reportAtRunEnd(deps, started, sampling.saved, { ...sampling, failed }))
    if (failed) throw deps.signal.aborted ? failure : runError(failure, watch, use.retriesLeft)
  }
  // The runner runs on the host (a job's own `container:` gives it an image), next to ~/actions-runner.
  if (config.runner)
    await registerRunner(
      deps,
      config.runner,
      sandboxId,
      remoteContext(deps, sandboxId, target, 'host'),
      dirname(target.configPath),
    )
}

/**
 * The main step's end: with `run` alone, no later step uses the SSH access, so it goes now (the key and certificate
 * open every sandbox of the organization). Kept where the post step still needs it: a pool claim whose answer was
 * lost, a preparation cut short.
 */
export async function dropUnusedSsh(config: StartConfig, deps: StepDeps, state: ActionState): Promise<void> {
  if (!config.ssh || config.ssh.laterSteps !== false || !state.secretDirectory) return
  if (pendingIds(state).some((id) => id !== state.sandboxId)) {
    deps.core.info('SSH: kept for the post step, which asks again about a pool sandbox this step may hold.')
    return
  }
  await dropSshAccess(deps.core, state, deps.clock)
}
