/**
 * What main.ts and post.ts share to run for real: the client, signals, failure reporting, and running as the bundle's
 * entry.
 */
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ComputeClient } from '../client/client.ts'
import type { ActionCore } from '../runtime/core.ts'
import type { Connection } from '../inputs/config.ts'
import { InputErrors } from '../inputs/collector.ts'
import { parseDurationSeconds } from '../inputs/durations.ts'
import { isUse, USES, type Use } from '../inputs/uses.ts'

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000
const MAX_REQUEST_TIMEOUT_S = 600

/** GPU_SANDBOX_REQUEST_TIMEOUT (a duration such as 30s): the longest wait for one answer. */
export function requestTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.GPU_SANDBOX_REQUEST_TIMEOUT
  const seconds = raw ? parseDurationSeconds(raw) : undefined
  // Bounded like every duration: past setTimeout's range a timer fires at once.
  return seconds && seconds > 0 && seconds <= MAX_REQUEST_TIMEOUT_S ? seconds * 1000 : DEFAULT_REQUEST_TIMEOUT_MS
}

export function makeClient(connection: Connection): ComputeClient {
  return new ComputeClient({
    baseUrl: connection.baseUrl,
    apiToken: connection.apiToken,
    requestTimeoutMs: requestTimeoutMs(),
  })
}

/**
 * SIGINT/SIGTERM (a cancelled job) abort what is under way instead of killing
 * the process mid-write; whatever is known is already in state.
 */
export function cancellationSignal(core: ActionCore): AbortSignal {
  const controller = new AbortController()
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!controller.signal.aborted)
        core.warning(`Received ${signal}: cancelling. The post step stops anything already started.`)
      controller.abort(new Error(`cancelled by ${signal}`))
    })
  }
  return controller.signal
}

/** Turns any failure into an error annotation that says what to do, and a failed step. */
export function reportFailure(core: ActionCore, error: unknown, signal?: AbortSignal): void {
  if (signal?.aborted) {
    core.setFailed(`Cancelled: ${(signal.reason as Error)?.message ?? 'signal'}.`)
    return
  }
  if (error instanceof InputErrors) {
    for (const inputError of error.errors)
      core.error(inputError.message, { title: `Invalid input '${inputError.input}'` })
    core.setFailed(
      `${error.errors.length} invalid input${error.errors.length > 1 ? 's' : ''}; nothing was sent to the service.`,
    )
    return
  }
  core.setFailed(error instanceof Error ? error.message : String(error))
}

/** Whether the module at `moduleUrl` is the file node was started with (the bundle), not an import. */
export function isProcessEntry(moduleUrl: string, argv1 = process.argv[1]): boolean {
  if (!argv1) return false
  try {
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(argv1)
  } catch {
    return false
  }
}

/** A sub-action's step (`await runAs('run')` in its folder's main.js or post.js): that use's, then exit. */
export async function runAsUse(use: string, step: (use: Use) => Promise<void>): Promise<void> {
  if (!isUse(use)) throw new Error(`no use '${use}' (one of ${Object.keys(USES).join(', ')})`)
  await runAndExit(() => step(use))
}

/** Runs a step and exits at once: idle keep-alive sockets must not hold the step open. */
export async function runAndExit(step: () => Promise<void>): Promise<void> {
  await step()
  // Only after the log has reached the runner: a pipe may still hold some of it.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()))
  process.exit()
}
