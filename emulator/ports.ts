/** Loopback ports for the emulator's sshds: a free one, and waiting until a daemon listens on it. */
import type { ChildProcess } from 'node:child_process'
import { connect, createServer, type AddressInfo } from 'node:net'

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Until sshd listens on `port`; an sshd that exited first (its directory removed by a stop, say) fails at once. */
export async function waitForPort(port: number, timeoutMs: number, sshd: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    if (sshd.exitCode !== null || sshd.signalCode !== null) throw new Error(`sshd exited before it listened on ${port}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (open) return
    if (Date.now() > until) throw new Error(`sshd did not listen on ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
