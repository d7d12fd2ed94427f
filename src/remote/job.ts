/**
 * The run on the sandbox: started as a detached job (START_JOB), followed
 * over as many connections as it takes (FOLLOW_JOB), and every SSH step
 * retried while the connection itself fails (the remote side is idempotent).
 */
import { backoffDelay, READ_BACKOFF } from '../client/retry.ts'
import type { Clock } from '../runtime/clock.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { followOutput, LineSplitter, type JobEnd, type OutputStream } from './follow.ts'
import { FOLLOW_JOB, START_JOB } from './scripts.ts'
import {
  collect,
  exited,
  killOnAbort,
  runScript,
  spawnSsh,
  SSH_CONNECTION_FAILED,
  type Placement,
  type SshTarget,
} from './ssh-command.ts'

export interface RemoteContext {
  target: SshTarget
  placement: Placement
  env: NodeJS.ProcessEnv
  clock: Clock
  signal?: AbortSignal
  log: (message: string) => void
  /** Why the sandbox is gone, or undefined while it lives (see FollowOptions). */
  sandboxGone?: () => Promise<string | undefined>
}

/** How long each SSH step keeps trying while the connection fails (a sandbox's sshd may lag its `ready`). */
export const CONNECT_RETRY_MS = 2 * 60_000
/** How long the follow keeps reconnecting with no connection getting through. */
export const RECONNECT_FOR_MS = 5 * 60_000

/** Runs `attempt` again while it fails with `isConnectionFailure`, for up to CONNECT_RETRY_MS. */
export async function whileConnecting<T>(
  context: RemoteContext,
  label: string,
  attempt: () => Promise<T>,
  isConnectionFailure: (error: unknown) => boolean,
): Promise<T> {
  const until = context.clock.now() + CONNECT_RETRY_MS
  for (let retry = 0; ; retry++) {
    try {
      return await attempt()
    } catch (error) {
      context.signal?.throwIfAborted()
      if (!isConnectionFailure(error) || context.clock.now() >= until) throw error
      context.log(`${label}: ${(error as Error).message}; trying again.`)
      await context.clock.sleep(backoffDelay(retry + 1, context.clock.random(), READ_BACKOFF), context.signal)
    }
  }
}

class ConnectionFailed extends Error {}
const isConnectionFailed = (error: unknown) => error instanceof ConnectionFailed

/** Starts the script as a detached job; its pid on the sandbox. */
export async function startJob(context: RemoteContext, runId: string, script: string): Promise<number> {
  return whileConnecting(
    context,
    'run',
    async () => {
      const { code, stdout, stderr } = await runScript(
        context.target,
        START_JOB,
        [runId, context.placement],
        script,
        context.env,
        context.signal,
      )
      const started = /^started (\d+)$/m.exec(stdout)
      if (code === 0 && started) return Number(started[1])
      const detail = serviceText(stderr.trim().split('\n').slice(-3).join(' / ')) || 'no output'
      if (code === SSH_CONNECTION_FAILED) throw new ConnectionFailed(`the SSH connection failed (${detail})`)
      throw new Error(`run: the job could not be started on the sandbox (exit ${code}): ${detail}`)
    },
    isConnectionFailed,
  )
}

/** One ssh connection running FOLLOW_JOB from `offset`. */
function openFollow(context: RemoteContext, runId: string, offset: number): OutputStream {
  const child = spawnSsh(context.target, FOLLOW_JOB, [runId, String(offset)], ['ignore', 'pipe', 'pipe'], context.env)
  const stop = killOnAbort(child, context.signal)
  const stderr = collect(child.stderr)
  return {
    onData: (listener) => child.stdout?.on('data', listener),
    finished: exited(child).then((code) => {
      stop()
      return { code, stderr: stderr() }
    }),
  }
}

/** Shows the job's output line by line until it ends; how it ended. */
export function followJob(context: RemoteContext, runId: string, showLine: (line: string) => void): Promise<JobEnd> {
  return followOutput((offset) => openFollow(context, runId, offset), new LineSplitter(showLine), {
    clock: context.clock,
    signal: context.signal,
    log: context.log,
    reconnectForMs: RECONNECT_FOR_MS,
    sandboxGone: context.sandboxGone,
  })
}
