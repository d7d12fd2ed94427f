/**
 * The actions/runner package on the sandbox host, at ~/actions-runner: used as
 * is when a prepared image already has it (run.sh), else fetched the way
 * GitHub publishes it (the latest release's version and linux-x64 SHA-256
 * from GITHUB_API_URL, the package from GITHUB_SERVER_URL), checked against
 * that SHA-256 on the runner, and only then sent over SSH and unpacked.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { proxiedFetch } from '../client/transport.ts'
import type { RunnerRegistry } from './github.ts'
import { FIRST_RUNNER_FOLDER, RUNNER_FOLDER, type WorkflowRun } from '../inputs/runner.ts'
import { JOB_COMPLETED_HOOK, JOB_STARTED_HOOK } from './hooks.ts'
import type { RemoteContext } from '../remote/job.ts'
import { collect, exited, killOnAbort, runScript, spawnSsh } from '../remote/ssh-command.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { withTimeout } from '../runtime/abort.ts'

/** A runner script run in `folder` under the login's home: RUNNER_DIR is set before it (the name is checked). */
export function inFolder(script: string, folder = FIRST_RUNNER_FOLDER): string {
  if (!RUNNER_FOLDER.test(folder)) throw new Error(`runner: '${folder}' is not a runner folder`)
  return `RUNNER_DIR="$HOME/${folder}"\n${script}`
}

const PRESENT = 'if [ -x "$HOME/actions-runner/run.sh" ]; then echo present; else echo absent; fi'
const UNPACK = 'set -e; mkdir -p "$HOME/actions-runner"; tar -C "$HOME/actions-runner" -xzf -'
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000

/** Downloads the package into `file`; its SHA-256. */
async function download(url: string, file: string, signal: AbortSignal | undefined): Promise<string> {
  const response = await proxiedFetch(url, { redirect: 'follow', signal: withTimeout(DOWNLOAD_TIMEOUT_MS, signal) })
  if (!response.ok || !response.body) throw new Error(`runner: downloading ${url} answered ${response.status}`)
  const hash = createHash('sha256')
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
  body.on('data', (chunk: Buffer) => hash.update(chunk))
  await pipeline(body, createWriteStream(file, { mode: 0o600, flags: 'wx' }))
  return hash.digest('hex')
}

async function unpackOnSandbox(context: RemoteContext, file: string): Promise<void> {
  const ssh = spawnSsh(context.target, UNPACK, [], ['pipe', 'ignore', 'pipe'], context.env)
  const stop = killOnAbort(ssh, context.signal)
  const stderr = collect(ssh.stderr)
  ssh.stdin?.on('error', () => {})
  if (ssh.stdin) createReadStream(file).pipe(ssh.stdin)
  const code = await exited(ssh)
  stop()
  if (code !== 0)
    throw new Error(
      `runner: unpacking the runner on the sandbox failed (exit ${code}): ` +
        `${serviceText(stderr().trim().split('\n').slice(-2).join(' / '))}`,
    )
}

/**
 * The latest actions/runner release's linux-x64 package, downloaded into `dir` and checked against the SHA-256 in
 * the release notes; a mismatch is refused, saying what did not happen to it (`unless`).
 */
export async function verifiedPackage(
  registry: RunnerRegistry,
  serverUrl: string,
  dir: string,
  signal: AbortSignal | undefined,
  unless: string,
): Promise<{ file: string; version: string; sha256: string }> {
  const { version, sha256 } = await registry.latestRelease()
  const url = `${serverUrl}/actions/runner/releases/download/v${version}/actions-runner-linux-x64-${version}.tar.gz`
  const file = join(dir, `actions-runner-${version}.tar.gz`)
  const got = await download(url, file, signal)
  if (got !== sha256)
    throw new Error(`runner: the package from ${url} has SHA-256 ${got}, but the release says ${sha256}; ${unless}`)
  return { file, version, sha256 }
}

/** Makes sure ~/actions-runner/run.sh is there; says which way. */
export async function ensureRunnerPackage(
  context: RemoteContext,
  registry: RunnerRegistry,
  serverUrl: string,
  privateDir: string,
): Promise<void> {
  const present = await runScript(context.target, PRESENT, [], '', context.env, context.signal)
  if (present.code === 0 && present.stdout.trim() === 'present') {
    context.log('Runner: ~/actions-runner/run.sh is already on the sandbox (a prepared image); used as is.')
    return
  }
  const unsent = 'it was not sent to the sandbox'
  const { file, version, sha256 } = await verifiedPackage(registry, serverUrl, privateDir, context.signal, unsent)
  context.log(
    `Runner: actions/runner ${version} downloaded from ${serverUrl}, SHA-256 checked (${sha256.slice(0, 12)}…).`,
  )
  await unpackOnSandbox(context, file)
}

