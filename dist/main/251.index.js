export const id = 251;
export const ids = [251];
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

/***/ 4251:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   comparePolicies: () => (/* binding */ comparePolicies),
/* harmony export */   runNetworkPolicy: () => (/* binding */ runNetworkPolicy)
/* harmony export */ });
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9943);
/* harmony import */ var _step_outputs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6854);
/* harmony import */ var _step_summary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9128);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4120);
/* harmony import */ var _step_deps_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3996);
/** Mode `network-policy`: replace the outbound policy of a running sandbox and check what was accepted. */





const POLICY_DEADLINE_MS = 2 * 60_000;
/** `example.com` and `*.example.com` name the same entry (responses use the wildcard form). */
function domainKey(domain) {
    return domain.toLowerCase().replace(/^\*\./, '').replace(/\.$/, '');
}
function setOf(values, key = (v) => v.toLowerCase()) {
    return new Set((values ?? []).map(key));
}
/** Differences between the asked and the accepted policy, as sentences; empty when they agree. */
function comparePolicies(asked, accepted) {
    const differences = [];
    if (asked.internet_access !== accepted.internet_access) {
        differences.push(`internet_access: asked '${asked.internet_access}', accepted '${accepted.internet_access}'`);
    }
    const lists = [
        ['cidr_allowlist', setOf(asked.cidr_allowlist), setOf(accepted.cidr_allowlist)],
        ['domain_allowlist', setOf(asked.domain_allowlist, domainKey), setOf(accepted.domain_allowlist, domainKey)],
    ];
    for (const [field, want, got] of lists) {
        const missing = [...want].filter((entry) => !got.has(entry));
        const extra = [...got].filter((entry) => !want.has(entry));
        if (missing.length > 0)
            differences.push(`${field}: not accepted: ${missing.join(', ')}`);
        if (extra.length > 0)
            differences.push(`${field}: accepted but not asked: ${extra.join(', ')}`);
    }
    return differences;
}
async function runNetworkPolicy(config, deps) {
    const { core } = deps;
    core.setOutput('sandbox-id', config.sandboxId);
    // Replacing the whole policy is idempotent, so every transient failure may be retried.
    const deadline = deps.clock.now() + POLICY_DEADLINE_MS;
    const client = deps.client.withDeadline(deadline, deps.clock);
    const result = await (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .retryUntil */ .v6)((0,_step_deps_js__WEBPACK_IMPORTED_MODULE_4__/* .opContext */ .R)(deps), deadline, `network policy of ${config.sandboxId}`, () => client.replaceNetworkPolicy(config.sandboxId, config.networkPolicy, deps.signal));
    const accepted = result.network_policy;
    (0,_step_outputs_js__WEBPACK_IMPORTED_MODULE_1__/* .setJsonOutput */ .mI)(core, 'network-policy', accepted);
    const differences = comparePolicies(config.networkPolicy, accepted);
    for (const difference of differences)
        core.warning(`Network policy of ${config.sandboxId} differs from what was asked: ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .serviceText */ .Lo)(difference, 1_000)}`);
    core.info(`Network policy of ${config.sandboxId} replaced: internet_access ${accepted.internet_access}.`);
    await core.appendSummary(`### Network policy of ${config.sandboxId}\n\n${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownTable */ .Qj)([
        ['Internet access', accepted.internet_access],
        ['CIDR allowlist', (accepted.cidr_allowlist ?? []).join(', ') || 'none'],
        ['Domain allowlist', (accepted.domain_allowlist ?? []).join(', ') || 'none'],
    ])}`);
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
