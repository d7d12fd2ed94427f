/**
 * What an image test reads of the container `thunder-sandbox`: a real Docker
 * daemon's (container.ts: the host as deployed; CI must have it) or the
 * stand-in's directory. A test on the stand-in says so in its output.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { inContainer } from '../../emulator/container.ts'
import type { SshService } from '../../emulator/ssh-service.ts'

export interface ContainerView {
  real: boolean
  /** The container's working directory as `pwd` prints it there. */
  workdir: string
  exists(path: string): boolean
}

export function containerOf(ssh: SshService | undefined): ContainerView {
  const host = ssh?.sandboxHost
  if (host?.docker === 'docker') {
    return {
      real: true,
      workdir: '/workspace',
      exists: (path) => inContainer(`test -e '${path}' && echo yes || echo no`).trim() === 'yes',
    }
  }
  console.warn(`This image test ran against the docker stand-in, not a Docker daemon: ${ssh?.facts ?? 'no SSH'}`)
  const root = host?.containerRoot ?? ''
  return { real: false, workdir: `${root}/workspace`, exists: (path) => existsSync(join(root, path)) }
}
