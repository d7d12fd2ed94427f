export const id = 300;
export const ids = [300];
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

/***/ 6300:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runRenewerProcess: () => (/* binding */ runRenewerProcess)
/* harmony export */ });
/* harmony import */ var _client_client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5307);
/* harmony import */ var _runtime_clock_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5504);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4120);
/* harmony import */ var _sandbox_status_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8935);
/* harmony import */ var _ssh_renewer_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4978);
/**
 * The renewer process's entry (`node dist/main/index.js --ssh-renewer`, started
 * by ssh/renewer-process.ts): read the spec from stdin, renew until an end,
 * log one line per event to stderr (the private log file), exit.
 */





async function readAll(stream) {
    const chunks = [];
    for await (const chunk of stream)
        chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
}
async function runRenewerProcess(stdin = process.stdin, log = (line) => void process.stderr.write(`${new Date().toISOString()} ${line}\n`)) {
    const controller = new AbortController();
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'])
        process.on(signal, () => controller.abort(new Error(`ended by ${signal}`)));
    let spec;
    try {
        spec = _ssh_renewer_js__WEBPACK_IMPORTED_MODULE_4__/* .renewerSpecSchema */ .ds.parse(JSON.parse(await readAll(stdin)));
    }
    catch {
        log('failed: the renewer was started without a readable spec on its stdin');
        return;
    }
    const client = new _client_client_js__WEBPACK_IMPORTED_MODULE_0__/* .ComputeClient */ .T9({
        baseUrl: spec.baseUrl,
        apiToken: spec.apiToken,
        requestTimeoutMs: spec.requestTimeoutMs,
    });
    log(`started: renewing the SSH certificate for sandbox ${spec.sandboxId}`);
    try {
        await (0,_ssh_renewer_js__WEBPACK_IMPORTED_MODULE_4__/* .runRenewal */ .Q2)(spec, { client, clock: _runtime_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .realClock */ .d, signal: controller.signal, log }, _sandbox_status_js__WEBPACK_IMPORTED_MODULE_3__/* .isEnded */ .pl);
    }
    catch (error) {
        if (controller.signal.aborted)
            log(`ended: ${controller.signal.reason.message} (the post step, or the job's end)`);
        else
            log(`failed: ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_2__/* .serviceText */ .Lo)(error instanceof Error ? error.message : String(error), 300)}`);
    }
}


/***/ }),

/***/ 8935:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Is: () => (/* binding */ isSettled),
/* harmony export */   Ix: () => (/* binding */ isFailed),
/* harmony export */   KS: () => (/* binding */ mayHoldName),
/* harmony export */   Se: () => (/* binding */ isStoppingOrEnded),
/* harmony export */   ec: () => (/* binding */ isNotLive),
/* harmony export */   i_: () => (/* binding */ isReady),
/* harmony export */   pl: () => (/* binding */ isEnded)
/* harmony export */ });
/**
 * The one place that knows what a sandbox status means. The service speaks
 * two vocabularies (v1.0: pending/starting/running/stopping/stopped; as
 * deployed: created/ready/finished) and may add words: anything unknown is
 * still in progress for the wait and possibly live for cleanup, because a
 * repeated stop is safe and a missed one costs money.
 */
/** Ready to use: the wait is over. */
const READY = new Set(['running', 'ready']);
/** Terminal without being usable. */
const FAILED = new Set(['failed']);
/** Being stopped: no longer wanted, but it may still hold its name. */
const STOPPING = new Set(['stopping', 'terminating', 'deleting']);
/** Ended: holds no name, bills nothing. */
const ENDED = new Set(['stopped', 'finished', 'terminated', 'deleted', 'expired', 'destroyed']);
function word(status) {
    return (status ?? '').trim().toLowerCase();
}
function isReady(status) {
    return READY.has(word(status));
}
function isFailed(status) {
    return FAILED.has(word(status));
}
/** The wait ends here: ready or failed. */
function isSettled(status) {
    return isReady(status) || isFailed(status);
}
/** Ended for good: holds no name and bills nothing. */
function isEnded(status) {
    return ENDED.has(word(status));
}
/** Stopping or ended: a stop was already accepted, nothing more to ask for. */
function isStoppingOrEnded(status) {
    return isEnded(status) || STOPPING.has(word(status));
}
/**
 * Nothing left to stop: ended, being stopped, or failed (terminal). Used
 * after a stop was refused with a 4xx: such a sandbox is not live.
 */
function isNotLive(status) {
    return isStoppingOrEnded(status) || isFailed(status);
}
/** May still hold its name (a start with that name would answer 409): everything not ended, unknown words included. */
function mayHoldName(status) {
    return !isEnded(status);
}


/***/ }),

