/**
 * The emulated sandbox host as deployed (issue 30): where the emulator runs as
 * root, sessions log in as `ubuntu`, who reaches Docker only through the real
 * sudo; `image` runs a real container; `nvidia-smi` answers from the
 * sandbox's spec.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Emulator } from '../../emulator/emulator.ts'
import { skipWithout } from '../harness/host.ts'
import { descendants, leftovers } from '../harness/leftovers.ts'
import { emulatorSshConfig } from '../../scripts/lib/ssh-config.ts'

let emulator: Emulator | undefined
let dir = ''
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
  rmSync(dir, { recursive: true, force: true })
})

const canRun = !skipWithout('the emulated sandbox host over a real sshd', 'sshd')
const asDeployed = !skipWithout("the deployed 'ubuntu' login", 'ubuntu-login')
const withDocker = !skipWithout("the 'ubuntu' login's Docker through sudo", 'ubuntu-login', 'docker')

async function host(options: ConstructorParameters<typeof Emulator>[0] = {}) {
  emulator = new Emulator({ ssh: true, generation: 'current', provisioningMs: 50, ...options })
  const baseUrl = await emulator.start()
  dir = mkdtempSync(join(tmpdir(), 'host-test-'))
  const config = emulatorSshConfig(emulator, dir, 'box')
  const ssh = (command: string) => spawnSync('ssh', ['-F', config, 'box', command], { encoding: 'utf8' })
  const start = async (spec: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const body = {
      name: `host-${Math.random().toString(36).slice(2, 8)}`,
      spec: { cpu_count: 4, memory_gib: 16, storage_gib: 50, ...spec },
      network_policy: { internet_access: 'closed' },
      lifetime: { max_ttl_seconds: 600, enforce_ttl: true },
      ...extra,
    }
    const answer = await fetch(`${baseUrl}/sandboxes/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator?.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(answer.status).toBe(202)
    const { id } = (await answer.json()) as { id: string }
    for (let i = 0; i < 200 && emulator?.sandboxes.find((s) => s.id === id)?.status !== 'running'; i++)
      await new Promise((resolve) => setTimeout(resolve, 50))
    return emulator?.sandboxes.find((s) => s.id === id)
  }
  return { ssh, start }
}

describe.skipIf(!canRun)('the emulated sandbox host', () => {
  it.skipIf(!asDeployed)('as root, sessions log in as ubuntu, a non-root user with passwordless sudo', async () => {
    const { ssh } = await host()
    expect(emulator?.sshService?.facts).toMatch(/^login user ubuntu \(uid \d+, non-root\) with passwordless sudo/)
    expect(ssh('id -un; sudo --non-interactive id -u').stdout).toBe('ubuntu\n0\n')
    expect(emulator?.sshService?.login.deployed).toBe(true)
  })

  it.skipIf(!withDocker)('ubuntu reaches the real Docker daemon only through sudo --non-interactive', async () => {
    const { ssh } = await host()
    expect(emulator?.sshService?.sandboxHost.docker).toBe('docker')
    const direct = ssh('docker ps')
    expect(direct.status).not.toBe(0)
    expect(direct.stderr).toMatch(/permission denied/)
    expect(ssh('sudo --non-interactive docker version --format "{{.Server.Version}}"').status).toBe(0)
  })

  it.skipIf(skipWithout("loginUser: 'self' as root", 'root'))(
    "loginUser: 'self' keeps the emulator's own user (root) and the stand-ins",
    async () => {
      const { ssh } = await host({ sshHost: { loginUser: 'self' } })
      expect(emulator?.sshService?.facts).toMatch(
        /^login user root: asked for \(loginUser: self\); docker: the stand-in/,
      )
      expect(ssh('id -u').stdout).toBe('0\n')
    },
  )

  it('an image-backed sandbox is ready once its container thunder-sandbox runs', async () => {
    const { ssh, start } = await host()
    if (emulator?.sshService?.sandboxHost.docker !== 'docker')
      return console.warn(`No Docker daemon, so no container: ${emulator?.sshService?.facts}`)
    const sandbox = await start({}, { image_id: 'img-1' })
    expect(sandbox?.status).toBe('running')
    const inside = ssh('sudo --non-interactive docker exec thunder-sandbox /bin/sh -c "echo inside; ls /"')
    expect(inside.status, inside.stderr).toBe(0)
    expect(inside.stdout).toMatch(/^inside\n/)
  })

  it('nvidia-smi answers from the newest ready GPU sandbox; on a CPU sandbox it fails as without a driver', async () => {
    const { ssh, start } = await host()
    await start({ gpu_type: 'H100', gpu_count: 2 })
    const query =
      'nvidia-smi --query-gpu=index,name,memory.total,memory.used,driver_version --format=csv,noheader,nounits'
    expect(ssh(query).stdout).toBe(
      '0, NVIDIA H100 80GB HBM3, 81559, 1, 550.54.15\n1, NVIDIA H100 80GB HBM3, 81559, 1, 550.54.15\n',
    )
    expect(ssh('nvidia-smi --query-gpu=name,memory.total --format=csv').stdout).toBe(
      'name, memory.total\nNVIDIA H100 80GB HBM3, 81559 MiB\nNVIDIA H100 80GB HBM3, 81559 MiB\n',
    )
    expect(ssh('nvidia-smi -L').stdout).toMatch(/^GPU 0: NVIDIA H100 80GB HBM3 \(UUID: GPU-\S+\)\nGPU 1: /)
    await start({})
    const cpu = ssh('nvidia-smi')
    expect(cpu.status).toBe(9)
    expect(cpu.stdout).toMatch(/^NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver/)
  })

  it('perSandbox: each sandbox its own sshd, port and home, as separate machines; one certificate reaches both', async () => {
    const { start } = await host({ sshHost: { perSandbox: true, loginUser: 'self' } })
    const one = await start({ gpu_type: 'A100', gpu_count: 1 })
    const two = await start({})
    const ssh = emulator?.sshService
    const [portOne, portTwo] = [ssh?.portFor(one?.id ?? ''), ssh?.portFor(two?.id ?? '')]
    expect(new Set([ssh?.port, portOne, portTwo]).size).toBe(3)
    const on = (port: number | undefined, command: string, alias: string) => {
      const config = emulatorSshConfig(emulator as Emulator, mkdtempSync(join(dir, 'c-')), alias, port)
      return spawnSync('ssh', ['-F', config, alias, command], { encoding: 'utf8' })
    }
    expect(on(portOne, 'echo one > ~/mark; cat ~/mark; nvidia-smi -L | wc -l', 'one').stdout).toBe('one\n1\n')
    const other = on(portTwo, 'cat ~/mark 2>&1; echo "$HOME"; nvidia-smi > /dev/null; echo $?', 'two')
    expect(other.stdout).toMatch(/No such file or directory\n.*sandbox-sbx-[0-9a-f]{16}\/home\n9\n$/)
    // A host key of its own, as each machine has: the key pinned for one sandbox never opens the other.
    const [keyOne, keyTwo] = [ssh?.hostKeyFor(one?.id ?? ''), ssh?.hostKeyFor(two?.id ?? '')]
    expect(new Set([ssh?.hostKey, keyOne, keyTwo]).size).toBe(3)
    const mixedDir = mkdtempSync(join(dir, 'c-'))
    const mixedConfig = emulatorSshConfig(emulator as Emulator, mixedDir, 'mixed', portTwo)
    writeFileSync(join(mixedDir, 'known_hosts'), `[127.0.0.1]:${portTwo} ${keyOne}\n`)
    const mixed = spawnSync('ssh', ['-F', mixedConfig, 'mixed', 'echo opened'], { encoding: 'utf8' })
    expect(mixed.stdout).toBe('')
    expect(mixed.stderr).toMatch(/REMOTE HOST IDENTIFICATION HAS CHANGED[\s\S]*Host key verification failed/)
  })

  it("perSandbox: a sandbox's sshd still coming up when the emulator closes is ended, not left running", async () => {
    await host({ sshHost: { perSandbox: true, loginUser: 'self' } })
    const ssh = emulator?.sshService
    // A sandbox that gets ready as the test ends: its sshd is spawned, then the emulator stops before it listens.
    const coming = ssh?.startFor('sbx-00000000000000c1')
    // sshd is spawned in the same tick its config is written: the file's arrival is the spawn (one stat a
    // millisecond, not a walk of every process on a busy machine).
    const config = join(ssh?.dir ?? '', 'sshd_config-sbx-00000000000000c1')
    for (let k = 0; k < 10_000 && !existsSync(config); k++) await new Promise((resolve) => setTimeout(resolve, 1))
    expect(descendants().some((line) => line.includes(config))).toBe(true)
    ssh?.stop()
    await coming?.catch(() => undefined)
    expect(await leftovers()).toEqual([])
  })

  it('a process that exits without closing its emulator takes its sshds with it', () => {
    const script = emulatorThen('process.exit(0)')
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    const port = run.stdout.trim()
    expect(port).toMatch(/^\d+$/)
    const listening = spawnSync('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port}`]).status
    expect(listening).not.toBe(0)
  })

  it('a process killed outright (no exit hook runs) takes its sshd with it too', async () => {
    const script = emulatorThen('setInterval(() => {}, 1000)')
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const port = await new Promise<string>((resolve) =>
      child.stdout.once('data', (chunk: Buffer) => resolve(`${chunk}`.trim())),
    )
    expect(port).toMatch(/^\d+$/)
    const sshd = descendants(child.pid).find((line) => line.includes('sshd'))
    expect(sshd).toBeDefined()
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    // The kernel signals sshd as its parent dies; it is gone once its /proc entry is.
    const pid = Number(sshd?.split(' ')[0])
    for (let i = 0; i < 100 && existsSync(`/proc/${pid}`) && !zombie(pid); i++)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect(existsSync(`/proc/${pid}`) && !zombie(pid)).toBe(false)
  })
})

/** A script that starts an emulator with its sshd, prints the sshd's port, then runs `then` (never closing it). */
function emulatorThen(then: string): string {
  return [
    `import { Emulator } from ${JSON.stringify(join(process.cwd(), 'emulator', 'emulator.ts'))}`,
    "const emulator = new Emulator({ generation: 'current', ssh: true, sshHost: { loginUser: 'self' } })",
    'await emulator.start()',
    'console.log(emulator.sshService?.port)',
    then,
  ].join('\n')
}

function zombie(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')
  } catch {
    return true
  }
}
