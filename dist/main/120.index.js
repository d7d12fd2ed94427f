export const id = 120;
export const ids = [120];
export const modules = {

/***/ 1120:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   STOP_DEADLINE_MS: () => (/* binding */ STOP_DEADLINE_MS),
/* harmony export */   runStop: () => (/* binding */ runStop)
/* harmony export */ });
/* harmony import */ var _runner_github_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8088);
/* harmony import */ var _runner_register_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2389);
/* harmony import */ var _sandbox_stop_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7153);
/* harmony import */ var _step_deps_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3996);
/* harmony import */ var _step_outputs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6854);
/* harmony import */ var _step_summary_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9128);
/** Mode `stop`: stop a sandbox started elsewhere (e.g. an earlier job with keep-alive). */






const STOP_DEADLINE_MS = 3 * 60_000;
/**
 * The runners registered for the sandbox (named after its id, runner: true with keep-alive; `…-r2` to `…-r4`
 * where a holder's post step that started fresh runners after refused jobs did not end), deleted when there are any
 * and the token may. Each name is looked up exactly (GitHub's name filter), so a repository with many runners finds
 * them too.
 * Never fails the stop.
 */
async function deleteSandboxRunners(deps, sandboxId, cleanup) {
    const github = (0,_runner_register_js__WEBPACK_IMPORTED_MODULE_1__/* .registryFor */ .ZQ)(deps, cleanup);
    for (const name of (0,_runner_github_js__WEBPACK_IMPORTED_MODULE_0__/* .sandboxRunnerNames */ .Uy)(sandboxId)) {
        try {
            const id = await github.removeByName(name);
            if (id !== undefined)
                deps.core.info(`Deleted the runner registration ${name} (id ${id}).`);
        }
        catch (error) {
            // The default github.token may not manage runners: most stops have no runner to delete, so that is no warning.
            if ((0,_runner_github_js__WEBPACK_IMPORTED_MODULE_0__/* .isAccessDenied */ .w7)(error)) {
                deps.core.info(`No runner registration was looked for: 'github-token' may not manage runners (${error.status}).`);
                return;
            }
            // GitHub failing after its retries fails the next lookup too: one warning, and the rest named.
            const names = (0,_runner_github_js__WEBPACK_IMPORTED_MODULE_0__/* .sandboxRunnerNames */ .Uy)(sandboxId);
            const why = error instanceof Error ? error.message : String(error);
            deps.core.warning(`Could not delete the runner registration ${name}: ${why}. ` +
                `Delete any of ${names.slice(names.indexOf(name)).join(', ')} under Settings > Actions > Runners.`);
            return;
        }
    }
}
async function runStop(config, deps) {
    const { core, clock } = deps;
    core.setOutput('sandbox-id', config.sandboxId);
    const result = await (0,_sandbox_stop_js__WEBPACK_IMPORTED_MODULE_2__/* .stopSandbox */ .a)((0,_step_deps_js__WEBPACK_IMPORTED_MODULE_5__/* .opContext */ .R)(deps), config.sandboxId, clock.now() + STOP_DEADLINE_MS);
    if (result.outcome === 'gone')
        core.setOutput('status', 'not-found');
    else
        (0,_step_outputs_js__WEBPACK_IMPORTED_MODULE_3__/* .setTextOutput */ .Lb)(core, 'status', result.status ?? (result.outcome === 'not-live' ? 'not-live' : 'stopping'));
    core.info((0,_sandbox_stop_js__WEBPACK_IMPORTED_MODULE_2__/* .describeStopOutcome */ .i)(config.sandboxId, result));
    if (config.runnerCleanup)
        await deleteSandboxRunners(deps, config.sandboxId, config.runnerCleanup);
    if (result.outcome !== 'accepted')
        return;
    const status = result.status ?? 'stopping';
    await core.appendSummary(`### Sandbox ${config.sandboxId} stopped\n\n${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_4__/* .markdownTable */ .Qj)([['Status', status]])}`);
}


