/**
 * The shell scripts the action runs on the sandbox (POSIX sh, and only what
 * every sandbox host has: tar, mkdir, tail, head, wc, sleep, nohup; with
 * `image` also `sudo --non-interactive docker exec|cp thunder-sandbox`, as the
 * service's own SDK does). Each is run as `sh -c '<script>' gpu-sandbox <args>`.
 *
 * The working directory is `~/workspace` on the host, `/workspace` in the
 * image's container. A run keeps its files in `~/.gpu-sandbox-action/<run id>`
 * on the host: script.sh, output (stdout and stderr together), pid, and
 * status once it has ended.
 */

export const HOST_WORKDIR = '~/workspace'
export const CONTAINER_WORKDIR = '/workspace'
export const CONTAINER = 'thunder-sandbox'
const DOCKER = 'sudo --non-interactive docker'

/** What the scripts say on stderr, one line each, for the action to read. */
export const MARK = 'gpu-sandbox-run:'

/** Upload: a tar stream on stdin, unpacked (modes and symlinks kept) into the working directory. Args: placement. */
export const UPLOAD = `set -e
if [ "$1" = image ]; then
  stage=$(mktemp -d "$HOME/.gpu-sandbox-stage.XXXXXX")
  trap 'rm -rf "$stage"' EXIT
  tar -C "$stage" -xpf -
  ${DOCKER} cp "$stage/." ${CONTAINER}:${CONTAINER_WORKDIR}
else
  mkdir -p "$HOME/workspace"
  tar -C "$HOME/workspace" -xpf -
fi`

/**
 * Starts the script (stdin) as a detached job that survives the connection:
 * its own session, stdio on files, the exit status written last. Idempotent
 * per run id, so a start retried after a lost answer never starts it twice.
 * Args: run id, placement. Prints "started <pid>".
 */
export const START_JOB = `set -e
id=$1; placement=$2; d="$HOME/.gpu-sandbox-action/$id"
mkdir -p "$HOME/.gpu-sandbox-action"
if ! mkdir "$d" 2>/dev/null; then
  for i in 1 2 3 4 5 6 7 8 9 10; do
    if [ -f "$d/pid" ]; then echo "started $(cat "$d/pid")"; exit 0; fi
    sleep 1
  done
  echo "${MARK} $d exists but holds no job" >&2; exit 3
fi
cat > "$d/script.sh"
if [ "$placement" = image ]; then
  ${DOCKER} exec ${CONTAINER} mkdir -p ${CONTAINER_WORKDIR}
  ${DOCKER} cp "$d/script.sh" "${CONTAINER}:/tmp/gpu-sandbox-$id.sh"
  set -- ${DOCKER} exec -e PYTHONUNBUFFERED=1 -w ${CONTAINER_WORKDIR} ${CONTAINER} bash -e "/tmp/gpu-sandbox-$id.sh"
else
  mkdir -p "$HOME/workspace"; cd "$HOME/workspace"
  export PYTHONUNBUFFERED=1
  set -- bash -e "$d/script.sh"
fi
: > "$d/output"
detach=; if command -v setsid > /dev/null 2>&1; then detach=setsid; fi
wrapper='"$@" > "$0/output" 2>&1 < /dev/null; echo $? > "$0/status.tmp"; mv "$0/status.tmp" "$0/status"'
nohup $detach sh -c "$wrapper" "$d" "$@" > /dev/null 2>&1 < /dev/null &
echo $! > "$d/pid"
echo "started $!"`

/**
 * Prints the job's output from byte `offset` on as it grows, until the job
 * has ended and every byte is out; then "exit <status>" on stderr ("lost":
 * the job is gone without a status). Args: run id, offset.
 */
export const FOLLOW_JOB = `d="$HOME/.gpu-sandbox-action/$1"; off=$2
[ -f "$d/pid" ] || { echo "${MARK} no job" >&2; exit 3; }
while :; do
  ended=; [ -f "$d/status" ] && ended=1
  size=$(wc -c < "$d/output")
  if [ "$size" -gt "$off" ]; then tail -c +"$((off + 1))" "$d/output" | head -c "$((size - off))"; off=$size; fi
  if [ -n "$ended" ]; then echo "${MARK} exit $(cat "$d/status")" >&2; exit 0; fi
  if ! kill -0 "$(cat "$d/pid")" 2> /dev/null && [ ! -f "$d/status" ]; then echo "${MARK} lost" >&2; exit 0; fi
  sleep 0.2
done`

/**
 * Writes a tar stream of the paths that exist in the working directory to
 * stdout (an empty archive when none does) and "missing <path>" on stderr for
 * each that does not. Args: placement, paths.
 */
export const DOWNLOAD = `placement=$1; shift; n=$#
if [ "$placement" = image ]; then
  stage=$(mktemp -d "$HOME/.gpu-sandbox-stage.XXXXXX") || exit 1
  trap 'rm -rf "$stage"' EXIT
  for p; do
    mkdir -p "$stage/$(dirname "$p")"
    if ${DOCKER} cp "${CONTAINER}:${CONTAINER_WORKDIR}/$p" "$stage/$p" > /dev/null 2>&1; then
      set -- "$@" "$p"
    else
      echo "${MARK} missing $p" >&2
    fi
  done
  # docker cp writes as root: the login user must own the copies to read and remove them.
  sudo --non-interactive chown -R "$(id -u):$(id -g)" "$stage"
  cd "$stage"
else
  mkdir -p "$HOME/workspace"; cd "$HOME/workspace"
  for p; do
    if [ -e "$p" ] || [ -L "$p" ]; then set -- "$@" "$p"; else echo "${MARK} missing $p" >&2; fi
  done
fi
shift "$n"
if [ $# -eq 0 ]; then tar -cf - -T /dev/null; else tar -cf - -- "$@"; fi`
