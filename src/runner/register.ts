/**
 * `runner: true` in the main step, once the sandbox is ready and reachable
 * over SSH: the runner package on the sandbox, a JIT registration named after
 * the sandbox id (saved to state at once, so the post step deletes it
 * whatever happens next), run.sh started with the configuration on stdin,
 * and a wait until the runner says it listens for jobs (GitHub confirms once;
 * polled by id where the sandbox cannot say). A runner that does not come
 * online shows the tail of its own diagnostic log.
 */
import { GitHubRunnerError, RunnerRegistry, runnerName, type RunnerInfo } from '../github/runners.ts'
import type { RunnerRequest, WorkflowRun } from '../inputs/runner.ts'
import type { RemoteContext } from '../remote/job.ts'
import { runScript } from '../remote/ssh-command.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { StepDeps } from '../step/deps.ts'
import { ActionState } from '../step/state.ts'
import { diagnosticTail, ensureRunnerPackage, runnerAlive, startRunnerProcess } from './install.ts'

/** How long a started runner may take to show online. */
export const ONLINE_DEADLINE_MS = 5 * 60_000
/** A runner usually connects within seconds: asked every 0.5 s at first, every 2 s after 10 s. */
const FIRST_POLLS_MS = 500
const LATER_POLLS_MS = 2_000
const FIRST_POLLS_FOR_MS = 10_000

export function registryFor(
  deps: Pick<StepDeps, 'core' | 'clock'> & { signal?: AbortSignal },
  request: Pick<RunnerRequest, 'repository' | 'githubToken'>,
): RunnerRegistry {
  return new RunnerRegistry(request.repository, request.githubToken, {
    clock: deps.clock,
    signal: deps.signal,
    log: (message) => deps.core.info(message),
  })
}

/**
 * Online, as the runner on the sandbox says it (issue 43): its output shows "Listening for Jobs" once it has a
 * session with GitHub; one SSH command waits for that (or run.sh ending), and GitHub is not asked (issue 43: the
 * post step's one read of who took it confirms it).
 * Where the sandbox cannot say, GitHub is polled as before.
 */
const ONLINE_WATCH = `out="$HOME/actions-runner/gpu-sandbox-runner.out"; until=$(( $(date +%s) + $2 ))
while :; do
  grep -q 'Listening for Jobs' "$out" 2> /dev/null && { echo online; exit 0; }
  kill -0 "$1" 2> /dev/null || { echo ended; exit 0; }
  [ "$(date +%s)" -ge "$until" ] && { echo timeout; exit 0; }
  sleep 0.5
done`

type OnlineDeps = Pick<StepDeps, 'clock'> & { signal?: AbortSignal }

