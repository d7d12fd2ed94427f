/**
 * The emulator's SSH side: an organization certificate authority that signs
 * user certificates with `ssh-keygen -s`, and, where `sshd` is installed, one
 * real sshd on a loopback port that trusts that authority (and the instance
 * public keys), whose address and host key the records carry.
 *
 * A hand-started sshd needs its privilege-separation directory (/run/sshd).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dockerChoice, removeContainer, startContainer } from './container.ts'
import { loginUser, type LoginChoice, type LoginUser } from './login-user.ts'
import { freePort, waitForPort } from './ports.ts'
import { endWithThisProcess, sshdConfig, withParent } from './sshd-config.ts'
import { createSandboxHost, endDetached, type SandboxHost } from './sandbox-host.ts'

export const SSHD = '/usr/sbin/sshd'

export function sshdAvailable(): boolean {
  return existsSync(SSHD)
}

export interface SshHostOptions {
  /** 'deployed' (default): `ubuntu` with the real sudo where the emulator runs as root; 'self': whoever runs it. */
  loginUser?: LoginChoice
  /** 'auto' (default): a real Docker daemon where one answers and the login is as deployed; 'stand-in': the scripts. */
  docker?: 'auto' | 'stand-in'
  /**
   * Each sandbox its own sshd and home (its own port and host key in its record; the same authority), as separate
   * machines are: for many sandboxes at once that each put files at fixed places (a matrix of runners). Default: one
   * sshd and one home for every sandbox.
   */
  perSandbox?: boolean
  /**
   * The authority's and the host's key type (default 'ecdsa', P-256 through OpenSSL): OpenSSH's own ed25519 code is
   * its slow reference one, and each connection verifies the host key and the certificate with them.
   */
  keyType?: 'ecdsa' | 'ed25519'
  /**
   * With perSandbox: each sandbox's sshd starts this many milliseconds after the sandbox is ready (its port, in the
   * record, refuses until then), as a machine whose sshd comes up after the service says it is ready.
   */
  lateSshdMs?: number
}

/** One sandbox's own sshd (perSandbox). */
interface OwnSshd {
  port: number
  /** Undefined until a late sshd (lateSshdMs) has started. */
  sshd?: ChildProcess
  host: SandboxHost
  /** Its own host key (`type base64`), as each machine has. */
  hostKey: string
}

let serial = 0

export class SshService {
  readonly dir = mkdtempSync(join(tmpdir(), 'emulator-ssh-'))
  readonly login: LoginUser
  /** The login user of the emulated sandboxes (see login-user.ts). */
  readonly user: string
  /** Which host this is, in two sentences (login user, docker), for logs and .ci/run. */
  readonly facts: string
  port = 0
  hostKey = ''
  /** Where sessions land: their home, the sudo/docker stand-ins and the container's files. */
  readonly sandboxHost: SandboxHost
  private sshd: ChildProcess | undefined
  private signed = 0
  private readonly holder = `${process.pid}:${++serial}`
  private container: Promise<void> | undefined
  private readonly docker: 'docker' | 'stand-in'
  /** With perSandbox: each ready sandbox's own sshd, by sandbox id. */
  private readonly own = new Map<string, OwnSshd>()
  readonly perSandbox: boolean
  private readonly keyType: 'ecdsa' | 'ed25519'
  private readonly lateSshdMs: number

  constructor(options: SshHostOptions = {}) {
    this.perSandbox = options.perSandbox ?? false
    this.lateSshdMs = options.lateSshdMs ?? 0
    this.keyType = options.keyType ?? 'ecdsa'
    this.login = loginUser(options.loginUser)
    this.user = this.login.name
    const { docker, why } = dockerChoice(this.login, options.docker ?? 'auto')
    this.docker = docker
    this.facts = `${this.login.why}; ${why}`
    if (process.env.EMULATOR_REQUIRE_DEPLOYED_HOST === '1' && (options.loginUser ?? 'deployed') === 'deployed') {
      if (!this.login.deployed || docker !== 'docker') throw new Error(`the host is not as deployed: ${this.facts}`)
    }
    // The login user walks through this directory to its sandbox home; the keys in it stay root's (0600).
    chmodSync(this.dir, 0o711)
    this.makeKey('ca', 'emulator-org-ca')
    // sshd reads authorized keys as the login user.
    writeFileSync(join(this.dir, 'authorized_keys'), '', { mode: 0o644 })
    this.sandboxHost = createSandboxHost(join(this.dir, 'sandbox'), this.login, docker)
  }

  /** Runs the image's container (real Docker only; once per emulator): an image-backed sandbox is ready after it. */
  startContainer(): Promise<void> {
    if (this.sandboxHost.docker !== 'docker') return Promise.resolve()
    this.container ??= startContainer(this.holder)
    return this.container
  }

  /** Signs a user public key: a certificate for this user, valid for `lifetimeSeconds` (sshd refuses it after that). */
  sign(publicKey: string, lifetimeSeconds = 3600): { certificate: string; expiresAt: string } {
    const file = join(this.dir, `user-${++this.signed}.pub`)
    writeFileSync(file, `${publicKey.trim()}\n`)
    const issuedAt = Date.now()
    execFileSync('ssh-keygen', [
      '-q',
      '-s',
      join(this.dir, 'ca'),
      '-I',
      `emulator-${this.signed}`,
      '-n',
      this.user,
      '-V',
      `-5m:+${lifetimeSeconds}s`,
      file,
    ])
    const certificate = readFileSync(file.replace(/\.pub$/, '-cert.pub'), 'utf8').trim()
    rmSync(file, { force: true })
    return { certificate, expiresAt: new Date(issuedAt + lifetimeSeconds * 1000).toISOString() }
  }

