export const id = 389;
export const ids = [389];
export const modules = {

/***/ 5553:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Ks: () => (/* binding */ diagnosticTail),
  NZ: () => (/* binding */ ensureRunnerPackage),
  _z: () => (/* binding */ inFolder),
  ys: () => (/* binding */ runnerAlive),
  yX: () => (/* binding */ startRunnerProcess),
  hp: () => (/* binding */ verifiedPackage)
});

// UNUSED EXPORTS: DIAGNOSTIC_TAIL

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: external "node:stream/promises"
var promises_ = __webpack_require__(6466);
// EXTERNAL MODULE: ./build/src/client/transport.js + 1 modules
var transport = __webpack_require__(208);
// EXTERNAL MODULE: ./build/src/inputs/runner.js
var runner = __webpack_require__(5837);
;// CONCATENATED MODULE: ./build/src/runner/hooks.js
/**
 * The hooks the runner on the sandbox runs for its one job, written
 * next to run.sh by the start script (install.ts), and what they leave there
 * for the post step's watch (watch.ts): gpu-sandbox-job-started (this run's job
 * began), gpu-sandbox-job-completed (it ended), gpu-sandbox-refused (a job of
 * another run was refused before its first step).
 */
/**
 * The job-started hook: the runner serves this workflow run only. The released runner runs it before
 * the job's first step with the job's GITHUB_* variables (which a workflow cannot overwrite); a job of any other run
 * fails there with one ::error, and the hook ends its worker (Runner.Worker), so that no step of it runs, not even
 * an always() one. What it prints of that job is cut to safe characters; the refusal is also appended to
 * gpu-sandbox-refused. Filled in by the start script: @RUN@, @ATTEMPT@, @REPO@, checked before.
 */
const JOB_STARTED_HOOK = [
    '#!/bin/bash',
    '# Written by gpu-sandbox-action: this runner serves workflow run @RUN@ (attempt @ATTEMPT@) of @REPO@ only.',
    'safe() { printf "%s" "$1" | tr -cd "$2" | cut -c1-100; }',
    '# refuse: begin (left out where the holder has no workflow run to serve)',
    'if [ "${GITHUB_RUN_ID:-}" != "@RUN@" ] || [ "${GITHUB_RUN_ATTEMPT:-}" != "@ATTEMPT@" ] ||',
    '  [ "${GITHUB_REPOSITORY:-}" != "@REPO@" ]; then',
    '  run=$(safe "${GITHUB_RUN_ID:-}" 0-9); attempt=$(safe "${GITHUB_RUN_ATTEMPT:-}" 0-9)',
    '  repo=$(safe "${GITHUB_REPOSITORY:-}" A-Za-z0-9._/-); job=$(safe "${GITHUB_JOB:-}" A-Za-z0-9._-)',
    '  printf "%s %s %s %s\\n" "$run" "$attempt" "$repo" "$job" >> "$(dirname "$0")/gpu-sandbox-refused"',
    '  echo "::error title=Runner refused::This self-hosted runner serves workflow run @RUN@ (attempt @ATTEMPT@)' +
        " of @REPO@ only: job '$job' of run $run (attempt $attempt) of $repo was refused before its first step.\"",
    '  # A failed job-started hook still lets always() steps run: end the job here, so that none of its steps runs.',
    '  p=$PPID',
    '  while [ "${p:-0}" -gt 1 ] && [ -r "/proc/$p/stat" ]; do',
    '    next=$(cut -d " " -f 4 "/proc/$p/stat")',
    '    [ "$(cat "/proc/$p/comm")" = Runner.Worker ] && kill -KILL "$p"',
    '    p=$next',
    '  done',
    '  exit 1',
    'fi',
    '# refuse: end',
    "# This run's job: the post step's watch reads that it started.",
    'printf "%s\\n" "$(safe "${GITHUB_JOB:-}" A-Za-z0-9._-)" > "$(dirname "$0")/gpu-sandbox-job-started"',
].join('\n');
/** The job-completed hook: run after the job, also a failed one (JobExtension.cs); the post step's watch reads it. */
const JOB_COMPLETED_HOOK = ['#!/bin/bash', 'date +%s > "$(dirname "$0")/gpu-sandbox-job-completed"'].join('\n');

