/**
 * `run`, after start mode has a ready sandbox and SSH access to it: upload
 * the workspace paths, run the script as a detached job whose output streams
 * into the log live, download the results (also after a failed run), set
 * `exit-code`, and fail the step when the script did.
 */
import { randomBytes } from 'node:crypto'
import { dirname } from 'node:path'
import type { RunRequest } from '../inputs/run.ts'
import { followJob, startJob, whileConnecting, type RemoteContext } from '../remote/job.ts'
import type { JobEnd } from '../remote/follow.ts'
import { CONTAINER_WORKDIR, HOST_WORKDIR } from '../remote/scripts.ts'
import type { Placement, SshTarget } from '../remote/ssh-command.ts'
import { DownloadLimitError, downloadPaths, TransferError, uploadPaths } from './transfer.ts'
import { ProgramCommands } from '../runtime/program-output.ts'
import { serviceText, summaryText } from '../runtime/untrusted.ts'
import { remoteContext } from '../sandbox/remote-context.ts'
import type { StepDeps } from '../step/deps.ts'
import { formatDuration } from '../step/summary.ts'

const isConnectionError = (error: unknown) => error instanceof TransferError && error.connection

function listed(paths: readonly string[]): string {
  return paths.map((path) => `'${path}'`).join(', ')
}

async function upload(
  deps: StepDeps,
  context: RemoteContext,
  request: RunRequest,
  workdir: string,
  privateDir: string,
): Promise<void> {
  const { core, clock } = deps
  core.startGroup(`Upload ${listed(request.upload)} to ${workdir}`)
  try {
    const began = clock.now()
    const upload = () =>
      uploadPaths(
        context.target,
        context.placement,
        request.workspace,
        request.upload,
        [privateDir],
        context.env,
        context.signal,
      )
    await whileConnecting(context, 'upload', upload, isConnectionError)
    core.info(
      `Uploaded ${listed(request.upload)} from ${request.workspace} (without ` +
        `.git) in ${formatDuration(clock.now() - began)}.`,
    )
  } finally {
    core.endGroup()
  }
}

interface Downloaded {
  copied: string[]
  /** The download passed download-limit: this fails the step, whatever the run's result. */
  overLimit?: string
}

/**
 * Brings `download` back. A path the sandbox does not have, or a failed
 * transfer, is a warning: the run's own result matters more. Only a download
 * over download-limit fails the step (the caller decides when).
 */
async function download(
  deps: StepDeps,
  context: RemoteContext,
  request: RunRequest,
  workdir: string,
  privateDir: string,
): Promise<Downloaded> {
  const { core } = deps
  if (request.download.length === 0) return { copied: [] }
  core.startGroup(`Download ${listed(request.download)} from ${workdir}`)
  try {
    const fetch = () =>
      downloadPaths(
        context.target,
        context.placement,
        request.workspace,
        request.download,
        privateDir,
        request.downloadLimit,
        context.env,
        context.signal,
      )
    const { copied, missing, refused } = await whileConnecting(context, 'download', fetch, isConnectionError)
    for (const path of missing)
      core.warning(
        `download: '${serviceText(path, 200)}' was not found in ${workdir} on the sandbox; nothing was copied for it.`,
      )
    if (refused.length > 0) {
      const count = refused.length === 1 ? '1 entry was' : `${refused.length} entries were`
      const named = refused.slice(0, 5).map((entry) => serviceText(entry, 200))
      core.warning(
        `download: ${count} not copied into the workspace: ${named.join('; ')}${refused.length > 5 ? '; …' : ''}`,
      )
    }
    if (copied.length > 0) core.info(`Downloaded ${listed(copied)} into ${request.workspace}.`)
    return { copied }
  } catch (error) {
    if (context.signal?.aborted) throw error
    if (error instanceof DownloadLimitError) return { copied: [], overLimit: error.message }
    core.warning(`download failed: ${(error as Error).message}`)
    return { copied: [] }
  } finally {
    core.endGroup()
  }
}

/** Starts the job and shows its output until it ends. */
async function runJob(deps: StepDeps, context: RemoteContext, request: RunRequest, workdir: string): Promise<JobEnd> {
  const { core, clock } = deps
  const runId = `run-${randomBytes(6).toString('hex')}`
  const pid = await startJob(context, runId, request.script)
  core.info(
    `Run: bash -e in ${workdir}${context.placement === 'image' ? ' (inside the image)' : ''}, ` +
      `as job ${runId} (pid ${pid}) that survives a dropped connection; ` +
      `its output follows.`,
  )
  const began = clock.now()
  const commands = new ProgramCommands()
  let end: JobEnd
  try {
    end = await followJob(context, runId, (line) => {
      commands.see(line)
      core.programLine(line)
    })
  } finally {
    // The program paused workflow commands and never resumed them: resumed, or the action's own would go unread.
    const resume = commands.resumeLine()
    if (resume) core.programLine(resume)
  }
  const status = 'status' in end ? `exited with ${end.status}` : 'was lost'
  core.info(`Run ${status} after ${formatDuration(clock.now() - began)}.`)
  return end
}

function runSummary(end: JobEnd, copied: readonly string[], overLimit: boolean): string {
  const result =
    'lost' in end
      ? 'ended without an exit status'
      : end.status === 0
        ? 'passed (exit 0)'
        : `failed (exit ${end.status})`
  const back = overLimit
    ? '; the download was over download-limit: nothing of it was copied'
    : copied.length > 0
      ? `; downloaded: ${copied.map((path) => summaryText(path, 200)).join(', ')}`
      : ''
  return `\n**run** ${result}${back}.\n`
}

/** Runs `request` on the sandbox; `target.configPath` lies in the step's private directory, which is never uploaded. */
export async function runOnSandbox(
  deps: StepDeps,
  request: RunRequest,
  sandboxId: string,
  target: SshTarget,
  placement: Placement,
): Promise<void> {
  const context = remoteContext(deps, sandboxId, target, placement)
  const workdir = placement === 'image' ? `${CONTAINER_WORKDIR} in the container` : HOST_WORKDIR
  const privateDir = dirname(target.configPath)
  if (request.upload.length > 0) await upload(deps, context, request, workdir, privateDir)
  let end: JobEnd
  try {
    end = await runJob(deps, context, request, workdir)
  } catch (error) {
    // Whatever became of the stream, the results the job has written so far are still wanted.
    const partial = deps.signal.aborted ? undefined : await download(deps, context, request, workdir, privateDir)
    if (partial?.overLimit) deps.core.error(partial.overLimit)
    throw error
  }
  const { copied, overLimit } = await download(deps, context, request, workdir, privateDir)
  await deps.core.appendSummary(runSummary(end, copied, overLimit !== undefined))
  // The run's own failure is the step's message; the limit is said beside it.
  if (overLimit && ('lost' in end || end.status !== 0)) deps.core.error(overLimit)
  if ('lost' in end)
    throw new Error(
      'run: the job ended without an exit status (its process is gone from the sandbox); see its output above',
    )
  deps.core.setOutput('exit-code', String(end.status))
  if (end.status !== 0) throw new Error(`run exited with ${end.status}`)
  if (overLimit) throw new Error(overLimit)
}
