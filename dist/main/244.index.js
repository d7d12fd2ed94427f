export const id = 244;
export const ids = [244];
export const modules = {

/***/ 9943:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EY: () => (/* binding */ backoffDelay),
/* harmony export */   Np: () => (/* binding */ isNotAccepted),
/* harmony export */   Ue: () => (/* binding */ READ_BACKOFF),
/* harmony export */   cZ: () => (/* binding */ readRetryDelay),
/* harmony export */   dg: () => (/* binding */ isTransient),
/* harmony export */   ml: () => (/* binding */ backoffCeiling),
/* harmony export */   v6: () => (/* binding */ retryUntil)
/* harmony export */ });
/* unused harmony exports DEFAULT_BACKOFF, retryAfterDelay, delayFor, withRetry */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(486);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4120);


const DEFAULT_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 30_000 };
/**
 * Reads (GET, list, the blocking wait) after errors: the get budget is 20
 * times the start/stop budget, and every second of backoff is a second of
 * detection lag once the service is back. At most 5 s, unless the service
 * says how long with Retry-After.
 */
const READ_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 5_000 };
/** The one growth formula of every backoff here: base * 2^(attempt-1), capped at the most. */
function backoffCeiling(attempt, options) {
    return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}
/** Exponential backoff with "equal jitter": between half and all of base * 2^(attempt-1), capped. */
function backoffDelay(attempt, random, options = DEFAULT_BACKOFF) {
    const ceiling = backoffCeiling(attempt, options);
    return Math.round(ceiling / 2 + (random * ceiling) / 2);
}
/**
 * Retry-After plus jitter, so that many jobs told the same instant do not all
 * come back in lock-step. Urgent calls (stop, delete: they end spending) come
 * back within 0.5 s of the time given. The rest wait 1.5 s more, plus up to a
 * quarter of the wait (at least 1 s, at most 5 s): Retry-After is whole
 * seconds, so a window may open up to 1 s before it says, and the extra 1.5 s
 * lets every pending stop of a matrix take its slot first.
 */
function retryAfterDelay(retryAfterMs, random, urgent = false) {
    if (urgent)
        return Math.round(retryAfterMs + random * 500);
    const spread = Math.min(5_000, Math.max(1_000, retryAfterMs / 4));
    return Math.round(retryAfterMs + 1_500 + random * spread);
}
/** 429, 503/504 (not accepted) and answers lost on the way (network, timeout, 500, 502). */
function isTransient(error) {
    if (!(error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7))
        return false;
    if (error.code === 'aborted' || error.code === 'unreadable_page' || _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .REJECTED_CODES */ .WL.includes(error.code))
        return false;
    if (_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .NOT_ACCEPTED_CODES */ .pv.includes(error.code))
        return true;
    return error.status === 429 || error.status === 503 || error.status === 504 || error.ambiguous;
}
/** Retry only what the service certainly did not carry out: for calls that are not idempotent. */
function isNotAccepted(error) {
    if (!(error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7) || _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .REJECTED_CODES */ .WL.includes(error.code))
        return false;
    return error.status === 429 || error.status === 503 || error.status === 504 || _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .NOT_ACCEPTED_CODES */ .pv.includes(error.code);
}
/** The wait before the next attempt after `error`, the attempt-th failure. */
function delayFor(error, attempt, random, backoff = DEFAULT_BACKOFF, urgent = false) {
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7 && error.status === 429) {
        return retryAfterDelay(error.retryAfterMs ?? backoff.baseDelayMs, random, urgent);
    }
    return backoffDelay(attempt, random, backoff);
}
/**
 * The wait before the next read after `error`: Retry-After when the service gave one (any status), else READ_BACKOFF.
 */