/***/ 4978:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q2: () => (/* binding */ runRenewal),
/* harmony export */   ds: () => (/* binding */ renewerSpecSchema),
/* harmony export */   hh: () => (/* binding */ renewAt),
/* harmony export */   n_: () => (/* binding */ certificateExpiry)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9691);
/* harmony import */ var _client_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(486);
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9943);
/* harmony import */ var _client_schemas_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2805);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4120);
/* harmony import */ var _secret_files_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8528);
/**
 * The certificate renewer: the one process the action leaves running between
 * its steps (with `ssh` and in `connect` mode). It renews the SSH certificate
 * for the same key before it expires and replaces the certificate file
 * atomically, so an `ssh` started at any moment of the job finds a valid one.
 * It ends when the post step ends it, when the sandbox is gone or has ended,
 * at the sandbox's TTL, or when the certificate could not be renewed in time.
 * It talks only to base-url: POST /sandboxes/ssh-certificate, and one read of
 * its sandbox before each renewal (a certificate opens every sandbox of the
 * organization: none is asked for a sandbox that is gone).
 */







/** What the renewer is handed through its stdin pipe: never argv, environment or a file (the token is in it). */
const renewerSpecSchema = zod__WEBPACK_IMPORTED_MODULE_6__/* .object */ .Ikc({
    baseUrl: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().url(),
    apiToken: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().min(1),
    publicKey: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().regex(/^ssh-ed25519 [A-Za-z0-9+/=]+( .*)?$/),
    certPath: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().min(1),
    /**
     * When the certificate now in certPath was received, and when it expires (epoch ms; undefined: the service did not
     * say).
     */
    certIssuedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .number */ .aig(),
    certExpiresAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .number */ .aig().optional(),
    sandboxId: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().regex(_client_schemas_js__WEBPACK_IMPORTED_MODULE_3__/* .SANDBOX_ID_PATTERN */ .BA),
    /** The sandbox's end by its TTL (epoch ms), when known: the renewer ends then. */
    endsAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .number */ .aig().optional(),
    requestTimeoutMs: zod__WEBPACK_IMPORTED_MODULE_6__/* .number */ .aig().int().positive(),
});
const RENEW_BEFORE_MS = 15 * 60_000;
const SHORT_LIFETIME_MS = 45 * 60_000;
/** A certificate whose expiry the service did not give is renewed this often. */
const UNKNOWN_LIFETIME_RENEW_MS = 10 * 60_000;
/** Never two renewals closer than this, whatever the service says (an odd expires_at, a skewed clock). */
const MIN_RENEW_GAP_MS = 5_000;
/** Sleeps are taken in pieces: a timer past ~24.8 days would fire at once. */
const MAX_SLEEP_MS = 60 * 60_000;
async function sleepUntil(ctx, at) {
    for (let left = at - ctx.clock.now(); left > 0; left = at - ctx.clock.now())
        await ctx.clock.sleep(Math.min(left, MAX_SLEEP_MS), ctx.signal);
}
/**
 * The certificate's expiry (epoch ms) from the service's `expires_at`; undefined when absent, unreadable or not after
 * `receivedAt`.
 */
function certificateExpiry(expiresAt, receivedAt) {
    const parsed = expiresAt ? Date.parse(expiresAt) : Number.NaN;
    return Number.isFinite(parsed) && parsed > receivedAt ? parsed : undefined;
}
/**
 * 15 minutes before expiry, or at two thirds of the lifetime for certificates shorter than 45 minutes (the SDK's rule).
 */
function renewAt(issuedAt, expiresAt) {
    if (expiresAt === undefined)
        return issuedAt + UNKNOWN_LIFETIME_RENEW_MS;
    const lifetime = expiresAt - issuedAt;
    return lifetime >= SHORT_LIFETIME_MS ? expiresAt - RENEW_BEFORE_MS : issuedAt + Math.floor((2 * lifetime) / 3);
}
/**
 * Whether the sandbox is still there to reach: 404 or an ended status say no; an answer that does not come says
 * nothing.
 */
async function sandboxGone(ctx, spec, isEnded) {
    try {
        const record = await ctx.client
            .withDeadline(ctx.clock.now() + spec.requestTimeoutMs, ctx.clock)
            .getSandbox(spec.sandboxId, ctx.signal);
        return isEnded(record.status) ? `sandbox ${spec.sandboxId} is ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_4__/* .serviceText */ .Lo)(record.status, 40)}` : undefined;
    }
    catch (error) {
        if ((0,_client_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .isNotFound */ .c4)(error))
            return `sandbox ${spec.sandboxId} is gone (404)`;
        return undefined;
    }
}
/**
 * Renews until one of the ends above (`isEnded`: the service's status words, from sandbox/status.ts via the entry);
 * every line it logs is sanitised service text or its own words, never a certificate.
 */
