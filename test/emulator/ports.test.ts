/**
 * emulator/ports.ts: an sshd counts as started only when the socket listening on its port is its own. A port
 * found free may be taken by another listener before sshd binds it; a connect to the port would then succeed
 * while the sshd that failed to bind exits, and the records would carry no ssh.
 */
import { spawn } from 'node:child_process'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { listensOn, waitForPort } from '../../emulator/ports.ts'

let server: Server | undefined
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
})

async function listening(): Promise<number> {
  server = createServer()
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

describe.skipIf(process.platform !== 'linux')('emulator ports', () => {
  it("listensOn: the listener's own process, and no other", async () => {
    const port = await listening()
    expect(listensOn(process.pid, port)).toBe(true)
    expect(listensOn(process.pid, port === 65_535 ? 1 : port + 1)).toBe(false)
    const child = spawn('sleep', ['5'])
    expect(listensOn(child.pid ?? 0, port)).toBe(false)
    child.kill()
  })

  it("waitForPort: another process's listener on the port is not the sshd's; one that exits fails at once", async () => {
    const port = await listening()
    const idle = spawn('sleep', ['5'])
    await expect(waitForPort(port, 300, idle)).rejects.toThrow(`did not listen on ${port}`)
    idle.kill()
    const gone = spawn('true')
    await new Promise((resolve) => gone.once('exit', resolve))
    await expect(waitForPort(port, 5_000, gone)).rejects.toThrow(`exited before it listened on ${port}`)
  })
})
