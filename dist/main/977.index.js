export const id = 977;
export const ids = [977];
export const modules = {

/***/ 9826:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runPool: () => (/* binding */ runPool)
/* harmony export */ });
/* harmony import */ var _client_schemas_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2805);
/* harmony import */ var _pool_deps_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8468);
/* harmony import */ var _pool_match_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9025);
/* harmony import */ var _pool_names_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4932);
/* harmony import */ var _pool_main_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8612);
/* harmony import */ var _pool_request_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(805);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4120);
/* harmony import */ var _sandbox_billing_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(4994);
/* harmony import */ var _sandbox_caps_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(764);
/* harmony import */ var _ssh_access_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(7421);
/* harmony import */ var _step_deps_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(3996);
/* harmony import */ var _step_summary_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(9128);
/* harmony import */ var _pool_keeper_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(1924);
/* harmony import */ var _step_state_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(5190);














/** How long getting the SSH certificate the claims use may take. */
const PREPARE_MS = 3 * 60_000;
async function runPool(given, deps) {
    const capped = await (0,_sandbox_caps_js__WEBPACK_IMPORTED_MODULE_8__/* .applySpendingCaps */ .Q)({ ...given, mode: 'start' }, deps);
    for (const line of capped.lines)
        deps.core.info(`Caps: ${line}.`);
    const config = { ...capped.config, pool: given.pool };
    const prepared = await (0,_ssh_access_js__WEBPACK_IMPORTED_MODULE_9__/* .prepareSandboxSsh */ .pd)(deps, (0,_step_deps_js__WEBPACK_IMPORTED_MODULE_13__/* .stepEnvironment */ .a)(deps), deps.clock.now() + PREPARE_MS).catch((error) => {
        throw new Error(`Mode 'pool' claims over SSH, and no certificate could be had ` +
            `(${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_6__/* .serviceText */ .Lo)(error.message, 300)}); nothing was started or stopped.`, { cause: error });
    });
    const pool = (0,_pool_deps_js__WEBPACK_IMPORTED_MODULE_1__/* .poolDeps */ .Fs)((0,_step_deps_js__WEBPACK_IMPORTED_MODULE_13__/* .opContext */ .R)(deps), (0,_step_deps_js__WEBPACK_IMPORTED_MODULE_13__/* .stepEnvironment */ .a)(deps), prepared, !!given.pool.prepare);
    deps.core.info(`Pool '${given.pool.name}': keeping the ${given.pool.domain} domain's pool (${given.pool.domainWhy}).`);
    const digest = (0,_pool_request_js__WEBPACK_IMPORTED_MODULE_5__/* .digestLine */ .lt)(given.pool);
    if (digest)
        deps.core.info(digest);
    const claimant = `pool-${given.pool.name}-${deps.clock.now()}`;
    const kept = await (0,_pool_keeper_js__WEBPACK_IMPORTED_MODULE_11__/* .keepAndWatch */ .kN)(config, deps, pool, {
        claimant,
        state: new _step_state_js__WEBPACK_IMPORTED_MODULE_12__/* .ActionState */ .q(deps.core),
        ssh: prepared,
        drain: given.pool.size === 0,
    });
    // The keeper's access to its pool's sandboxes goes with it (a preparation cut short stays for the post step).
    (0,_pool_main_js__WEBPACK_IMPORTED_MODULE_4__/* .forgetOthers */ .jk)(pool, new _step_state_js__WEBPACK_IMPORTED_MODULE_12__/* .ActionState */ .q(deps.core));
    const after = poolAfter(kept);
    deps.core.setOutput('pool', JSON.stringify(after));
    deps.core.info(`Pool '${given.pool.name}': ${after.ready.length} ready and unclaimed, ${after.claimed.length} claimed, ` +
        `${after.starting.length} starting, ${stoppedWords(kept, after.stopped)}.`);
    await deps.core.appendSummary(await poolSummary(config, deps, kept, after));
    // After the outputs and the summary: a pool whose preparation fails is red, never a pool of cold starts.
    if (kept.failure)
        throw new Error(`Pool '${given.pool.name}': ${kept.failure}.`);
}
/** The step's stops by why: idle ones, and those whose preparation did not succeed (each stopped by this step). */
function stoppedWords(kept, stopped) {
    const idle = stopped.filter((id) => kept.stopped.includes(id)).length;
    const unprepared = stopped.length - idle;
    return `${idle} stopped as idle` + (unprepared > 0 ? `, ${unprepared} stopped unprepared` : '');
}
/** The pool after the step: the last look, with what this step prepared or stopped since. */
function poolAfter(kept) {
    const { last } = kept;
    const ids = (list) => [...new Set(list)].filter((id) => _client_schemas_js__WEBPACK_IMPORTED_MODULE_0__/* .SANDBOX_ID_PATTERN */ .BA.test(id));
    const ended = (kinds) => new Set(kept.preparations.filter((item) => kinds.includes(item.kind)).map((item) => item.id));
    const prepared = ended(['prepared']);
    const gone = ended(['failed', 'cancelled']);
    // One prepared, then stopped as idle at a later look, is not ready any more.
    const stopped = new Set([...kept.stopped, ...gone]);
    return {
        ready: ids([...last.ids.unclaimed, ...prepared].filter((id) => !last.ids.claimed.includes(id) && !stopped.has(id))),
        claimed: ids(last.ids.claimed),
        starting: ids([...last.ids.starting, ...last.started].filter((id) => !prepared.has(id) && !gone.has(id))),
        stopped: ids([...stopped]),
    };
}
/** The summary: the pool after the step, and what its unclaimed sandboxes have cost while they waited. */
async function poolSummary(config, deps, kept, after) {
    const { name, domain } = config.pool;
    const prefix = (0,_pool_request_js__WEBPACK_IMPORTED_MODULE_5__/* .prefixFor */ .aU)(config);
    const listed = await (0,_pool_names_js__WEBPACK_IMPORTED_MODULE_3__/* .poolListed */ .Mm)(deps.client.allSandboxes({ signal: deps.signal, maxPages: 20 }), (parts) => (0,_pool_names_js__WEBPACK_IMPORTED_MODULE_3__/* .prefixOf */ .MT)(parts) === prefix).catch(() => []);
    const idle = listed.filter((item) => after.ready.includes(item.id) || after.stopped.includes(item.id));
    const now = deps.clock.now();
    // A record that shows no creation time counts no idle time.
    const idleMs = idle.map((item) => (0,_pool_match_js__WEBPACK_IMPORTED_MODULE_2__/* .waitedMs */ .h)({ ...item, status: item.status ?? '' }, now) ?? 0);
    const price = await hourlyPrice(config, deps);
    const idleHours = idleMs.reduce((sum, ms) => sum + ms, 0) / 3_600_000;
    const idleCost = price === undefined ? 'no catalog price' : `~${(0,_sandbox_billing_js__WEBPACK_IMPORTED_MODULE_7__/* .formatDollars */ .nT)(idleHours * price)}`;
    return (`### Pool ${name} (${domain})\n\n` +
        (0,_step_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .markdownTable */ .Qj)([
            ['Trust domain', `${domain}: its sandboxes are claimed only by jobs of this domain`],
            ['Ready, unclaimed', (0,_step_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .listWithLimit */ .Wc)(after.ready, 10) || 'none'],
            ['Claimed by jobs', (0,_step_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .listWithLimit */ .Wc)(after.claimed, 10) || 'none'],
            ['Starting', (0,_step_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .listWithLimit */ .Wc)(after.starting, 10) || 'none'],
            ['Stopped as idle', (0,_step_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .listWithLimit */ .Wc)(after.stopped, 10) || 'none'],
            ['pool-size, pool-idle', `${config.pool.size}, ${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .formatDuration */ .a3)(config.pool.idleSeconds * 1000)}`],
            [
                'Idle so far',
                `${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .formatDuration */ .a3)(idleHours * 3_600_000)} unclaimed (the ready ones and those stopped now), ${idleCost}`,
            ],
            ['Started by this step', String(new Set(kept.started).size)],
            ...preparedRows(config, kept, price),
        ]));
}
/** The hourly price of the pool's first GPU type (or CPU), from the catalog; undefined where it has none. */
async function hourlyPrice(config, deps) {
    const gpuType = config.gpuTypes[0];
    const spec = {
        cpu: config.cpu,
        memoryGib: config.memoryGib,
        storageGib: config.storageGib,
        gpuType,
        gpuCount: gpuType ? (config.gpuCount ?? 1) : 0,
    };
    const billing = await (0,_sandbox_billing_js__WEBPACK_IMPORTED_MODULE_7__/* .readBillingContext */ .zg)(deps.client, spec, (message) => deps.core.info(message), deps.signal);
    return billing.dollarsPerHour;
}
/** A prepared pool's rows: what this step prepared, and what that cost (creation to mark or stop, billed). */
function preparedRows(config, kept, price) {
    if (!config.pool.prepare)
        return [];
    const count = (kind) => kept.preparations.filter((item) => item.kind === kind).length;
    const billedMs = kept.preparations.reduce((sum, item) => sum + (item.billedMs ?? 0), 0);
    const cost = price === undefined ? 'no catalog price' : `~${(0,_sandbox_billing_js__WEBPACK_IMPORTED_MODULE_7__/* .formatDollars */ .nT)((billedMs / 3_600_000) * price)}`;
    const watch = config.pool.watchSeconds;
    return [
        [
            'Prepared by this step',
            `${count('prepared')} (failed ${count('failed')}, ended unfinished ${count('cancelled')})`,
        ],
        ['Preparing', `${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .formatDuration */ .a3)(billedMs)} of sandbox time from start to prepared or stopped, ${cost}`],
        ...(watch ? [['pool-watch', `${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_10__/* .formatDuration */ .a3)(watch * 1000)}, ${kept.passes} looks`]] : []),
    ];
}