/***/ }),

/***/ 3836:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OJ: () => (/* binding */ notVisibleYet),
/* harmony export */   Yi: () => (/* binding */ isTransientOrLater),
/* harmony export */   gt: () => (/* binding */ TryAgainLater),
/* harmony export */   i0: () => (/* binding */ quickRead)
/* harmony export */ });
/* unused harmony exports NOT_VISIBLE_YET_MS, INFO_READ_MS */
/* harmony import */ var _client_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(486);
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9943);


/**
 * For this long after an accepted start, a 404 for the sandbox means "not
 * visible yet" (eventual consistency), not "gone".
 */
const NOT_VISIBLE_YET_MS = 60_000;
/**
 * An informational read (after an accepted stop, for outputs, while connections fail) gets a few seconds, not the
 * step's time.
 */
const INFO_READ_MS = 5_000;
/**
 * The one quick read of a sandbox: one request, at most INFO_READ_MS, no retry; the caller decides what a failure
 * means.
 */
function quickRead(ctx, id) {
    return ctx.client.withDeadline(ctx.clock.now() + INFO_READ_MS, ctx.clock).getSandbox(id, ctx.signal);
}
function notVisibleYet(clock, error, acceptedAt) {
    return (0,_client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isNotFound */ .c4)(error) && acceptedAt !== undefined && clock.now() - acceptedAt < NOT_VISIBLE_YET_MS;
}
/** A condition that may pass by itself: try again with backoff, within the deadline. */
class TryAgainLater extends Error {
    constructor(message, options) {
        super(message, options);
        this.name = 'TryAgainLater';
    }
}
function isTransientOrLater(error) {
    return (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .isTransient */ .dg)(error) || error instanceof TryAgainLater;
}


/***/ }),

/***/ 5208:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hr: () => (/* binding */ failureReason),
/* harmony export */   WJ: () => (/* binding */ expiresAt),
/* harmony export */   aF: () => (/* binding */ createdAtMs),
/* harmony export */   uX: () => (/* binding */ endsAtMs)
/* harmony export */ });
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4120);

function text(record, field) {
    const value = record?.[field];
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
/** Why a failed sandbox failed: `failure_code: failure`, either part alone, or undefined. Already one safe line. */
function failureReason(record) {
    const code = text(record, 'failure_code');
    const failure = text(record, 'failure');
    if (!code && !failure)
        return undefined;
    return (0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__/* .serviceText */ .Lo)([code, failure].filter(Boolean).join(': '));
}
/** When the service will end it (ISO 8601), when it says so. */
function expiresAt(record) {
    return text(record, 'expires_at');
}
/** A date field as epoch milliseconds, when the record has it and it reads. */
function dateMs(record, field) {
    const value = text(record, field);
    const ms = value === undefined ? Number.NaN : Date.parse(value);
    return Number.isFinite(ms) ? ms : undefined;
}
/**
 * When the sandbox ends by its TTL (epoch ms): the record's expires_at, else `fallback` (the start's own reckoning).
 */
function endsAtMs(record, fallback) {
    return dateMs(record, 'expires_at') ?? fallback;
}
/** When the service created it, as epoch milliseconds, when it says so and the date reads. */
function createdAtMs(record) {
    return dateMs(record, 'created_at');
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

/***/ 7153:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ stopSandbox),
/* harmony export */   i: () => (/* binding */ describeStopOutcome)
/* harmony export */ });
/* harmony import */ var _client_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(486);
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9943);
/* harmony import */ var _eventual_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3836);
/* harmony import */ var _record_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5208);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4120);
/* harmony import */ var _status_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8935);
/** Stopping one sandbox: retried until accepted, or until it is certainly gone or not live. */






