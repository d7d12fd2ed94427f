/**
 * The stand-in for the actions/runner package that the fake GitHub serves
 * (tests only): run.sh, run-helper.sh.template and bin/Runner.Listener in
 * bash, packed as actions-runner-linux-x64-<version>.tar.gz.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The stand-in package follows the released layout's observable behaviour (actions/runner,
 * src/Misc/layoutroot): run.sh copies run-helper.sh.template to run-helper.sh and runs it in a loop
 * (exit 2: again; anything else: "Exiting runner..."); run-helper.sh refuses uid 0 without
 * RUNNER_ALLOW_RUNASROOT (on stdout, exit 1), runs bin/Runner.Listener and maps its exit code (2, 3, 4:
 * restart; 0, 1, 5 and others: stop). The listener (bash, curl and base64 only) first loads the root's `.env` into
 * its environment as the released one does (Program.cs LoadAndSetEnv), logs to
 * _diag/Runner_<UTC yyyyMMdd-HHmmss>-utc.log and prints its progress on stdout.
 */
const RUN_SH = `#!/bin/bash
# A stand-in for actions/runner's run.sh (tests only).
DIR="$(cd "$(dirname "$0")" && pwd)"
while :; do
  cp -f "$DIR/run-helper.sh.template" "$DIR/run-helper.sh"
  "$DIR/run-helper.sh" "$@"
  if [ $? -eq 2 ]; then echo "Restarting runner..."; else echo "Exiting runner..."; exit 0; fi
done
`

const RUN_HELPER = `#!/bin/bash
# A stand-in for actions/runner's run-helper.sh.template (tests only).
if [ "$(id -u)" -eq 0 ] && [ -z "\${RUNNER_ALLOW_RUNASROOT:-}" ]; then echo "Must not run interactively with sudo"; exit 1; fi
DIR="$(cd "$(dirname "$0")" && pwd)"
"$DIR/bin/Runner.Listener" run "$@"
code=$?
case "$code" in
  0) echo "Runner listener exit with 0 return code, stop the service, no retry needed."; exit 0 ;;
  1) echo "Runner listener exit with terminated error, stop the service, no retry needed."; exit 0 ;;
  2) echo "Runner listener exit with retryable error, re-launch runner in 5 seconds."; sleep 5; exit 2 ;;
  3|4) echo "Runner listener exit because of updating, re-launch runner after successful update"; exit 2 ;;
  5) echo "Runner listener exit with Session Conflict error, stop the service, no retry needed."; exit 0 ;;
  *) echo "Exiting with unknown error code: $code"; exit 0 ;;
esac
`