/** Starts run.sh detached; the JIT configuration goes on stdin into its environment, never on a command line. */
const START = `set -e
cd "$RUNNER_DIR"
ACTIONS_RUNNER_INPUT_JITCONFIG=$(cat)
export ACTIONS_RUNNER_INPUT_JITCONFIG
# The released run-helper.sh refuses uid 0 unless this is set ("Must not run interactively with sudo").
if [ "$(id -u)" = 0 ]; then RUNNER_ALLOW_RUNASROOT=1; export RUNNER_ALLOW_RUNASROOT; fi
# The hooks (hooks.ts): this run's job is noted for the post step's watch; another run's job is refused.
rm -f gpu-sandbox-job-started.sh gpu-sandbox-job-started gpu-sandbox-job-completed gpu-sandbox-refused
cat > gpu-sandbox-job-started.sh << 'HOOK'
${JOB_STARTED_HOOK}
HOOK
if [ -n "\${1:-}" ]; then sed -i "s|@RUN@|$1|g; s|@ATTEMPT@|$2|g; s|@REPO@|$3|g" gpu-sandbox-job-started.sh
else sed -i '/^# refuse: begin/,/^# refuse: end/d' gpu-sandbox-job-started.sh; fi
cat > gpu-sandbox-job-completed.sh << 'HOOK'
${JOB_COMPLETED_HOOK}
HOOK
ACTIONS_RUNNER_HOOK_JOB_STARTED="$RUNNER_DIR/gpu-sandbox-job-started.sh"
ACTIONS_RUNNER_HOOK_JOB_COMPLETED="$RUNNER_DIR/gpu-sandbox-job-completed.sh"
export ACTIONS_RUNNER_HOOK_JOB_STARTED ACTIONS_RUNNER_HOOK_JOB_COMPLETED
detach=; if command -v setsid > /dev/null 2>&1; then detach=setsid; fi
nohup $detach ./run.sh > "$RUNNER_DIR/gpu-sandbox-runner.out" 2>&1 < /dev/null &
echo "started $!"`

const RUNNER_OUTPUT = "run.sh's output"

/** The runner's last words: its newest diagnostic log and its output, for a runner that did not come online. */
export const DIAGNOSTIC_TAIL = `cd "$RUNNER_DIR" 2> /dev/null || exit 0
newest=$(ls -t _diag/*.log 2> /dev/null | head -n 1)
[ -n "$newest" ] && { echo "== $newest"; tail -n 20 "$newest"; }
[ -f gpu-sandbox-runner.out ] && { echo "== ${RUNNER_OUTPUT}"; tail -n 10 gpu-sandbox-runner.out; }
true`

/**
 * Starts run.sh detached, the JIT configuration on its stdin; with `serves` (this workflow run), the job-started hook
 * refuses every job of another run (JOB_STARTED_HOOK).
 */
export async function startRunnerProcess(
  context: RemoteContext,
  jitConfig: string,
  serves?: { run: WorkflowRun; repository: string },
  folder = FIRST_RUNNER_FOLDER,
): Promise<number> {
  const valid = serves && /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(serves.repository)
  const args = valid ? [String(serves.run.id), String(serves.run.attempt), serves.repository] : []
  const script = inFolder(START, folder)
  const { code, stdout, stderr } = await runScript(context.target, script, args, jitConfig, context.env, context.signal)
  const started = /^started (\d+)$/m.exec(stdout)
  if (code !== 0 || !started)
    throw new Error(
      `runner: run.sh could not be started on the sandbox (exit ${code}): ` +
        `${serviceText(stderr.trim().split('\n').slice(-2).join(' / '))}`,
    )
  return Number(started[1])
}

/** Whether the runner process still runs on the sandbox. */
export async function runnerAlive(context: RemoteContext, pid: number): Promise<boolean> {
  const { code, stdout } = await runScript(
    context.target,
    'if kill -0 "$1" 2> /dev/null; then echo alive; fi',
    [String(pid)],
    '',
    context.env,
    context.signal,
  )
  return code !== 0 || stdout.trim() === 'alive'
}

/** The diagnostic tail, each line made safe for the log, and run.sh's last words (the root refusal is only there). */
export async function diagnosticTail(
  context: RemoteContext,
  folder = FIRST_RUNNER_FOLDER,
): Promise<{ lines: string[]; lastWords?: string }> {
  const tail = inFolder(DIAGNOSTIC_TAIL, folder)
  const { stdout } = await runScript(context.target, tail, [], '', context.env, context.signal)
  const lines = stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => serviceText(line, 400))
  const output = lines.slice(lines.lastIndexOf(`== ${RUNNER_OUTPUT}`) + 1)
  // run.sh's own closing line says nothing of why.
  const said = output.filter((line) => !/^(Exiting|Restarting) runner\.\.\.$/.test(line))
  return { lines, lastWords: lines.includes(`== ${RUNNER_OUTPUT}`) ? said.at(-1) : undefined }
}