// EXTERNAL MODULE: ./build/src/remote/ssh-command.js
var ssh_command = __webpack_require__(262);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/runtime/abort.js
var abort = __webpack_require__(9768);
;// CONCATENATED MODULE: ./build/src/runner/install.js
/**
 * The actions/runner package on the sandbox host, at ~/actions-runner: used as
 * is when a prepared image already has it (run.sh), else fetched the way
 * GitHub publishes it (the latest release's version and linux-x64 SHA-256
 * from GITHUB_API_URL, the package from GITHUB_SERVER_URL), checked against
 * that SHA-256 on the runner, and only then sent over SSH and unpacked.
 */











/** A runner script run in `folder` under the login's home: RUNNER_DIR is set before it (the name is checked). */
function inFolder(script, folder = runner/* FIRST_RUNNER_FOLDER */.VE) {
    if (!runner/* RUNNER_FOLDER */.ii.test(folder))
        throw new Error(`runner: '${folder}' is not a runner folder`);
    return `RUNNER_DIR="$HOME/${folder}"\n${script}`;
}
const PRESENT = 'if [ -x "$HOME/actions-runner/run.sh" ]; then echo present; else echo absent; fi';
const UNPACK = 'set -e; mkdir -p "$HOME/actions-runner"; tar -C "$HOME/actions-runner" -xzf -';
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
/** Downloads the package into `file`; its SHA-256. */
async function download(url, file, signal) {
    const response = await (0,transport/* proxiedFetch */.iR)(url, { redirect: 'follow', signal: (0,abort/* withTimeout */.w)(DOWNLOAD_TIMEOUT_MS, signal) });
    if (!response.ok || !response.body)
        throw new Error(`runner: downloading ${url} answered ${response.status}`);
    const hash = (0,external_node_crypto_.createHash)('sha256');
    const body = external_node_stream_.Readable.fromWeb(response.body);
    body.on('data', (chunk) => hash.update(chunk));
    await (0,promises_.pipeline)(body, (0,external_node_fs_.createWriteStream)(file, { mode: 0o600, flags: 'wx' }));
    return hash.digest('hex');
}
async function unpackOnSandbox(context, file) {
    const ssh = (0,ssh_command/* spawnSsh */.O5)(context.target, UNPACK, [], ['pipe', 'ignore', 'pipe'], context.env);
    const stop = (0,ssh_command/* killOnAbort */.cC)(ssh, context.signal);
    const stderr = (0,ssh_command/* collect */.Fo)(ssh.stderr);
    ssh.stdin?.on('error', () => { });
    if (ssh.stdin)
        (0,external_node_fs_.createReadStream)(file).pipe(ssh.stdin);
    const code = await (0,ssh_command/* exited */.kV)(ssh);
    stop();
    if (code !== 0)
        throw new Error(`runner: unpacking the runner on the sandbox failed (exit ${code}): ` +
            `${(0,untrusted/* serviceText */.Lo)(stderr().trim().split('\n').slice(-2).join(' / '))}`);
}
/**
 * The latest actions/runner release's linux-x64 package, downloaded into `dir` and checked against the SHA-256 in
 * the release notes; a mismatch is refused, saying what did not happen to it (`unless`).
 */