function readRetryDelay(error, attempt, random) {
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7 && error.retryAfterMs !== undefined)
        return retryAfterDelay(error.retryAfterMs, random);
    return backoffDelay(attempt, random, READ_BACKOFF);
}
function reasonOf(error) {
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7) {
        if (error.status === 0)
            return error.code;
        return `${error.status} ${error.code}`;
    }
    // Another service's error (GitHub's, through Octokit) may quote what it answered.
    return (0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__/* .serviceText */ .Lo)(error instanceof Error ? error.message : String(error), 200);
}
/** withRetry with the caller's clock, signal and log, until `deadline`: the one option block every call shares. */
function retryUntil(ctx, deadline, label, operation, extras = {}) {
    return withRetry(operation, { clock: ctx.clock, deadline, signal: ctx.signal, label, log: ctx.log, ...extras });
}
async function withRetry(operation, options) {
    const retryable = options.retryable ?? isTransient;
    for (let attempt = 1;; attempt++) {
        options.signal?.throwIfAborted();
        try {
            return await operation(attempt);
        }
        catch (error) {
            if (!retryable(error) || options.signal?.aborted)
                throw error;
            const wait = delayFor(error, attempt, options.clock.random(), options.backoff, options.urgent);
            if (options.clock.now() + wait > options.deadline) {
                options.log(`${options.label}: ${reasonOf(error)}; no time left to retry (attempt ${attempt}).`);
                throw error;
            }
            options.onRetry?.(error, attempt);
            options.log(`${options.label}: ${reasonOf(error)}; retrying in ${(wait / 1000).toFixed(1)}s (attempt ${attempt + 1}).`);
            await options.clock.sleep(wait, options.signal);
        }
    }
}


/***/ }),

/***/ 5190:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  q: () => (/* binding */ ActionState)
});

// EXTERNAL MODULE: ./build/src/inputs/runner.js
var runner = __webpack_require__(5837);
;// CONCATENATED MODULE: ./build/src/step/saved-read.js
/**
 * The JSON state values (saved.ts's shapes) read back for the post step: a value of another shape (a state file an
 * older version wrote, a hand-edited one) is undefined, never a half-filled object.
 */

