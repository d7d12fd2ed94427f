/**
 * gpu-report in the post step: fetch what the sampler wrote before the stop (over the action's SSH, which
 * the post step removes after this), and report after it, when the run's length is known. A sandbox that cannot be
 * reached within the fetch's bound costs the report ("no samples"), never the stop.
 */
import type { CleanupConfig } from '../inputs/config.ts'
import { fetchSamples } from './sampler.ts'
import type { SshTarget } from '../remote/ssh-command.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { ActionState, SavedGpuReport } from '../step/state.ts'
import { publishGpuReport } from './publish.ts'
import { withTimeout } from '../runtime/abort.ts'

/** What the fetch brought (hostile text), or why it brought nothing. */
export interface FetchedGpu {
  saved: SavedGpuReport
  fetched?: string
  why?: string
}

const PRICING_TIMEOUT_MS = 15_000

/** What the sampler wrote, or why nothing came back (never throws); `end` ends the sampler after the read. */
export async function fetchOrWhy(
  target: SshTarget,
  env: NodeJS.ProcessEnv,
  options: { end: boolean; signal?: AbortSignal },
): Promise<Pick<FetchedGpu, 'fetched' | 'why'>> {
  try {
    return { fetched: await fetchSamples(target, env, options) }
  } catch (error) {
    return { why: (error as Error).message }
  }
}

/** The sampler's files, when the main step started one and did not report already. */
export async function fetchGpuSamples(
  deps: CleanupDeps,
  state: ActionState,
  keepAlive: boolean,
): Promise<FetchedGpu | undefined> {
  const saved = state.gpuReport
  if (!saved || saved.reported) return undefined
  deps.core.info('GPU report: fetching the samples before the stop.')
  // A kept sandbox keeps its sampler (its files stay bounded); one about to be stopped has it ended.
  return { saved, ...(await fetchOrWhy(saved, process.env, { end: !keepAlive, signal: deps.signal })) }
}

/** The report, once the sandbox is stopped; the comment's figure. */
export async function reportGpu(
  deps: CleanupDeps,
  state: ActionState,
  gpu: FetchedGpu,
  config: CleanupConfig,
  failed: boolean,
): Promise<string> {
  const startedAt = state.startedAt
  const signal = withTimeout(PRICING_TIMEOUT_MS, deps.signal)
  const { figure } = await publishGpuReport(deps.core, {
    sandboxId: state.sandboxId ?? 'the sandbox',
    fetched: gpu.fetched,
    why: gpu.why,
    ran: gpu.saved,
    livedMs: startedAt === undefined ? undefined : Math.max(0, deps.clock.now() - startedAt),
    failed,
    prices: () => deps.makeClient(config).getPricing(signal),
    tempDir: process.env.RUNNER_TEMP,
    now: deps.clock.now(),
  })
  return figure
}