async function verifiedPackage(registry, serverUrl, dir, signal, unless) {
    const { version, sha256 } = await registry.latestRelease();
    const url = `${serverUrl}/actions/runner/releases/download/v${version}/actions-runner-linux-x64-${version}.tar.gz`;
    const file = (0,external_node_path_.join)(dir, `actions-runner-${version}.tar.gz`);
    const got = await download(url, file, signal);
    if (got !== sha256)
        throw new Error(`runner: the package from ${url} has SHA-256 ${got}, but the release says ${sha256}; ${unless}`);
    return { file, version, sha256 };
}
/** Makes sure ~/actions-runner/run.sh is there; says which way. */
async function ensureRunnerPackage(context, registry, serverUrl, privateDir) {
    const present = await (0,ssh_command/* runScript */.j3)(context.target, PRESENT, [], '', context.env, context.signal);
    if (present.code === 0 && present.stdout.trim() === 'present') {
        context.log('Runner: ~/actions-runner/run.sh is already on the sandbox (a prepared image); used as is.');
        return;
    }
    const unsent = 'it was not sent to the sandbox';
    const { file, version, sha256 } = await verifiedPackage(registry, serverUrl, privateDir, context.signal, unsent);
    context.log(`Runner: actions/runner ${version} downloaded from ${serverUrl}, SHA-256 checked (${sha256.slice(0, 12)}…).`);
    await unpackOnSandbox(context, file);
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
echo "started $!"`;
const RUNNER_OUTPUT = "run.sh's output";
/** The runner's last words: its newest diagnostic log and its output, for a runner that did not come online. */
const DIAGNOSTIC_TAIL = `cd "$RUNNER_DIR" 2> /dev/null || exit 0
newest=$(ls -t _diag/*.log 2> /dev/null | head -n 1)
[ -n "$newest" ] && { echo "== $newest"; tail -n 20 "$newest"; }
[ -f gpu-sandbox-runner.out ] && { echo "== ${RUNNER_OUTPUT}"; tail -n 10 gpu-sandbox-runner.out; }
true`;
/**
 * Starts run.sh detached, the JIT configuration on its stdin; with `serves` (this workflow run), the job-started hook
 * refuses every job of another run (JOB_STARTED_HOOK).
 */
async function startRunnerProcess(context, jitConfig, serves, folder = runner/* FIRST_RUNNER_FOLDER */.VE) {
    const valid = serves && /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(serves.repository);
    const args = valid ? [String(serves.run.id), String(serves.run.attempt), serves.repository] : [];
    const script = inFolder(START, folder);
    const { code, stdout, stderr } = await (0,ssh_command/* runScript */.j3)(context.target, script, args, jitConfig, context.env, context.signal);
    const started = /^started (\d+)$/m.exec(stdout);
    if (code !== 0 || !started)
        throw new Error(`runner: run.sh could not be started on the sandbox (exit ${code}): ` +
            `${(0,untrusted/* serviceText */.Lo)(stderr.trim().split('\n').slice(-2).join(' / '))}`);
    return Number(started[1]);
}
/** Whether the runner process still runs on the sandbox. */
async function runnerAlive(context, pid) {
    const { code, stdout } = await (0,ssh_command/* runScript */.j3)(context.target, 'if kill -0 "$1" 2> /dev/null; then echo alive; fi', [String(pid)], '', context.env, context.signal);
    return code !== 0 || stdout.trim() === 'alive';
}
/** The diagnostic tail, each line made safe for the log, and run.sh's last words (the root refusal is only there). */
async function diagnosticTail(context, folder = runner/* FIRST_RUNNER_FOLDER */.VE) {
    const tail = inFolder(DIAGNOSTIC_TAIL, folder);
    const { stdout } = await (0,ssh_command/* runScript */.j3)(context.target, tail, [], '', context.env, context.signal);
    const lines = stdout
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => (0,untrusted/* serviceText */.Lo)(line, 400));
    const output = lines.slice(lines.lastIndexOf(`== ${RUNNER_OUTPUT}`) + 1);
    // run.sh's own closing line says nothing of why.
    const said = output.filter((line) => !/^(Exiting|Restarting) runner\.\.\.$/.test(line));
    return { lines, lastWords: lines.includes(`== ${RUNNER_OUTPUT}`) ? said.at(-1) : undefined };
}


/***/ }),

/***/ 2389:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Ad: () => (/* binding */ registerFresh),
  GT: () => (/* binding */ registerRunner),
  ZQ: () => (/* binding */ registryFor)
});

// UNUSED EXPORTS: replaceRunner

// EXTERNAL MODULE: ./build/src/runner/github.js + 1 modules
var github = __webpack_require__(8088);
// EXTERNAL MODULE: ./build/src/inputs/runner.js
var runner = __webpack_require__(5837);
// EXTERNAL MODULE: ./build/src/remote/ssh-command.js
var ssh_command = __webpack_require__(262);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/step/state.js + 1 modules
var step_state = __webpack_require__(5190);
// EXTERNAL MODULE: ./build/src/runner/install.js + 1 modules
var install = __webpack_require__(5553);
;// CONCATENATED MODULE: ./build/src/runner/online.js




