/**
 * The warm pool's claim (the contract's "Warm pool"): atomic on the
 * sandbox itself, over the action's SSH access. The claim is a symbolic link
 * whose target names the claimant, made with `ln -s`: creating it either
 * succeeds or finds it there, in one system call, however many steps try at
 * once, so exactly one wins. The claimant is written with the claim, never
 * after it, so a claim whose answer was lost is recognised as its own when
 * asked again, and there is no half-made claim that nobody owns. Each sandbox
 * id has its own link (an emulator may give several sandboxes one home). A
 * claim attempt has a short bound: a sandbox whose SSH hangs is no claim.
 */
import { askSandbox, SSH_CONNECTION_FAILED, type SshTarget } from '../remote/ssh-command.ts'
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
if [ "\${3:-}" = prepared ] && [ ! -L "$dir/prepared-$1" ] && [ ! -L "$link" ]; then echo unprepared
elif ln -s "$2" "$link" 2> /dev/null; then echo won
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
  context: { env: NodeJS.ProcessEnv; signal?: AbortSignal; timeoutMs?: number; prepared?: boolean },
): Promise<ClaimVerdict> {
  if (!SANDBOX_ID.test(sandboxId)) return { kind: 'failed', why: `'${serviceText(sandboxId, 40)}' is not a sandbox id` }
  if (!CLAIMANT.test(claimant)) return { kind: 'failed', why: `'${serviceText(claimant, 40)}' is not a claimant` }
  const args = [sandboxId, claimant, ...(context.prepared ? ['prepared'] : [])]
  const bound = context.timeoutMs ?? CLAIM_TIMEOUT_MS
  const { said, code, stderr, timedOut } = await askSandbox(target, CLAIM, args, context, bound)
  if (said === 'won') return { kind: 'won' }
  // A prepared pool's sandbox is claimed only once its preparer marked it (prepare.ts).
  if (said === 'unprepared') return { kind: 'failed', why: 'its preparation has not succeeded (no mark)' }
  const taken = /^taken (.*)$/.exec(said)
  if (taken) return { kind: 'taken', by: claimantSaid(taken[1] ?? '') }
  const last = serviceText(stderr.trim().split('\n').at(-1) ?? '', 200)
  if (timedOut) return { kind: 'unreachable', why: `no answer within ${bound / 1000} s` }
  if (code === SSH_CONNECTION_FAILED) return { kind: 'unreachable', why: last || 'the SSH connection failed' }
  return {
    kind: 'failed',
    why: said === 'unclaimable' ? 'its claim is not a link' : `exit ${code}${last ? `: ${last}` : ''}`,
  }
}

const LOOK = `dir="$HOME/.gpu-sandbox-pool"
link="$dir/claim-$1"
if [ -L "$link" ]; then echo "claimed $(readlink "$link" | tr -cd 'A-Za-z0-9._-' | cut -c1-100)"
elif [ -L "$dir/prepared-$1" ]; then
  echo "unclaimed prepared $(readlink "$dir/prepared-$1" | tr -cd '0-9' | cut -c1-12)"
elif [ -L "$dir/prepare-$1" ]; then
  echo "unclaimed preparing $(readlink "$dir/prepare-$1" | tr -cd 'A-Za-z0-9._-' | cut -c1-120)"
else echo unclaimed; fi`

/** What a sandbox says of its claim and, in a prepared pool, of its preparation (prepare.ts). */
export interface Look {
  /** Who claimed it: null for none; undefined where it cannot say. */
  by: string | null | undefined
  /** When its preparation was marked as succeeded (ms). */
  preparedAt?: number
  /** The preparation under way (or abandoned): since when (ms). */
  preparingSince?: number
}

/** Looks at `sandboxId`'s claim and preparation, read only. */
export async function lookAt(
  target: SshTarget,
  sandboxId: string,
  context: { env: NodeJS.ProcessEnv; signal?: AbortSignal; timeoutMs?: number },
): Promise<Look> {
  if (!SANDBOX_ID.test(sandboxId)) return { by: undefined }
  const { said } = await askSandbox(target, LOOK, [sandboxId], context, context.timeoutMs ?? CLAIM_TIMEOUT_MS)
  const by = /^claimed (.*)$/.exec(said)?.[1]
  if (by !== undefined) return { by: claimantSaid(by) }
  if (!said.startsWith('unclaimed')) return { by: undefined }
  const prepared = /^unclaimed prepared (\d{1,12})$/.exec(said)?.[1]
  if (prepared) return { by: null, preparedAt: Number(prepared) * 1000 }
  const since = /^unclaimed preparing (\d{1,12})-/.exec(said)?.[1]
  // A lock whose time cannot be read counts as begun at the epoch: abandoned.
  if (said.startsWith('unclaimed preparing')) return { by: null, preparingSince: Number(since ?? 0) * 1000 }
  return { by: null }
}

/** Who claimed `sandboxId`, read only (a refill counts the unclaimed): null for none; undefined where it cannot say. */
export async function claimedBy(
  target: SshTarget,
  sandboxId: string,
  context: { env: NodeJS.ProcessEnv; signal?: AbortSignal; timeoutMs?: number },
): Promise<string | null | undefined> {
  return (await lookAt(target, sandboxId, context)).by
}
