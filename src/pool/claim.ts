/**
 * The warm pool's claim (issue 55, CONTRACT "Warm pool"): atomic on the
 * sandbox itself, over the action's SSH access. The claim is a symbolic link
 * whose target names the claimant, made with `ln -s`: creating it either
 * succeeds or finds it there, in one system call, however many steps try at
 * once, so exactly one wins. The claimant is written with the claim, never
 * after it, so a claim whose answer was lost is recognised as its own when
 * asked again, and there is no half-made claim that nobody owns. Each sandbox
 * id has its own link (an emulator may give several sandboxes one home). A
 * claim attempt has a short bound: a sandbox whose SSH hangs is no claim.
 */
import { runScript, SSH_CONNECTION_FAILED, type SshTarget } from '../remote/ssh-command.ts'
import { withTimeout } from '../runtime/abort.ts'
import { serviceText } from '../runtime/untrusted.ts'

/** How long one claim attempt may take (connection included). */
export const CLAIM_TIMEOUT_MS = 8_000

/** What a claimant may be called: the link's target, so no '/' and nothing a shell reads. */
const CLAIMANT = /^[A-Za-z0-9._-]{1,100}$/
const SANDBOX_ID = /^[A-Za-z0-9._-]{1,100}$/

const CLAIM = `set -u
dir="$HOME/.gpu-sandbox-pool"
mkdir -p "$dir" 2> /dev/null
link="$dir/claim-$1"
if ln -s "$2" "$link" 2> /dev/null; then echo won
elif [ "$(readlink "$link" 2> /dev/null)" = "$2" ]; then echo won
elif [ -L "$link" ]; then echo "taken $(readlink "$link" | tr -cd 'A-Za-z0-9._-' | cut -c1-100)"
else echo unclaimable; fi`

export type ClaimVerdict =
  | { kind: 'won' }
  | { kind: 'taken'; by: string }
  | { kind: 'unreachable'; why: string }
  | { kind: 'failed'; why: string }

/** What a sandbox says a claim names, cut here to what a claimant may be (the sandbox's own cut is its word only). */
const claimantSaid = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 100) || 'unnamed'

/** A claimant's name from the step's run, attempt and job: only the characters a claim may hold. */
export function claimantOf(parts: readonly (string | number | undefined)[]): string {
  const name = parts
    .filter((part) => part !== undefined && part !== '')
    .join('-')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .slice(0, 100)
  return name === '' ? 'unnamed' : name
}

/** Claims `sandboxId` for `claimant`: won (also again, for the same claimant), taken by another, or why neither. */
export async function claimSandbox(
  target: SshTarget,
  sandboxId: string,
  claimant: string,
  context: { env: NodeJS.ProcessEnv; signal?: AbortSignal; timeoutMs?: number },
): Promise<ClaimVerdict> {
  if (!SANDBOX_ID.test(sandboxId)) return { kind: 'failed', why: `'${serviceText(sandboxId, 40)}' is not a sandbox id` }
  if (!CLAIMANT.test(claimant)) return { kind: 'failed', why: `'${serviceText(claimant, 40)}' is not a claimant` }
  const signal = withTimeout(context.timeoutMs ?? CLAIM_TIMEOUT_MS, context.signal)
  const { code, stdout, stderr } = await runScript(target, CLAIM, [sandboxId, claimant], '', context.env, signal)
  const said = stdout.trim().split('\n').at(-1) ?? ''
  if (said === 'won') return { kind: 'won' }
  const taken = /^taken (.*)$/.exec(said)
  if (taken) return { kind: 'taken', by: claimantSaid(taken[1] ?? '') }
  const last = serviceText(stderr.trim().split('\n').at(-1) ?? '', 200)
  if (signal.aborted && !context.signal?.aborted)
    return {
      kind: 'unreachable',
      why: `no answer within ${(context.timeoutMs ?? CLAIM_TIMEOUT_MS) / 1000} s`,
    }
  if (code === SSH_CONNECTION_FAILED) return { kind: 'unreachable', why: last || 'the SSH connection failed' }
  return {
    kind: 'failed',
    why: said === 'unclaimable' ? 'its claim is not a link' : `exit ${code}${last ? `: ${last}` : ''}`,
  }
}

const PROBE = `link="$HOME/.gpu-sandbox-pool/claim-$1"
if [ -L "$link" ]; then echo "claimed $(readlink "$link" | tr -cd 'A-Za-z0-9._-' | cut -c1-100)"
else echo unclaimed; fi`

/** Who claimed `sandboxId`, read only (a refill counts the unclaimed): null for none; undefined where it cannot say. */
export async function claimedBy(
  target: SshTarget,
  sandboxId: string,
  context: { env: NodeJS.ProcessEnv; signal?: AbortSignal; timeoutMs?: number },
): Promise<string | null | undefined> {
  if (!SANDBOX_ID.test(sandboxId)) return undefined
  const signal = withTimeout(context.timeoutMs ?? CLAIM_TIMEOUT_MS, context.signal)
  const { stdout } = await runScript(target, PROBE, [sandboxId], '', context.env, signal)
  const said = stdout.trim().split('\n').at(-1) ?? ''
  if (said === 'unclaimed') return null
  const by = /^claimed (.*)$/.exec(said)?.[1]
  return by === undefined ? undefined : claimantSaid(by)
}