function savedRunner(saved) {
    if (!saved || !Number.isInteger(saved.id) || typeof saved.name !== 'string')
        return undefined;
    const w = saved.watch;
    const watch = w && Number.isInteger(w.pid) && typeof w.configPath === 'string' && typeof w.alias === 'string'
        ? { pid: w.pid, configPath: w.configPath, alias: w.alias }
        : undefined;
    const folder = typeof saved.folder === 'string' && runner/* RUNNER_FOLDER */.ii.test(saved.folder) ? saved.folder : '';
    const gpus = typeof saved.gpus === 'string' && /^\d{1,2}(,\d{1,2})*$/.test(saved.gpus) ? saved.gpus : '';
    return {
        id: saved.id,
        name: saved.name,
        online: saved.online === true,
        ...(watch ? { watch } : {}),
        ...(folder ? { folder } : {}),
        ...(gpus ? { gpus } : {}),
    };
}
function savedUnserved(saved) {
    if (!saved || !Number.isInteger(saved.id) || !Number.isInteger(saved.pid))
        return undefined;
    if (typeof saved.name !== 'string' || typeof saved.dir !== 'string')
        return undefined;
    const user = typeof saved.user === 'string' ? { user: saved.user } : {};
    return { id: saved.id, name: saved.name, dir: saved.dir, pid: saved.pid, ...user };
}
function savedInclude(value) {
    if (typeof value?.userConfig !== 'string' || typeof value.line !== 'string' || !value.line.startsWith('Include '))
        return undefined;
    return {
        userConfig: value.userConfig,
        line: value.line,
        createdConfig: value.createdConfig === true,
        createdDir: value.createdDir === true,
    };
}
function savedGpuReport(saved) {
    if (!saved)
        return undefined;
    const { configPath, alias, gpuType } = saved;
    const counts = { gpuCount: saved.gpuCount, cpu: saved.cpu, memoryGib: saved.memoryGib, storageGib: saved.storageGib };
    if (typeof configPath !== 'string' || typeof alias !== 'string' || typeof gpuType !== 'string')
        return undefined;
    if (!Object.values(counts).every((count) => Number.isInteger(count) && count >= 1))
        return undefined;
    const numbers = counts;
    const figure = typeof saved.figure === 'string' ? { figure: saved.figure.slice(0, 40) } : {};
    return { configPath, alias, gpuType, ...numbers, reported: saved.reported === true, ...figure };
}
/** The k-th of several saved things of one kind: the first under the kind's own key, as before there were several. */
const slotKey = (key, slot) => (slot <= 1 ? key : `${key}-${slot}`);
/** How many of a kind may be saved: MAX_RUNNERS runners, or as many failing runners as jobs they could serve. */
const MAX_SLOTS = runner/* MAX_RUNNER_JOBS */.tu * runner/* MAX_RUNNERS */["do"];
function slots(read) {
    const found = [];
    for (let slot = 1; slot <= MAX_SLOTS; slot++) {
        // One removed in the middle (its parts all gone) leaves a gap: the later ones are still read.
        const one = read(slot);
        if (one !== undefined)
            found.push(one);
    }
    return found;
}
function savedBudget(saved) {
    const [limit, remaining, resetsAt] = [saved?.limit, saved?.remaining, saved?.resetsAt];
    return typeof limit === 'number' && typeof remaining === 'number' && typeof resetsAt === 'number'
        ? { limit, remaining, resetsAt }
        : undefined;
}
function savedAccess(saved) {
    return typeof saved?.configPath === 'string' && typeof saved.alias === 'string'
        ? { configPath: saved.configPath, alias: saved.alias }
        : undefined;
}
function savedSpent(saved) {
    if (typeof saved?.seconds !== 'number')
        return undefined;
    return { seconds: saved.seconds, dollars: typeof saved.dollars === 'number' ? saved.dollars : undefined };
}
function savedPoolClaims(saved) {
    if (!saved || typeof saved.claimant !== 'string' || !Array.isArray(saved.pending))
        return undefined;
    const pending = saved.pending.flatMap((claim) => claim && typeof claim.id === 'string' && typeof claim.configPath === 'string' && typeof claim.alias === 'string'
        ? [{ id: claim.id, configPath: claim.configPath, alias: claim.alias }]
        : []);
    const holds = (Array.isArray(saved.holds) ? saved.holds : []).flatMap((hold) => hold && typeof hold.sandboxId === 'string'
        ? [{ sandboxId: hold.sandboxId, ...(typeof hold.holdId === 'string' ? { holdId: hold.holdId } : {}) }]
        : []);
    return { claimant: saved.claimant, pending, ...(holds.length > 0 ? { holds } : {}) };
}
/** A JSON state value as an object with unknown fields, or undefined when missing or not JSON. */
function jsonState(value) {
    try {
        const parsed = JSON.parse(value ?? '');
        return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
    }
    catch {
        return undefined;
    }
}
function savedApproval(saved) {
    return typeof saved?.number === 'number' && typeof saved.label === 'string'
        ? { number: saved.number, label: saved.label }
        : undefined;
}
function finiteNumber(value) {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
}

;// CONCATENATED MODULE: ./build/src/step/state.js

