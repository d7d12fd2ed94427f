/**
 * The container an image-backed sandbox runs, as the service runs it: a real
 * Docker daemon's long-running container named `thunder-sandbox`, from an
 * image without ENTRYPOINT or CMD, reached by the login user only through
 * `sudo --non-interactive docker`. The image is made here, never pulled: a
 * small root file system of this machine's own binaries and the libraries
 * they load, `docker import`ed once per machine.
 *
 * One daemon serves every emulator of a test run, and the name is fixed, so
 * an emulator that finds the name taken waits for its holder to let go (a
 * holder whose process is gone is removed).
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { LoginUser } from './login-user.ts'

export const CONTAINER_NAME = 'thunder-sandbox'
const LABEL = 'gpu-sandbox-emulator.pid'
const TOOLS = [
  'bash sh cat mkdir tar sleep basename dirname env rm ls cp mv touch tail head wc id pwd echo printf',
  'grep sed true false test uname chmod ln readlink find sort date',
].join(' ')
const IMAGE_VERSION = 1

function docker(args: readonly string[], input?: string): string {
  return execFileSync('docker', args, { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], input, timeout: 60_000 })
}

let daemon: { version: string } | { why: string } | undefined

/** Whether a Docker daemon answers here (asked once per process). */
export function dockerDaemon(): { version: string } | { why: string } {
  if (daemon) return daemon
  try {
    return (daemon = { version: docker(['info', '--format', '{{.ServerVersion}}']).trim() })
  } catch (error) {
    const reason = (error as { stderr?: string }).stderr?.trim().split('\n').at(-1) ?? (error as Error).message
    return (daemon = { why: `no Docker daemon answers (${reason}); start one: dockerd --iptables=false --bridge=none` })
  }
}

function which(tool: string): string | undefined {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin']) if (existsSync(join(dir, tool))) return join(dir, tool)
  return undefined
}

/** The shared libraries a binary loads (ldd's absolute paths). */
function libraries(binary: string): string[] {
  const out = execFileSync('ldd', [binary], { encoding: 'utf8' })
  return [...out.matchAll(/(\/\S+) \(0x/g)].map((match) => match[1] ?? '').filter(Boolean)
}

function buildRootFileSystem(root: string): void {
  for (const dir of ['bin', 'tmp', 'etc', 'workspace', 'root']) mkdirSync(join(root, dir), { recursive: true })
  chmodSync(join(root, 'tmp'), 0o1777)
  const files = new Set<string>()
  for (const tool of TOOLS.split(' ')) {
    const path = which(tool)
    if (!path) continue
    copyFileSync(path, join(root, 'bin', tool))
    chmodSync(join(root, 'bin', tool), 0o755)
    for (const library of libraries(path)) files.add(library)
  }
  for (const file of files) {
    mkdirSync(join(root, dirname(file)), { recursive: true })
    copyFileSync(file, join(root, file))
  }
  writeFileSync(join(root, 'etc', 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n')
  writeFileSync(join(root, 'etc', 'group'), 'root:x:0:\n')
  writeFileSync(join(root, 'etc', 'thunder-sandbox-image'), "made by the emulator from this machine's binaries\n")
}

/** The local image's name, made on first use (docker import of the root file system above). */
export function localImage(): string {
  const tag = createHash('sha256').update(`${IMAGE_VERSION} ${TOOLS}`).digest('hex').slice(0, 12)
  const image = `gpu-sandbox-emulator/thunder-sandbox:${tag}`
  try {
    docker(['image', 'inspect', image])
    return image
  } catch {
    // Not made yet on this machine.
  }
  const root = mkdtempSync(join(tmpdir(), 'thunder-rootfs-'))
  try {
    buildRootFileSystem(root)
    execFileSync('sh', ['-c', 'tar -C "$1" -cf - . | docker import --message "$3" - "$2"', 'sh', root, image, tag], {
      stdio: 'pipe',
    })
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
  return image
}

function holderOf(): string {
  return docker(['inspect', '--format', `{{index .Config.Labels "${LABEL}"}}`, CONTAINER_NAME]).trim()
}

function holderAlive(): boolean {
  try {
    const pid = Number(holderOf().split(':')[0])
    if (!Number.isInteger(pid) || pid <= 0) return false
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Runs `thunder-sandbox` for `holder` (`<pid>:<emulator>`), waiting while another emulator holds the name. */
export async function startContainer(holder: string, timeoutMs = 120_000): Promise<void> {
  const image = localImage()
  const until = Date.now() + timeoutMs
  for (;;) {
    try {
      // As the service starts it: long-running, not the image's ENTRYPOINT/CMD (it has none).
      const run = ['run', '--detach', '--name', CONTAINER_NAME, '--network', 'none', '--label', `${LABEL}=${holder}`]
      docker([...run, image, '/bin/sleep', 'infinity'])
      return
    } catch (error) {
      const message = (error as { stderr?: string }).stderr ?? String(error)
      if (!/already in use|Conflict/i.test(message))
        throw new Error(`docker run ${CONTAINER_NAME}: ${message.trim()}`, { cause: error })
      if (!holderAlive()) removeContainer()
      else if (Date.now() > until)
        throw new Error(`${CONTAINER_NAME} stayed taken by another emulator`, { cause: error })
      else await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

/** Removes `thunder-sandbox` when `holder` holds it (or, without a holder, whoever does). */
export function removeContainer(holder?: string): void {
  try {
    if (holder === undefined || holderOf() === holder) docker(['rm', '--force', CONTAINER_NAME])
  } catch {
    // Already gone.
  }
}

/** A command in the container (tests read what a run left there). */
export function inContainer(command: string): string {
  return docker(['exec', CONTAINER_NAME, '/bin/sh', '-c', command])
}

/** Whether `image` gets a real container, and why not. */
export function dockerChoice(
  login: LoginUser,
  wanted: 'auto' | 'stand-in',
): { docker: 'docker' | 'stand-in'; why: string } {
  if (wanted === 'stand-in') return { docker: 'stand-in', why: 'docker: the stand-in (asked for)' }
  if (!login.deployed) return { docker: 'stand-in', why: 'docker: the stand-in (the login user has no real sudo)' }
  const daemon = dockerDaemon()
  if ('why' in daemon) return { docker: 'stand-in', why: `docker: the stand-in: ${daemon.why}` }
  return {
    docker: 'docker',
    why: `docker: a real dockerd ${daemon.version} through sudo (thunder-sandbox, a local image)`,
  }
}
