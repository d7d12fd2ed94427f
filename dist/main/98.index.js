export const id = 98;
export const ids = [98];
export const modules = {

/***/ 7098:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  failStrandedJob: () => (/* binding */ failStrandedJob)
});

// EXTERNAL MODULE: ./build/src/inputs/collector.js
var collector = __webpack_require__(1764);
// EXTERNAL MODULE: ./build/src/inputs/job-environment.js
var job_environment = __webpack_require__(3156);
// EXTERNAL MODULE: ./build/src/inputs/read.js + 9 modules
var read = __webpack_require__(3540);
// EXTERNAL MODULE: ./build/src/runner/github.js + 1 modules
var github = __webpack_require__(8088);
// EXTERNAL MODULE: ./build/src/runner/register.js + 1 modules
var register = __webpack_require__(2389);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/step/state.js + 1 modules
var step_state = __webpack_require__(5190);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: ./build/src/runner/install.js + 1 modules
var install = __webpack_require__(5553);
;// CONCATENATED MODULE: ./build/src/runner/local.js
/**
 * A just-in-time runner on the holding machine itself (the GitHub runner this
 * step runs on, never the sandbox), for the job runner mode could not serve:
 * the verified actions/runner package unpacked into a directory of its own
 * (outside the step's private one, which holds the key), started detached
 * with a clean environment (no INPUT_*, no token, no key path) and, where
 * passwordless sudo exists, as a separate unprivileged user, so that no step
 * it runs can read this job's processes or private files. Removed with all it
 * made: its processes, the user, the directory.
 */






const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const SUDO_TIMEOUT_MS = 30_000;
/**
 * Reads the JIT configuration from stdin into run.sh's environment (never on a command line), and bounds its life
 * ($1 seconds): it ends by itself even where no post step ever removes it (a machine whose runner died mid-job).
 */
const START = `set -e
cd "$(dirname "$0")/runner"
ACTIONS_RUNNER_INPUT_JITCONFIG=$(cat)
export ACTIONS_RUNNER_INPUT_JITCONFIG
exec timeout --kill-after=30 "$1" ./run.sh`;
function sudo(args, program = 'sudo') {
    const result = (0,external_node_child_process_.spawnSync)(program, ['-n', ...args], {
        env: { PATH },
        encoding: 'utf8',
        timeout: SUDO_TIMEOUT_MS,
        stdio: ['ignore', 'pipe', 'pipe'],
    });
    const said = `${result.stderr ?? ''}${result.error?.message ?? ''}`.trim().split('\n').at(-1) ?? '';
    return { ok: result.status === 0, said };
}
/** A directory of its own under the system's temporary directory, readable (not writable) by a separate user. */
function makeRunnerDir() {
    const dir = (0,external_node_fs_.mkdtempSync)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'gpu-sandbox-unserved-'));
    (0,external_node_fs_.chmodSync)(dir, 0o755);
    return dir;
}
/** The latest actions/runner release for linux-x64, its SHA-256 checked, unpacked into `dir`/runner. */
async function unpackRunnerPackage(registry, serverUrl, dir, signal) {
    const { file, version } = await (0,install/* verifiedPackage */.hp)(registry, serverUrl, dir, signal, 'it was not unpacked');
    (0,external_node_fs_.mkdirSync)((0,external_node_path_.join)(dir, 'runner'), { mode: 0o755 });
    const tar = (0,external_node_child_process_.spawnSync)('tar', ['-C', (0,external_node_path_.join)(dir, 'runner'), '-xzf', file], { encoding: 'utf8', env: { PATH } });
    (0,external_node_fs_.rmSync)(file, { force: true });
    if (tar.status !== 0)
        throw new Error(`unpacking the runner package failed: ${tar.stderr.trim().slice(0, 200)}`);
    return version;
}
/**
 * A separate unprivileged user that owns the runner's files, where passwordless sudo exists; else undefined and why
 * not (the runner then runs as this step's user).
 */
