/**
 * The pool's SSH access to its candidates: the step's key and
 * certificate (ssh/access.ts, made once before any start), the record's
 * address with its host key pinned, one config per candidate in a private
 * directory under the step's secret directory (which the post step removes).
 * A record with no address or host key to pin is never reached: no claim.
 */
import { dirname } from 'node:path'
import type { SandboxRecord } from '../client/schemas.ts'
import { SANDBOX_ID_PATTERN } from '../client/schemas.ts'
import type { SshTarget } from '../remote/ssh-command.ts'
import { pinnableEndpoint, type PreparedSandboxSsh } from '../ssh/access.ts'
import { writeSshFiles } from '../ssh/config-files.ts'
import { privateDirectory, removePrivateDirectory } from '../ssh/secret-files.ts'

/** A pool's SSH access: `reach` writes a target per sandbox at first use; `forget` removes all but `keep`'s files. */
export interface PoolAccess {
  reach: (id: string, record: SandboxRecord) => Promise<SshTarget>
  /**
   * Once a claim is made nothing on the runner may name another pool sandbox's address or host key: every target's
   * directory but those of `keep` is removed (a later reach writes one again).
   */
  forget: (keep: readonly string[]) => void
}

/** `reach` for take, refill and the idle rule, and `forget` for the claim's and the main step's end. */
export function poolAccess(prepared: Pick<PreparedSandboxSsh, 'dir' | 'keyPath' | 'certPath'>): PoolAccess {
  const targets = new Map<string, SshTarget>()
  const reach = async (id: string, record: SandboxRecord): Promise<SshTarget> => {
    const known = targets.get(id)
    if (known) return known
    if (!SANDBOX_ID_PATTERN.test(id)) throw new Error(`'${id.slice(0, 40)}' is not a sandbox id`)
    const found = pinnableEndpoint(record)
    if ('problem' in found) throw new Error(`its record${found.problem}`)
    const alias = `pool-${id}`
    const dir = privateDirectory(prepared.dir)
    const { configPath } = writeSshFiles(dir, alias, found.endpoint, prepared.keyPath, prepared.certPath)
    const target = { configPath, alias }
    targets.set(id, target)
    return target
  }
  const forget = (keep: readonly string[]) => {
    for (const [id, target] of targets) {
      if (keep.includes(id)) continue
      targets.delete(id)
      removePrivateDirectory(dirname(target.configPath))
    }
  }
  return { reach, forget }
}