const LISTENER = `#!/bin/bash
# A stand-in for actions/runner's Runner.Listener (tests only): one job, then it deregisters and exits.
cd "$(dirname "$0")/.." || exit 1
# As the released Program.cs (LoadAndSetEnv), before anything else: each line of the root's .env with a '=' after its
# first character sets the variable before it to the rest (an empty rest unsets it); the worker and the job's steps
# inherit them. (File.ReadAllLines ends a line at LF, CR LF or CR: a CR before the LF is not part of the value.)
if [ -f .env ]; then
  while IFS= read -r env || [ -n "$env" ]; do
    env=\${env%$'\\r'}
    case "$env" in =* | '') continue ;; *=*) ;; *) continue ;; esac
    key=\${env%%=*}; value=\${env#*=}
    if [ -n "$value" ]; then export "$key=$value" 2> /dev/null; else unset "$key" 2> /dev/null; fi
  done < .env
fi
mkdir -p _diag
log="_diag/Runner_$(date -u +%Y%m%d-%H%M%S)-utc.log"
jit="\${ACTIONS_RUNNER_INPUT_JITCONFIG:-}"
[ "\${2:-}" = --jitconfig ] && jit="\${3:-}"
# As the released CommandSettings.cs: ACTIONS_RUNNER_INPUT_* are read, then removed from the environment block.
unset ACTIONS_RUNNER_INPUT_JITCONFIG
if [ -z "$jit" ]; then echo "[RUNNER ERROR] no just-in-time configuration" >> "$log"; exit 1; fi
config=$(printf '%s' "$jit" | base64 -d) || { echo "[RUNNER ERROR] unreadable configuration" >> "$log"; exit 1; }
url=$(printf '%s' "$config" | sed -n 's/.*"url":"\\([^"]*\\)".*/\\1/p')
secret=$(printf '%s' "$config" | sed -n 's/.*"secret":"\\([^"]*\\)".*/\\1/p')
echo "[RUNNER] Running as $(id -un) (uid $(id -u)); RUNNER_ALLOW_RUNASROOT=\${RUNNER_ALLOW_RUNASROOT:-unset}" >> "$log"
echo "[RUNNER] Connecting to $url" >> "$log"
if ! curl -fsS -X POST -H "authorization: RunnerSecret $secret" "$url/_fake/runner/session" >> "$log" 2>&1; then
  echo "[RUNNER ERROR] Failed to create a session with GitHub: the runner is not online" >> "$log"; exit 1
fi
echo "√ Connected to GitHub"
echo "[RUNNER] Listening for Jobs" >> "$log"
echo "$(date -u '+%Y-%m-%d %H:%M:%SZ'): Listening for Jobs"
# The job runs in bin/Runner.Worker (a copy of bash, so that its process is named as the released worker's):
# ACTIONS_RUNNER_HOOK_JOB_STARTED first (as JobExtension.cs: a pre-job step, condition always(), run as
# 'bash -e <path>'), then each step by its condition, then ACTIONS_RUNNER_HOOK_JOB_COMPLETED (also after a
# failure), with the job's variables. A worker that is killed reports nothing: the listener fails the job.
job_completed() {
  if [ -n "\${ACTIONS_RUNNER_HOOK_JOB_COMPLETED:-}" ]; then
    echo "A job completed hook has been configured by the self-hosted runner administrator"
    (cd _work && GITHUB_RUN_ID="$run" GITHUB_RUN_ATTEMPT="$attempt" GITHUB_REPOSITORY="$repo" GITHUB_JOB="$job" \\
      bash -e "$ACTIONS_RUNNER_HOOK_JOB_COMPLETED") || true
  fi
}
run_job() {
  mkdir -p _work/_temp; local log=_work/job.log result=success line cond name script tag
  IFS=$'\t' read -r tag run attempt repo job kind < _work/job.plan
  if [ -n "\${ACTIONS_RUNNER_HOOK_JOB_STARTED:-}" ]; then
    echo "A job started hook has been configured by the self-hosted runner administrator" >> "$log"
    (cd _work && GITHUB_RUN_ID="$run" GITHUB_RUN_ATTEMPT="$attempt" GITHUB_REPOSITORY="$repo" GITHUB_JOB="$job" \\
      bash -e "$ACTIONS_RUNNER_HOOK_JOB_STARTED") >> "$log" 2>&1 || { result=failure; echo "##[error]Process completed with exit code 1." >> "$log"; }
  fi
  # A job without steps whose hook passed runs until GitHub ends it (its completed hook runs then).
  if [ "$kind" = timed ] && [ "$result" = success ]; then : > _work/job.timed; return 0; fi
  while IFS= read -r line; do
    case "$line" in '#job'*) continue ;; esac
    IFS=$'\t' read -r cond name script <<< "$line"
    case "$cond:$result" in success*:success|always*:*|failure*:failure) ;; *) echo "Skipped: $name" >> "$log"; continue ;; esac
    echo "Run $name" >> "$log"
    printf '%s' "$script" | base64 -d > _work/_temp/step.sh
    (cd _work && bash -e _temp/step.sh) >> "$log" 2>&1 || result=failure
  done < _work/job.plan
  job_completed >> "$log" 2>&1
  printf '{"conclusion":"%s","log":"%s"}' "$result" "$(base64 -w0 < "$log")" > _work/job.report
}
work_job() {
  rm -f _work/job.report _work/job.timed; : > _work/job.log
  IFS=$'\t' read -r tag run attempt repo job kind < _work/job.plan
  cp -f "$(command -v bash)" bin/Runner.Worker
  bin/Runner.Worker -c "$(declare -f job_completed run_job); run_job"
  if [ -e _work/job.timed ]; then return 0; fi
  kind=reported
  [ -s _work/job.report ] || printf '{"conclusion":"failure","log":"%s"}' "$(base64 -w0 < _work/job.log)" > _work/job.report
  curl -fsS -X POST -H "authorization: RunnerSecret $secret" -H 'content-type: application/json' --data @_work/job.report "$url/_fake/runner/job" > /dev/null
  grep -q '"conclusion":"success"' _work/job.report && outcome=Succeeded || outcome=Failed
}
misses=0; running=; outcome=Succeeded; kind=; run=; attempt=; repo=; job=; last=
# A long poll, as the released listener's: the fake answers once the state is no longer the last one seen.
while :; do
  state=$(curl -fsS -H "authorization: RunnerSecret $secret" "$url/_fake/runner/state?since=$last" 2> /dev/null) || state=unreachable
  [ "$state" = unreachable ] || last=$state
  case "$state" in
    done|deleted)
      [ "$kind" = timed ] && job_completed >> "$log" 2>&1
      [ -n "$running" ] && echo "$(date -u '+%Y-%m-%d %H:%M:%SZ'): Job gpu-tests completed with result: $outcome"
      echo "[RUNNER] Job completed; the runner deregisters" >> "$log"; exit 0 ;;
    busy)
      misses=0
      if [ -z "$running" ]; then
        running=1; echo "$(date -u '+%Y-%m-%d %H:%M:%SZ'): Running job: gpu-tests"
        mkdir -p _work && curl -fsS -H "authorization: RunnerSecret $secret" "$url/_fake/runner/job" > _work/job.plan 2> /dev/null
        [ -s _work/job.plan ] && work_job
      fi ;;
    unreachable) misses=$((misses + 1)); if [ "$misses" -ge 15 ]; then echo "[RUNNER ERROR] GitHub unreachable; exiting" >> "$log"; exit 1; fi
      sleep 0.3 ;;
    *) misses=0 ;;
  esac
done
`

