/**
 * The post step's watch on the runner: the sandbox says what GitHub
 * was asked every 16 s before. One long-lived SSH command, over the access the
 * step already has, returns when the runner's job ended (its completed hook),
 * a job of another run was refused (its started hook), the runner process
 * ended, or runner-timeout passed with no job started (hooks.ts). No GitHub
 * request is made while it waits. A dropped connection is watched again (the
 * files stay on the sandbox); a sandbox that cannot be reached gives
 * 'unreachable', and the caller falls back to asking GitHub.
 */
import type { Clock } from '../runtime/clock.ts'
import { runScript, type SshTarget } from '../remote/ssh-command.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { inFolder } from './install.ts'

export const WATCH = `cd "$RUNNER_DIR" 2> /dev/null || { echo "exited"; exit 0; }
until=$(( $(date +%s) + $2 )); said=
while :; do
  if [ -s gpu-sandbox-refused ]; then echo "refused $(tail -n 1 gpu-sandbox-refused)"; exit 0; fi
  if [ -e gpu-sandbox-job-completed ]; then
    # A job that ended before this watch began (a short one, or the next of runner-jobs) still names itself.
    [ -n "$said" ] || [ ! -e gpu-sandbox-job-started ] || echo "started $(head -c 100 gpu-sandbox-job-started)"
    # The runner reports the job's end to GitHub after this hook, then exits: up to 10 s for that, so that the one
    # read of GitHub after it finds the job ended (who took it and how it ended, in one read).
    for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$1" 2> /dev/null || break; sleep 1; done
    echo "completed"; exit 0
  fi
  if [ -e gpu-sandbox-job-started ]; then
    [ -n "$said" ] || { echo "started $(head -c 100 gpu-sandbox-job-started)"; said=1; }
  elif [ "$(date +%s)" -ge "$until" ]; then echo "timeout"; exit 0; fi
  # The runner may have run a whole job and exited since the checks above (a watch descheduled on a busy sandbox):
  # what it wrote before exiting is there to read, so look again before saying it ended without one.
  kill -0 "$1" 2> /dev/null || { [ -e gpu-sandbox-job-completed ] && continue
    [ -n "$said" ] || [ ! -e gpu-sandbox-job-started ] || echo "started $(head -c 100 gpu-sandbox-job-started)"
    echo "exited"; exit 0; }
  sleep 1
done`

export type WatchVerdict =
  | { kind: 'completed' | 'exited'; job?: string }
  | { kind: 'refused'; run: string; attempt: string; repository: string; job: string }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; why: string }
  | { kind: 'cancelled' }

/** How many times a dropped watch is started again before the caller falls back to GitHub. */
const RECONNECTS = 5

function verdictOf(stdout: string): WatchVerdict | undefined {
  const lines = stdout.split('\n').filter((line) => line.trim() !== '')
  const job = /^started (\S*)/.exec(lines.find((line) => line.startsWith('started ')) ?? '')?.[1] || undefined
  const last = lines.at(-1) ?? ''
  const refused = /^refused (\d*) (\d*) (\S*) (\S*)$/.exec(last)
  if (refused) {
    const [, run = '', attempt = '', repository = '', refusedJob = ''] = refused.map((part) => serviceText(part, 100))
    return { kind: 'refused', run, attempt, repository, job: refusedJob }
  }
  if (last === 'completed' || last === 'exited') return { kind: last, ...(job ? { job: serviceText(job, 100) } : {}) }
  return last === 'timeout' ? { kind: 'timeout' } : undefined
}

export async function watchRunner(
  target: SshTarget & { folder?: string },
  pid: number,
  pickupTimeoutMs: number,
  deps: { clock: Clock; env: NodeJS.ProcessEnv; signal?: AbortSignal; log: (message: string) => void },
): Promise<WatchVerdict> {
  const began = deps.clock.now()
  let why = ''
  for (let attempt = 1; attempt <= RECONNECTS; attempt++) {
    const left = Math.max(0, Math.ceil((began + pickupTimeoutMs - deps.clock.now()) / 1000))
    const { code, stdout, stderr } = await runScript(
      target,
      inFolder(WATCH, target.folder),
      [String(pid), String(left)],
      '',
      deps.env,
      deps.signal,
    )
    if (deps.signal?.aborted) return { kind: 'cancelled' }
    const verdict = verdictOf(stdout)
    if (verdict) return verdict
    why = `exit ${code}: ${serviceText(stderr.trim().split('\n').at(-1) ?? '', 200)}`
    deps.log(`Runner watch: the connection to the sandbox ended (${why}); watching again.`)
    await deps.clock.sleep(Math.min(10_000, 1_000 * 2 ** (attempt - 1)), deps.signal).catch(() => undefined)
  }
  return { kind: 'unreachable', why }
}
