/**
 * gpu-report in the post step (issue 47): fetch what the sampler wrote before the stop (over the action's SSH, which
 * the post step removes after this), and report after it, when the run's length is known. A sandbox that cannot be
 * reached within the fetch's bound costs the report ("no samples"), never the stop.
 */
import type { CleanupConfig } from '../inputs/config.ts'
import { fetchSamples } from '../remote/gpu-sampler.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { ActionState, SavedGpuReport } from '../step/state.ts'
import { publishGpuReport } from './gpu-publish.ts'

/** What the fetch brought (hostile text), or why it brought nothing. */
export interface FetchedGpu {
  saved: SavedGpuReport
  fetched?: string
  why?: string
}

const PRICING_TIMEOUT_MS = 15_000

/** The sampler's files, when the main step started one and did not report already; `end` ends the sampler. */
export async function fetchGpuSamples(
  deps: CleanupDeps,
  state: ActionState,
  keepAlive: boolean,
): Promise<FetchedGpu | undefined> {
  const saved = state.gpuReport
  if (!saved || saved.reported) return undefined
  deps.core.info('GPU report: fetching the samples before the stop.')
  try {
    // A kept sandbox keeps its sampler (its files stay bounded); one about to be stopped has it ended.
    return { saved, fetched: await fetchSamples(saved, process.env, { end: !keepAlive, signal: deps.signal }) }
  } catch (error) {
    return { saved, why: (error as Error).message }
  }
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
  const signal = AbortSignal.any([AbortSignal.timeout(PRICING_TIMEOUT_MS), ...(deps.signal ? [deps.signal] : [])])
  const report = publishGpuReport(deps.core, {
    sandboxId: state.sandboxId ?? 'the sandbox',
    fetched: gpu.fetched,
    why: gpu.why,
    ran: gpu.saved,
    livedMs: startedAt === undefined ? undefined : Math.max(0, deps.clock.now() - startedAt),
    failed,
    prices: () => deps.makeClient(config).getPricing(signal),
    tempDir: process.env.RUNNER_TEMP,
  })
  // The sandbox is stopped by now: whatever goes wrong with its report never fails the post step.
  return report.catch((error: unknown) => {
    deps.core.warning(`GPU report: ${(error as Error).message}`)
    return 'no samples'
  })
}