  /** An instance's public key may log in (as authorized_keys does). */
  authorize(publicKey: string): void {
    appendFileSync(join(this.dir, 'authorized_keys'), `${publicKey.trim()}\n`)
  }

  /** A key pair of the service's type in this directory (`name` and `name.pub`), without a passphrase. */
  private makeKey(name: string, comment: string): void {
    execFileSync('ssh-keygen', ['-q', '-t', this.keyType, '-N', '', '-C', comment, '-f', join(this.dir, name)])
  }

  /** Starts sshd on a free loopback port. */
  async start(): Promise<void> {
    this.hostKey = this.makeHostKey('host')
    const { port, sshd } = await this.spawnOnFreePort('sshd_config', this.sandboxHost, 'host')
    this.port = port
    this.sshd = sshd
  }

  /**
   * With perSandbox: the sandbox's own sshd and home, started before it is ready (same authority; a host key of its
   * own, as each machine has, so a key pinned for one sandbox never opens another).
   */
  async startFor(sandboxId: string): Promise<void> {
    if (!this.perSandbox || !this.running || this.own.has(sandboxId)) return
    const host = createSandboxHost(join(this.dir, `sandbox-${sandboxId}`), this.login, this.docker)
    const hostKey = this.makeHostKey(`host-${sandboxId}`)
    if (this.lateSshdMs > 0) return this.startLate(sandboxId, { port: await freePort(), host, hostKey })
    const { port, sshd } = await this.spawnOnFreePort(`sshd_config-${sandboxId}`, host, `host-${sandboxId}`)
    // Stopped while this one came up (a test ends as a sandbox gets ready): stop() has passed it by.
    if (!this.running) sshd.kill('SIGTERM')
    else this.own.set(sandboxId, { port, sshd, host, hostKey })
  }

  /** The sandbox's port is in its record now; its sshd listens on it only lateSshdMs later. */
  private startLate(sandboxId: string, own: OwnSshd): void {
    this.own.set(sandboxId, own)
    setTimeout(() => {
      if (!this.running || this.own.get(sandboxId) !== own) return
      this.spawnSshd(`sshd_config-${sandboxId}`, own.port, own.host, `host-${sandboxId}`).then(
        (sshd) => {
          if (this.running && this.own.get(sandboxId) === own) own.sshd = sshd
          else sshd.kill('SIGTERM')
        },
        // The port was taken meanwhile: this sandbox stays unreachable, as one whose sshd never came up.
        () => undefined,
      )
    }, this.lateSshdMs).unref()
  }

  /** A host key pair in this directory; its public key as records carry it (`type base64`). */
  private makeHostKey(name: string): string {
    this.makeKey(name, 'emulator-host')
    return readFileSync(join(this.dir, `${name}.pub`), 'utf8')
      .trim()
      .split(' ')
      .slice(0, 2)
      .join(' ')
  }

  /** An sshd on a free port. One found free can be taken before sshd binds it (many start at once): up to 3 ports. */
  private async spawnOnFreePort(
    configName: string,
    host: SandboxHost,
    hostKeyName: string,
  ): Promise<{ port: number; sshd: ChildProcess }> {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort()
      try {
        return { port, sshd: await this.spawnSshd(configName, port, host, hostKeyName) }
      } catch (error) {
        if (attempt >= 3) throw error
      }
    }
  }

  /** The port a sandbox's record names. */
  portFor(sandboxId: string): number {
    return this.own.get(sandboxId)?.port ?? this.port
  }

  /** The host key a sandbox's record carries. */
  hostKeyFor(sandboxId: string): string {
    return this.own.get(sandboxId)?.hostKey ?? this.hostKey
  }

  /** The host key of the sshd on `port`. */
  hostKeyAt(port: number): string {
    return [...this.own.values()].find((own) => own.port === port)?.hostKey ?? this.hostKey
  }

  /** Where a sandbox's sessions land. */
  hostFor(sandboxId: string): SandboxHost {
    return this.own.get(sandboxId)?.host ?? this.sandboxHost
  }

  private async spawnSshd(configName: string, port: number, host: SandboxHost, hostKeyName: string) {
    const config = sshdConfig({ dir: this.dir, port, hostKeyName, setEnv: host.setEnv })
    writeFileSync(join(this.dir, configName), config)
    mkdirSync('/run/sshd', { recursive: true, mode: 0o755 })
    // -r: each connection is a fork of this sshd, not a fresh exec of the binary that loads its config and keys again.
    const sshd = spawn(...withParent([SSHD, '-D', '-e', '-r', '-f', join(this.dir, configName)]), {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    endWithThisProcess(sshd)
    let stderr = ''
    sshd.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    try {
      await waitForPort(port, 30_000, sshd)
    } catch (error) {
      sshd.kill('SIGKILL')
      throw new Error(`${(error as Error).message}: ${stderr}`, { cause: error })
    }
    return sshd
  }

  get running(): boolean {
    return this.sshd !== undefined && this.sshd.exitCode === null
  }

  /**
   * A sandbox that stops taking new SSH connections (its sshd's listener gone: a full table, a crashed daemon): the
   * sessions already open go on, and so does every process on the sandbox. stop() still ends the rest.
   */
  refuseNewConnections(): void {
    this.sshd?.kill('SIGTERM')
    for (const own of this.own.values()) own.sshd?.kill('SIGTERM')
  }

  stop(): void {
    this.sshd?.kill('SIGTERM')
    this.sshd = undefined
    endDetached(this.sandboxHost.home)
    for (const own of this.own.values()) {
      own.sshd?.kill('SIGTERM')
      endDetached(own.host.home)
    }
    this.own.clear()
    if (this.container) removeContainer(this.holder)
    rmSync(this.dir, { recursive: true, force: true })
  }
}
