/**
 * Whether a runner just started on the sandbox came online: the runner there
 * says so (its output), or GitHub is polled where the sandbox cannot say; and
 * the diagnostic tail of one that did not.
 */
import type { RunnerRegistry } from './github.ts'
import type { RemoteContext } from '../remote/job.ts'
import { runScript } from '../remote/ssh-command.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { StepDeps } from '../step/deps.ts'
import { FIRST_RUNNER_FOLDER } from '../inputs/runner.ts'
import { diagnosticTail, inFolder, runnerAlive } from './install.ts'

/** How long a started runner may take to show online. */
export const ONLINE_DEADLINE_MS = 5 * 60_000
/** A runner usually connects within seconds: asked every 0.5 s at first, every 2 s after 10 s. */
const FIRST_POLLS_MS = 500
const LATER_POLLS_MS = 2_000
const FIRST_POLLS_FOR_MS = 10_000

/**
 * Online, as the runner on the sandbox says it: its output shows "Listening for Jobs" once it has a
 * session with GitHub; one SSH command waits for that (or run.sh ending), and GitHub is not asked (the
 * post step's one read of who took it confirms it).
 * Where the sandbox cannot say, GitHub is polled as before.
 */
const ONLINE_WATCH = `out="$RUNNER_DIR/gpu-sandbox-runner.out"; until=$(( $(date +%s) + $2 ))
while :; do
  grep -q 'Listening for Jobs' "$out" 2> /dev/null && { echo online; exit 0; }
  kill -0 "$1" 2> /dev/null || { echo ended; exit 0; }
  [ "$(date +%s)" -ge "$until" ] && { echo timeout; exit 0; }
  sleep 0.5
done`

export type OnlineDeps = Pick<StepDeps, 'clock'> & { signal?: AbortSignal }

export async function waitOnline(
  deps: OnlineDeps,
  context: RemoteContext,
  registry: RunnerRegistry,
  id: number,
  pid: number,
  folder = FIRST_RUNNER_FOLDER,
): Promise<string | undefined> {
  const seconds = String(ONLINE_DEADLINE_MS / 1000)
  const script = inFolder(ONLINE_WATCH, folder)
  const said = await runScript(context.target, script, [String(pid), seconds], '', context.env, deps.signal)
  const verdict = said.stdout.trim().split('\n').at(-1)
  if (verdict === 'ended') return 'run.sh ended before the runner came online'
  if (verdict === 'timeout') return `it did not come online within ${ONLINE_DEADLINE_MS / 60_000} minutes`
  // The runner says it listens once GitHub gave it a session: not asked again (GitHub confirms who took it later).
  if (verdict === 'online') return undefined
  return pollOnline(deps, context, registry, id, pid)
}

/** Until GitHub shows the runner online: every 0.5 s for the first 10 s, then every 2 s. */
async function pollOnline(
  deps: OnlineDeps,
  context: RemoteContext,
  registry: RunnerRegistry,
  id: number,
  pid: number,
): Promise<string | undefined> {
  const began = deps.clock.now()
  const until = began + ONLINE_DEADLINE_MS
  for (let poll = 1; ; poll++) {
    const runner = await registry.get(id)
    if (!runner) return 'GitHub no longer has its registration'
    if (runner.status === 'online') return undefined
    // Asked every other poll: run.sh that has ended will never bring the runner online.
    if (poll % 2 === 0 && !(await runnerAlive(context, pid))) return 'run.sh ended before the runner came online'
    const wait = deps.clock.now() - began < FIRST_POLLS_FOR_MS ? FIRST_POLLS_MS : LATER_POLLS_MS
    if (deps.clock.now() + wait > until)
      return (
        `it did not come online within ${ONLINE_DEADLINE_MS / 60_000} minutes ` +
        `(status '${serviceText(runner.status, 40)}')`
      )
    await deps.clock.sleep(wait, deps.signal)
  }
}

/** Shows the runner's diagnostic tail; gives run.sh's last line of output, if any. */
export async function showDiagnostics(
  deps: StepDeps,
  context: RemoteContext,
  folder = FIRST_RUNNER_FOLDER,
): Promise<string | undefined> {
  deps.core.startGroup("The runner's diagnostic log (last lines)")
  try {
    const { lines, lastWords } = await diagnosticTail(context, folder)
    for (const line of lines.length > 0 ? lines : ['(no diagnostic log on the sandbox)']) deps.core.info(line)
    return lastWords
  } catch (error) {
    deps.core.info(`(could not read it: ${(error as Error).message})`)
    return undefined
  } finally {
    deps.core.endGroup()
  }
}
