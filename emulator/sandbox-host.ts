/**
 * What an SSH login to an emulated sandbox lands on: its own home (not the
 * login user's), owned by the login user (loginUser). Where the host is as
 * deployed (a non-root login with the real sudo and a Docker daemon), `sudo`
 * and `docker` are the real ones and `thunder-sandbox` is a real container
 * (container.ts). Elsewhere the PATH has stand-ins: `sudo` (only
 * `--non-interactive`/`-n`, as a password prompt would hang a job) and
 * `docker`, which knows one container, `thunder-sandbox`, whose file system
 * is a directory of its own (`exec` and `cp`, the two commands the service's
 * SDK uses). Every stand-in call is appended to `calls.log`. Always on the
 * PATH: an `nvidia-smi` that answers from the newest ready GPU sandbox's spec
 * (one host serves every emulated sandbox; gpu.ts), and a `dmesg` with the
 * GPU faults planted for it (gpu-faults.ts).
 *
 * sshd's `SetEnv HOME=… PATH=…` puts a session there. One sshd serves every
 * emulated sandbox, so they share this home.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CONTAINER_NAME } from './container.ts'
import { NVIDIA_SMI } from './gpu.ts'
import { DMESG, JOURNALCTL } from './gpu-faults.ts'
import type { LoginUser } from './login-user.ts'

const SUDO = `#!/bin/bash
printf 'sudo %s\\n' "$*" >> "$EMULATOR_CALLS_LOG"
case "$1" in
  -n|--non-interactive) shift; export EMULATOR_SUDO=1 ;;
  *) echo "sudo: a terminal is required to read the password; use the -S option or --non-interactive" >&2; exit 1 ;;
esac
exec "$@"
`

/** docker exec [-i] [-w dir] [-e K=V] thunder-sandbox cmd…; docker cp src dest (one side thunder-sandbox:path). */
const DOCKER = `#!/bin/bash
printf 'docker %s\\n' "$*" >> "$EMULATOR_CALLS_LOG"
root="$EMULATOR_CONTAINER_ROOT"
no_container() { echo "Error response from daemon: No such container: $1" >&2; exit 1; }
inside() { case "$1" in ${CONTAINER_NAME}:*) return 0 ;; esac; return 1; }
command="$1"; shift
case "$command" in
exec)
  workdir=/; envs=()
  while [ $# -gt 0 ]; do
    case "$1" in
      -i|--interactive) shift ;;
      -w|--workdir) workdir="$2"; shift 2 ;;
      -e|--env) envs+=("$2"); shift 2 ;;
      -*) echo "unknown flag: $1" >&2; exit 125 ;;
      *) break ;;
    esac
  done
  [ "$1" = "${CONTAINER_NAME}" ] || no_container "$1"
  shift
  cd "$root$workdir" 2>/dev/null || { echo "OCI runtime exec failed: chdir to cwd (\\"$workdir\\"): no such file or directory" >&2; exit 126; }
  # The container's absolute paths (arguments starting with /) live under its root here.
  args=()
  for arg in "$@"; do
    if [ "\${arg#/}" != "$arg" ]; then args+=("$root$arg"); else args+=("$arg"); fi
  done
  exec env "\${envs[@]}" CONTAINER_ROOT="$root" "\${args[@]}"
  ;;
cp)
  [ $# -eq 2 ] || { echo '"docker cp" requires exactly 2 arguments' >&2; exit 1; }
  src="$1"; dest="$2"
  if inside "$src"; then src="$root\${src#${CONTAINER_NAME}:}"; from=container
  elif [ "\${src%%:*}" != "$src" ]; then no_container "\${src%%:*}"; fi
  if inside "$dest"; then dest="$root\${dest#${CONTAINER_NAME}:}"
  elif [ "\${dest%%:*}" != "$dest" ]; then no_container "\${dest%%:*}"; fi
  [ -e "$src" ] || [ -L "$src" ] || { echo "Error response from daemon: Could not find the file \${1#*:} in container ${CONTAINER_NAME}" >&2; exit 1; }
  case "$src" in
    */.) mkdir -p "$dest" && cp -a "$src" "$dest/" ;;
    *) if [ -d "$dest" ]; then cp -a "$src" "$dest/"; else cp -a "$src" "$dest"; fi ;;
  esac
  ;;
*) echo "docker: '$command' is not a docker command (the emulator's stand-in knows exec and cp)" >&2; exit 1 ;;
esac
`

export interface SandboxHost {
  home: string
  bin: string
  /** 'docker': the real daemon's container; 'stand-in': the directory below and the scripts above. */
  docker: 'docker' | 'stand-in'
  containerRoot: string
  callsLog: string
  /** Where the emulator writes the GPUs that nvidia-smi reports. */
  gpuFile: string
  /** The sshd_config line that puts every session there. */
  setEnv: string
  /** Gives a path (recursively) to the login user: files a test plants as root must stay the user's to change. */
  own(path: string): void
}

/**
 * Ends what a session left running in its own session (setsid) from `home`: the GPU sampler (issue 47), which a real
 * sandbox's stop ends with the machine. The emulator's host outlives its sandboxes, so its close does it.
 */
export function endDetached(home: string): void {
  let sid: number
  try {
    sid = Number(readFileSync(join(home, '.gpu-sandbox-samples', 'pid'), 'utf8').trim())
  } catch {
    return
  }
  if (!Number.isInteger(sid) || sid <= 1) return
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid pgrp session ...: the command may hold spaces, the fields after its ')' do not.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]) === sid) process.kill(Number(entry), 'SIGKILL')
    } catch {
      // Gone meanwhile, or not ours to end.
    }
  }
}

