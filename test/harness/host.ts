/**
 * What some tests need of this machine beyond Node: OpenSSH's server, root with
 * the real sudo (the emulator's `ubuntu` login, as deployed), passwordless sudo
 * (the failing runner's separate user), a Docker daemon, pkill, Python's zipfile and venv. On a machine without
 * a part, the tests that need it are skipped, and the file says so once on
 * stderr, naming what is missing and the command that installs it. With
 * EMULATOR_REQUIRE_DEPLOYED_HOST=1 (.ci/run) nothing is skipped: a missing part
 * fails the tests that need it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { SUDO } from '../../emulator/login-user.ts'
import { SSHD } from '../../emulator/ssh-service.ts'

export type HostPart = 'root' | 'sshd' | 'ubuntu-login' | 'sudo' | 'docker' | 'procps' | 'python3' | 'python3-venv'

export const REQUIRED = process.env.EMULATOR_REQUIRE_DEPLOYED_HOST === '1'

const asRoot = process.getuid?.() === 0

/** Each part: whether this machine has it, and what gets it. */
const PARTS: Record<HostPart, { has: () => boolean; install: string }> = {
  root: { has: () => asRoot, install: 'not run as root (what they check happens only as root: run the tests as root)' },
  sshd: { has: () => existsSync(SSHD), install: 'no OpenSSH server (apt-get install -y openssh-server)' },
  'ubuntu-login': {
    has: () => asRoot && existsSync(SUDO),
    install: asRoot
      ? "no sudo, so the emulator cannot give the deployed 'ubuntu' login (apt-get install -y sudo)"
      : "not run as root, so the emulator cannot create the deployed 'ubuntu' login (run the tests as root, with sudo)",
  },
  sudo: {
    has: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10_000 }).status === 0,
    install: asRoot
      ? 'no sudo for a separate user (apt-get install -y sudo)'
      : 'no passwordless sudo for a separate user (a sudoers rule with NOPASSWD for this user)',
  },
  procps: {
    has: () => spawnSync('pkill', ['-V'], { stdio: 'ignore', timeout: 10_000 }).status === 0,
    install: "no pkill, which the GPU sampler's fetch ends nvidia-smi with (apt-get install -y procps)",
  },
  python3: {
    has: () => spawnSync('python3', ['-c', 'import zipfile'], { stdio: 'ignore', timeout: 10_000 }).status === 0,
    install: "no python3, whose zipfile reads the run artifacts' archives (apt-get install -y python3)",
  },
  'python3-venv': {
    // The sandboxes' login user finds Debian's python3 (a venv makes pip, as the prepared pool's example does).
    has: () => spawnSync('/usr/bin/python3', ['-c', 'import ensurepip, venv'], { stdio: 'ignore' }).status === 0,
    install: "no python3 venv, which the prepared pool's example makes (apt-get install -y python3-venv)",
  },
  docker: {
    has: () => spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 20_000 }).status === 0,
    install: 'no Docker daemon (apt-get install -y docker.io, then: dockerd --iptables=false --bridge=none &)',
  },
}

const known = new Map<HostPart, boolean>()
const has = (part: HostPart) => {
  if (!known.has(part)) known.set(part, PARTS[part].has())
  return known.get(part) === true
}

/** What of `parts` this machine lacks, each saying how to get it; nothing under EMULATOR_REQUIRE_DEPLOYED_HOST=1. */
export function missing(...parts: HostPart[]): string[] {
  if (REQUIRED) return []
  return parts.filter((part) => !has(part)).map((part) => PARTS[part].install)
}

/**
 * Whether the tests `what` names must be skipped here; when so, says it once on stderr (vitest shows it under the
 * file's name), naming what is missing and how to install it.
 */
export function skipWithout(what: string, ...parts: HostPart[]): boolean {
  const gaps = missing(...parts)
  if (gaps.length === 0) return false
  console.warn(
    `Skipped here: ${what}: ${gaps.join('; ')}. CI (EMULATOR_REQUIRE_DEPLOYED_HOST=1) runs them and fails instead.`,
  )
  return true
}