/** How long a started runner may take to show online. */
const ONLINE_DEADLINE_MS = 5 * 60_000;
/** A runner usually connects within seconds: asked every 0.5 s at first, every 2 s after 10 s. */
const FIRST_POLLS_MS = 500;
const LATER_POLLS_MS = 2_000;
const FIRST_POLLS_FOR_MS = 10_000;
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
done`;
async function online_waitOnline(deps, context, registry, id, pid, folder = runner/* FIRST_RUNNER_FOLDER */.VE) {
    const seconds = String(ONLINE_DEADLINE_MS / 1000);
    const script = (0,install/* inFolder */._z)(ONLINE_WATCH, folder);
    const said = await (0,ssh_command/* runScript */.j3)(context.target, script, [String(pid), seconds], '', context.env, deps.signal);
    const verdict = said.stdout.trim().split('\n').at(-1);
    if (verdict === 'ended')
        return 'run.sh ended before the runner came online';
    if (verdict === 'timeout')
        return `it did not come online within ${ONLINE_DEADLINE_MS / 60_000} minutes`;
    // The runner says it listens once GitHub gave it a session: not asked again (GitHub confirms who took it later).
    if (verdict === 'online')
        return undefined;
    return pollOnline(deps, context, registry, id, pid);
}
/** Until GitHub shows the runner online: every 0.5 s for the first 10 s, then every 2 s. */
async function pollOnline(deps, context, registry, id, pid) {
    const began = deps.clock.now();
    const until = began + ONLINE_DEADLINE_MS;
    for (let poll = 1;; poll++) {
        const runner = await registry.get(id);
        if (!runner)
            return 'GitHub no longer has its registration';
        if (runner.status === 'online')
            return undefined;
        // Asked every other poll: run.sh that has ended will never bring the runner online.
        if (poll % 2 === 0 && !(await (0,install/* runnerAlive */.ys)(context, pid)))
            return 'run.sh ended before the runner came online';
        const wait = deps.clock.now() - began < FIRST_POLLS_FOR_MS ? FIRST_POLLS_MS : LATER_POLLS_MS;
        if (deps.clock.now() + wait > until)
            return (`it did not come online within ${ONLINE_DEADLINE_MS / 60_000} minutes ` +
                `(status '${(0,untrusted/* serviceText */.Lo)(runner.status, 40)}')`);
        await deps.clock.sleep(wait, deps.signal);
    }
}
/** Shows the runner's diagnostic tail; gives run.sh's last line of output, if any. */
async function showDiagnostics(deps, context, folder = runner/* FIRST_RUNNER_FOLDER */.VE) {
    deps.core.startGroup("The runner's diagnostic log (last lines)");
    try {
        const { lines, lastWords } = await (0,install/* diagnosticTail */.Ks)(context, folder);
        for (const line of lines.length > 0 ? lines : ['(no diagnostic log on the sandbox)'])
            deps.core.info(line);
        return lastWords;
    }
    catch (error) {
        deps.core.info(`(could not read it: ${error.message})`);
        return undefined;
    }
    finally {
        deps.core.endGroup();
    }
}

;// CONCATENATED MODULE: ./build/src/runner/register.js
/**
 * `runner: true` in the main step, once the sandbox is ready and reachable
 * over SSH: the runner package on the sandbox, a JIT registration named after
 * the sandbox id (saved to state at once, so the post step deletes it
 * whatever happens next), run.sh started with the configuration on stdin,
 * and a wait until the runner says it listens for jobs (GitHub confirms once;
 * polled by id where the sandbox cannot say). A runner that does not come
 * online shows the tail of its own diagnostic log.
 */







function registryFor(deps, request) {
    return new github/* RunnerRegistry */.It(request.repository, request.githubToken, {
        clock: deps.clock,
        signal: deps.signal,
        log: (message) => deps.core.info(message),
    });
}
/**
 * generate-jitconfig; a 409 means a registration of this name exists. The name
 * carries our sandbox's id, so an offline one is our own request's, whose
 * answer was lost (its configuration with it): deleted, and registered once
 * more. One that is online or busy is left alone.
 */
async function registerFresh(registry, name, label, log) {
    try {
        return await registry.generate(name, label);
    }
    catch (error) {
        const stale = error instanceof github/* GitHubRunnerError */.GL && error.status === 409 ? await registry.findByName(name) : undefined;
        if (!stale || stale.status !== 'offline' || stale.busy)
            throw error;
        log(`Runner: GitHub already has '${name}' (id ${stale.id}), registered ` +
            `by an earlier attempt whose answer was lost; deleting it and registering again.`);
        await registry.remove(stale.id);
        return registry.generate(name, label);
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
echo prepared`;
async function prepareFolders(context, slots) {
    const args = slots.flatMap((slot) => [slot.folder, slot.gpus ?? '']);
    const { code, stdout, stderr } = await (0,ssh_command/* runScript */.j3)(context.target, PREPARE_FOLDERS, args, '', context.env, context.signal);
    if (code !== 0 || stdout.trim() !== 'prepared')
        throw new Error(`runner: the runner folders could not be made on the sandbox (exit ${code}): ` +
            `${(0,untrusted/* serviceText */.Lo)(stderr.trim().split('\n').slice(-2).join(' / '))}`);
}
/** One runner in its folder: registered (saved first), started, online; why not, if it did not come online. */
async function registerInFolder(deps, request, context, runner) {
    const { core } = deps;
    const { name, slot, index } = runner;
    const registry = registryFor(deps, request);
    const state = new step_state/* ActionState */.q(core);
    const fields = { ...(index > 1 ? { folder: slot.folder } : {}), ...(slot.gpus ? { gpus: slot.gpus } : {}) };
    const { runner: registered, jitConfig } = await registerFresh(registry, name, request.label, (m) => core.info(m));
    // A credential: masked before anything could print it, and never saved, output or logged.
    core.setSecret(jitConfig);
    state.saveRunner({ id: registered.id, name, online: false, ...fields }, index);
    const renamed = registered.name === name ? '' : ` (GitHub calls it '${(0,untrusted/* serviceText */.Lo)(registered.name, 80)}')`;
    core.info(`Runner: registered as '${name}'${renamed} (id ${registered.id}); run.sh starts with the configuration on ` +
        'its stdin.');
    const { owner, repo } = request.repository;
    const serves = request.workflowRun && { run: request.workflowRun, repository: `${owner}/${repo}` };
    const pid = await (0,install/* startRunnerProcess */.yX)(context, jitConfig, serves, slot.folder);
    const failure = await online_waitOnline(deps, context, registry, registered.id, pid, slot.folder);
    // The post step watches it over the same SSH access (runner/watch.ts).
    const watch = { pid, configPath: context.target.configPath, alias: context.target.alias };
    if (!failure)
        state.saveRunner({ id: registered.id, name, online: true, watch, ...fields }, index);
    return { id: registered.id, ...(failure ? { failure } : {}) };
}
async function registerRunner(deps, request, sandboxId, context, privateDir) {
    const { core } = deps;
    const registry = registryFor(deps, request);
    const started = deps.clock.now();
    const slots = request.slots?.length ? request.slots : (0,runner/* runnerSlots */.M9)(1, undefined);
    const many = slots.length > 1 ? `${slots.length} just-in-time runners` : 'a just-in-time runner';
    core.startGroup(`Register ${sandboxId} as ${many} with the label '${request.label}'`);
    const names = slots.map((_, k) => (0,github/* slotRunnerName */.SO)(sandboxId, k + 1));
    let failures;
    try {
        await (0,install/* ensureRunnerPackage */.NZ)(context, registry, request.repository.serverUrl, privateDir);
        if (slots.length > 1)
            await prepareFolders(context, slots);
        // Saved before the request (id 0: not known yet), so a post step after a lost answer deletes it by name.
        // The names asked for, not those in GitHub's answer: they go to state and every later log line unsanitised.
        const state = new step_state/* ActionState */.q(core);
        slots.forEach((slot, k) => state.saveRunner({ id: 0, name: names[k] ?? '', online: false }, k + 1));
        const settled = await Promise.allSettled(slots.map((slot, k) => registerInFolder(deps, request, context, { name: names[k] ?? '', slot, index: k + 1 })));
        const thrown = settled.find((result) => result.status === 'rejected');
        if (thrown)
            throw thrown.reason;
        const done = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
        failures = done.flatMap((one, k) => (one.failure ? [{ failure: one.failure, folder: slots[k]?.folder ?? '' }] : []));
        setRunnerOutputs(core, request.label, names, done.map((one) => one.id));
        if (failures.length === 0)
            core.info(`Runner${slots.length > 1 ? 's' : ''}: online after ${Math.round((deps.clock.now() - started) / 1000)} ` +
                `s. A job with runs-on: ${request.label} runs on ${slots.length > 1 ? 'each' : 'it'}; the post step ` +
                `waits for ${slots.length > 1 ? 'them' : 'it'}, then stops the sandbox.`);
    }
    finally {
        core.endGroup();
    }
    const first = failures[0];
    if (first) {
        const lastWords = await showDiagnostics(deps, context, first.folder);
        throw new Error(`runner: the runner did not come online: ${first.failure}` +
            `${lastWords ? `; run.sh's last words: '${lastWords}'` : ''}. Its diagnostic ` +
            `log is above; the post step stops the sandbox and deletes the registration.`);
    }
}
/** runner-name and runner-id: the runner's, or (runners above 1) JSON arrays of every runner's. */
function setRunnerOutputs(core, label, names, ids) {
    core.setOutput('runner-name', names.length === 1 ? (names[0] ?? '') : JSON.stringify(names));
    core.setOutput('runner-id', ids.length === 1 ? String(ids[0] ?? '') : JSON.stringify(ids));
    core.setOutput('runner-label', label);
}
/**
 * What is left of the spent runner in its folder: run.sh still running, its run.sh gone (a job removed the folder),
 * the job it was handed ran to its end (the completed hook), or none ran (a refused job ends in its started hook).
 */
