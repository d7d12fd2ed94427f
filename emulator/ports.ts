/**
 * Loopback ports for the emulator's sshds: a free one, and waiting until the sshd started for it listens there.
 * A port found free can be taken before sshd binds it (many emulators start at once), so a listener on the port is
 * not enough: it must be this sshd's own socket (Linux's /proc, as sshd itself is Linux's here).
 */
import type { ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The inodes of the sockets process `pid` holds open. */
function socketsOf(pid: number): Set<string> {
  const inodes = new Set<string>()
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const target = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (target?.[1]) inodes.add(target[1])
    }
  } catch {
    // Gone, or its descriptors changed meanwhile: the next look tells.
  }
  return inodes
}

/** Whether process `pid` holds the socket listening on 127.0.0.1:`port`. */
export function listensOn(pid: number, port: number): boolean {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`
  const sockets = socketsOf(pid)
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
    const fields = line.trim().split(/\s+/)
    if (fields[1] === local && fields[3] === '0A' && sockets.has(fields[9] ?? '')) return true
  }
  return false
}

/** Until sshd listens on `port` itself; an sshd that exited first (the port taken, its directory removed) fails. */
export async function waitForPort(port: number, timeoutMs: number, sshd: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    if (sshd.exitCode !== null || sshd.signalCode !== null) throw new Error(`sshd exited before it listened on ${port}`)
    if (sshd.pid !== undefined && listensOn(sshd.pid, port)) return
    if (Date.now() > until) throw new Error(`sshd did not listen on ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
