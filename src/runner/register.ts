/**
 * `runner: true` in the main step, once the sandbox is ready and reachable
 * over SSH: the runner package on the sandbox, a JIT registration named after
 * the sandbox id (saved to state at once, so the post step deletes it
 * whatever happens next), run.sh started with the configuration on stdin,
 * and a wait until the runner says it listens for jobs (GitHub confirms once;
 * polled by id where the sandbox cannot say). A runner that does not come
 * online shows the tail of its own diagnostic log.
 */
import { GitHubRunnerError, RunnerRegistry, slotRunnerName, type RunnerInfo } from './github.ts'
import {
  FIRST_RUNNER_FOLDER,
  runnerSlots,
  type RunnerRequest,
  type RunnerSlot,
  type WorkflowRun,
} from '../inputs/runner.ts'
import type { RemoteContext } from '../remote/job.ts'
import { runScript, SSH_CONNECTION_FAILED } from '../remote/ssh-command.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { StepDeps } from '../step/deps.ts'
import { ActionState } from '../step/state.ts'
import { diagnosticTail, ensureRunnerPackage, inFolder, startRunnerProcess } from './install.ts'
import { showDiagnostics, waitOnline, type OnlineDeps } from './online.ts'

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

/** The folders of `runners` above 1: copies of the first, each with the GPUs its jobs see in `.env`. */
const PREPARE_FOLDERS = `set -e
cd "$HOME"
while [ $# -ge 2 ]; do
  folder=$1; gpus=$2; shift 2
  if [ "$folder" != actions-runner ]; then
    rm -rf "$folder"; mkdir "$folder"; cp -a actions-runner/. "$folder/"
    rm -rf "$folder/_diag" "$folder/_work" "$folder"/gpu-sandbox-*
  fi
  [ -n "$gpus" ] || continue
  # The runner loads .env into its environment at start (its own lines kept, ours replaced): its jobs inherit it.
  touch "$folder/.env"
  sed -i '/^CUDA_VISIBLE_DEVICES=/d; /^NVIDIA_VISIBLE_DEVICES=/d' "$folder/.env"
  [ ! -s "$folder/.env" ] || [ -z "$(tail -c 1 "$folder/.env")" ] || echo >> "$folder/.env"
  printf 'CUDA_VISIBLE_DEVICES=%s\\nNVIDIA_VISIBLE_DEVICES=%s\\n' "$gpus" "$gpus" >> "$folder/.env"
done
echo prepared`

async function prepareFolders(context: RemoteContext, slots: readonly RunnerSlot[]): Promise<void> {
  const args = slots.flatMap((slot) => [slot.folder, slot.gpus ?? ''])
  const { code, stdout, stderr } = await runScript(
    context.target,
    PREPARE_FOLDERS,
    args,
    '',
    context.env,
    context.signal,
  )
  if (code !== 0 || stdout.trim() !== 'prepared')
    throw new Error(
      `runner: the runner folders could not be made on the sandbox (exit ${code}): ` +
        `${serviceText(stderr.trim().split('\n').slice(-2).join(' / '))}`,
    )
}