const KEYS = {
    sandboxName: 'sandbox-name',
    sandboxId: 'sandbox-id',
    startedAt: 'started-at',
    instanceId: 'instance-id',
    instanceUuid: 'instance-uuid',
    sshKeyPath: 'ssh-key-path',
    hourlyCost: 'hourly-cost',
    nameHolders: 'name-holders',
    secretDirectory: 'secret-dir',
    sshInclude: 'ssh-include',
    startRefused: 'start-refused',
    sandboxSeen: 'sandbox-seen',
    renewerPid: 'renewer-pid',
    runner: 'runner',
    stoppedByMainStep: 'stopped-by-main-step',
    approval: 'approval',
    spentBefore: 'spent-before',
    commentFacts: 'comment-facts',
    githubBudget: 'github-budget',
    debugAccess: 'debug-access',
    mainFailure: 'main-failure',
    unserved: 'unserved-runner',
    gpuReport: 'gpu-report',
    poolClaims: 'pool-claims',
    poolPreparing: 'pool-preparing',
};
class ActionState {
    core;
    constructor(core) {
        this.core = core;
    }
    /** Saved before each start (the post step finds by name a sandbox whose id never arrived); forgets a replaced id. */
    saveSandboxName(name) {
        if (this.read(KEYS.sandboxId))
            for (const key of [KEYS.sandboxId, KEYS.startedAt, KEYS.sandboxSeen])
                this.core.saveState(key, '');
        this.core.saveState(KEYS.sandboxName, name);
    }
    /**
     * Sandboxes that held the name before the first start attempt (or that replace-existing stopped): never adopted,
     * never stopped by the search by name. Saved before the name, so a post step that knows the name knows them too.
     */
    saveNameHolders(ids) {
        this.core.saveState(KEYS.nameHolders, ids.join(','));
    }
    get nameHolders() {
        return (this.read(KEYS.nameHolders) ?? '').split(',').filter((id) => id !== '');
    }
    /** Every start attempt was refused (`why`, e.g. '401 unauthorized'): there is nothing to find by name. */
    clearSandboxName(why) {
        this.core.saveState(KEYS.sandboxName, '');
        this.core.saveState(KEYS.startRefused, why);
    }
    /** Why every start attempt was refused, when they were. */
    get startRefused() {
        return this.read(KEYS.startRefused);
    }
    /** Saved the moment the start answer arrives, before any polling. */
    saveSandboxId(id, startedAt) {
        this.core.saveState(KEYS.sandboxId, id);
        this.core.saveState(KEYS.startedAt, String(startedAt));
    }
    /** The service has shown the sandbox (a record, a blocking-wait answer): a 404 now means gone, not "not yet". */
    saveSandboxSeen() {
        this.core.saveState(KEYS.sandboxSeen, 'true');
    }
    get sandboxSeen() {
        return this.read(KEYS.sandboxSeen) === 'true';
    }
    /** The main step stopped this sandbox itself (it failed the GPU check) and the stop was accepted. */
    saveStoppedByMainStep(id) {
        this.core.saveState(KEYS.stoppedByMainStep, id);
    }
    get stoppedByMainStep() {
        return this.read(KEYS.stoppedByMainStep);
    }
    saveApproval(approval) {
        this.core.saveState(KEYS.approval, JSON.stringify(approval));
    }
    get approval() {
        return savedApproval(this.json(KEYS.approval));
    }
    /** What the sandboxes stopped before use cost (dollars null: a price was missing). */
    saveSpentBefore(spent) {
        this.core.saveState(KEYS.spentBefore, JSON.stringify({ seconds: spent.seconds, dollars: spent.dollars ?? null }));
    }
    get spentBefore() {
        return savedSpent(this.json(KEYS.spentBefore));
    }
    /** What the main step's pull-request comment said: the post step writes the final version from it. */
    saveCommentFacts(facts) {
        this.core.saveState(KEYS.commentFacts, JSON.stringify(facts));
    }
    /** The comment's own shape (src/comment/text.ts) is its to say: state checks only what every version has. */
    commentFacts() {
        const facts = this.json(KEYS.commentFacts);
        return typeof facts?.sandboxId === 'string' && typeof facts.status === 'string'
            ? facts
            : undefined;
    }
    /** What GitHub's last answer in the main step said of the token's hour: the post step's comment starts from it. */
    saveGitHubBudget(budget) {
        if (budget)
            this.core.saveState(KEYS.githubBudget, JSON.stringify(budget));
    }
    get githubBudget() {
        return savedBudget(this.json(KEYS.githubBudget));
    }
    /** debug-on-failure: the action's own SSH config for the sandbox, to see the release file. */
    saveDebugAccess(access) {
        this.core.saveState(KEYS.debugAccess, JSON.stringify(access));
    }
    get debugAccess() {
        return savedAccess(this.json(KEYS.debugAccess));
    }
    /** The main step failed after the sandbox was ready (a failed run, say): why, in one line. */
    saveMainFailure(why) {
        this.core.saveState(KEYS.mainFailure, why);
    }
    get mainFailure() {
        return this.read(KEYS.mainFailure);
    }
    /** The estimated dollars per hour, for the post step's cost of this run. */
    saveHourlyCost(dollarsPerHour) {
        this.core.saveState(KEYS.hourlyCost, String(dollarsPerHour));
    }
    get hourlyCost() {
        const value = this.readNumber(KEYS.hourlyCost);
        return value !== undefined && value >= 0 ? value : undefined;
    }
    /** The uuid names the instance for good; the identifier is an index that may shift (the deployed service). */
    saveInstance(identifier, uuid) {
        this.core.saveState(KEYS.instanceUuid, uuid);
        this.core.saveState(KEYS.instanceId, identifier);
    }
    /** The 0700 directory holding key files: the post step removes it whole. */
    saveSecretDirectory(path) {
        this.core.saveState(KEYS.secretDirectory, path);
    }
    /** The Include line added to ~/.ssh/config (JSON: file, line, what was created): the post step removes exactly it. */
    saveSshInclude(include) {
        this.core.saveState(KEYS.sshInclude, JSON.stringify(include));
    }
    get sshInclude() {
        return savedInclude(this.json(KEYS.sshInclude));
    }
    /** The certificate renewer's pid: the post step ends it (after checking the pid is still the renewer). */
    saveRenewerPid(pid) {
        this.core.saveState(KEYS.renewerPid, String(pid));
    }
    get renewerPid() {
        const value = this.readNumber(KEYS.renewerPid);
        return value !== undefined && Number.isInteger(value) && value > 1 ? value : undefined;
    }
    /** The main step removed its SSH access (no later step uses it). */
    forgetSshAccess() {
        for (const key of [KEYS.secretDirectory, KEYS.sshInclude, KEYS.renewerPid])
            this.core.saveState(key, '');
    }
    get secretDirectory() {
        return this.read(KEYS.secretDirectory);
    }
    saveSshKeyPath(path) {
        this.core.saveState(KEYS.sshKeyPath, path);
    }
    get sandboxName() {
        return this.read(KEYS.sandboxName);
    }
    get sandboxId() {
        return this.read(KEYS.sandboxId);
    }
    get startedAt() {
        const value = this.readNumber(KEYS.startedAt);
        return value !== undefined && value > 0 ? value : undefined;
    }
    get instanceUuid() {
        return this.read(KEYS.instanceUuid);
    }
    get instanceId() {
        return this.read(KEYS.instanceId);
    }
    get sshKeyPath() {
        return this.read(KEYS.sshKeyPath);
    }
    /** Saved before the registration request (id 0) and with its id; the k-th of `runners` as runner-<k>. */
    saveRunner(runner, slot = 1) {
        const { id, name, online, watch, folder, gpus } = runner;
        const slotted = { ...(folder ? { folder } : {}), ...(gpus ? { gpus } : {}) };
        this.core.saveState(slotKey(KEYS.runner, slot), JSON.stringify({ id, name, online, ...(watch ? { watch } : {}), ...slotted }));
    }
    get runner() {
        return savedRunner(this.json(KEYS.runner));
    }
    /** Every runner the main step registered, the first first (runners above 1: one a folder). */
    get runners() {
        return slots((slot) => savedRunner(this.json(slotKey(KEYS.runner, slot))));
    }
    /** Saved before each part is made; undefined once the main step removed all of it again. */
    saveUnserved(saved, index = 1) {
        this.core.saveState(slotKey(KEYS.unserved, index), saved ? JSON.stringify(saved) : '');
    }
    /** Every failing runner (one a job waiting for the label). */
    get unservedAll() {
        return slots((index) => savedUnserved(this.json(slotKey(KEYS.unserved, index))));
    }
    saveGpuReport(saved) {
        this.core.saveState(KEYS.gpuReport, JSON.stringify(saved));
    }
    get gpuReport() {
        return savedGpuReport(this.json(KEYS.gpuReport));
    }
    /**
     * Saved before each claim is sent and after its answer: the post step asks again for what may be this step's.
     * `preparing`: the pool sandboxes this step prepares (`pending`, under the lock `claimant`), stopped by the post
     * step where the main step ended before their preparation did.
     */
    savePoolClaims(saved, of = 'claims') {
        this.core.saveState(of === 'claims' ? KEYS.poolClaims : KEYS.poolPreparing, JSON.stringify(saved));
    }
    get poolClaims() {
        return savedPoolClaims(this.json(KEYS.poolClaims));
    }
    get poolPreparing() {
        return savedPoolClaims(this.json(KEYS.poolPreparing));
    }
    readNumber(key) {
        return finiteNumber(this.read(key));
    }
    read(key) {
        const value = this.core.getState(key);
        return value === '' ? undefined : value;
    }
    json(key) {
        return jsonState(this.read(key));
    }
}


/***/ })

};
