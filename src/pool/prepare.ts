/**
 * A prepared pool's preparation (CONTRACT "Prepared pool"): the `pool-prepare`
 * script run on a sandbox as `run` is (a detached job in the working
 * directory, in the image with `image`), bounded by its limit, its output
 * shown as the run's. On a pool sandbox it runs under a lock only one step
 * holds (`prepare-<id>`, a link naming the preparer and when it began), and
 * its success is marked (`prepared-<id>`, a link naming when) by the step
 * that ran it, after exit 0 and before any claim: a claim asks for the mark
 * in the same shell as its `ln -s`, so a sandbox half-prepared, failed or
 * abandoned by a killed keeper is never claimed. Only the preparation and the
 * step ran there before the claim, so the mark is the trusted preparer's.
 */
import { randomBytes } from 'node:crypto'
import { dirname } from 'node:path'
import { followJob, startJob, whileConnecting, type RemoteContext } from '../remote/job.ts'
import { askSandbox, type SshTarget } from '../remote/ssh-command.ts'
import { TransferError, uploadPaths } from '../run/transfer.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { formatDuration } from '../step/summary.ts'

/** How many of a failed preparation's last lines are shown again with its failure. */
export const LAST_LINES = 20
/** How long one lock or mark may take over SSH. */
const MARK_TIMEOUT_MS = 8_000

export type Preparation = { ok: true; tookMs: number } | { ok: false; why: string; lastLines: string[] }

/**
 * Runs `script` on the sandbox within `limitMs` (the step's clock), each line to `showLine`; whether it ended with
 * exit 0, else why not and its last lines (as the sandbox wrote them: the caller shows them as untrusted text).
 */
export async function runPreparation(
  context: RemoteContext,
  preparation: { script: string; checkout?: Checkout },
  limitMs: number,
  showLine: (line: string) => void,
): Promise<Preparation> {
  const began = context.clock.now()
  const limit = new AbortController()
  const ended = new AbortController()
  // The limit on the step's clock (a compressed one in the benchmark), not the wall's.
  void context.clock.sleep(limitMs, AbortSignal.any([ended.signal, ...(context.signal ? [context.signal] : [])])).then(
    () => limit.abort(),
    () => undefined,
  )
  const signal = context.signal ? AbortSignal.any([context.signal, limit.signal]) : limit.signal
  const bounded = { ...context, signal }
  const lastLines: string[] = []
  const keep = (line: string) => {
    lastLines.push(line)
    if (lastLines.length > LAST_LINES) lastLines.shift()
    showLine(line)
  }
  const runId = `prepare-${randomBytes(6).toString('hex')}`
  try {
    const { checkout } = preparation
    if (checkout && checkout.upload.length > 0) await uploadCheckout(bounded, checkout)
    await startJob(bounded, runId, preparation.script)
    const end = await followJob(bounded, runId, keep)
    if ('lost' in end) return { ok: false, why: 'it ended without an exit status', lastLines }
    if (end.status !== 0) return { ok: false, why: `it exited with ${end.status}`, lastLines }
    return { ok: true, tookMs: context.clock.now() - began }
  } catch (error) {
    context.signal?.throwIfAborted()
    if (limit.signal.aborted)
      return { ok: false, why: `it ran past its limit of ${formatDuration(limitMs)}`, lastLines }
    return { ok: false, why: serviceText((error as Error).message, 300), lastLines }
  } finally {
    ended.abort()
  }
}

/** The preparing step's checkout: its workspace, its `upload` paths, and the directories never sent (its keys). */
export interface Checkout {
  workspace: string
  upload: readonly string[]
  privateDirs: readonly string[]
}

/**
 * The checkout a step's preparation sees: its workspace and upload paths; never the step's private directory (the
 * target's, with its key and certificate) nor anything of RUNNER_TEMP, even where the runner keeps it in the workspace.
 */
export function checkoutOf(
  prepare: { workspace: string; upload: readonly string[] },
  target: SshTarget,
  env: NodeJS.ProcessEnv,
): Checkout {
  const privateDirs = [dirname(target.configPath), ...(env.RUNNER_TEMP ? [env.RUNNER_TEMP] : [])]
  return { workspace: prepare.workspace, upload: prepare.upload, privateDirs }
}

/** The checkout into the working directory the preparation (and later `run`) uses, `.git` left out, as run's upload. */
async function uploadCheckout(context: RemoteContext, checkout: Checkout): Promise<void> {
  const { target, placement, env, signal } = context
  const send = () =>
    uploadPaths(target, placement, checkout.workspace, checkout.upload, checkout.privateDirs, env, signal)
  await whileConnecting(context, 'upload', send, (error) => error instanceof TransferError && error.connection)
}

const LOCK = `set -u
dir="$HOME/.gpu-sandbox-pool"
mkdir -p "$dir" 2> /dev/null
if [ -L "$dir/claim-$1" ]; then echo claimed
elif [ -L "$dir/prepared-$1" ]; then echo prepared
elif ln -s "$2" "$dir/prepare-$1" 2> /dev/null; then echo locked
elif [ "$(readlink "$dir/prepare-$1" 2> /dev/null)" = "$2" ]; then echo locked
else echo busy; fi`

// Marked only while this preparer's lock is still there and nobody claimed the sandbox (an idle or abandoned stop).
const MARK = `set -u
dir="$HOME/.gpu-sandbox-pool"
if [ -L "$dir/claim-$1" ]; then echo claimed
elif [ "$(readlink "$dir/prepare-$1" 2> /dev/null)" != "$2" ]; then echo lost
elif ln -s "$3" "$dir/prepared-$1" 2> /dev/null || [ -L "$dir/prepared-$1" ]; then echo marked
else echo failed; fi`

/** A preparer's lock: `<epoch seconds>-<preparer>`, so another step can tell one abandoned past its limit. */
export const lockText = (preparer: string, nowMs: number) => `${Math.floor(nowMs / 1000)}-${preparer}`

type LockVerdict = 'locked' | 'claimed' | 'prepared' | 'busy' | 'unreachable'

/** Takes the preparation of `sandboxId` for this step: locked (also again, for the same lock), or who has it. */
export async function lockPreparation(
  target: SshTarget,
  sandboxId: string,
  lock: string,
  context: { env: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<LockVerdict> {
  const { said } = await askSandbox(target, LOCK, [sandboxId, lock], context, MARK_TIMEOUT_MS)
  return (['locked', 'claimed', 'prepared', 'busy'] as const).find((word) => word === said) ?? 'unreachable'
}

/** Marks `sandboxId` prepared (at `nowMs`) under this step's lock: 'marked', or why not. */
export async function markPrepared(
  target: SshTarget,
  sandboxId: string,
  lock: string,
  nowMs: number,
  context: { env: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<string> {
  const at = String(Math.floor(nowMs / 1000))
  const { said } = await askSandbox(target, MARK, [sandboxId, lock, at], context, MARK_TIMEOUT_MS)
  return said === '' ? 'no answer' : serviceText(said, 40)
}

/** Past its limit, and this much more, a preparation's lock is abandoned (its keeper was killed or lost). */
export const ABANDONED_AFTER_MS = 2 * 60_000

/** A lock older than the preparation's limit and ABANDONED_AFTER_MS: nobody will mark that sandbox prepared. */
export const isAbandoned = (look: { preparingSince?: number }, now: number, limitMs: number): boolean =>
  look.preparingSince !== undefined && now - look.preparingSince > limitMs + ABANDONED_AFTER_MS
