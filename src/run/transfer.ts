/**
 * `upload` and `download`: a tar stream over the action's SSH connection.
 * Upload hands the local tar's pipe straight to ssh (no copy through this
 * process), so it runs as fast as a bare `tar | ssh`; `.git` is never
 * uploaded; modes and symlinks are kept. Download passes through this process,
 * which counts the bytes against download-limit on their way to tar. With
 * `image` the files pass through a staging directory on the host and
 * `docker cp` (scripts.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { formatBytes } from '../inputs/sizes.ts'
import { isInside } from '../runtime/paths.ts'
import { serviceText } from '../runtime/untrusted.ts'
import {
  collect,
  exited,
  killOnAbort,
  spawnSsh,
  SSH_CONNECTION_FAILED,
  toolEnvironment,
  type Placement,
  type SshTarget,
} from '../remote/ssh-command.ts'
import { landDownloads, type Landing } from './landing.ts'
import { DOWNLOAD, MARK, UPLOAD } from '../remote/scripts.ts'

/** A transfer failed; `connection`: ssh could not connect or the connection dropped (worth another try). */
export class TransferError extends Error {
  readonly connection: boolean
  constructor(message: string, connection: boolean) {
    super(message)
    this.name = 'TransferError'
    this.connection = connection
  }
}

/** The download brought back more than `download-limit`: nothing of it landed. Never retried. */
export class DownloadLimitError extends TransferError {
  constructor(limit: number, received: number, unpacked: number | undefined) {
    const counted =
      unpacked === undefined
        ? `more than ${formatBytes(limit)} arrived (${formatBytes(received)} when the transfer was stopped)`
        : `it came to ${formatBytes(Math.max(received, unpacked))} (${formatBytes(received)} ` +
          `received, ${formatBytes(unpacked)} unpacked)`
    super(
      `Input 'download-limit': the download is over its limit of ${formatBytes(limit)}: ` +
        `${counted}. Nothing of it was copied into the workspace. Download ` +
        `fewer or smaller paths, or raise download-limit.`,
      false,
    )
    this.name = 'DownloadLimitError'
  }
}

/** Bytes under `dir` as unpacked: the sizes of its files (a sparse file counts its full size), links not followed. */
function unpackedBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += lstatSync(join(entry.parentPath, entry.name)).size
  }
  return total
}

/** tar's arguments for workspace-relative paths (`./x`, so no path can read as an option). */
function memberArguments(paths: readonly string[]): string[] {
  return paths.map((path) => (path === '.' ? '.' : `./${path}`))
}

/** The last lines of a tool's stderr, for a message (service text: the sandbox wrote some of it). */
function tail(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith(MARK))
  return lines.length > 0 ? `: ${serviceText(lines.slice(-3).join(' / '))}` : ''
}

interface Pipeline {
  from: ChildProcess
  to: ChildProcess
}

/** Waits for both ends; throws a TransferError naming the side that failed. */
async function finish(
  pipe: Pipeline,
  what: string,
  sshSide: 'from' | 'to',
  stderr: { from: () => string; to: () => string },
): Promise<void> {
  const [fromCode, toCode] = await Promise.all([exited(pipe.from), exited(pipe.to)])
  const sshCode = sshSide === 'from' ? fromCode : toCode
  const tarCode = sshSide === 'from' ? toCode : fromCode
  const sshErr = sshSide === 'from' ? stderr.from() : stderr.to()
  const tarErr = sshSide === 'from' ? stderr.to() : stderr.from()
  if (sshCode === SSH_CONNECTION_FAILED)
    throw new TransferError(`${what}: the SSH connection failed${tail(sshErr)}`, true)
  if (sshCode !== 0) throw new TransferError(`${what}: tar on the sandbox exited with ${sshCode}${tail(sshErr)}`, false)
  if (tarCode !== 0) throw new TransferError(`${what}: tar on the runner exited with ${tarCode}${tail(tarErr)}`, false)
}

/** `--exclude` for each of `private` inside the workspace (members are `./…`, see memberArguments). */
function privateExcludes(workspace: string, privateDirs: readonly string[]): string[] {
  return privateDirs
    .filter((dir) => isInside(workspace, dir))
    .map((dir) => relative(workspace, dir))
    .filter((rel) => rel !== '')
    .map((rel) => `--exclude=./${rel.split(sep).join('/')}`)
}