/** 4xx answers to a stop that are followed by a read: not 404 (gone), 429 (wait), 401/403 (the token). */
function isRefusal(error) {
    return ((0,_client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isServiceError */ .gi)(error) && error.status >= 400 && error.status < 500 && ![401, 403, 404, 429].includes(error.status));
}
/**
 * POST /sandboxes/{id}/stop until it is accepted, the sandbox is certainly
 * gone or not live, or the deadline passes.
 */
async function stopSandbox(ctx, id, deadline, options = {}) {
    const client = ctx.client.withDeadline(deadline, ctx.clock);
    const young = (error) => (0,_eventual_js__WEBPACK_IMPORTED_MODULE_2__/* .notVisibleYet */ .OJ)(ctx.clock, error, options.acceptedAt);
    const attempt = async () => {
        try {
            await client.stopSandbox(id, ctx.signal);
            return { outcome: 'accepted', status: undefined };
        }
        catch (error) {
            if (young(error))
                throw new _eventual_js__WEBPACK_IMPORTED_MODULE_2__/* .TryAgainLater */ .gt(`404 less than a minute after the start (not visible yet)`);
            if ((0,_client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isNotFound */ .c4)(error))
                return { outcome: 'gone', status: undefined };
            if (!isRefusal(error))
                throw error;
            // Refused: what matters is whether the sandbox is live. Read it.
            const refusal = `${error.status} ${error.code}`;
            let record;
            try {
                record = await client.getSandbox(id, ctx.signal);
            }
            catch (readError) {
                if (young(readError))
                    throw new _eventual_js__WEBPACK_IMPORTED_MODULE_2__/* .TryAgainLater */ .gt(`refused (${refusal}) and not visible yet`);
                if ((0,_client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isNotFound */ .c4)(readError))
                    return { outcome: 'gone', status: undefined };
                throw readError;
            }
            if ((0,_status_js__WEBPACK_IMPORTED_MODULE_5__/* .isNotLive */ .ec)(record.status))
                return { outcome: 'not-live', status: record.status, refusal };
            throw new _eventual_js__WEBPACK_IMPORTED_MODULE_2__/* .TryAgainLater */ .gt(`refused (${refusal}) while the sandbox is still live`, { cause: error });
        }
    };
    const result = await (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .retryUntil */ .v6)(ctx, deadline, `stop ${id}`, attempt, {
        urgent: options.urgent ?? true,
        retryable: _eventual_js__WEBPACK_IMPORTED_MODULE_2__/* .isTransientOrLater */ .Yi,
        onRetry: options.onRetry,
    });
    if (result.outcome !== 'accepted')
        return result;
    // Report what the service says now; the stop itself already succeeded.
    try {
        const record = await (0,_eventual_js__WEBPACK_IMPORTED_MODULE_2__/* .quickRead */ .i0)({ client, clock: ctx.clock, signal: ctx.signal }, id);
        return { outcome: 'accepted', status: record.status, createdAt: (0,_record_js__WEBPACK_IMPORTED_MODULE_3__/* .createdAtMs */ .aF)(record) };
    }
    catch {
        return { outcome: 'accepted', status: undefined };
    }
}
/** The log line for a stop that found nothing live (the post step and mode: stop say the same). */
function describeStopOutcome(id, result) {
    if (result.outcome === 'gone')
        return `Sandbox ${id} is already gone (404): nothing to stop.`;
    if (result.outcome === 'not-live')
        return (`Sandbox ${id} is ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_4__/* .serviceText */ .Lo)(result.status)} and not live: nothing ` +
            `to stop (the service answered the stop with ${result.refusal}).`);
    return `Stop of sandbox ${id} accepted; status: ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_4__/* .serviceText */ .Lo)(result.status ?? 'stopping')}.`;
}


/***/ }),