/** How long the fake holds the listener's poll of an unchanged state before it answers it anyway. */
const LONG_POLL_MS = 5_000

/**
 * Answers the listener's `GET /_fake/runner/state?since=<state>`: at once where the state is no longer `since`,
 * else once it changes (looked at every 50 ms) or after LONG_POLL_MS; nothing once the connection is gone.
 */
export function answerLongPoll<T extends { body: unknown }>(
  since: string | null,
  read: () => T,
  gone: () => boolean,
  send: (answer: T) => void,
): void {
  const until = Date.now() + LONG_POLL_MS
  const look = () => {
    if (gone()) return
    const answer = read()
    if (!since || answer.body !== since || Date.now() >= until) return send(answer)
    setTimeout(look, 50)
  }
  look()
}

const packages = new Map<number, { tarball: Buffer; sha256: string }>()

/**
 * The stand-in package, actions-runner-linux-x64-<version>.tar.gz, and its SHA-256, packed once per process.
 * `pollSeconds`: how long the listener waits after GitHub did not answer (0.3 s; a matrix of hundreds, longer).
 */
export function standInPackage(pollSeconds = 0.3): { tarball: Buffer; sha256: string } {
  const packed = packages.get(pollSeconds) ?? pack(pollSeconds)
  packages.set(pollSeconds, packed)
  return packed
}

function pack(pollSeconds: number): { tarball: Buffer; sha256: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fake-runner-'))
  try {
    mkdirSync(join(dir, 'bin'))
    writeFileSync(join(dir, 'run.sh'), RUN_SH, { mode: 0o755 })
    writeFileSync(join(dir, 'run-helper.sh.template'), RUN_HELPER, { mode: 0o755 })
    writeFileSync(
      join(dir, 'bin', 'Runner.Listener'),
      LISTENER.replace(/^ {6}sleep 0\.3 ;;$/m, `      sleep ${pollSeconds} ;;`),
      {
        mode: 0o755,
      },
    )
    for (const file of ['run.sh', 'run-helper.sh.template', 'bin/Runner.Listener']) chmodSync(join(dir, file), 0o755)
    const members = ['run.sh', 'run-helper.sh.template', 'bin']
    execFileSync('tar', ['-C', dir, '-czf', join(dir, 'package.tar.gz'), ...members])
    const tarball = readFileSync(join(dir, 'package.tar.gz'))
    return { tarball, sha256: createHash('sha256').update(tarball).digest('hex') }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