const SPENT_STATE = (/* unused pure expression or super */ null && (`if kill -0 "$1" 2> /dev/null; then echo running
elif [ ! -x "$RUNNER_DIR/run.sh" ]; then echo missing
elif [ -e "$RUNNER_DIR/gpu-sandbox-job-completed" ]; then echo ran
else echo clean; fi`));
/** The spent runner's state once its run.sh ended (a minute at most); throws where the sandbox cannot tell. */
async function spentState(deps, context, spent) {
    const script = inFolder(SPENT_STATE, spent.folder);
    for (let waited = 0, dropped = 0;; waited++) {
        const { code, stdout, stderr } = await runScript(context.target, script, [String(spent.pid)], '', context.env, deps.signal);
        const state = stdout.trim();
        const said = serviceText(stderr.trim().split('\n').at(-1) ?? '', 200);
        // A connection that failed once may be a moment's: asked again, CONNECTION_TRIES in all, before it is the answer.
        if (code === SSH_CONNECTION_FAILED && ++dropped >= CONNECTION_TRIES)
            throw new Error(`the sandbox could not be reached over SSH (${said || 'the connection failed'})`);
        if (code !== SSH_CONNECTION_FAILED && (code !== 0 || !['running', 'missing', 'ran', 'clean'].includes(state)))
            throw new Error(`the runner folder on the sandbox could not be read (exit ${code}${said ? `: ${said}` : ''})`);
        if (code === 0 && (state !== 'running' || waited >= 60))
            return state;
        await deps.clock.sleep(1_000, deps.signal);
    }
}
/** How many failed SSH connections, in all, answer that the sandbox cannot be reached. */
const CONNECTION_TRIES = 3;
/** Why no fresh runner starts after the spent one's state, or undefined where one may. */
function unfitFolder(state, after, folder) {
    const expected = after === 'job' ? 'ran' : 'clean';
    if (state === expected)
        return undefined;
    if (state === 'running')
        return `the ${after === 'job' ? 'last' : 'refused'} job's run.sh did not end within a minute`;
    if (state === 'missing')
        return `~/${folder}/run.sh is gone from the sandbox (a job removed or broke the runner folder)`;
    return after === 'job'
        ? "the last job's end was not recorded on the sandbox (its job-completed hook did not run)"
        : 'the refused job ran to its end on the sandbox (a step of it may have run there), so no runner starts on it';
}
/**
 * After the runner refused a job of another run, or ran this run's job with more to serve (runner-jobs): the
 * just-in-time runner is spent, so a fresh one with the label starts in the same folder of the same sandbox, once
 * the spent one's run.sh has ended. Throws why it could not, in words of what happened (the caller then removes the
 * registration of that name: GitHub may hold it whatever failed after the request).
 */
async function replaceRunner(deps, context, registry, spent, fresh) {
    // A refused job must have ended in its hook: one that ran to its end (its completed hook) may have run steps.
    const folder = spent.folder ?? FIRST_RUNNER_FOLDER;
    const unfit = unfitFolder(await spentState(deps, context, spent), spent.after ?? 'refusal', folder);
    if (unfit)
        throw new Error(unfit);
    const { runner, jitConfig } = await registerFresh(registry, fresh.name, fresh.label, (m) => deps.core.info(m));
    // A credential: masked before anything could print it, and never saved, output or logged.
    deps.core.setSecret(jitConfig);
    const pid = await startRunnerProcess(context, jitConfig, fresh.serves, spent.folder);
    const failure = await waitOnline(deps, context, registry, runner.id, pid, spent.folder);
    if (!failure)
        return { runner, pid };
    const lastWords = await diagnosticTail(context, spent.folder).then((tail) => tail.lastWords, () => undefined);
    const said = lastWords ? ` (run.sh's last words: '${lastWords}')` : '';
    throw new Error(`the new runner ${fresh.name} did not come online: ${failure}${said}`);
}


/***/ })

};