/** One runner in its folder: registered (saved first), started, online; why not, if it did not come online. */
async function registerInFolder(
  deps: StepDeps,
  request: RunnerRequest,
  context: RemoteContext,
  runner: { name: string; slot: RunnerSlot; index: number },
): Promise<{ id: number; failure?: string }> {
  const { core } = deps
  const { name, slot, index } = runner
  const registry = registryFor(deps, request)
  const state = new ActionState(core)
  const fields = { ...(index > 1 ? { folder: slot.folder } : {}), ...(slot.gpus ? { gpus: slot.gpus } : {}) }
  const { runner: registered, jitConfig } = await registerFresh(registry, name, request.label, (m) => core.info(m))
  // A credential: masked before anything could print it, and never saved, output or logged.
  core.setSecret(jitConfig)
  state.saveRunner({ id: registered.id, name, online: false, ...fields }, index)
  const renamed = registered.name === name ? '' : ` (GitHub calls it '${serviceText(registered.name, 80)}')`
  core.info(
    `Runner: registered as '${name}'${renamed} (id ${registered.id}); run.sh starts with the configuration on ` +
      'its stdin.',
  )
  const { owner, repo } = request.repository
  const serves = request.workflowRun && { run: request.workflowRun, repository: `${owner}/${repo}` }
  const pid = await startRunnerProcess(context, jitConfig, serves, slot.folder)
  const failure = await waitOnline(deps, context, registry, registered.id, pid, slot.folder)
  // The post step watches it over the same SSH access (runner/watch.ts).
  const watch = { pid, configPath: context.target.configPath, alias: context.target.alias }
  if (!failure) state.saveRunner({ id: registered.id, name, online: true, watch, ...fields }, index)
  return { id: registered.id, ...(failure ? { failure } : {}) }
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
  const slots = request.slots?.length ? request.slots : runnerSlots(1, undefined)
  const many = slots.length > 1 ? `${slots.length} just-in-time runners` : 'a just-in-time runner'
  core.startGroup(`Register ${sandboxId} as ${many} with the label '${request.label}'`)
  const names = slots.map((_, k) => slotRunnerName(sandboxId, k + 1))
  let failures: { failure: string; folder: string }[]
  try {
    await ensureRunnerPackage(context, registry, request.repository.serverUrl, privateDir)
    if (slots.length > 1) await prepareFolders(context, slots)
    // Saved before the request (id 0: not known yet), so a post step after a lost answer deletes it by name.
    // The names asked for, not those in GitHub's answer: they go to state and every later log line unsanitised.
    const state = new ActionState(core)
    slots.forEach((slot, k) => state.saveRunner({ id: 0, name: names[k] ?? '', online: false }, k + 1))
    const settled = await Promise.allSettled(
      slots.map((slot, k) => registerInFolder(deps, request, context, { name: names[k] ?? '', slot, index: k + 1 })),
    )
    const thrown = settled.find((result) => result.status === 'rejected')
    if (thrown) throw thrown.reason
    const done = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    failures = done.flatMap((one, k) => (one.failure ? [{ failure: one.failure, folder: slots[k]?.folder ?? '' }] : []))
    setRunnerOutputs(
      core,
      request.label,
      names,
      done.map((one) => one.id),
    )
    if (failures.length === 0)
      core.info(
        `Runner${slots.length > 1 ? 's' : ''}: online after ${Math.round((deps.clock.now() - started) / 1000)} ` +
          `s. A job with runs-on: ${request.label} runs on ${slots.length > 1 ? 'each' : 'it'}; the post step ` +
          `waits for ${slots.length > 1 ? 'them' : 'it'}, then stops the sandbox.`,
      )
  } finally {
    core.endGroup()
  }
  const first = failures[0]
  if (first) {
    const lastWords = await showDiagnostics(deps, context, first.folder)
    throw new Error(
      `runner: the runner did not come online: ${first.failure}` +
        `${lastWords ? `; run.sh's last words: '${lastWords}'` : ''}. Its diagnostic ` +
        `log is above; the post step stops the sandbox and deletes the registration.`,
    )
  }
}

/** runner-name and runner-id: the runner's, or (runners above 1) JSON arrays of every runner's. */
function setRunnerOutputs(core: StepDeps['core'], label: string, names: string[], ids: number[]): void {
  core.setOutput('runner-name', names.length === 1 ? (names[0] ?? '') : JSON.stringify(names))
  core.setOutput('runner-id', ids.length === 1 ? String(ids[0] ?? '') : JSON.stringify(ids))
  core.setOutput('runner-label', label)
}

/**
 * What is left of the spent runner in its folder: run.sh still running, its run.sh gone (a job removed the folder),
 * the job it was handed ran to its end (the completed hook), or none ran (a refused job ends in its started hook).
 */
const SPENT_STATE = `if kill -0 "$1" 2> /dev/null; then echo running
elif [ ! -x "$RUNNER_DIR/run.sh" ]; then echo missing
elif [ -e "$RUNNER_DIR/gpu-sandbox-job-completed" ]; then echo ran
else echo clean; fi`

type SpentState = 'running' | 'missing' | 'ran' | 'clean'