/***/ 3996:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ opContext),
/* harmony export */   a: () => (/* binding */ stepEnvironment)
/* harmony export */ });
/** The operations' context for a step: its client, clock and signal, and log lines to the step's log. */
function opContext(deps) {
    return { client: deps.client, clock: deps.clock, signal: deps.signal, log: (message) => deps.core.info(message) };
}
/** The step's environment: the one given, else the process's own (the one place that defaults it). */
function stepEnvironment(deps) {
    return deps.env ?? process.env;
}


/***/ }),

/***/ 6854:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lb: () => (/* binding */ setTextOutput),
/* harmony export */   mI: () => (/* binding */ setJsonOutput)
/* harmony export */ });
/* unused harmony exports STEP_OUTPUTS_LIMIT_BYTES, OUTPUT_BUDGET_BYTES, fitJson */
/** GitHub's limit for all outputs of one step. */
const STEP_OUTPUTS_LIMIT_BYTES = 1024 * 1024;
/** Shares of the limit; together with the small outputs they stay well under it. */
const OUTPUT_BUDGET_BYTES = {
    sandbox: (STEP_OUTPUTS_LIMIT_BYTES * 3) / 4,
    'network-policy': STEP_OUTPUTS_LIMIT_BYTES / 8,
    text: 1024,
};
const CUT_STRING_BYTES = 1024;
const MAX_DROPPED_NAMES = 50;
const NOTE_RESERVE_BYTES = 8 * 1024;
function bytes(text) {
    return Buffer.byteLength(text, 'utf8');
}
function cutString(text, limit) {
    if (bytes(text) <= limit)
        return text;
    return `${Buffer.from(text)
        .subarray(0, limit)
        .toString('utf8')
        .replace(/\uFFFD$/, '')}…`;
}
/**
 * JSON of `value` in at most `limit` bytes. An object too long keeps its
 * fields in order while they fit (long strings shortened), drops the rest,
 * and carries `_truncated` with the original size and the dropped fields.
 */
function fitJson(value, limit) {
    const json = JSON.stringify(value) ?? 'null';
    const originalBytes = bytes(json);
    if (originalBytes <= limit)
        return { json, cut: false, originalBytes };
    const dropped = [];
    let droppedCount = 0;
    const kept = {};
    // Room for `_truncated`: at most MAX_DROPPED_NAMES names of at most 64 bytes each.
    let room = limit - NOTE_RESERVE_BYTES;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const [key, field] of Object.entries(value)) {
            const candidate = typeof field === 'string' ? cutString(field, CUT_STRING_BYTES) : field;
            const size = bytes(`${JSON.stringify(key)}:${JSON.stringify(candidate) ?? 'null'},`);
            if (size <= room) {
                kept[key] = candidate;
                room -= size;
            }
            else {
                droppedCount++;
                if (dropped.length < MAX_DROPPED_NAMES)
                    dropped.push(cutString(key, 64));
            }
        }
    }
    const note = {
        original_bytes: originalBytes,
        limit_bytes: limit,
        reason: "cut to fit GitHub's 1 MiB limit for a step's outputs",
        dropped,
        dropped_count: droppedCount,
    };
    return { json: JSON.stringify({ ...kept, _truncated: note }), cut: true, originalBytes };
}
/** Sets a JSON output cut to its share, with a warning when it was cut. */
function setJsonOutput(core, name, value) {
    const fitted = fitJson(value, OUTPUT_BUDGET_BYTES[name]);
    if (fitted.cut) {
        core.warning(`The '${name}' output was cut from ${fitted.originalBytes} to at most ` +
            `${OUTPUT_BUDGET_BYTES[name]} bytes to fit GitHub's 1 MiB limit for ` +
            `a step's outputs; its '_truncated' field lists what was dropped.`);
    }
    core.setOutput(name, fitted.json);
}
/** A one-line text output from the service (status, name), cut to a short length. */
function setTextOutput(core, name, value) {
    core.setOutput(name, cutString(value, OUTPUT_BUDGET_BYTES.text));
}


/***/ })

};
