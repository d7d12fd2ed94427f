/**
 * The pool's SSH access to its candidates (issue 55): the step's key and
 * certificate (ssh/access.ts, made once before any start), the record's
 * address with its host key pinned, one config per candidate in a private
 * directory under the step's secret directory (which the post step removes).
 * A record with no address or host key to pin is never reached: no claim.
 */
import type { SandboxRecord } from '../client/schemas.ts'
import { SANDBOX_ID_PATTERN } from '../client/schemas.ts'
import type { SshTarget } from '../remote/ssh-command.ts'
import { pinnableEndpoint, type PreparedSandboxSsh } from '../ssh/access.ts'
import { writeSshFiles } from '../ssh/config-files.ts'
import { privateDirectory } from '../ssh/secret-files.ts'

/** `reach` for take, refill and the idle rule: a target per sandbox, written at first use. */
export function poolReach(prepared: Pick<PreparedSandboxSsh, 'dir' | 'keyPath' | 'certPath'>) {
  const targets = new Map<string, SshTarget>()
  return async (id: string, record: SandboxRecord): Promise<SshTarget> => {
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
}