export function createSandboxHost(dir: string, user: LoginUser, docker: 'docker' | 'stand-in'): SandboxHost {
  const home = join(dir, 'home')
  const bin = join(dir, 'bin')
  const containerRoot = join(dir, 'container')
  const callsLog = join(dir, 'calls.log')
  const gpuFile = join(dir, 'gpus')
  for (const path of [home, bin, join(containerRoot, 'tmp')]) mkdirSync(path, { recursive: true })
  if (docker === 'stand-in') {
    writeFileSync(join(bin, 'sudo'), SUDO, { mode: 0o755 })
    writeFileSync(join(bin, 'docker'), DOCKER, { mode: 0o755 })
  }
  writeFileSync(join(bin, 'nvidia-smi'), NVIDIA_SMI, { mode: 0o755 })
  writeFileSync(join(bin, 'dmesg'), DMESG(`${gpuFile}.faults`), { mode: 0o755 })
  writeFileSync(join(bin, 'journalctl'), JOURNALCTL, { mode: 0o755 })
  writeFileSync(callsLog, '')
  writeFileSync(gpuFile, '')
  writeFileSync(`${gpuFile}.faults`, '')
  const own = (path: string) => execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, path])
  own(dir)
  const path = `${bin}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`
  const env = {
    HOME: home,
    PATH: path,
    EMULATOR_CONTAINER_ROOT: containerRoot,
    EMULATOR_CALLS_LOG: callsLog,
    EMULATOR_GPU_FILE: gpuFile,
  }
  // sshd splits SetEnv at spaces: the emulator's temporary paths have none.
  const setEnv = `SetEnv ${Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ')}`
  return { home, bin, docker, containerRoot, callsLog, gpuFile, setEnv, own }
}

/**
 * A claim whose answer is lost (issue 55's fault): the sandbox's `ln` makes
 * the link, then ends the SSH session it runs in (its sshd process) before
 * anything is answered, `times` times in all: the client sees a dropped
 * connection (ssh's 255) although the claim was made.
 */
const LOSE_ANSWER = `#!/bin/bash
real=$(PATH=/usr/bin:/bin command -v ln)
"$real" "$@" || exit $?
marker="$HOME/.lost-claim-answers"
count=$(cat "$marker" 2> /dev/null || echo 0)
[ "$count" -lt "$EMULATOR_LOSE_ANSWERS" ] || exit 0
echo $((count + 1)) > "$marker"
pid=$$
while [ "$pid" -gt 1 ]; do
  pid=$(sed 's/^.*) //' "/proc/$pid/stat" | cut -d' ' -f2)
  case "$(cat "/proc/$pid/comm" 2> /dev/null)" in sshd*) kill -9 "$pid"; exit 0 ;; esac
done
`

export function plantLostClaimAnswers(host: SandboxHost, times: number): void {
  writeFileSync(join(host.bin, 'ln'), LOSE_ANSWER.replace('"$EMULATOR_LOSE_ANSWERS"', String(times)), { mode: 0o755 })
  host.own(join(host.bin, 'ln'))
}

/**
 * A hostile sandbox (tests of download): its `tar`, asked for an archive,
 * adds members nobody asked for: a `.git/config` whose fsmonitor would run a
 * command in the next git call, a file beside the asked-for paths, a `.git`
 * inside `reports/`, and `reports/escape`, a symbolic link to /etc/passwd.
 */
const HOSTILE_TAR = `#!/bin/bash
real=$(PATH=/usr/bin:/bin command -v tar)
if [ "$1" != -cf ] || [ "$2" != - ]; then exec "$real" "$@"; fi
shift 2; [ "$1" = -- ] && shift
extra=$(mktemp -d); trap 'rm -rf "$extra"' EXIT
mkdir -p "$extra/.git" "$extra/reports/.git"
printf '[core]\\n\\tfsmonitor = touch planted-by-the-sandbox\\n' > "$extra/.git/config"
echo planted > "$extra/not-requested.txt"
echo planted > "$extra/reports/.git/config"
ln -s /etc/passwd "$extra/reports/escape"
printf 'tar %s\\n' "$*" >> "$EMULATOR_CALLS_LOG"
"$real" -cf - "$@" -C "$extra" .git not-requested.txt reports/.git reports/escape
`

export function plantHostileTar(host: SandboxHost): void {
  writeFileSync(join(host.bin, 'tar'), HOSTILE_TAR, { mode: 0o755 })
}

/**
 * A hostile sandbox (tests of download): its `tar`, asked for an archive
 * (`tar -cf - …`), sends instead the members `build` makes (a bash snippet run
 * in an empty directory), named in `members` and in that order; `options` go
 * to tar before `-cf` (`-S` stores a sparse file as the holes it has).
 */
export function plantArchive(
  host: SandboxHost,
  build: string,
  members: readonly string[],
  options: readonly string[] = [],
): void {
  const quoted = (words: readonly string[]) => words.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ')
  const script = `#!/bin/bash
real=$(PATH=/usr/bin:/bin command -v tar)
if [ "$1" != -cf ] || [ "$2" != - ]; then exec "$real" "$@"; fi
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
${build}
printf 'tar (planted) %s\\n' "$*" >> "$EMULATOR_CALLS_LOG"
"$real" ${quoted(options)} -cf - -- ${quoted(members)}
`
  writeFileSync(join(host.bin, 'tar'), script, { mode: 0o755 })
}
