/**
 * The GPU health check of a ready sandbox, over the action's own
 * key and certificate (a config of its own in a fresh private directory, so
 * the later steps' config and Include line are written only for the sandbox
 * that is kept). A sandbox that fails it is stopped here, by the step that
 * started it, and stays in state until the stop is accepted; the caller then
 * starts another, at most MAX_REPLACEMENTS times.
 */
import type { SandboxRecord } from '../client/schemas.ts'
import type { StartConfig } from '../inputs/config.ts'
import { generateSandboxName } from '../inputs/default-name.ts'
import { jobEnvironmentFromEnv } from '../inputs/job-environment.ts'
import { describeReading, gpuProblems, readGpus } from './remote.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { StartedSandbox } from '../sandbox/start.ts'
import { describeStopOutcome, stopSandbox } from '../sandbox/stop.ts'
import { writeSshFiles } from '../ssh/config-files.ts'
import { pinnableEndpoint, SshUnavailableError, type PreparedSandboxSsh } from '../ssh/access.ts'
import { privateDirectory } from '../ssh/secret-files.ts'
import { opContext, stepEnvironment, type StepDeps } from '../step/deps.ts'
import { summaryText } from '../runtime/untrusted.ts'
import { ActionState } from '../step/state.ts'
import { remoteContext } from '../sandbox/remote-context.ts'

export const MAX_REPLACEMENTS = 2
/** How long the stop of a sandbox that failed the check may take before the step gives up on replacing it. */
const STOP_FOR_MS = 5 * 60_000

/** What one sandbox showed, for the log, the summary and the error. */
export interface GpuCheckRow {
  id: string
  gpu: string
  showed: string
  problems: string[]
}

export async function checkSandboxGpus(
  deps: StepDeps,
  config: StartConfig,
  started: StartedSandbox,
  prepared: PreparedSandboxSsh,
  record: SandboxRecord,
): Promise<GpuCheckRow> {
  const found = pinnableEndpoint(record)
  if ('problem' in found) throw new SshUnavailableError(`the sandbox record${found.problem}`)
  const dir = privateDirectory(prepared.dir)
  const { configPath } = writeSshFiles(dir, 'gpu-check', found.endpoint, prepared.keyPath, prepared.certPath)
  const context = remoteContext(deps, started.id, { configPath, alias: 'gpu-check' }, 'host')
  const reading = await readGpus(context)
  const gpu = `${config.gpuCount ?? 1} x ${started.gpuType ?? '?'}`
  const expected = { type: started.gpuType ?? '', count: config.gpuCount ?? 1, minDriver: config.gpuCheck?.minDriver }
  const row = { id: started.id, gpu, showed: describeReading(reading), problems: gpuProblems(reading, expected) }
  const verdict = row.problems.length === 0 ? 'healthy' : `failed: ${row.problems.join('; ')}`
  deps.core.info(`GPU check of ${started.id} (${gpu}): ${row.showed}: ${verdict}.`)
  return row
}

/**
 * Stops a sandbox before it is used (it failed the GPU check, or is beyond max-live); throws (the post
 * step stops it then) when the stop is not accepted in time. `because` starts the log line.
 */
export async function stopBeforeUse(deps: StepDeps, id: string, acceptedAt: number, because: string): Promise<void> {
  const result = await stopSandbox(opContext(deps), id, deps.clock.now() + STOP_FOR_MS, { acceptedAt })
  // From here the post step has nothing to do for it (until the next start saves its own id).
  new ActionState(deps.core).saveStoppedByMainStep(id)
  deps.core.info(`${because}: ${describeStopOutcome(id, result)}`)
}

/** The start to try next: a generated name is generated anew; a name the user chose goes through the name rules. */
export function nextAttempt(config: StartConfig, deps: StepDeps): StartConfig {
  if (!config.nameWasGenerated) return config
  return { ...config, name: generateSandboxName(jobEnvironmentFromEnv(stepEnvironment(deps))) }
}

/** The table of every sandbox checked, Markdown (the summary) with every cell escaped. */
export function gpuCheckTable(rows: readonly GpuCheckRow[]): string {
  const cell = (text: string) => summaryText(text, 400)
  const lines = rows.map(
    (row) =>
      `| ${cell(row.id)} | ${cell(row.gpu)} | ${cell(row.showed)} | ` +
      `${cell(row.problems.length === 0 ? 'healthy' : row.problems.join('; '))} |`,
  )
  return ['| sandbox | started | nvidia-smi showed | verdict |', '|---|---|---|---|', ...lines].join('\n')
}

/** The step's error after the last replacement failed too: what each sandbox showed, one line each. */
export function allFailedError(rows: readonly GpuCheckRow[]): Error {
  const lines = rows.map((row) => `${row.id} (${row.gpu}): ${row.showed}: ${row.problems.join('; ')}`)
  return new Error(
    `GPU check: ${rows.length} sandboxes failed it and were stopped; none was used.\n` +
      `${lines.map((line) => serviceText(line, 400)).join('\n')}\n` +
      'Try another gpu-type, or set gpu-check: false to use a GPU as it comes.',
  )
}