/**
 * Copies workspace `paths` into the sandbox's working directory. `privateDirs`
 * (the step's key and certificate directory) are never sent, even when a
 * runner keeps its RUNNER_TEMP inside the workspace.
 */
export async function uploadPaths(
  target: SshTarget,
  placement: Placement,
  workspace: string,
  paths: readonly string[],
  privateDirs: readonly string[],
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<void> {
  const excludes = ['--exclude=.git', ...privateExcludes(workspace, privateDirs)]
  const tar = spawn('tar', ['-C', workspace, ...excludes, '-cf', '-', '--', ...memberArguments(paths)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: toolEnvironment(env),
  })
  const ssh = spawnSsh(target, UPLOAD, [placement], [tar.stdout ?? 'ignore', 'ignore', 'pipe'], env)
  const stops = [killOnAbort(tar, signal), killOnAbort(ssh, signal)]
  const stderr = { from: collect(tar.stderr), to: collect(ssh.stderr) }
  // ssh reads tar's pipe itself: this process lets go of its end, so a tar whose reader died gets SIGPIPE.
  tar.stdout?.destroy()
  try {
    await finish({ from: tar, to: ssh }, 'upload', 'to', stderr)
  } finally {
    for (const stop of stops) stop()
  }
}

/**
 * Receives the sandbox's archive into `staging`, counting the bytes as they
 * pass (this process sits between ssh and tar for that); past `limit` both
 * are killed at once. Resolves with the bytes received.
 */
async function receive(
  target: SshTarget,
  placement: Placement,
  paths: readonly string[],
  staging: string,
  limit: number,
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<number> {
  const ssh = spawnSsh(target, DOWNLOAD, [placement, ...paths], ['ignore', 'pipe', 'pipe'], env)
  // GNU tar keeps members inside staging (it refuses `..`, strips `/`, and defers symlinks that point out, so nothing
  // is written through them); owners and set-id bits are not taken from the archive; -m: the runner's clock.
  const tar = spawn('tar', ['-C', staging, '--no-same-owner', '--no-same-permissions', '-xmf', '-'], {
    stdio: ['pipe', 'ignore', 'pipe'],
    env: toolEnvironment(env),
  })
  let received = 0
  ssh.stdout?.on('data', (chunk: Buffer) => {
    received += chunk.length
    if (received <= limit) return
    ssh.kill('SIGKILL')
    tar.kill('SIGKILL')
  })
  tar.stdin?.on('error', () => undefined) // a tar that ended (or was killed) first: its exit code tells
  ssh.stdout?.pipe(tar.stdin as NodeJS.WritableStream)
  const stops = [killOnAbort(tar, signal), killOnAbort(ssh, signal)]
  try {
    const stderr = { from: collect(ssh.stderr), to: collect(tar.stderr) }
    const finished = finish({ from: ssh, to: tar }, 'download', 'from', stderr)
    await finished.catch((error: unknown) => {
      if (received <= limit) throw error
    })
    if (received > limit) throw new DownloadLimitError(limit, received, undefined)
    return received
  } finally {
    for (const stop of stops) stop()
  }
}

/**
 * Copies working-directory `paths` back into the workspace, through a staging
 * directory in `privateDir` (landing.ts: only those paths reach the workspace).
 * Over `limit` bytes, received or unpacked: a DownloadLimitError, nothing lands.
 */
export async function downloadPaths(
  target: SshTarget,
  placement: Placement,
  workspace: string,
  paths: readonly string[],
  privateDir: string,
  limit: number,
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<Landing> {
  const staging = mkdtempSync(join(privateDir, 'download-'))
  try {
    const received = await receive(target, placement, paths, staging, limit, env, signal)
    // A small archive may unpack huge (a sparse member): counted before anything lands.
    const unpacked = unpackedBytes(staging)
    if (unpacked > limit) throw new DownloadLimitError(limit, received, unpacked)
    return landDownloads(staging, workspace, paths, [privateDir])
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}