function makeSeparateUser(dir, program = 'sudo') {
    if (!sudo(['true'], program).ok)
        return { why: 'no passwordless sudo on this machine' };
    const user = `gpu-unserved-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`;
    const home = (0,external_node_path_.join)(dir, 'runner');
    const made = sudo(['useradd', '--system', '--user-group', '--no-create-home', '--home-dir', home, user]);
    if (!made.ok)
        return { why: `useradd failed: ${made.said.slice(0, 200)}` };
    const owned = sudo(['chown', '-R', `${user}:${user}`, home]);
    if (!owned.ok) {
        sudo(['userdel', user]);
        return { why: `chown failed: ${owned.said.slice(0, 200)}` };
    }
    return { user };
}
/** The job-started hook: prints the one line (an ::error command) and fails, so the runner fails its job. */
function writeHook(dir, line) {
    (0,external_node_fs_.writeFileSync)((0,external_node_path_.join)(dir, 'job-started.txt'), `${line}\n`, { mode: 0o644 });
    const hook = (0,external_node_path_.join)(dir, 'job-started.sh');
    // The runner runs it as `bash -e <path>`: the message is read from beside it, never quoted into the script.
    (0,external_node_fs_.writeFileSync)(hook, '#!/bin/bash\ncat "$(dirname "$0")/job-started.txt"\nexit 1\n', { mode: 0o755 });
    return hook;
}
/** Starts run.sh detached, with nothing of this step's environment, the JIT configuration on stdin, for `lifetimeS`. */
function startLocalRunner(runner, hook, jitConfig, lifetimeS) {
    const root = (0,external_node_path_.join)(runner.dir, 'runner');
    const env = { PATH, HOME: root, LANG: 'C.UTF-8', ACTIONS_RUNNER_HOOK_JOB_STARTED: hook };
    // The released run-helper.sh refuses uid 0 unless this is set (a container job runs as root).
    if (!runner.user && process.getuid?.() === 0)
        env.RUNNER_ALLOW_RUNASROOT = '1';
    (0,external_node_fs_.writeFileSync)((0,external_node_path_.join)(runner.dir, 'start.sh'), `${START}\n`, { mode: 0o755 });
    const out = (0,external_node_fs_.openSync)((0,external_node_path_.join)(runner.dir, 'runner.out'), 'a', 0o644);
    const script = ['/bin/bash', (0,external_node_path_.join)(runner.dir, 'start.sh'), String(Math.ceil(lifetimeS))];
    const vars = Object.entries(env).map(([key, value]) => `${key}=${value}`);
    const child = runner.user
        ? (0,external_node_child_process_.spawn)('sudo', ['-n', '-u', runner.user, '--', '/usr/bin/env', '-i', ...vars, ...script], {
            env: { PATH },
            detached: true,
            stdio: ['pipe', out, out],
        })
        : (0,external_node_child_process_.spawn)(script[0] ?? '/bin/bash', script.slice(1), { env, detached: true, stdio: ['pipe', out, out] });
    (0,external_node_fs_.closeSync)(out);
    child.on('error', () => { });
    child.stdin?.on('error', () => { });
    child.stdin?.end(jitConfig);
    child.unref();
    if (!child.pid)
        throw new Error('the runner process could not be started');
    return child.pid;
}
/** A process's state and process group from /proc (Linux); undefined once it is gone. */
function processStat(pid) {
    try {
        // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after the last ')'.
        const [state = '', , group = ''] = (0,external_node_fs_.readFileSync)(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.split(' ') ?? [];
        return { state, group: Number(group) };
    }
    catch {
        return undefined;
    }
}
/**
 * Whether a process (or, negative, any process of a group) runs. A zombie does not count: one this process started
 * stays one until the event loop reaps it, and a sudo or run.sh that ended is no runner.
 */
function exists(pid) {
    if (pid > 0)
        return (processStat(String(pid))?.state ?? 'Z') !== 'Z';
    return (0,external_node_fs_.readdirSync)('/proc').some((entry) => {
        if (!/^\d+$/.test(entry))
            return false;
        const stat = processStat(entry);
        return stat !== undefined && stat.group === -pid && stat.state !== 'Z';
    });
}
/**
 * Whether any process of the runner still runs: its user's, or the one started (sudo, until it has switched to the
 * user; or the process group without one).
 */
function localRunnerAlive(runner) {
    if (runner.user && (0,external_node_child_process_.spawnSync)('pgrep', ['-u', runner.user], { env: { PATH } }).status === 0)
        return true;
    if (runner.pid <= 0)
        return false;
    return exists(runner.user ? runner.pid : -runner.pid);
}
/** Kills every process of the runner (its user's, or its process group), for up to 2 s; whether they are gone. */
function endProcesses(runner) {
    for (let round = 0; round < 20 && localRunnerAlive(runner); round++) {
        if (runner.user)
            sudo(['pkill', '-KILL', '-u', runner.user]);
        else
            try {
                process.kill(-runner.pid, 'SIGKILL');
            }
            catch {
                // Gone meanwhile.
            }
        (0,external_node_child_process_.spawnSync)('sleep', ['0.1']);
    }
    return !localRunnerAlive(runner);
}
/** Ends its processes and removes the user and the directory; what could not be removed, if anything. */
function removeLocalRunner(runner) {
    const left = [];
    if (!endProcesses(runner))
        left.push(`processes of ${runner.user ?? `process group ${runner.pid}`}`);
    if (runner.user) {
        const removed = sudo(['userdel', runner.user]);
        if (!removed.ok && !/does not exist/.test(removed.said))
            left.push(`the user ${runner.user} (${removed.said})`);
        if (!sudo(['rm', '-rf', runner.dir]).ok)
            left.push(runner.dir);
        return left;
    }
    try {
        (0,external_node_fs_.rmSync)(runner.dir, { recursive: true, force: true });
    }
    catch {
        left.push(runner.dir);
    }
    return left;
}

;// CONCATENATED MODULE: ./build/src/runner/unserved.js
/**
 * When the holding step of `runner: true` cannot serve its runner (CONTRACT,
 * "Runner mode never strands a job"): one JIT runner with the same label on
 * this machine (runner/local.ts), whose job-started hook fails the waiting
 * job before any of its steps runs, with one ::error that says why. Each part
 * is saved to state before it is made, so the post step removes whatever
 * exists. Where it cannot be made, the step's error says the job waits until
 * the run is cancelled, and nothing of it is left.
 */








/** The released runner connects within seconds; past this the post step still waits for it. */
const ONLINE_WAIT_MS = 2 * 60_000;
const POLL_MS = 1_000;
/** Past runner-timeout, what the post step may spend first (its stop may take 10 minutes), with room to spare. */
const LIFETIME_MARGIN_MS = 15 * 60_000;
/** How long the failing runner may live at most, in seconds: the post step removes it long before, if it runs. */
function runnerLifetimeSeconds(request) {
    return (ONLINE_WAIT_MS + request.pickupTimeoutMs + LIFETIME_MARGIN_MS) / 1000;
}
/** A workflow command's data: `%`, CR and LF escaped as the runner expects. */
function commandData(text) {
    return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
/** What the holding job did, in the stranded job's error: failed before its runner was online, by default. */
const BEFORE_ONLINE = 'failed before its runner came online';
/** The stranded job's one ::error: which holding job, which label, why, what to do. */
function strandedJobError(request, reason, what = BEFORE_ONLINE) {
    const run = request.workflowRun
        ? ` (workflow run ${request.workflowRun.id}, attempt ${request.workflowRun.attempt})`
        : '';
    const holder = request.holdingJob ? `'${(0,untrusted/* serviceText */.Lo)(request.holdingJob, 100)}'` : 'of this workflow';
    const message = `No GPU runner was served for runs-on: ${request.label}. The holding job ${holder}${run} ${what}: ` +
        `${(0,untrusted/* serviceText */.Lo)(reason, 400)}. This job was failed at once so that it ` +
        `does not wait in the queue; none of its steps ran and no code was fetched. Fix the cause (the ` +
        `holding job's log says more), then re-run the failed jobs: both jobs run again.`;
    return `::error title=No GPU runner was served::${commandData(message)}`;
}
function lastLine(file) {
    try {
        return (0,external_node_fs_.readFileSync)(file, 'utf8').trim().split('\n').at(-1) ?? '';
    }
    catch {
        return '';
    }
}
/** Polls the registration until it is online (or gone after its job); why not, if it is not. */
async function waitOnline(deps, registry, saved) {
    const until = deps.clock.now() + ONLINE_WAIT_MS;
    for (;;) {
        const runner = await registry.get(saved.id);
        // A just-in-time runner deregisters after its one job: handed the waiting job at once, it may have failed it
        // already (or someone deleted it); either way nothing waits for it, and the post step removes what is left.
        if (!runner)
            return 'gone';
        if (runner.status === 'online')
            return 'online';
        if (!localRunnerAlive(saved)) {
            // It may have come online, failed its job, deregistered and ended while the read above was on its way.
            const again = await registry.get(saved.id);
            if (!again)
                return 'gone';
            if (again.status === 'online')
                return 'online';
            const out = lastLine((0,external_node_path_.join)(saved.dir, 'runner.out'));
            throw new Error(`run.sh ended before the runner came online${out ? ` ('${(0,untrusted/* serviceText */.Lo)(out, 200)}')` : ''}`);
        }
        if (deps.clock.now() + POLL_MS > until)
            return `not online after ${ONLINE_WAIT_MS / 60_000} minutes`;
        await deps.clock.sleep(POLL_MS, deps.signal);
    }
}
/** Makes the parts in order, saving each first; the saved record of what exists. */
async function makeUnserved(deps, request, why, saved, progress) {
    const { core } = deps;
    const state = { saveUnserved: (one) => new step_state/* ActionState */.q(core).saveUnserved(one, progress.index) };
    const registry = (0,register/* registryFor */.ZQ)(deps, request);
    state.saveUnserved(saved);
    const version = await unpackRunnerPackage(registry, request.repository.serverUrl, saved.dir, deps.signal);
    const separate = makeSeparateUser(saved.dir, deps.sudo);
    if (separate.user)
        saved.user = separate.user;
    state.saveUnserved(saved);
    core.info(separate.user
        ? `Runner: actions/runner ${version} (SHA-256 checked) in ${saved.dir}, run as the separate user ` +
            `${separate.user}: steps it runs cannot read this job's processes or the step's private directory.`
        : `Runner: actions/runner ${version} (SHA-256 checked) in ${saved.dir}, run as this job's user ` +
            `(${separate.why}): its clean environment holds no input or token, but its steps could read this ` +
            `job's files.`);
    const hook = writeHook(saved.dir, strandedJobError(request, why.reason, why.what));
    progress.asked = true;
    // A lost answer retried hears 409: the offline registration of this name is that answer's, deleted and made again.
    const { runner, jitConfig } = await (0,register/* registerFresh */.Ad)(registry, saved.name, request.label, (line) => core.info(line));
    core.setSecret(jitConfig);
    saved.id = runner.id;
    state.saveUnserved(saved);
    saved.pid = startLocalRunner(saved, hook, jitConfig, runnerLifetimeSeconds(request));
    state.saveUnserved(saved);
    const online = await waitOnline(deps, registry, saved);
    if (online === 'gone')
        core.info(`Runner: ${saved.name} (id ${saved.id}) is no longer registered: it failed the waiting job already (a ` +
            'just-in-time runner deregisters after its one job), or someone deleted it. The post step removes the rest.');
    else if (online !== 'online')
        core.warning(`Runner ${saved.name}: ${online}; the post step still waits for its job, then removes it.`);
    else
        core.info(`Runner: ${saved.name} (id ${saved.id}) is online with the label '${request.label}'. The job waiting for ` +
            `that label is handed to it and fails at once, saying why; the post step removes the runner after that.`);
}
/**
 * Registers and starts the failing runner; never throws (the holding step's own error is what fails it). What exists of
 * it afterwards, for a post step that serves it itself (state saved there is read by no later step).
 */
async function serveUnserved(deps, request, reason, what = BEFORE_ONLINE, index = 1) {
    const { core } = deps;
    // The package is actions/runner's linux-x64 release, and the removal reads /proc.
    const machine = `${deps.platform ?? process.platform}-${process.arch}`;
    if (machine !== 'linux-x64') {
        reportUnservable(core, request, `the holding job runs on ${machine}; the failing runner needs linux-x64`);
        return undefined;
    }
    const run = request.workflowRun ? `${request.workflowRun.id}-${request.workflowRun.attempt}` : 'local';
    const saved = {
        id: 0,
        name: `gpu-sandbox-unserved-${run}-${(0,external_node_crypto_.randomBytes)(3).toString('hex')}`,
        dir: '',
        pid: 0,
    };
    const progress = { asked: false, index };
    const which = index > 1 ? `job ${index} ` : 'job ';
    core.startGroup(`Runner: fail the ${which}waiting for '${request.label}' at once, instead of leaving it queued`);
    try {
        saved.dir = makeRunnerDir();
        await makeUnserved(deps, request, { reason, what }, saved, progress);
        return saved;
    }
    catch (error) {
        const left = saved.dir ? removeLocalRunner(saved) : [];
        // A refused registration made nothing; one whose answer was lost may exist, under our name.
        const deleted = !progress.asked || (0,github/* isAccessDenied */.w7)(error) || (await deleteRegistration(deps, request, saved));
        const nothingLeft = left.length === 0 && deleted;
        if (nothingLeft)
            new step_state/* ActionState */.q(core).saveUnserved(undefined, index);
        // A cancelled run cancels its queued jobs too: nothing waits.
        if (deps.signal.aborted)
            core.info('Runner: cancelled while the failing runner was set up; what it made is removed.');
        else
            reportUnservable(core, request, error.message);
        return nothingLeft ? undefined : saved;
    }
    finally {
        core.endGroup();
    }
}
/**
 * One failing runner for each job waiting (runner-jobs or runners above 1 may leave several), made one
 * after another (a separate user each: useradd locks /etc/passwd) and each online in seconds; what exists of them.
 */
async function serveUnservedJobs(deps, request, reason, what, count) {
    const made = [];
    for (let k = 1; k <= Math.max(1, count) && !deps.signal.aborted; k++) {
        const saved = await serveUnserved(deps, request, reason, what, k);
        if (saved)
            made.push(saved);
    }
    return made;
}
/** The plain error: the waiting job stays queued until the run is cancelled, and how to cancel it. */
function reportUnservable(core, request, why) {
    core.error(unservedError(request, why), { title: 'A job waits for a runner nobody serves' });
}
function unservedError(request, why) {
    const run = request.workflowRun;
    const cancel = run ? ` (its page, Cancel workflow; or gh run cancel ${run.id})` : '';
    return (`The job with runs-on: ${request.label} will wait in GitHub's queue until this workflow run is ` +
        `cancelled (GitHub keeps a queued job up to 24 hours): no runner could be registered to fail it ` +
        `(${(0,untrusted/* serviceText */.Lo)(why, 300)}). Cancel the run${cancel}; the token needs repository administration: ` +
        `write to register runners.`);
}
/** Deletes a registration the failed attempt made; whether none is left. */
async function deleteRegistration(deps, request, saved) {
    // After a cancellation too: a client that is not cancelled.
    const registry = (0,register/* registryFor */.ZQ)({ ...deps, signal: deps.signal.aborted ? undefined : deps.signal }, request);
    try {
        await registry.removeRegistration(saved.id, saved.name);
        return true;
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./build/src/runner/waiting.js
/** A job not started yet: queued for a runner, or waiting (an environment's approval) before that. */
const NOT_STARTED = ['queued', 'waiting', 'pending', 'requested'];
function waitingFor(jobs, label) {
    return jobs.filter((job) => NOT_STARTED.includes(job.status ?? '') && !job.runnerName && (job.labels ?? []).includes(label));
}
/**
 * How many failing runners to start: one where the holder was to serve one job (no read, as before); else the jobs
 * waiting for the label (at least one: a job may queue a moment after the read), at most `bound`; `bound` where the
 * read fails (a failed read is no evidence that none waits).
 */
async function failingRunnersFor(registry, run, label, bound, log) {
    if (bound <= 1 || !run)
        return 1;
    try {
        const waiting = waitingFor(await registry.jobsOf(run), label).length;
        log(`Runner: ${waiting} job${waiting === 1 ? '' : 's'} of this run wait${waiting === 1 ? 's' : ''} for '${label}'.`);
        return Math.min(Math.max(1, waiting), bound);
    }
    catch (error) {
        log(`Runner: this run's waiting jobs could not be read (${error.message}); failing up to ${bound}.`);
        return bound;
    }
}

;// CONCATENATED MODULE: ./build/src/runner/main-unserved.js








/** Why no GPU runner was served, in one line. */
function reasonOf(error) {
    if (error instanceof collector/* InputErrors */.G) {
        const more = error.errors.length > 1 ? ` (and ${error.errors.length - 1} more invalid inputs)` : '';
        return `${error.errors[0]?.message ?? 'an invalid input'}${more}`;
    }
    const message = error instanceof Error ? error.message : String(error);
    return message.split('\n')[0] ?? message;
}
async function failStrandedJob(deps, error, config) {
    if (deps.signal.aborted)
        return;
    const inputError = error instanceof collector/* InputErrors */.G;
    if (!inputError && !(config?.mode === 'start' && config.runner))
        return;
    if (new step_state/* ActionState */.q(deps.core).runner?.online)
        return;
    const request = (0,read/* readUnservedInputs */.AO)(deps.core, (0,job_environment/* jobEnvironmentFromEnv */.s)(deps.env), inputError ? error.errors : []);
    if (!request)
        return;
    // The access check found the token may not manage runners: registering one would be refused too.
    if (error instanceof github/* RunnerManagementRefused */.ms)
        return reportUnservable(deps.core, request, error.message);
    // With runner-jobs or runners above 1: every job of this run waiting for the label, up to that many.
    const log = (message) => deps.core.info(message);
    const bound = request.serves ?? 1;
    const count = await failingRunnersFor((0,register/* registryFor */.ZQ)(deps, request), request.workflowRun, request.label, bound, log);
    await serveUnservedJobs(deps, request, reasonOf(error), BEFORE_ONLINE, count);
}


/***/ })

};