async function runRenewal(spec, ctx, isEnded) {
    const { clock } = ctx;
    let issuedAt = spec.certIssuedAt;
    let expiresAt = spec.certExpiresAt;
    for (;;) {
        const at = Math.max(renewAt(issuedAt, expiresAt), issuedAt + MIN_RENEW_GAP_MS);
        if (spec.endsAt !== undefined && at >= spec.endsAt) {
            await sleepUntil(ctx, spec.endsAt);
            ctx.log(`ended: the sandbox's TTL has come (${new Date(spec.endsAt).toISOString()})`);
            return 'ttl';
        }
        await sleepUntil(ctx, at);
        // The post step removed the private directory (or the job's cleanup did): nothing is left to renew for.
        if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(spec.certPath)) {
            ctx.log('ended: the certificate file is gone (the post step removed the SSH files)');
            return 'cancelled';
        }
        const gone = await sandboxGone(ctx, spec, isEnded);
        if (gone) {
            ctx.log(`ended: ${gone}; no certificate is asked for it`);
            return 'gone';
        }
        // Retried (429, 5xx, lost answers) within the time the current certificate has left (at least 30 s).
        const deadline = Math.max(expiresAt ?? clock.now() + UNKNOWN_LIFETIME_RENEW_MS, clock.now() + 30_000);
        const client = ctx.client.withDeadline(deadline, clock);
        let answer;
        try {
            answer = await (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retryUntil */ .v6)(ctx, deadline, 'renew the SSH certificate', () => client.requestSshCertificate(spec.publicKey, ctx.signal));
        }
        catch (error) {
            if (ctx.signal?.aborted)
                throw error;
            const refused = (0,_client_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .isServiceError */ .gi)(error) && [400, 401, 403, 404].includes(error.status);
            const why = (0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_4__/* .serviceText */ .Lo)(error instanceof Error ? error.message : String(error), 300);
            ctx.log(`failed: the SSH certificate could not be renewed: ${why}`);
            return refused ? 'refused' : 'expired';
        }
        (0,_secret_files_js__WEBPACK_IMPORTED_MODULE_5__/* .replaceSecretFile */ .Tp)(spec.certPath, `${answer.ssh_certificate.trim()}\n`);
        issuedAt = clock.now();
        expiresAt = certificateExpiry(answer.expires_at, issuedAt);
        const until = expiresAt ? new Date(expiresAt).toISOString() : 'a time the service did not give';
        ctx.log(`renewed: the SSH certificate is valid until ${until}`);
    }
}


/***/ }),

/***/ 8528:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AK: () => (/* binding */ writeSecretFile),
/* harmony export */   Jt: () => (/* binding */ privateDirectory),
/* harmony export */   Tp: () => (/* binding */ replaceSecretFile),
/* harmony export */   X5: () => (/* binding */ runnerTemp),
/* harmony export */   s9: () => (/* binding */ maskKey),
/* harmony export */   th: () => (/* binding */ removePrivateDirectory)
/* harmony export */ });
/* unused harmony export NoRunnerTempError */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/**
 * Files that hold a secret or sit beside one (a private key, its SSH
 * certificate, known_hosts, the SSH config): created fresh in a 0700
 * directory of their own under RUNNER_TEMP, mode 0600, never through a file
 * or a symlink that is already there. Without RUNNER_TEMP the step
 * fails rather than write a key into the workspace.
 */



/** Masks a secret (a key, a certificate) whole and every line of it: the runner masks line by line. */
function maskKey(setSecret, key) {
    setSecret(key);
    for (const line of key.split(/\r?\n/)) {
        if (line.trim() !== '')
            setSecret(line.trim());
    }
}
class NoRunnerTempError extends Error {
    constructor() {
        super('RUNNER_TEMP is not set, so there is no private place for the key ' +
            'file; nothing was sent. Run the action on a GitHub runner (or set ' +
            'RUNNER_TEMP to a private directory).');
        this.name = 'NoRunnerTempError';
    }
}
/** RUNNER_TEMP, or an error that says why nothing was sent. */
function runnerTemp(env) {
    const dir = env.RUNNER_TEMP?.trim();
    if (!dir)
        throw new NoRunnerTempError();
    return dir;
}
/** A fresh directory only this user can enter: mkdtemp creates it 0700 with a name nobody could plant in advance. */
function privateDirectory(parent) {
    return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.mkdtempSync)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(parent, 'gpu-sandbox-'));
}
/**
 * Writes `content` to a new file `name` in `dir`, mode 0600. Exclusive and
 * no-follow: an existing file or a planted symlink makes it fail, never write through.
 */
function writeSecretFile(dir, name, content) {
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(dir, name);
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.openSync)(path, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_EXCL | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NOFOLLOW, 0o600);
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.writeSync)(fd, content);
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.closeSync)(fd);
    }
    return path;
}
/**
 * Replaces the secret file at `path` atomically: a new 0600 file beside it
 * (exclusive, no-follow), then a rename over it, so a reader (an `ssh` started
 * at that moment) sees the old content or the new, never a part.
 */
function replaceSecretFile(path, content) {
    const fresh = writeSecretFile((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(path), `.${(0,node_path__WEBPACK_IMPORTED_MODULE_2__.basename)(path)}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(4).toString('hex')}`, content);
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.renameSync)(fresh, path);
    }
    catch (error) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(fresh, { force: true });
        throw error;
    }
}
/** Removes a directory made by privateDirectory (the post step); a missing one is fine. */
function removePrivateDirectory(dir) {
    (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(dir, { recursive: true, force: true });
}


/***/ })

};