/***/ }),

/***/ 262:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fo: () => (/* binding */ collect),
/* harmony export */   M2: () => (/* binding */ SSH_CONNECTION_FAILED),
/* harmony export */   O5: () => (/* binding */ spawnSsh),
/* harmony export */   cC: () => (/* binding */ killOnAbort),
/* harmony export */   j3: () => (/* binding */ runScript),
/* harmony export */   kV: () => (/* binding */ exited),
/* harmony export */   t_: () => (/* binding */ askSandbox),
/* harmony export */   uQ: () => (/* binding */ toolEnvironment)
/* harmony export */ });
/* unused harmony exports shellQuote, sshArguments */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var _runtime_abort_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9768);
/**
 * Runs a POSIX shell script on the sandbox over the action's own SSH access
 * (`ssh -F <config> <alias>`, the files start mode wrote), with its arguments
 * quoted, so the login shell only ever sees `sh -c '<script>' …`.
 */


/** ssh's own exit status for a connection that failed or dropped (the remote command's is anything else). */
const SSH_CONNECTION_FAILED = 255;
function shellQuote(value) {
    return `'${value.replace(/'/g, `'\\''`)}'`;
}
/** ssh's arguments: batch mode (never a prompt), and a dropped connection noticed within about 15 s. */
function sshArguments(target, script, args) {
    const command = ['sh', '-c', script, 'gpu-sandbox', ...args].map(shellQuote).join(' ');
    return [
        '-F',
        target.configPath,
        '-o',
        'BatchMode=yes',
        '-o',
        'ConnectTimeout=30',
        '-o',
        'ServerAliveInterval=5',
        '-o',
        'ServerAliveCountMax=3',
        '-o',
        'LogLevel=ERROR',
        target.alias,
        command,
    ];
}
/** Only what ssh and tar need: the step's inputs and state stay out of their environment. */
function toolEnvironment(env) {
    const kept = {};
    for (const name of ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TMPDIR', 'USER', 'LOGNAME'])
        if (env[name] !== undefined)
            kept[name] = env[name];
    return kept;
}
function spawnSsh(target, script, args, stdio, env) {
    return (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)('ssh', sshArguments(target, script, args), { stdio, env: toolEnvironment(env) });
}
/** A child's exit status (a signal counts as ssh's connection failure) once it has closed. */
function exited(child) {
    return new Promise((resolve) => {
        if (child.exitCode !== null)
            return resolve(child.exitCode);
        child.on('error', () => resolve(SSH_CONNECTION_FAILED));
        child.on('close', (code) => resolve(code ?? SSH_CONNECTION_FAILED));
    });
}
/** Everything a child writes to a stream, as text (at most `limit` characters kept). */
function collect(stream, limit = 64_000) {
    let text = '';
    stream?.on('data', (chunk) => {
        if (text.length < limit)
            text += chunk.toString();
    });
    return () => text;
}
/** Kills the child when the step is cancelled; returns the listener's remover. */
function killOnAbort(child, signal) {
    if (!signal)
        return () => { };
    const kill = () => child.kill('SIGKILL');
    if (signal.aborted)
        kill();
    signal.addEventListener('abort', kill, { once: true });
    return () => signal.removeEventListener('abort', kill);
}
/** Runs a script with `input` on its stdin; its status, stdout (at most `stdoutLimit` characters) and stderr. */
async function runScript(target, script, args, input, env, signal, stdoutLimit) {
    const child = spawnSsh(target, script, args, ['pipe', 'pipe', 'pipe'], env);
    const stop = killOnAbort(child, signal);
    const stdout = collect(child.stdout, stdoutLimit);
    const stderr = collect(child.stderr);
    child.stdin?.on('error', () => { });
    child.stdin?.end(input);
    const code = await exited(child);
    stop();
    return { code, stdout: stdout(), stderr: stderr() };
}
/** Runs a short script that says what it decided on its last line (a claim, a lock, a mark, a look), bounded. */
async function askSandbox(target, script, args, context, timeoutMs) {
    const signal = (0,_runtime_abort_js__WEBPACK_IMPORTED_MODULE_1__/* .withTimeout */ .w)(timeoutMs, context.signal);
    const { code, stdout, stderr } = await runScript(target, script, args, '', context.env, signal);
    const said = stdout.trim().split('\n').at(-1) ?? '';
    return { said, code, stderr, timedOut: signal.aborted && !context.signal?.aborted };
}


/***/ }),

/***/ 9768:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ withTimeout)
/* harmony export */ });
/** Bounds on waits: one request's or one remote command's own time limit, under the step's cancellation. */
/** A signal that aborts after `ms`, or earlier with `signal` (when given). */
function withTimeout(ms, signal) {
    const timeout = AbortSignal.timeout(ms);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
}


/***/ })

};