/** The spent runner's state once its run.sh ended (a minute at most); throws where the sandbox cannot tell. */
async function spentState(
  deps: OnlineDeps,
  context: RemoteContext,
  spent: { pid: number; folder?: string },
): Promise<SpentState> {
  const script = inFolder(SPENT_STATE, spent.folder)
  for (let waited = 0, dropped = 0; ; waited++) {
    const { code, stdout, stderr } = await runScript(
      context.target,
      script,
      [String(spent.pid)],
      '',
      context.env,
      deps.signal,
    )
    const state = stdout.trim()
    const said = serviceText(stderr.trim().split('\n').at(-1) ?? '', 200)
    // A connection that failed once may be a moment's: asked again, CONNECTION_TRIES in all, before it is the answer.
    if (code === SSH_CONNECTION_FAILED && ++dropped >= CONNECTION_TRIES)
      throw new Error(`the sandbox could not be reached over SSH (${said || 'the connection failed'})`)
    if (code !== SSH_CONNECTION_FAILED && (code !== 0 || !['running', 'missing', 'ran', 'clean'].includes(state)))
      throw new Error(`the runner folder on the sandbox could not be read (exit ${code}${said ? `: ${said}` : ''})`)
    if (code === 0 && (state !== 'running' || waited >= 60)) return state as SpentState
    await deps.clock.sleep(1_000, deps.signal)
  }
}

/** How many failed SSH connections, in all, answer that the sandbox cannot be reached. */
const CONNECTION_TRIES = 3

/** Why no fresh runner starts after the spent one's state, or undefined where one may. */
function unfitFolder(state: SpentState, after: 'refusal' | 'job', folder: string): string | undefined {
  const expected = after === 'job' ? 'ran' : 'clean'
  if (state === expected) return undefined
  if (state === 'running') return `the ${after === 'job' ? 'last' : 'refused'} job's run.sh did not end within a minute`
  if (state === 'missing')
    return `~/${folder}/run.sh is gone from the sandbox (a job removed or broke the runner folder)`
  return after === 'job'
    ? "the last job's end was not recorded on the sandbox (its job-completed hook did not run)"
    : 'the refused job ran to its end on the sandbox (a step of it may have run there), so no runner starts on it'
}

/**
 * After the runner refused a job of another run, or ran this run's job with more to serve (runner-jobs): the
 * just-in-time runner is spent, so a fresh one with the label starts in the same folder of the same sandbox, once
 * the spent one's run.sh has ended. Throws why it could not, in words of what happened (the caller then removes the
 * registration of that name: GitHub may hold it whatever failed after the request).
 */
export async function replaceRunner(
  deps: OnlineDeps & { core: StepDeps['core'] },
  context: RemoteContext,
  registry: RunnerRegistry,
  spent: { pid: number; folder?: string; after?: 'refusal' | 'job' },
  fresh: { name: string; label: string; serves?: { run: WorkflowRun; repository: string } },
): Promise<{ runner: RunnerInfo; pid: number }> {
  // A refused job must have ended in its hook: one that ran to its end (its completed hook) may have run steps.
  const folder = spent.folder ?? FIRST_RUNNER_FOLDER
  const unfit = unfitFolder(await spentState(deps, context, spent), spent.after ?? 'refusal', folder)
  if (unfit) throw new Error(unfit)
  const { runner, jitConfig } = await registerFresh(registry, fresh.name, fresh.label, (m) => deps.core.info(m))
  // A credential: masked before anything could print it, and never saved, output or logged.
  deps.core.setSecret(jitConfig)
  const pid = await startRunnerProcess(context, jitConfig, fresh.serves, spent.folder)
  const failure = await waitOnline(deps, context, registry, runner.id, pid, spent.folder)
  if (!failure) return { runner, pid }
  const lastWords = await diagnosticTail(context, spent.folder).then(
    (tail) => tail.lastWords,
    () => undefined,
  )
  const said = lastWords ? ` (run.sh's last words: '${lastWords}')` : ''
  throw new Error(`the new runner ${fresh.name} did not come online: ${failure}${said}`)
}