async function waitOnline(
  deps: OnlineDeps,
  context: RemoteContext,
  registry: RunnerRegistry,
  id: number,
  pid: number,
): Promise<string | undefined> {
  const seconds = String(ONLINE_DEADLINE_MS / 1000)
  const said = await runScript(context.target, ONLINE_WATCH, [String(pid), seconds], '', context.env, deps.signal)
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
async function showDiagnostics(deps: StepDeps, context: RemoteContext): Promise<string | undefined> {
  deps.core.startGroup("The runner's diagnostic log (last lines)")
  try {
    const { lines, lastWords } = await diagnosticTail(context)
    for (const line of lines.length > 0 ? lines : ['(no diagnostic log on the sandbox)']) deps.core.info(line)
    return lastWords
  } catch (error) {
    deps.core.info(`(could not read it: ${(error as Error).message})`)
    return undefined
  } finally {
    deps.core.endGroup()
  }
}

/**
 * generate-jitconfig; a 409 means a registration of this name exists. The name
 * carries our sandbox's id, so an offline one is our own request's, whose
 * answer was lost (its configuration with it): deleted, and registered once
 * more. One that is online or busy is left alone.
 */
export async function registerFresh(
  registry: RunnerRegistry,
  name: string,
  label: string,
  log: (message: string) => void,
): Promise<{ runner: RunnerInfo; jitConfig: string }> {
  try {
    return await registry.generate(name, label)
  } catch (error) {
    const stale =
      error instanceof GitHubRunnerError && error.status === 409 ? await registry.findByName(name) : undefined
    if (!stale || stale.status !== 'offline' || stale.busy) throw error
    log(
      `Runner: GitHub already has '${name}' (id ${stale.id}), registered ` +
        `by an earlier attempt whose answer was lost; deleting it and registering again.`,
    )
    await registry.remove(stale.id)
    return registry.generate(name, label)
  }
}

export async function registerRunner(
  deps: StepDeps,
  request: RunnerRequest,
  sandboxId: string,
  context: RemoteContext,
  privateDir: string,
): Promise<void> {
  const { core } = deps
  const registry = registryFor(deps, request)
  const started = deps.clock.now()
  core.startGroup(`Register ${sandboxId} as a just-in-time runner with the label '${request.label}'`)
  let failure: string | undefined
  try {
    await ensureRunnerPackage(context, registry, request.repository.serverUrl, privateDir)
    // The name asked for, not the one in GitHub's answer: it goes to state and every later log line unsanitised.
    const name = runnerName(sandboxId)
    const state = new ActionState(core)
    // Saved before the request (id 0: not known yet), so a post step after a lost answer deletes it by name.
    state.saveRunner({ id: 0, name, online: false })
    const { runner, jitConfig } = await registerFresh(registry, name, request.label, (message) => core.info(message))
    // A credential: masked before anything could print it, and never saved, output or logged.
    core.setSecret(jitConfig)
    state.saveRunner({ id: runner.id, name, online: false })
    core.setOutput('runner-name', name)
    core.setOutput('runner-id', String(runner.id))
    core.setOutput('runner-label', request.label)
    const renamed = runner.name === name ? '' : ` (GitHub calls it '${serviceText(runner.name, 80)}')`
    core.info(
      `Runner: registered as '${name}'${renamed} (id ${runner.id}); run.sh starts with the configuration on its stdin.`,
    )
    const { owner, repo } = request.repository
    const serves = request.workflowRun && { run: request.workflowRun, repository: `${owner}/${repo}` }
    const pid = await startRunnerProcess(context, jitConfig, serves)
    failure = await waitOnline(deps, context, registry, runner.id, pid)
    // The post step watches it over the same SSH access (runner/watch.ts).
    const watch = { pid, configPath: context.target.configPath, alias: context.target.alias }
    if (!failure) state.saveRunner({ id: runner.id, name, online: true, watch })
    if (!failure)
      core.info(
        `Runner: online after ${Math.round((deps.clock.now() - started) / 1000)} ` +
          `s. A job with runs-on: ${request.label} runs on it; the post step ` +
          `waits for it, then stops the sandbox.`,
      )
  } finally {
    core.endGroup()
  }
  if (failure) {
    const lastWords = await showDiagnostics(deps, context)
    throw new Error(
      `runner: the runner did not come online: ${failure}` +
        `${lastWords ? `; run.sh's last words: '${lastWords}'` : ''}. Its diagnostic ` +
        `log is above; the post step stops the sandbox and deletes the registration.`,
    )
  }
}

/** Whether the spent runner's run.sh still runs, and whether the job it was handed ran to its end. */
const SPENT_STATE = `if kill -0 "$1" 2> /dev/null; then echo running
elif [ -e "$HOME/actions-runner/gpu-sandbox-job-completed" ]; then echo ran
else echo clean; fi`

/**
 * After the runner refused a job of another run (issue 43): the just-in-time runner is spent on it, so a fresh one
 * with the label starts on the same sandbox, once the spent one's run.sh has ended. Throws why it could not (the
 * caller then removes the registration of that name: GitHub may hold it whatever failed after the request).
 */
export async function replaceRunner(
  deps: OnlineDeps & { core: StepDeps['core'] },
  context: RemoteContext,
  registry: RunnerRegistry,
  spent: { pid: number },
  fresh: { name: string; label: string; serves?: { run: WorkflowRun; repository: string } },
): Promise<{ runner: RunnerInfo; pid: number }> {
  for (let waited = 0; waited < 60 && (await runnerAlive(context, spent.pid)); waited++)
    await deps.clock.sleep(1_000, deps.signal)
  // The refused job must have ended in its hook: one that ran to its end (its completed hook) may have run steps.
  const ended = await runScript(context.target, SPENT_STATE, [String(spent.pid)], '', context.env, deps.signal)
  if (ended.stdout.trim() !== 'clean')
    throw new Error(
      ended.stdout.trim() === 'running'
        ? "the refused job's run.sh did not end within a minute"
        : 'the refused job ran to its end on the sandbox (a step of it may have run there), so no runner starts on it',
    )
  const { runner, jitConfig } = await registerFresh(registry, fresh.name, fresh.label, (m) => deps.core.info(m))
  // A credential: masked before anything could print it, and never saved, output or logged.
  deps.core.setSecret(jitConfig)
  const pid = await startRunnerProcess(context, jitConfig, fresh.serves)
  const failure = await waitOnline(deps, context, registry, runner.id, pid)
  if (failure) throw new Error(`the new runner ${fresh.name} did not come online: ${failure}`)
  return { runner, pid }
}
