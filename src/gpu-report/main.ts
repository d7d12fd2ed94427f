/**
 * gpu-report in the main step: the sampler starts on a ready GPU sandbox over the action's own SSH (state
 * tells the post step how to fetch it), and `run` reports at its end (outputs for later steps; the post step then has
 * nothing to fetch). Neither ever fails the step: a sampler that cannot start costs the report only.
 */
import { fetchOrWhy } from './fetch.ts'
import { publishGpuReport } from './publish.ts'
import type { StartConfig } from '../inputs/config.ts'
import { whileConnecting } from '../remote/job.ts'
import { SamplerUnreachableError, startSampler } from './sampler.ts'
import type { SshTarget } from '../remote/ssh-command.ts'
import type { StartedSandbox } from '../sandbox/start.ts'
import { stepEnvironment, type StepDeps } from '../step/deps.ts'
import { ActionState, type SavedGpuReport } from '../step/state.ts'
import { remoteContext } from '../sandbox/remote-context.ts'
import type { FaultWatch } from '../gpu-fault/verdict.ts'

/** How much earlier than the step saw ready an Xid may be stamped and still be this job's. */
const CLOCK_SLACK_MS = 5_000

const failedToConnect = (error: unknown) => error instanceof SamplerUnreachableError && error.connection

/** Starts the sampler where gpu-report is on and the sandbox has a GPU; what the post step needs, or undefined. */
export async function startGpuSampling(
  config: StartConfig,
  deps: StepDeps,
  started: StartedSandbox,
  target: SshTarget,
  readyAt: number,
): Promise<SavedGpuReport | undefined> {
  if (!config.gpuReport || !started.gpuType) return undefined
  const { core } = deps
  const context = remoteContext(deps, started.id, target, 'host')
  try {
    const start = () => startSampler(target, context.env, deps.signal)
    const said = await whileConnecting(context, 'GPU report', start, failedToConnect)
    if (said === 'no nvidia-smi') {
      core.warning(`GPU report: ${started.id} has no nvidia-smi, so there is nothing to sample; no GPU report.`)
      return undefined
    }
    const saved: SavedGpuReport = {
      ...target,
      gpuType: started.gpuType,
      gpuCount: config.gpuCount ?? 1,
      cpu: config.cpu,
      memoryGib: config.memoryGib,
      storageGib: config.storageGib,
      // The kernel's clock and the runner's may differ by seconds (journald's lines have whole seconds).
      since: readyAt - CLOCK_SLACK_MS,
    }
    new ActionState(core).saveGpuReport(saved)
    const by = config.run ? 'the end of run' : 'the post step'
    core.info(
      `GPU report: sampling the GPUs of ${started.id} once a second in the background (${said}); ${by} reports.`,
    )
    return saved
  } catch (error) {
    if (deps.signal.aborted) throw error
    core.warning(`GPU report: the sampler could not be started on ${started.id} (${(error as Error).message}).`)
    return undefined
  }
}

/**
 * `run` has ended: fetch (and end) the sampler, report, and tell the post step it is done; what the fault watch saw
 * (the caller's error names a machine's fault first).
 */
export async function reportAtRunEnd(
  deps: StepDeps,
  started: StartedSandbox,
  saved: SavedGpuReport,
  use: { acceptedAt: number; failed: boolean },
): Promise<FaultWatch | undefined> {
  const env = stepEnvironment(deps)
  const { fetched, why } = await fetchOrWhy(saved, env, { end: true, signal: deps.signal })
  // Cancelled: the post step fetches what is there, and reports.
  if (deps.signal.aborted) return undefined
  const { figure, watch } = await publishGpuReport(deps.core, {
    sandboxId: started.id,
    fetched,
    why,
    ran: saved,
    livedMs: deps.clock.now() - use.acceptedAt,
    failed: use.failed,
    prices: () => deps.client.getPricing(deps.signal),
    tempDir: env.RUNNER_TEMP,
    now: deps.clock.now(),
    errorSaysIt: true,
  })
  new ActionState(deps.core).saveGpuReport({ ...saved, reported: true, figure })
  return watch
}
