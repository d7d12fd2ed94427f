import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 1421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 1455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 4708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 8161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 99:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:sqlite");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 6466:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/promises");

/***/ }),

/***/ 5449:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/web");

/***/ }),

/***/ 7997:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:timers");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 5307:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  T9: () => (/* binding */ ComputeClient),
  u_: () => (/* binding */ WAIT_MARGIN_MS),
  JQ: () => (/* binding */ assertInstanceId)
});

// UNUSED EXPORTS: assertSandboxId

// EXTERNAL MODULE: ./build/src/client/errors.js
var errors = __nccwpck_require__(486);
// EXTERNAL MODULE: ./build/src/client/schemas.js
var schemas = __nccwpck_require__(2805);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __nccwpck_require__(4120);
;// CONCATENATED MODULE: ./build/src/client/response.js



/** Machine codes from the service are kept only in this form; anything else is replaced by the client's own. */
const ERROR_CODE_PATTERN = /^[a-z0-9_]{1,64}$/;
const EXCERPT_LENGTH = 200;
/** Parses Retry-After: delay-seconds or an HTTP date. */
function parseRetryAfter(value, now = Date.now()) {
    if (value === null || value.trim() === '')
        return undefined;
    const text = value.trim();
    if (/^\d+$/.test(text))
        return Number(text) * 1000;
    const date = Date.parse(text);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, date - now);
}
/** Service text for a message: token removed, one line, no command, cut (see untrusted.ts). */
function clean(text, token, limit) {
    if (text === undefined || text.trim() === '')
        return undefined;
    return (0,untrusted/* serviceText */.Lo)(token ? text.split(token).join('***') : text, limit);
}
function excerpt(text, token, mayHoldKey = false) {
    // A body that may hold a private key is never quoted, not even in part.
    if (mayHoldKey)
        return `(${Buffer.byteLength(text)} bytes, not quoted: the answer may hold a private key)`;
    return clean(text, token, EXCERPT_LENGTH) ?? '';
}
/** Why no answer arrived: the error and its causes, e.g. "connect ECONNREFUSED 127.0.0.1:443 (ECONNREFUSED)". */
function describeCause(error, token) {
    const parts = [];
    let current = error;
    for (let depth = 0; current instanceof Error && depth < 3; depth++) {
        const code = current.code;
        parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message);
        current = current.cause;
    }
    return excerpt(parts.join(': ') || String(error), token);
}
function invalidAnswer(status, method, path, detail) {
    return new errors/* ServiceError */._7({ status, code: 'invalid_response', serviceMessage: detail, method, path });
}
/** A non-2xx answer as a ServiceError: the JSON error object's code and message, or the status and an excerpt. */
function errorFrom(response, text, context) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    let parsedBody;
    try {
        const result = schemas/* errorBodySchema */.ut.safeParse(JSON.parse(text));
        if (result.success)
            parsedBody = result.data;
    }
    catch {
        parsedBody = undefined;
    }
    const fallbackCode = response.status === 401 ? 'unauthorized' : response.status === 404 ? 'not_found' : 'http_error';
    return new errors/* ServiceError */._7({
        status: response.status,
        code: parsedBody?.error && ERROR_CODE_PATTERN.test(parsedBody.error) ? parsedBody.error : fallbackCode,
        // Not the JSON error object: the status plus a short, token-free excerpt.
        serviceMessage: parsedBody
            ? clean(parsedBody.message, context.token)
            : text.trim() === ''
                ? undefined
                : excerpt(text, context.token, context.mayHoldKey),
        method: context.method,
        path: context.path,
        retryAfterMs,
    });
}

// EXTERNAL MODULE: ./build/src/client/transport.js + 1 modules
var transport = __nccwpck_require__(208);
;// CONCATENATED MODULE: ./build/src/client/call.js




const USER_AGENT = 'gpu-sandbox-action/1';
/** Sends the request; the answer and its text, or a ServiceError that says why none came. */
async function send(endpoint, options) {
    const { method, path } = options;
    const headers = { accept: 'application/json', 'user-agent': USER_AGENT };
    if (options.authenticated !== false)
        headers.authorization = `Bearer ${endpoint.apiToken}`;
    let body;
    if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
    }
    const timeLeft = endpoint.timeLeftMs(options.timeoutMs);
    // Nothing is sent: the caller's deadline has passed.
    if (timeLeft <= 0)
        throw new errors/* ServiceError */._7({ status: 0, code: 'deadline_exceeded', method, path });
    const timeout = AbortSignal.timeout(timeLeft);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
        const response = await (0,transport/* serviceTransport */.J4)({ method, url: endpoint.baseUrl + path, headers, body, signal });
        return { response, text: await response.text() };
    }
    catch (error) {
        const code = options.signal?.aborted ? 'aborted' : timeout.aborted ? 'request_timeout' : 'network_error';
        throw new errors/* ServiceError */._7({
            status: 0,
            code,
            method,
            path,
            serviceMessage: describeCause(error, endpoint.apiToken),
            cause: error,
        });
    }
}
/** A 2xx answer's body: JSON (or nothing), checked against the schema when there is one. */
function parseAnswer(endpoint, options, status, text) {
    const { method, path } = options;
    let json = undefined;
    if (text.trim() !== '') {
        try {
            json = JSON.parse(text);
        }
        catch {
            throw invalidAnswer(status, method, path, `the body is not JSON: ${excerpt(text, endpoint.apiToken, options.mayHoldKey)}`);
        }
    }
    if (!options.schema)
        return json;
    const parsed = options.schema.safeParse(json);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
        throw invalidAnswer(status, method, path, (0,untrusted/* serviceText */.Lo)(`unexpected ${where}: ${issue?.message ?? 'invalid'}`));
    }
    return parsed.data;
}
/** One request: a parsed body, or a ServiceError. */
async function callService(endpoint, options) {
    const { method, path } = options;
    const { response, text } = await send(endpoint, options);
    if (response.status >= 300 && response.status < 400)
        throw new errors/* ServiceError */._7({ status: response.status, code: 'redirect_not_followed', method, path });
    if (!response.ok)
        throw errorFrom(response, text, { method, path, token: endpoint.apiToken, mayHoldKey: options.mayHoldKey });
    return parseAnswer(endpoint, options, response.status, text);
}

;// CONCATENATED MODULE: ./build/src/client/page.js
/**
 * Reading one page of GET /sandboxes. The interface does not name the array
 * field (the deployed service calls it `sandboxes`) and a page may carry other
 * arrays beside it (`warnings: []`): the results are the one non-empty array
 * of objects; empty and non-object arrays are ignored.
 */

const PREFERRED_FIELD = 'sandboxes';
function isPlainObject(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
function readSandboxPage(body) {
    if (!isPlainObject(body))
        return { ok: false, why: 'the page is not a JSON object' };
    const arrays = Object.entries(body).filter((entry) => Array.isArray(entry[1]));
    if (arrays.length === 0)
        return { ok: false, why: 'the page has no array of results' };
    const ofObjects = arrays.filter(([, items]) => items.length > 0 && items.every(isPlainObject));
    let items;
    if (ofObjects.length === 1)
        items = ofObjects[0][1];
    else if (ofObjects.length > 1) {
        const preferred = ofObjects.find(([name]) => name === PREFERRED_FIELD);
        if (!preferred)
            return {
                ok: false,
                why: `the page has ${ofObjects.length} arrays of objects and none is named '${PREFERRED_FIELD}'`,
            };
        items = preferred[1];
    }
    else if (arrays.every(([, list]) => list.length === 0 || !list.some(isPlainObject))) {
        // Only empty or non-object arrays: an empty page.
        items = [];
    }
    else {
        return { ok: false, why: 'the page has an array that mixes objects with other values' };
    }
    const sandboxes = items.map((item) => {
        const parsed = schemas/* listedSandboxSchema */.cP.safeParse(item);
        return parsed.success ? parsed.data : {};
    });
    const token = body.next_page_token;
    return { ok: true, page: { sandboxes, nextPageToken: typeof token === 'string' && token !== '' ? token : undefined } };
}

;// CONCATENATED MODULE: ./build/src/client/client.js
/**
 * One typed client for the whole service interface. Each method is a single
 * HTTP call; retry policy belongs to the caller (see retry.ts), because whether
 * a call may be repeated depends on what it does.
 */





/** The SDK's margin: a blocking wait of W seconds gets W plus this before it counts as lost. */
const WAIT_MARGIN_MS = 15_000;
function assertSandboxId(id) {
    if (!schemas/* SANDBOX_ID_PATTERN */.BA.test(id)) {
        throw new Error(`Refusing to use '${id.slice(0, 40)}' as a sandbox id: it does not match ${schemas/* SANDBOX_ID_PATTERN */.BA.source}.`);
    }
    return id;
}
function assertInstanceId(identifier) {
    const text = String(identifier);
    if (!schemas/* INSTANCE_ID_PATTERN */.BZ.test(text)) {
        throw new Error(`Refusing to use '${text.slice(0, 40)}' as an instance identifier: ` +
            `it does not match ${schemas/* INSTANCE_ID_PATTERN */.BZ.source}.`);
    }
    return text;
}
class ComputeClient {
    options;
    baseUrl;
    apiToken;
    requestTimeoutMs;
    deadline;
    constructor(options) {
        this.options = options;
        this.baseUrl = options.baseUrl.replace(/\/+$/, '');
        this.apiToken = options.apiToken;
        this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
        this.deadline = options.deadline;
    }
    /**
     * The same client, whose every request gives up at `at` (on `clock`) at the
     * latest: a slow body never keeps a step past its own deadline. An earlier
     * deadline already set stays in force.
     */
    withDeadline(at, clock) {
        const current = this.deadline;
        const keep = current !== undefined && current.at - current.clock.now() <= at - clock.now();
        return new ComputeClient({ ...this.options, deadline: keep ? current : { at, clock } });
    }
    /** Milliseconds this client may still wait for one answer. */
    timeLeftMs(ownTimeoutMs) {
        const timeout = ownTimeoutMs ?? this.requestTimeoutMs;
        if (!this.deadline)
            return timeout;
        return Math.min(timeout, this.deadline.at - this.deadline.clock.now());
    }
    async startSandbox(body, signal) {
        return this.call({ method: 'POST', path: '/sandboxes/start', body, schema: schemas/* startResponseSchema */.De, signal });
    }
    async getSandbox(id, signal) {
        return this.call({ method: 'GET', path: `/sandboxes/${assertSandboxId(id)}`, schema: schemas/* sandboxRecordSchema */.yL, signal });
    }
    /**
     * The deployed service's blocking wait: answers the record as soon as the
     * sandbox has left its starting state, or `sandbox_wait_timeout` when the
     * window of `windowSeconds` (1 to 30) passed first. A service without the
     * route answers 404, as for an unknown sandbox.
     */
    async waitForSandbox(id, windowSeconds, signal) {
        const path = `/sandboxes/${assertSandboxId(id)}/wait?timeout_seconds=${windowSeconds}`;
        const body = await this.call({
            method: 'GET',
            path,
            signal,
            timeoutMs: windowSeconds * 1000 + WAIT_MARGIN_MS,
        });
        // The window's end may also come as a 2xx error object: it is still the window's end.
        const asError = schemas/* errorBodySchema */.ut.safeParse(body);
        if (asError.success && asError.data.error === 'sandbox_wait_timeout') {
            throw new errors/* ServiceError */._7({ status: 200, code: 'sandbox_wait_timeout', method: 'GET', path });
        }
        const parsed = schemas/* sandboxRecordSchema */.yL.safeParse(body);
        if (!parsed.success)
            throw invalidAnswer(200, 'GET', path, 'the answer is neither a sandbox record nor sandbox_wait_timeout');
        return parsed.data;
    }
    /**
     * The deployed service's instance list: an object keyed by the current
     * identifiers (which shift as instances come and go). Entries that are not
     * objects are dropped. A v1.0 service answers 404.
     */
    async listInstances(signal) {
        const body = await this.call({ method: 'GET', path: '/instances/list', schema: schemas/* instanceListSchema */.N_, signal });
        const instances = [];
        for (const [identifier, value] of Object.entries(body)) {
            const parsed = schemas/* listedInstanceSchema */.Y3.safeParse(value);
            if (parsed.success)
                instances.push({ ...parsed.data, identifier });
        }
        return instances;
    }
    /**
     * A short-lived certificate for `publicKey`, signed by the organization's
     * authority: it opens every sandbox of the organization until it expires.
     * Its answer is never quoted in an error.
     */
    async requestSshCertificate(publicKey, signal) {
        return this.call({
            method: 'POST',
            path: '/sandboxes/ssh-certificate',
            body: { ssh_public_key: publicKey },
            schema: schemas/* sshCertificateSchema */.Jd,
            signal,
            mayHoldKey: true,
        });
    }
    /** One page of sandbox history, newest first. The page-size parameter is not sent (not shown by the interface). */
    async listSandboxes(pageToken, signal) {
        const query = pageToken ? `?page_token=${encodeURIComponent(pageToken)}` : '';
        const body = await this.call({ method: 'GET', path: `/sandboxes${query}`, signal });
        const reading = readSandboxPage(body);
        if (!reading.ok) {
            // Not a lost answer: asking again gets the same page, so this is not retried.
            throw new errors/* ServiceError */._7({
                status: 200,
                code: 'unreadable_page',
                serviceMessage: reading.why,
                method: 'GET',
                path: `/sandboxes${query}`,
            });
        }
        return reading.page;
    }
    /** Every sandbox in history, following next_page_token, up to maxPages pages. */
    async *allSandboxes(options = {}) {
        const maxPages = options.maxPages ?? 50;
        let token;
        for (let page = 0; page < maxPages; page++) {
            const result = await this.listSandboxes(token, options.signal);
            yield* result.sandboxes;
            if (!result.nextPageToken || result.nextPageToken === token)
                return;
            token = result.nextPageToken;
        }
    }
    /** Stop body and success status are not shown: any 2xx is success and the body is kept as is. */
    async stopSandbox(id, signal) {
        return this.call({ method: 'POST', path: `/sandboxes/${assertSandboxId(id)}/stop`, body: {}, signal });
    }
    async replaceNetworkPolicy(id, policy, signal) {
        return this.call({
            method: 'PATCH',
            path: `/sandboxes/${assertSandboxId(id)}/network-policy`,
            body: { network_policy: policy },
            schema: schemas/* networkPolicyResultSchema */.hk,
            signal,
        });
    }
    async createInstance(body, signal) {
        return this.call({
            method: 'POST',
            path: '/instances/create',
            body,
            schema: schemas/* instanceCreateResponseSchema */.mt,
            signal,
            mayHoldKey: true,
        });
    }
    async deleteInstance(identifier, signal) {
        return this.call({ method: 'POST', path: `/instances/${assertInstanceId(identifier)}/delete`, body: {}, signal });
    }
    async getCreditAlert(signal) {
        return this.call({ method: 'GET', path: '/credit-alert', schema: schemas/* creditAlertSchema */.PT, signal });
    }
    /** Hourly prices in dollars; entries that are not numbers are dropped. The call is unauthenticated. */
    async getPricing(signal) {
        const body = await this.call({
            method: 'GET',
            path: '/pricing',
            schema: schemas/* pricingSchema */.oQ,
            authenticated: false,
            signal,
        });
        const prices = {};
        for (const [key, value] of Object.entries(body.pricing)) {
            const price = typeof value === 'string' ? Number(value) : value;
            if (typeof price === 'number' && Number.isFinite(price))
                prices[key] = price;
        }
        return prices;
    }
    /** One request through the one response handler (call.ts). */
    call(options) {
        return callService({ baseUrl: this.baseUrl, apiToken: this.apiToken, timeLeftMs: (own) => this.timeLeftMs(own) }, options);
    }
}


/***/ }),

/***/ 486:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   WL: () => (/* binding */ REJECTED_CODES),
/* harmony export */   _7: () => (/* binding */ ServiceError),
/* harmony export */   a: () => (/* binding */ isNameInUse),
/* harmony export */   c4: () => (/* binding */ isNotFound),
/* harmony export */   gi: () => (/* binding */ isServiceError),
/* harmony export */   pv: () => (/* binding */ NOT_ACCEPTED_CODES)
/* harmony export */ });
/* unused harmony export NAME_IN_USE_CODES */
/**
 * The one error type of the client. Every failure of a call (an error status,
 * a lost connection, a timeout, an unexpected body) becomes a ServiceError that
 * carries the HTTP status (0 when no answer arrived), a machine code, and a
 * message that says what to do.
 */
/**
 * Codes by meaning, in both generations of the service (v1.0 and as deployed,
 * see docs/service.md): a code of the deployed service gets the same
 * treatment as its v1.0 relative.
 */
const NAME_IN_USE_CODES = ['sandbox_name_in_use', 'sandbox_already_exists'];
/** Certainly not carried out: retried with backoff, whatever the status that came with it. */
const NOT_ACCEPTED_CODES = ['sandbox_scheduler_unavailable', 'sandbox_scheduler_timeout'];
/** An invalid request: never retried. */
const REJECTED_CODES = ['invalid_request', 'sandbox_scheduler_rejected_request'];
const HINTS = {
    invalid_request: 'The service rejected the request as malformed or as an unsupported ' +
        'configuration; correct the inputs named in the message.',
    unauthorized: 'The api-token was rejected. Check that the secret holds a valid API ' +
        "token created in the account console, and that 'base-url' points " +
        'at the right service.',
    sandbox_access_denied: 'The token is valid but the organization has no sandbox access. Sandbox ' +
        'access is enabled separately for the organization: ask its administrator to enable it.',
    sandbox_name_in_use: "Another live sandbox holds this name. Choose another 'name', leave " +
        "'name' empty to generate a unique one, or set 'replace-existing: " +
        "true' to stop the holder first.",
    rate_limit_exceeded: 'The organization exceeded the service rate limit; the action waits ' +
        'for Retry-After. If this persists, reduce the number of concurrent ' +
        'jobs or raise poll-interval.',
    sandbox_already_exists: "Another live sandbox holds this name (the deployed service's sandbox_already_exists). " +
        "Choose another 'name', leave 'name' empty to generate a unique one, " +
        "or set 'replace-existing: true' to stop the holder first.",
    sandbox_scheduler_unavailable: 'The service did not accept the request (its scheduler is unavailable); it is retried with backoff.',
    sandbox_scheduler_timeout: 'The service did not accept the request in time (its scheduler timed out); it is retried with backoff.',
    sandbox_scheduler_rejected_request: 'The service rejected the request as invalid; correct the inputs named in the message. This is not retried.',
    sandbox_capacity_unavailable: "No requested GPU is free. List fallback types in 'gpu-type' (e.g. 'H100, A100') or raise 'capacity-timeout'.",
    not_found: 'The service does not know this resource; check the id (it may have been stopped and removed already).',
    network_error: 'No answer from the service (connection failed or was reset). Check ' +
        "'base-url' and the runner's network; the action retries where it is safe.",
    request_timeout: 'The service did not answer in time; the action retries where it is safe.',
    redirect_not_followed: 'The service answered with a redirect, which the action never follows ' +
        "(the token is sent only to 'base-url'). Set 'base-url' to the final address.",
    invalid_response: 'The service answered with a body the action does not understand; ' +
        'this may be a proxy or a service fault. Retry later, and check base-url.',
    aborted: 'The request was cancelled because the step is stopping.',
    deadline_exceeded: "The step's time ran out before this request could be sent. Raise 'timeout' if the service is slow to answer.",
    unreadable_page: 'The service answered GET /sandboxes with a page the action cannot ' +
        'read (no single array of sandbox records). This is not retried; report ' +
        'it to the service.',
};
function hintFor(status, code) {
    const known = HINTS[code];
    if (known)
        return known;
    if (status === 401)
        return HINTS.unauthorized;
    if (status === 403)
        return 'The token is not allowed to do this. Check the organization and the token in the account console.';
    if (status === 404)
        return HINTS.not_found;
    if (status === 400 || status === 422)
        return HINTS.invalid_request;
    if (status === 409) {
        return ("The request conflicts with the resource's current state (a network " +
            'policy, for one, can be replaced only while the sandbox is running). ' +
            'Check its status, then run the step again.');
    }
    if (status === 429)
        return HINTS.rate_limit_exceeded;
    if (status === 503 || status === 504)
        return 'The service did not accept the request (temporarily unavailable); it is retried with backoff.';
    if (status >= 500)
        return 'The service failed while handling the request; the action retries where it is safe.';
    if (status >= 400 && status < 500)
        return 'The service refused the request; its message says why. This is not retried.';
    return 'Unexpected answer from the service; check base-url.';
}
class ServiceError extends Error {
    status;
    code;
    serviceMessage;
    method;
    path;
    retryAfterMs;
    constructor(init) {
        const hint = hintFor(init.status, init.code);
        const what = init.status > 0 ? `${init.status} ${init.code}` : init.code;
        const said = init.serviceMessage ? `: ${init.serviceMessage}` : '';
        super(`${init.method} ${init.path} failed with ${what}${said}. ${hint}`, { cause: init.cause });
        this.name = 'ServiceError';
        this.status = init.status;
        this.code = init.code;
        this.serviceMessage = init.serviceMessage;
        this.method = init.method;
        this.path = init.path;
        this.retryAfterMs = init.retryAfterMs;
    }
    /**
     * True when the service may have carried out the request although no success
     * answer arrived: no answer at all, a timeout, 500, 502, or a 2xx whose body
     * could not be read. A 503 or 504 means "not accepted", so it is not ambiguous.
     */
    get ambiguous() {
        if (this.code === 'deadline_exceeded' ||
            NOT_ACCEPTED_CODES.includes(this.code) ||
            REJECTED_CODES.includes(this.code))
            return false;
        return this.status === 0 || this.status === 500 || this.status === 502 || (this.status >= 200 && this.status < 300);
    }
}
/** 409 for a name held by another live sandbox, in either generation. */
function isNameInUse(error) {
    return error instanceof ServiceError && NAME_IN_USE_CODES.includes(error.code);
}
/** A 404: the sandbox or instance is gone (or, for a route, the service does not have it). */
function isNotFound(error) {
    return error instanceof ServiceError && error.status === 404;
}
function isServiceError(error, code) {
    return error instanceof ServiceError && (code === undefined || error.code === code);
}


/***/ }),

/***/ 2805:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   BA: () => (/* binding */ SANDBOX_ID_PATTERN),
/* harmony export */   BZ: () => (/* binding */ INSTANCE_ID_PATTERN),
/* harmony export */   De: () => (/* binding */ startResponseSchema),
/* harmony export */   Jd: () => (/* binding */ sshCertificateSchema),
/* harmony export */   ND: () => (/* binding */ GPU_TYPES),
/* harmony export */   N_: () => (/* binding */ instanceListSchema),
/* harmony export */   PT: () => (/* binding */ creditAlertSchema),
/* harmony export */   Y3: () => (/* binding */ listedInstanceSchema),
/* harmony export */   cP: () => (/* binding */ listedSandboxSchema),
/* harmony export */   hk: () => (/* binding */ networkPolicyResultSchema),
/* harmony export */   mt: () => (/* binding */ instanceCreateResponseSchema),
/* harmony export */   oQ: () => (/* binding */ pricingSchema),
/* harmony export */   pj: () => (/* binding */ INTERNET_ACCESS),
/* harmony export */   ut: () => (/* binding */ errorBodySchema),
/* harmony export */   yL: () => (/* binding */ sandboxRecordSchema)
/* harmony export */ });
/* unused harmony exports networkPolicySchema, sandboxIdSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9691);
/**
 * zod schemas of the service's bodies. Records are loose objects: fields the
 * interface does not show pass through untouched (the `sandbox` output).
 */

const GPU_TYPES = ['A6000', 'A100', 'H100'];
const INTERNET_ACCESS = ['closed', 'open', 'restricted'];
const SANDBOX_ID_PATTERN = /^sbx-[a-f0-9]{16}$/;
/** Instance identifiers are integers or strings; only this safe alphabet is put in a path. */
const INSTANCE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const networkPolicySchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    internet_access: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(INTERNET_ACCESS),
    cidr_allowlist: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).optional(),
    domain_allowlist: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).optional(),
});
const sandboxIdSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(SANDBOX_ID_PATTERN);
const startResponseSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ id: sandboxIdSchema, name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() });
const sandboxRecordSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1) });
/** A list item: a record that may also carry id and name (not shown by the interface). */
const listedSandboxSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
});
const networkPolicyResultSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), network_policy: networkPolicySchema });
const instanceCreateResponseSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    identifier: zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(), zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1)]),
    uuid: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    key: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
});
/** GET /instances/list (the deployed service): current identifier → instance. */
const instanceListSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J());
const listedInstanceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    uuid: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    ip: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    port: zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(), zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()]).optional(),
});
/** POST /sandboxes/ssh-certificate (the deployed service). The certificate is a secret. */
const sshCertificateSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    ssh_certificate: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    expires_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
});
const creditAlertSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    alert: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ amount_cents: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(), armed: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(), created_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int() }).nullable(),
});
const pricingSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ pricing: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()) });
const errorBodySchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    code: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().optional(),
    error: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
});


/***/ }),

/***/ 208:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  iR: () => (/* binding */ proxiedFetch),
  J4: () => (/* binding */ serviceTransport)
});

// UNUSED EXPORTS: proxyConfigured

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __nccwpck_require__(7067);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __nccwpck_require__(7075);
;// CONCATENATED MODULE: ./build/src/client/http-fetch.js
/**
 * fetch's shape over Node's own http/https modules, for the requests that
 * are not the service's: GitHub's API (Octokit's `request.fetch`), the
 * results service and the runner package's download. Node's global fetch
 * loads its undici on the first call: about 85 ms of CPU for one request,
 * which a step that asks GitHub once or twice pays in full.
 *
 * What the callers read of an answer is what fetch's Response gives: status,
 * statusText, ok, url, redirected, headers (get, has, iteration in order of
 * name: Octokit copies them so), text(), json(), arrayBuffer() and body (a web stream, made when
 * asked for). Redirects are followed as fetch follows them (at most 20; 303,
 * and 301/302 after a POST, become a GET without a body; a different origin
 * gets no authorization). A request that gets no answer fails as fetch's
 * does: a TypeError 'fetch failed' whose cause is the socket's error, or the
 * signal's reason once it is aborted. Unit tests hold it to Node's fetch.
 */


const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;
/** What fetch drops when a redirect turns a request into a GET, and what it never sends to another origin. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
/** An answer's headers as fetch's Headers reads them: names in lower case, repeated ones joined with ', '. */
class AnswerHeaders {
    values;
    constructor(incoming) {
        const names = Object.keys(incoming.headersDistinct).sort();
        this.values = new Map(names.map((name) => [name, incoming.headersDistinct[name]?.join(', ') ?? '']));
    }
    get(name) {
        return this.values.get(name.toLowerCase()) ?? null;
    }
    has(name) {
        return this.values.has(name.toLowerCase());
    }
    [Symbol.iterator]() {
        return this.values.entries();
    }
}
/** What a read of a cut-off or aborted body rejects with, as fetch's body does. */
function terminated(error, signal) {
    return signal?.aborted ? signal.reason : new TypeError('terminated', { cause: error });
}
class HttpAnswer {
    status;
    statusText;
    ok;
    headers;
    stream;
    read;
    url;
    redirected;
    incoming;
    signal;
    constructor(incoming, url, redirected, signal) {
        this.incoming = incoming;
        this.url = url;
        this.redirected = redirected;
        this.signal = signal;
        this.status = incoming.statusCode ?? 0;
        this.statusText = incoming.statusMessage ?? '';
        this.ok = this.status >= 200 && this.status < 300;
        this.headers = new AnswerHeaders(incoming);
        // A body cut off before anyone reads it is no crash: its error waits in `incoming.errored` for a read.
        incoming.on('error', () => { });
    }
    /** The body as a web stream (made on first use: node:stream/web is loaded only then). */
    get body() {
        this.stream ??= external_node_stream_.Readable.toWeb(this.incoming);
        return this.stream;
    }
    async arrayBuffer() {
        const bytes = await this.bytes();
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    }
    async text() {
        return new TextDecoder().decode(await this.bytes());
    }
    async json() {
        return JSON.parse(await this.text());
    }
    /** The whole body, read once (a second read gets the same bytes). */
    bytes() {
        const { incoming, signal } = this;
        this.read ??= new Promise((resolve, reject) => {
            if (incoming.errored)
                return reject(terminated(incoming.errored, signal));
            const chunks = [];
            incoming.on('data', (chunk) => chunks.push(chunk));
            incoming.on('end', () => resolve(Buffer.concat(chunks)));
            incoming.on('error', (error) => reject(terminated(error, signal)));
        });
        return this.read;
    }
}
/**
 * node:http's or node:https's `request` for `url`, looked up at call time (msw patches them). node:https is loaded
 * on the first https request: with TLS it is about 20 ms of CPU that an http:// address (the emulator) never needs.
 */
async function requestFor(url) {
    return url.protocol === 'https:' ? (await Promise.resolve(/* import() */).then(__nccwpck_require__.t.bind(__nccwpck_require__, 4708, 19))).default.request : external_node_http_.request;
}
/** One request, its answer once the headers are in. */
async function send(url, method, init, headers) {
    const request = await requestFor(url);
    const { body, signal } = init;
    return new Promise((resolve, reject) => {
        const outgoing = request(url, { method, headers, signal: signal ?? undefined }, resolve);
        outgoing.on('error', (error) => reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })));
        outgoing.end(body ?? undefined);
    });
}
/** fetch(url, init) for the requests named above; see the module's comment for what it does as fetch does. */
async function httpFetch(input, init = {}) {
    init.signal?.throwIfAborted();
    let url = new URL(input);
    let method = (init.method ?? 'GET').toUpperCase();
    let headers = Object.fromEntries(Object.entries(init.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    let body = init.body;
    if (typeof body === 'string' && !('content-type' in headers))
        headers['content-type'] = 'text/plain;charset=UTF-8';
    for (let redirects = 0;; redirects++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
            throw new TypeError('fetch failed', { cause: new Error(`not an http(s) URL: ${url.protocol}`) });
        const incoming = await send(url, method, { ...init, body }, headers);
        const location = incoming.headers.location;
        const status = incoming.statusCode ?? 0;
        if (!REDIRECTS.has(status) || location === undefined || init.redirect === 'manual')
            return new HttpAnswer(incoming, url.href, redirects > 0, init.signal);
        incoming.resume();
        if (init.redirect === 'error')
            throw new TypeError('fetch failed', { cause: new Error('unexpected redirect') });
        if (redirects >= MAX_REDIRECTS)
            throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') });
        const next = new URL(location, url);
        if ((status === 303 && method !== 'GET' && method !== 'HEAD') || (status <= 302 && method === 'POST')) {
            method = 'GET';
            body = undefined;
            headers = without(headers, BODY_HEADERS);
        }
        if (next.origin !== url.origin)
            headers = without(headers, CREDENTIAL_HEADERS);
        url = next;
    }
}
function without(headers, names) {
    return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
}

// EXTERNAL MODULE: ./build/src/client/url.js
var client_url = __nccwpck_require__(9000);
;// CONCATENATED MODULE: ./build/src/client/transport.js
/**
 * How bytes reach the service: one HTTP request over Node's own http/https
 * modules, no redirect followed. Not the global fetch: its first call loads
 * the undici Node bundles, about 50 ms of CPU in every step, for one JSON
 * request. Unit tests run this same path: msw intercepts node:http too.
 *
 * Behind a proxy (HTTPS_PROXY / HTTP_PROXY set, as on some self-hosted
 * runners) requests go through undici's EnvHttpProxyAgent, which also
 * honours NO_PROXY. undici is loaded only then: it is a megabyte of code the
 * common case does not need at startup.
 */



const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];
function proxyConfigured(env = process.env) {
    return PROXY_VARIABLES.some((name) => (env[name] ?? '').trim() !== '');
}
let proxied;
/**
 * The proxy for `url`, or none. A loopback target never goes through a proxy
 * (as @actions/http-client does): the token would cross it in clear for an
 * http:// emulator, and a proxy cannot reach the runner's loopback anyway.
 */
async function proxyFor(url) {
    if (!proxyConfigured() || (0,client_url/* isLoopbackHost */.c)(new URL(url).hostname))
        return undefined;
    proxied ??= __nccwpck_require__.e(/* import() */ 752).then(__nccwpck_require__.t.bind(__nccwpck_require__, 6752, 19)).then(({ EnvHttpProxyAgent, fetch }) => ({
        fetch,
        agent: new EnvHttpProxyAgent({ connect: { timeout: 10_000 }, keepAliveTimeout: 4_000 }),
    }));
    return proxied;
}
/**
 * For GitHub's API (Octokit), the results service and the runner package's
 * download: httpFetch (fetch's shape over node:http, which msw intercepts
 * too); through the proxy, undici's own fetch with its agent. Not Node's
 * global fetch: its first call loads another undici (about 85 ms of CPU), and
 * it bundles another major of it (Node 24: 7, this package: 8), whose
 * dispatcher interface differs.
 */
async function proxiedFetch(url, init = {}) {
    const proxy = await proxyFor(url);
    if (!proxy)
        return httpFetch(url, init);
    // The same fields by name: our init and undici's RequestInit differ only in their types' origins.
    const response = await proxy.fetch(url, { ...init, dispatcher: proxy.agent });
    return response;
}
/** The whole answer of an http(s) request, its body decoded as fetch's `text()` decodes it (UTF-8, BOM dropped). */
function answerOf(incoming, body) {
    const status = incoming.statusCode ?? 0;
    const text = new TextDecoder().decode(body);
    return {
        status,
        ok: status >= 200 && status < 300,
        // Repeated headers joined as fetch's Headers.get joins them.
        headers: new AnswerHeaders(incoming),
        text: async () => text,
    };
}
/** One request over node:http or node:https (requestFor); the body read whole. */
async function nodeRequest(request) {
    const url = new URL(request.url);
    const send = await requestFor(url);
    return new Promise((resolve, reject) => {
        const { method, headers, signal } = request;
        const outgoing = send(url, { method, headers, signal }, (incoming) => {
            const chunks = [];
            incoming.on('data', (chunk) => chunks.push(chunk));
            incoming.on('end', () => resolve(answerOf(incoming, Buffer.concat(chunks))));
            // Cut off mid-body (the connection closed, or the signal fired): no answer, as fetch's text() would throw.
            incoming.on('error', reject);
        });
        outgoing.on('error', reject);
        // One write: Node sends it with its Content-Length.
        outgoing.end(request.body);
    });
}
/** The production transport: node:http(s), or undici behind a proxy; no redirect followed either way. */
const serviceTransport = async (request) => {
    if (!(await proxyFor(request.url)))
        return nodeRequest(request);
    const { method, headers, body, signal } = request;
    // The token goes to base-url's host only: a redirect is returned, never followed.
    return proxiedFetch(request.url, { method, headers, body, signal, redirect: 'manual' });
};


/***/ }),

/***/ 9000:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ isLoopbackHost),
/* harmony export */   v: () => (/* binding */ isSafeTransport)
/* harmony export */ });
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7030);

/** localhost, 127.0.0.0/8 and ::1: the only hosts where plain http is allowed (the emulator). */
function isLoopbackHost(hostname) {
    const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (host === 'localhost')
        return true;
    if ((0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIP)(host) === 4)
        return host.startsWith('127.');
    if ((0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIP)(host) === 6)
        return host === '::1' || host === '0:0:0:0:0:0:0:1';
    return false;
}
/** https://, or http:// to a loopback host (the emulator, the tests' fakes): where a token may be sent. */
function isSafeTransport(url) {
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}


/***/ }),

/***/ 1295:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  v: () => (/* binding */ actionsCore)
});

// UNUSED EXPORTS: adaptCore

// NAMESPACE OBJECT: ./build/src/entry/workflow-commands.js
var workflow_commands_namespaceObject = {};
__nccwpck_require__.r(workflow_commands_namespaceObject);
__nccwpck_require__.d(workflow_commands_namespaceObject, {
  appendSummary: () => (appendSummary),
  debug: () => (debug),
  endGroup: () => (endGroup),
  error: () => (error),
  getInput: () => (getInput),
  getState: () => (getState),
  info: () => (info),
  notice: () => (notice),
  saveState: () => (saveState),
  setFailed: () => (setFailed),
  setOutput: () => (setOutput),
  setSecret: () => (setSecret),
  startGroup: () => (startGroup),
  warning: () => (warning)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __nccwpck_require__(1455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __nccwpck_require__(8161);
;// CONCATENATED MODULE: ./build/src/entry/workflow-commands.js
/**
 * The runner's protocol, written as @actions/core writes it: workflow
 * commands on stdout (`::warning file=…::message`) and file commands
 * (GITHUB_OUTPUT, GITHUB_STATE, GITHUB_STEP_SUMMARY). The same bytes for the
 * same call (test/unit/workflow-commands.test.ts runs both side by side).
 *
 * Not @actions/core itself: importing it evaluates its OIDC client, which
 * loads @actions/http-client and a second undici, a megabyte of code and about
 * 70 ms of CPU in every step, for an identity token this action never asks for.
 */




function commandValue(input) {
    if (input === null || input === undefined)
        return '';
    if (typeof input === 'string' || input instanceof String)
        return String(input);
    return JSON.stringify(input);
}
function escapeData(value) {
    return commandValue(value).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escapeProperty(value) {
    return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
/** `::name key=value,…::message`; a property with an empty value is left out (a space stays, as core writes it). */
function commandLine(name, properties, message) {
    let line = `::${name}`;
    const keys = Object.keys(properties);
    if (keys.length > 0) {
        const given = keys.filter((key) => properties[key]);
        line += ` ${given.map((key) => `${key}=${escapeProperty(properties[key])}`).join(',')}`;
    }
    return `${line}::${escapeData(message)}`;
}
function issue(name, properties, message) {
    process.stdout.write(commandLine(name, properties, message) + external_node_os_.EOL);
}
function annotationProperties(properties) {
    if (Object.keys(properties).length === 0)
        return {};
    return {
        title: properties.title,
        file: properties.file,
        line: properties.startLine,
        endLine: properties.endLine,
        col: properties.startColumn,
        endColumn: properties.endColumn,
    };
}
/** One `key<<delimiter` block: the delimiter is random, so no value can end the block early. */
function keyValueBlock(key, value) {
    const delimiter = `ghadelimiter_${(0,external_node_crypto_.randomUUID)()}`;
    const text = commandValue(value);
    if (key.includes(delimiter))
        throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
    if (text.includes(delimiter)) {
        throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
    }
    return `${key}<<${delimiter}${external_node_os_.EOL}${text}${external_node_os_.EOL}${delimiter}`;
}
function fileCommand(file, message) {
    const path = process.env[`GITHUB_${file}`];
    if (!path)
        throw new Error(`Unable to find environment variable for file command ${file}`);
    if (!(0,external_node_fs_.existsSync)(path))
        throw new Error(`Missing file at path: ${path}`);
    (0,external_node_fs_.appendFileSync)(path, `${message}${external_node_os_.EOL}`, { encoding: 'utf8' });
}
function getInput(name, options) {
    const value = process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '';
    if (options?.required && !value)
        throw new Error(`Input required and not supplied: ${name}`);
    return options?.trimWhitespace === false ? value : value.trim();
}
function setOutput(name, value) {
    if (process.env.GITHUB_OUTPUT)
        return fileCommand('OUTPUT', keyValueBlock(name, value));
    process.stdout.write(external_node_os_.EOL);
    issue('set-output', { name }, commandValue(value));
}
function saveState(name, value) {
    if (process.env.GITHUB_STATE)
        return fileCommand('STATE', keyValueBlock(name, value));
    issue('save-state', { name }, commandValue(value));
}
function getState(name) {
    return process.env[`STATE_${name}`] || '';
}
function setSecret(secret) {
    issue('add-mask', {}, secret);
}
function annotation(kind) {
    return (message, properties = {}) => issue(kind, annotationProperties(properties), message instanceof Error ? message.toString() : message);
}
const error = annotation('error');
const warning = annotation('warning');
const notice = annotation('notice');
function setFailed(message) {
    process.exitCode = 1;
    error(message);
}
function info(message) {
    process.stdout.write(message + external_node_os_.EOL);
}
function debug(message) {
    issue('debug', {}, message);
}
function startGroup(name) {
    issue('group', {}, name);
}
function endGroup() {
    issue('endgroup', {}, '');
}
/** Appends `markdown` and a line end to the job summary file, as core's `summary.addRaw(markdown, true).write()`. */
async function appendSummary(markdown) {
    const path = process.env.GITHUB_STEP_SUMMARY;
    if (!path) {
        throw new Error('Unable to find environment variable for $GITHUB_STEP_SUMMARY. ' +
            'Check if your runtime environment supports job summaries.');
    }
    try {
        await (0,promises_.access)(path, external_node_fs_.constants.R_OK | external_node_fs_.constants.W_OK);
    }
    catch {
        throw new Error(`Unable to access summary file: '${path}'. Check if the file has correct read/write permissions.`);
    }
    await (0,promises_.appendFile)(path, markdown + external_node_os_.EOL, { encoding: 'utf8' });
}

// EXTERNAL MODULE: ./build/src/step/summary.js
var summary = __nccwpck_require__(9128);
// EXTERNAL MODULE: ./build/src/runtime/program-output.js
var program_output = __nccwpck_require__(2274);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __nccwpck_require__(4120);
;// CONCATENATED MODULE: ./build/src/entry/actions-core.js




function safe(message) {
    return (0,untrusted/* safeLogText */.Ht)(message instanceof Error ? message.message : String(message));
}
function safeProperties(properties) {
    return properties?.title === undefined ? properties : { ...properties, title: safe(properties.title) };
}
function adaptCore(core) {
    return {
        getInput: core.getInput,
        setOutput: core.setOutput,
        setFailed: (message) => core.setFailed(safe(message)),
        setSecret: (secret) => {
            core.setSecret(secret);
            (0,untrusted/* registerSecret */.cl)(secret);
        },
        saveState: core.saveState,
        getState: core.getState,
        info: (message) => core.info(safe(message)),
        notice: (message, properties) => core.notice(safe(message), safeProperties(properties)),
        warning: (message, properties) => core.warning(safe(message), safeProperties(properties)),
        error: (message, properties) => core.error(safe(message), safeProperties(properties)),
        debug: (message) => core.debug(safe(message)),
        startGroup: (name) => core.startGroup(safe(name)),
        endGroup: core.endGroup,
        // Not safeLogText: this is the workflow author's program, whose `::error file=…::` lines must work
        // (program-output.ts).
        programLine: (line) => process.stdout.write(`${(0,program_output/* programText */.Q)(line)}\n`),
        appendSummary: async (markdown) => {
            if (!process.env.GITHUB_STEP_SUMMARY)
                return;
            try {
                await core.appendSummary((0,summary/* boundedSummary */.K1)(markdown));
            }
            catch (error) {
                // The summary is a report: failing to write it never fails a step (least of all a stop that succeeded).
                core.warning(safe(`Could not write the job summary: ${error instanceof Error ? error.message : String(error)}`));
            }
        },
    };
}
const actionsCore = adaptCore(workflow_commands_namespaceObject);


/***/ }),

/***/ 7830:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Hl: () => (/* binding */ requestTimeoutMs),
/* harmony export */   Hy: () => (/* binding */ runAndExit),
/* harmony export */   K7: () => (/* binding */ isProcessEntry),
/* harmony export */   _I: () => (/* binding */ runAsUse),
/* harmony export */   w6: () => (/* binding */ cancellationSignal),
/* harmony export */   xV: () => (/* binding */ reportFailure),
/* harmony export */   yu: () => (/* binding */ makeClient)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3136);
/* harmony import */ var _client_client_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(5307);
/* harmony import */ var _inputs_collector_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(1764);
/* harmony import */ var _inputs_durations_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(8818);
/* harmony import */ var _inputs_uses_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(8207);
/**
 * What main.ts and post.ts share to run for real: the client, signals, failure reporting, and running as the bundle's
 * entry.
 */






const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const MAX_REQUEST_TIMEOUT_S = 600;
/** GPU_SANDBOX_REQUEST_TIMEOUT (a duration such as 30s): the longest wait for one answer. */
function requestTimeoutMs(env = process.env) {
    const raw = env.GPU_SANDBOX_REQUEST_TIMEOUT;
    const seconds = raw ? (0,_inputs_durations_js__WEBPACK_IMPORTED_MODULE_4__/* .parseDurationSeconds */ .lW)(raw) : undefined;
    // Bounded like every duration: past setTimeout's range a timer fires at once.
    return seconds && seconds > 0 && seconds <= MAX_REQUEST_TIMEOUT_S ? seconds * 1000 : DEFAULT_REQUEST_TIMEOUT_MS;
}
function makeClient(connection) {
    return new _client_client_js__WEBPACK_IMPORTED_MODULE_2__/* .ComputeClient */ .T9({
        baseUrl: connection.baseUrl,
        apiToken: connection.apiToken,
        requestTimeoutMs: requestTimeoutMs(),
    });
}
/**
 * SIGINT/SIGTERM (a cancelled job) abort what is under way instead of killing
 * the process mid-write; whatever is known is already in state.
 */
function cancellationSignal(core) {
    const controller = new AbortController();
    for (const signal of ['SIGINT', 'SIGTERM']) {
        process.on(signal, () => {
            if (!controller.signal.aborted)
                core.warning(`Received ${signal}: cancelling. The post step stops anything already started.`);
            controller.abort(new Error(`cancelled by ${signal}`));
        });
    }
    return controller.signal;
}
/** Turns any failure into an error annotation that says what to do, and a failed step. */
function reportFailure(core, error, signal) {
    if (signal?.aborted) {
        core.setFailed(`Cancelled: ${signal.reason?.message ?? 'signal'}.`);
        return;
    }
    if (error instanceof _inputs_collector_js__WEBPACK_IMPORTED_MODULE_3__/* .InputErrors */ .G) {
        for (const inputError of error.errors)
            core.error(inputError.message, { title: `Invalid input '${inputError.input}'` });
        core.setFailed(`${error.errors.length} invalid input${error.errors.length > 1 ? 's' : ''}; nothing was sent to the service.`);
        return;
    }
    core.setFailed(error instanceof Error ? error.message : String(error));
}
/** Whether the module at `moduleUrl` is the file node was started with (the bundle), not an import. */
function isProcessEntry(moduleUrl, argv1 = process.argv[1]) {
    if (!argv1)
        return false;
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)((0,node_url__WEBPACK_IMPORTED_MODULE_1__.fileURLToPath)(moduleUrl)) === (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(argv1);
    }
    catch {
        return false;
    }
}
/** A sub-action's step (`await runAs('run')` in its folder's main.js or post.js): that use's, then exit. */
async function runAsUse(use, step) {
    if (!(0,_inputs_uses_js__WEBPACK_IMPORTED_MODULE_5__/* .isUse */ .C)(use))
        throw new Error(`no use '${use}' (one of ${Object.keys(_inputs_uses_js__WEBPACK_IMPORTED_MODULE_5__/* .USES */ .tk).join(', ')})`);
    await runAndExit(() => step(use));
}
/** Runs a step and exits at once: idle keep-alive sockets must not hold the step open. */
async function runAndExit(step) {
    await step();
    // Only after the log has reached the runner: a pipe may still hold some of it.
    await new Promise((resolve) => process.stdout.write('', () => resolve()));
    process.exit();
}


/***/ }),

/***/ 8944:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Jj: () => (/* binding */ PERMISSIONS),
/* harmony export */   _n: () => (/* binding */ pullRequestOf),
/* harmony export */   jI: () => (/* binding */ parseApproval)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(9691);
/* harmony import */ var _fields_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3006);
/* harmony import */ var _job_environment_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(3156);
/* harmony import */ var _refuse_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(3219);
/**
 * The approval gate's inputs: `approve-label`, `approve-label-once`
 * and `min-permission`, and what the run's event says: for `pull_request` and
 * `pull_request_target`, the pull request's number, the head the event names,
 * and the label a `labeled` event added. Other events pass the gate.
 */





const PERMISSIONS = ['read', 'triage', 'write', 'maintain', 'admin'];
const labelName = zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().transform((raw, ctx) => {
    const text = raw.trim();
    if (text.length > 50 || /[\r\n]/.test(text))
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_4__/* .refuse */ .T)(ctx, 'must be a GitHub label name (one line, at most 50)');
    return text;
});
const permission = zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().transform((raw, ctx) => {
    const text = raw.trim().toLowerCase();
    if (!PERMISSIONS.includes(text))
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_4__/* .refuse */ .T)(ctx, `must be one of ${PERMISSIONS.join(', ')}, got '${raw}'`);
    return text;
});
const Payload = zod__WEBPACK_IMPORTED_MODULE_3__/* .looseObject */ ._H3({
    action: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().optional(),
    number: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig().int().positive().optional(),
    label: zod__WEBPACK_IMPORTED_MODULE_3__/* .looseObject */ ._H3({ name: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP() }).optional(),
    pull_request: zod__WEBPACK_IMPORTED_MODULE_3__/* .looseObject */ ._H3({
        number: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig().int().positive(),
        head: zod__WEBPACK_IMPORTED_MODULE_3__/* .looseObject */ ._H3({ sha: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().regex(/^[0-9a-f]{40}$/) }),
    }),
});
/** The pull request of a pull-request run; undefined for other events; a string: why it cannot be read. */
function pullRequestOf(env) {
    const event = env.GITHUB_EVENT_NAME ?? '';
    if (!['pull_request', 'pull_request_target'].includes(event))
        return undefined;
    try {
        const payload = Payload.parse(JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(env.GITHUB_EVENT_PATH ?? '', 'utf8')));
        const { pull_request: pr } = payload;
        return {
            event,
            number: pr.number,
            headSha: pr.head.sha,
            action: payload.action ?? '',
            labeled: payload.label?.name,
        };
    }
    catch {
        return `the ${event} event's payload (GITHUB_EVENT_PATH) cannot be read, so the gate cannot be evaluated`;
    }
}
function parseApproval(inputs, job) {
    const label = inputs.isSet('approve-label') ? inputs.parse('approve-label', labelName) : undefined;
    const once = inputs.parse('approve-label-once', _fields_js__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zM);
    const minPermission = inputs.isSet('min-permission') ? inputs.parse('min-permission', permission) : undefined;
    if (once && label === undefined)
        inputs.fail('approve-label-once', "is true but 'approve-label' is empty");
    if (label === undefined && minPermission === undefined)
        return undefined;
    const gate = label !== undefined ? 'approve-label' : 'min-permission';
    const env = job.env ?? {};
    const githubToken = _fields_js__WEBPACK_IMPORTED_MODULE_1__/* .usableGitHubToken */ .tL(inputs.read('github-token'));
    if (!githubToken)
        inputs.fail('github-token', `is empty, and ${gate} reads GitHub with it; pass \${{ github.token }} or another token`);
    const repository = (0,_job_environment_js__WEBPACK_IMPORTED_MODULE_2__/* .repositoryFromEnv */ .i)(env, (why) => inputs.fail(gate, why));
    const pullRequest = pullRequestOf(env);
    if (typeof pullRequest === 'string')
        inputs.fail(gate, pullRequest);
    if (!githubToken || !repository || typeof pullRequest === 'string')
        return undefined;
    const actor = (env.GITHUB_TRIGGERING_ACTOR || env.GITHUB_ACTOR || '').trim();
    return {
        label,
        once,
        minPermission,
        githubToken,
        repository,
        actor,
        runId: /^[1-9]\d{0,15}$/.test(job.runId ?? '') ? Number(job.runId) : undefined,
        pullRequest,
        eventName: env.GITHUB_EVENT_NAME ?? '',
    };
}


/***/ }),

/***/ 4138:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   IS: () => (/* binding */ hasCaps),
/* harmony export */   rb: () => (/* binding */ parseCaps),
/* harmony export */   tA: () => (/* binding */ parseLiveLimit)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(9691);
/* harmony import */ var _refuse_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(3219);
/* harmony import */ var _fields_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3006);
/**
 * The spending caps of a start: `max-cost` (dollars for this run),
 * `max-hourly-price` (dollars per hour) and `min-gpu-memory` (GiB per GPU).
 * Parsed here; applied against the pricing catalog before any start
 * (sandbox/caps.ts).
 */



/** A positive amount, `12.5` or `$12.50`; `what` names the unit in the message. */
function positive(what) {
    return zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().transform((raw, ctx) => {
        const text = raw.trim().replace(/^\$/, '');
        if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0 || Number(text) > 1_000_000)
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_2__/* .refuse */ .T)(ctx, `must be ${what} greater than 0 (e.g. ${what === 'GiB' ? '40' : '2.50'}), got '${raw}'`);
        return Number(text);
    });
}
function parseCaps(inputs, gpus, enforceTtl) {
    const caps = {};
    if (inputs.isSet('max-cost')) {
        caps.maxCostDollars = inputs.parse('max-cost', positive('dollars'));
        if (enforceTtl === false)
            inputs.fail('max-cost', 'needs enforce-ttl: true: the budget holds because the service ends the sandbox at the TTL ' +
                'it buys; remove enforce-ttl: false');
    }
    if (inputs.isSet('max-hourly-price'))
        caps.maxHourlyDollars = inputs.parse('max-hourly-price', positive('dollars'));
    if (inputs.isSet('min-gpu-memory')) {
        caps.minGpuMemoryGib = inputs.parse('min-gpu-memory', positive('GiB'));
        if (gpus.length === 0)
            inputs.fail('min-gpu-memory', "is set but 'gpu-type' is empty; set gpu-type (A6000, A100 or H100) or remove it");
    }
    return caps;
}
const hasCaps = (caps) => Object.values(caps).some((value) => value !== undefined);
/** max-live: counted among the sandboxes this action names for this repository, so the name must be generated. */
function parseLiveLimit(inputs, job) {
    if (!inputs.isSet('max-live'))
        return undefined;
    const max = inputs.parse('max-live', _fields_js__WEBPACK_IMPORTED_MODULE_0__/* .wholeNumber */ .rD(1));
    if (inputs.isSet('name'))
        inputs.fail('max-live', "counts the sandboxes this action names; leave 'name' empty (the generated name is counted)");
    const repositoryId = job.repositoryId ?? '';
    if (!/^[1-9]\d{0,19}$/.test(repositoryId))
        inputs.fail('max-live', 'runs in a GitHub Actions workflow run: GITHUB_REPOSITORY_ID must be set, as the runner sets it');
    return { max, repositoryId };
}


/***/ }),

/***/ 1764:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ InputErrors),
/* harmony export */   dz: () => (/* binding */ InputError),
/* harmony export */   gR: () => (/* binding */ Collector)
/* harmony export */ });
/* harmony import */ var _defaults_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5213);

/** An invalid input: names the input and says what is allowed. Never echoes secrets. */
class InputError extends Error {
    input;
    constructor(input, message) {
        super(`Input '${input}': ${message}`);
        this.name = 'InputError';
        this.input = input;
    }
}
/** Raised with every bad input at once. */
class InputErrors extends Error {
    errors;
    constructor(errors) {
        super(errors.map((e) => e.message).join('\n'));
        this.name = 'InputErrors';
        this.errors = errors;
    }
}
class Collector {
    errors = [];
    read;
    constructor(read) {
        this.read = read;
    }
    /** Reads an input, falling back to its documented default when empty. */
    raw(name) {
        const value = this.read(name);
        return value.trim() === '' ? _defaults_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT_DEFAULTS */ .WJ[name] : value;
    }
    isSet(name) {
        return this.read(name).trim() !== '';
    }
    /** Set to something other than its default (an input that means something only beside another one). */
    changed(name) {
        return this.isSet(name) && this.raw(name).trim() !== _defaults_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT_DEFAULTS */ .WJ[name];
    }
    parse(name, schema, raw = this.raw(name)) {
        const result = schema.safeParse(raw);
        if (result.success)
            return result.data;
        this.errors.push(new InputError(name, result.error.issues[0]?.message ?? 'is invalid'));
        return undefined;
    }
    fail(name, message) {
        this.errors.push(new InputError(name, message));
    }
    /** The parsed config, or every error at once. */
    done(config) {
        if (this.errors.length > 0 || config === undefined)
            throw new InputErrors(this.errors);
        return config;
    }
}


/***/ }),

/***/ 6536:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   VJ: () => (/* binding */ holdName),
/* harmony export */   Vk: () => (/* binding */ parsePoolName),
/* harmony export */   Vr: () => (/* binding */ heldBy),
/* harmony export */   Ym: () => (/* binding */ parseGeneratedName),
/* harmony export */   cK: () => (/* binding */ generateSandboxName)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7598);
/**
 * The default sandbox name, and how mode: sweep recognises it:
 * gh-<GITHUB_REPOSITORY_ID>-<GITHUB_RUN_ID>-<GITHUB_RUN_ATTEMPT>-<6 hex>.
 * A name a user chose is never read as one of these unless it has exactly
 * this shape, and then it also needs this repository's id and a completed run.
 * A warm pool's sandbox is named
 * gp-<GITHUB_REPOSITORY_ID>-<pool>-<8 hex of the request's digest>-<6 hex>:
 * never a run's name, so a retried start, mode: stop and the sweep tell them apart.
 * A claim's hold (pool/hold.ts) is named gc-<GITHUB_REPOSITORY_ID>-<16 hex of
 * the held sandbox's id>: one name per pool sandbox, so one live hold at most.
 */

const GENERATED = /^gh-([1-9]\d{0,19})-([1-9]\d{0,19})-([1-9]\d{0,5})-([0-9a-f]{6})$/;
const digits = (value) => (value && /^[1-9]\d{0,19}$/.test(value) ? value : undefined);
/** gh-<repository id>-<run id>-<attempt>-<hex> in a workflow run; local-<hex> anywhere else. */
function generateSandboxName(source) {
    const hex = source.randomHex ? source.randomHex() : (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(3).toString('hex');
    const [repositoryId, runId, attempt] = [digits(source.repositoryId), digits(source.runId), digits(source.runAttempt)];
    const name = repositoryId && runId && attempt ? `gh-${repositoryId}-${runId}-${attempt}-${hex}` : `local-${hex}`;
    // Always a valid name, whatever the environment says.
    return GENERATED.test(name) || /^local-[0-9a-f]{6}$/.test(name) ? name : `local-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(3).toString('hex')}`;
}
/** The parts of a name this action generated in a workflow run; undefined for any other name. */
function parseGeneratedName(name) {
    const match = GENERATED.exec(name ?? '');
    if (!match)
        return undefined;
    return { repositoryId: match[1], runId: match[2], runAttempt: Number(match[3]) };
}
const POOL_SANDBOX = /^gp-([1-9]\d{0,19})-([a-z0-9][a-z0-9-]{0,18}[a-z0-9]|[a-z0-9])-([0-9a-f]{8})-([0-9a-f]{6})$/;
/** The parts of a pool sandbox's name, or undefined for any other name (a run's, a hand-made one). */
function parsePoolName(name) {
    const match = POOL_SANDBOX.exec(name ?? '');
    if (!match)
        return undefined;
    const [, repositoryId = '', pool = '', digest = '', suffix = ''] = match;
    return { repositoryId, pool, digest, suffix };
}
const HOLD = /^gc-([1-9]\d{0,19})-([0-9a-f]{16})$/;
/** The hold's name for `sandboxId` (sbx-<16 hex>) of this repository. */
function holdName(repositoryId, sandboxId) {
    if (!/^[1-9]\d{0,19}$/.test(repositoryId))
        throw new Error(`hold: '${repositoryId}' is not a repository id`);
    if (!/^sbx-[0-9a-f]{16}$/.test(sandboxId))
        throw new Error(`hold: '${sandboxId.slice(0, 40)}' is not a sandbox id`);
    return `gc-${repositoryId}-${sandboxId.slice('sbx-'.length)}`;
}
/** The sandbox a hold's name holds, and whose repository; undefined for any other name. */
function heldBy(name) {
    const match = HOLD.exec(name ?? '');
    return match ? { repositoryId: match[1], sandboxId: `sbx-${match[2]}` } : undefined;
}


/***/ }),

/***/ 5213:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   FN: () => (/* binding */ MODES),
/* harmony export */   Ql: () => (/* binding */ DEFAULT_BASE_URL),
/* harmony export */   WJ: () => (/* binding */ INPUT_DEFAULTS),
/* harmony export */   mG: () => (/* binding */ INPUT_MODES)
/* harmony export */ });
/* unused harmony export GITHUB_TOKEN_DEFAULT */
/** The action's input names, modes and defaults, exactly as in action.yml (a docs test keeps them in step). */
const MODES = ['start', 'stop', 'network-policy', 'instance', 'sweep', 'connect', 'pool'];
const DEFAULT_BASE_URL = 'https://api.thundercompute.com:8443/v1';
/** The runner expands this default; anywhere else it arrives as the literal text. */
const GITHUB_TOKEN_DEFAULT = '${{ github.token }}';
const INPUT_DEFAULTS = {
    'api-token': '',
    'base-url': DEFAULT_BASE_URL,
    mode: 'start',
    name: '',
    cpu: '4',
    memory: '16',
    storage: '100',
    'gpu-type': '',
    'gpu-count': '',
    'capacity-timeout': '5m',
    'internet-access': '',
    'cidr-allowlist': '',
    'domain-allowlist': '',
    env: '',
    'max-ttl': '6h',
    'enforce-ttl': 'true',
    'max-grace': '',
    wait: 'true',
    timeout: '15m',
    'poll-interval': '1s',
    'replace-existing': 'false',
    'keep-alive': 'false',
    'sandbox-id': '',
    'public-key': '',
    'instance-config': '{}',
    'dry-run': 'false',
    image: '',
    ssh: 'false',
    'ssh-alias': 'sandbox',
    'github-token': GITHUB_TOKEN_DEFAULT,
    run: '',
    upload: '.',
    download: '',
    'download-limit': '2GiB',
    'retry-on-gpu-fault': '0',
    runner: 'false',
    'runner-label': '',
    'runner-timeout': '10m',
    'runner-jobs': '1',
    runners: '1',
    'max-cost': '',
    'max-hourly-price': '',
    'min-gpu-memory': '',
    'gpu-check': '',
    'min-driver': '',
    'gpu-report': '',
    'approve-label': '',
    'approve-label-once': 'false',
    'min-permission': '',
    'max-live': '',
    comment: 'false',
    'debug-on-failure': '',
    'debug-public-key': '',
    pool: '',
    'pool-size': '1',
    'pool-idle': '15m',
    'pool-for': '',
    'pool-prepare': '',
    'pool-key': '',
    'pool-watch': '',
};
/**
 * Which modes read each input (the contract's "modes" column). An input given
 * for another mode is warned about once (unused.ts), never an error.
 */
const INPUT_MODES = {
    'api-token': 'all',
    'base-url': 'all',
    mode: 'all',
    name: ['start'],
    cpu: ['start', 'pool'],
    memory: ['start', 'pool'],
    storage: ['start', 'pool'],
    'gpu-type': ['start', 'pool'],
    'gpu-count': ['start', 'pool'],
    'capacity-timeout': ['start', 'pool'],
    'internet-access': ['start', 'network-policy', 'pool'],
    'cidr-allowlist': ['start', 'network-policy', 'pool'],
    'domain-allowlist': ['start', 'network-policy', 'pool'],
    env: ['start', 'pool'],
    'max-ttl': ['start', 'pool'],
    'enforce-ttl': ['start', 'pool'],
    'max-grace': ['start', 'pool'],
    wait: ['start'],
    timeout: ['start', 'pool'],
    'poll-interval': ['start'],
    'replace-existing': ['start'],
    'keep-alive': ['start', 'instance'],
    'sandbox-id': ['stop', 'network-policy', 'connect'],
    'public-key': ['instance'],
    'instance-config': ['instance'],
    'dry-run': ['start', 'instance', 'sweep'],
    image: ['start', 'pool'],
    // connect always sets up SSH: `ssh` there is accepted and changes nothing.
    ssh: ['start', 'instance', 'connect'],
    'ssh-alias': ['start', 'instance', 'connect'],
    'github-token': ['sweep', 'start', 'stop'],
    run: ['start'],
    upload: ['start', 'pool'],
    download: ['start'],
    'download-limit': ['start'],
    'retry-on-gpu-fault': ['start'],
    runner: ['start'],
    'runner-label': ['start'],
    'runner-timeout': ['start'],
    'runner-jobs': ['start'],
    runners: ['start'],
    'max-cost': ['start', 'pool'],
    'max-hourly-price': ['start', 'pool'],
    'min-gpu-memory': ['start', 'pool'],
    'gpu-check': ['start'],
    'min-driver': ['start'],
    'gpu-report': ['start'],
    'approve-label': ['start'],
    'approve-label-once': ['start'],
    'min-permission': ['start'],
    'max-live': ['start', 'pool'],
    comment: ['start', 'connect'],
    'debug-on-failure': ['start'],
    'debug-public-key': ['start'],
    pool: ['start', 'pool'],
    'pool-size': ['start', 'pool'],
    // The sweep stops this repository's pool sandboxes unclaimed past it.
    'pool-idle': ['start', 'pool', 'sweep'],
    'pool-for': ['start', 'pool'],
    'pool-prepare': ['start', 'pool'],
    'pool-key': ['start', 'pool'],
    'pool-watch': ['pool'],
};


/***/ }),

/***/ 8818:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Rx: () => (/* binding */ DURATION_BOUNDS),
/* harmony export */   lW: () => (/* binding */ parseDurationSeconds),
/* harmony export */   p0: () => (/* binding */ duration)
/* harmony export */ });
/* unused harmony export formatBound */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9691);
/* harmony import */ var _refuse_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3219);
/**
 * Duration inputs (`90`, `90s`, `15m`, `2h`, `1h30m`) and their bounds. Every
 * duration has an upper bound: a timer longer than setTimeout can hold
 * (about 24.8 days) fires at once, so an unbounded `poll-interval: 999h`
 * would poll in a tight loop.
 */


const DURATION = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;
/** Parses `90`, `90s`, `15m`, `2h`, `1h30m` into seconds; undefined when malformed. */
function parseDurationSeconds(raw) {
    const text = raw.trim();
    if (/^\d+$/.test(text))
        return Number(text);
    const match = DURATION.exec(text);
    if (!match || text === '')
        return undefined;
    const [, h = '0', m = '0', s = '0'] = match;
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
}
const HOUR = 3600;
const DAY = 24 * HOUR;
/**
 * The bounds of each duration input. Waits are bounded by what a job can
 * run (self-hosted runners allow days; a day is already generous); the TTL
 * by what a workflow run can last (a sandbox kept alive for later jobs).
 */
const DURATION_BOUNDS = {
    timeout: { minSeconds: 1, maxSeconds: DAY },
    'poll-interval': { minSeconds: 1, maxSeconds: 10 * 60 },
    'capacity-timeout': { minSeconds: 0, maxSeconds: DAY },
    'max-ttl': { minSeconds: 1, maxSeconds: 30 * DAY },
    'max-grace': { minSeconds: 0, maxSeconds: DAY },
    'runner-timeout': { minSeconds: 1, maxSeconds: DAY },
    // An idle stop sooner than a minute would stop pool sandboxes as they become ready.
    'pool-idle': { minSeconds: 60, maxSeconds: DAY },
    // A keeper looks every few seconds; under a minute it would end before its first replacement is ready.
    'pool-watch': { minSeconds: 60, maxSeconds: 5 * DAY },
};
/** 86400 → '24h', 600 → '10m', 2592000 → '720h'. */
function formatBound(seconds) {
    if (seconds >= HOUR && seconds % HOUR === 0)
        return `${seconds / HOUR}h`;
    if (seconds >= 60 && seconds % 60 === 0)
        return `${seconds / 60}m`;
    return `${seconds}s`;
}
/** A duration schema from the raw string; the message names the limit that was crossed. */
function duration(bounds) {
    return zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().transform((raw, ctx) => {
        const seconds = parseDurationSeconds(raw);
        if (seconds === undefined) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_1__/* .refuse */ .T)(ctx, `must be a duration such as 90, 90s, 15m, 2h or 1h30m, got '${raw}'`);
        }
        if (seconds < bounds.minSeconds) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_1__/* .refuse */ .T)(ctx, `must be at least ${formatBound(bounds.minSeconds)}, got '${raw}'`);
        }
        if (seconds > bounds.maxSeconds) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_1__/* .refuse */ .T)(ctx, `must be at most ${formatBound(bounds.maxSeconds)} (${bounds.maxSeconds}s), got '${raw}'`);
        }
        return seconds;
    });
}


/***/ }),

/***/ 3006:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   AV: () => (/* binding */ apiToken),
/* harmony export */   A_: () => (/* binding */ gpuTypes),
/* harmony export */   BQ: () => (/* binding */ domainList),
/* harmony export */   Mq: () => (/* binding */ mode),
/* harmony export */   Xk: () => (/* binding */ envLines),
/* harmony export */   ZV: () => (/* binding */ sandboxName),
/* harmony export */   bU: () => (/* binding */ githubToken),
/* harmony export */   dx: () => (/* binding */ cidrList),
/* harmony export */   n1: () => (/* binding */ sandboxId),
/* harmony export */   o2: () => (/* binding */ internetAccess),
/* harmony export */   pc: () => (/* binding */ baseUrl),
/* harmony export */   rD: () => (/* binding */ wholeNumber),
/* harmony export */   ry: () => (/* binding */ splitList),
/* harmony export */   tL: () => (/* binding */ usableGitHubToken),
/* harmony export */   zM: () => (/* binding */ boolean)
/* harmony export */ });
/* unused harmony exports isValidCidr, isValidDomain, SANDBOX_NAME_PATTERN */
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7030);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(9691);
/* harmony import */ var _refuse_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(3219);
/* harmony import */ var _client_url_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(9000);
/* harmony import */ var _client_schemas_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(2805);
/* harmony import */ var _defaults_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(5213);
/**
 * Field parsers: one zod schema per kind of input, from the raw string, with
 * messages that say what is allowed. Per-mode assembly (read.ts) composes them.
 */






const MAX_INT = 2 ** 31 - 1;
function wholeNumber(min) {
    return zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
        const text = raw.trim();
        if (!/^\d+$/.test(text)) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `must be a whole number >= ${min}, got '${raw}'`);
        }
        const value = Number(text);
        if (value < min || value > MAX_INT) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `must be a whole number from ${min} to ${MAX_INT}, got '${raw}'`);
        }
        return value;
    });
}
const boolean = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    // The YAML 1.2 core schema booleans, as core.getBooleanInput accepts them.
    const text = raw.trim();
    if (['true', 'True', 'TRUE'].includes(text))
        return true;
    if (['false', 'False', 'FALSE'].includes(text))
        return false;
    return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `must be 'true' or 'false', got '${raw}'`);
});
/** Comma- or newline-separated list; blanks dropped. */
function splitList(raw) {
    return raw
        .split(/[,\n]/)
        .map((item) => item.trim())
        .filter((item) => item !== '');
}
const gpuTypes = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    const types = [];
    for (const item of splitList(raw)) {
        const upper = item.toUpperCase();
        if (!_client_schemas_js__WEBPACK_IMPORTED_MODULE_2__/* .GPU_TYPES */ .ND.includes(upper)) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `unknown GPU type '${item}'; allowed: ${_client_schemas_js__WEBPACK_IMPORTED_MODULE_2__/* .GPU_TYPES */ .ND.join(', ')} (any case, comma or newline separated)`);
        }
        if (types.includes(upper)) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `GPU type '${upper}' is listed twice`);
        }
        types.push(upper);
    }
    return types;
});
function isValidCidr(entry) {
    const slash = entry.indexOf('/');
    if (slash < 0)
        return false;
    const address = entry.slice(0, slash);
    const prefix = entry.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefix))
        return false;
    const version = (0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIP)(address);
    if (version === 4)
        return Number(prefix) <= 32;
    if (version === 6)
        return Number(prefix) <= 128 && !address.includes('%');
    return false;
}
const cidrList = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    const entries = splitList(raw);
    for (const entry of entries) {
        if (!isValidCidr(entry)) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `'${entry}' is not a CIDR range; use an IPv4 or IPv6 address with ` +
                `a prefix length, e.g. 10.0.0.0/8, 203.0.113.7/32 or 2001:db8::/32`);
        }
    }
    return entries;
});
const DOMAIN_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
function isValidDomain(entry) {
    const host = entry.startsWith('*.') ? entry.slice(2) : entry;
    if (host.length > 253)
        return false;
    const labels = host.split('.');
    if (labels.length < 2)
        return false;
    if (!labels.every((label) => DOMAIN_LABEL.test(label)))
        return false;
    // The last label is a TLD: never all digits (that would be an IP address).
    return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}
const domainList = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    const entries = splitList(raw).map((entry) => entry.toLowerCase().replace(/\.$/, ''));
    for (const entry of entries) {
        if (!isValidDomain(entry)) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `'${entry}' is not a domain name; use a name such as example.com or *.example.com`);
        }
    }
    return entries;
});
const internetAccess = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    const text = raw.trim().toLowerCase();
    if (!_client_schemas_js__WEBPACK_IMPORTED_MODULE_2__/* .INTERNET_ACCESS */ .pj.includes(text)) {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `must be one of ${_client_schemas_js__WEBPACK_IMPORTED_MODULE_2__/* .INTERNET_ACCESS */ .pj.join(', ')}, got '${raw}'`);
    }
    return text;
});
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const envLines = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    // A Map, not `key in {}`: keys such as constructor or toString are ordinary names here.
    const env = new Map();
    const lines = raw.split(/\r?\n/);
    for (const [index, line] of lines.entries()) {
        if (line.trim() === '')
            continue;
        const eq = line.indexOf('=');
        // Never echo the line: a value may be a secret.
        if (eq < 0) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `line ${index + 1} has no '='; write one KEY=VALUE per line`);
        }
        const key = line.slice(0, eq).trim();
        if (!ENV_KEY.test(key)) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `line ${index + 1} has an invalid key; keys are letters, digits and '_', not starting with a digit`);
        }
        if (env.has(key)) {
            return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `key '${key}' is set twice (line ${index + 1})`);
        }
        env.set(key, line.slice(eq + 1));
    }
    return Object.fromEntries(env);
});
const SANDBOX_NAME_PATTERN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const sandboxName = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    const text = raw.trim();
    if (!SANDBOX_NAME_PATTERN.test(text)) {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `must be 1 to 63 lower-case letters, digits and '-', starting and ` +
            `ending with a letter or digit, got '${raw}'`);
    }
    return text;
});
const sandboxId = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    const text = raw.trim();
    if (text === '') {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, 'is required in this mode (the id of a sandbox, sbx- and 16 hex digits)');
    }
    if (!_client_schemas_js__WEBPACK_IMPORTED_MODULE_2__/* .SANDBOX_ID_PATTERN */ .BA.test(text)) {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `must match ${_client_schemas_js__WEBPACK_IMPORTED_MODULE_2__/* .SANDBOX_ID_PATTERN */ .BA.source}, got '${raw}'`);
    }
    return text;
});
const baseUrl = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    let url;
    try {
        url = new URL(raw.trim());
    }
    catch {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `must be an absolute URL such as ${_defaults_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULT_BASE_URL */ .Ql}, got '${raw}'`);
    }
    if (url.username || url.password || url.search || url.hash) {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, 'must not carry credentials, a query or a fragment');
    }
    if (!(0,_client_url_js__WEBPACK_IMPORTED_MODULE_1__/* .isSafeTransport */ .v)(url)) {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `must use https:// (http:// is allowed only for a loopback host: localhost, ` +
            `127.0.0.0/8, [::1]), got '${url.protocol}//${url.host}'`);
    }
    return url.href.replace(/\/+$/, '');
});
const apiToken = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    const text = raw.trim();
    if (text === '') {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, 'is required; pass the API token from a secret, e.g. api-token: ${{ secrets.COMPUTE_API_TOKEN }}');
    }
    // A header value cannot carry these (a zero-width or non-Latin-1 character fails only when
    // sent, as a network error for the whole timeout); never echo the token itself.
    if (!/^[\x21-\x7e]+$/.test(text)) {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, 'contains whitespace, control, zero-width or non-ASCII characters; ' +
            'an API token is printable ASCII only: check the secret holds only the token');
    }
    return text;
});
const mode = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    const text = raw.trim() === '' ? 'start' : raw.trim();
    if (!_defaults_js__WEBPACK_IMPORTED_MODULE_3__/* .MODES */ .FN.includes(text)) {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, `must be one of ${_defaults_js__WEBPACK_IMPORTED_MODULE_3__/* .MODES */ .FN.join(', ')}, got '${raw}'`);
    }
    return text;
});
/**
 * A github-token that can be sent: the trimmed value, or undefined when empty or
 * an expression (the runner expands `${{ github.token }}`; a literal one means a local run).
 */
function usableGitHubToken(raw) {
    const text = raw.trim();
    return text === '' || text.startsWith('${{') ? undefined : text;
}
const githubToken = zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().transform((raw, ctx) => {
    const text = usableGitHubToken(raw);
    if (text === undefined) {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, "is required in mode 'sweep': the runner passes ${{ github.token }} " +
            "by default; give the job 'permissions: { actions: read }'");
    }
    if (!/^[\x21-\x7e]+$/.test(text)) {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_5__/* .refuse */ .T)(ctx, 'contains whitespace, control or non-ASCII characters; a GitHub token is printable ASCII only');
    }
    return text;
});


/***/ }),

/***/ 3156:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ repositoryFromEnv),
/* harmony export */   s: () => (/* binding */ jobEnvironmentFromEnv)
/* harmony export */ });
/* harmony import */ var _client_url_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9000);
/* harmony import */ var _ssh_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(877);
/**
 * What the runner's environment (not the inputs) contributes: the default name's parts, the repository, earlier SSH
 * aliases.
 */


function jobEnvironmentFromEnv(env = process.env) {
    return {
        repositoryId: env.GITHUB_REPOSITORY_ID,
        runId: env.GITHUB_RUN_ID,
        runAttempt: env.GITHUB_RUN_ATTEMPT,
        aliasInUse: (alias) => (0,_ssh_js__WEBPACK_IMPORTED_MODULE_1__/* .aliasWrittenBefore */ .vR)((0,_ssh_js__WEBPACK_IMPORTED_MODULE_1__/* .userSshConfigPath */ .bX)(), alias),
        env,
        workspace: env.GITHUB_WORKSPACE || process.cwd(),
    };
}
function serviceUrl(raw, fallback) {
    try {
        const url = new URL((raw ?? '').trim() || fallback);
        const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && (0,_client_url_js__WEBPACK_IMPORTED_MODULE_0__/* .isLoopbackHost */ .c)(url.hostname));
        return allowed && !url.username && !url.password ? url : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * This run's repository; undefined when the environment does not say, and
 * then `fail` hears why (to finish a sentence that starts with what needs it:
 * "'sweep' runs in …"). Only a workflow run has one.
 */
function repositoryFromEnv(env, fail = () => undefined) {
    const [owner, repo, ...rest] = (env.GITHUB_REPOSITORY ?? '').split('/');
    const id = env.GITHUB_REPOSITORY_ID ?? '';
    if (!owner || !repo || rest.length > 0 || !/^[A-Za-z0-9_.-]+$/.test(owner + repo) || !/^[1-9]\d{0,19}$/.test(id)) {
        fail('runs in a GitHub Actions workflow run: GITHUB_REPOSITORY (owner/repo) ' +
            'and GITHUB_REPOSITORY_ID must be set, as the runner sets them');
        return undefined;
    }
    const apiUrl = serviceUrl(env.GITHUB_API_URL, 'https://api.github.com');
    const serverUrl = serviceUrl(env.GITHUB_SERVER_URL, 'https://github.com');
    if (!apiUrl || !serverUrl) {
        fail('needs GITHUB_API_URL and GITHUB_SERVER_URL to be https:// addresses (http:// only on a loopback host)');
        return undefined;
    }
    return { owner, repo, id, apiUrl: apiUrl.href.replace(/\/+$/, ''), serverUrl: serverUrl.href.replace(/\/+$/, '') };
}


/***/ }),

/***/ 4818:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  RZ: () => (/* binding */ POOL_NAME),
  qr: () => (/* binding */ parsePool)
});

// UNUSED EXPORTS: MAX_POOL_SIZE

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __nccwpck_require__(9691);
// EXTERNAL MODULE: ./build/src/inputs/durations.js
var durations = __nccwpck_require__(8818);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(6760);
// EXTERNAL MODULE: ./build/src/runtime/paths.js
var paths = __nccwpck_require__(1794);
;// CONCATENATED MODULE: ./build/src/inputs/lock-files.js
/**
 * What a prepared pool's preparation installs from, when the workflow gives no
 * `pool-key`: the checkout's lock files. A pull request whose lock file differs
 * must never claim a sandbox prepared from another one, so their contents join
 * the pool's digest: the files the `pool-prepare` script names (a word of it
 * that is a file of the upload, e.g. `requirements.txt` in `pip install -r
 * requirements.txt`) and the usual lock and manifest files at the top of the
 * upload. Files the script does not name and that are not lock files (the
 * code under test) do not join it, so a change there still claims. Only
 * regular files inside the workspace count: a link is never followed out.
 */




/** The lock and manifest files of the usual package managers, at the top of the upload. */
const LOCK_FILES = [
    /^requirements[\w.-]*\.(txt|in)$/,
    /^constraints[\w.-]*\.txt$/,
    /^(pyproject\.toml|setup\.py|setup\.cfg|poetry\.lock|uv\.lock|Pipfile|Pipfile\.lock|pdm\.lock|pixi\.lock)$/,
    /^(environment\.ya?ml|conda-lock\.ya?ml)$/,
    /^(package\.json|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?)$/,
    /^(Cargo\.toml|Cargo\.lock|go\.mod|go\.sum|Gemfile|Gemfile\.lock|composer\.lock|flake\.lock)$/,
];
/** At most this many files join the digest, each read whole up to LARGE_BYTES (lock files are small). */
const MOST_FILES = 64;
const LARGE_BYTES = 16 * 1024 * 1024;
/** The words of a script that may be paths: split at blanks, quotes and shell operators, `--opt=` dropped. */
function scriptWords(script) {
    return script
        .split(/[\s"'`;&|()<>]+/)
        .map((word) => word.replace(/^--?[\w-]+=/, '').replace(/^\.\//, ''))
        .filter((word) => word !== '' && !word.startsWith('-') && !word.includes('$'));
}
/** Whether `path` (relative, normal) lies under one of the upload paths. */
const underUpload = (path, upload) => upload.some((root) => root === '.' || path === root || path.startsWith(`${root}/`));
/** A regular file of the workspace at `path`, not reached through a link out of it. */
function isWorkspaceFile(workspace, path) {
    try {
        if (!(0,external_node_fs_.lstatSync)((0,external_node_path_.join)(workspace, path)).isFile())
            return false;
        return (0,paths/* isInside */.F)((0,external_node_fs_.realpathSync)(workspace), (0,external_node_fs_.realpathSync)((0,external_node_path_.join)(workspace, path)));
    }
    catch {
        return false;
    }
}
/** The files the preparation installs from (see the module's comment), and their digest. */
function lockFilesOf(workspace, upload, script) {
    const named = scriptWords(script)
        .map((word) => external_node_path_.posix.normalize(word))
        .filter((path) => !path.startsWith('..') && !path.startsWith('/') && path !== '.');
    const tops = upload.flatMap((root) => {
        try {
            const dir = (0,external_node_path_.join)(workspace, root);
            if (!(0,external_node_fs_.lstatSync)(dir).isDirectory())
                return [root];
            return (0,external_node_fs_.readdirSync)(dir).map((name) => (root === '.' ? name : `${root}/${name}`));
        }
        catch {
            return [];
        }
    });
    const locks = tops.filter((path) => LOCK_FILES.some((pattern) => pattern.test(external_node_path_.posix.basename(path))));
    const files = [...new Set([...named, ...locks])]
        .filter((path) => underUpload(path, upload) && isWorkspaceFile(workspace, path))
        .sort()
        .slice(0, MOST_FILES);
    if (files.length === 0)
        return { files };
    const hash = (0,external_node_crypto_.createHash)('sha256');
    for (const path of files) {
        const full = (0,external_node_path_.join)(workspace, path);
        // A large file the script names (an archive it unpacks) joins by its size: lock files are small.
        const size = (0,external_node_fs_.statSync)(full).size;
        hash.update(`${path}\0${size > LARGE_BYTES ? `${size} bytes` : (0,external_node_fs_.readFileSync)(full).toString('base64')}\0`);
    }
    return { files, digest: hash.digest('hex').slice(0, 16) };
}

// EXTERNAL MODULE: ./build/src/inputs/refuse.js
var refuse = __nccwpck_require__(3219);
// EXTERNAL MODULE: ./build/src/inputs/run.js
var run = __nccwpck_require__(2206);
;// CONCATENATED MODULE: ./build/src/inputs/trust-domain.js
/**
 * The warm pool's trust domains, default deny: a step is `branches` (trusted)
 * only where the runner's environment and GitHub's payload show that it runs
 * the repository's reviewed code: an event that runs its own ref's code (a
 * push, a schedule, a dispatch) of the default branch or of a protected ref,
 * whose payload names no pull request; or a `workflow_run` whose triggering
 * run was itself such a run of the default branch, in this repository. Every
 * other step is `pull-requests` (untrusted): pull-request events, pushes to
 * unprotected branches and tags, `issue_comment` and the runs it triggers,
 * `check_*` events (a fork's come with `pull_requests: []`), a payload that
 * cannot be read, an event this list does not know, no event at all.
 *
 * A step claims, refills and stops as idle only its own domain's sandboxes, so
 * whatever an untrusted step's code does to its sandbox, no trusted job is ever
 * handed it. What the step's own inputs say never makes it trusted: only
 * `pool-for: pull-requests` is honoured where it differs (pool.ts).
 */

const TRUST_DOMAINS = ['pull-requests', 'branches'];
/** The events that run a pull request's code whatever their payload says. */
const PULL_REQUEST_EVENTS = [
    'pull_request',
    'pull_request_target',
    'pull_request_review',
    'pull_request_review_comment',
    'merge_group',
];
/** The events that run their own ref's code: trusted only for the default branch or a protected ref. */
const OWN_REF_EVENTS = ['push', 'schedule', 'workflow_dispatch', 'repository_dispatch'];
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const trust_domain_text = (value) => (typeof value === 'string' && value !== '' ? value : undefined);
/** Whether one object of the payload names a pull request: its own `pull_request`, or a non-empty `pull_requests`. */
function namesPullRequest(value) {
    if (!isObject(value))
        return false;
    if (isObject(value.pull_request))
        return true;
    return Array.isArray(value.pull_requests) && value.pull_requests.length > 0;
}
/**
 * Whether the payload names a pull request: at its top (`pull_request`), or one level down, as `issue_comment` on a
 * pull request (`issue.pull_request`) and a `workflow_run`, `check_suite` or `check_run` of one (`pull_requests`) do.
 */
function payloadNamesPullRequest(payload) {
    if (!isObject(payload))
        return false;
    if (namesPullRequest(payload))
        return true;
    // Workflow-dispatch inputs are the caller's words, not GitHub's: never read as a pull request.
    return Object.entries(payload).some(([key, value]) => key !== 'inputs' && namesPullRequest(value));
}
const untrusted = (why) => ({ domain: 'pull-requests', why });
const trusted = (why) => ({ domain: 'branches', why });
/** An own-ref event: trusted for the default branch (GITHUB_REF against the payload's) or a protected ref. */
function ownRefDomain(event, env, payload) {
    const ref = env.GITHUB_REF ?? '';
    const repository = isObject(payload.repository) ? payload.repository : {};
    const defaultBranch = trust_domain_text(repository.default_branch);
    if (defaultBranch !== undefined && ref === `refs/heads/${defaultBranch}`)
        return trusted(`the ${event} event of the default branch`);
    if (env.GITHUB_REF_PROTECTED === 'true')
        return trusted(`the ${event} event of a protected ref`);
    const shown = /^refs\/[A-Za-z0-9._/-]{1,100}$/.test(ref) ? ref : 'a ref';
    return untrusted(`the ${event} event of ${shown}, neither the default branch nor protected`);
}
/** A workflow_run: trusted where the run that triggered it was an own-ref event of this repository's default branch. */
function workflowRunDomain(payload) {
    const run = isObject(payload.workflow_run) ? payload.workflow_run : {};
    const repository = isObject(payload.repository) ? payload.repository : {};
    const head = isObject(run.head_repository) ? run.head_repository : {};
    const before = trust_domain_text(run.event) ?? 'unknown';
    const ownRef = OWN_REF_EVENTS.includes(before);
    const same = trust_domain_text(head.full_name) !== undefined && trust_domain_text(head.full_name) === trust_domain_text(repository.full_name);
    const onDefault = trust_domain_text(run.head_branch) !== undefined && trust_domain_text(run.head_branch) === trust_domain_text(repository.default_branch);
    const named = /^[a-z_]{1,60}$/.test(before) ? before : 'unnamed';
    if (ownRef && same && onDefault)
        return trusted(`a workflow_run of a ${named} run of the default branch`);
    return untrusted(`a workflow_run of a ${named} run not shown to be the default branch's own`);
}
/** The trust domain of the step that runs with `env` (GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REF…). */
function domainOfStep(env) {
    const given = (env.GITHUB_EVENT_NAME ?? '').trim();
    if (given === '')
        return untrusted('no GITHUB_EVENT_NAME: not shown to be a trusted run');
    // Only an event's spelling goes into the log.
    const event = /^[a-z_]{1,60}$/.test(given) ? given : 'unnamed';
    if (PULL_REQUEST_EVENTS.includes(event))
        return untrusted(`the ${event} event`);
    let payload;
    try {
        payload = JSON.parse((0,external_node_fs_.readFileSync)(env.GITHUB_EVENT_PATH ?? '', 'utf8'));
    }
    catch {
        return untrusted(`the ${event} event's payload (GITHUB_EVENT_PATH) cannot be read`);
    }
    if (!isObject(payload))
        return untrusted(`the ${event} event's payload is not an object`);
    if (payloadNamesPullRequest(payload))
        return untrusted(`the ${event} event's payload names a pull request`);
    if (OWN_REF_EVENTS.includes(event))
        return ownRefDomain(event, env, payload);
    if (event === 'workflow_run')
        return workflowRunDomain(payload);
    return untrusted(`the ${event} event, which does not run a ref's own reviewed code`);
}

;// CONCATENATED MODULE: ./build/src/inputs/pool.js
/**
 * The warm pool's inputs: `pool` (its name), `pool-size` and `pool-idle`, read
 * in start mode (beside the start's own inputs) and in mode `pool`, and
 * `pool-for`. A pool sandbox is named for the repository, so
 * a pool runs in a workflow run (GITHUB_REPOSITORY_ID), and the step's own name
 * is generated: it is the claimant a claim on a sandbox names. Its trust domain
 * is the step's own (trust-domain.ts); `pool-for` may name the untrusted one,
 * never the trusted one for a step not shown to be trusted.
 */






/** A pool's name: lower-case letters, digits and '-', at most 20, starting and ending with a letter or digit. */
const POOL_NAME = /^[a-z0-9](?:[a-z0-9-]{0,18}[a-z0-9])?$/;
/** The most ready, unclaimed sandboxes a pool may hold. */
const MAX_POOL_SIZE = 20;
/** pool-key: one line of visible characters, as an image id is (it names what a lock file or a hash produced). */
const poolKey = schemas/* string */.YjP().transform((raw, ctx) => {
    const text = raw.trim();
    if (!/^[\x21-\x7e]{1,256}$/.test(text))
        return (0,refuse/* refuse */.T)(ctx, 'must be one line of visible characters without spaces, at most 256 (e.g. a hashFiles result)');
    return text;
});
const poolName = schemas/* string */.YjP().transform((raw, ctx) => {
    const text = raw.trim();
    if (!POOL_NAME.test(text))
        return (0,refuse/* refuse */.T)(ctx, "must be lower-case letters, digits and '-' (at most 20, starting and ending with a letter or digit), " +
            `got '${raw}'`);
    return text;
});
const poolSize = schemas/* string */.YjP().transform((raw, ctx) => {
    const text = raw.trim();
    if (!/^\d+$/.test(text) || Number(text) > MAX_POOL_SIZE)
        return (0,refuse/* refuse */.T)(ctx, `must be a whole number from 0 to ${MAX_POOL_SIZE}, got '${raw}'`);
    return Number(text);
});
const poolFor = schemas/* string */.YjP().transform((raw, ctx) => {
    const text = raw.trim().toLowerCase();
    if (!TRUST_DOMAINS.includes(text))
        return (0,refuse/* refuse */.T)(ctx, `must be ${TRUST_DOMAINS.join(' or ')}, got '${raw}'`);
    return text;
});
/**
 * The domain: the step's own (default deny, trust-domain.ts). `pool-for` may name the untrusted one on a trusted step
 * (mode pool keeping the pull requests' pool; a start step that checks out a pull request's code under a trusted
 * event, which then also prepares nothing of the pool's); no step can name itself trusted.
 */
function parseDomain(inputs, job, poolMode) {
    const step = domainOfStep(job.env ?? {});
    if (!inputs.isSet('pool-for'))
        return { ...step, own: step };
    const named = inputs.parse('pool-for', poolFor);
    if (named === 'branches' && step.domain === 'pull-requests')
        inputs.fail('pool-for', `is 'branches', but this step is not shown to run the repository's reviewed code (${step.why}): it may ` +
            `${poolMode ? 'keep' : 'claim from'} only the pull-requests pool; the branches' pool is for the default ` +
            "branch's and protected refs' own runs (push, schedule, workflow_dispatch)");
    if (named === undefined || named === step.domain)
        return { ...step, own: step };
    // A trusted start step that says it runs untrusted code is untrusted in every way (it prepares no pool sandbox).
    const own = poolMode ? step : { domain: named, why: 'pool-for: pull-requests' };
    return { domain: named, why: 'pool-for', own };
}
/** pool, pool-size, pool-idle, pool-for; undefined without `pool` (then the others are errors where changed). */
function parsePool(inputs, job, required) {
    if (!inputs.isSet('pool')) {
        if (required)
            inputs.fail('pool', "is required in mode 'pool': the name of the pool to keep");
        for (const name of ['pool-size', 'pool-idle', 'pool-prepare', 'pool-key', 'pool-watch'])
            if (inputs.changed(name))
                inputs.fail(name, "is set but 'pool' is empty; set pool (a pool's name) or remove it");
        return undefined;
    }
    const name = inputs.parse('pool', poolName);
    const size = inputs.parse('pool-size', poolSize);
    const idleSeconds = inputs.parse('pool-idle', (0,durations/* duration */.p0)(durations/* DURATION_BOUNDS */.Rx['pool-idle']));
    const { domain, why: domainWhy, own } = parseDomain(inputs, job, required);
    if (inputs.isSet('name'))
        inputs.fail('name', "is set beside 'pool': a pool's sandboxes carry generated names; leave 'name' empty");
    const repositoryId = job.repositoryId ?? '';
    if (!/^[1-9]\d{0,19}$/.test(repositoryId))
        inputs.fail('pool', 'runs in a GitHub Actions workflow run: GITHUB_REPOSITORY_ID must be set, as the runner sets it');
    const prepare = parsePreparation(inputs, required && own.domain === 'pull-requests', own.why, job);
    const watchSeconds = required ? parseWatch(inputs, size) : undefined;
    return {
        name,
        size,
        idleSeconds,
        repositoryId,
        domain,
        domainWhy,
        ...(prepare ? { prepare } : {}),
        ...(watchSeconds === undefined ? {} : { watchSeconds }),
    };
}
/**
 * pool-prepare and pool-key. A keeper run for a pull request's event may not prepare: its workflow file and inputs are
 * the pull request's to change (a job of that event still prepares its own sandbox, never a pool's).
 */
function parsePreparation(inputs, untrustedKeeper, why, job) {
    const script = inputs.read('pool-prepare');
    if (script.trim() === '') {
        if (inputs.isSet('pool-key'))
            inputs.fail('pool-key', "is set but 'pool-prepare' is empty; a key names what a preparation produced");
        return undefined;
    }
    if (untrustedKeeper)
        inputs.fail('pool-prepare', `is set in mode 'pool' on a step that runs a pull request's code (${why}): only a workflow of the default ` +
            'branch (push, schedule, workflow_dispatch) starts and prepares sandboxes of a prepared pool');
    const key = inputs.isSet('pool-key') ? inputs.parse('pool-key', poolKey) : '';
    const workspace = job.workspace ?? process.cwd();
    // With run, run's own parse says what is wrong with a path; once is enough.
    const quiet = inputs.read('run').trim() !== '';
    const upload = (0,run/* parsePaths */.I)(inputs.raw('upload'), 'upload', workspace, (message) => {
        if (!quiet)
            inputs.fail('upload', message);
    });
    const lockFiles = key === '' ? lockFilesOf(workspace, upload, script) : undefined;
    return { script, key, workspace, upload, ...(lockFiles ? { lockFiles } : {}) };
}
/** pool-watch: mode pool only; a keeper that keeps nothing (pool-size 0, a drain) has nothing to watch. */
function parseWatch(inputs, size) {
    if (!inputs.isSet('pool-watch'))
        return undefined;
    const seconds = inputs.parse('pool-watch', (0,durations/* duration */.p0)(durations/* DURATION_BOUNDS */.Rx['pool-watch']));
    if (size === 0)
        inputs.fail('pool-watch', 'is set with pool-size 0, which drains the pool once; leave pool-watch empty to drain');
    return seconds;
}


/***/ }),

/***/ 3540:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  p8: () => (/* binding */ readMainInputs),
  AO: () => (/* binding */ readUnservedInputs)
});

// UNUSED EXPORTS: maskSecretInputs, parseConnection, parseInputs

// EXTERNAL MODULE: ./build/src/inputs/durations.js
var durations = __nccwpck_require__(8818);
// EXTERNAL MODULE: ./build/src/inputs/collector.js
var collector = __nccwpck_require__(1764);
// EXTERNAL MODULE: ./build/src/inputs/runner.js
var inputs_runner = __nccwpck_require__(5837);
// EXTERNAL MODULE: ./build/src/inputs/fields.js
var fields = __nccwpck_require__(3006);
// EXTERNAL MODULE: ./build/src/inputs/job-environment.js
var job_environment = __nccwpck_require__(3156);
;// CONCATENATED MODULE: ./build/src/inputs/unserved.js
/**
 * Runner mode's fallback when the holding step cannot serve its runner
 * (CONTRACT, "Runner mode never strands a job"): the label, token, repository
 * and run needed to register a runner that fails the waiting job at once.
 * Read leniently after the main step failed: an input error anywhere but in
 * `runner`, `runner-label` and `github-token` still gives it; never an error.
 */





const OWN_INPUTS = ['runner', 'runner-label', 'github-token'];
const DEFAULT_TIMEOUT_S = 600;
/** Undefined when runner mode was not asked for, or its own inputs cannot name a label and a token. */
function parseUnserved(read, job, errors) {
    if (errors.some((error) => OWN_INPUTS.includes(error.input)))
        return undefined;
    const inputs = new collector/* Collector */.gR(read);
    const mode = fields/* mode */.Mq.safeParse(inputs.raw('mode'));
    if (mode.success && mode.data !== 'start')
        return undefined;
    if (fields/* boolean */.zM.safeParse(inputs.raw('runner')).data !== true)
        return undefined;
    const label = inputs.isSet('runner-label') ? inputs.raw('runner-label').trim() : (0,inputs_runner/* defaultLabel */.AB)(job);
    const githubToken = fields/* usableGitHubToken */.tL(inputs.read('github-token'));
    const env = job.env ?? {};
    // A fork's pull request is refused runner mode outright (an error on 'runner'); checked again, never guessed.
    if (!inputs_runner/* LABEL */.d_.test(label) || githubToken === undefined || (0,inputs_runner/* isForkPullRequest */.B7)(env))
        return undefined;
    const repository = (0,job_environment/* repositoryFromEnv */.i)(env);
    if (!repository)
        return undefined;
    const timeout = (0,durations/* duration */.p0)(durations/* DURATION_BOUNDS */.Rx['runner-timeout']).safeParse(inputs.raw('runner-timeout'));
    return {
        label,
        githubToken,
        repository,
        workflowRun: (0,inputs_runner/* workflowRunFromEnv */.wL)(env),
        pickupTimeoutMs: (timeout.success ? timeout.data : DEFAULT_TIMEOUT_S) * 1000,
        holdingJob: env.GITHUB_JOB ?? '',
        serves: (0,inputs_runner/* lenientCount */.fM)(inputs.raw('runner-jobs'), inputs_runner/* MAX_RUNNER_JOBS */.tu) * (0,inputs_runner/* lenientCount */.fM)(inputs.raw('runners'), inputs_runner/* MAX_RUNNERS */["do"]),
    };
}

// EXTERNAL MODULE: ./build/src/inputs/caps.js
var caps = __nccwpck_require__(4138);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __nccwpck_require__(9691);
// EXTERNAL MODULE: ./build/src/inputs/refuse.js
var refuse = __nccwpck_require__(3219);
;// CONCATENATED MODULE: ./build/src/inputs/gpu-check.js
/**
 * `gpu-check` and `min-driver`: after ready, nvidia-smi over the
 * action's own SSH must show the GPUs that were started, free, with a driver
 * at least `min-driver`. Empty `gpu-check` means: on when a GPU is asked and
 * the step has SSH access anyway (ssh, run or runner); `true` (or a
 * `min-driver`) gives the step SSH access for the check.
 * `gpu-report`: sample the GPUs from ready to the stop; empty means on
 * with a GPU and SSH access, `true` gives the step SSH access for it.
 */



const driverVersion = schemas/* string */.YjP().transform((raw, ctx) => {
    const text = raw.trim();
    if (!/^\d{1,4}(\.\d{1,4}){0,2}$/.test(text))
        return (0,refuse/* refuse */.T)(ctx, `must be a driver version like 550.54, got '${raw}'`);
    return text;
});
function parseGpuCheck(inputs, gpus, sshAnyway) {
    const explicit = inputs.isSet('gpu-check') ? inputs.parse('gpu-check', fields/* boolean */.zM) : undefined;
    const minDriver = inputs.isSet('min-driver') ? inputs.parse('min-driver', driverVersion) : undefined;
    if (gpus.length === 0) {
        if (explicit === true)
            inputs.fail('gpu-check', "is true but 'gpu-type' is empty: there is no GPU to check");
        if (minDriver !== undefined)
            inputs.fail('min-driver', "is set but 'gpu-type' is empty: there is no GPU to check");
        return undefined;
    }
    if (explicit === false) {
        if (minDriver !== undefined)
            inputs.fail('min-driver', 'needs the GPU check; remove gpu-check: false or min-driver');
        return undefined;
    }
    if (explicit === true || minDriver !== undefined || sshAnyway)
        return minDriver ? { minDriver } : {};
    return undefined;
}
/** gpu-report as given: true, false, or undefined (empty: on where a GPU has SSH access, decided by the caller). */
function parseGpuReport(inputs, gpus) {
    // The retry's fault is seen by gpu-report's watch: without it nothing would ever be retried.
    if (inputs.changed('retry-on-gpu-fault') &&
        (gpus.length === 0 || inputs.raw('gpu-report').trim().toLowerCase() === 'false'))
        inputs.fail('retry-on-gpu-fault', 'is set, but the GPU is not watched: it needs a gpu-type, with gpu-report on');
    // max-cost enforces a TTL of the whole budget on each sandbox: a fresh one would be given all of it again.
    if (inputs.changed('retry-on-gpu-fault') && inputs.isSet('max-cost'))
        inputs.fail('retry-on-gpu-fault', 'is set with max-cost, whose whole budget each fresh sandbox would get again; remove one');
    if (!inputs.isSet('gpu-report'))
        return undefined;
    const wanted = inputs.parse('gpu-report', fields/* boolean */.zM);
    if (wanted && gpus.length === 0)
        inputs.fail('gpu-report', "is true but 'gpu-type' is empty: there is no GPU to sample");
    return wanted;
}

// EXTERNAL MODULE: ./build/src/inputs/approval.js
var approval = __nccwpck_require__(8944);
;// CONCATENATED MODULE: ./build/src/inputs/comment.js
/**
 * `comment: true` (issues 32 and 43): where the pull-request comment goes. Its
 * hidden marker's key is the workflow (its file, else its name): one comment
 * per workflow holds a row for every job and matrix leg, and every re-run edits
 * the same rows.
 */



/** The workflow's file (GITHUB_WORKFLOW_REF without its ref), else its name: the same on every run and re-run. */
function commentKey(env) {
    const file = (env.GITHUB_WORKFLOW_REF ?? '').split('@')[0];
    return (file || env.GITHUB_WORKFLOW || 'workflow').replace(/[^\w./-]/g, '_').slice(0, 160);
}
/** The comment's target; undefined without comment: true, or outside a pull request (said once, in the log). */
function parseComment(inputs, job, log = () => undefined) {
    if (!inputs.parse('comment', fields/* boolean */.zM))
        return undefined;
    const env = job.env ?? {};
    const githubToken = fields/* usableGitHubToken */.tL(inputs.read('github-token'));
    if (!githubToken)
        inputs.fail('github-token', 'is empty, and comment: true writes with it (pull-requests: write)');
    const repository = (0,job_environment/* repositoryFromEnv */.i)(env, (why) => inputs.fail('comment', why));
    const pullRequest = (0,approval/* pullRequestOf */._n)(env);
    if (typeof pullRequest === 'string')
        inputs.fail('comment', pullRequest);
    if (!githubToken || !repository || typeof pullRequest === 'string')
        return undefined;
    if (!pullRequest) {
        log(`comment: a '${env.GITHUB_EVENT_NAME ?? 'local'}' run has no pull request to comment on.`);
        return undefined;
    }
    const runUrl = `${repository.serverUrl}/${repository.owner}/${repository.repo}/actions/runs/` +
        `${env.GITHUB_RUN_ID ?? ''}/attempts/${env.GITHUB_RUN_ATTEMPT ?? '1'}`;
    const workflow = env.GITHUB_WORKFLOW ?? 'workflow';
    const [id, attempt] = [Number(job.runId ?? env.GITHUB_RUN_ID), Number(job.runAttempt ?? env.GITHUB_RUN_ATTEMPT ?? 1)];
    return {
        githubToken,
        repository,
        number: pullRequest.number,
        key: commentKey(env),
        workflow,
        job: `${workflow} / ${env.GITHUB_JOB ?? 'job'}`,
        runUrl,
        ...(Number.isSafeInteger(id) && id > 0 && Number.isSafeInteger(attempt) ? { workflowRun: { id, attempt } } : {}),
        ...(env.RUNNER_NAME ? { runnerName: env.RUNNER_NAME } : {}),
    };
}

;// CONCATENATED MODULE: ./build/src/inputs/debug.js
/**
 * `debug-on-failure` and `debug-public-key`: after a failed run,
 * the post step holds the sandbox this long for a person to connect with the
 * public key's owner's private key (the service signs a certificate for the
 * public key; the private key never leaves its owner). It needs the action's
 * own SSH access (to see the release file), so it implies it. For a pull
 * request from a fork the hold is refused, never the run: the
 * inputs are still checked, and `refused` says why (the post step warns once).
 */




const FORK_REFUSAL = 'the hold is refused for pull requests from forks: their code would keep a machine of yours running, ' +
    'and its log would hand a way in to whoever holds the key';
/** A hold of at most 6 hours: the enforced TTL bounds it anyway. */
const HOLD_BOUNDS = { minSeconds: 10, maxSeconds: 6 * 3600 };
const publicKey = schemas/* string */.YjP().transform((raw, ctx) => {
    const text = raw.trim();
    const [type = '', body = ''] = text.split(' ');
    const types = ['ssh-ed25519', 'ssh-rsa', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521'];
    if (!types.includes(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(body) || /[\r\n]/.test(text) || text.length > 4096)
        return (0,refuse/* refuse */.T)(ctx, 'must be one OpenSSH public key line (ssh-ed25519 AAAA… you@host); never a private key');
    return text;
});
function parseDebug(inputs, job) {
    if (!inputs.isSet('debug-on-failure')) {
        if (inputs.isSet('debug-public-key'))
            inputs.fail('debug-public-key', "is set but 'debug-on-failure' is empty");
        return undefined;
    }
    const holdSeconds = inputs.parse('debug-on-failure', (0,durations/* duration */.p0)(HOLD_BOUNDS));
    if (!inputs.isSet('debug-public-key'))
        inputs.fail('debug-public-key', 'is required with debug-on-failure: the public key whose owner connects');
    const key = inputs.isSet('debug-public-key') ? inputs.parse('debug-public-key', publicKey) : undefined;
    if (holdSeconds === undefined || key === undefined)
        return undefined;
    const refused = (0,inputs_runner/* isForkPullRequest */.B7)(job.env ?? {}) ? FORK_REFUSAL : undefined;
    return { holdMs: holdSeconds * 1000, publicKey: key, ...(refused ? { refused } : {}) };
}

// EXTERNAL MODULE: ./build/src/inputs/defaults.js
var defaults = __nccwpck_require__(5213);
;// CONCATENATED MODULE: ./build/src/inputs/image.js
/** `image`: the image_id of an image prepared through the service, sent as is. */


const IMAGE_MAX_CHARACTERS = 256;
/** One line of visible characters: no control, format or line-separator characters, not blank. */
const VISIBLE_LINE = /^[^\p{C}\p{Zl}\p{Zp}]+$/u;
const imageId = schemas/* string */.YjP().transform((raw, ctx) => {
    const text = raw.trim();
    if (!VISIBLE_LINE.test(text) || [...text].length > IMAGE_MAX_CHARACTERS) {
        return (0,refuse/* refuse */.T)(ctx, `must be one line of at most ${IMAGE_MAX_CHARACTERS} visible characters ` +
            `(an image id prepared through the service)`);
    }
    return text;
});

;// CONCATENATED MODULE: ./build/src/inputs/private-key.js
/**
 * A private key where a public one belongs (`public-key`, `instance-config`'s
 * public_key) is a user error that would send the key to the service and print
 * it in errors: it is refused, and masked before anything is printed.
 */
const PRIVATE_KEY_MARKERS = /PRIVATE KEY|b3BlbnNzaC1rZXktdjE/;
function looksLikePrivateKey(text) {
    return PRIVATE_KEY_MARKERS.test(text);
}
/** Masks the whole input and every line of it when it holds a private key. Call before parsing. */
function maskPrivateKeyInputs(read, setSecret, names) {
    for (const name of names) {
        const value = read(name);
        if (!looksLikePrivateKey(value))
            continue;
        setSecret(value);
        for (const line of value.split(/\r?\n|\\n/)) {
            const trimmed = line.trim().replace(/^"|"$/g, '');
            if (trimmed.length > 0)
                setSecret(trimmed);
        }
    }
}

;// CONCATENATED MODULE: ./build/src/inputs/json-object.js
/**
 * `instance-config`: a JSON object merged into the create body. Bounded in
 * size and depth before it is parsed or walked (10,000 nested brackets must be
 * an input error, not a stack overflow).
 */



const JSON_INPUT_LIMITS = { bytes: 64 * 1024, depth: 20 };
/** The deepest bracket nesting of a JSON text, counted without parsing (strings skipped). */
function jsonDepth(text) {
    let depth = 0;
    let deepest = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (inString) {
            if (c === '\\')
                i++;
            else if (c === '"')
                inString = false;
        }
        else if (c === '"')
            inString = true;
        else if (c === '{' || c === '[')
            deepest = Math.max(deepest, ++depth);
        else if (c === '}' || c === ']')
            depth--;
    }
    return deepest;
}
const jsonObject = schemas/* string */.YjP().transform((raw, ctx) => {
    const text = raw.trim() === '' ? '{}' : raw;
    if (Buffer.byteLength(text) > JSON_INPUT_LIMITS.bytes) {
        return (0,refuse/* refuse */.T)(ctx, `must be at most ${JSON_INPUT_LIMITS.bytes / 1024} KiB of JSON, got ${Buffer.byteLength(text)} bytes`);
    }
    if (jsonDepth(text) > JSON_INPUT_LIMITS.depth) {
        return (0,refuse/* refuse */.T)(ctx, `must nest at most ${JSON_INPUT_LIMITS.depth} levels of objects and arrays`);
    }
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return (0,refuse/* refuse */.T)(ctx, 'must be a JSON object, e.g. {"template": "base"}; it is not valid JSON');
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return (0,refuse/* refuse */.T)(ctx, 'must be a JSON object ({...}), not an array, string, number or null');
    }
    const publicKey = value.public_key;
    if (typeof publicKey === 'string' && looksLikePrivateKey(publicKey)) {
        return (0,refuse/* refuse */.T)(ctx, 'has a public_key that is a private key (it is masked); send the public key (the .pub file) instead');
    }
    return value;
});

// EXTERNAL MODULE: ./build/src/inputs/run.js
var run = __nccwpck_require__(2206);
// EXTERNAL MODULE: ./build/src/inputs/sizes.js
var sizes = __nccwpck_require__(5265);
// EXTERNAL MODULE: ./build/src/inputs/ssh.js
var ssh = __nccwpck_require__(877);
;// CONCATENATED MODULE: ./build/src/inputs/unused.js

/**
 * Never warned about: the runner expands github-token's expression default,
 * and start mode refuses sandbox-id outright (its own input error: a stop
 * meant as a start must not cost a sandbox).
 */
const NOT_WARNED = { start: ['sandbox-id'] };
function unusedInputWarnings(read, mode) {
    const warnings = [];
    for (const name of Object.keys(defaults/* INPUT_MODES */.mG)) {
        const modes = defaults/* INPUT_MODES */.mG[name];
        if (modes === 'all' || modes.includes(mode) || name === 'github-token' || NOT_WARNED[mode]?.includes(name))
            continue;
        const value = read(name).trim();
        if (value === '' || value === defaults/* INPUT_DEFAULTS */.WJ[name])
            continue;
        warnings.push(`Input '${name}' is not used in mode '${mode}'; it is ignored (it ` +
            `is read in mode ${modes.map((m) => `'${m}'`).join(', ')}).`);
    }
    return warnings;
}

;// CONCATENATED MODULE: ./build/src/inputs/network-policy.js

/**
 * internet-access and the allowlists. Start mode: empty means open (the
 * contract's default). Network-policy mode replaces the whole policy, so it
 * must be given: a policy is never opened by omission. Allowlists mean
 * something only with restricted, so anything else with one is an error.
 */
function parseNetworkPolicy(inputs, mode) {
    let access;
    if (inputs.isSet('internet-access'))
        access = inputs.parse('internet-access', fields/* internetAccess */.o2);
    else if (mode === 'start')
        access = 'open';
    else
        inputs.fail('internet-access', "is required in mode 'network-policy': closed, open or restricted. " +
            "It replaces the sandbox's whole policy, so it is never opened by omission");
    const cidrs = inputs.parse('cidr-allowlist', fields/* cidrList */.dx);
    const domains = inputs.parse('domain-allowlist', fields/* domainList */.BQ);
    if (access !== undefined && access !== 'restricted') {
        const shown = inputs.isSet('internet-access') ? `'${access}'` : "empty, which means 'open'";
        for (const list of ['cidr-allowlist', 'domain-allowlist']) {
            if (inputs.isSet(list))
                inputs.fail(list, `is only used with 'internet-access: restricted', but 'internet-access' ` +
                    `is ${shown}; set internet-access: restricted, or remove ${list}`);
        }
    }
    const policy = { internet_access: access ?? 'closed' };
    if (cidrs && cidrs.length > 0)
        policy.cidr_allowlist = cidrs;
    if (domains && domains.length > 0)
        policy.domain_allowlist = domains;
    return policy;
}

// EXTERNAL MODULE: ./build/src/inputs/default-name.js
var default_name = __nccwpck_require__(6536);
// EXTERNAL MODULE: ./build/src/inputs/pool.js + 2 modules
var inputs_pool = __nccwpck_require__(4818);
;// CONCATENATED MODULE: ./build/src/inputs/read.js
/**
 * Per-mode assembly: which inputs each mode reads, composed from the field
 * parsers. Every input is read here, once; nothing else calls core.getInput.
 */






















/** ssh-alias, checked (its form, and not written by an earlier step of the job). */
function parseAlias(inputs, job) {
    const alias = inputs.raw('ssh-alias').trim();
    const problem = (0,ssh/* checkAlias */.ff)(alias, job.aliasInUse ?? (() => false));
    if (problem) {
        inputs.fail('ssh-alias', problem);
        return undefined;
    }
    return { alias };
}
/** ssh and ssh-alias, for start and instance modes; `implied`: run needs SSH whatever `ssh` says. */
function parseSsh(inputs, job, implied = false, kept = true) {
    const asked = inputs.parse('ssh', fields/* boolean */.zM);
    if (!asked && !implied) {
        if (inputs.changed('ssh-alias'))
            inputs.fail('ssh-alias', "is set but 'ssh' is not true (and 'run' is empty); set ssh: true to use it");
        return undefined;
    }
    const alias = parseAlias(inputs, job);
    return alias && (asked || kept ? alias : { ...alias, laterSteps: false });
}
/** `run` with nothing that uses SSH after the main step (a runner, a debug hold); gpu-report ends with run. */
function runAlone(inputs, runner, debug) {
    return inputs.isSet('run') && !runner && !(debug && !debug.refused);
}
/** gpu-count: 1 with a GPU type unless given; an error without one. */
function parseGpuCount(inputs, gpus) {
    if (!inputs.isSet('gpu-count'))
        return gpus.length > 0 ? 1 : undefined;
    const count = inputs.parse('gpu-count', fields/* wholeNumber */.rD(1));
    if (gpus.length === 0)
        inputs.fail('gpu-count', "is set but 'gpu-type' is empty; set gpu-type (A6000, A100 or H100) or remove gpu-count");
    return count;
}
/** run, the runner and a prepared pool's own preparation (a job that claims none) work over SSH. */
function usesSsh(inputs, poolMode, runner) {
    const prepares = !poolMode && inputs.isSet('pool') && inputs.isSet('pool-prepare');
    return inputs.isSet('run') || runner !== undefined || prepares;
}
function parseStart(inputs, connection, job, poolMode = false) {
    const pool = (0,inputs_pool/* parsePool */.qr)(inputs, job, poolMode);
    const gpus = inputs.parse('gpu-type', fields/* gpuTypes */.A_) ?? [];
    const gpuCount = parseGpuCount(inputs, gpus);
    if (inputs.isSet('sandbox-id')) {
        inputs.fail('sandbox-id', "is used only by modes 'stop', 'network-policy' and 'connect'; mode " +
            "'start' creates a new sandbox (did you mean mode: stop or mode: connect?)");
    }
    const nameWasGenerated = !inputs.isSet('name');
    const maxGrace = inputs.isSet('max-grace')
        ? inputs.parse('max-grace', (0,durations/* duration */.p0)(durations/* DURATION_BOUNDS */.Rx['max-grace']))
        : undefined;
    const networkPolicy = parseNetworkPolicy(inputs, 'start');
    const runner = (0,inputs_runner/* parseRunner */.m5)(inputs, job, networkPolicy, gpuCount);
    const enforceTtl = inputs.parse('enforce-ttl', fields/* boolean */.zM);
    const sshAnyway = usesSsh(inputs, poolMode, runner) || inputs.raw('ssh').trim().toLowerCase() === 'true';
    const gpuCheck = parseGpuCheck(inputs, gpus, sshAnyway);
    const debug = parseDebug(inputs, job);
    const gpuReport = parseGpuReport(inputs, gpus);
    const implied = usesSsh(inputs, poolMode, runner) || !!gpuCheck || gpuReport === true || (!!debug && !debug.refused);
    const ssh = parseSsh(inputs, job, implied, !runAlone(inputs, runner, debug));
    return {
        mode: 'start',
        ...connection,
        name: nameWasGenerated ? (0,default_name/* generateSandboxName */.cK)(job) : inputs.parse('name', fields/* sandboxName */.ZV),
        nameWasGenerated,
        cpu: inputs.parse('cpu', fields/* wholeNumber */.rD(1)),
        memoryGib: inputs.parse('memory', fields/* wholeNumber */.rD(1)),
        storageGib: inputs.parse('storage', fields/* wholeNumber */.rD(1)),
        gpuTypes: gpus,
        gpuCount,
        capacityTimeoutMs: inputs.parse('capacity-timeout', (0,durations/* duration */.p0)(durations/* DURATION_BOUNDS */.Rx['capacity-timeout'])) * 1000,
        networkPolicy,
        env: inputs.parse('env', fields/* envLines */.Xk),
        image: inputs.isSet('image') ? inputs.parse('image', imageId) : undefined,
        maxTtlSeconds: inputs.parse('max-ttl', (0,durations/* duration */.p0)(durations/* DURATION_BOUNDS */.Rx['max-ttl'])),
        enforceTtl,
        caps: (0,caps/* parseCaps */.rb)(inputs, gpus, enforceTtl),
        liveLimit: (0,caps/* parseLiveLimit */.tA)(inputs, job),
        maxGraceSeconds: maxGrace,
        wait: inputs.parse('wait', fields/* boolean */.zM),
        timeoutMs: inputs.parse('timeout', (0,durations/* duration */.p0)(durations/* DURATION_BOUNDS */.Rx.timeout)) * 1000,
        pollIntervalMs: inputs.parse('poll-interval', (0,durations/* duration */.p0)(durations/* DURATION_BOUNDS */.Rx['poll-interval'])) * 1000,
        replaceExisting: inputs.parse('replace-existing', fields/* boolean */.zM),
        keepAlive: inputs.parse('keep-alive', fields/* boolean */.zM),
        dryRun: inputs.parse('dry-run', fields/* boolean */.zM),
        ssh,
        gpuCheck,
        gpuReport: gpuReport ?? (gpus.length > 0 && ssh !== undefined),
        approval: (0,approval/* parseApproval */.jI)(inputs, job),
        comment: parseComment(inputs, job),
        debug,
        run: parseRun(inputs, job),
        runner,
        ...(pool ? { pool } : {}),
    };
}
/** Mode pool: what its sandboxes are comes from the start's inputs, parsed as a start's (the same request digests). */
function parsePoolMode(inputs, connection, job) {
    const start = parseStart(inputs, connection, job, true);
    return start.pool && { ...start, mode: 'pool', pool: start.pool };
}
/** run, upload and download; upload and download mean something only with run. */
function parseRun(inputs, job) {
    const script = inputs.read('run');
    if (script.trim() === '') {
        // pool-prepare sees the upload too (its checkout), with or without run.
        const prepares = inputs.read('pool-prepare').trim() !== '';
        for (const name of ['upload', 'download', 'download-limit', 'retry-on-gpu-fault']) {
            if (inputs.changed(name) && !(name === 'upload' && prepares))
                inputs.fail(name, "is set but 'run' is empty; it copies files for run, so set run (a script) or remove it");
        }
        return undefined;
    }
    if (inputs.isSet('wait') && inputs.parse('wait', fields/* boolean */.zM) === false)
        inputs.fail('wait', "is 'false', but 'run' needs the sandbox ready; remove wait: false");
    const workspace = job.workspace ?? process.cwd();
    const upload = (0,run/* parsePaths */.I)(inputs.raw('upload'), 'upload', workspace, (message) => inputs.fail('upload', message));
    const download = (0,run/* parsePaths */.I)(inputs.raw('download'), 'download', workspace, (message) => inputs.fail('download', message));
    const downloadLimit = inputs.parse('download-limit', sizes/* byteSize */.mz);
    const retryOnGpuFault = inputs.parse('retry-on-gpu-fault', fields/* wholeNumber */.rD(0));
    if (retryOnGpuFault > 2)
        inputs.fail('retry-on-gpu-fault', `must be 0, 1 or 2, got '${retryOnGpuFault}'`);
    return { script, upload, download, downloadLimit, workspace, retryOnGpuFault };
}
function parseNetworkPolicyMode(inputs, connection) {
    return {
        mode: 'network-policy',
        ...connection,
        sandboxId: inputs.parse('sandbox-id', fields/* sandboxId */.n1, inputs.read('sandbox-id')),
        networkPolicy: parseNetworkPolicy(inputs, 'network-policy'),
    };
}
function parseInstance(inputs, connection, job) {
    const publicKey = inputs.read('public-key').trim();
    if (looksLikePrivateKey(publicKey)) {
        inputs.fail('public-key', 'is a private key (it is masked); give the public key instead, the one-line .pub file');
    }
    else if (publicKey !== '' && !/^(ssh-|ecdsa-|sk-)[A-Za-z0-9@.-]+ [A-Za-z0-9+/=]+( .*)?$/.test(publicKey)) {
        inputs.fail('public-key', "must be one OpenSSH public key line such as 'ssh-ed25519 AAAA... comment'");
    }
    return {
        mode: 'instance',
        ...connection,
        publicKey: publicKey === '' ? undefined : publicKey,
        instanceConfig: inputs.parse('instance-config', jsonObject),
        keepAlive: inputs.parse('keep-alive', fields/* boolean */.zM),
        dryRun: inputs.parse('dry-run', fields/* boolean */.zM),
        ssh: parseSsh(inputs, job),
    };
}
/** connect: always SSH (the `ssh` input changes nothing there); the alias as in start. */
function parseConnect(inputs, connection, job) {
    const sandboxId = inputs.parse('sandbox-id', fields/* sandboxId */.n1, inputs.read('sandbox-id'));
    const ssh = parseAlias(inputs, job);
    // The comment's key is this job's and the sandbox's: another job connecting to it writes its own.
    const comment = parseComment(inputs, job);
    return ssh && { mode: 'connect', ...connection, sandboxId, ssh, comment };
}
function parseSweep(inputs, connection, job) {
    const githubToken = inputs.parse('github-token', fields/* githubToken */.bU);
    const dryRun = inputs.parse('dry-run', fields/* boolean */.zM);
    const repository = (0,job_environment/* repositoryFromEnv */.i)(job.env ?? {}, (why) => inputs.fail('mode', `'sweep' ${why}`));
    if (!repository)
        return undefined;
    const poolIdleSeconds = inputs.parse('pool-idle', (0,durations/* duration */.p0)(durations/* DURATION_BOUNDS */.Rx['pool-idle']));
    return { mode: 'sweep', ...connection, githubToken, dryRun, repository, poolIdleSeconds };
}
/**
 * What a stop may use to delete the sandbox's runner registration: a usable token and the repository, else nothing
 * (never an error).
 */
function runnerCleanup(read, job) {
    const githubToken = fields/* usableGitHubToken */.tL(read('github-token'));
    const repository = (0,job_environment/* repositoryFromEnv */.i)(job.env ?? {});
    if (githubToken === undefined || !repository)
        return undefined;
    return { githubToken, repository };
}
function parseConnection(inputs) {
    return {
        apiToken: inputs.parse('api-token', fields/* apiToken */.AV, inputs.read('api-token')),
        baseUrl: inputs.parse('base-url', fields/* baseUrl */.pc),
    };
}
/**
 * Parses every input the mode uses. Throws InputErrors listing each bad input;
 * until this returns, nothing has been sent anywhere.
 */
function parseInputs(read, job = (0,job_environment/* jobEnvironmentFromEnv */.s)()) {
    const inputs = new collector/* Collector */.gR(read);
    const connection = parseConnection(inputs);
    const mode = inputs.parse('mode', fields/* mode */.Mq);
    if (mode === 'start')
        return inputs.done(parseStart(inputs, connection, job));
    if (mode === 'stop')
        return inputs.done({
            mode: 'stop',
            ...connection,
            sandboxId: inputs.parse('sandbox-id', fields/* sandboxId */.n1, read('sandbox-id')),
            runnerCleanup: runnerCleanup(read, job),
        });
    if (mode === 'network-policy')
        return inputs.done(parseNetworkPolicyMode(inputs, connection));
    if (mode === 'instance')
        return inputs.done(parseInstance(inputs, connection, job));
    if (mode === 'sweep')
        return inputs.done(parseSweep(inputs, connection, job));
    if (mode === 'connect')
        return inputs.done(parseConnect(inputs, connection, job));
    if (mode === 'pool')
        return inputs.done(parsePoolMode(inputs, connection, job));
    return inputs.done(undefined);
}
/** The tokens and any private key given as an input are masked before anything can print them. */
function maskSecretInputs(read, setSecret) {
    for (const name of ['api-token', 'github-token']) {
        const value = read(name).trim();
        if (value && value !== defaults/* INPUT_DEFAULTS */.WJ['github-token'])
            setSecret(value);
    }
    // A private key given where a public one belongs is masked before any error can quote it.
    maskPrivateKeyInputs(read, setSecret, ['public-key', 'instance-config']);
}
/** The main step's inputs: secrets masked first, inputs of another mode warned about, then everything parsed once. */
function readMainInputs(core, job) {
    const read = (name) => core.getInput(name);
    maskSecretInputs(read, (secret) => core.setSecret(secret));
    const mode = fields/* mode */.Mq.safeParse(read('mode').trim() || defaults/* INPUT_DEFAULTS */.WJ.mode);
    if (mode.success)
        for (const warning of unusedInputWarnings(read, mode.data))
            core.warning(warning);
    return parseInputs(read, job);
}
/** Runner mode's fallback after a failed main step (inputs/unserved.ts): read leniently, never an error. */
function readUnservedInputs(core, job, errors) {
    return parseUnserved((name) => core.getInput(name), job, errors);
}


/***/ }),

/***/ 3219:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ refuse)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8532);
/** The one way a refinement refuses a value: the message becomes the input error, and the parse ends there. */

function refuse(ctx, message) {
    ctx.addIssue({ code: 'custom', message });
    return zod__WEBPACK_IMPORTED_MODULE_0__/* .NEVER */ .tm;
}


/***/ }),

/***/ 2206:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ parsePaths)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(6760);
/* harmony import */ var _runtime_paths_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(1794);
/* harmony import */ var _fields_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(3006);
/**
 * `run`, `upload` and `download`: a script for the sandbox, the workspace
 * paths copied there before it, and the paths brought back after it. Every
 * path is checked here, before any request: relative, inside the workspace
 * (upload: also after symlinks are followed, and present), no globs.
 */




/** A path as written, made relative and normal; or what is wrong with it. */
function normalPath(raw, kind) {
    const base = kind === 'upload' ? 'the workspace' : "the sandbox's working directory";
    if (/[*?]/.test(raw))
        return { problem: `'${raw}' is a pattern; globs are not expanded, name files or directories` };
    if (raw.startsWith('~') || (0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(raw) || /^[A-Za-z]:[\\/]/.test(raw))
        return { problem: `'${raw}' is absolute; give a path relative to ${base}` };
    const path = node_path__WEBPACK_IMPORTED_MODULE_1__.posix.normalize(raw.replace(/\\/g, '/')).replace(/\/+$/, '') || '.';
    if (path === '..' || path.startsWith('../'))
        return { problem: `'${raw}' leaves ${base}` };
    if (path === '.git' || path.startsWith('.git/'))
        return { problem: `'${raw}' is inside .git, which is never copied` };
    return { path };
}
/** An upload path must exist, and nothing on the way to it may be a symlink out of the workspace. */
function uploadProblem(workspace, path, raw) {
    const full = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(workspace, path);
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(full);
    }
    catch {
        return `'${raw}' does not exist in the workspace (${workspace})`;
    }
    // The last part may be a symlink (it is copied as a link); the directories leading to it may not point outside.
    const root = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(workspace);
    if (path !== '.' && !(0,_runtime_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .isInside */ .F)(root, (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(full))))
        return `'${raw}' leaves the workspace through a symbolic link`;
    return undefined;
}
/** Parses a path list; each problem is reported through `fail`. Duplicates are dropped. */
function parsePaths(raw, kind, workspace, fail) {
    const paths = [];
    for (const item of (0,_fields_js__WEBPACK_IMPORTED_MODULE_3__/* .splitList */ .ry)(raw)) {
        const normal = normalPath(item, kind);
        if ('problem' in normal) {
            fail(normal.problem);
            continue;
        }
        const problem = kind === 'upload' ? uploadProblem(workspace, normal.path, item) : undefined;
        if (problem)
            fail(problem);
        else if (!paths.includes(normal.path))
            paths.push(normal.path);
    }
    // `.` already holds everything else.
    return paths.includes('.') ? ['.'] : paths;
}


/***/ }),

/***/ 5837:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   AB: () => (/* binding */ defaultLabel),
/* harmony export */   B7: () => (/* binding */ isForkPullRequest),
/* harmony export */   M9: () => (/* binding */ runnerSlots),
/* harmony export */   VE: () => (/* binding */ FIRST_RUNNER_FOLDER),
/* harmony export */   d_: () => (/* binding */ LABEL),
/* harmony export */   "do": () => (/* binding */ MAX_RUNNERS),
/* harmony export */   fM: () => (/* binding */ lenientCount),
/* harmony export */   ii: () => (/* binding */ RUNNER_FOLDER),
/* harmony export */   m5: () => (/* binding */ parseRunner),
/* harmony export */   tu: () => (/* binding */ MAX_RUNNER_JOBS),
/* harmony export */   wL: () => (/* binding */ workflowRunFromEnv)
/* harmony export */ });
/* unused harmony exports runnerDomains, parseRunnerCleanup */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(7030);
/* harmony import */ var _defaults_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(5213);
/* harmony import */ var _durations_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(8818);
/* harmony import */ var _fields_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(3006);
/* harmony import */ var _job_environment_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(3156);
/**
 * `runner: true` and its inputs, with the refusals that must come before
 * anything costs money: no usable github-token, `internet-access: closed`
 * (the runner needs GitHub), `run` beside it, and a pull request from a fork
 * (a self-hosted runner would run the fork's code with access to the machine).
 */






/** The first runner's folder under the login's home, where the package is (a prepared image's too). */
const FIRST_RUNNER_FOLDER = 'actions-runner';
/** A runner folder: the first, or `actions-runner-<k>` for the k-th of `runners`. */
const RUNNER_FOLDER = /^actions-runner(-\d{1,2})?$/;
/** Most jobs a runner slot serves, and most runners on one sandbox (one a GPU of an 8-GPU machine). */
const MAX_RUNNER_JOBS = 20;
const MAX_RUNNERS = 8;
/** The runner slots: the GPUs split evenly, each runner in a folder of its own (the first where it always was). */
function runnerSlots(runners, gpuCount) {
    const each = gpuCount && runners > 1 ? gpuCount / runners : 0;
    return Array.from({ length: runners }, (_, k) => ({
        folder: k === 0 ? FIRST_RUNNER_FOLDER : `${FIRST_RUNNER_FOLDER}-${k + 1}`,
        ...(each >= 1 ? { gpus: Array.from({ length: each }, (_, i) => String(k * each + i)).join(',') } : {}),
    }));
}
/** A count read after the main step (never an error): a whole number from 1 to `max`, else 1 (at least one job). */
function lenientCount(raw, max) {
    const value = /^\s*\d{1,3}\s*$/.test(raw) ? Number(raw) : 1;
    return value >= 1 && value <= max ? value : 1;
}
/** runner-jobs and runners: whole numbers in their bounds; `runners` splits gpu-count evenly. */
function parseCounts(inputs, gpuCount) {
    const jobs = inputs.parse('runner-jobs', _fields_js__WEBPACK_IMPORTED_MODULE_4__/* .wholeNumber */ .rD(1));
    if (jobs > MAX_RUNNER_JOBS)
        inputs.fail('runner-jobs', `must be at most ${MAX_RUNNER_JOBS}, got ${jobs}`);
    const runners = inputs.parse('runners', _fields_js__WEBPACK_IMPORTED_MODULE_4__/* .wholeNumber */ .rD(1));
    if (runners > MAX_RUNNERS)
        inputs.fail('runners', `must be at most ${MAX_RUNNERS}, got ${runners}`);
    else if (runners > 1 && gpuCount && gpuCount % runners !== 0)
        inputs.fail('runners', `must divide gpu-count evenly (each runner gets as many GPUs): gpu-count ${gpuCount}, runners ${runners}`);
    const valid = Number.isInteger(runners) && runners >= 1 && runners <= MAX_RUNNERS;
    return { jobs, slots: runnerSlots(valid ? runners : 1, gpuCount) };
}
/** This job's workflow run, from the runner's environment; undefined outside one. */
function workflowRunFromEnv(env) {
    const id = env.GITHUB_RUN_ID ?? '';
    const attempt = env.GITHUB_RUN_ATTEMPT || '1';
    if (!/^[1-9]\d{0,15}$/.test(id) || !/^[1-9]\d{0,5}$/.test(attempt))
        return undefined;
    return { id: Number(id), attempt: Number(attempt) };
}
/** A runner label as GitHub takes it (and as the stranded job's error may name it). */
const LABEL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** Hosts a runner talks to on github.com; on GitHub Enterprise Server, its own host instead. */
function runnerDomains(repository) {
    const server = new URL(repository.serverUrl).hostname;
    if (server !== 'github.com')
        return [...new Set([server, new URL(repository.apiUrl).hostname])];
    return [
        'github.com',
        'api.github.com',
        'codeload.github.com',
        'objects.githubusercontent.com',
        '*.actions.githubusercontent.com',
        '*.blob.core.windows.net',
    ];
}
/**
 * Adds the hosts to a restricted policy: names to domain_allowlist, addresses (a GHES by IP) to cidr_allowlist; what
 * was added.
 */
function allowRunnerHosts(policy, hosts) {
    const domains = new Set(policy.domain_allowlist ?? []);
    const cidrs = new Set(policy.cidr_allowlist ?? []);
    const added = [];
    for (const host of hosts) {
        const version = (0,node_net__WEBPACK_IMPORTED_MODULE_1__.isIP)(host.replace(/^\[|\]$/g, ''));
        const entry = version === 0 ? host : `${host.replace(/^\[|\]$/g, '')}/${version === 4 ? 32 : 128}`;
        const list = version === 0 ? domains : cidrs;
        if (list.has(entry))
            continue;
        list.add(entry);
        added.push(entry);
    }
    if (domains.size > 0)
        policy.domain_allowlist = [...domains];
    if (cidrs.size > 0)
        policy.cidr_allowlist = [...cidrs];
    return added;
}
/** Whether this run is for a pull request whose head lives in another repository. */
function isForkPullRequest(env) {
    if (!['pull_request', 'pull_request_target'].includes(env.GITHUB_EVENT_NAME ?? ''))
        return false;
    try {
        const event = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(env.GITHUB_EVENT_PATH ?? '', 'utf8'));
        // A deleted fork has no head repository: still not this repository.
        return event.pull_request?.head?.repo?.full_name !== env.GITHUB_REPOSITORY;
    }
    catch {
        // A pull_request event whose payload cannot be read: refuse rather than guess.
        return true;
    }
}
const labelOrNothing = (label) => (LABEL.test(label) ? label : '');
function defaultLabel(job) {
    return job.runId ? `gpu-sandbox-${job.runId}-${job.runAttempt ?? '1'}` : 'gpu-sandbox-local';
}
function refuseWithoutRunner(inputs) {
    for (const name of ['runner-label', 'runner-timeout', 'runner-jobs', 'runners'])
        if (inputs.changed(name))
            inputs.fail(name, "is set but 'runner' is not true");
}
function parseRunner(inputs, job, policy, gpus) {
    if (!inputs.parse('runner', _fields_js__WEBPACK_IMPORTED_MODULE_4__/* .boolean */ .zM))
        return refuseWithoutRunner(inputs);
    const env = job.env ?? {};
    const label = inputs.isSet('runner-label') ? inputs.raw('runner-label').trim() : defaultLabel(job);
    if (!LABEL.test(label))
        inputs.fail('runner-label', `must be 1 to 100 letters, digits, '.', '_' or '-', starting with ` +
            `a letter or digit; got '${label.slice(0, 100)}'`);
    const pickupTimeoutMs = inputs.parse('runner-timeout', (0,_durations_js__WEBPACK_IMPORTED_MODULE_3__/* .duration */ .p0)(_durations_js__WEBPACK_IMPORTED_MODULE_3__/* .DURATION_BOUNDS */ .Rx['runner-timeout'])) * 1000;
    const counts = parseCounts(inputs, gpus);
    const token = _fields_js__WEBPACK_IMPORTED_MODULE_4__/* .usableGitHubToken */ .tL(inputs.read('github-token'));
    if (token === undefined)
        inputs.fail('github-token', 'is required with runner: true: a token with repository administration: ' +
            'write (a GitHub App token from actions/create-github-app-token, or ' +
            'a fine-grained token); the default github.token cannot register runners');
    if (inputs.isSet('run'))
        inputs.fail('runner', "cannot be combined with 'run': run tests in the sandbox in one step, " +
            'or register it as a runner for another job, not both');
    if (policy.internet_access === 'closed')
        inputs.fail('internet-access', "is 'closed', but runner: true needs GitHub; use 'restricted' (the action adds GitHub's hosts) or 'open'");
    if (isForkPullRequest(env))
        inputs.fail('runner', 'is refused for pull requests from forks: a self-hosted runner would ' +
            'run the fork’s code with access to the sandbox and to what the job ' +
            'can reach. Run such pull requests on GitHub-hosted runners');
    const repository = (0,_job_environment_js__WEBPACK_IMPORTED_MODULE_5__/* .repositoryFromEnv */ .i)(env, (why) => inputs.fail('runner', `runner: true ${why}`));
    if (!repository)
        return undefined;
    const addedDomains = policy.internet_access === 'restricted' ? allowRunnerHosts(policy, runnerDomains(repository)) : [];
    return {
        label,
        pickupTimeoutMs,
        githubToken: token ?? '',
        repository,
        addedDomains,
        workflowRun: workflowRunFromEnv(env),
        // One job on one runner, the default: nothing more to say.
        ...(counts.jobs > 1 ? { jobs: counts.jobs } : {}),
        ...(counts.slots.length > 1 ? { slots: counts.slots } : {}),
    };
}
/** The post step's runner inputs, read only when state has a runner. */
function parseRunnerCleanup(read) {
    const raw = read('runner-timeout').trim() || INPUT_DEFAULTS['runner-timeout'];
    const timeout = duration(DURATION_BOUNDS['runner-timeout']).safeParse(raw);
    return {
        githubToken: field.usableGitHubToken(read('github-token')) ?? '',
        repository: repositoryFromEnv(process.env),
        pickupTimeoutMs: (timeout.success ? timeout.data : 600) * 1000,
        workflowRun: workflowRunFromEnv(process.env),
        label: labelOrNothing(read('runner-label').trim() || defaultLabel(jobEnvironmentFromEnv(process.env))),
        jobs: lenientCount(read('runner-jobs'), MAX_RUNNER_JOBS),
    };
}


/***/ }),

/***/ 5265:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   mz: () => (/* binding */ byteSize),
/* harmony export */   z3: () => (/* binding */ formatBytes)
/* harmony export */ });
/* unused harmony export parseBytes */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9691);
/* harmony import */ var _refuse_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3219);
/** Byte-size inputs (`download-limit`): `2GiB`, `512MiB`, `100KiB`, `1.5GiB`, or plain bytes. */


const UNITS = { b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };
const SIZE = /^(\d+(?:\.\d+)?)\s*([A-Za-z]*)$/;
const MAX_BYTES = 1024 ** 4;
/** Bytes for `raw`, or undefined when it is not a size in B, KiB, MiB or GiB. */
function parseBytes(raw) {
    const match = SIZE.exec(raw.trim());
    if (!match)
        return undefined;
    const unit = UNITS[(match[2] || 'b').toLowerCase()];
    return unit === undefined ? undefined : Math.floor(Number(match[1]) * unit);
}
/** A size for a message: `1 MiB`, `2.5 GiB`, `512 B`. */
function formatBytes(bytes) {
    for (const [unit, size] of [
        ['GiB', 1024 ** 3],
        ['MiB', 1024 ** 2],
        ['KiB', 1024],
    ]) {
        if (bytes >= size)
            return `${Number((bytes / size).toFixed(1))} ${unit}`;
    }
    return `${bytes} B`;
}
const byteSize = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().transform((raw, ctx) => {
    const bytes = parseBytes(raw);
    if (bytes === undefined || bytes < 1 || bytes > MAX_BYTES) {
        return (0,_refuse_js__WEBPACK_IMPORTED_MODULE_1__/* .refuse */ .T)(ctx, `must be a size from 1 B to 1024 GiB, in B, KiB, MiB or GiB (e.g. ` +
            `2GiB, 500MiB); got '${raw.trim().slice(0, 40)}'`);
    }
    return bytes;
});


/***/ }),

/***/ 877:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   S3: () => (/* binding */ configFileName),
/* harmony export */   bX: () => (/* binding */ userSshConfigPath),
/* harmony export */   ff: () => (/* binding */ checkAlias),
/* harmony export */   vR: () => (/* binding */ aliasWrittenBefore)
/* harmony export */ });
/* unused harmony export ALIAS_PATTERN */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(8161);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(6760);
/** `ssh` and `ssh-alias`: make the sandbox (or instance) reachable as `ssh <alias>` from later steps. */



const ALIAS_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** ~/.ssh/config as ssh finds it on a runner (HOME is the passwd home there). */
function userSshConfigPath(home = (0,node_os__WEBPACK_IMPORTED_MODULE_1__.homedir)()) {
    return (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(home, '.ssh', 'config');
}
/** The config file's name carries the alias, so ~/.ssh/config shows which aliases this action included. */
function configFileName(alias) {
    return `${alias}.ssh_config`;
}
/** Whether an earlier step of this job already included `alias` in ~/.ssh/config. */
function aliasWrittenBefore(userConfig, alias) {
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(userConfig))
        return false;
    const ours = `/${configFileName(alias)}"`;
    return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(userConfig, 'utf8')
        .split(/\r?\n/)
        .some((line) => line.startsWith('Include "') && line.includes('/gpu-sandbox-') && line.endsWith(ours));
}
/**
 * Checks the alias; `aliasInUse` says whether an earlier step of the job already wrote it. An error message, or
 * undefined.
 */
function checkAlias(alias, aliasInUse) {
    if (!ALIAS_PATTERN.test(alias) || alias.startsWith('-')) {
        return `must be 1 to 64 letters, digits, '.', '_' or '-' (not starting with '-'), got '${alias.slice(0, 80)}'`;
    }
    if (aliasInUse(alias)) {
        return (`'${alias}' is already in ~/.ssh/config from an earlier step of this ` +
            `job; give this step another ssh-alias (each sandbox needs its own)`);
    }
    return undefined;
}


/***/ }),

/***/ 8207:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ isUse),
/* harmony export */   sF: () => (/* binding */ coreForUse),
/* harmony export */   tk: () => (/* binding */ USES),
/* harmony export */   ur: () => (/* binding */ fixedInputWarnings)
/* harmony export */ });
const USES = {
    run: { mode: 'start', runner: 'false' },
    runner: { mode: 'start', runner: 'true' },
    ssh: { mode: 'start', ssh: 'true', runner: 'false' },
    connect: { mode: 'connect' },
    stop: { mode: 'stop' },
    sweep: { mode: 'sweep' },
    pool: { mode: 'pool' },
    instance: { mode: 'instance' },
    'network-policy': { mode: 'network-policy' },
};
function isUse(name) {
    return Object.hasOwn(USES, name);
}
/** One warning per fixed input given another value (GitHub warns too: the input is not in the use's action.yml). */
function fixedInputWarnings(read, use) {
    return Object.entries(USES[use]).flatMap(([name, value]) => {
        const given = read(name).trim();
        if (given === '' || given === value)
            return [];
        return [`Input '${name}' is fixed to '${value}' by the ${use} action; the value given is ignored.`];
    });
}
/** The step's core as this use sees it: every read of a fixed input answers the use's value. */
function coreForUse(core, use) {
    const fixed = USES[use];
    return { ...core, getInput: (name, options) => fixed[name] ?? core.getInput(name, options) };
}


/***/ }),

/***/ 8712:
/***/ ((__webpack_module__, __webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(__webpack_module__, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   VN: () => (/* binding */ runMain),
/* harmony export */   Y4: () => (/* binding */ runAs),
/* harmony export */   eF: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3136);
/* harmony import */ var _inputs_read_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3540);
/* harmony import */ var _inputs_uses_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(8207);
/* harmony import */ var _inputs_job_environment_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(3156);
/* harmony import */ var _entry_actions_core_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(1295);
/* harmony import */ var _runtime_clock_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(5504);
/* harmony import */ var _runtime_github_budget_js__WEBPACK_IMPORTED_MODULE_9__ = __nccwpck_require__(8593);
/* harmony import */ var _entry_wiring_js__WEBPACK_IMPORTED_MODULE_6__ = __nccwpck_require__(7830);
/* harmony import */ var _ssh_renewer_process_js__WEBPACK_IMPORTED_MODULE_7__ = __nccwpck_require__(5154);
/* harmony import */ var _step_saved_here_js__WEBPACK_IMPORTED_MODULE_8__ = __nccwpck_require__(5174);
/**
 * The main step (action.yml `main`, bundled as dist/main). `runMain` reads the
 * inputs once and runs the mode, with everything it touches passed in; `run`
 * wires the real dependencies into it (the bundle and @github/local-action call it).
 */










async function runMain(deps) {
    let config;
    try {
        config = (0,_inputs_read_js__WEBPACK_IMPORTED_MODULE_1__/* .readMainInputs */ .p8)(deps.core, (0,_inputs_job_environment_js__WEBPACK_IMPORTED_MODULE_3__/* .jobEnvironmentFromEnv */ .s)(deps.env));
        await runMode(config, deps);
    }
    catch (error) {
        // runner: true that cannot serve its runner still ends the job waiting for it (CONTRACT).
        const { failStrandedJob } = await Promise.all(/* import() */[__nccwpck_require__.e(244), __nccwpck_require__.e(427), __nccwpck_require__.e(389), __nccwpck_require__.e(98)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7098));
        await failStrandedJob(deps, error, config);
        throw error;
    }
}
async function runMode(config, deps) {
    // The runner gives saved state to the post step only: the main step reads back its own.
    const core = (0,_step_saved_here_js__WEBPACK_IMPORTED_MODULE_8__/* .readYourWrites */ .s)(deps.core);
    const modeDeps = {
        core,
        clock: deps.clock,
        signal: deps.signal,
        client: deps.makeClient(config),
        env: deps.env,
        renewer: deps.renewer,
        githubBudget: new _runtime_github_budget_js__WEBPACK_IMPORTED_MODULE_9__/* .GitHubBudget */ .N(),
    };
    // Each mode's code is loaded when it runs: a stop never parses the runner's, the pool's or run's.
    switch (config.mode) {
        case 'start':
            return (await Promise.all(/* import() */[__nccwpck_require__.e(244), __nccwpck_require__.e(427), __nccwpck_require__.e(421), __nccwpck_require__.e(389), __nccwpck_require__.e(131), __nccwpck_require__.e(929), __nccwpck_require__.e(618), __nccwpck_require__.e(118)]).then(__nccwpck_require__.bind(__nccwpck_require__, 8118))).runStart(config, modeDeps);
        case 'stop':
            return (await Promise.all(/* import() */[__nccwpck_require__.e(244), __nccwpck_require__.e(427), __nccwpck_require__.e(389), __nccwpck_require__.e(120)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1120))).runStop(config, modeDeps);
        case 'network-policy':
            return (await __nccwpck_require__.e(/* import() */ 251).then(__nccwpck_require__.bind(__nccwpck_require__, 4251))).runNetworkPolicy(config, modeDeps);
        case 'instance':
            return (await Promise.all(/* import() */[__nccwpck_require__.e(244), __nccwpck_require__.e(421), __nccwpck_require__.e(615)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7615))).runInstance(config, modeDeps, deps.env);
        case 'sweep':
            return (await Promise.all(/* import() */[__nccwpck_require__.e(244), __nccwpck_require__.e(427), __nccwpck_require__.e(421), __nccwpck_require__.e(131), __nccwpck_require__.e(623)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9623))).runSweep(config, modeDeps);
        case 'connect':
            return (await Promise.all(/* import() */[__nccwpck_require__.e(244), __nccwpck_require__.e(427), __nccwpck_require__.e(421), __nccwpck_require__.e(389), __nccwpck_require__.e(618), __nccwpck_require__.e(655)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9655))).runConnect(config, modeDeps);
        case 'pool':
            return (await Promise.all(/* import() */[__nccwpck_require__.e(244), __nccwpck_require__.e(421), __nccwpck_require__.e(131), __nccwpck_require__.e(929), __nccwpck_require__.e(977)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9826))).runPool(config, modeDeps);
    }
}
/** The main step; `use` where a sub-action's entry names it (run/main.js), else the root's, reading `mode`; `runner` is
 * how it writes to the runner (local-action passes its own). */
async function run(use, runner = _entry_actions_core_js__WEBPACK_IMPORTED_MODULE_4__/* .actionsCore */ .v) {
    const core = use ? (0,_inputs_uses_js__WEBPACK_IMPORTED_MODULE_2__/* .coreForUse */ .sF)(runner, use) : runner;
    const signal = (0,_entry_wiring_js__WEBPACK_IMPORTED_MODULE_6__/* .cancellationSignal */ .w6)(core);
    try {
        if (use)
            for (const warning of (0,_inputs_uses_js__WEBPACK_IMPORTED_MODULE_2__/* .fixedInputWarnings */ .ur)(runner.getInput, use))
                core.warning(warning);
        const renewer = { script: (0,node_url__WEBPACK_IMPORTED_MODULE_0__.fileURLToPath)(import.meta.url), requestTimeoutMs: (0,_entry_wiring_js__WEBPACK_IMPORTED_MODULE_6__/* .requestTimeoutMs */ .Hl)() };
        await runMain({ core, clock: _runtime_clock_js__WEBPACK_IMPORTED_MODULE_5__/* .realClock */ .d, makeClient: _entry_wiring_js__WEBPACK_IMPORTED_MODULE_6__/* .makeClient */ .yu, signal, env: process.env, renewer });
    }
    catch (error) {
        (0,_entry_wiring_js__WEBPACK_IMPORTED_MODULE_6__/* .reportFailure */ .xV)(core, error, signal);
    }
}
/** A sub-action's main step (`import { runAs } from '../dist/main/index.js'; await runAs('run')`), then exit. */
const runAs = (use) => (0,_entry_wiring_js__WEBPACK_IMPORTED_MODULE_6__/* .runAsUse */ ._I)(use, run);
// The bundle's entry (node dist/main/index.js); imported (tests, local-action) it only exports.
// Run again with --ssh-renewer, it is the certificate renewer (ssh/renewer-process.ts starts it).
if ((0,_entry_wiring_js__WEBPACK_IMPORTED_MODULE_6__/* .isProcessEntry */ .K7)(import.meta.url))
    await (0,_entry_wiring_js__WEBPACK_IMPORTED_MODULE_6__/* .runAndExit */ .Hy)(process.argv[2] === _ssh_renewer_process_js__WEBPACK_IMPORTED_MODULE_7__/* .RENEWER_FLAG */ .yk ? async () => (await __nccwpck_require__.e(/* import() */ 300).then(__nccwpck_require__.bind(__nccwpck_require__, 6300))).runRenewerProcess() : run);

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 5504:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ realClock)
/* harmony export */ });
/** Time, injected everywhere: realClock in production, a fake clock in tests (which never wait for real time). */
const realClock = {
    now: () => Date.now(),
    random: () => Math.random(),
    sleep: (ms, signal) => new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason);
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
    }),
};


/***/ }),

/***/ 8593:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ GitHubBudget)
/* harmony export */ });
class GitHubBudget {
    limit;
    remaining;
    resetsAt;
    /** Reads an answer's headers (a success, an error, a 304); other resources (search, GraphQL) are not this budget. */
    observe(headers) {
        if (!headers)
            return;
        const resource = headers['x-ratelimit-resource'];
        if (resource !== undefined && resource !== 'core')
            return;
        const limit = Number(headers['x-ratelimit-limit']);
        const remaining = Number(headers['x-ratelimit-remaining']);
        if (!Number.isInteger(limit) || limit <= 0 || !Number.isInteger(remaining) || remaining < 0)
            return;
        this.limit = limit;
        this.remaining = Math.min(remaining, limit);
        const reset = Number(headers['x-ratelimit-reset']);
        this.resetsAt = Number.isFinite(reset) && reset > 0 ? reset * 1000 : undefined;
    }
    /** What it knows now, when GitHub has said when its hour ends. */
    save() {
        const { limit, remaining, resetsAt } = this;
        return limit !== undefined && remaining !== undefined && resetsAt !== undefined
            ? { limit, remaining, resetsAt }
            : undefined;
    }
    /** Starts from what an earlier step saw, unless its hour has ended (`now`: the clock's time). */
    restore(saved, now) {
        if (!saved || now >= saved.resetsAt || this.limit !== undefined)
            return;
        this.limit = saved.limit;
        this.remaining = saved.remaining;
        this.resetsAt = saved.resetsAt;
    }
    /** Fewer than a tenth of the token's requests are left this hour (unknown until GitHub has answered once). */
    get low() {
        return this.limit !== undefined && this.remaining !== undefined && this.remaining < this.limit / 10;
    }
    /**
     * Whether `requests` more leave a tenth of the limit untouched (unknown: yes, the answers will tell). The tenth is
     * what the optional never spends: it is kept for the gate and the runners.
     */
    spares(requests) {
        const spare = this.spare;
        return spare === undefined || spare >= requests;
    }
    /** The requests left above a tenth of the limit (undefined until GitHub has answered once). */
    get spare() {
        if (this.limit === undefined || this.remaining === undefined)
            return undefined;
        return this.remaining - Math.ceil(this.limit / 10);
    }
    /** '83 of 1000 requests left this hour (until 12:34 UTC)', or undefined before GitHub answered. */
    describe() {
        if (this.limit === undefined || this.remaining === undefined)
            return undefined;
        const until = this.resetsAt ? ` (until ${new Date(this.resetsAt).toISOString().slice(11, 16)} UTC)` : '';
        return `${this.remaining} of ${this.limit} requests left this hour${until}`;
    }
}


/***/ }),

/***/ 1794:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ isInside)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(6760);
/** Path facts shared by the input checks and the download's landing. */

/** Whether `path` is `root` or lies under it (lexically: resolve links first where they matter). */
function isInside(root, path) {
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_0__.relative)(root, path);
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${node_path__WEBPACK_IMPORTED_MODULE_0__.sep}`) && !(0,node_path__WEBPACK_IMPORTED_MODULE_0__.isAbsolute)(rel));
}


/***/ }),

/***/ 2274:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ ProgramCommands),
/* harmony export */   Q: () => (/* binding */ programText)
/* harmony export */ });
/* harmony import */ var _runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2928);
/* harmony import */ var _untrusted_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(4120);
/**
 * The lines of the workflow author's own program (`run`) on their way to the
 * step log. They are shown as a `run:` step shows its output, workflow
 * commands included, with the registered secrets removed, and two exceptions
 * a `run:` step does not need, since here the program speaks inside the
 * action's own step:
 *
 * - `save-state` and `set-output` would write the action's state and outputs
 *   (the post step trusts its state to know which sandbox and runner are its
 *   own), so they are defused and shown as text;
 * - a `stop-commands` the program leaves open is closed when it ends
 *   (ProgramCommands), so the action's own commands after it (its error, its
 *   masks) still work. One whose token no command name can match (empty, with
 *   spaces or escapes) could never be closed: defused.
 *
 * Lines are read the way the runner reads them (actions/runner,
 * src/Runner.Common/ActionCommand.cs): `::name props::data` after the white
 * space it trims at a line's start (runner-syntax.ts: .NET's set, which
 * counts U+0085), the name ending at the first space; `##[name props]data`
 * from the first `##[` anywhere. A line ends at `\n`, `\r\n` or a bare `\r`.
 * Names are compared with .NET's OrdinalIgnoreCase, under which `ſ` (U+017F)
 * is an `s` and `ı` (U+0131) an `i`.
 */


const WORD_JOINER = '\u2060';
const STATE_WRITERS = new Set(['save-state', 'set-output']);
/**
 * A stop token a later `::token::` can match, and that names no command: the
 * runner waits for any other forever, and on resuming removes the token from
 * its commands for the rest of the job (`::stop-commands::add-mask` would end
 * every later mask).
 */
function closable(token) {
    return /^[A-Za-z0-9._-]+$/.test(token) && !_runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .RUNNER_COMMANDS */ .s2.has((0,_runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .ordinalName */ .Ju)(token));
}
/** `::name …::data` at the segment's start, after the runner's white space (TryParseV2). */
function v2Command(segment) {
    const trimmed = (0,_runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .trimRunnerStart */ .vV)(segment);
    if (!trimmed.startsWith('::'))
        return undefined;
    const end = trimmed.indexOf('::', 2);
    if (end < 0)
        return undefined;
    const info = trimmed.slice(2, end);
    const space = info.indexOf(' ');
    return {
        at: segment.length - trimmed.length,
        name: space < 0 ? info : info.slice(0, space),
        data: trimmed.slice(end + 2),
    };
}
/** Every `##[name …]data` in the segment (TryParse reads the first; defusing one would make the next the first). */
function v1Commands(segment) {
    const found = [];
    for (let at = segment.indexOf('##['); at >= 0; at = segment.indexOf('##[', at + 3)) {
        const close = segment.indexOf(']', at);
        if (close < 0)
            break;
        const info = segment.slice(at + 3, close);
        const space = info.indexOf(' ');
        found.push({ at, name: space < 0 ? info : info.slice(0, space), data: segment.slice(close + 1) });
    }
    return found;
}
/** Whether the runner must not act on this command here: a state writer, or a stop no token can close. */
function mustDefuse({ name, data }) {
    const command = (0,_runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .ordinalName */ .Ju)(name);
    return STATE_WRITERS.has(command) || (command === 'stop-commands' && !closable(data));
}
function defuse(segment) {
    // Right to left, so the positions found stay true while characters go in.
    const places = [v2Command(segment), ...v1Commands(segment)].filter((found) => found !== undefined && mustDefuse(found));
    let text = segment;
    for (const { at } of places.sort((a, b) => b.at - a.at))
        text = `${text.slice(0, at + 1)}${WORD_JOINER}${text.slice(at + 1)}`;
    return text;
}
/** One line of the program's output as the step log gets it. */
function programText(line) {
    return (0,_untrusted_js__WEBPACK_IMPORTED_MODULE_1__/* .withoutRegisteredSecrets */ .Km)(line).split('\r').map(defuse).join('\r');
}
/** The command the runner would read in `segment` when `known` are its commands (TryParseV2, else TryParse). */
function commandIn(segment, known) {
    const v2 = v2Command(segment);
    if (v2 && known(v2.name))
        return v2;
    const v1 = v1Commands(segment)[0];
    return v1 && known(v1.name) ? v1 : undefined;
}
/** Follows `stop-commands` through the program's lines, as the runner does. */
class ProgramCommands {
    stopToken;
    see(line) {
        // While stopped, the runner counts the token among its commands.
        const known = (name) => _runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .RUNNER_COMMANDS */ .s2.has((0,_runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .ordinalName */ .Ju)(name)) ||
            (this.stopToken !== undefined && (0,_runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .ordinalName */ .Ju)(name) === (0,_runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .ordinalName */ .Ju)(this.stopToken));
        for (const segment of programText(line).split('\r')) {
            const command = commandIn(segment, known);
            if (!command)
                continue;
            const name = (0,_runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .ordinalName */ .Ju)(command.name);
            if (this.stopToken === undefined && name === 'stop-commands')
                this.stopToken = command.data;
            else if (this.stopToken !== undefined && name === (0,_runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .ordinalName */ .Ju)(this.stopToken))
                this.stopToken = undefined;
        }
    }
    /** The line that resumes command processing, when the program left it stopped. */
    resumeLine() {
        return this.stopToken === undefined ? undefined : `::${this.stopToken}::`;
    }
}


/***/ }),

/***/ 2928:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Br: () => (/* binding */ LEADING_WHITESPACE),
/* harmony export */   Ju: () => (/* binding */ ordinalName),
/* harmony export */   s2: () => (/* binding */ RUNNER_COMMANDS),
/* harmony export */   vV: () => (/* binding */ trimRunnerStart)
/* harmony export */ });
/* unused harmony export RUNNER_WHITESPACE */
/**
 * How the GitHub runner reads a workflow command, as far as the output filter
 * (program-output.ts), the sanitiser (untrusted.ts) and the tests' runner
 * emulation (scripts/lib/runner-commands.ts) must agree on it. From
 * actions/runner, src/Runner.Common/ActionCommand.cs and
 * src/Runner.Worker/ActionCommandManager.cs.
 */
/**
 * The white space skipped before `::` at a line's start. TryParseV2 does
 * `message = message.TrimStart();`, and .NET's TrimStart removes every
 * character for which `char.IsWhiteSpace` is true: U+0009–U+000D, U+0020,
 * U+0085, U+00A0 and the Unicode space, line and paragraph separators (Zs, Zl,
 * Zp). JavaScript's `\s` differs both ways (it lacks U+0085 and adds U+FEFF).
 */
const RUNNER_WHITESPACE = '\\u0009-\\u000d\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
/** Leading runner white space, as a regular expression source (`[…]*`). */
const LEADING_WHITESPACE = `[${RUNNER_WHITESPACE}]*`;
const LEADING = new RegExp(`^${LEADING_WHITESPACE}`);
/** The line without the white space the runner trims at its start. */
function trimRunnerStart(line) {
    return line.replace(LEADING, '');
}
/** The runner's commands (ActionCommandManager: stop-commands and the command extensions it registers). */
const RUNNER_COMMANDS = new Set([
    'stop-commands',
    'set-env',
    'set-output',
    'save-state',
    'add-mask',
    'add-path',
    'add-matcher',
    'remove-matcher',
    'debug',
    'warning',
    'error',
    'notice',
    'group',
    'endgroup',
    'echo',
]);
/** A command name as .NET's OrdinalIgnoreCase compares it (ſ and ı have ASCII capitals). */
function ordinalName(name) {
    return name
        .replace(/\u017f/g, 's')
        .replace(/\u0131/g, 'i')
        .toLowerCase();
}


/***/ }),

/***/ 4120:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ht: () => (/* binding */ safeLogText),
/* harmony export */   Km: () => (/* binding */ withoutRegisteredSecrets),
/* harmony export */   Lo: () => (/* binding */ serviceText),
/* harmony export */   br: () => (/* binding */ commentText),
/* harmony export */   cl: () => (/* binding */ registerSecret),
/* harmony export */   g5: () => (/* binding */ summaryText)
/* harmony export */ });
/* unused harmony exports forgetSecrets, SERVICE_TEXT_LIMIT, scrubSecrets */
/* harmony import */ var _runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2928);
/**
 * Everything the service says is untrusted text. This module is the one way
 * such text reaches a log line, an annotation or the job summary:
 *
 * - `serviceText` for a service string embedded in a message: one line, no
 *   control characters, no workflow command, secrets and keys removed, cut to
 *   a few hundred characters;
 * - `safeLogText` for a whole message on its way to the runner (the core
 *   adapter applies it to every line it writes, as the last line of defence);
 * - `summaryText` for a job-summary table cell: escaped for HTML and Markdown
 *   (no tag, link, image, code span, emphasis, math or cell break survives).
 *
 * The runner reads a workflow command from `::name::` at the start of a line
 * (after the white space it trims: runner-syntax.ts), where a line ends at `\n`, `\r\n` or a bare `\r`,
 * and from `##[name]` anywhere in a line.
 */

/** Secrets to remove from any service text: the API token, generated keys. */
const secrets = new Set();
/** Registers a secret (the api-token, a key line): it is removed from every untrusted text from now on. */
function registerSecret(secret) {
    const text = secret.trim();
    // Very short values would blank out ordinary words.
    if (text.length >= 6)
        secrets.add(text);
}
/** Forgets every registered secret (tests). */
function forgetSecrets() {
    secrets.clear();
}
const SERVICE_TEXT_LIMIT = 300;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const PEM_BLOCK = /-----BEGIN[^-\r\n]{0,60}-----[\s\S]*?(?:-----END[^-\r\n]{0,60}-----|$)/g;
const KEY_VALUE = /("(?:key|private_key|privateKey|ssh_private_key|ssh_certificate)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
const OPENSSH_KEY_BODY = /b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/=]*/g;
/** Removes registered secrets, PEM blocks and `key` values. */
function scrubSecrets(text) {
    let clean = text
        .replace(PEM_BLOCK, '[private key removed]')
        .replace(KEY_VALUE, '$1"***"')
        .replace(OPENSSH_KEY_BODY, '[private key removed]');
    for (const secret of secrets)
        clean = clean.split(secret).join('***');
    return clean;
}
/** Registered secrets removed, nothing else (program-output.ts builds the `run` program's lines on it). */
function withoutRegisteredSecrets(line) {
    let clean = line;
    for (const secret of secrets)
        clean = clean.split(secret).join('***');
    return clean;
}
const LINE_START_COMMAND = new RegExp(`^(${_runner_syntax_js__WEBPACK_IMPORTED_MODULE_0__/* .LEADING_WHITESPACE */ .Br}):(?=:)`);
/** `::x::` at a line start (after the runner's white space) and `##[x]` anywhere can no longer be read as commands. */
function defuseCommands(line) {
    return line.replace(/##\[/g, '#\u2060#[').replace(LINE_START_COMMAND, '$1:\u2060');
}
function cut(text, limit) {
    const chars = [...text];
    return chars.length > limit ? `${chars.slice(0, limit).join('')}…` : text;
}
/**
 * A service string for a log line, an annotation or an error message: one
 * line, no control characters, no command, no secret, at most `limit` characters.
 */
function serviceText(value, limit = SERVICE_TEXT_LIMIT) {
    const text = typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? String(value));
    // Secrets first, while a PEM block still has its line breaks.
    const oneLine = scrubSecrets(text).replace(LINE_BREAKS_AND_CONTROLS, ' ').trim();
    // Cut first, then defuse: the defusing never makes the text longer than the reader sees.
    return defuseCommands(cut(oneLine, limit).replace(/::/g, ':\u2060:'));
}
/**
 * A whole message on its way to the runner's log: every line it will be split
 * into (at `\n`, `\r\n` or `\r`) is defused, and secrets are removed. Our own
 * multi-line messages keep their lines.
 */
function safeLogText(message) {
    return scrubSecrets(message)
        .split(/\r\n|\r|\n/)
        .map((line) => defuseCommands(line.replace(/[\u2028\u2029\u0085]/g, ' ')))
        .join('\n');
}
const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/**
 * Text for a job-summary table cell: one line, HTML escaped, Markdown
 * punctuation backslash-escaped (no links, images, code spans, emphasis or
 * cell breaks), secrets removed.
 */
function summaryText(value, limit = 1_000) {
    const text = serviceText(value, limit);
    // Markdown first (it adds only backslashes), then HTML (whose entities need no Markdown escaping).
    // `[` and `]` stop links and images, `$` stops math, `|` stops a cell break.
    return text.replace(/[\\`*_[\]|~$]/g, '\\$&').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}
/**
 * Text for a pull-request comment, which other people read and get notified by: a summary cell's
 * escaping, and no mention (`@someone`, `@org/team`), issue reference (`#12`) or bare link (GitHub
 * links `https://…` by itself) left in it.
 */
function commentText(value, limit = 1_000) {
    return (summaryText(value, limit)
        .replace(/@(?=\w)/g, '@\u2060')
        // Not the '#' of an HTML entity the escaping made (&#39;).
        .replace(/(?<!&)#(?=\d)/g, '#\u2060')
        .replace(/:\/\//g, ':\u2060//')
        .replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}\u2060.`));
}


/***/ }),

/***/ 5154:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   kg: () => (/* binding */ renewerFailures),
/* harmony export */   qS: () => (/* binding */ RENEWER_LOG),
/* harmony export */   qw: () => (/* binding */ endRenewer),
/* harmony export */   uE: () => (/* binding */ launchRenewer),
/* harmony export */   yk: () => (/* binding */ RENEWER_FLAG)
/* harmony export */ });
/* unused harmony exports renewerEnvironment, isRenewer */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(1421);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3024);
/**
 * Starting and ending the renewer process. It runs the main bundle again
 * (`node <script> --ssh-renewer`), detached, with an environment of a few
 * named variables (never the step's INPUT_* or STATE_*), and reads its spec,
 * token included, from a pipe. Its stderr goes to a log in the private
 * directory, which the post step reads before it removes the directory.
 */


const RENEWER_FLAG = '--ssh-renewer';
const RENEWER_LOG = 'renewer.log';
/**
 * What the renewer may see of the step's environment: the path, the home,
 * proxies and CA settings, and the job's RUNNER_TRACKING_ID, by which a
 * self-hosted runner's end-of-job clean-up finds the processes a job left
 * (actions/runner: ProcessInvoker sets it, JobExtension ends its holders).
 */
const PASSED_ON = [
    'PATH',
    'HOME',
    'LANG',
    'TZ',
    'HTTPS_PROXY',
    'https_proxy',
    'HTTP_PROXY',
    'http_proxy',
    'NO_PROXY',
    'no_proxy',
    'NODE_EXTRA_CA_CERTS',
    'SSL_CERT_FILE',
    'RUNNER_TRACKING_ID',
];
function renewerEnvironment(env) {
    return Object.fromEntries(PASSED_ON.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]));
}
/**
 * Starts the renewer and hands it the spec through its stdin; resolves with its pid once the pipe is written and
 * closed.
 */
async function launchRenewer(spec, script, logPath, env = process.env) {
    const log = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.openSync)(logPath, 'a', 0o600);
    try {
        const child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)(process.execPath, [script, RENEWER_FLAG], {
            detached: true,
            stdio: ['pipe', 'ignore', log],
            env: renewerEnvironment(env),
        });
        const spawned = new Promise((resolve, reject) => {
            child.once('error', reject);
            child.once('spawn', () => resolve(child.pid));
        });
        const pid = await spawned;
        await new Promise((resolve, reject) => {
            child.stdin?.once('error', reject);
            child.stdin?.end(JSON.stringify(spec), () => resolve());
        });
        child.unref();
        return pid;
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.closeSync)(log);
    }
}
/** The command line of `pid`, when it runs: /proc where there is one, else ps (macOS runners). */
function commandLine(pid) {
    try {
        if ((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)('/proc/self/cmdline'))
            return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
        return (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFileSync)('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined;
    }
    catch {
        return undefined;
    }
}
/** Whether `pid` is this action's renewer: a pid alone may have been reused by another process since. */
function isRenewer(pid) {
    return commandLine(pid)?.includes(RENEWER_FLAG) ?? false;
}
function alive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * Whether the renewer is gone: no such process, a zombie, or another program
 * under that pid. A process in the middle of exiting shows an empty command
 * line before it is a zombie: that is not gone yet (Linux /proc; elsewhere
 * the command line alone decides).
 */
function gone(pid) {
    if (!alive(pid))
        return true;
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)('/proc/self/stat'))
        return !isRenewer(pid);
    try {
        const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(`/proc/${pid}/stat`, 'utf8');
        const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
        if (state === 'Z' || state === 'X')
            return true;
        const command = commandLine(pid) ?? '';
        return command.trim() !== '' && !command.includes(RENEWER_FLAG);
    }
    catch {
        return true;
    }
}
/**
 * Ends the renewer: SIGTERM, then SIGKILL after 3 s. 'not-running' when it had already ended (or the pid is another
 * process now).
 */
async function endRenewer(pid, clock) {
    if (!isRenewer(pid))
        return 'not-running';
    process.kill(pid, 'SIGTERM');
    for (const [wait, signal] of [
        [3_000, 'SIGKILL'],
        [2_000, undefined],
    ]) {
        const until = clock.now() + wait;
        while (!gone(pid) && clock.now() < until)
            await clock.sleep(50);
        if (gone(pid))
            return 'ended';
        // Only the renewer is signalled: between the checks the pid may have ended (and, rarely, been reused).
        if (signal && isRenewer(pid))
            process.kill(pid, signal);
    }
    return 'still-running';
}
/** The failures the renewer logged (its lines starting 'failed:'), for the post step's one warning. */
function renewerFailures(logPath) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(logPath, 'utf8')
            .split('\n')
            .filter((line) => /^\S+ failed: /.test(line));
    }
    catch {
        return [];
    }
}


/***/ }),

/***/ 5174:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ readYourWrites)
/* harmony export */ });
/**
 * `core` with this main step's saves read back (a fresh record for each main step run). Everything else is looked up
 * on `core` at each call, never copied: a caller that wraps one of its methods later is still heard.
 */
function readYourWrites(core) {
    const saved = new Map();
    const own = {
        saveState: (name, value) => {
            // As the runner's protocol writes it: a string as is, anything else as JSON.
            saved.set(name, typeof value === 'string' ? value : JSON.stringify(value));
            core.saveState(name, value);
        },
        getState: (name) => saved.get(name) ?? core.getState(name),
    };
    return Object.assign(Object.create(core), own);
}


/***/ }),

/***/ 9128:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   HN: () => (/* binding */ reportDryRun),
/* harmony export */   K1: () => (/* binding */ boundedSummary),
/* harmony export */   Qj: () => (/* binding */ markdownTable),
/* harmony export */   Wc: () => (/* binding */ listWithLimit),
/* harmony export */   a3: () => (/* binding */ formatDuration)
/* harmony export */ });
/* unused harmony export SUMMARY_LIMIT_BYTES */
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(4120);

function formatDuration(ms) {
    const total = Math.max(0, Math.round(ms / 1000));
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    if (h > 0)
        return `${h}h${m > 0 ? `${m}m` : ''}`;
    if (m > 0)
        return `${m}m${s > 0 ? `${s}s` : ''}`;
    return `${s}s`;
}
/**
 * A two-column table. Every cell is escaped (HTML, Markdown, cell breaks):
 * values often carry what the service said, so no cell is trusted.
 */
function markdownTable(rows) {
    const lines = [
        '| | |',
        '|---|---|',
        ...rows.map(([key, value]) => `| ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__/* .summaryText */ .g5)(key)} | ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__/* .summaryText */ .g5)(value, 2_000)} |`),
    ];
    return `${lines.join('\n')}\n`;
}
/** "a; b; c; … and 7 more": keeps the summary small whatever the list. */
function listWithLimit(items, limit) {
    if (items.length <= limit)
        return items.join('; ');
    return `${items.slice(0, limit).join('; ')}; … and ${items.length - limit} more`;
}
/** GitHub rejects step summaries over 1 MiB; ours stay far below this cap. */
const SUMMARY_LIMIT_BYTES = 64 * 1024;
function boundedSummary(markdown, limit = SUMMARY_LIMIT_BYTES) {
    if (Buffer.byteLength(markdown) <= limit)
        return markdown;
    const note = '\n\n_(summary cut to stay small)_\n';
    return (Buffer.from(markdown)
        .subarray(0, limit - Buffer.byteLength(note))
        .toString('utf8')
        .replace(/\uFFFD$/, '') + note);
}
/**
 * dry-run: log and summarise the request that would be sent, and output it.
 * `shown` is what the log and summary may carry (secrets hidden); the output is the exact body.
 */
async function reportDryRun(core, heading, route, body, shown = body, note = '') {
    const json = JSON.stringify(shown, null, 2);
    core.info(`dry-run: nothing is sent. ${route} would carry${note}:\n${json}`);
    core.setOutput('request', JSON.stringify(body));
    await core.appendSummary(`### ${heading} (dry-run)\nNothing was sent. Request body of \`${route}\`:\n\n\`\`\`json\n${json}\n\`\`\`\n`);
}


/***/ }),

/***/ 9691:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  YOg: () => (/* binding */ array),
  zMY: () => (/* binding */ schemas_boolean),
  k5n: () => (/* binding */ schemas_enum),
  euz: () => (/* binding */ literal),
  _H3: () => (/* binding */ looseObject),
  aig: () => (/* binding */ schemas_number),
  Ikc: () => (/* binding */ object),
  g1P: () => (/* binding */ record),
  YjP: () => (/* binding */ schemas_string),
  KCZ: () => (/* binding */ union),
  L5J: () => (/* binding */ unknown)
});

// UNUSED EXPORTS: ZodAny, ZodArray, ZodBase64, ZodBase64URL, ZodBigInt, ZodBigIntFormat, ZodBoolean, ZodCIDRv4, ZodCIDRv6, ZodCUID, ZodCUID2, ZodCatch, ZodCodec, ZodCreditCard, ZodCustom, ZodCustomStringFormat, ZodDate, ZodDefault, ZodDiscriminatedUnion, ZodE164, ZodEmail, ZodEmoji, ZodEnum, ZodExactOptional, ZodFile, ZodFunction, ZodGUID, ZodIBAN, ZodIPv4, ZodIPv6, ZodISODate, ZodISODateTime, ZodISODuration, ZodISOTime, ZodInstanceOf, ZodIntersection, ZodJWT, ZodKSUID, ZodLazy, ZodLiteral, ZodMAC, ZodMap, ZodNaN, ZodNanoID, ZodNever, ZodNonOptional, ZodNull, ZodNullable, ZodNumber, ZodNumberFormat, ZodObject, ZodOptional, ZodPipe, ZodPrefault, ZodPreprocess, ZodPromise, ZodReadonly, ZodRecord, ZodSet, ZodString, ZodStringFormat, ZodSuccess, ZodSymbol, ZodTemplateLiteral, ZodTransform, ZodTuple, ZodType, ZodULID, ZodURL, ZodUUID, ZodUndefined, ZodUnion, ZodUnknown, ZodVoid, ZodXID, ZodXor, _ZodString, _default, _function, any, base64, base64url, bigint, catch, check, cidrv4, cidrv6, codec, creditCard, cuid, cuid2, currencyCode, custom, date, describe, discriminatedUnion, e164, email, emoji, exactOptional, file, float32, float64, function, guid, hash, hex, hostname, httpUrl, iban, instanceof, int, int32, int64, intersection, invertCodec, ipv4, ipv6, json, jwt, keyof, ksuid, lazy, looseRecord, mac, map, meta, nan, nanoid, nativeEnum, never, nonoptional, null, nullable, nullish, optional, partialRecord, pipe, prefault, preprocess, promise, readonly, refine, set, strictObject, stringFormat, stringbool, success, superRefine, symbol, templateLiteral, transform, tuple, uint32, uint64, ulid, undefined, url, uuid, uuidv4, uuidv6, uuidv7, void, xid, xor

// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core_core = __nccwpck_require__(8532);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/util.js
var core_util = __nccwpck_require__(4723);
;// CONCATENATED MODULE: ./node_modules/zod/v4/core/memoizer.js

class $ZodCyclicError extends Error {
    constructor() {
        super(`Cannot parse a reference cycle that closes through a transform`);
        this.name = "ZodCyclicError";
    }
}
/** Keyed off the context object every schema in one parse call already shares. */
const STATE = "~memo";
const NO_ISSUES = [];
// a value a cycle can close through
function isRef(value) {
    return value !== null && typeof value === "object";
}
// Receivers prefix paths in place, so the cache and every hand-out need their own copies.
function cloneIssues(issues) {
    return issues.map((iss) => (iss.path ? { ...iss, path: iss.path.slice() } : { ...iss }));
}
const recursive = /*@__PURE__*/ new WeakMap();
/** What the walk established, in order of certainty: ordered so the strongest answer among children wins. */
const NONE = 0;
const ASSUMED = 1;
const PROVEN = 2;
/** Whether this schema's subtree contains a cycle, so one parse can re-enter it. */
function isRecursive(inst, stack, resolve) {
    const cached = recursive.get(inst);
    if (cached !== undefined)
        return cached ? PROVEN : NONE;
    // Relative to the walk in progress, so not cached.
    if (stack.has(inst))
        return PROVEN;
    stack.add(inst);
    let result = NONE;
    const check = (child) => {
        if (result !== PROVEN && child?._zod) {
            const answer = isRecursive(child, stack, resolve);
            if (answer > result)
                result = answer;
        }
    };
    // `Reflect.ownKeys` rather than `Object.keys`, so a cycle through a declared symbol key is still seen
    const shape = (sh, spread) => {
        let answer = NONE;
        for (const key of Reflect.ownKeys(sh)) {
            const desc = Object.getOwnPropertyDescriptor(sh, key);
            // an object resolves its shape by spread, so a key it does not enumerate is never parsed; `z.properties` reads every own key and so keeps them all
            if (spread && !desc.enumerable)
                continue;
            // resolving runs user code, and a factory mints a fresh subtree per read, so an edge the walk can't follow counts as a cycle
            const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
            if (child > answer)
                answer = child;
        }
        return answer;
    };
    const merge = (answer) => {
        if (answer > result)
            result = answer;
    };
    const def = inst._zod.def;
    const kind = def.type;
    switch (kind) {
        case "object": {
            const raw = core_util/* rawShape */.MO(def);
            // a def with no raw shape answers `shape` from an accessor of its own, and running that can mint a whole fresh subtree
            merge(raw ? shape(raw, true) : ASSUMED);
            check(def.catchall);
            break;
        }
        case "array":
            check(def.element);
            break;
        case "tuple":
            for (const el of def.items)
                check(el);
            check(def.rest);
            break;
        case "record":
        case "map":
            check(def.keyType);
            check(def.valueType);
            break;
        case "set":
            check(def.valueType);
            break;
        case "union":
            for (const el of def.options)
                check(el);
            break;
        case "intersection":
            check(def.left);
            check(def.right);
            break;
        case "optional":
        case "nullable":
        case "default":
        case "prefault":
        case "catch":
        case "readonly":
        case "nonoptional":
        case "promise":
        case "success":
            check(def.innerType);
            break;
        case "pipe":
            check(def.in);
            check(def.out);
            break;
        case "function":
            check(def.input);
            check(def.output);
            break;
        // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
        case "lazy": {
            const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : undefined);
            // walked with resolution off: one hop sees past the deferral, and a lazy that yields only another unresolved lazy is generative, so it stops there
            merge(inner ? isRecursive(inner, stack, false) : ASSUMED);
            break;
        }
        // a leaf by choice: `parts` are regex fragments, not data positions
        case "template_literal":
        // leaves
        case "string":
        case "number":
        case "int":
        case "boolean":
        case "bigint":
        case "symbol":
        case "undefined":
        case "null":
        case "void":
        case "never":
        case "any":
        case "unknown":
        case "date":
        case "nan":
        case "enum":
        case "literal":
        case "file":
        case "transform":
        case "custom":
            break;
        default: {
            // a new built-in kind becomes a compile error here
            kind;
            // a user-defined kind can still hold children, and only its author knows where, so fall back to scanning the def — skipping accessors, since reading one can run user code
            for (const key in def) {
                const desc = Object.getOwnPropertyDescriptor(def, key);
                if (!desc || desc.get)
                    continue;
                const value = desc.value;
                if (!value || typeof value !== "object")
                    continue;
                if (value._zod)
                    check(value);
                else if (Array.isArray(value))
                    for (const el of value)
                        check(el);
            }
        }
    }
    stack.delete(inst);
    return settle(inst, result);
}
/** An assumed answer must not outlive the resolution that settles it, so only a certain one is cached. */
function settle(inst, answer) {
    if (answer !== ASSUMED)
        recursive.set(inst, answer === PROVEN);
    return answer;
}
/**
 * Whether one parse can re-enter this schema, i.e. its subtree contains a cycle.
 * Exported for `z.compile`, which refuses to compile such a schema: cycle
 * breaking is driven from here off state keyed on the parse context, and a
 * generated fast path has no context to key on.
 */
function isRecursiveSchema(inst) {
    // z.compile never parses, so nothing would ever resolve a lazy for it; it runs once and already treats a throw here as recursive
    return isRecursive(inst, new Set(), true) !== NONE;
}
function bucketFor(state, inst) {
    let bucket = state.buckets.get(inst);
    if (!bucket) {
        bucket = new WeakMap();
        state.buckets.set(inst, bucket);
    }
    return bucket;
}
// Set immediately before delegating to core and cleared immediately after, so `alloc` registers only for a visit this module is driving.
let handoff;
// Allocated but unfinished entries. `alloc` and the matching pop both happen in the synchronous part of a parse, so they nest even when children are async, and one stack serves every schema.
const memoizer_open = [];
const memo = {
    alloc(_inst, payload, empty) {
        const bucket = handoff;
        if (!bucket)
            return empty;
        handoff = undefined;
        const entry = { value: empty, issues: null };
        bucket.set(payload.value, entry);
        memoizer_open.push(entry);
        return empty;
    },
    guard(inst) {
        var _a;
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                // The value is a placeholder a back-edge is still waiting on, so the cycle closes through this transform. Its output can't exist in time to bind.
                if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
                    throw new $ZodCyclicError();
                return base(payload, ctx);
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
    attach(inst) {
        var _a;
        let isRecursiveInst;
        let rechecked = false;
        // a recursive schema is re-entered many times per parse and its bucket never changes
        let lastCtx;
        let lastBucket;
        // Wraps `parse` in a deferred so it sees the container's final parse. Core's own deferred copies `parse` into `run` when there are no checks, and it ran first, so `run` is patched to match; with checks, `run` reads `parse` dynamically.
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred.push(() => {
            const base = inst._zod.parse;
            const wrapped = (payload, ctx) => {
                if (isRecursiveInst === undefined) {
                    const walked = isRecursive(inst, new Set(), false);
                    if (walked === NONE) {
                        // Nothing here can ever fire, so take it back out.
                        inst._zod.parse = base;
                        if (inst._zod.run === wrapped)
                            inst._zod.run = base;
                        return base(payload, ctx);
                    }
                    // this parse resolves the deferred edges on its own path, so ask once more before latching
                    if (walked === PROVEN || rechecked)
                        isRecursiveInst = true;
                    else
                        rechecked = true;
                }
                const input = payload.value;
                if (!isRef(input))
                    return base(payload, ctx);
                let state = ctx[STATE];
                if (!state) {
                    state = { buckets: new WeakMap(), backEdges: undefined };
                    ctx[STATE] = state;
                }
                let bucket;
                if (lastCtx === ctx) {
                    bucket = lastBucket;
                }
                else {
                    bucket = bucketFor(state, inst);
                    lastCtx = ctx;
                    lastBucket = bucket;
                }
                const hit = bucket.get(input);
                if (hit) {
                    payload.value = hit.value;
                    if (hit.issues) {
                        if (hit.issues.length)
                            payload.issues.push(...cloneIssues(hit.issues));
                    }
                    else {
                        // Still being parsed: its own checks cover it, so skip them here.
                        payload.memo = true;
                        state.backEdges ?? (state.backEdges = new WeakSet());
                        state.backEdges.add(hit.value);
                    }
                    return payload;
                }
                handoff = bucket;
                const depth = memoizer_open.length;
                const result = base(payload, ctx);
                handoff = undefined;
                // A container that rejected its input outright allocated nothing.
                const entry = memoizer_open.length > depth ? memoizer_open.pop() : undefined;
                // Both paths written out so the sync one allocates no closure. It runs once per node, and capturing here cost more than everything else combined.
                if (result instanceof Promise) {
                    return result.then((r) => {
                        if (entry)
                            entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
                        return r;
                    });
                }
                if (entry)
                    entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
                return result;
            };
            inst._zod.parse = wrapped;
            if (inst._zod.run === base)
                inst._zod.run = wrapped;
        });
    },
};
/** The memoizer that gives containers cycle support. `zod` installs it by default; `zod/mini` opts in with `config({ memoizer: memoizer() })`. */
function memoizer() {
    return memo;
}
/** Whether this value is a node a back-edge resolved to before it finished. */
function isBackEdge(ctx, value) {
    const backEdges = ctx[STATE]?.backEdges;
    return backEdges !== undefined && isRef(value) && backEdges.has(value);
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/regexes.js

/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const cuid = /^[cC][0-9a-z]{6,}$/;
const cuid2 = /^[0-9a-z]+$/;
const ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
const xid = /^[0-9a-vA-V]{20}$/;
const ksuid = /^[A-Za-z0-9]{27}$/;
const nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
    return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
/** ISO 8601-1 duration regex. Does not support the 8601-2 extensions like negative durations or fractional/negative components. */
const duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
/** Implements ISO 8601-2 extensions like explicit +- prefixes, mixing weeks with other units, and fractional/negative components. */
const extendedDuration = /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/;
/** A regex for any UUID-like identifier: 8-4-4-4-12 hex pattern */
const guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
/** Returns a regex for validating an RFC 9562/4122 UUID.
 *
 * @param version Optionally specify a version 1-8. If no version is specified, all versions are supported. */
const uuid = (version) => {
    if (!version)
        return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
    return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
const uuid4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(4)));
const uuid6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(6)));
const uuid7 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(7)));
/** Practical email validation */
const email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/** Equivalent to the HTML5 input[type=email] validation implemented by browsers. Source: https://developer.mozilla.org/en-US/docs/Web/HTML/Element/input/email */
const html5Email = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** The classic emailregex.com regex for RFC 5322-compliant emails */
const rfc5322Email = /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
/** A loose regex that allows Unicode characters, enforces length limits, and that's about it. */
const unicodeEmail = /^[^\s@"]{1,64}@[^\s@]{1,255}$/u;
const idnEmail = (/* unused pure expression or super */ null && (unicodeEmail));
const browserEmail = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// from https://thekevinscott.com/emojis-in-javascript/#writing-a-regular-expression
// Single character class, not an alternation: the two properties overlap (U+1F9B0-U+1F9B3), so `(A|B)+` backtracks exponentially on a failed match. The leading lookahead then demands one anchor — a pictograph, a regional indicator, or the enclosing keycap — because `\p{Emoji_Component}` on its own covers ASCII digits, `#`, `*`, ZWJ, variation selectors and skin tone modifiers, none of which is an emoji without a base.
const _emoji = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
    return new RegExp(_emoji, "u");
}
const ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
const mac = (delimiter) => {
    const escapedDelim = util.escapeRegex(delimiter ?? ":");
    return new RegExp(`^(?:[0-9A-F]{2}${escapedDelim}){5}[0-9A-F]{2}$|^(?:[0-9a-f]{2}${escapedDelim}){5}[0-9a-f]{2}$`);
};
const cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
const cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
// https://stackoverflow.com/questions/7860392/determine-if-string-is-in-base64-using-javascript
const base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
const base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
// based on https://stackoverflow.com/questions/106179/regular-expression-to-match-dns-hostname-or-ip-address
// export const hostname: RegExp = /^([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+$/;
const hostname = /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/;
const domain = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
const httpProtocol = /^https?$/;
// https://blog.stevenlevithan.com/archives/validate-phone-number#r4-3 (regex sans spaces) E.164: leading digit must be 1-9; total digits (excluding '+') between 7-15
const e164 = /^\+[1-9]\d{6,14}$/;
// Credit card shape: 12–19 digits, optionally separated by single spaces or single hyphens. ISO/IEC 7812 caps the PAN at 19 digits; 12 is the shortest issued length (Maestro).
const creditCard = /^\d(?:[ -]?\d){11,18}$/;
// ISO 4217 alpha codes from the SIX list, regenerated by scripts/update-iso-4217.ts
const currencyCode = /^(?:AED|AFN|ALL|AMD|AOA|ARS|AUD|AWG|AZN|BAM|BBD|BDT|BHD|BIF|BMD|BND|BOB|BOV|BRL|BSD|BTN|BWP|BYN|BZD|CAD|CDF|CHE|CHF|CHW|CLF|CLP|CNY|COP|COU|CRC|CUP|CVE|CZK|DJF|DKK|DOP|DZD|EGP|ERN|ETB|EUR|FJD|FKP|GBP|GEL|GHS|GIP|GMD|GNF|GTQ|GYD|HKD|HNL|HTG|HUF|IDR|ILS|INR|IQD|IRR|ISK|JMD|JOD|JPY|KES|KGS|KHR|KMF|KPW|KRW|KWD|KYD|KZT|LAK|LBP|LKR|LRD|LSL|LYD|MAD|MDL|MGA|MKD|MMK|MNT|MOP|MRU|MUR|MVR|MWK|MXN|MXV|MYR|MZN|NAD|NGN|NIO|NOK|NPR|NZD|OMR|PAB|PEN|PGK|PHP|PKR|PLN|PYG|QAR|RON|RSD|RUB|RWF|SAR|SBD|SCR|SDG|SEK|SGD|SHP|SLE|SOS|SRD|SSP|STN|SVC|SYP|SZL|THB|TJS|TMT|TND|TOP|TRY|TTD|TWD|TZS|UAH|UGX|USD|USN|UYI|UYU|UYW|UZS|VED|VES|VND|VUV|WST|XAD|XAF|XAG|XAU|XBA|XBB|XBC|XBD|XCD|XCG|XDR|XOF|XPD|XPF|XPT|XSU|XTS|XUA|XXX|YER|ZAR|ZMW|ZWG)$/;
// iban electronic format: 2-letter country, check digits 02-98 (the only values `98 - remainder` can produce), 11-30 bban characters
const iban = /^[A-Z]{2}(?!00|01|99)\d{2}[A-Z0-9]{11,30}$/;
const dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
/** Anchors a pattern source. The interpolation lives here rather than at the call site because
 * esbuild will not drop a `@__PURE__` call whose own argument interpolates a variable, but it
 * will drop `anchor(dateSource)`. Keeping it inline pinned `date` into every bundle. */
function regexes_anchor(source) {
    return new RegExp(`^${source}$`);
}
const date = /*@__PURE__*/ regexes_anchor(dateSource);
function timeSource(args) {
    const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
    const regex = typeof args.precision === "number"
        ? args.precision === -1
            ? `${hhmm}`
            : args.precision === 0
                ? `${hhmm}:[0-5]\\d`
                : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}`
        : args.seconds
            ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?`
            : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
    return regex;
}
function time(args) {
    return new RegExp(`^${timeSource(args)}$`);
}
// Adapted from https://stackoverflow.com/a/3143231
function datetime(args) {
    const opts = ["Z"];
    // if (args.offset) opts.push(`([+-]\\d{2}:\\d{2})`);
    if (args.offset)
        opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
    // RFC 3339 mandates seconds wherever the time carries a `Z` or an offset, so only the unqualified form `local` adds may omit them
    const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
    const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
    return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
// the unbounded form of `string()` as a literal, so every plain string shares one instance instead of building its own
const anyString = /^[\s\S]{0,}$/;
const string = (params) => {
    const regex = params ? `[\\s\\S]{${params?.minimum ?? 0},${params?.maximum ?? ""}}` : `[\\s\\S]*`;
    return new RegExp(`^${regex}$`);
};
const bigint = /^-?\d+n?$/;
const integer = /^-?\d+$/;
const number = /^-?\d+(?:\.\d+)?$/;
const regexes_boolean = /^(?:true|false)$/i;
const _null = /^null$/i;

const _undefined = /^undefined$/i;

// regex for string with no uppercase letters
const lowercase = /^[^A-Z]*$/;
// regex for string with no lowercase letters
const uppercase = /^[^a-z]*$/;
// regex for hexadecimal strings (any length)
const hex = /^[0-9a-fA-F]*$/;
// Hash regexes for different algorithms and encodings
// Helper function to create base64 regex with exact length and padding
function fixedBase64(bodyLength, padding) {
    return new RegExp(`^[A-Za-z0-9+/]{${bodyLength}}${padding}$`);
}
// Helper function to create base64url regex with exact length (no padding)
function fixedBase64url(length) {
    return new RegExp(`^[A-Za-z0-9_-]{${length}}$`);
}
// MD5 (16 bytes): base64 = 24 chars total (22 + "==")
const md5_hex = /^[0-9a-fA-F]{32}$/;
const md5_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(22, "==")));
const md5_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(22)));
// SHA1 (20 bytes): base64 = 28 chars total (27 + "=")
const sha1_hex = /^[0-9a-fA-F]{40}$/;
const sha1_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(27, "=")));
const sha1_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(27)));
// SHA256 (32 bytes): base64 = 44 chars total (43 + "=")
const sha256_hex = /^[0-9a-fA-F]{64}$/;
const sha256_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(43, "=")));
const sha256_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(43)));
// SHA384 (48 bytes): base64 = 64 chars total (no padding)
const sha384_hex = /^[0-9a-fA-F]{96}$/;
const sha384_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(64, "")));
const sha384_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(64)));
// SHA512 (64 bytes): base64 = 88 chars total (86 + "==")
const sha512_hex = /^[0-9a-fA-F]{128}$/;
const sha512_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(86, "==")));
const sha512_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(86)));

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/checks.js
// import { $ZodType } from "./schemas.js";



const $ZodCheck = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheck", (inst, def) => {
    var _a;
    inst._zod ?? (inst._zod = {});
    inst._zod.def = def;
    (_a = inst._zod).onattach ?? (_a.onattach = []);
});
/** Default `when` for size-based checks: run only on non-nullish values with a `size`. */
const _whenHasSize = (payload) => {
    const val = payload.value;
    return !util.nullish(val) && val.size !== undefined;
};
/** Default `when` for length-based checks: run only on non-nullish values with a `length`. */
const _whenHasLength = (payload) => {
    const val = payload.value;
    return !core_util/* nullish */.cl(val) && val.length !== undefined;
};
const numericOriginMap = {
    number: "number",
    bigint: "bigint",
    object: "date",
};
const $ZodCheckLessThan = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckLessThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_big",
            maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckGreaterThan = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckGreaterThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_small",
            minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMultipleOf = 
/*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckMultipleOf", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        if (typeof payload.value !== typeof def.value)
            throw new Error("Cannot mix number and bigint in multiple_of check.");
        const isMultiple = typeof payload.value === "bigint"
            ? // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
                def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
            : core_util/* floatSafeRemainder */.LG(payload.value, def.value) === 0;
        if (isMultiple)
            return;
        payload.issues.push({
            origin: typeof payload.value,
            code: "not_multiple_of",
            divisor: def.value,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckNumberFormat = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckNumberFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    def.format = def.format || "float64";
    const isInt = def.format?.includes("int");
    const origin = isInt ? "int" : "number";
    const [minimum, maximum] = core_util/* NUMBER_FORMAT_RANGES */.zH[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (isInt) {
            if (!Number.isInteger(input)) {
                // invalid_format issue
                // payload.issues.push({
                //   expected: def.format,
                //   format: def.format,
                //   code: "invalid_format",
                //   input,
                //   inst,
                // });
                // invalid_type issue
                payload.issues.push({
                    expected: origin,
                    format: def.format,
                    code: "invalid_type",
                    continue: false,
                    input,
                    inst,
                });
                return;
                // not_multiple_of issue
                // payload.issues.push({
                //   code: "not_multiple_of",
                //   origin: "number",
                //   input,
                //   inst,
                //   divisor: 1,
                // });
            }
            if (!Number.isSafeInteger(input)) {
                if (input > 0) {
                    // too_big
                    payload.issues.push({
                        input,
                        code: "too_big",
                        maximum: Number.MAX_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                else {
                    // too_small
                    payload.issues.push({
                        input,
                        code: "too_small",
                        minimum: Number.MIN_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                return;
            }
        }
        if (input < minimum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_small",
                minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodCheckBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckBigIntFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    const [minimum, maximum] = util.BIGINT_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (input < minimum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_small",
                minimum: minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
const $ZodCheckMaxSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMaxSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size <= def.maximum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMinSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMinSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size >= def.minimum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckSizeEquals = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckSizeEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size === def.size)
            return;
        const tooBig = size > def.size;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            ...(tooBig ? { code: "too_big", maximum: def.size } : { code: "too_small", minimum: def.size }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMaxLength = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckMaxLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // Strings are measured in Unicode code points, not UTF-16 units. A code point is at most two units, so a string that already fits in units fits in code points; only an overflow has to be counted.
        const length = typeof input === "string" && units > def.maximum ? core_util/* codePointLength */.O7(input) : units;
        if (length <= def.maximum)
            return;
        const origin = core_util/* getLengthableOrigin */.Rc(input);
        payload.issues.push({
            origin,
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMinLength = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckMinLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so fewer units than the floor can never reach it and twice the floor always clears it. Only in between is the exact count in doubt.
        const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2
            ? core_util/* codePointLength */.O7(input)
            : units;
        if (length >= def.minimum)
            return;
        const origin = core_util/* getLengthableOrigin */.Rc(input);
        payload.issues.push({
            origin,
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLengthEquals = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckLengthEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so outside `[length, length * 2]` units the target is missed either way — and missed in the same direction in both measures.
        const length = typeof input === "string" && units >= def.length && units <= def.length * 2
            ? core_util/* codePointLength */.O7(input)
            : units;
        if (length === def.length)
            return;
        const origin = core_util/* getLengthableOrigin */.Rc(input);
        const tooBig = length > def.length;
        payload.issues.push({
            origin,
            ...(tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStringFormat = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckStringFormat", (inst, def) => {
    var _a, _b;
    $ZodCheck.init(inst, def);
    if (def.pattern)
        (_a = inst._zod).check ?? (_a.check = (payload) => {
            def.pattern.lastIndex = 0;
            if (def.pattern.test(payload.value))
                return;
            payload.issues.push({
                origin: "string",
                code: "invalid_format",
                format: def.format,
                input: payload.value,
                ...(def.pattern ? { pattern: def.pattern.toString() } : {}),
                inst,
                continue: !def.abort,
            });
        });
    else
        (_b = inst._zod).check ?? (_b.check = () => { });
});
const $ZodCheckRegex = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckRegex", (inst, def) => {
    $ZodCheckStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        def.pattern.lastIndex = 0;
        if (def.pattern.test(payload.value))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "regex",
            input: payload.value,
            pattern: def.pattern.toString(),
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLowerCase = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckLowerCase", (inst, def) => {
    def.pattern ?? (def.pattern = lowercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckUpperCase = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckUpperCase", (inst, def) => {
    def.pattern ?? (def.pattern = uppercase);
    $ZodCheckStringFormat.init(inst, def);
});
const $ZodCheckIncludes = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckIncludes", (inst, def) => {
    $ZodCheck.init(inst, def);
    const escapedRegex = core_util/* escapeRegex */.sD(def.includes);
    // `String.prototype.includes(sub, position)` matches `sub` at `position`
    // OR LATER, so the pattern must allow at least `position` leading chars
    // (`{N,}`), not exactly `position` chars (`{N}`).
    const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
    def.pattern = pattern;
    inst._zod.check = (payload) => {
        if (payload.value.includes(def.includes, def.position))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "includes",
            includes: def.includes,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckStartsWith = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckStartsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`^${core_util/* escapeRegex */.sD(def.prefix)}.*`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.startsWith(def.prefix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "starts_with",
            prefix: def.prefix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckEndsWith = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckEndsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`.*${core_util/* escapeRegex */.sD(def.suffix)}$`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.endsWith(def.suffix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "ends_with",
            suffix: def.suffix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
///////////////////////////////////
/////    $ZodCheckProperty    /////
///////////////////////////////////
function handleCheckPropertyResult(result, payload, property) {
    if (result.issues.length) {
        payload.issues.push(...core_util/* prefixIssues */.lQ(property, result.issues));
    }
}
const $ZodCheckProperty = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckProperty", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        const result = def.schema._zod.run({
            value: payload.value[def.property],
            issues: [],
        }, {});
        if (result instanceof Promise) {
            return result.then((result) => handleCheckPropertyResult(result, payload, def.property));
        }
        handleCheckPropertyResult(result, payload, def.property);
        return;
    };
})));
const $ZodCheckProperties = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckProperties", (inst, def) => {
    $ZodCheck.init(inst, def);
    core_util/* hide */.jD(inst, Symbol.iterator, function* () {
        yield inst;
    });
    // key and schema snapshotted together: reading one live and the other cached lets a later mutation of the caller's shape object pair a stale key with a missing schema
    let entries;
    inst._zod.check = (payload) => {
        // the base schema already typed the value, so only a nullish one is rejected here: the properties read on a primitive too, matching z.property() on a string's length
        if (payload.value == null) {
            payload.issues.push({ expected: "object", code: "invalid_type", input: payload.value, inst });
            return undefined;
        }
        entries ?? (entries = Reflect.ownKeys(def.shape).map((key) => [key, def.shape[key]]));
        const input = payload.value;
        let proms;
        for (const [key, schema] of entries) {
            const result = schema._zod.run({ value: input[key], issues: [] }, {});
            if (result instanceof Promise) {
                proms ?? (proms = []);
                proms.push(result.then((result) => handleCheckPropertyResult(result, payload, key)));
            }
            else {
                handleCheckPropertyResult(result, payload, key);
            }
        }
        if (proms)
            return Promise.all(proms).then(() => undefined);
        return undefined;
    };
});
const $ZodCheckMimeType = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMimeType", (inst, def) => {
    $ZodCheck.init(inst, def);
    const mimeSet = new Set(def.mime);
    inst._zod.check = (payload) => {
        if (mimeSet.has(payload.value.type))
            return;
        payload.issues.push({
            code: "invalid_value",
            values: def.mime,
            input: payload.value.type,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckOverwrite = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCheckOverwrite", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        payload.value = def.tx(payload.value);
    };
});

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/doc.js
class Doc {
    constructor(args = [], closed = {}) {
        this.content = [];
        this.indent = 0;
        this.args = args;
        this.closed = closed;
    }
    // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
    indented(fn) {
        this.indent += 1;
        try {
            fn(this);
        }
        finally {
            this.indent -= 1;
        }
    }
    write(arg) {
        if (typeof arg === "function") {
            arg(this, { execution: "sync" });
            arg(this, { execution: "async" });
            return;
        }
        const content = arg;
        const lines = content.split("\n").filter((x) => x);
        const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
        const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
        for (const line of dedented) {
            this.content.push(line);
        }
    }
    compile() {
        const F = Function;
        const content = this?.content ?? [``];
        const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {\n${content.join("\n")}\n};`);
        return factory(...Object.values(this.closed));
    }
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/versions.js
const version = {
    major: 4,
    minor: 6,
    patch: 7,
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/schemas.js







const $ZodType = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodType", (inst, def) => {
    var _a;
    inst ?? (inst = {});
    inst._zod.def = def; // set _def property
    inst._zod.bag = inst._zod.bag || {}; // initialize _bag object
    inst._zod.version = version;
    const defChecks = inst._zod.def.checks;
    // if inst is itself a checks.$ZodCheck, run it as a check
    const checks = inst._zod.traits.has("$ZodCheck")
        ? [inst, ...(defChecks ?? [])]
        : defChecks?.length
            ? [...defChecks]
            : [];
    for (const ch of checks) {
        for (const fn of ch._zod.onattach) {
            fn(inst);
        }
    }
    if (checks.length === 0) {
        // deferred initializer inst._zod.parse is not yet defined
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred?.push(() => {
            inst._zod.run = inst._zod.parse;
        });
    }
    else {
        const runChecks = (payload, checks, ctx) => {
            if (payload.memo)
                return payload;
            let isAborted = core_util/* aborted */.QH(payload);
            let asyncResult;
            for (const ch of checks) {
                if (ch._zod.def.when) {
                    if (core_util/* explicitlyAborted */.rL(payload))
                        continue;
                    const shouldRun = ch._zod.def.when(payload);
                    if (!shouldRun)
                        continue;
                }
                else if (isAborted) {
                    continue;
                }
                const currLen = payload.issues.length;
                const _ = ch._zod.check(payload);
                if (_ instanceof Promise && ctx?.async === false) {
                    throw new core_core/* $ZodAsyncError */.GT();
                }
                if (asyncResult || _ instanceof Promise) {
                    asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                        await _;
                        const nextLen = payload.issues.length;
                        if (nextLen === currLen)
                            return;
                        core_util/* attachSchema */.d3(payload.issues, currLen, inst);
                        if (!isAborted)
                            isAborted = core_util/* aborted */.QH(payload, currLen);
                    });
                }
                else {
                    const nextLen = payload.issues.length;
                    if (nextLen === currLen)
                        continue;
                    core_util/* attachSchema */.d3(payload.issues, currLen, inst);
                    if (!isAborted)
                        isAborted = core_util/* aborted */.QH(payload, currLen);
                }
            }
            if (asyncResult) {
                return asyncResult.then(() => {
                    return payload;
                });
            }
            return payload;
        };
        const handleCanaryResult = (canary, payload, ctx) => {
            // abort if the canary is aborted
            if (core_util/* aborted */.QH(canary)) {
                canary.aborted = true;
                return canary;
            }
            // run checks first, then
            const checkResult = runChecks(payload, checks, ctx);
            if (checkResult instanceof Promise) {
                if (ctx.async === false)
                    throw new core_core/* $ZodAsyncError */.GT();
                return checkResult.then((checkResult) => inst._zod.parse(checkResult, ctx));
            }
            return inst._zod.parse(checkResult, ctx);
        };
        inst._zod.run = (payload, ctx) => {
            if (ctx.skipChecks) {
                return inst._zod.parse(payload, ctx);
            }
            if (ctx.direction === "backward") {
                // run canary initial pass (no checks)
                const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
                if (canary instanceof Promise) {
                    return canary.then((canary) => {
                        return handleCanaryResult(canary, payload, ctx);
                    });
                }
                return handleCanaryResult(canary, payload, ctx);
            }
            // forward
            const result = inst._zod.parse(payload, ctx);
            if (result instanceof Promise) {
                if (ctx.async === false)
                    throw new core_core/* $ZodAsyncError */.GT();
                return result.then((result) => runChecks(result, checks, ctx));
            }
            return runChecks(result, checks, ctx);
        };
    }
}, {
    // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
    get "~standard"() {
        return core_util/* hide */.jD(this, "~standard", standardProps(this));
    },
    set "~standard"(value) {
        core_util/* own */.qh(this, "~standard", value);
    },
});
/** The Standard Schema surface for `inst`. Shared so wrappers can extend it without forcing it. */
// a Standard Schema result only reports issues, so a failure finalizes them straight off the raw payload: no ZodError, and no lazy result to read through
const toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())) } : { value: r.value };
async function validateAsync(inst, value) {
    const ctx = { async: true };
    return toStandardResult((await inst._zod.run({ value, issues: [] }, ctx)), ctx);
}
function standardProps(inst) {
    return {
        validate: (value) => {
            const ctx = { async: false };
            try {
                const r = inst._zod.run({ value, issues: [] }, ctx);
                if (!(r instanceof Promise))
                    return toStandardResult(r, ctx);
            }
            catch (_) { }
            // async function so a synchronously throwing check rejects instead of escaping validate
            return validateAsync(inst, value);
        },
        vendor: "zod",
        version: 1,
    };
}

const $ZodString = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodString", (inst, def) => {
    $ZodType.init(inst, def);
    // a format's own pattern, else unbounded; a template literal derives the check-aware form itself
    inst._zod.pattern = def.pattern ?? anyString;
    inst._zod.parse = (payload, _) => {
        if (def.coerce)
            try {
                payload.value = String(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "string")
            return payload;
        payload.issues.push({
            expected: "string",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodStringFormat = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodStringFormat", (inst, def) => {
    // check initialization must come first
    $ZodCheckStringFormat.init(inst, def);
    $ZodString.init(inst, def);
});
const $ZodGUID = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodGUID", (inst, def) => {
    def.pattern ?? (def.pattern = guid);
    $ZodStringFormat.init(inst, def);
});
const $ZodUUID = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodUUID", (inst, def) => {
    if (def.version) {
        const versionMap = {
            v1: 1,
            v2: 2,
            v3: 3,
            v4: 4,
            v5: 5,
            v6: 6,
            v7: 7,
            v8: 8,
        };
        const v = versionMap[def.version];
        if (v === undefined)
            throw new Error(`Invalid UUID version: "${def.version}"`);
        def.pattern ?? (def.pattern = uuid(v));
    }
    else
        def.pattern ?? (def.pattern = uuid());
    $ZodStringFormat.init(inst, def);
});
const $ZodEmail = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodEmail", (inst, def) => {
    def.pattern ?? (def.pattern = email);
    $ZodStringFormat.init(inst, def);
});
/** The `://` guard rejected the input before the URL constructor saw it. */
const URL_BAD_FORMAT = 1;
/** The URL parser rejected the input. */
const URL_UNPARSEABLE = 2;
function canParseURL(input) {
    try {
        if (typeof URL !== "undefined" && typeof URL.canParse === "function")
            return URL.canParse(input);
        new URL(input);
        return true;
    }
    catch {
        return false;
    }
}
function validateURL(trimmed, def) {
    if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
        return canParseURL(trimmed) || URL_UNPARSEABLE;
    }
    return parseURLObject(trimmed, def);
}
/** Parses a URL while preserving the non-normalizing HTTP guard. */
function parseURLObject(trimmed, def) {
    // When normalize is off, require :// for http/https URLs. This prevents strings like "http:example.com" or "https:/path" from being silently accepted
    if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
        return URL_BAD_FORMAT;
    }
    try {
        if (typeof URL !== "undefined") {
            const URLStatic = URL;
            if (typeof URLStatic.parse === "function")
                return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
        }
        // @ts-ignore
        return new URL(trimmed);
    }
    catch {
        return URL_UNPARSEABLE;
    }
}
const asciiTabOrNewline = /[\t\n\r]/g;
/** The URL parser deletes every ASCII tab, LF and CR from its input before it parses, so `new URL("https://exa\nmple.com")` reports on `example.com`. Applying the same deletion to the returned value closes the half of that divergence which can move the host; the parser's other rewrite, stripping C0 controls at the edges, cannot. */
function stripTabAndNewline(value) {
    return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
    hostname.lastIndex = 0;
    return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
    protocol.lastIndex = 0;
    return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
const $ZodURL = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodURL", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        try {
            // Trim whitespace from input
            const trimmed = payload.value.trim();
            const url = validateURL(trimmed, def);
            if (url === URL_BAD_FORMAT) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid URL format",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === URL_UNPARSEABLE) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === true) {
                payload.value = stripTabAndNewline(trimmed);
                return;
            }
            if (def.hostname && !urlHostnameOk(url, def.hostname)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid hostname",
                    pattern: def.hostname.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            if (def.protocol && !urlProtocolOk(url, def.protocol)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid protocol",
                    pattern: def.protocol.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            // Set the output value based on normalize flag
            payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
            return;
        }
        catch (_) {
            payload.issues.push({
                code: "invalid_format",
                format: "url",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodEmoji = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodEmoji", (inst, def) => {
    def.pattern ?? (def.pattern = emoji());
    $ZodStringFormat.init(inst, def);
});
const $ZodNanoID = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodNanoID", (inst, def) => {
    if (def.length !== undefined && (!Number.isInteger(def.length) || def.length < 1))
        throw new Error(`Invalid nanoid length: ${def.length}`);
    def.pattern ?? (def.pattern = def.length === undefined ? nanoid : nanoidOfLength(def.length));
    $ZodStringFormat.init(inst, def);
});
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link $ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const $ZodCUID = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCUID", (inst, def) => {
    def.pattern ?? (def.pattern = cuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodCUID2 = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCUID2", (inst, def) => {
    def.pattern ?? (def.pattern = cuid2);
    $ZodStringFormat.init(inst, def);
});
const $ZodULID = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodULID", (inst, def) => {
    def.pattern ?? (def.pattern = ulid);
    $ZodStringFormat.init(inst, def);
});
const $ZodXID = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodXID", (inst, def) => {
    def.pattern ?? (def.pattern = xid);
    $ZodStringFormat.init(inst, def);
});
const $ZodKSUID = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodKSUID", (inst, def) => {
    def.pattern ?? (def.pattern = ksuid);
    $ZodStringFormat.init(inst, def);
});
const $ZodISODateTime = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodISODateTime", (inst, def) => {
    def.pattern ?? (def.pattern = datetime(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODate = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodISODate", (inst, def) => {
    def.pattern ?? (def.pattern = date);
    $ZodStringFormat.init(inst, def);
});
const $ZodISOTime = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodISOTime", (inst, def) => {
    def.pattern ?? (def.pattern = time(def));
    $ZodStringFormat.init(inst, def);
});
const $ZodISODuration = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodISODuration", (inst, def) => {
    def.pattern ?? (def.pattern = duration);
    $ZodStringFormat.init(inst, def);
});
const $ZodIPv4 = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodIPv4", (inst, def) => {
    def.pattern ?? (def.pattern = ipv4);
    $ZodStringFormat.init(inst, def);
});
/** An IPv6 address is written with hex digits, colons and dots, and nothing else. The guard is what makes the check below an IPv6 check: `new URL("http://[...]")` parses an authority, not an address, so `@` and `\` re-delimit it and `"::@1\\"` validates against the host `0.0.0.1`. The URL parser also deletes ASCII tab, LF and CR rather than failing, which is how `"::1\n"` validated as `::1`. */
const ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
    if (!ipv6Alphabet.test(value))
        return false;
    return canParseURL(`http://[${value}]`);
}
const $ZodIPv6 = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodIPv6", (inst, def) => {
    def.pattern ?? (def.pattern = ipv6);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidIPv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "ipv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMAC", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.mac(def.delimiter));
    $ZodStringFormat.init(inst, def);
})));
const $ZodCIDRv4 = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCIDRv4", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv4);
    $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
    const parts = value.split("/");
    if (parts.length !== 2)
        return false;
    const [address, prefix] = parts;
    if (!prefix)
        return false;
    const prefixNum = Number(prefix);
    if (`${prefixNum}` !== prefix)
        return false;
    if (prefixNum < 0 || prefixNum > 128)
        return false;
    return isValidIPv6(address);
}
const $ZodCIDRv6 = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCIDRv6", (inst, def) => {
    def.pattern ?? (def.pattern = cidrv6); // not used for validation
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidCIDRv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "cidrv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
});
//////////////////////////////   ZodBase64   //////////////////////////////
function isValidBase64(data) {
    if (data === "")
        return true;
    // atob ignores whitespace, so reject it up front.
    if (/\s/.test(data))
        return false;
    if (data.length % 4 !== 0)
        return false;
    try {
        // @ts-ignore
        atob(data);
        return true;
    }
    catch {
        return false;
    }
}
// lax on purpose: the quantified regexes.base64 overflows the regex stack on multi-MB input and its leading ^$| alternation leaks through template-literal composition; isValidBase64 enforces length and padding
const base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
const $ZodBase64 = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodBase64", (inst, def) => {
    def.pattern ?? (def.pattern = base64Charset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
//////////////////////////////   ZodBase64URL   //////////////////////////////
// lax on purpose: the quantified regexes.base64url overflows the regex stack on multi-MB input; isValidBase64 enforces length on the padded string
const base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
    if (!base64urlCharset.test(data))
        return false;
    const base64 = data.replace(/[-_]/g, (c) => (c === "-" ? "+" : "/"));
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
    return isValidBase64(padded);
}
const $ZodBase64URL = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodBase64URL", (inst, def) => {
    def.pattern ?? (def.pattern = base64urlCharset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64URL(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64url",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodE164 = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodE164", (inst, def) => {
    def.pattern ?? (def.pattern = e164);
    $ZodStringFormat.init(inst, def);
});
//////////////////////////////   ZodCreditCard   //////////////////////////////
const CC_SANITIZE = /[- ]/g;
/** Luhn checksum on a digit-only string. Adapted from valibot (MIT). */
function isLuhnAlgo(digits) {
    let length = digits.length;
    let bit = 1;
    let sum = 0;
    while (length) {
        const value = digits.charCodeAt(--length) - 48;
        bit ^= 1;
        sum += bit ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][value] : value;
    }
    return sum % 10 === 0;
}
function isValidCreditCard(input) {
    if (!regexes.creditCard.test(input))
        return false;
    return isLuhnAlgo(input.replace(CC_SANITIZE, ""));
}
const $ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCreditCard", (inst, def) => {
    // Shape only — the Luhn check below is not expressible as a pattern, so consumers of `pattern` (JSON Schema, template literals) get the length and separator rules alone.
    def.pattern ?? (def.pattern = regexes.creditCard);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidCreditCard(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "credit_card",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodIBAN   //////////////////////////////
// iso 7064 mod 97-10 checksum without BigInt
function isIso7064Mod97(iban) {
    let remainder = 0;
    const len = iban.length;
    for (let i = 4; i < len; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    for (let i = 0; i < 4; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    return remainder === 1;
}
function isValidIBAN(input) {
    if (!regexes.iban.test(input))
        return false;
    return isIso7064Mod97(input);
}
const $ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIBAN", (inst, def) => {
    // shape only — checksum is not expressible as a pattern
    def.pattern ?? (def.pattern = regexes.iban);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidIBAN(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "iban",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodJWT   //////////////////////////////
function isValidJWT(token, algorithm = null) {
    try {
        const tokensParts = token.split(".");
        if (tokensParts.length !== 3)
            return false;
        const [header] = tokensParts;
        if (!header)
            return false;
        // @ts-ignore
        const parsedHeader = JSON.parse(atob(header));
        if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
            return false;
        if (!parsedHeader.alg)
            return false;
        if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
            return false;
        return true;
    }
    catch {
        return false;
    }
}
const $ZodJWT = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodJWT", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidJWT(payload.value, def.alg))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "jwt",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCustomStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (def.fn(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: def.format,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodNumber = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodNumber", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = number;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Number(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
            return payload;
        }
        const received = typeof input === "number"
            ? Number.isNaN(input)
                ? "NaN"
                : !Number.isFinite(input)
                    ? String(input)
                    : undefined
            : undefined;
        payload.issues.push({
            expected: "number",
            code: "invalid_type",
            input,
            inst,
            ...(received ? { received } : {}),
        });
        return payload;
    };
});
const $ZodNumberFormat = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodNumberFormat", (inst, def) => {
    $ZodCheckNumberFormat.init(inst, def);
    $ZodNumber.init(inst, def); // no format checks
});
const $ZodBoolean = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodBoolean", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes_boolean;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Boolean(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "boolean")
            return payload;
        payload.issues.push({
            expected: "boolean",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
});
const $ZodBigInt = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodBigInt", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = bigint;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = BigInt(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "bigint")
            return payload;
        payload.issues.push({
            expected: "bigint",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBigIntFormat", (inst, def) => {
    checks.$ZodCheckBigIntFormat.init(inst, def);
    $ZodBigInt.init(inst, def); // no format checks
})));
const $ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSymbol", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "symbol")
            return payload;
        payload.issues.push({
            expected: "symbol",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodUndefined", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.undefined;
    inst._zod.values = new Set([undefined]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "undefined",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNull", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.null;
    inst._zod.values = new Set([null]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (input === null)
            return payload;
        payload.issues.push({
            expected: "null",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodAny", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
})));
const $ZodUnknown = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodUnknown", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
});
const $ZodNever = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodNever", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        payload.issues.push({
            expected: "never",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodVoid", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "void",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodDate = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodDate", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce) {
            try {
                payload.value = new Date(payload.value);
            }
            catch (_err) { }
        }
        const input = payload.value;
        const isDate = input instanceof Date;
        const isValidDate = isDate && !Number.isNaN(input.getTime());
        if (isValidDate)
            return payload;
        payload.issues.push({
            expected: "date",
            code: "invalid_type",
            input,
            ...(isDate ? { received: "Invalid Date" } : {}),
            inst,
        });
        return payload;
    };
});
// an oversized container fails its leading size checks before any element is parsed
function capSize(inst, size) {
    const caps = core_util/* sizeCaps */.hi(inst._zod.def.checks);
    if (!caps.length)
        return;
    const cap = Math.min(...caps.map((c) => c[0]));
    const parse = inst._zod.parse;
    inst._zod.parse = (payload, ctx) => {
        const n = size(payload.value);
        if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
            for (const [max, ch] of core_util/* sizeCaps */.hi(inst._zod.def.checks)) {
                if (n > max && ch._zod.def.when(payload)) {
                    const start = payload.issues.length;
                    ch._zod.check(payload);
                    // the value is still the raw input, so no later check may read it
                    payload.issues[start].continue = false;
                    core_util/* attachSchema */.d3(payload.issues, start, inst);
                    return payload;
                }
            }
        }
        return parse(payload, ctx);
    };
}
const arraySize = (input) => (Array.isArray(input) ? input.length : -1);
const mapSize = (input) => (input instanceof Map ? input.size : -1);
const setSize = (input) => (input instanceof Set ? input.size : -1);
function handleArrayResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...core_util/* prefixIssues */.lQ(index, result.issues));
    }
    final.value[index] = result.value;
}
const $ZodArray = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodArray", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core_core/* globalConfig */.cr.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                expected: "array",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
        const proms = [];
        const abortEarly = ctx?.abortEarly;
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            const result = def.element._zod.run({
                value: item,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleArrayResult(result, payload, i)));
            }
            else {
                handleArrayResult(result, payload, i);
                // the element's payload is authoritative here, since handleArrayResult forwards every issue; an object's is not, because it drops a failed absent optional
                if (abortEarly && result.issues.length !== 0 && core_util/* aborted */.QH(result))
                    break;
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload; //handleArrayResultsAsync(parseResults, final);
    };
    capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
    const isPresent = key in input;
    const isOptionalOut = optout === "optional";
    // The middle rung means "absence permitted, nothing supplied in its place", so an absent key contributes nothing — whatever the schema made of `undefined` is invented, not substituted. Only `optional` reaches this with a value: `defaulted` substitutes, and a schema that isn't optional-out has to keep the key.
    if (!isPresent && isOptionalOut && optin === "optional") {
        return;
    }
    if (result.issues.length) {
        // For optional-in/out schemas, ignore errors on absent keys.
        if (optin !== undefined && isOptionalOut && !isPresent) {
            return;
        }
        final.issues.push(...core_util/* prefixIssues */.lQ(key, result.issues));
    }
    if (!isPresent && optin === undefined) {
        if (!result.issues.length) {
            final.issues.push({
                code: "invalid_type",
                expected: "nonoptional",
                input: undefined,
                path: [key],
            });
        }
        return;
    }
    if (result.value === undefined) {
        if (isPresent || (optin === "defaulted" && !isOptionalOut)) {
            final.value[key] = undefined;
        }
    }
    else {
        final.value[key] = result.value;
    }
}
// one shared instance; a fresh [] per schema cost 56 bytes retained
const NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
    const keys = Object.keys(def.shape);
    const ownSymbols = Object.getOwnPropertySymbols(def.shape);
    const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
    // aliases `keys` when there are no symbols, so a string-only shape keeps one array
    const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
    for (const k of allKeys) {
        if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
            throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
        }
    }
    const okeys = core_util/* optionalKeys */.NM(def.shape);
    return {
        ...def,
        allKeys,
        symbolKeys,
        // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
        keySet: new Set(keys),
        numKeys: keys.length,
        optionalKeys: new Set(okeys),
    };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
    const unrecognized = [];
    const keySet = def.keySet;
    const _catchall = def.catchall._zod;
    const t = _catchall.def.type;
    const optin = _catchall.optin;
    const optout = _catchall.optout;
    // starts at 0, not the current length: the shape phase already ran and may have aborted
    let seen = 0;
    for (const key in input) {
        if (abortEarly && payload.issues.length !== seen) {
            if (core_util/* aborted */.QH(payload, seen))
                break;
            seen = payload.issues.length;
        }
        // Must precede the __proto__ branch: a declared key is not unrecognized, even though the shape loop deliberately strips __proto__ from the parsed output.
        if (keySet.has(key))
            continue;
        // Don't copy an undeclared __proto__ into the result; assignment to a plain {} would replace the result prototype. But in strict mode it is still an unknown key, so report it before skipping.
        if (key === "__proto__") {
            if (t === "never")
                unrecognized.push(key);
            continue;
        }
        if (t === "never") {
            unrecognized.push(key);
            continue;
        }
        const r = _catchall.run({ value: input[key], issues: [] }, ctx);
        if (r instanceof Promise) {
            proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
        }
        else {
            handlePropertyResult(r, payload, key, input, optin, optout);
        }
    }
    if (unrecognized.length) {
        payload.issues.push({
            code: "unrecognized_keys",
            keys: unrecognized,
            input,
            inst,
            // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
            continue: true,
        });
    }
    if (!proms.length)
        return payload;
    return Promise.all(proms).then(() => {
        return payload;
    });
}
const $ZodObject = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodObject", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodType.init(inst, def);
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    // a cloned def carries its source's accessor, which knows the shape it answers from; adopting that keeps the clone's keys readable without running it
    const sh = desc?.get ? desc.get.raw : (def.shape ?? {});
    if (sh) {
        // Freezes the shape on first read, so its getters resolve once and every later read sees the same schemas.
        const get = () => {
            const newSh = { ...sh };
            Object.defineProperty(def, "shape", { value: newSh });
            get.raw = newSh;
            return newSh;
        };
        get.raw = sh;
        Object.defineProperty(def, "shape", { get });
    }
    const _normalized = core_util/* cached */.PO(() => normalizeDef(def));
    core_util/* defineLazyInternal */.v5(inst, "propValues", (zod) => {
        const shape = zod.def.shape;
        const propValues = {};
        for (const key in shape) {
            const field = shape[key]._zod;
            if (field.values) {
                if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
                    core_util/* assignProp */.Vy(propValues, key, new Set());
                }
                for (const v of field.values)
                    propValues[key].add(v);
                // An omittable slot reads back as undefined at a discriminator lookup, so it has to claim undefined: two options that can both omit the key are not discriminable on it.
                if (field.optin !== undefined)
                    propValues[key].add(undefined);
            }
        }
        return propValues;
    });
    const isObject = core_util/* isObject */.Gv;
    const catchall = def.catchall;
    let value;
    const memo = core_core/* globalConfig */.cr.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
        const proms = [];
        const shape = value.shape;
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const key of value.allKeys) {
            if (abortEarly && payload.issues.length !== seen) {
                if (core_util/* aborted */.QH(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            if (key === "__proto__")
                continue;
            const el = shape[key];
            const optin = el._zod.optin;
            const optout = el._zod.optout;
            const r = el._zod.run({ value: input[key], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
            }
            else {
                handlePropertyResult(r, payload, key, input, optin, optout);
            }
        }
        if (!catchall) {
            return proms.length ? Promise.all(proms).then(() => payload) : payload;
        }
        return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
    };
});
const $ZodObjectJIT = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodObjectJIT", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodObject.init(inst, def);
    const superParse = inst._zod.parse;
    const _normalized = core_util/* cached */.PO(() => normalizeDef(def));
    const memo = core_core/* globalConfig */.cr.memoizer;
    const generateFastpass = (shape) => {
        const normalized = _normalized.value;
        const syms = normalized.symbolKeys;
        // a symbol has no source literal, so it is read as `syms[i]` off the closed-over scope
        const doc = new Doc(["payload", "ctx"], { shape, inst, memo, syms });
        const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
        // prefixes in place, like util.prefixIssues. newResult must land before the early return: a catchall runs after this and would otherwise write onto the caller's input
        const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
        doc.write(`const input = payload.value;`);
        const ids = Object.create(null);
        let counter = 0;
        for (const key of normalized.allKeys) {
            ids[key] = `key_${counter++}`;
        }
        // A: preserve key order {
        doc.write(memo ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
        for (const key of normalized.allKeys) {
            if (key === "__proto__")
                continue;
            const id = ids[key];
            const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : core_util/* esc */.UQ(key);
            const isPresent = `${k} in input`;
            const schema = shape[key];
            const optin = schema?._zod?.optin;
            const isOptionalIn = optin !== undefined;
            const isOptionalOut = schema?._zod?.optout === "optional";
            doc.write(`const ${id} = ${parseStr(k)};`);
            if (isOptionalIn && isOptionalOut) {
                // For optional-in/out schemas, ignore errors on absent keys — and, like the interpreted path, drop the value produced alongside them. The middle rung goes further: it permits absence without supplying anything in its place, so an absent key contributes nothing at all.
                const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
                doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
            }
            else if (!isOptionalIn) {
                doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
            }
            else {
                doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
                if (optin === "defaulted") {
                    doc.write(`newResult[${k}] = ${id}.value;`);
                }
                else {
                    doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
                }
            }
        }
        doc.write(`payload.value = newResult;`);
        doc.write(`return payload;`);
        // closing `shape` in is what pays: turbofan specializes the parser against that one shape object, so every `shape[k]._zod.run` folds to a known callee. as a parameter it stays a generic load and measures 13% slower even with the forwarding frame gone
        return doc.compile();
    };
    let fastpass;
    const isObject = core_util/* isObject */.Gv;
    const jit = !core_core/* globalConfig */.cr.jitless;
    const allowsEval = core_util/* allowsEval */.hI;
    const fastEnabled = jit && allowsEval.value; // && !def.catchall;
    const catchall = def.catchall;
    let value;
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
            // always synchronous
            if (!fastpass)
                fastpass = generateFastpass(def.shape);
            payload = fastpass(payload, ctx);
            if (!catchall)
                return payload;
            return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
        }
        return superParse(payload, ctx);
    };
});
function handleUnionResults(results, final, inst, ctx) {
    for (const result of results) {
        if (result.issues.length === 0) {
            final.value = result.value;
            return final;
        }
    }
    const nonaborted = results.filter((r) => !core_util/* aborted */.QH(r));
    if (nonaborted.length === 1) {
        final.value = nonaborted[0].value;
        return nonaborted[0];
    }
    final.issues.push({
        code: "invalid_union",
        input: final.value,
        inst,
        errors: results.map((result) => result.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W()))),
    });
    return final;
}
const $ZodUnion = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodUnion", (inst, def) => {
    $ZodType.init(inst, def);
    core_util/* defineLazyInternal */.v5(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted")
        ? "defaulted"
        : zod.def.options.some((o) => o._zod.optin !== undefined)
            ? "optional"
            : undefined);
    core_util/* defineLazyInternal */.v5(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : undefined);
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => {
        if (zod.def.options.every((o) => o._zod.values)) {
            return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
        }
        return undefined;
    });
    core_util/* defineLazyInternal */.v5(inst, "pattern", (zod) => {
        if (zod.def.options.every((o) => o._zod.pattern)) {
            const patterns = zod.def.options.map((o) => o._zod.pattern);
            return new RegExp(`^(${patterns.map((p) => core_util/* cleanRegex */.p6(p.source)).join("|")})$`);
        }
        return undefined;
    });
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                if (result.issues.length === 0)
                    return result;
                results.push(result);
            }
        }
        if (!async)
            return handleUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleUnionResults(results, payload, inst, ctx);
        });
    };
});
function handleExclusiveUnionResults(results, final, inst, ctx) {
    const matches = [];
    for (let i = 0; i < results.length; i++) {
        if (results[i].issues.length === 0)
            matches.push(i);
    }
    if (matches.length === 1) {
        final.value = results[matches[0]].value;
        return final;
    }
    if (matches.length === 0) {
        // No matches - same as regular union
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: results.map((result) => result.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config()))),
        });
    }
    else {
        // Multiple matches - exclusive union failure
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: [],
            inclusive: false,
            matches,
        });
    }
    return final;
}
const $ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodXor", (inst, def) => {
    $ZodUnion.init(inst, def);
    def.inclusive = false;
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                results.push(result);
            }
        }
        if (!async)
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        });
    };
})));
/** Returns the option whose discriminator claims `value`, or throws if ambiguous. */
function getDiscriminatedOption(union, value) {
    const internals = union._zod;
    let map = internals.bag.optionsMap;
    if (!map) {
        map = discriminatorMap(internals.def);
        internals.bag.optionsMap = map;
    }
    const option = map.get(value);
    if (option === null)
        throw new Error(`Ambiguous discriminator value "${String(value)}"`);
    return option;
}
function discriminatorMap(def) {
    const map = new Map();
    for (const option of def.options) {
        const values = option._zod.propValues?.[def.discriminator];
        if (!values || values.size === 0)
            throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
        for (const value of values) {
            if (map.has(value)) {
                if (value !== undefined)
                    throw new Error(`Duplicate discriminator value "${String(value)}"`);
                // keep the collision marked so a later member cannot reclaim it
                map.set(value, null);
            }
            else {
                map.set(value, option);
            }
        }
    }
    return map;
}
const $ZodDiscriminatedUnion = 
/*@__PURE__*/
(/* unused pure expression or super */ null && (core.$constructor("$ZodDiscriminatedUnion", (inst, def) => {
    def.inclusive = false;
    $ZodUnion.init(inst, def);
    const _super = inst._zod.parse;
    util.defineLazyInternal(inst, "propValues", (zod) => {
        const propValues = {};
        let undefinedCount = 0;
        for (const option of zod.def.options) {
            const pv = option._zod.propValues;
            if (!pv || Object.keys(pv).length === 0)
                throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
            if (pv[zod.def.discriminator]?.has(undefined))
                undefinedCount++;
            for (const [k, v] of Object.entries(pv)) {
                if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
                    util.assignProp(propValues, k, new Set());
                }
                for (const val of v) {
                    propValues[k].add(val);
                }
            }
        }
        if (!zod.def.unionFallback && undefinedCount > 1)
            propValues[zod.def.discriminator]?.delete(undefined);
        return propValues;
    });
    // Checked now rather than in the lookup map below, so an option that lacks the discriminator fails at the `discriminatedUnion` call instead of on the first object parsed. Options whose shape cannot be enumerated without resolving it — pipes and lazies — are left to the map.
    def.options.forEach((option, i) => {
        const propShape = util.rawShape(option._zod.def);
        if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
            throw new Error(`Invalid discriminated union option at index "${i}"`);
        }
    });
    const disc = util.cached(() => discriminatorMap(def));
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!util.isObject(input)) {
            payload.issues.push({
                code: "invalid_type",
                expected: "object",
                input,
                inst,
            });
            return payload;
        }
        const value = input?.[def.discriminator];
        const opt = disc.value.get(value);
        // forward metadata cannot choose an encoder for an absent tag
        if (opt && (value !== undefined || ctx.direction !== "backward")) {
            return opt._zod.run(payload, ctx);
        }
        // Fall back to union matching when the fast discriminator path fails:
        // - explicitly enabled via unionFallback, or
        // - during backward direction (encode), since codec-based discriminators have different values in forward vs backward directions
        if (def.unionFallback || ctx.direction === "backward") {
            return _super(payload, ctx);
        }
        // no matching discriminator
        payload.issues.push({
            code: "invalid_union",
            errors: [],
            note: "No matching discriminator",
            discriminator: def.discriminator,
            options: Array.from(disc.value.keys()).filter((value) => disc.value.get(value) !== null),
            input,
            path: [def.discriminator],
            inst,
        });
        return payload;
    };
})));
const $ZodIntersection = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodIntersection", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        const left = def.left._zod.run({ value: input, issues: [] }, ctx);
        const right = def.right._zod.run({ value: input, issues: [] }, ctx);
        const async = left instanceof Promise || right instanceof Promise;
        if (async) {
            return Promise.all([left, right]).then(([left, right]) => {
                return handleIntersectionResults(payload, left, right);
            });
        }
        return handleIntersectionResults(payload, left, right);
    };
});
function mergeValues(a, b) {
    // const aType = parse.t(a);
    // const bType = parse.t(b);
    if (a === b) {
        return { valid: true, data: a };
    }
    if (a instanceof Date && b instanceof Date && +a === +b) {
        return { valid: true, data: a };
    }
    if (core_util/* isPlainObject */.Qd(a) && core_util/* isPlainObject */.Qd(b)) {
        const bKeys = Object.keys(b);
        const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
        const newObj = { ...a, ...b };
        if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
            delete newObj.__proto__;
        for (const key of sharedKeys) {
            if (key === "__proto__")
                continue;
            const sharedValue = mergeValues(a[key], b[key]);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [key, ...sharedValue.mergeErrorPath],
                };
            }
            newObj[key] = sharedValue.data;
        }
        return { valid: true, data: newObj };
    }
    if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) {
            return { valid: false, mergeErrorPath: [] };
        }
        const newArray = [];
        for (let index = 0; index < a.length; index++) {
            const itemA = a[index];
            const itemB = b[index];
            const sharedValue = mergeValues(itemA, itemB);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [index, ...sharedValue.mergeErrorPath],
                };
            }
            newArray.push(sharedValue.data);
        }
        return { valid: true, data: newArray };
    }
    return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
    // Track which side(s) reject each key. A key rejection is reported only when BOTH sides reject it, so a key owned by one branch survives the other's key schema. strictObject reports these as unrecognized_keys; a record with an open key schema reports one invalid_key per key.
    const unrecKeys = new Map();
    let unrecIssue;
    const keyIssues = new Map();
    const collect = (iss, side) => {
        let keys;
        if (iss.code === "unrecognized_keys" && !iss.path?.length) {
            unrecIssue ?? (unrecIssue = iss);
            keys = iss.keys;
        }
        else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
            const k = String(iss.path[0]);
            if (!keyIssues.has(k))
                keyIssues.set(k, iss);
            keys = [k];
        }
        else {
            return false;
        }
        for (const k of keys) {
            if (!unrecKeys.has(k))
                unrecKeys.set(k, {});
            unrecKeys.get(k)[side] = true;
        }
        return true;
    };
    for (const iss of left.issues) {
        if (!collect(iss, "l"))
            result.issues.push(iss);
    }
    for (const iss of right.issues) {
        if (!collect(iss, "r"))
            result.issues.push(iss);
    }
    // Report only keys rejected by BOTH sides
    const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
    if (bothKeys.length) {
        const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
        if (aggregated.length)
            result.issues.push({ ...unrecIssue, keys: aggregated });
        for (const k of bothKeys) {
            if (!aggregated.includes(k) && keyIssues.has(k))
                result.issues.push(keyIssues.get(k));
        }
    }
    const merged = mergeValues(left.value, right.value);
    if (!merged.valid) {
        if (core_util/* aborted */.QH(result))
            return result;
        throw new Error(`Unmergable intersection. Error path: ` + `${JSON.stringify(merged.mergeErrorPath)}`);
    }
    result.value = merged.data;
    return result;
}
const $ZodTuple = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodTuple", (inst, def) => {
    $ZodType.init(inst, def);
    const items = def.items;
    const memo = core_core/* globalConfig */.cr.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                input,
                inst,
                expected: "tuple",
                code: "invalid_type",
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, [], ctx) : [];
        const proms = [];
        const optinStart = getTupleOptStart(items, "optin");
        const optoutStart = getTupleOptStart(items, "optout");
        if (!def.rest) {
            if (input.length < optinStart) {
                payload.issues.push({
                    code: "too_small",
                    minimum: optinStart,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
                return payload;
            }
            if (input.length > items.length) {
                payload.issues.push({
                    code: "too_big",
                    maximum: items.length,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
            }
        }
        // Run every item in parallel, collecting results into an indexed array. The post-processing in `handleTupleResults` walks them in order so it can decide whether an absent optional-output error can truncate the tail or must be reported to preserve required output.
        const itemResults = new Array(items.length);
        // only tracked when there is a rest loop to skip
        const abortEarly = def.rest ? ctx?.abortEarly : undefined;
        let itemAborted = false;
        for (let i = 0; i < items.length; i++) {
            const r = items[i]._zod.run({ value: input[i], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((rr) => {
                    itemResults[i] = rr;
                }));
            }
            else {
                itemResults[i] = r;
                if (abortEarly && !itemAborted && r.issues.length)
                    itemAborted = core_util/* aborted */.QH(r);
            }
        }
        // sound because rest is non-empty exactly when every fixed index is present, the one case handleTupleResults cannot discard an item's issues
        if (def.rest && !itemAborted) {
            let i = items.length - 1;
            const rest = input.slice(items.length);
            let seen = payload.issues.length;
            for (const el of rest) {
                if (abortEarly && payload.issues.length !== seen) {
                    if (core_util/* aborted */.QH(payload, seen))
                        break;
                    seen = payload.issues.length;
                }
                i++;
                const result = def.rest._zod.run({ value: el, issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((r) => handleTupleResult(r, payload, i)));
                }
                else {
                    handleTupleResult(result, payload, i);
                }
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input, optoutStart));
        }
        return handleTupleResults(itemResults, payload, items, input, optoutStart);
    };
});
function getTupleOptStart(items, key) {
    for (let i = items.length - 1; i >= 0; i--) {
        // optin is a three-rung ladder so any rung above `undefined` permits an absent slot; optout stays two-valued.
        const omittable = key === "optin" ? items[i]._zod.optin !== undefined : items[i]._zod.optout === "optional";
        if (!omittable)
            return i + 1;
    }
    return 0;
}
function handleTupleResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...core_util/* prefixIssues */.lQ(index, result.issues));
    }
    final.value[index] = result.value;
}
function handleTupleResults(itemResults, final, items, input, optoutStart) {
    // Walk results in order. Mirror $ZodObject's swallow-on-absent-optional rule, but only after `optoutStart`: the first index where the output tuple tail can be absent.
    for (let i = 0; i < items.length; i++) {
        const r = itemResults[i];
        const isPresent = i < input.length;
        // The array analog of `handlePropertyResult`'s absent-key early return: the middle rung permits absence without supplying anything in its place, so the tail truncates here instead of materializing whatever the item made of `undefined`.
        if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
            final.value.length = i;
            break;
        }
        if (r.issues.length) {
            if (!isPresent && i >= optoutStart) {
                final.value.length = i;
                break;
            }
            final.issues.push(...core_util/* prefixIssues */.lQ(i, r.issues));
        }
        final.value[i] = r.value;
    }
    // Drop trailing slots that produced `undefined` for absent input
    // (the array analog of an absent optional key on an object). The
    // `i >= input.length` floor is critical: an explicit `undefined`
    // *inside* the input must be preserved even when the schema is
    // optional-out (e.g. `z.string().or(z.undefined())` accepting an
    // explicit undefined value).
    for (let i = final.value.length - 1; i >= input.length; i--) {
        if (items[i]._zod.optout === "optional" && final.value[i] === undefined) {
            final.value.length = i;
        }
        else {
            break;
        }
    }
    return final;
}
const $ZodRecord = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodRecord", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core_core/* globalConfig */.cr.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!core_util/* isPlainObject */.Qd(input)) {
            payload.issues.push({
                expected: "record",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        // no guard in either loop below: a record's invalid_key aborts but an enclosing intersection can reconcile it, so a stopped loop hides keys the sibling does not own and the intersection then rejects nothing
        const proms = [];
        const values = def.keyType._zod.values;
        if (values && !def.partial) {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            const recordKeys = new Set();
            for (const key of values) {
                if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
                    recordKeys.add(typeof key === "number" ? key.toString() : key);
                    // A declared __proto__ is stripped but is not an unrecognized key.
                    if (key === "__proto__")
                        continue;
                    const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                    if (keyResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (keyResult.issues.length) {
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())),
                            input: key,
                            path: [key],
                            inst,
                        });
                        continue;
                    }
                    const outKey = keyResult.value;
                    if (outKey === "__proto__")
                        continue;
                    const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                    if (result instanceof Promise) {
                        proms.push(result.then((result) => {
                            if (result.issues.length) {
                                payload.issues.push(...core_util/* prefixIssues */.lQ(key, result.issues));
                            }
                            payload.value[outKey] = result.value;
                        }));
                    }
                    else {
                        if (result.issues.length) {
                            payload.issues.push(...core_util/* prefixIssues */.lQ(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }
                }
            }
            let unrecognized;
            for (const key in input) {
                if (!recordKeys.has(key)) {
                    if (def.mode === "loose") {
                        // skip __proto__ so it can't replace the result prototype via the assignment setter on the plain {} we build into
                        if (key === "__proto__")
                            continue;
                        payload.value[key] = input[key];
                    }
                    else {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        else {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            // An enumerable key schema declares which keys the record owns, so a key outside the set is unrecognized. A non-enumerable one (regex, refine) is a constraint every key must satisfy, so a failing key is invalid. Only the former is reconcilable against the other side of an intersection.
            let unrecognized;
            // Reflect.ownKeys for Symbol-key support; filter non-enumerable to match z.object()
            for (const key of Reflect.ownKeys(input)) {
                if (key === "__proto__")
                    continue;
                if (!Object.prototype.propertyIsEnumerable.call(input, key))
                    continue;
                let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                if (keyResult instanceof Promise) {
                    throw new Error("Async schemas not supported in object keys currently");
                }
                // Numeric string fallback: if key is a numeric string and failed, retry with Number(key). This handles z.number(), z.literal([1, 2, 3]), and unions containing numeric literals
                const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
                if (checkNumericKey) {
                    const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
                    if (retryResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (retryResult.issues.length === 0) {
                        keyResult = retryResult;
                    }
                }
                if (keyResult.issues.length) {
                    if (def.mode === "loose") {
                        // Pass through unchanged
                        payload.value[key] = input[key];
                    }
                    else if (values) {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                    else {
                        // Default "strict" behavior: error on invalid key
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())),
                            input: key,
                            path: [key],
                            inst,
                        });
                    }
                    continue;
                }
                // the guard above tests the raw input key, but the key schema can normalize an ordinary key into __proto__; re-check the key we actually write under
                const outKey = keyResult.value;
                if (outKey === "__proto__")
                    continue;
                const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((result) => {
                        if (result.issues.length) {
                            payload.issues.push(...core_util/* prefixIssues */.lQ(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }));
                }
                else {
                    if (result.issues.length) {
                        payload.issues.push(...core_util/* prefixIssues */.lQ(key, result.issues));
                    }
                    payload.value[outKey] = result.value;
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload;
    };
});
const $ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMap", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Map)) {
            payload.issues.push({
                expected: "map",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Map(), ctx) : new Map();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const [key, value] of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
            const valueResult = def.valueType._zod.run({ value: value, issues: [] }, ctx);
            if (keyResult instanceof Promise || valueResult instanceof Promise) {
                proms.push(Promise.all([keyResult, valueResult]).then(([keyResult, valueResult]) => {
                    handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
                }));
            }
            else {
                handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
            }
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, mapSize);
})));
function handleMapResult(keyResult, valueResult, final, key, input, inst, ctx) {
    if (keyResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, keyResult.issues));
        }
        else {
            final.issues.push({
                code: "invalid_key",
                origin: "map",
                input,
                inst,
                issues: keyResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    if (valueResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, valueResult.issues));
        }
        else {
            final.issues.push({
                origin: "map",
                code: "invalid_element",
                input,
                inst,
                key: key,
                issues: valueResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    final.value.set(keyResult.value, valueResult.value);
}
const $ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSet", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Set)) {
            payload.issues.push({
                input,
                inst,
                expected: "set",
                code: "invalid_type",
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Set(), ctx) : new Set();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const item of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const result = def.valueType._zod.run({ value: item, issues: [] }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleSetResult(result, payload)));
            }
            else
                handleSetResult(result, payload);
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, setSize);
})));
function handleSetResult(result, final) {
    if (result.issues.length) {
        final.issues.push(...result.issues);
    }
    final.value.add(result.value);
}
const $ZodEnum = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodEnum", (inst, def) => {
    $ZodType.init(inst, def);
    const values = core_util/* getEnumValues */.w5(def.entries);
    const valuesSet = new Set(values);
    inst._zod.values = valuesSet;
    core_util/* defineLazyInternal */.v5(inst, "pattern", (zod) => {
        const patternValues = core_util/* getEnumValues */.w5(zod.def.entries).filter((k) => core_util/* propertyKeyTypes */.qQ.has(typeof k));
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(patternValues.length ? `^(${patternValues.map((o) => core_util/* escapeRegex */.sD(o.toString())).join("|")})$` : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (valuesSet.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodLiteral = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const values = new Set(def.values);
    inst._zod.values = values;
    core_util/* defineLazyInternal */.v5(inst, "pattern", (zod) => {
        const vals = zod.def.values;
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(vals.length
            ? `^(${vals
                .map((o) => typeof o === "string" ? core_util/* escapeRegex */.sD(o) : o ? core_util/* escapeRegex */.sD(o.toString()) : String(o))
                .join("|")})$`
            : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (values.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values: def.values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFile", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        // @ts-ignore
        if (input instanceof File)
            return payload;
        payload.issues.push({
            expected: "file",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodTransform = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodTransform", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "optional";
    core_core/* globalConfig */.cr.memoizer?.guard(inst);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new core_core/* $ZodEncodeError */.cV(inst.constructor.name);
        }
        const _out = def.transform(payload.value, payload);
        if (ctx.async) {
            const output = _out instanceof Promise ? _out : Promise.resolve(_out);
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        if (_out instanceof Promise) {
            throw new core_core/* $ZodAsyncError */.GT();
        }
        payload.value = _out;
        return payload;
    };
});
function handleOptionalResult(payload, result) {
    // A substituting schema that still failed has no usable answer; yield undefined. Its issues are simply dropped: it ran on a payload of its own, so there is no shared array to truncate and nothing of the caller's to lose with it.
    payload.value = result.issues.length ? undefined : result.value;
    return payload;
}
const $ZodOptional = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodOptional", (inst, def) => {
    $ZodType.init(inst, def);
    // .optional() propagates absence rather than substituting for it, so a defaulted inner keeps its rung.
    core_util/* defineLazyInternal */.v5(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    inst._zod.optout = "optional";
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => {
        const values = zod.def.innerType._zod.values;
        return values ? new Set([...values, undefined]) : undefined;
    });
    core_util/* defineLazyInternal */.v5(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${core_util/* cleanRegex */.p6(pattern.source)})?$`) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        if (payload.value === undefined) {
            // Only the top rung substitutes a value for absence; everything else leaves it intact, which is what .optional() means.
            if (def.innerType._zod.optin !== "defaulted")
                return payload;
            // Its own payload, for the same reason $ZodCatch gets one: a pipe forwards an unrecognized key through the caller's issues array, and this must not read that as the substituting schema failing and drop it.
            const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
            if (result instanceof Promise)
                return result.then((result) => handleOptionalResult(payload, result));
            return handleOptionalResult(payload, result);
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodExactOptional = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodExactOptional", (inst, def) => {
    // Call parent init - inherits optin/optout = "optional"
    $ZodOptional.init(inst, def);
    // Override values/pattern to NOT add undefined
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => zod.def.innerType._zod.values);
    core_util/* defineLazyInternal */.v5(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
    // Override parse to just delegate (no undefined handling)
    inst._zod.parse = (payload, ctx) => {
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNullable = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodNullable", (inst, def) => {
    $ZodType.init(inst, def);
    core_util/* defineLazyInternal */.v5(inst, "optin", (zod) => zod.def.innerType._zod.optin);
    core_util/* defineLazyInternal */.v5(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    core_util/* defineLazyInternal */.v5(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${core_util/* cleanRegex */.p6(pattern.source)}|null)$`) : undefined;
    });
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => {
        return zod.def.innerType._zod.values ? new Set([...zod.def.innerType._zod.values, null]) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        // Forward direction (decode): allow null to pass through
        if (payload.value === null)
            return payload;
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodDefault = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodDefault", (inst, def) => {
    $ZodType.init(inst, def);
    // inst._zod.qin = "true";
    inst._zod.optin = "defaulted";
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply defaults for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
            /**
             * $ZodDefault returns the default value immediately in forward direction.
             * It doesn't pass the default value into the validator ("prefault"). There's no reason to pass the default value through validation. The validity of the default is enforced by TypeScript statically. Otherwise, it's the responsibility of the user to ensure the default is valid. In the case of pipes with divergent in/out types, you can specify the default on the `in` schema of your ZodPipe to set a "prefault" for the pipe.   */
            return payload;
        }
        // Forward direction: continue with default handling
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleDefaultResult(result, def));
        }
        return handleDefaultResult(result, def);
    };
});
function handleDefaultResult(payload, def) {
    if (payload.value === undefined) {
        payload.value = def.defaultValue;
    }
    return payload;
}
const $ZodPrefault = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodPrefault", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "defaulted";
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply prefault for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodNonOptional = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodNonOptional", (inst, def) => {
    $ZodType.init(inst, def);
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => {
        const v = zod.def.innerType._zod.values;
        return v ? new Set([...v].filter((x) => x !== undefined)) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleNonOptionalResult(result, inst));
        }
        return handleNonOptionalResult(result, inst);
    };
});
function handleNonOptionalResult(payload, inst) {
    if (!payload.issues.length && payload.value === undefined) {
        payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: payload.value,
            inst,
        });
    }
    return payload;
}
const $ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSuccess", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new core.$ZodEncodeError("ZodSuccess");
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => {
                payload.value = result.issues.length === 0;
                return payload;
            });
        }
        payload.value = result.issues.length === 0;
        return payload;
    };
})));
function handleCatchResult(payload, result, def, ctx) {
    if (!result.issues.length) {
        payload.value = result.value;
        // The value carries up, so the flag describing it has to carry with it: a back-edge into a node still being parsed must not be frozen by an enclosing readonly, and its checks belong to the node itself. Guarded so the ordinary case adds no own property.
        if (result.memo)
            payload.memo = true;
        return payload;
    }
    // Spread the inner's own payload, not ours: `value` has to stay the input the catch was handed, and the inner ran on a payload of its own so its issues are already private to this call.
    payload.value = def.catchValue({
        ...result,
        value: payload.value,
        error: {
            issues: result.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())),
        },
        input: payload.value,
    });
    return payload;
}
const $ZodCatch = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCatch", (inst, def) => {
    $ZodType.init(inst, def);
    core_util/* defineLazyInternal */.v5(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    core_util/* defineLazyInternal */.v5(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply catch logic
        const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleCatchResult(payload, result, def, ctx));
        }
        return handleCatchResult(payload, result, def, ctx);
    };
});
const $ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNaN", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "number" || !Number.isNaN(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "nan",
                code: "invalid_type",
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodPipe = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodPipe", (inst, def) => {
    $ZodType.init(inst, def);
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => zod.def.in._zod.values);
    core_util/* defineLazyInternal */.v5(inst, "optin", (zod) => zod.def.in._zod.optin);
    core_util/* defineLazyInternal */.v5(inst, "optout", (zod) => zod.def.out._zod.optout);
    core_util/* defineLazyInternal */.v5(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handlePipeResult(right, def.in, ctx));
            }
            return handlePipeResult(right, def.in, ctx);
        }
        const left = def.in._zod.run(payload, ctx);
        if (left instanceof Promise) {
            return left.then((left) => handlePipeResult(left, def.out, ctx));
        }
        return handlePipeResult(left, def.out, ctx);
    };
});
function handlePipeResult(left, next, ctx) {
    // Any issue stops the pipe, so a failing refinement never feeds its transform. An unrecognized key is the exception: it describes the input's extra properties, not the value being piped, and an enclosing intersection may yet reconcile it.
    if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
        // prevent further checks
        left.aborted = true;
        return left;
    }
    return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
const $ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCodec", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        const direction = ctx.direction || "forward";
        if (direction === "forward") {
            const left = def.in._zod.run(payload, ctx);
            if (left instanceof Promise) {
                return left.then((left) => handleCodecAResult(left, def, ctx));
            }
            return handleCodecAResult(left, def, ctx);
        }
        else {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handleCodecAResult(right, def, ctx));
            }
            return handleCodecAResult(right, def, ctx);
        }
    };
})));
function handleCodecAResult(result, def, ctx) {
    if (result.issues.length) {
        // prevent further checks
        result.aborted = true;
        return result;
    }
    const direction = ctx.direction || "forward";
    if (direction === "forward") {
        const transformed = def.transform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.out, ctx));
        }
        return handleCodecTxResult(result, transformed, def.out, ctx);
    }
    else {
        const transformed = def.reverseTransform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.in, ctx));
        }
        return handleCodecTxResult(result, transformed, def.in, ctx);
    }
}
function handleCodecTxResult(left, value, nextSchema, ctx) {
    // Check if transform added any issues
    if (left.issues.length) {
        left.aborted = true;
        return left;
    }
    return nextSchema._zod.run({ value, issues: left.issues }, ctx);
}
const $ZodPreprocess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPreprocess", (inst, def) => {
    $ZodPipe.init(inst, def);
})));
const $ZodReadonly = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodReadonly", (inst, def) => {
    $ZodType.init(inst, def);
    core_util/* defineLazyInternal */.v5(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => zod.def.innerType._zod.values);
    core_util/* defineLazyInternal */.v5(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
    core_util/* defineLazyInternal */.v5(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then(handleReadonlyResult);
        }
        return handleReadonlyResult(result);
    };
});
function handleReadonlyResult(payload) {
    // A repeat visit hands back a node that is still being built; freezing it here would make the rest of its keys fail to assign.
    if (!payload.memo)
        payload.value = Object.freeze(payload.value);
    return payload;
}
// a leaf's pattern source with its own checks folded in: the last pattern-carrying check wins, else length bounds narrow the catch-all, else an integer format narrows the number form. the fold lives here instead of on `_zod.pattern` so a bundle without template literals never pays for it
function leafPattern(schema) {
    const def = schema._zod.def;
    let pattern = def.pattern;
    let isInt = !!def.format?.includes("int");
    let minimum;
    let maximum;
    for (const ch of def.checks ?? []) {
        const d = ch._zod.def;
        if (d.pattern)
            pattern = d.pattern;
        isInt || (isInt = !!d.format?.includes("int"));
        const lo = d.minimum ?? d.length;
        const hi = d.maximum ?? d.length;
        if (lo !== undefined && (minimum === undefined || lo > minimum))
            minimum = lo;
        if (hi !== undefined && (maximum === undefined || hi < maximum))
            maximum = hi;
    }
    if (pattern)
        return pattern.source;
    // an empty range matches nothing at runtime, and `{8,5}` is not a legal quantifier
    if (minimum !== undefined && maximum !== undefined && minimum > maximum)
        return "(?!)";
    if (minimum !== undefined || maximum !== undefined)
        return regexes.string({ minimum, maximum }).source;
    const own = schema._zod.pattern;
    return (isInt && own === regexes.number ? regexes.integer : own)?.source;
}
// a part's pattern source. a wrapper's pattern embeds its inner pattern's source verbatim, so the folded form is substituted in place without knowing the wrapper's own composition; a union's options are joined the way the union builds its own pattern
function partPattern(schema) {
    const def = schema._zod.def;
    const own = schema._zod.pattern?.source;
    // lazy resolves its inner on the internals, not the def
    const inner = def.innerType ?? schema._zod.innerType;
    if (inner) {
        const before = inner._zod.pattern?.source;
        const after = partPattern(inner);
        if (own && before && after && after !== before) {
            return own.replace(util.cleanRegex(before), () => util.cleanRegex(after));
        }
        return own;
    }
    if (def.options) {
        const sources = def.options.map(partPattern);
        if (sources.every(Boolean))
            return `^(${sources.map((s) => util.cleanRegex(s)).join("|")})$`;
    }
    return leafPattern(schema);
}
const $ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodTemplateLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const regexParts = [];
    for (const part of def.parts) {
        if (typeof part === "object" && part !== null) {
            // is Zod schema
            const source = partPattern(part);
            if (!source) {
                throw new Error(`Invalid template literal part, no pattern found: ${[...part._zod.traits].shift()}`);
            }
            regexParts.push(util.cleanRegex(source));
        }
        else if (part === null || util.primitiveTypes.has(typeof part)) {
            regexParts.push(util.escapeRegex(`${part}`));
        }
        else {
            throw new Error(`Invalid template literal part: ${part}`);
        }
    }
    inst._zod.pattern = new RegExp(`^${regexParts.join("")}$`);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "string") {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "string",
                code: "invalid_type",
            });
            return payload;
        }
        inst._zod.pattern.lastIndex = 0;
        if (!inst._zod.pattern.test(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                code: "invalid_format",
                format: def.format ?? "template_literal",
                pattern: inst._zod.pattern.source,
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFunction", (inst, def) => {
    $ZodType.init(inst, def);
    // Defined, not assigned: the classic prototype exposes `_def` as a getter with no setter.
    Object.defineProperty(inst, "_def", { value: def });
    inst._zod.def = def;
    inst.implement = (func) => {
        if (typeof func !== "function") {
            throw new Error("implement() must be called with a function");
        }
        // Defined inline so the closure stays anonymous: binding it to a `const` first names it, which costs 256 bytes per implemented function.
        return Object.defineProperty(function (...args) {
            const parsedArgs = inst._def.input ? parse(inst._def.input, args) : args;
            const result = Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return parse(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst.implementAsync = (func) => {
        if (typeof func !== "function") {
            throw new Error("implementAsync() must be called with a function");
        }
        return Object.defineProperty(async function (...args) {
            const parsedArgs = inst._def.input ? await parseAsync(inst._def.input, args) : args;
            const result = await Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return await parseAsync(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "function") {
            payload.issues.push({
                code: "invalid_type",
                expected: "function",
                input: payload.value,
                inst,
            });
            return payload;
        }
        // Check if output is a promise type to determine if we should use async implementation
        const hasPromiseOutput = inst._def.output && inst._def.output._zod.def.type === "promise";
        if (hasPromiseOutput) {
            payload.value = inst.implementAsync(payload.value);
        }
        else {
            payload.value = inst.implement(payload.value);
        }
        return payload;
    };
    inst.input = (...args) => {
        const F = inst.constructor;
        if (Array.isArray(args[0])) {
            return new F({
                type: "function",
                input: new $ZodTuple({
                    type: "tuple",
                    items: args[0],
                    rest: args[1],
                }),
                output: inst._def.output,
            });
        }
        return new F({
            type: "function",
            input: args[0],
            output: inst._def.output,
        });
    };
    inst.output = (output) => {
        const F = inst.constructor;
        return new F({
            type: "function",
            input: inst._def.input,
            output,
        });
    };
    return inst;
})));
const $ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPromise", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        return Promise.resolve(payload.value).then((inner) => def.innerType._zod.run({ value: inner, issues: [] }, ctx));
    };
})));
const $ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodLazy", (inst, def) => {
    $ZodType.init(inst, def);
    // Cache the resolved inner type on the shared `def` so all clones of this lazy (e.g. via `.describe()`/`.meta()`) share the same inner instance, preserving identity for cycle detection on recursive schemas.
    util.defineLazy(inst._zod, "innerType", () => {
        const d = def;
        if (!d._cachedInner)
            d._cachedInner = def.getter();
        return d._cachedInner;
    });
    util.defineLazyInternal(inst, "pattern", (zod) => zod.innerType?._zod?.pattern);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.innerType?._zod?.propValues);
    util.defineLazyInternal(inst, "optin", (zod) => zod.innerType?._zod?.optin ?? undefined);
    util.defineLazyInternal(inst, "optout", (zod) => zod.innerType?._zod?.optout ?? undefined);
    inst._zod.parse = (payload, ctx) => {
        const inner = inst._zod.innerType;
        return inner._zod.run(payload, ctx);
    };
})));
const $ZodCustom = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodCustom", (inst, def) => {
    $ZodCheck.init(inst, def);
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _) => {
        return payload;
    };
    inst._zod.check = (payload) => {
        const input = payload.value;
        const r = def.fn(input);
        if (r instanceof Promise) {
            return r.then((r) => handleRefineResult(r, payload, input, inst));
        }
        handleRefineResult(r, payload, input, inst);
        return;
    };
});
function handleRefineResult(result, payload, input, inst) {
    if (!result) {
        const _iss = {
            code: "custom",
            input,
            inst, // incorporates params.error into issue reporting
            path: [...(inst._zod.def.path ?? [])], // incorporates params.error into issue reporting
            continue: !inst._zod.def.abort,
            // params: inst._zod.def.params,
        };
        if (inst._zod.def.params)
            _iss.params = inst._zod.def.params;
        payload.issues.push(core_util/* issue */.sn(_iss));
    }
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/registries.js
var _a;
const $output = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodOutput")));
const $input = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodInput")));
class $ZodRegistry {
    constructor() {
        this._map = new WeakMap();
        this._idmap = new Map();
    }
    add(schema, ..._meta) {
        const meta = _meta[0];
        this._map.set(schema, meta);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.set(meta.id, schema);
        }
        return this;
    }
    clear() {
        this._map = new WeakMap();
        this._idmap = new Map();
        return this;
    }
    remove(schema) {
        const meta = this._map.get(schema);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.delete(meta.id);
        }
        this._map.delete(schema);
        return this;
    }
    get(schema) {
        // return this._map.get(schema) as any;
        // inherit metadata
        const p = schema._zod.parent;
        if (p) {
            const pm = { ...(this.get(p) ?? {}) };
            delete pm.id; // do not inherit id
            const f = { ...pm, ...this._map.get(schema) };
            return Object.keys(f).length ? f : undefined;
        }
        return this._map.get(schema);
    }
    has(schema) {
        return this._map.has(schema);
    }
}
// registries
function registry() {
    return new $ZodRegistry();
}
(_a = globalThis).__zod_globalRegistry ?? (_a.__zod_globalRegistry = registry());
const globalRegistry = globalThis.__zod_globalRegistry;

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/api.js




function snapshotChecks(def) {
    if (def.checks)
        def.checks = [...def.checks];
    return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class, params) {
    return new Class(snapshotChecks({ type: "string", ...core_util/* normalizeParams */.A2(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedString(Class, params) {
    return new Class(snapshotChecks({ type: "string", coerce: true, ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class, params) {
    return new Class({
        type: "string",
        format: "email",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class, params) {
    return new Class({
        type: "string",
        format: "guid",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v4",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v6",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v7",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _url(Class, params) {
    return new Class({
        type: "string",
        format: "url",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_emoji(Class, params) {
    return new Class({
        type: "string",
        format: "emoji",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class, params) {
    return new Class({
        type: "string",
        format: "nanoid",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link _cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
// @__NO_SIDE_EFFECTS__
function _cuid(Class, params) {
    return new Class({
        type: "string",
        format: "cuid",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class, params) {
    return new Class({
        type: "string",
        format: "cuid2",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class, params) {
    return new Class({
        type: "string",
        format: "ulid",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class, params) {
    return new Class({
        type: "string",
        format: "xid",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class, params) {
    return new Class({
        type: "string",
        format: "ksuid",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class, params) {
    return new Class({
        type: "string",
        format: "ipv4",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class, params) {
    return new Class({
        type: "string",
        format: "ipv6",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mac(Class, params) {
    return new Class({
        type: "string",
        format: "mac",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv4",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv6",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class, params) {
    return new Class({
        type: "string",
        format: "base64",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class, params) {
    return new Class({
        type: "string",
        format: "base64url",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class, params) {
    return new Class({
        type: "string",
        format: "e164",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _creditCard(Class, params) {
    return new Class({
        type: "string",
        format: "credit_card",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _iban(Class, params) {
    return new Class({
        type: "string",
        format: "iban",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class, params) {
    return new Class({
        type: "string",
        format: "jwt",
        check: "string_format",
        abort: false,
        ...core_util/* normalizeParams */.A2(params),
    });
}
const TimePrecision = {
    Any: null,
    Minute: -1,
    Second: 0,
    Millisecond: 3,
    Microsecond: 6,
};
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class, params) {
    return new Class({
        type: "string",
        format: "datetime",
        check: "string_format",
        offset: false,
        local: false,
        precision: null,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class, params) {
    return new Class({
        type: "string",
        format: "date",
        check: "string_format",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class, params) {
    return new Class({
        type: "string",
        format: "time",
        check: "string_format",
        precision: null,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class, params) {
    return new Class({
        type: "string",
        format: "duration",
        check: "string_format",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _number(Class, params) {
    return new Class(snapshotChecks({ type: "number", checks: [], ...core_util/* normalizeParams */.A2(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedNumber(Class, params) {
    return new Class(snapshotChecks({ type: "number", coerce: true, checks: [], ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "safeint",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float64(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "int32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "uint32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class, params) {
    return new Class({
        type: "boolean",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBoolean(Class, params) {
    return new Class({
        type: "boolean",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _bigint(Class, params) {
    return new Class({
        type: "bigint",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBigint(Class, params) {
    return new Class({
        type: "bigint",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "int64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "uint64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _symbol(Class, params) {
    return new Class({
        type: "symbol",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_undefined(Class, params) {
    return new Class({
        type: "undefined",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function api_null(Class, params) {
    return new Class({
        type: "null",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _any(Class) {
    return new Class({
        type: "any",
    });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class) {
    return new Class({
        type: "unknown",
    });
}
// @__NO_SIDE_EFFECTS__
function _never(Class, params) {
    return new Class({
        type: "never",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _void(Class, params) {
    return new Class({
        type: "void",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _date(Class, params) {
    return new Class({
        type: "date",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedDate(Class, params) {
    return new Class({
        type: "date",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nan(Class, params) {
    return new Class({
        type: "nan",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...core_util/* normalizeParams */.A2(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
    return new $ZodCheckLessThan({
        check: "less_than",
        ...core_util/* normalizeParams */.A2(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...core_util/* normalizeParams */.A2(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
    return new $ZodCheckGreaterThan({
        check: "greater_than",
        ...core_util/* normalizeParams */.A2(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _positive(params) {
    return _gt(0, params);
}
// negative
// @__NO_SIDE_EFFECTS__
function _negative(params) {
    return _lt(0, params);
}
// nonpositive
// @__NO_SIDE_EFFECTS__
function _nonpositive(params) {
    return _lte(0, params);
}
// nonnegative
// @__NO_SIDE_EFFECTS__
function _nonnegative(params) {
    return _gte(0, params);
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
    return new $ZodCheckMultipleOf({
        check: "multiple_of",
        ...core_util/* normalizeParams */.A2(params),
        value,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxSize(maximum, params) {
    return new checks.$ZodCheckMaxSize({
        check: "max_size",
        ...util.normalizeParams(params),
        maximum,
    });
}
// @__NO_SIDE_EFFECTS__
function _minSize(minimum, params) {
    return new checks.$ZodCheckMinSize({
        check: "min_size",
        ...util.normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _size(size, params) {
    return new checks.$ZodCheckSizeEquals({
        check: "size_equals",
        ...util.normalizeParams(params),
        size,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
    const ch = new $ZodCheckMaxLength({
        check: "max_length",
        ...core_util/* normalizeParams */.A2(params),
        maximum,
    });
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
    return new $ZodCheckMinLength({
        check: "min_length",
        ...core_util/* normalizeParams */.A2(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
    return new $ZodCheckLengthEquals({
        check: "length_equals",
        ...core_util/* normalizeParams */.A2(params),
        length,
    });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
    return new $ZodCheckRegex({
        check: "string_format",
        format: "regex",
        ...core_util/* normalizeParams */.A2(params),
        pattern,
    });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
    return new $ZodCheckLowerCase({
        check: "string_format",
        format: "lowercase",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
    return new $ZodCheckUpperCase({
        check: "string_format",
        format: "uppercase",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
    return new $ZodCheckIncludes({
        check: "string_format",
        format: "includes",
        ...core_util/* normalizeParams */.A2(params),
        includes,
    });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
    return new $ZodCheckStartsWith({
        check: "string_format",
        format: "starts_with",
        ...core_util/* normalizeParams */.A2(params),
        prefix,
    });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
    return new $ZodCheckEndsWith({
        check: "string_format",
        format: "ends_with",
        ...core_util/* normalizeParams */.A2(params),
        suffix,
    });
}
// @__NO_SIDE_EFFECTS__
function _property(property, schema, params) {
    return new checks.$ZodCheckProperty({
        check: "property",
        property,
        schema,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _properties(shape, params) {
    return new $ZodCheckProperties({
        check: "properties",
        shape,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mime(types, params) {
    return new checks.$ZodCheckMimeType({
        check: "mime_type",
        mime: types,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
    return new $ZodCheckOverwrite({
        check: "overwrite",
        tx,
    });
}
// normalize
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
    return _overwrite((input) => input.normalize(form));
}
// trim
// @__NO_SIDE_EFFECTS__
function _trim() {
    return _overwrite((input) => input.trim());
}
// toLowerCase
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
    return _overwrite((input) => input.toLowerCase());
}
// toUpperCase
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
    return _overwrite((input) => input.toUpperCase());
}
// slugify
// @__NO_SIDE_EFFECTS__
function _slugify() {
    return _overwrite((input) => core_util/* slugify */.Yv(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class, element, params) {
    return new Class({
        type: "array",
        element,
        // get element() {
        //   return element;
        // },
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _union(Class, options, params) {
    return new Class({
        type: "union",
        options,
        ...util.normalizeParams(params),
    });
}
function _xor(Class, options, params) {
    return new Class({
        type: "union",
        options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _discriminatedUnion(Class, discriminator, options, params) {
    return new Class({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _intersection(Class, left, right) {
    return new Class({
        type: "intersection",
        left,
        right,
    });
}
// export function _tuple(
//   Class: util.SchemaClass<schemas.$ZodTuple>,
//   items: [],
//   params?: string | $ZodTupleParams
// ): schemas.$ZodTuple<[], null>;
// @__NO_SIDE_EFFECTS__
function _tuple(Class, items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof schemas.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new Class({
        type: "tuple",
        items,
        rest,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _record(Class, keyType, valueType, params) {
    return new Class({
        type: "record",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _map(Class, keyType, valueType, params) {
    return new Class({
        type: "map",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _set(Class, valueType, params) {
    return new Class({
        type: "set",
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _enum(Class, values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    // if (Array.isArray(values)) {
    //   for (const value of values) {
    //     entries[value] = value;
    //   }
    // } else {
    //   Object.assign(entries, values);
    // }
    // const entries: util.EnumLike = {};
    // for (const val of values) {
    //   entries[val] = val;
    // }
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function _nativeEnum(Class, entries, params) {
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _literal(Class, value, params) {
    return new Class({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _file(Class, params) {
    return new Class({
        type: "file",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _transform(Class, fn) {
    return new Class({
        type: "transform",
        transform: fn,
    });
}
// @__NO_SIDE_EFFECTS__
function _optional(Class, innerType) {
    return new Class({
        type: "optional",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _nullable(Class, innerType) {
    return new Class({
        type: "nullable",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _default(Class, innerType, defaultValue) {
    return new Class({
        type: "default",
        innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        },
    });
}
// @__NO_SIDE_EFFECTS__
function _nonoptional(Class, innerType, params) {
    return new Class({
        type: "nonoptional",
        innerType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _success(Class, innerType) {
    return new Class({
        type: "success",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _catch(Class, innerType, catchValue) {
    return new Class({
        type: "catch",
        innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : util.constantCatch(catchValue)),
    });
}
// @__NO_SIDE_EFFECTS__
function _pipe(Class, in_, out) {
    return new Class({
        type: "pipe",
        in: in_,
        out,
    });
}
// @__NO_SIDE_EFFECTS__
function _readonly(Class, innerType) {
    return new Class({
        type: "readonly",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _templateLiteral(Class, parts, params) {
    return new Class({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lazy(Class, getter) {
    return new Class({
        type: "lazy",
        getter,
    });
}
// @__NO_SIDE_EFFECTS__
function _promise(Class, innerType) {
    return new Class({
        type: "promise",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _custom(Class, fn, _params) {
    const norm = util.normalizeParams(_params);
    norm.abort ?? (norm.abort = true); // default to abort:false
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...norm,
    });
    return schema;
}
// same as _custom but defaults to abort:false
// @__NO_SIDE_EFFECTS__
function _refine(Class, fn, _params) {
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...core_util/* normalizeParams */.A2(_params),
    });
    return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
    const ch = _check((payload) => {
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(core_util/* issue */.sn(issue, payload.value, ch._zod.def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = ch);
                _issue.continue ?? (_issue.continue = !ch._zod.def.abort); // abort is always undefined, so this is always true...
                payload.issues.push(core_util/* issue */.sn(_issue));
            }
        };
        return fn(payload.value, payload);
    }, params);
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
    const ch = new $ZodCheck({
        check: "custom",
        ...core_util/* normalizeParams */.A2(params),
    });
    ch._zod.check = fn;
    return ch;
}
// @__NO_SIDE_EFFECTS__
function describe(description) {
    const ch = new $ZodCheck({ check: "describe" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, description });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function meta(metadata) {
    const ch = new $ZodCheck({ check: "meta" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, ...metadata });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _stringbool(Classes, _params) {
    const params = util.normalizeParams(_params);
    let truthyArray = params.truthy ?? ["true", "1", "yes", "on", "y", "enabled"];
    let falsyArray = params.falsy ?? ["false", "0", "no", "off", "n", "disabled"];
    if (params.case !== "sensitive") {
        truthyArray = truthyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
        falsyArray = falsyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
    }
    const truthySet = new Set(truthyArray);
    const falsySet = new Set(falsyArray);
    const _Codec = Classes.Codec ?? schemas.$ZodCodec;
    const _Boolean = Classes.Boolean ?? schemas.$ZodBoolean;
    const _String = Classes.String ?? schemas.$ZodString;
    const stringSchema = new _String({ type: "string", error: params.error });
    const booleanSchema = new _Boolean({ type: "boolean", error: params.error });
    const codec = new _Codec({
        type: "pipe",
        in: stringSchema,
        out: booleanSchema,
        transform: ((input, payload) => {
            let data = input;
            if (params.case !== "sensitive")
                data = data.toLowerCase();
            if (truthySet.has(data)) {
                return true;
            }
            else if (falsySet.has(data)) {
                return false;
            }
            else {
                payload.issues.push({
                    code: "invalid_value",
                    expected: "stringbool",
                    values: [...truthySet, ...falsySet],
                    input: payload.value,
                    inst: codec,
                    continue: false,
                });
                return {};
            }
        }),
        reverseTransform: ((input, _payload) => {
            if (input === true) {
                return truthyArray[0] || "true";
            }
            else {
                return falsyArray[0] || "false";
            }
        }),
        error: params.error,
    });
    codec._zod.bag.truthy = truthyArray;
    codec._zod.bag.falsy = falsyArray;
    codec._zod.bag.case = params.case ?? "insensitive";
    return codec;
}
// @__NO_SIDE_EFFECTS__
function _stringFormat(Class, format, fnOrRegex, _params = {}) {
    const params = util.normalizeParams(_params);
    const def = {
        check: "string_format",
        type: "string",
        format,
        fn: typeof fnOrRegex === "function" ? fnOrRegex : (val) => fnOrRegex.test(val),
        ...params,
    };
    if (fnOrRegex instanceof RegExp) {
        def.pattern = fnOrRegex;
    }
    const inst = new Class(def);
    return inst;
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/to-json-schema.js


function assignProps(target, ...sources) {
    for (const source of sources) {
        for (const key of Reflect.ownKeys(source)) {
            if (Object.prototype.propertyIsEnumerable.call(source, key)) {
                (0,core_util/* assignProp */.Vy)(target, key, source[key]);
            }
        }
    }
    return target;
}
// function initializeContext<T extends schemas.$ZodType>(inputs: JSONSchemaGeneratorParams<T>): ToJSONSchemaContext<T> {
//   return {
//     processor: inputs.processor,
//     metadataRegistry: inputs.metadata ?? globalRegistry,
//     target: inputs.target ?? "draft-2020-12",
//     unrepresentable: inputs.unrepresentable ?? "throw",
//   };
// }
function to_json_schema_initializeContext(params) {
    // Normalize target: convert old non-hyphenated versions to hyphenated versions
    let target = params?.target ?? "draft-2020-12";
    if (target === "draft-4")
        target = "draft-04";
    if (target === "draft-7")
        target = "draft-07";
    return {
        processors: params.processors ?? {},
        metadataRegistry: params?.metadata ?? globalRegistry,
        target,
        unrepresentable: params?.unrepresentable ?? "throw",
        override: params?.override ?? (() => { }),
        io: params?.io ?? "output",
        counter: 0,
        seen: new Map(),
        sharedDefsExtractedFor: undefined,
        sharedEmitDoneFor: undefined,
        cycles: params?.cycles ?? "ref",
        reused: params?.reused ?? "inline",
        intersections: [],
        deferred: [],
        external: params?.external ?? undefined,
    };
}
/**
 * Applies the `unrepresentable` setting at a site that has no JSON Schema equivalent. Throws
 * `message` unless the setting (or the handler's return value) says otherwise. Returns `true` if a
 * custom JSON Schema was written into `json`, in which case the caller must not write its own.
 */
function handleUnrepresentable(schema, ctx, json, params, message) {
    const result = typeof ctx.unrepresentable === "function"
        ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message })
        : ctx.unrepresentable;
    if (result === "any")
        return false;
    if (result === undefined || result === "throw")
        throw new Error(message);
    Object.assign(json, result);
    return true;
}
// never rename this back to `process`: bundler polyfills inject a top-level `const process` that a lexical declaration of the same name collides with (#6397)
function to_json_schema_processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
    var _a;
    const def = schema._zod.def;
    // check for schema in seens
    const seen = ctx.seen.get(schema);
    if (seen) {
        seen.count++;
        // check if cycle
        const isCycle = _params.schemaPath.includes(schema);
        if (isCycle) {
            seen.cycle = _params.path;
        }
        return seen.schema;
    }
    // initialize
    const result = { schema: {}, count: 1, cycle: undefined, path: _params.path };
    ctx.seen.set(schema, result);
    ctx.sharedDefsExtractedFor = undefined;
    ctx.sharedEmitDoneFor = undefined;
    // custom method overrides default behavior
    const overrideSchema = schema._zod.toJSONSchema?.();
    if (overrideSchema) {
        result.schema = overrideSchema;
    }
    else {
        const params = {
            ..._params,
            schemaPath: [..._params.schemaPath, schema],
            path: _params.path,
        };
        if (schema._zod.processJSONSchema) {
            schema._zod.processJSONSchema(ctx, result.schema, params);
        }
        else {
            const _json = result.schema;
            const processor = ctx.processors[def.type];
            if (!processor) {
                throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
            }
            processor(schema, ctx, _json, params);
        }
        const parent = schema._zod.parent;
        if (parent) {
            // Also set ref if processor didn't (for inheritance)
            if (!result.ref)
                result.ref = parent;
            to_json_schema_processSchema(parent, ctx, params);
            ctx.seen.get(parent).isParent = true;
        }
    }
    // metadata
    const meta = ctx.metadataRegistry.get(schema);
    if (meta)
        assignProps(result.schema, meta);
    if (ctx.io === "input" && isTransforming(schema)) {
        // examples/defaults only apply to output type of pipe
        delete result.schema.examples;
        delete result.schema.default;
    }
    // set prefault as default
    if (ctx.io === "input" && "_prefault" in result.schema)
        (_a = result.schema).default ?? (_a.default = result.schema._prefault);
    delete result.schema._prefault;
    // pulling fresh from ctx.seen in case it was overwritten
    const _result = ctx.seen.get(schema);
    return _result.schema;
}
/** @deprecated Renamed to `processSchema`. An export alias declares no binding, so it is safe to keep. */

// Escape a reference token for use in a JSON Pointer fragment (RFC 6901): `~` becomes `~0` and `/` becomes `~1`. The `~` replacement must run first.
function encodeJSONPointerSegment(segment) {
    return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function to_json_schema_extractDefs(ctx, schema
// params: EmitParams
) {
    // iterate over seen map;
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // With `external` set, every registered schema resolves through the external branch of `makeURI`, so the root branch below produces the same ref the external branch would — this pass is identical whichever schema it is called with, and only needs to run once.
    if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
        return;
    // Track ids to detect duplicates across different schemas
    const idToSchema = new Map();
    for (const entry of ctx.seen.entries()) {
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            const existing = idToSchema.get(id);
            if (existing && existing !== entry[0]) {
                throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
            }
            idToSchema.set(id, entry[0]);
        }
    }
    // returns a ref to the schema defId will be empty if the ref points to an external schema (or #)
    const makeURI = (entry) => {
        // comparing the seen objects because sometimes multiple schemas map to the same seen object. e.g. lazy
        // external is configured
        const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
        if (ctx.external) {
            const externalId = ctx.external.registry.get(entry[0])?.id; // ?? "__shared";// `__schema${ctx.counter++}`;
            // check if schema is in the external registry
            const uriGenerator = ctx.external.uri ?? ((id) => id);
            if (externalId) {
                return { ref: uriGenerator(externalId) };
            }
            // otherwise, add to __shared
            const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
            entry[1].defId = id; // set defId so it will be reused if needed
            return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
        }
        const uriPrefix = `#`;
        const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
        // an id-less root has nowhere to be extracted to, so it stays inline and self-references as `#`
        if (entry[1] === root && !entry[1].schema.id) {
            return { ref: uriPrefix };
        }
        // self-contained schema
        const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
        return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
    };
    // stored cached version in `def` property remove all properties, set $ref
    const extractToDef = (entry) => {
        // if the schema is already a reference, do not extract it
        if (entry[1].schema.$ref) {
            return;
        }
        const seen = entry[1];
        const { ref, defId } = makeURI(entry);
        seen.def = { ...seen.schema };
        // defId won't be set if the schema is a reference to an external schema or if the schema is the root schema
        if (defId)
            seen.defId = defId;
        // wipe away all properties except $ref
        const schema = seen.schema;
        for (const key in schema) {
            delete schema[key];
        }
        schema.$ref = ref;
    };
    // throw on cycles
    // break cycles
    if (ctx.cycles === "throw") {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.cycle) {
                throw new Error("Cycle detected: " +
                    `#/${seen.cycle?.join("/")}/<root>` +
                    '\n\nSet the `cycles` parameter to `"ref"` to resolve cyclical schemas with defs.');
            }
        }
    }
    // extract schemas into $defs
    for (const entry of ctx.seen.entries()) {
        const seen = entry[1];
        // convert root schema to # $ref
        if (schema === entry[0]) {
            extractToDef(entry); // this has special handling for the root schema
            continue;
        }
        // extract schemas that are in the external registry
        if (ctx.external) {
            const ext = ctx.external.registry.get(entry[0])?.id;
            if (schema !== entry[0] && ext) {
                extractToDef(entry);
                continue;
            }
        }
        // extract schemas with `id` meta
        const id = ctx.metadataRegistry.get(entry[0])?.id;
        if (id) {
            extractToDef(entry);
            continue;
        }
        // break cycles
        if (seen.cycle) {
            // any
            extractToDef(entry);
            continue;
        }
        // extract reused schemas
        if (seen.count > 1) {
            if (ctx.reused === "ref") {
                extractToDef(entry);
            }
        }
    }
    if (ctx.external)
        ctx.sharedDefsExtractedFor = ctx.external;
}
/** Rewrites `anyOf: [{type: "a"}, {type: "b"}]` to `type: ["a", "b"]`, which every JSON Schema draft treats as equivalent and most consumers render far better for the nullable case. Only branches that are a bare type assertion qualify — anything carrying a constraint, `$ref`, `const` or metadata is left alone. Runs after `flattenRef`, so a branch an override decorated or `$defs` extraction turned into a `$ref` is no longer bare and correctly stays in `anyOf`. `oneOf` is excluded: `integer` and `number` overlap, so "exactly one" and "at least one" are not the same there. OpenAPI 3.0 is excluded: its `type` must be a single string. */
function compactTypeUnion(schema) {
    const options = schema.anyOf;
    if (!Array.isArray(options) || options.length === 0 || schema.type !== undefined)
        return;
    const types = [];
    for (const option of options) {
        if (!option || typeof option !== "object")
            return;
        // A branch that is itself a compactible union folds into this one — nested `anyOf` and a flat `type` array say the same thing. Compacting it first also makes the result independent of the order this pass walks the seen map in.
        compactTypeUnion(option);
        const keys = Object.keys(option);
        if (keys.length !== 1 || keys[0] !== "type")
            return;
        const type = option.type;
        for (const member of Array.isArray(type) ? type : [type]) {
            if (typeof member !== "string")
                return;
            if (!types.includes(member))
                types.push(member);
        }
    }
    delete schema.anyOf;
    // A `type` array must be non-empty and unique (metaschema); a single member is spelled as a bare string.
    schema.type = types.length === 1 ? types[0] : types;
}
/** Keywords `foldIntersection` knows how to combine. Anything else — `$ref`, `patternProperties`,
 * an annotation like `description` — makes a member unfoldable, so a constraint this does not
 * understand leaves the `allOf` alone instead of being silently dropped or misattributed. */
const FOLDABLE_KEYS = new Set(["type", "properties", "required", "additionalProperties"]);
const UNION_KEYS = ["oneOf", "anyOf"];
/** A member's constraint on a key it does not declare itself. A `catchall` states one; `false`, an absent `additionalProperties`, and the empty schema a loose object emits state nothing. */
function undeclaredConstraint(member) {
    const extra = member.additionalProperties;
    if (extra === undefined || extra === false || typeof extra !== "object" || extra === null)
        return null;
    return Object.keys(extra).length ? extra : null;
}
/** Combines object members into the single object they describe together, or returns `null` if any of them carries a keyword outside {@link FOLDABLE_KEYS}. */
function foldObjects(members) {
    const objects = [];
    for (const member of members) {
        // A boolean subschema is legal JSON Schema and carries no keywords to fold.
        if (typeof member !== "object" || member.type !== "object")
            return null;
        for (const key in member) {
            if (!FOLDABLE_KEYS.has(key))
                return null;
        }
        objects.push(member);
    }
    const properties = {};
    const required = new Set();
    for (const object of objects) {
        for (const key in object.properties) {
            // `in` would report a `__proto__` key as already present via the prototype chain and skip it.
            if (Object.prototype.hasOwnProperty.call(properties, key))
                continue;
            // Every member constrains this key: the ones that declare it say how, and a `catchall` member constrains it too even though it does not name it. The key has to satisfy all of them, which is the same intersection one level down.
            const parts = [];
            for (const other of objects) {
                const part = other.properties?.[key] ?? undeclaredConstraint(other);
                if (part === null || part === undefined)
                    continue;
                if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
                    parts.push(part);
            }
            const merged = parts.length === 1
                ? parts[0]
                : (foldObjects(parts) ?? { allOf: parts });
            (0,core_util/* assignProp */.Vy)(properties, key, merged);
        }
        for (const key of object.required ?? [])
            required.add(key);
    }
    const folded = { type: "object", properties };
    if (required.size)
        folded.required = [...required];
    // A key no member declares is rejected only when every member rejects it, so the fold is closed only when every member is. Otherwise it carries whatever the `catchall` members demand of such a key.
    if (objects.every((object) => object.additionalProperties === false)) {
        folded.additionalProperties = false;
    }
    else {
        const constraints = [];
        for (const object of objects) {
            const constraint = undeclaredConstraint(object);
            if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
                constraints.push(constraint);
        }
        if (constraints.length === 1)
            folded.additionalProperties = constraints[0];
        else if (constraints.length > 1)
            folded.additionalProperties = { allOf: constraints };
    }
    return folded;
}
/** `additionalProperties` in an `allOf` member sees only that member's own `properties`, so two
 * closed object members reject each other's keys and the schema validates nothing. Zod's parser
 * pools the key sets instead — `handleIntersectionResults` reports a key as unrecognized only when
 * *every* side rejects it — so the emitted schema has to pool them too, and folding the members
 * into one object is the encoding that says so on every target.
 *
 * This runs from `finalize`, after `extractDefs`, which is what keeps it clear of the `$ref`
 * machinery: a member extracted into `$defs` is already a `$ref` by now and declines to fold, so it
 * keeps its reference and its own closedness rather than being inlined as a stale copy. */
function foldIntersection(json) {
    const allOf = json.allOf;
    if (!Array.isArray(allOf) || allOf.length < 2)
        return;
    // An `override` runs before this pass and may have written object keywords onto the intersection itself. Those are deliberate, so decline rather than overwrite them.
    for (const key of FOLDABLE_KEYS)
        if (key in json)
            return;
    // An intersection distributes over a union: `A & (X | Y)` is `(A & X) | (A & Y)`. Only the first union is distributed over; a second one stays among the members every branch folds against, where it fails the object check and declines the whole intersection rather than multiplying out.
    const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
    let folded = null;
    if (!unions.length) {
        folded = foldObjects(allOf);
    }
    else {
        const union = unions[0];
        const keyword = UNION_KEYS.find((k) => Array.isArray(union[k]));
        if (Object.keys(union).length !== 1)
            return;
        const rest = allOf.filter((m) => m !== union);
        const branches = union[keyword].map((branch) => foldObjects([...rest, branch]));
        if (branches.some((b) => !b))
            return;
        folded = { [keyword]: branches };
    }
    if (!folded)
        return;
    delete json.allOf;
    assignProps(json, folded);
}
function to_json_schema_finalize(ctx, schema) {
    const root = ctx.seen.get(schema);
    if (!root)
        throw new Error("Unprocessed schema. This is a bug in Zod.");
    // flatten refs - inherit properties from parent schemas
    const flattenRef = (zodSchema) => {
        const seen = ctx.seen.get(zodSchema);
        // already processed
        if (seen.ref === null)
            return;
        const schema = seen.def ?? seen.schema;
        const _cached = { ...schema };
        const ref = seen.ref;
        seen.ref = null; // prevent infinite recursion
        if (ref) {
            flattenRef(ref);
            const refSeen = ctx.seen.get(ref);
            const refSchema = refSeen.schema;
            // merge referenced schema into current
            if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
                // older drafts can't combine $ref with other properties
                schema.allOf = schema.allOf ?? [];
                schema.allOf.push(refSchema);
            }
            else {
                assignProps(schema, refSchema);
            }
            // restore child's own properties (child wins)
            assignProps(schema, _cached);
            const isParentRef = zodSchema._zod.parent === ref;
            // For parent chain, child is a refinement - remove parent-only properties
            if (isParentRef) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (!(key in _cached)) {
                        delete schema[key];
                    }
                }
            }
            // When ref was extracted to $defs, remove properties that match the definition
            if (refSchema.$ref && refSeen.def) {
                for (const key in schema) {
                    if (key === "$ref" || key === "allOf")
                        continue;
                    if (key in refSeen.def && JSON.stringify(schema[key]) === JSON.stringify(refSeen.def[key])) {
                        delete schema[key];
                    }
                }
            }
        }
        // If parent was extracted (has $ref), propagate $ref to this schema. This handles cases like: readonly().meta({id}).describe() where processor sets ref to innerType but parent should be referenced
        const parent = zodSchema._zod.parent;
        if (parent && parent !== ref) {
            // Ensure parent is processed first so its def has inherited properties
            flattenRef(parent);
            const parentSeen = ctx.seen.get(parent);
            if (parentSeen?.schema.$ref) {
                schema.$ref = parentSeen.schema.$ref;
                // De-duplicate with parent's definition
                if (parentSeen.def) {
                    for (const key in schema) {
                        if (key === "$ref" || key === "allOf")
                            continue;
                        if (key in parentSeen.def && JSON.stringify(schema[key]) === JSON.stringify(parentSeen.def[key])) {
                            delete schema[key];
                        }
                    }
                }
            }
        }
        // execute overrides
        ctx.override({
            zodSchema: zodSchema,
            jsonSchema: schema,
            path: seen.path ?? [],
        });
    };
    // Flattening walks the whole map and clears each `ref` as it goes, so a second call over the same map is a no-op scan. Skip it outright once it has run for a registry conversion.
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of [...ctx.seen.entries()].reverse()) {
            flattenRef(entry[0]);
        }
        if (ctx.target !== "openapi-3.0") {
            for (const entry of ctx.seen.entries()) {
                compactTypeUnion(entry[1].def ?? entry[1].schema);
            }
        }
        for (const rewrite of ctx.deferred)
            rewrite();
        // After flattening, every member that was extracted is a `$ref`, so the fold sees the final shape. A schema that inherits an intersection — through `z.lazy`, or any `ref` chain — holds the same `allOf` array, so fold by array identity to catch every copy.
        if (ctx.intersections.length) {
            const carriers = new Map();
            for (const seen of ctx.seen.values()) {
                for (const json of [seen.schema, seen.def]) {
                    const allOf = json?.allOf;
                    if (!Array.isArray(allOf))
                        continue;
                    const existing = carriers.get(allOf);
                    if (existing)
                        existing.push(json);
                    else
                        carriers.set(allOf, [json]);
                }
            }
            for (const allOf of ctx.intersections) {
                for (const json of carriers.get(allOf) ?? [])
                    foldIntersection(json);
            }
        }
    }
    const result = {};
    if (ctx.target === "draft-2020-12") {
        result.$schema = "https://json-schema.org/draft/2020-12/schema";
    }
    else if (ctx.target === "draft-07") {
        result.$schema = "http://json-schema.org/draft-07/schema#";
    }
    else if (ctx.target === "draft-04") {
        result.$schema = "http://json-schema.org/draft-04/schema#";
    }
    else if (ctx.target === "openapi-3.0") {
        // OpenAPI 3.0 schema objects should not include a $schema property
    }
    else {
        // Arbitrary string values are allowed but won't have a $schema property set
    }
    if (ctx.external?.uri) {
        const id = ctx.external.registry.get(schema)?.id;
        if (!id)
            throw new Error("Schema is missing an `id` property");
        result.$id = ctx.external.uri(id);
    }
    // when the root was extracted into $defs, `root.schema` is the `$ref` wrapper and `root.def` is the body that now lives under $defs
    assignProps(result, root.defId ? root.schema : (root.def ?? root.schema));
    // The `id` in `.meta()` is a Zod-specific registration tag used to extract schemas into $defs — it is not user-facing JSON Schema metadata. Strip it from the output body where it would otherwise leak. The id is preserved implicitly via the $defs key (and via $ref paths).
    const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
    if (rootMetaId !== undefined && result.id === rootMetaId)
        delete result.id;
    // build defs object. With `external`, `defs` is the shared object every schema writes into, so the same entries are reassigned on every call. Without it, `defs` is fresh per call and must be rebuilt.
    const defs = ctx.external?.defs ?? {};
    if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
        for (const entry of ctx.seen.entries()) {
            const seen = entry[1];
            if (seen.def && seen.defId) {
                if (seen.def.id === seen.defId)
                    delete seen.def.id;
                (0,core_util/* assignProp */.Vy)(defs, seen.defId, seen.def);
            }
        }
    }
    if (ctx.external)
        ctx.sharedEmitDoneFor = ctx.external;
    // set definitions in result
    if (ctx.external) {
    }
    else {
        if (Object.keys(defs).length > 0) {
            if (ctx.target === "draft-2020-12") {
                result.$defs = defs;
            }
            else {
                result.definitions = defs;
            }
        }
    }
    try {
        // this "finalizes" this schema and ensures all cycles are removed each call to finalize() is functionally independent though the seen map is shared
        const finalized = JSON.parse(JSON.stringify(result));
        Object.defineProperty(finalized, "~standard", {
            value: {
                ...schema["~standard"],
                jsonSchema: {
                    input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
                    output: createStandardJSONSchemaMethod(schema, "output", ctx.processors),
                },
            },
            enumerable: false,
            writable: false,
        });
        return finalized;
    }
    catch (_err) {
        throw new Error("Error converting schema to JSON.");
    }
}
function isTransforming(_schema, _ctx) {
    const ctx = _ctx ?? { seen: new Set() };
    if (ctx.seen.has(_schema))
        return false;
    ctx.seen.add(_schema);
    const def = _schema._zod.def;
    if (def.type === "transform")
        return true;
    if (def.type === "array")
        return isTransforming(def.element, ctx);
    if (def.type === "set")
        return isTransforming(def.valueType, ctx);
    if (def.type === "lazy")
        return isTransforming(def.getter(), ctx);
    if (def.type === "promise" ||
        def.type === "optional" ||
        def.type === "nonoptional" ||
        def.type === "nullable" ||
        def.type === "readonly" ||
        def.type === "default" ||
        def.type === "prefault" ||
        def.type === "catch") {
        return isTransforming(def.innerType, ctx);
    }
    if (def.type === "intersection") {
        return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
    }
    if (def.type === "record" || def.type === "map") {
        return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
    }
    if (def.type === "pipe") {
        if (_schema._zod.traits.has("$ZodCodec"))
            return true;
        return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
    }
    if (def.type === "object") {
        for (const key in def.shape) {
            if (isTransforming(def.shape[key], ctx))
                return true;
        }
        return false;
    }
    if (def.type === "union") {
        for (const option of def.options) {
            if (isTransforming(option, ctx))
                return true;
        }
        return false;
    }
    if (def.type === "tuple") {
        for (const item of def.items) {
            if (isTransforming(item, ctx))
                return true;
        }
        if (def.rest && isTransforming(def.rest, ctx))
            return true;
        return false;
    }
    return false;
}
/**
 * Creates a toJSONSchema method for a schema instance.
 * This encapsulates the logic of initializing context, processing, extracting defs, and finalizing.
 */
const createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
    const ctx = to_json_schema_initializeContext({ ...params, processors });
    to_json_schema_processSchema(schema, ctx);
    to_json_schema_extractDefs(ctx, schema);
    return to_json_schema_finalize(ctx, schema);
};
const createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
    const { libraryOptions, target } = params ?? {};
    const ctx = to_json_schema_initializeContext({ ...(libraryOptions ?? {}), target, io, processors });
    to_json_schema_processSchema(schema, ctx);
    to_json_schema_extractDefs(ctx, schema);
    return to_json_schema_finalize(ctx, schema);
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/json-schema-processors.js




const narrowMin = (agg, key, value) => {
    if (agg[key] === undefined || value > agg[key])
        agg[key] = value;
};
const narrowMax = (agg, key, value) => {
    if (agg[key] === undefined || value < agg[key])
        agg[key] = value;
};
const narrowBoth = (agg, value) => {
    narrowMin(agg, "minimum", value);
    narrowMax(agg, "maximum", value);
};
const addDivisor = (agg, value) => {
    agg.multipleOf ?? (agg.multipleOf = []);
    if (!agg.multipleOf.includes(value))
        agg.multipleOf.push(value);
};
const addPattern = (agg, pattern) => {
    agg.patterns ?? (agg.patterns = new Set());
    agg.patterns.add(pattern);
};
const intersectMime = (agg, mime) => {
    agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
// last-wins, matching the bag's historical write order; the flag keeps an integer format from being lost to a later float one
const setFormat = (agg, format) => {
    agg.format = format;
    if (format.includes("int"))
        agg.isInt = true;
};
const minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
const maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
const formatContributor = (ranges) => (agg, def) => {
    setFormat(agg, def.format);
    const [minimum, maximum] = ranges[def.format];
    narrowMin(agg, "minimum", minimum);
    narrowMax(agg, "maximum", maximum);
};
const contributors = {
    greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
    less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
    multiple_of: (agg, def) => addDivisor(agg, def.value),
    number_format: formatContributor(core_util/* NUMBER_FORMAT_RANGES */.zH),
    bigint_format: formatContributor(core_util/* BIGINT_FORMAT_RANGES */.NR),
    min_length: minContributor,
    max_length: maxContributor,
    length_equals: (agg, def) => narrowBoth(agg, def.length),
    min_size: minContributor,
    max_size: maxContributor,
    size_equals: (agg, def) => narrowBoth(agg, def.size),
    string_format: (agg, def) => {
        setFormat(agg, def.format);
        if (def.pattern)
            addPattern(agg, def.pattern);
        if (def.format === "base64" || def.format === "base64url")
            agg.contentEncoding = def.format;
        if (def.local || def.precision === -1)
            agg.laxFormat = true;
    },
    mime_type: (agg, def) => intersectMime(agg, def.mime),
};
function aggregateChecks(schema) {
    const agg = {};
    const def = schema._zod.def;
    // a format schema is its own first check, same rule as $ZodType init
    const list = schema._zod.traits.has("$ZodCheck")
        ? [schema, ...(def.checks ?? [])]
        : (def.checks ?? []);
    for (const ch of list)
        contributors[ch._zod.def.check]?.(agg, ch._zod.def);
    // reconcile with the bag so third-party onattach contributions still land; first-party residue is never tighter than the fold, so merging it back is idempotent for one and additive for the other
    const bag = schema._zod.bag;
    if (bag.minimum !== undefined)
        narrowMin(agg, "minimum", bag.minimum);
    if (bag.exclusiveMinimum !== undefined)
        narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
    if (bag.maximum !== undefined)
        narrowMax(agg, "maximum", bag.maximum);
    if (bag.exclusiveMaximum !== undefined)
        narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
    if (bag.multipleOf !== undefined)
        addDivisor(agg, bag.multipleOf);
    if (bag.format !== undefined) {
        agg.format ?? (agg.format = bag.format);
        if (bag.format.includes("int"))
            agg.isInt = true;
    }
    if (bag.mime)
        intersectMime(agg, bag.mime);
    for (const pattern of bag.patterns ?? [])
        addPattern(agg, pattern);
    return agg;
}
const formatMap = {
    guid: "uuid",
    url: "uri",
    datetime: "date-time",
    json_string: "json-string",
    regex: "", // do not set
};
// ==================== SIMPLE TYPE PROCESSORS ====================
// the runtime patterns are lax so parse paths never overflow the regex stack; the emitted schema swaps in the exact block forms, which zod itself never executes
const exactPatterns = new Map([
    [base64Charset, base64],
    [base64urlCharset, base64url],
]);
const exactPattern = (p) => exactPatterns.get(p) ?? p;
const stringProcessor = (schema, ctx, _json, _params) => {
    const json = _json;
    json.type = "string";
    const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minLength = minimum;
    if (typeof maximum === "number")
        json.maxLength = maximum;
    // custom pattern overrides format
    if (format) {
        json.format = formatMap[format] ?? format;
        if (json.format === "")
            delete json.format; // empty format is not valid
        // `z.iso.time()` is never full-time, and `laxFormat` carries the datetime shapes that also accept what their keyword forbids
        if (format === "time" || laxFormat) {
            delete json.format;
        }
    }
    if (contentEncoding)
        json.contentEncoding = contentEncoding;
    if (patterns && patterns.size > 0) {
        const patternList = [...patterns].map(exactPattern);
        if (patternList.length === 1)
            json.pattern = patternList[0].source;
        else if (patternList.length > 1) {
            json.allOf = [
                ...patternList.map((regex) => ({
                    ...(ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0"
                        ? { type: "string" }
                        : {}),
                    pattern: regex.source,
                })),
            ];
        }
    }
};
const numberProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
    json.type = isInt ? "integer" : "number";
    // when both minimum and exclusiveMinimum exist, pick the more restrictive one
    const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
    const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
    const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
    if (exMin) {
        if (legacy) {
            json.minimum = exclusiveMinimum;
            json.exclusiveMinimum = true;
        }
        else {
            json.exclusiveMinimum = exclusiveMinimum;
        }
    }
    else if (typeof minimum === "number") {
        json.minimum = minimum;
    }
    if (exMax) {
        if (legacy) {
            json.maximum = exclusiveMaximum;
            json.exclusiveMaximum = true;
        }
        else {
            json.exclusiveMaximum = exclusiveMaximum;
        }
    }
    else if (typeof maximum === "number") {
        json.maximum = maximum;
    }
    if (multipleOf) {
        // JSON Schema requires a divisor strictly greater than zero, and a non-finite one does not survive JSON at all. A negative divisor accepts exactly what its absolute value accepts, so it still maps; zero, NaN and Infinity have no keyword form.
        const divisors = new Set();
        for (const divisor of multipleOf) {
            if (Number.isFinite(divisor) && divisor !== 0)
                divisors.add(Math.abs(divisor));
            else
                handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
        }
        // chained divisors are a conjunction the keyword cannot carry alone, so extras ride an allOf, same as stacked patterns
        const [first, ...rest] = divisors;
        if (first !== undefined)
            json.multipleOf = first;
        if (rest.length)
            json.allOf = [...(json.allOf ?? []), ...rest.map((m) => ({ multipleOf: m }))];
    }
};
const booleanProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const bigintProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "BigInt cannot be represented in JSON Schema");
};
const symbolProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Symbols cannot be represented in JSON Schema");
};
const nullProcessor = (_schema, ctx, json, _params) => {
    if (ctx.target === "openapi-3.0") {
        json.type = "string";
        json.nullable = true;
        json.enum = [null];
    }
    else {
        json.type = "null";
    }
};
const undefinedProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Undefined cannot be represented in JSON Schema");
};
const voidProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Void cannot be represented in JSON Schema");
};
const neverProcessor = (_schema, _ctx, json, _params) => {
    json.not = {};
};
const anyProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const unknownProcessor = (_schema, _ctx, _json, _params) => {
    // empty schema accepts anything
};
const dateProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Date cannot be represented in JSON Schema");
};
const enumProcessor = (schema, _ctx, json, _params) => {
    const def = schema._zod.def;
    const values = (0,core_util/* getEnumValues */.w5)(def.entries);
    // an empty enum accepts nothing, same as z.never()
    if (values.length === 0) {
        json.not = {};
        return;
    }
    // Number enums can have both string and number values
    if (values.every((v) => typeof v === "number"))
        json.type = "number";
    if (values.every((v) => typeof v === "string"))
        json.type = "string";
    json.enum = values;
};
const literalProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // a literal with no values accepts nothing, same as z.never()
    if (def.values.length === 0) {
        json.not = {};
        return;
    }
    const vals = [];
    for (const val of def.values) {
        if (val === undefined) {
            // a custom schema replaces the whole literal, so there is nothing left to accumulate
            if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema"))
                return;
            // otherwise do not add to vals
        }
        else if (typeof val === "bigint") {
            if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema"))
                return;
            vals.push(Number(val));
        }
        else {
            vals.push(val);
        }
    }
    if (vals.length === 0) {
        // do nothing (an undefined literal was stripped)
    }
    else if (vals.length === 1) {
        const val = vals[0];
        json.type = val === null ? "null" : typeof val;
        if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
            json.enum = [val];
        }
        else {
            json.const = val;
        }
    }
    else {
        if (vals.every((v) => typeof v === "number"))
            json.type = "number";
        if (vals.every((v) => typeof v === "string"))
            json.type = "string";
        if (vals.every((v) => typeof v === "boolean"))
            json.type = "boolean";
        if (vals.every((v) => v === null))
            json.type = "null";
        json.enum = vals;
    }
};
const nanProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "NaN cannot be represented in JSON Schema");
};
const templateLiteralProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    const pattern = schema._zod.pattern;
    if (!pattern)
        throw new Error("Pattern not found in template literal");
    _json.type = "string";
    _json.pattern = pattern.source;
};
const fileProcessor = (schema, _ctx, json, _params) => {
    const _json = json;
    _json.type = "string";
    _json.format = "binary";
    _json.contentEncoding = "binary";
    const { minimum, maximum, mime } = aggregateChecks(schema);
    if (minimum !== undefined)
        _json.minLength = minimum;
    if (maximum !== undefined)
        _json.maxLength = maximum;
    if (!mime)
        return;
    // an empty intersection means the mime checks share no value, so nothing passes at runtime; `anyOf` must be non-empty, so the false schema is `not: {}`
    if (mime.length === 0)
        _json.not = {};
    else if (mime.length === 1)
        _json.contentMediaType = mime[0];
    // only contentMediaType differs, so the shared props stay at the root
    else
        _json.anyOf = mime.map((m) => ({ contentMediaType: m }));
};
const successProcessor = (_schema, _ctx, json, _params) => {
    json.type = "boolean";
};
const customProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
const functionProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Function types cannot be represented in JSON Schema");
};
const transformProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
const mapProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Map cannot be represented in JSON Schema");
};
const setProcessor = (schema, ctx, json, params) => {
    handleUnrepresentable(schema, ctx, json, params, "Set cannot be represented in JSON Schema");
};
// ==================== COMPOSITE TYPE PROCESSORS ====================
const arrayProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
    json.type = "array";
    json.items = to_json_schema_processSchema(def.element, ctx, {
        ...params,
        path: [...params.path, "items"],
    });
};
// Transform and catch set `optin = "optional"` at runtime so the parser lets them observe an
// absent key, but their declared input type stays required. An input JSON Schema describes the
// declared type, so resolve past them to the schema that actually carries the optionality.
// Used by both `objectProcessor` (for `required`) and `tupleProcessor` (for `minItems`); see
// wiki/optionality.md, "The JSON Schema emitter reads the *static* value".
function inputOptin(schema) {
    const def = schema._zod.def;
    if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
        return inputOptin(def.out);
    }
    if (def.type === "catch") {
        return inputOptin(def.innerType);
    }
    return schema._zod.optin;
}
const objectProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    const shape = def.shape;
    // dropping it while still emitting `additionalProperties: false` would emit a schema that rejects data this one requires
    const symbolKeys = Object.getOwnPropertySymbols(shape);
    if (symbolKeys.length &&
        handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) {
        return;
    }
    json.type = "object";
    json.properties = {};
    for (const key in shape) {
        // assignProp so a __proto__ key becomes an own property instead of hitting the inherited setter on the plain {} we build into
        (0,core_util/* assignProp */.Vy)(json.properties, key, to_json_schema_processSchema(shape[key], ctx, {
            ...params,
            path: [...params.path, "properties", key],
        }));
    }
    // required keys
    const requiredKeys = [];
    for (const key of Object.keys(shape)) {
        const field = def.shape[key];
        if (ctx.io === "input" ? inputOptin(field) === undefined : field._zod.optout === undefined) {
            requiredKeys.push(key);
        }
    }
    if (requiredKeys.length > 0) {
        json.required = requiredKeys;
    }
    // catchall
    if (def.catchall?._zod.def.type === "never") {
        // strict
        json.additionalProperties = false;
    }
    else if (!def.catchall) {
        // regular
        if (ctx.io === "output")
            json.additionalProperties = false;
    }
    else if (def.catchall) {
        json.additionalProperties = to_json_schema_processSchema(def.catchall, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
};
const unionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    // Exclusive unions (inclusive === false) use oneOf (exactly one match) instead of anyOf (one or more matches). This includes both z.xor() and discriminated unions
    const isExclusive = def.inclusive === false;
    const options = def.options.map((x, i) => to_json_schema_processSchema(x, ctx, {
        ...params,
        path: [...params.path, isExclusive ? "oneOf" : "anyOf", i],
    }));
    if (isExclusive) {
        json.oneOf = options;
    }
    else {
        json.anyOf = options;
    }
};
const intersectionProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const a = to_json_schema_processSchema(def.left, ctx, {
        ...params,
        path: [...params.path, "allOf", 0],
    });
    const b = to_json_schema_processSchema(def.right, ctx, {
        ...params,
        path: [...params.path, "allOf", 1],
    });
    const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
    const allOf = [
        ...(isSimpleIntersection(a) ? a.allOf : [a]),
        ...(isSimpleIntersection(b) ? b.allOf : [b]),
    ];
    json.allOf = allOf;
    // Recorded innermost first, so a nested intersection has already folded by the time this one is considered. The array is the handle rather than the schema, because a wrapper that inherits this schema shares the same array; `finalize` folds every object holding it. See `foldIntersection`.
    ctx.intersections.push(allOf);
};
const tupleProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "array";
    const prefixPath = ctx.target === "draft-2020-12" ? "prefixItems" : "items";
    const restPath = ctx.target === "draft-2020-12" ? "items" : ctx.target === "openapi-3.0" ? "items" : "additionalItems";
    const prefixItems = def.items.map((x, i) => to_json_schema_processSchema(x, ctx, {
        ...params,
        path: [...params.path, prefixPath, i],
    }));
    const rest = def.rest
        ? to_json_schema_processSchema(def.rest, ctx, {
            ...params,
            path: [...params.path, restPath, ...(ctx.target === "openapi-3.0" ? [def.items.length] : [])],
        })
        : null;
    let minItems = def.items.length;
    while (minItems > 0) {
        const item = def.items[minItems - 1];
        const optional = ctx.io === "input" ? inputOptin(item) !== undefined : item._zod.optout === "optional";
        if (!optional)
            break;
        minItems--;
    }
    const maxItems = def.items.length;
    const isClosed = !def.rest;
    if (ctx.target === "draft-2020-12") {
        json.prefixItems = prefixItems;
        if (isClosed) {
            json.items = false;
        }
        else if (rest) {
            json.items = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else if (ctx.target === "openapi-3.0") {
        json.items = {
            anyOf: prefixItems,
        };
        if (rest) {
            json.items.anyOf.push(rest);
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    else {
        json.items = prefixItems;
        if (isClosed) {
            json.additionalItems = false;
        }
        else if (rest) {
            json.additionalItems = rest;
        }
        if (minItems > 0)
            json.minItems = minItems;
        if (isClosed)
            json.maxItems = maxItems;
    }
    // explicit user-defined length checks take precedence
    const { minimum, maximum } = aggregateChecks(schema);
    if (typeof minimum === "number")
        json.minItems = minimum;
    if (typeof maximum === "number")
        json.maxItems = maximum;
};
/** JSON object keys are always strings, so a numeric record key schema is re-expressed over the
 * numeric-string form the record parser matches. Deferred to `finalize`, after the flatten: a key
 * behind a wrapper only carries its own `type` before then, and a union key only has its branches.
 *
 * A numeric bound cannot apply to a property name, so `minimum` and its siblings are dropped rather
 * than carried over: keeping them beside `type: "string"` reproduces the match-nothing schema this
 * exists to fix. A key that carries one therefore emits wider than the record parses — `z.record(z.number().min(5), V)`
 * accepts `"3"` — which is the deliberate trade, since throwing on it would reject an ordinary schema
 * outright. */
function stringifyKeyNames(bySchema, json, visited) {
    // an extracted key that rewrites cannot go on sharing its definition — the string form a key position needs is not the number form every other reference wants — so it inlines. One that does not rewrite keeps the `$ref`.
    if (json.$ref) {
        // a recursive key holds its own reference inside its definition, so a node already on the path is left alone rather than resolved again
        if (visited.has(json))
            return json;
        visited.add(json);
        const def = bySchema.get(json)?.def;
        if (!def)
            return json;
        const inlined = stringifyKeyNames(bySchema, def, visited);
        return inlined === def ? json : inlined;
    }
    for (const keyword of ["anyOf", "oneOf"]) {
        const branches = json[keyword];
        if (!Array.isArray(branches))
            continue;
        const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
        // rebuilding regardless would detach a key that had nothing to re-express, dropping its `$ref` and leaking the internal `id`
        if (mapped.some((branch, i) => branch !== branches[i]))
            json = { ...json, [keyword]: mapped };
    }
    // a member that already admits a string leaves the key unconstrained, so the node's own type re-expresses only when every member is numeric
    const types = Array.isArray(json.type) ? json.type : [json.type];
    const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
    // a heterogeneous key carries no type at all, so its numeric members are caught here instead
    const values = json.enum ?? (json.const !== undefined ? [json.const] : undefined);
    if (!numericType && !values?.some((v) => typeof v === "number"))
        return json;
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
    if (rest.enum)
        rest.enum = rest.enum.map((v) => (typeof v === "number" ? String(v) : v));
    else if (typeof rest.const === "number")
        rest.const = String(rest.const);
    // a heterogeneous key keeps its absent type: the stringified members already say what a key may be
    if (!numericType)
        return rest;
    rest.type = "string";
    if (!values)
        rest.pattern = (types.includes("number") ? number : integer).source;
    return rest;
}
/** Every record of one conversion, so the carriers are found in a single pass rather than once per record. */
const pendingRecords = new WeakMap();
function rewriteKeyNames(ctx) {
    // an extracted key is resolved by the object `extractToDef` left in its place, so the map is built once rather than searched per reference. `_zod.toJSONSchema` can hand the same object to two schemas, so the first entry carrying a body wins, as a search would have found it.
    const bySchema = new Map();
    for (const entry of ctx.seen.values()) {
        if (entry.def && !bySchema.has(entry.schema))
            bySchema.set(entry.schema, entry);
    }
    const rewrites = new Map();
    for (const record of pendingRecords.get(ctx) ?? []) {
        const seen = ctx.seen.get(record);
        const names = (seen?.def ?? seen?.schema)?.propertyNames;
        if (!names || names === true || rewrites.has(names))
            continue;
        const rewritten = stringifyKeyNames(bySchema, names, new Set());
        if (rewritten !== names)
            rewrites.set(names, rewritten);
    }
    if (!rewrites.size)
        return;
    // the flatten has already copied each record's own properties onto every wrapper by reference, and an extracted body is another such copy, so every carrier holding a rewritten key is updated together
    for (const entry of ctx.seen.values()) {
        for (const carrier of [entry.schema, entry.def]) {
            const rewritten = carrier && rewrites.get(carrier.propertyNames);
            if (rewritten)
                carrier.propertyNames = rewritten;
        }
    }
}
const recordProcessor = (schema, ctx, _json, params) => {
    const json = _json;
    const def = schema._zod.def;
    json.type = "object";
    // For looseRecord with regex patterns, use patternProperties. This correctly represents "only validate keys matching the pattern" semantics and composes well with allOf (intersections)
    const keyType = def.keyType;
    const patterns = aggregateChecks(keyType).patterns;
    if (def.mode === "loose" && patterns && patterns.size > 0) {
        // Use patternProperties for looseRecord with regex patterns
        const valueSchema = to_json_schema_processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "patternProperties", "*"],
        });
        json.patternProperties = {};
        for (const pattern of patterns) {
            (0,core_util/* assignProp */.Vy)(json.patternProperties, exactPattern(pattern).source, valueSchema);
        }
    }
    else {
        // Default behavior: use propertyNames + additionalProperties
        if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
            json.propertyNames = to_json_schema_processSchema(def.keyType, ctx, {
                ...params,
                path: [...params.path, "propertyNames"],
            });
            let pending = pendingRecords.get(ctx);
            if (!pending) {
                pending = [];
                pendingRecords.set(ctx, pending);
                ctx.deferred.push(() => rewriteKeyNames(ctx));
            }
            pending.push(schema);
        }
        json.additionalProperties = to_json_schema_processSchema(def.valueType, ctx, {
            ...params,
            path: [...params.path, "additionalProperties"],
        });
    }
    // Add required for keys with discrete values (enum, literal, etc.)
    const keyValues = keyType._zod.values;
    // Every key shares one value schema, so an optional-in value makes the whole key set omittable on input. Output keeps them: the exhaustive branch assigns every key, even one whose value came back undefined.
    const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== undefined;
    if (keyValues && !def.partial && !omittableOnInput) {
        const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
        if (validKeyValues.length > 0) {
            json.required = validKeyValues.map(String);
        }
    }
};
const nullableProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    const inner = to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    if (ctx.target === "openapi-3.0") {
        seen.ref = def.innerType;
        json.nullable = true;
    }
    else {
        json.anyOf = [inner, { type: "null" }];
    }
};
const nonoptionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
/** Round-trips a default value through JSON so the emitted schema is guaranteed to be valid JSON.
 * A BigInt has no reliable encoding, so it goes through `unrepresentable` like any other
 * unrepresentable value. Returns a sentinel when the caller must not write a default of its own. */
const UNREPRESENTABLE_DEFAULT = Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
    let unrepresentable = false;
    const serialized = JSON.stringify(value, (_, val) => {
        if (typeof val !== "bigint")
            return val;
        unrepresentable = true;
        return null;
    });
    if (!unrepresentable)
        return JSON.parse(serialized);
    handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
    return UNREPRESENTABLE_DEFAULT;
}
const defaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json.default = value;
};
const prefaultProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    if (ctx.io !== "input")
        return;
    const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
    if (value !== UNREPRESENTABLE_DEFAULT)
        json._prefault = value;
};
const catchProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    let catchValue;
    try {
        catchValue = def.catchValue(undefined);
    }
    catch {
        handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
        return;
    }
    json.default = catchValue;
};
const pipeProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    const inIsTransform = def.in._zod.traits.has("$ZodTransform");
    const innerType = ctx.io === "input" ? (inIsTransform ? def.out : def.in) : def.out;
    to_json_schema_processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
const readonlyProcessor = (schema, ctx, json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
    json.readOnly = true;
};
const promiseProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const optionalProcessor = (schema, ctx, _json, params) => {
    const def = schema._zod.def;
    to_json_schema_processSchema(def.innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = def.innerType;
};
const lazyProcessor = (schema, ctx, _json, params) => {
    const innerType = schema._zod.innerType;
    to_json_schema_processSchema(innerType, ctx, params);
    const seen = ctx.seen.get(schema);
    seen.ref = innerType;
};
// ==================== ALL PROCESSORS ====================
const allProcessors = {
    string: stringProcessor,
    number: numberProcessor,
    boolean: booleanProcessor,
    bigint: bigintProcessor,
    symbol: symbolProcessor,
    null: nullProcessor,
    undefined: undefinedProcessor,
    void: voidProcessor,
    never: neverProcessor,
    any: anyProcessor,
    unknown: unknownProcessor,
    date: dateProcessor,
    enum: enumProcessor,
    literal: literalProcessor,
    nan: nanProcessor,
    template_literal: templateLiteralProcessor,
    file: fileProcessor,
    success: successProcessor,
    custom: customProcessor,
    function: functionProcessor,
    transform: transformProcessor,
    map: mapProcessor,
    set: setProcessor,
    array: arrayProcessor,
    object: objectProcessor,
    union: unionProcessor,
    intersection: intersectionProcessor,
    tuple: tupleProcessor,
    record: recordProcessor,
    nullable: nullableProcessor,
    nonoptional: nonoptionalProcessor,
    default: defaultProcessor,
    prefault: prefaultProcessor,
    catch: catchProcessor,
    pipe: pipeProcessor,
    readonly: readonlyProcessor,
    promise: promiseProcessor,
    optional: optionalProcessor,
    lazy: lazyProcessor,
};
function toJSONSchema(input, params) {
    if ("_idmap" in input) {
        // Registry case
        const registry = input;
        const ctx = initializeContext({ ...params, processors: allProcessors });
        const defs = {};
        // First pass: process all schemas to build the seen map
        for (const entry of registry._idmap.entries()) {
            const [_, schema] = entry;
            processSchema(schema, ctx);
        }
        const schemas = {};
        const external = {
            registry,
            uri: params?.uri,
            defs,
        };
        // Update the context with external configuration
        ctx.external = external;
        // Second pass: emit each schema
        for (const entry of registry._idmap.entries()) {
            const [key, schema] = entry;
            extractDefs(ctx, schema);
            assignProp(schemas, key, finalize(ctx, schema));
        }
        if (Object.keys(defs).length > 0) {
            const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
            schemas.__shared = {
                [defsSegment]: defs,
            };
        }
        return { schemas };
    }
    // Single schema case
    const ctx = initializeContext({ ...params, processors: allProcessors });
    processSchema(input, ctx);
    extractDefs(ctx, input);
    return finalize(ctx, input);
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/locales/en.js

const error = () => {
    const Sizable = {
        string: { unit: "characters", verb: "to have" },
        file: { unit: "bytes", verb: "to have" },
        array: { unit: "items", verb: "to have" },
        set: { unit: "items", verb: "to have" },
        map: { unit: "entries", verb: "to have" },
    };
    function getSizing(origin) {
        return Sizable[origin] ?? null;
    }
    const FormatDictionary = {
        regex: "input",
        email: "email address",
        url: "URL",
        emoji: "emoji",
        uuid: "UUID",
        uuidv4: "UUIDv4",
        uuidv6: "UUIDv6",
        nanoid: "nanoid",
        guid: "GUID",
        cuid: "cuid",
        cuid2: "cuid2",
        ulid: "ULID",
        xid: "XID",
        ksuid: "KSUID",
        datetime: "ISO datetime",
        date: "ISO date",
        time: "ISO time",
        duration: "ISO duration",
        ipv4: "IPv4 address",
        ipv6: "IPv6 address",
        mac: "MAC address",
        cidrv4: "IPv4 range",
        cidrv6: "IPv6 range",
        base64: "base64-encoded string",
        base64url: "base64url-encoded string",
        json_string: "JSON string",
        e164: "E.164 number",
        currency_code: "currency code",
        credit_card: "credit card number",
        iban: "IBAN",
        jwt: "JWT",
        template_literal: "input",
    };
    // type names: missing keys = do not translate (use raw value via ?? fallback)
    const TypeDictionary = {
        // Compatibility: "nan" -> "NaN" for display
        nan: "NaN",
        // All other type names omitted - they fall back to raw values via ?? operator
    };
    function getTypeName(type, input) {
        if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
            return String(input);
        }
        return TypeDictionary[type] ?? type;
    }
    return (issue) => {
        switch (issue.code) {
            case "invalid_type": {
                const expected = getTypeName(issue.expected);
                const receivedType = core_util/* parsedType */.GW(issue.input);
                const received = getTypeName(receivedType, issue.input);
                return `Invalid input: expected ${expected}, received ${received}`;
            }
            case "invalid_value":
                if (issue.values.length === 1)
                    return `Invalid input: expected ${core_util/* stringifyPrimitive */.B7(issue.values[0])}`;
                return `Invalid option: expected one of ${core_util/* joinValues */.jw(issue.values, "|")}`;
            case "too_big": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? "<=" : "<";
                const sizing = getSizing(issue.origin);
                if (sizing)
                    return `Too big: expected ${issue.origin ?? "value"} to have ${adj}${issue.maximum.toString()} ${sizing.unit ?? "elements"}`;
                return `Too big: expected ${issue.origin ?? "value"} to be ${adj}${issue.maximum.toString()}`;
            }
            case "too_small": {
                const adj = issue.exact ? "exactly " : issue.inclusive ? ">=" : ">";
                const sizing = getSizing(issue.origin);
                if (sizing) {
                    return `Too small: expected ${issue.origin} to have ${adj}${issue.minimum.toString()} ${sizing.unit}`;
                }
                return `Too small: expected ${issue.origin} to be ${adj}${issue.minimum.toString()}`;
            }
            case "invalid_format": {
                const _issue = issue;
                if (_issue.format === "starts_with") {
                    return `Invalid string: must start with "${_issue.prefix}"`;
                }
                if (_issue.format === "ends_with")
                    return `Invalid string: must end with "${_issue.suffix}"`;
                if (_issue.format === "includes")
                    return `Invalid string: must include "${_issue.includes}"`;
                if (_issue.format === "regex")
                    return `Invalid string: must match pattern ${_issue.pattern}`;
                return `Invalid ${FormatDictionary[_issue.format] ?? issue.format}`;
            }
            case "not_multiple_of":
                return `Invalid number: must be a multiple of ${issue.divisor}`;
            case "unrecognized_keys":
                return `Unrecognized key${issue.keys.length > 1 ? "s" : ""}: ${core_util/* joinValues */.jw(issue.keys, ", ")}`;
            case "invalid_key":
                return `Invalid key in ${issue.origin}`;
            case "invalid_union":
                if (issue.options && Array.isArray(issue.options) && issue.options.length > 0) {
                    const opts = issue.options.map((o) => `'${o}'`).join(" | ");
                    return `Invalid discriminator value. Expected ${opts}`;
                }
                if (issue.inclusive === false) {
                    return "Invalid input: more than one option matched";
                }
                return "Invalid input";
            case "invalid_element":
                return `Invalid value in ${issue.origin}`;
            default:
                return `Invalid input`;
        }
    };
};
/* harmony default export */ function en() {
    return {
        localeError: error(),
    };
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/errors.js


/* Computing the message eagerly is expensive (pretty-printed JSON of all
 * issues), so defer it until first read. The accessor functions and
 * descriptors are shared across instances to keep error construction
 * cheap; the computed message is cached on the internals object. The
 * setter preserves plain assignment semantics for consumers that
 * overwrite `message`. */
function _getMessage() {
    const internals = this._zod;
    internals.message ?? (internals.message = JSON.stringify(internals.def, core_util/* jsonStringifyReplacer */.k8, 2));
    return internals.message;
}
function _setMessage(value) {
    this._zod.message = value;
}
const _messageDesc = {
    get: _getMessage,
    set: _setMessage,
    enumerable: true,
    configurable: true,
};
const _issuesDesc = { value: undefined, enumerable: false };
/* Prototypes that already carry the lazy `toString`. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
const initializer = (inst, def) => {
    inst.name = "$ZodError";
    // `_zod` is already non-enumerable: $constructor's init defined it with this same descriptor
    _issuesDesc.value = def;
    Object.defineProperty(inst, "issues", _issuesDesc);
    // Clear the shared slot; a retained `value` pins the last error's issues.
    _issuesDesc.value = undefined;
    Object.defineProperty(inst, "message", _messageDesc);
    /* `toString` lives as a non-enumerable lazy getter on the shared
     * prototype; on first access it caches a per-instance closure so
     * detached usage still works. */
    const proto = Object.getPrototypeOf(inst);
    if (!_installedToString.has(proto)) {
        _installedToString.add(proto);
        Object.defineProperty(proto, "toString", {
            configurable: true,
            enumerable: false,
            get() {
                const value = () => this.message;
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
                return value;
            },
            set(value) {
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
            },
        });
    }
};
const $ZodError = (0,core_core/* $constructor */.xI)("$ZodError", initializer);
const $ZodRealError = (0,core_core/* $constructor */.xI)("$ZodError", initializer, undefined, {
    Parent: Error,
});
/** Get-or-create `obj[key]` as an own data property. A path segment naming an inherited member
 * ("toString", "constructor") would otherwise read through to the prototype, and assigning
 * "__proto__" would hit the setter instead of creating a key. */
function node(obj, key, make) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (key === "__proto__") {
            Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
        }
        else {
            obj[key] = make();
        }
    }
    return obj[key];
}
function flattenError(error, mapper = (issue) => issue.message) {
    const fieldErrors = {};
    const formErrors = [];
    for (const sub of error.issues) {
        if (sub.path.length > 0) {
            node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
        }
        else {
            formErrors.push(mapper(sub));
        }
    }
    return { formErrors, fieldErrors };
}
function formatError(error, mapper = (issue) => issue.message) {
    const fieldErrors = { _errors: [] };
    const processError = (error, path = []) => {
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    fieldErrors._errors.push(mapper(issue));
                }
                else {
                    let curr = fieldErrors;
                    let i = 0;
                    while (i < fullpath.length) {
                        const el = fullpath[i];
                        const terminal = i === fullpath.length - 1;
                        // `_errors` is reserved by this legacy format, so merge a matching path segment into the current node instead of treating its array as a child.
                        if (el === "_errors") {
                            if (terminal)
                                curr._errors.push(mapper(issue));
                            i++;
                            continue;
                        }
                        // A path element may collide with an inherited property name such as
                        // "__proto__" or "constructor". Truthiness checks read the prototype
                        // (so no node is created, then ._errors.push throws), and bracket
                        // assignment of "__proto__" hits the setter instead of creating an
                        // own key. Guard the read with hasOwnProperty and create the node
                        // with defineProperty so any path element becomes a real own key.
                        if (!Object.prototype.hasOwnProperty.call(curr, el)) {
                            Object.defineProperty(curr, el, {
                                value: { _errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        const node = curr[el];
                        if (terminal) {
                            node._errors.push(mapper(issue));
                        }
                        curr = node;
                        i++;
                    }
                }
            }
        }
    };
    processError(error);
    return fieldErrors;
}
function treeifyError(error, mapper = (issue) => issue.message) {
    const result = { errors: [] };
    const processError = (error, path = []) => {
        var _a;
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                // regular union error
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    result.errors.push(mapper(issue));
                    continue;
                }
                let curr = result;
                let i = 0;
                while (i < fullpath.length) {
                    const el = fullpath[i];
                    const terminal = i === fullpath.length - 1;
                    if (typeof el === "string") {
                        curr.properties ?? (curr.properties = {});
                        // el may collide with an inherited property name ("__proto__",
                        // "constructor", ...); ??= reads the prototype so the node is never
                        // created and curr.errors.push throws. Guard with hasOwnProperty and
                        // create the node with defineProperty so "__proto__" becomes a real
                        // own key rather than invoking the prototype setter.
                        if (!Object.prototype.hasOwnProperty.call(curr.properties, el)) {
                            Object.defineProperty(curr.properties, el, {
                                value: { errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        curr = curr.properties[el];
                    }
                    else {
                        curr.items ?? (curr.items = []);
                        (_a = curr.items)[el] ?? (_a[el] = { errors: [] });
                        curr = curr.items[el];
                    }
                    if (terminal) {
                        curr.errors.push(mapper(issue));
                    }
                    i++;
                }
            }
        }
    };
    processError(error);
    return result;
}
/** Format a ZodError as a human-readable string in the following form.
 *
 * From
 *
 * ```ts
 * ZodError {
 *   issues: [
 *     {
 *       expected: 'string',
 *       code: 'invalid_type',
 *       path: [ 'username' ],
 *       message: 'Invalid input: expected string'
 *     },
 *     {
 *       expected: 'number',
 *       code: 'invalid_type',
 *       path: [ 'favoriteNumbers', 1 ],
 *       message: 'Invalid input: expected number'
 *     }
 *   ];
 * }
 * ```
 *
 * to
 *
 * ```
 * username
 *   ✖ Expected number, received string at "username
 * favoriteNumbers[0]
 *   ✖ Invalid input: expected number
 * ```
 */
function toDotPath(_path) {
    const segs = [];
    const path = _path.map((seg) => (typeof seg === "object" ? seg.key : seg));
    for (const seg of path) {
        if (typeof seg === "number")
            segs.push(`[${seg}]`);
        else if (typeof seg === "symbol")
            segs.push(`[${JSON.stringify(String(seg))}]`);
        else if (/[^\w$]/.test(seg))
            segs.push(`[${JSON.stringify(seg)}]`);
        else {
            if (segs.length)
                segs.push(".");
            segs.push(seg);
        }
    }
    return segs.join("");
}
function prettifyError(error) {
    const lines = [];
    // sort by path length
    const issues = [...error.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
    // Process each issue
    for (const issue of issues) {
        lines.push(`✖ ${issue.message}`);
        if (issue.path?.length)
            lines.push(`  → at ${toDotPath(issue.path)}`);
    }
    // Convert Map to formatted string
    return lines.join("\n");
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/parse.js



// Always both keys, so the `_params` read site in `_parse` sees one object shape rather than two.
function finalizeParams(callee, params) {
    return { callee: params?.callee ?? callee, Err: params?.Err };
}
const _parse = (_Err) => {
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
        const result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise) {
            throw new core_core/* $ZodAsyncError */.GT();
        }
        if (result.issues.length) {
            const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())));
            core_util/* captureStackTrace */.gx(e, _params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parse = /* @__PURE__*/ _parse($ZodRealError);
const _parseAsync = (_Err) => {
    const fn = async (schema, value, _ctx, params) => {
        const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
        let result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise)
            result = await result;
        if (result.issues.length) {
            const e = new (params?.Err ?? _Err)(result.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())));
            core_util/* captureStackTrace */.gx(e, params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parseAsync = /* @__PURE__*/ _parseAsync($ZodRealError);
const _safeParse = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
        throw new core_core/* $ZodAsyncError */.GT();
    }
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParse = /* @__PURE__*/ _safeParse($ZodRealError);
// the error is built on the first read of `error`: finalizing the issues and constructing the instance is most of a failing parse, and a caller that only branches on `success` never pays it. a getter in the literal keeps this small; the alternative, one shared accessor descriptor plus a hidden state slot, reads ~15% faster but costs ~75 B gzipped in every bundle
function failure(Err, issues, ctx) {
    let error;
    return {
        success: false,
        get error() {
            if (!error) {
                error = new Err(issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())));
                // finalizeIssue drops `input`, so the built error holds nothing; keeping the raw issues past this point pins the parsed value for the life of the result
                issues = undefined;
                ctx = undefined;
            }
            return error;
        },
        set error(e) {
            error = e;
            // a replacement makes the getter's branch unreachable, so the captures have to go here too
            issues = undefined;
            ctx = undefined;
        },
    };
}
const _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParseAsync = /* @__PURE__*/ _safeParseAsync($ZodRealError);
// registry mirrors of the compiler's sentinels, so this module never imports the compiler
const COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
const COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
// Deliberately tiny, because v8 will not inline a body carrying the fallback's object literals and throw. Everything that is not the compiled happy path lives in validateFallback, and that split is worth ~35% on a compiled schema.
const validate = ((schema, value, _ctx) => {
    const validator = schema._zod.bag.validator;
    if (validator !== undefined) {
        if (validator(value) !== COMPILE_INVALID)
            return true;
        // a definite sentinel means the runtime would reject, so skip the re-parse; a ctx can still change the answer
        if (validator.definite === true && _ctx === undefined)
            return false;
    }
    return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
    const ctx = _ctx
        ? { ..._ctx, async: false, abortEarly: true }
        : { async: false, abortEarly: true };
    const fallbackRun = schema._zod.bag.fallbackRun;
    let result;
    if (fallbackRun) {
        // skip nested fast paths on the fallback, so user callbacks keep the at-most-twice bound
        ctx[COMPILE_FALLBACK] = true;
        result = fallbackRun({ value, issues: [] }, ctx);
    }
    else {
        result = schema._zod.run({ value, issues: [] }, ctx);
    }
    if (result instanceof Promise) {
        throw new core_core/* $ZodAsyncError */.GT();
    }
    return result.issues.length === 0;
}
// no fast path: the compiler keeps async parses on the runtime, because a promise-returning callback that is not declared async compiles to a throw
const parse_validateAsync = async (schema, value, _ctx) => {
    const ctx = _ctx
        ? { ..._ctx, async: true, abortEarly: true }
        : { async: true, abortEarly: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length === 0;
};
const _encode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return parse(schema, value, ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const encode = /* @__PURE__*/ _encode($ZodRealError);
const _decode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        return parse(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decode = /* @__PURE__*/ _decode($ZodRealError);
const _encodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return (await parseAsync(schema, value, ctx, finalizeParams(fn, _params)));
    };
    return fn;
};
const encodeAsync = /* @__PURE__*/ _encodeAsync($ZodRealError);
const _decodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        return await parseAsync(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decodeAsync = /* @__PURE__*/ _decodeAsync($ZodRealError);
const _safeEncode = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParse(_Err)(schema, value, ctx);
};
const safeEncode = /* @__PURE__*/ _safeEncode($ZodRealError);
const _safeDecode = (_Err) => (schema, value, _ctx) => {
    return _safeParse(_Err)(schema, value, _ctx);
};
const safeDecode = /* @__PURE__*/ _safeDecode($ZodRealError);
const _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParseAsync(_Err)(schema, value, ctx);
};
const safeEncodeAsync = /* @__PURE__*/ _safeEncodeAsync($ZodRealError);
const _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
    return _safeParseAsync(_Err)(schema, value, _ctx);
};
const safeDecodeAsync = /* @__PURE__*/ _safeDecodeAsync($ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/errors.js



/* Prototypes that already carry the lazy helper methods. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
/* Helper methods live as non-enumerable lazy getters on the shared
 * prototype instead of own properties on every instance. On first
 * access the getter allocates the per-instance closure and caches it
 * as a non-enumerable own property, so detached usage still works and
 * the allocation only happens for methods actually touched. */
function _lazyMethod(proto, key, make) {
    Object.defineProperty(proto, key, {
        configurable: true,
        enumerable: false,
        get() {
            const value = make(this);
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
            return value;
        },
        set(value) {
            Object.defineProperty(this, key, { value, configurable: true, writable: true });
        },
    });
}
const errors_initializer = (inst, issues) => {
    $ZodError.init(inst, issues);
    inst.name = "ZodError";
    const proto = Object.getPrototypeOf(inst);
    if (_installedErrorProtos.has(proto))
        return;
    _installedErrorProtos.add(proto);
    _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
    _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
    _lazyMethod(proto, "addIssue", (self) => (issue) => {
        self.issues.push(issue);
        self.message = JSON.stringify(self.issues, core_util/* jsonStringifyReplacer */.k8, 2);
    });
    _lazyMethod(proto, "addIssues", (self) => (issues) => {
        self.issues.push(...issues);
        self.message = JSON.stringify(self.issues, core_util/* jsonStringifyReplacer */.k8, 2);
    });
    Object.defineProperty(proto, "isEmpty", {
        configurable: true,
        enumerable: false,
        get() {
            return this.issues.length === 0;
        },
    });
};
const ZodError = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodError", errors_initializer)));
const ZodRealError = /*@__PURE__*/ core_core/* $constructor */.xI("ZodError", errors_initializer, undefined, {
    Parent: Error,
});
// /** @deprecated Use `z.core.$ZodErrorMapCtx` instead. */
// export type ErrorMapCtx = core.$ZodErrorMapCtx;

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/parse.js


const classic_parse_parse = /* @__PURE__ */ _parse(ZodRealError);
const classic_parse_parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError);
const parse_safeParse = /* @__PURE__ */ _safeParse(ZodRealError);
const parse_safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError);

// Codec functions
const parse_encode = /* @__PURE__ */ _encode(ZodRealError);
const parse_decode = /* @__PURE__ */ _decode(ZodRealError);
const parse_encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError);
const parse_decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError);
const parse_safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError);
const parse_safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError);
const parse_safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
const parse_safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/classic/schemas.js








// Register English as the default locale on first ZodType construction. Hooked into the `ZodType` `$constructor` (rather than a top-level `config(en())` in `external.ts`) so bundlers honoring `sideEffects: false` can't tree-shake it out — see #5953, #5725. An explicit `z.config(z.locales.xx())` call wins regardless of order, since this only sets the default when none is present.
function _ensureDefaultLocale() {
    if (!core_core/* globalConfig */.cr.localeError)
        core_core/* config */.$W(en());
}
// the default memoizer is read by the core container init, which runs before `ZodType.init`, so each container calls this first
function _ensureDefaultMemoizer() {
    if (!core_core/* globalConfig */.cr.memoizer)
        core_core/* config */.$W({ memoizer: memoizer() });
}
const ZodType = /*@__PURE__*/ core_core/* $constructor */.xI("ZodType", (inst, def) => {
    _ensureDefaultLocale();
    $ZodType.init(inst, def);
    inst.def = def;
    inst.type = def.type;
    return inst;
}, {
    check(...chks) {
        const def = this.def;
        return this.clone(core_util/* mergeDefs */.zM(def, {
            checks: [
                ...(def.checks ?? []),
                ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch),
            ],
        }), { parent: true });
    },
    with(...chks) {
        return this.check(...chks);
    },
    clone(def, params) {
        return core_util/* clone */.o8(this, def, params);
    },
    brand() {
        return this;
    },
    register(reg, meta) {
        reg.add(this, meta);
        return this;
    },
    refine(check, params) {
        return this.check(refine(check, params));
    },
    superRefine(refinement, params) {
        return this.check(superRefine(refinement, params));
    },
    overwrite(fn) {
        return this.check(_overwrite(fn));
    },
    optional() {
        return optional(this);
    },
    exactOptional() {
        return exactOptional(this);
    },
    nullable() {
        return nullable(this);
    },
    nullish() {
        return optional(nullable(this));
    },
    nonoptional(params) {
        return nonoptional(this, params);
    },
    array() {
        return array(this);
    },
    or(arg) {
        return union([this, arg]);
    },
    and(arg) {
        return intersection(this, arg);
    },
    transform(tx) {
        return pipe(this, transform(tx));
    },
    default(d) {
        return schemas_default(this, d);
    },
    prefault(d) {
        return prefault(this, d);
    },
    catch(params) {
        return schemas_catch(this, params);
    },
    pipe(target) {
        return pipe(this, target);
    },
    readonly() {
        return readonly(this);
    },
    describe(description) {
        const cl = this.clone();
        globalRegistry.add(cl, { description });
        return cl;
    },
    meta(...args) {
        // overloaded: meta() returns the registered metadata, meta(data) returns a clone with `data` registered. The mapped type picks up the second overload, so we accept variadic any-args and return `any` to satisfy both at runtime.
        if (args.length === 0)
            return globalRegistry.get(this);
        const cl = this.clone();
        globalRegistry.add(cl, args[0]);
        return cl;
    },
    isOptional() {
        return this.safeParse(undefined).success;
    },
    isNullable() {
        return this.safeParse(null).success;
    },
    apply(fn, ...args) {
        return args.length === 0 ? fn(this) : fn(this, ...args);
    },
    // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
    get "~standard"() {
        return core_util/* hide */.jD(this, "~standard", {
            ...standardProps(this),
            jsonSchema: {
                input: createStandardJSONSchemaMethod(this, "input"),
                output: createStandardJSONSchemaMethod(this, "output"),
            },
        });
    },
    set "~standard"(value) {
        core_util/* own */.qh(this, "~standard", value);
    },
    parse: function _parse(data, params) {
        return classic_parse_parse(this, data, params, { callee: _parse });
    },
    parseAsync: async function _parseAsync(data, params) {
        return await classic_parse_parseAsync(this, data, params, { callee: _parseAsync });
    },
    safeParse(data, params) {
        return parse_safeParse(this, data, params);
    },
    async safeParseAsync(data, params) {
        return parse_safeParseAsync(this, data, params);
    },
    // `spa` is an alias: same function object as `safeParseAsync`, as before.
    get spa() {
        return this?.safeParseAsync;
    },
    set spa(value) {
        core_util/* own */.qh(this, "spa", value);
    },
    validate(data, params) {
        return validate(this, data, params);
    },
    validateAsync(data, params) {
        return parse_validateAsync(this, data, params);
    },
    encode: function _encode(data, params) {
        return parse_encode(this, data, params, { callee: _encode });
    },
    decode: function _decode(data, params) {
        return parse_decode(this, data, params, { callee: _decode });
    },
    encodeAsync: async function _encodeAsync(data, params) {
        return await parse_encodeAsync(this, data, params, { callee: _encodeAsync });
    },
    decodeAsync: async function _decodeAsync(data, params) {
        return await parse_decodeAsync(this, data, params, { callee: _decodeAsync });
    },
    safeEncode(data, params) {
        return parse_safeEncode(this, data, params);
    },
    safeDecode(data, params) {
        return parse_safeDecode(this, data, params);
    },
    async safeEncodeAsync(data, params) {
        return parse_safeEncodeAsync(this, data, params);
    },
    async safeDecodeAsync(data, params) {
        return parse_safeDecodeAsync(this, data, params);
    },
    toJSONSchema(params) {
        return createToJSONSchemaMethod(this, {})(params);
    },
    // Reads through to the registry on every access, so it must not cache.
    get description() {
        return globalRegistry.get(this)?.description;
    },
    // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
    get _def() {
        return this._zod.def;
    },
});
/** @internal */
const _ZodString = /*@__PURE__*/ core_core/* $constructor */.xI("_ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json, params);
}, 
/*@__PURE__*/ core_util/* derived */.un({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null,
}, {
    regex(...args) {
        return this.check(_regex(...args));
    },
    includes(...args) {
        return this.check(_includes(...args));
    },
    startsWith(...args) {
        return this.check(_startsWith(...args));
    },
    endsWith(...args) {
        return this.check(_endsWith(...args));
    },
    min(...args) {
        return this.check(_minLength(...args));
    },
    max(...args) {
        return this.check(_maxLength(...args));
    },
    length(...args) {
        return this.check(_length(...args));
    },
    nonempty(...args) {
        return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
        return this.check(_lowercase(params));
    },
    uppercase(params) {
        return this.check(_uppercase(params));
    },
    trim() {
        return this.check(_trim());
    },
    normalize(...args) {
        return this.check(_normalize(...args));
    },
    toLowerCase() {
        return this.check(_toLowerCase());
    },
    toUpperCase() {
        return this.check(_toUpperCase());
    },
    slugify() {
        return this.check(_slugify());
    },
}));
const ZodString = /*@__PURE__*/ core_core/* $constructor */.xI("ZodString", (inst, def) => {
    $ZodString.init(inst, def);
    _ZodString.init(inst, def);
}, {
    email(params) {
        return this.check(_email(ZodEmail, params));
    },
    url(params) {
        return this.check(_url(ZodURL, params));
    },
    jwt(params) {
        return this.check(_jwt(ZodJWT, params));
    },
    emoji(params) {
        return this.check(api_emoji(ZodEmoji, params));
    },
    guid(params) {
        return this.check(_guid(ZodGUID, params));
    },
    uuid(params) {
        return this.check(_uuid(ZodUUID, params));
    },
    uuidv4(params) {
        return this.check(_uuidv4(ZodUUID, params));
    },
    uuidv6(params) {
        return this.check(_uuidv6(ZodUUID, params));
    },
    uuidv7(params) {
        return this.check(_uuidv7(ZodUUID, params));
    },
    nanoid(params) {
        return this.check(_nanoid(ZodNanoID, params));
    },
    cuid(params) {
        return this.check(_cuid(ZodCUID, params));
    },
    cuid2(params) {
        return this.check(_cuid2(ZodCUID2, params));
    },
    ulid(params) {
        return this.check(_ulid(ZodULID, params));
    },
    base64(params) {
        return this.check(_base64(ZodBase64, params));
    },
    base64url(params) {
        return this.check(_base64url(ZodBase64URL, params));
    },
    xid(params) {
        return this.check(_xid(ZodXID, params));
    },
    ksuid(params) {
        return this.check(_ksuid(ZodKSUID, params));
    },
    ipv4(params) {
        return this.check(_ipv4(ZodIPv4, params));
    },
    ipv6(params) {
        return this.check(_ipv6(ZodIPv6, params));
    },
    cidrv4(params) {
        return this.check(_cidrv4(ZodCIDRv4, params));
    },
    cidrv6(params) {
        return this.check(_cidrv6(ZodCIDRv6, params));
    },
    e164(params) {
        return this.check(_e164(ZodE164, params));
    },
    datetime(params) {
        return this.check(_isoDateTime(ZodISODateTime, params));
    },
    date(params) {
        return this.check(_isoDate(ZodISODate, params));
    },
    time(params) {
        return this.check(_isoTime(ZodISOTime, params));
    },
    duration(params) {
        return this.check(_isoDuration(ZodISODuration, params));
    },
});
function schemas_string(params) {
    return _string(ZodString, params);
}
const ZodStringFormat = /*@__PURE__*/ core_core/* $constructor */.xI("ZodStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    _ZodString.init(inst, def);
});
const ZodISODateTime = /*@__PURE__*/ core_core/* $constructor */.xI("ZodISODateTime", (inst, def) => {
    $ZodISODateTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODate = /*@__PURE__*/ core_core/* $constructor */.xI("ZodISODate", (inst, def) => {
    $ZodISODate.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISOTime = /*@__PURE__*/ core_core/* $constructor */.xI("ZodISOTime", (inst, def) => {
    $ZodISOTime.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodISODuration = /*@__PURE__*/ core_core/* $constructor */.xI("ZodISODuration", (inst, def) => {
    $ZodISODuration.init(inst, def);
    ZodStringFormat.init(inst, def);
});
const ZodEmail = /*@__PURE__*/ core_core/* $constructor */.xI("ZodEmail", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmail.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_email(params) {
    return core._email(ZodEmail, params);
}
const ZodGUID = /*@__PURE__*/ core_core/* $constructor */.xI("ZodGUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodGUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_guid(params) {
    return core._guid(ZodGUID, params);
}
const ZodUUID = /*@__PURE__*/ core_core/* $constructor */.xI("ZodUUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodUUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_uuid(params) {
    return core._uuid(ZodUUID, params);
}
function uuidv4(params) {
    return core._uuidv4(ZodUUID, params);
}
// ZodUUIDv6
function uuidv6(params) {
    return core._uuidv6(ZodUUID, params);
}
// ZodUUIDv7
function uuidv7(params) {
    return core._uuidv7(ZodUUID, params);
}
const ZodURL = /*@__PURE__*/ core_core/* $constructor */.xI("ZodURL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodURL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function url(params) {
    return core._url(ZodURL, params);
}
function httpUrl(params) {
    return core._url(ZodURL, {
        protocol: regexes.httpProtocol,
        hostname: regexes.domain,
        ...util.normalizeParams(params),
    });
}
const ZodEmoji = /*@__PURE__*/ core_core/* $constructor */.xI("ZodEmoji", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodEmoji.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_emoji(params) {
    return core._emoji(ZodEmoji, params);
}
const ZodNanoID = /*@__PURE__*/ core_core/* $constructor */.xI("ZodNanoID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodNanoID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_nanoid(params) {
    return core._nanoid(ZodNanoID, params);
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const ZodCUID = /*@__PURE__*/ core_core/* $constructor */.xI("ZodCUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
/**
 * Validates a CUID v1 string.
 *
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2 | `z.cuid2()`} instead.
 * See https://github.com/paralleldrive/cuid.
 */
function schemas_cuid(params) {
    return core._cuid(ZodCUID, params);
}
const ZodCUID2 = /*@__PURE__*/ core_core/* $constructor */.xI("ZodCUID2", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodCUID2.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cuid2(params) {
    return core._cuid2(ZodCUID2, params);
}
const ZodULID = /*@__PURE__*/ core_core/* $constructor */.xI("ZodULID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodULID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ulid(params) {
    return core._ulid(ZodULID, params);
}
const ZodXID = /*@__PURE__*/ core_core/* $constructor */.xI("ZodXID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodXID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_xid(params) {
    return core._xid(ZodXID, params);
}
const ZodKSUID = /*@__PURE__*/ core_core/* $constructor */.xI("ZodKSUID", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodKSUID.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ksuid(params) {
    return core._ksuid(ZodKSUID, params);
}
const ZodIPv4 = /*@__PURE__*/ core_core/* $constructor */.xI("ZodIPv4", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ipv4(params) {
    return core._ipv4(ZodIPv4, params);
}
const ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMAC", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    core.$ZodMAC.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_mac(params) {
    return core._mac(ZodMAC, params);
}
const ZodIPv6 = /*@__PURE__*/ core_core/* $constructor */.xI("ZodIPv6", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodIPv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_ipv6(params) {
    return core._ipv6(ZodIPv6, params);
}
const ZodCIDRv4 = /*@__PURE__*/ core_core/* $constructor */.xI("ZodCIDRv4", (inst, def) => {
    $ZodCIDRv4.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cidrv4(params) {
    return core._cidrv4(ZodCIDRv4, params);
}
const ZodCIDRv6 = /*@__PURE__*/ core_core/* $constructor */.xI("ZodCIDRv6", (inst, def) => {
    $ZodCIDRv6.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_cidrv6(params) {
    return core._cidrv6(ZodCIDRv6, params);
}
const ZodBase64 = /*@__PURE__*/ core_core/* $constructor */.xI("ZodBase64", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_base64(params) {
    return core._base64(ZodBase64, params);
}
const ZodBase64URL = /*@__PURE__*/ core_core/* $constructor */.xI("ZodBase64URL", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodBase64URL.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_base64url(params) {
    return core._base64url(ZodBase64URL, params);
}
const ZodE164 = /*@__PURE__*/ core_core/* $constructor */.xI("ZodE164", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodE164.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function schemas_e164(params) {
    return core._e164(ZodE164, params);
}
const ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCreditCard", (inst, def) => {
    core.$ZodCreditCard.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_creditCard(params) {
    return core._creditCard(ZodCreditCard, params);
}
const ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodIBAN", (inst, def) => {
    core.$ZodIBAN.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function schemas_iban(params) {
    return core._iban(ZodIBAN, params);
}
const ZodJWT = /*@__PURE__*/ core_core/* $constructor */.xI("ZodJWT", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    $ZodJWT.init(inst, def);
    ZodStringFormat.init(inst, def);
});
function jwt(params) {
    return core._jwt(ZodJWT, params);
}
const ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCustomStringFormat", (inst, def) => {
    // ZodStringFormat.init(inst, def);
    core.$ZodCustomStringFormat.init(inst, def);
    ZodStringFormat.init(inst, def);
})));
function stringFormat(format, fnOrRegex, _params = {}) {
    return core._stringFormat(ZodCustomStringFormat, format, fnOrRegex, _params);
}
function schemas_hostname(_params) {
    return core._stringFormat(ZodCustomStringFormat, "hostname", regexes.hostname, _params);
}
function schemas_hex(_params) {
    return core._stringFormat(ZodCustomStringFormat, "hex", regexes.hex, _params);
}
function schemas_currencyCode(_params) {
    return core._stringFormat(ZodCustomStringFormat, "currency_code", regexes.currencyCode, _params);
}
function hash(alg, params) {
    const enc = params?.enc ?? "hex";
    const format = `${alg}_${enc}`;
    const regex = core.regexes[format];
    if (!regex)
        throw new Error(`Unrecognized hash format: ${format}`);
    return core._stringFormat(ZodCustomStringFormat, format, regex, params);
}
const ZodNumber = /*@__PURE__*/ core_core/* $constructor */.xI("ZodNumber", (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
    inst.isFinite = true;
}, 
/*@__PURE__*/ core_util/* derived */.un({
    minValue: (inst) => {
        const { minimum, exclusiveMinimum } = aggregateChecks(inst);
        return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
        const { maximum, exclusiveMaximum } = aggregateChecks(inst);
        return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
        const { isInt, multipleOf } = aggregateChecks(inst);
        return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    int(params) {
        return this.check(schemas_int(params));
    },
    safe(params) {
        return this.check(schemas_int(params));
    },
    positive(params) {
        return this.check(_gt(0, params));
    },
    nonnegative(params) {
        return this.check(_gte(0, params));
    },
    negative(params) {
        return this.check(_lt(0, params));
    },
    nonpositive(params) {
        return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
    step(value, params) {
        return this.check(_multipleOf(value, params));
    },
    finite() {
        return this;
    },
}));
function schemas_number(params) {
    return _number(ZodNumber, params);
}
const ZodNumberFormat = /*@__PURE__*/ core_core/* $constructor */.xI("ZodNumberFormat", (inst, def) => {
    $ZodNumberFormat.init(inst, def);
    ZodNumber.init(inst, def);
});
function schemas_int(params) {
    return _int(ZodNumberFormat, params);
}
function float32(params) {
    return core._float32(ZodNumberFormat, params);
}
function float64(params) {
    return core._float64(ZodNumberFormat, params);
}
function int32(params) {
    return core._int32(ZodNumberFormat, params);
}
function uint32(params) {
    return core._uint32(ZodNumberFormat, params);
}
const ZodBoolean = /*@__PURE__*/ core_core/* $constructor */.xI("ZodBoolean", (inst, def) => {
    $ZodBoolean.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json, params);
});
function schemas_boolean(params) {
    return _boolean(ZodBoolean, params);
}
const ZodBigInt = /*@__PURE__*/ core_core/* $constructor */.xI("ZodBigInt", (inst, def) => {
    $ZodBigInt.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => bigintProcessor(inst, ctx, json, params);
}, 
/*@__PURE__*/ core_util/* derived */.un({
    minValue: (inst) => aggregateChecks(inst).minimum ?? null,
    maxValue: (inst) => aggregateChecks(inst).maximum ?? null,
    format: (inst) => aggregateChecks(inst).format ?? null,
}, {
    gte(value, params) {
        return this.check(_gte(value, params));
    },
    min(value, params) {
        return this.check(_gte(value, params));
    },
    gt(value, params) {
        return this.check(_gt(value, params));
    },
    lt(value, params) {
        return this.check(_lt(value, params));
    },
    lte(value, params) {
        return this.check(_lte(value, params));
    },
    max(value, params) {
        return this.check(_lte(value, params));
    },
    positive(params) {
        return this.check(_gt(BigInt(0), params));
    },
    negative(params) {
        return this.check(_lt(BigInt(0), params));
    },
    nonpositive(params) {
        return this.check(_lte(BigInt(0), params));
    },
    nonnegative(params) {
        return this.check(_gte(BigInt(0), params));
    },
    multipleOf(value, params) {
        return this.check(_multipleOf(value, params));
    },
}));
function schemas_bigint(params) {
    return core._bigint(ZodBigInt, params);
}
const ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodBigIntFormat", (inst, def) => {
    core.$ZodBigIntFormat.init(inst, def);
    ZodBigInt.init(inst, def);
})));
function int64(params) {
    return core._int64(ZodBigIntFormat, params);
}
function uint64(params) {
    return core._uint64(ZodBigIntFormat, params);
}
const ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSymbol", (inst, def) => {
    core.$ZodSymbol.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.symbolProcessor(inst, ctx, json, params);
})));
function symbol(params) {
    return core._symbol(ZodSymbol, params);
}
const ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodUndefined", (inst, def) => {
    core.$ZodUndefined.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.undefinedProcessor(inst, ctx, json, params);
})));
function schemas_undefined(params) {
    return core._undefined(ZodUndefined, params);
}

const ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodNull", (inst, def) => {
    core.$ZodNull.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.nullProcessor(inst, ctx, json, params);
})));
function schemas_null(params) {
    return core._null(ZodNull, params);
}

const ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodAny", (inst, def) => {
    core.$ZodAny.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.anyProcessor(inst, ctx, json, params);
})));
function any() {
    return core._any(ZodAny);
}
const ZodUnknown = /*@__PURE__*/ core_core/* $constructor */.xI("ZodUnknown", (inst, def) => {
    $ZodUnknown.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor(inst, ctx, json, params);
});
function unknown() {
    return _unknown(ZodUnknown);
}
const ZodNever = /*@__PURE__*/ core_core/* $constructor */.xI("ZodNever", (inst, def) => {
    $ZodNever.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json, params);
});
function never(params) {
    return _never(ZodNever, params);
}
const ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodVoid", (inst, def) => {
    core.$ZodVoid.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.voidProcessor(inst, ctx, json, params);
})));
function schemas_void(params) {
    return core._void(ZodVoid, params);
}

const ZodDate = /*@__PURE__*/ core_core/* $constructor */.xI("ZodDate", (inst, def) => {
    $ZodDate.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => dateProcessor(inst, ctx, json, params);
    inst.min = (value, params) => inst.check(_gte(value, params));
    inst.max = (value, params) => inst.check(_lte(value, params));
}, 
/*@__PURE__*/ core_util/* derived */.un({
    minDate: (inst) => {
        const { minimum } = aggregateChecks(inst);
        return minimum ? new Date(minimum) : null;
    },
    maxDate: (inst) => {
        const { maximum } = aggregateChecks(inst);
        return maximum ? new Date(maximum) : null;
    },
}, {}));
function schemas_date(params) {
    return core._date(ZodDate, params);
}
const ZodArray = /*@__PURE__*/ core_core/* $constructor */.xI("ZodArray", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodArray.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
    inst.element = def.element;
}, {
    min(n, params) {
        return this.check(_minLength(n, params));
    },
    nonempty(params) {
        return this.check(_minLength(1, params));
    },
    max(n, params) {
        return this.check(_maxLength(n, params));
    },
    length(n, params) {
        return this.check(_length(n, params));
    },
    unwrap() {
        return this.element;
    },
});
function array(element, params) {
    return _array(ZodArray, element, params);
}
// .keyof
function keyof(schema) {
    const shape = schema._zod.def.shape;
    return schemas_enum(Object.keys(shape));
}
const ZodObject = /*@__PURE__*/ core_core/* $constructor */.xI("ZodObject", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodObjectJIT.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
    core_util/* installLazyProp */.X(inst, "shape", (self) => self._zod.def.shape, false);
}, {
    keyof() {
        return schemas_enum(Object.keys(this._zod.def.shape));
    },
    catchall(catchall) {
        // `mergeDefs` rather than a spread: spreading reads `shape`, and resolving it can mint a whole fresh subtree
        return this.clone(core_util/* mergeDefs */.zM(this._zod.def, { catchall: catchall }));
    },
    passthrough() {
        return this.clone(core_util/* mergeDefs */.zM(this._zod.def, { catchall: unknown() }));
    },
    loose() {
        return this.clone(core_util/* mergeDefs */.zM(this._zod.def, { catchall: unknown() }));
    },
    strict() {
        return this.clone(core_util/* mergeDefs */.zM(this._zod.def, { catchall: never() }));
    },
    strip() {
        return this.clone(core_util/* mergeDefs */.zM(this._zod.def, { catchall: undefined }));
    },
    extend(incoming) {
        return core_util/* extend */.X$(this, incoming);
    },
    safeExtend(incoming) {
        return core_util/* safeExtend */.W0(this, incoming);
    },
    merge(other) {
        return core_util/* merge */.h1(this, other);
    },
    pick(mask) {
        return core_util/* pick */.Up(this, mask);
    },
    omit(mask) {
        return core_util/* omit */.cJ(this, mask);
    },
    partial(...args) {
        return core_util/* partial */.OH(ZodOptional, this, args[0]);
    },
    exactPartial(...args) {
        return core_util/* partial */.OH(ZodExactOptional, this, args[0], "exactPartial");
    },
    required(...args) {
        return core_util/* required */.mw(ZodNonOptional, this, args[0]);
    },
});
function object(shape, params) {
    const def = {
        type: "object",
        shape: shape ?? {},
        ...core_util/* normalizeParams */.A2(params),
    };
    return new ZodObject(def);
}
// strictObject
function strictObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: never(),
        ...util.normalizeParams(params),
    });
}
// looseObject
function looseObject(shape, params) {
    return new ZodObject({
        type: "object",
        shape,
        catchall: unknown(),
        ...core_util/* normalizeParams */.A2(params),
    });
}
const ZodUnion = /*@__PURE__*/ core_core/* $constructor */.xI("ZodUnion", (inst, def) => {
    $ZodUnion.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
});
function union(options, params) {
    return new ZodUnion({
        type: "union",
        options: options,
        ...core_util/* normalizeParams */.A2(params),
    });
}
const ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodXor", (inst, def) => {
    ZodUnion.init(inst, def);
    core.$ZodXor.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.unionProcessor(inst, ctx, json, params);
    inst.options = def.options;
})));
/** Creates an exclusive union (XOR) where exactly one option must match.
 * Unlike regular unions that succeed when any option matches, xor fails if
 * zero or more than one option matches the input. */
function xor(options, params) {
    return new ZodXor({
        type: "union",
        options: options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
const ZodDiscriminatedUnion = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodDiscriminatedUnion", (inst, def) => {
    ZodUnion.init(inst, def);
    core.$ZodDiscriminatedUnion.init(inst, def);
})));
function discriminatedUnion(discriminator, options, params) {
    // const [options, params] = args;
    return new ZodDiscriminatedUnion({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
const ZodIntersection = /*@__PURE__*/ core_core/* $constructor */.xI("ZodIntersection", (inst, def) => {
    $ZodIntersection.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
    return new ZodIntersection({
        type: "intersection",
        left: left,
        right: right,
    });
}
const ZodTuple = /*@__PURE__*/ core_core/* $constructor */.xI("ZodTuple", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTuple.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => tupleProcessor(inst, ctx, json, params);
}, {
    rest(rest) {
        return this.clone({
            ...this._zod.def,
            rest: rest,
        });
    },
    partial() {
        const def = this._zod.def;
        // a refinement was authored against the full arity; partialing would run it on a shorter array
        if (def.checks?.length)
            throw new Error(".partial() cannot be used on tuple schemas containing refinements");
        return this.clone({
            ...def,
            items: def.items.map((item) => new ZodOptional({ type: "optional", innerType: item })),
        });
    },
});
function tuple(items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof core.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new ZodTuple({
        type: "tuple",
        items: items,
        rest,
        ...util.normalizeParams(params),
    });
}
const ZodRecord = /*@__PURE__*/ core_core/* $constructor */.xI("ZodRecord", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodRecord.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
    // v3-compat: z.record(valueType, params?) — defaults keyType to z.string()
    if (!valueType || !valueType._zod) {
        return new ZodRecord({
            type: "record",
            keyType: schemas_string(),
            valueType: keyType,
            ...core_util/* normalizeParams */.A2(valueType),
        });
    }
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// type alksjf = core.output<core.$ZodRecordKey>;
function partialRecord(keyType, valueType, params) {
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
        partial: true,
    });
}
function looseRecord(keyType, valueType, params) {
    return new ZodRecord({
        type: "record",
        keyType,
        valueType: valueType,
        mode: "loose",
        ...util.normalizeParams(params),
    });
}
const ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMap", (inst, def) => {
    _ensureDefaultMemoizer();
    core.$ZodMap.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.mapProcessor(inst, ctx, json, params);
    inst.keyType = def.keyType;
    inst.valueType = def.valueType;
    inst.min = (...args) => inst.check(core._minSize(...args));
    inst.nonempty = (params) => inst.check(core._minSize(1, params));
    inst.max = (...args) => inst.check(core._maxSize(...args));
    inst.size = (...args) => inst.check(core._size(...args));
})));
function map(keyType, valueType, params) {
    return new ZodMap({
        type: "map",
        keyType: keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSet", (inst, def) => {
    _ensureDefaultMemoizer();
    core.$ZodSet.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.setProcessor(inst, ctx, json, params);
    inst.min = (...args) => inst.check(core._minSize(...args));
    inst.nonempty = (params) => inst.check(core._minSize(1, params));
    inst.max = (...args) => inst.check(core._maxSize(...args));
    inst.size = (...args) => inst.check(core._size(...args));
})));
function set(valueType, params) {
    return new ZodSet({
        type: "set",
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodEnum = /*@__PURE__*/ core_core/* $constructor */.xI("ZodEnum", (inst, def) => {
    $ZodEnum.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json, params);
    inst.enum = def.entries;
    // reuse the parsed value set so a numeric TS enum's reverse-mapping keys stay out
    inst.options = [...inst._zod.values];
    const keys = new Set(Object.keys(def.entries));
    inst.extract = (values, params) => {
        const newEntries = {};
        for (const value of values) {
            if (keys.has(value)) {
                newEntries[value] = def.entries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...core_util/* normalizeParams */.A2(params),
            entries: newEntries,
        });
    };
    inst.exclude = (values, params) => {
        const newEntries = { ...def.entries };
        for (const value of values) {
            if (keys.has(value)) {
                delete newEntries[value];
            }
            else
                throw new Error(`Key ${value} not found in enum`);
        }
        return new ZodEnum({
            ...def,
            checks: [],
            ...core_util/* normalizeParams */.A2(params),
            entries: newEntries,
        });
    };
});
function schemas_enum(values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    return new ZodEnum({
        type: "enum",
        entries,
        ...core_util/* normalizeParams */.A2(params),
    });
}

/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function nativeEnum(entries, params) {
    return new ZodEnum({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
const ZodLiteral = /*@__PURE__*/ core_core/* $constructor */.xI("ZodLiteral", (inst, def) => {
    $ZodLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => literalProcessor(inst, ctx, json, params);
    inst.values = new Set(def.values);
    Object.defineProperty(inst, "value", {
        get() {
            if (def.values.length > 1) {
                throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
            }
            return def.values[0];
        },
    });
});
function literal(value, params) {
    return new ZodLiteral({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...core_util/* normalizeParams */.A2(params),
    });
}
const ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodFile", (inst, def) => {
    core.$ZodFile.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.fileProcessor(inst, ctx, json, params);
    inst.min = (size, params) => inst.check(core._minSize(size, params));
    inst.max = (size, params) => inst.check(core._maxSize(size, params));
    inst.mime = (types, params) => inst.check(core._mime(Array.isArray(types) ? types : [types], params));
})));
function file(params) {
    return core._file(ZodFile, params);
}
const ZodTransform = /*@__PURE__*/ core_core/* $constructor */.xI("ZodTransform", (inst, def) => {
    _ensureDefaultMemoizer();
    $ZodTransform.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
    inst._zod.parse = (payload, _ctx) => {
        if (_ctx.direction === "backward") {
            throw new core_core/* $ZodEncodeError */.cV(inst.constructor.name);
        }
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(core_util/* issue */.sn(issue, payload.value, def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = inst);
                // _issue.continue ??= true;
                payload.issues.push(core_util/* issue */.sn(_issue));
            }
        };
        const output = def.transform(payload.value, payload);
        if (output instanceof Promise) {
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        payload.value = output;
        return payload;
    };
});
function transform(fn) {
    return new ZodTransform({
        type: "transform",
        transform: fn,
    });
}
const ZodOptional = /*@__PURE__*/ core_core/* $constructor */.xI("ZodOptional", (inst, def) => {
    $ZodOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
    return new ZodOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodExactOptional = /*@__PURE__*/ core_core/* $constructor */.xI("ZodExactOptional", (inst, def) => {
    $ZodExactOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
    return new ZodExactOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodNullable = /*@__PURE__*/ core_core/* $constructor */.xI("ZodNullable", (inst, def) => {
    $ZodNullable.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
    return new ZodNullable({
        type: "nullable",
        innerType: innerType,
    });
}
// nullish
function nullish(innerType) {
    return optional(nullable(innerType));
}
const ZodDefault = /*@__PURE__*/ core_core/* $constructor */.xI("ZodDefault", (inst, def) => {
    $ZodDefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeDefault = inst.unwrap;
});
function schemas_default(innerType, defaultValue) {
    return new ZodDefault({
        type: "default",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : core_util/* shallowClone */.yG(defaultValue);
        },
    });
}
const ZodPrefault = /*@__PURE__*/ core_core/* $constructor */.xI("ZodPrefault", (inst, def) => {
    $ZodPrefault.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
    return new ZodPrefault({
        type: "prefault",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : core_util/* shallowClone */.yG(defaultValue);
        },
    });
}
const ZodNonOptional = /*@__PURE__*/ core_core/* $constructor */.xI("ZodNonOptional", (inst, def) => {
    $ZodNonOptional.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
    return new ZodNonOptional({
        type: "nonoptional",
        innerType: innerType,
        ...core_util/* normalizeParams */.A2(params),
    });
}
const ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodSuccess", (inst, def) => {
    core.$ZodSuccess.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.successProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
})));
function success(innerType) {
    return new ZodSuccess({
        type: "success",
        innerType: innerType,
    });
}
const ZodCatch = /*@__PURE__*/ core_core/* $constructor */.xI("ZodCatch", (inst, def) => {
    $ZodCatch.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
    inst.removeCatch = inst.unwrap;
});
function schemas_catch(innerType, catchValue) {
    return new ZodCatch({
        type: "catch",
        innerType: innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : core_util/* constantCatch */.SS(catchValue)),
    });
}

const ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodNaN", (inst, def) => {
    core.$ZodNaN.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.nanProcessor(inst, ctx, json, params);
})));
function nan(params) {
    return core._nan(ZodNaN, params);
}
const ZodPipe = /*@__PURE__*/ core_core/* $constructor */.xI("ZodPipe", (inst, def) => {
    $ZodPipe.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
    inst.in = def.in;
    inst.out = def.out;
});
function pipe(in_, out) {
    return new ZodPipe({
        type: "pipe",
        in: in_,
        out: out,
        // ...util.normalizeParams(params),
    });
}
const ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodCodec", (inst, def) => {
    ZodPipe.init(inst, def);
    core.$ZodCodec.init(inst, def);
})));
function codec(in_, out, params) {
    return new ZodCodec({
        type: "pipe",
        in: in_,
        out: out,
        transform: params.decode,
        reverseTransform: params.encode,
    });
}
function invertCodec(codec) {
    const def = codec._zod.def;
    return new ZodCodec({
        type: "pipe",
        in: def.out,
        out: def.in,
        transform: def.reverseTransform,
        reverseTransform: def.transform,
    });
}
const ZodPreprocess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodPreprocess", (inst, def) => {
    ZodPipe.init(inst, def);
    core.$ZodPreprocess.init(inst, def);
})));
const ZodReadonly = /*@__PURE__*/ core_core/* $constructor */.xI("ZodReadonly", (inst, def) => {
    $ZodReadonly.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
    return new ZodReadonly({
        type: "readonly",
        innerType: innerType,
    });
}
const ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodTemplateLiteral", (inst, def) => {
    core.$ZodTemplateLiteral.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.templateLiteralProcessor(inst, ctx, json, params);
})));
function templateLiteral(parts, params) {
    return new ZodTemplateLiteral({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
const ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodLazy", (inst, def) => {
    core.$ZodLazy.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.lazyProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.getter();
})));
function lazy(getter) {
    return new ZodLazy({
        type: "lazy",
        getter: getter,
    });
}
const ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodPromise", (inst, def) => {
    core.$ZodPromise.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.promiseProcessor(inst, ctx, json, params);
    inst.unwrap = () => inst._zod.def.innerType;
})));
function promise(innerType) {
    return new ZodPromise({
        type: "promise",
        innerType: innerType,
    });
}
const ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodFunction", (inst, def) => {
    core.$ZodFunction.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => processors.functionProcessor(inst, ctx, json, params);
})));
function _function(params) {
    return new ZodFunction({
        type: "function",
        input: Array.isArray(params?.input) ? tuple(params?.input) : (params?.input ?? array(unknown())),
        output: params?.output ?? unknown(),
    });
}

const ZodCustom = /*@__PURE__*/ core_core/* $constructor */.xI("ZodCustom", (inst, def) => {
    $ZodCustom.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
// custom checks
function check(fn) {
    const ch = new core.$ZodCheck({
        check: "custom",
        // ...util.normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
function custom(fn, _params) {
    return core._custom(ZodCustom, fn ?? (() => true), _params);
}
function refine(fn, _params = {}) {
    return _refine(ZodCustom, fn, _params);
}
// superRefine
function superRefine(fn, params) {
    return _superRefine(fn, params);
}
// Re-export describe and meta from core
const schemas_describe = describe;
const schemas_meta = meta;
const ZodInstanceOf = /*@__PURE__*/ core_core/* $constructor */.xI("ZodInstanceOf", (inst, def) => {
    ZodCustom.init(inst, def);
}, {
    properties(shape, params) {
        // asserts in place, so the narrowed output type is truthful without a wrapper
        return this.check(_properties(shape, params));
    },
});
function _instanceof(cls, params = {}) {
    const inst = new ZodInstanceOf({
        type: "custom",
        check: "custom",
        fn: (data) => data instanceof cls,
        abort: true,
        ...util.normalizeParams(params),
    });
    inst._zod.bag.Class = cls;
    // Override check to emit invalid_type instead of custom
    inst._zod.check = (payload) => {
        if (!(payload.value instanceof cls)) {
            payload.issues.push({
                code: "invalid_type",
                expected: cls.name,
                input: payload.value,
                inst,
                path: [...(inst._zod.def.path ?? [])],
            });
        }
    };
    return inst;
}

// stringbool
const stringbool = (...args) => core._stringbool({
    Codec: ZodCodec,
    Boolean: ZodBoolean,
    String: ZodString,
}, ...args);
function json(params) {
    const jsonSchema = lazy(() => {
        return union([schemas_string(params), schemas_number(), schemas_boolean(), schemas_null(), array(jsonSchema), record(schemas_string(), jsonSchema)]);
    });
    return jsonSchema;
}
// preprocess
function preprocess(fn, schema) {
    return new ZodPreprocess({
        type: "pipe",
        in: transform(fn),
        out: schema,
    });
}


/***/ }),

/***/ 8532:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $W: () => (/* binding */ config),
/* harmony export */   GT: () => (/* binding */ $ZodAsyncError),
/* harmony export */   cV: () => (/* binding */ $ZodEncodeError),
/* harmony export */   cr: () => (/* binding */ globalConfig),
/* harmony export */   tm: () => (/* binding */ NEVER),
/* harmony export */   xI: () => (/* binding */ $constructor)
/* harmony export */ });
/* unused harmony export $brand */
/* harmony import */ var _util_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(4723);
var _a;

/** A special constant with type `never` */
const NEVER = /*@__PURE__*/ Object.freeze({
    status: "aborted",
});
/* Shared descriptor for installing `_zod`; defineProperty reads it
 * synchronously, so reusing one object avoids a per-instance allocation. */
const _zodDesc = { value: undefined, enumerable: false };
// null where suppressing the capture would be unrecoverable: `parse()` puts the frames back with `captureStackTrace`, so without it the throw would lose its stack. also latched to null once `stackTraceLimit` proves unassignable, which a realm can do at any point by hardening Error
let _E = "captureStackTrace" in Error ? Error : null;
// v8 captures a stack trace inside the Error constructor, which dominates a failed parse; costs only the frames, and parse() restores those. the constructor must RUN: Object.create is cheaper and passes instanceof, but Error.isError and util.types.isNativeError check an internal slot
function newError(Definition) {
    const E = _E;
    if (E) {
        const saved = E.stackTraceLimit;
        if (typeof saved === "number") {
            try {
                E.stackTraceLimit = 0;
            }
            catch {
                _E = null;
                return new Definition();
            }
            try {
                return new Definition();
            }
            finally {
                E.stackTraceLimit = saved;
            }
        }
    }
    return new Definition();
}
function $constructor(name, initializer, 
/** This trait's members, installed once on every prototype that composes it. They cannot be declared in the initializer above: that runs per instance, and the prototype is shared. */
proto, params) {
    // Prototype for this constructor's `_zod` internals. Lazily-derived fields (`values`, `pattern`, `optin`, …) install here once rather than as an accessor on every instance.
    const zodProto = {};
    // Assigning the fields in the constructor body is what gives instances in-object slots; building the object literally and reparenting it costs a second allocation and a generic property copy.
    function Internals(def) {
        this.def = def;
        this.constr = _;
        this.traits = new Set();
    }
    Internals.prototype = zodProto;
    const protoMembers = proto;
    // One trait's members land on every prototype whose chain composes it, so the answer is per prototype rather than per trait.
    const initialized = protoMembers && new WeakSet();
    function init(inst, def) {
        if (!inst._zod) {
            _zodDesc.value = new Internals(def);
            try {
                Object.defineProperty(inst, "_zod", _zodDesc);
            }
            finally {
                // Cleared even on throw, so the shared descriptor never leaks one instance's internals into the next.
                _zodDesc.value = undefined;
            }
        }
        else if (inst._zod.traits.has(name)) {
            return;
        }
        inst._zod.traits.add(name);
        initializer(inst, def);
        if (initialized) {
            // `super(def)` from a user subclass gives `this` a prototype the subclass owns, and installing there would overwrite whatever the subclass declared. `constr` built the instance, so its prototype is the one below the subclass's that should carry the members. A receiver whose chain never reaches that prototype installs on its own, which for a plain object handed straight to `init` means `Object.prototype` — unchanged from before.
            const own = Object.getPrototypeOf(inst);
            const ctorProto = inst._zod.constr.prototype;
            let up = own;
            while (up && up !== ctorProto)
                up = Object.getPrototypeOf(up);
            const target = up ?? own;
            if (!initialized.has(target)) {
                initialized.add(target);
                (0,_util_js__WEBPACK_IMPORTED_MODULE_0__/* .members */ .ol)(target, protoMembers);
            }
        }
        // support prototype modifications; for-in avoids the array allocation of Object.keys on the (usually empty) prototype
        const proto = _.prototype;
        for (const k in proto) {
            if (!Object.prototype.hasOwnProperty.call(proto, k))
                continue;
            if (!(k in inst)) {
                inst[k] = proto[k].bind(inst);
            }
        }
    }
    // doesn't work if Parent has a constructor with arguments
    const Parent = params?.Parent ?? Object;
    class Definition extends Parent {
    }
    Object.defineProperty(Definition, "name", { value: name });
    function _(def) {
        const inst = params?.Parent ? newError(Definition) : this;
        init(inst, def);
        const deferred = inst._zod.deferred;
        if (deferred) {
            for (const fn of deferred) {
                fn();
            }
            // Released: initializers run once, and the list would otherwise be retained for the schema's lifetime.
            inst._zod.deferred = undefined;
        }
        // Global post-processor hook. Internal: installed by `import "zod/compile"` to enable AOT compilation for every constructed schema. Runs last, once the instance is fully built, because it hands the instance to compile(). The post-processor is expected to be reentrancy-guarded by its own implementation.
        const pp = globalThis.__zod_globalConfig?.postProcessor;
        if (pp)
            pp(inst);
        return inst;
    }
    Object.defineProperty(_, "init", { value: init });
    Object.defineProperty(_, Symbol.hasInstance, {
        value: (inst) => {
            if (params?.Parent && inst instanceof params.Parent)
                return true;
            return inst?._zod?.traits?.has(name);
        },
    });
    Object.defineProperty(_, "name", { value: name });
    return _;
}
//////////////////////////////   UTILITIES   ///////////////////////////////////////
const $brand = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("zod_brand")));
class $ZodAsyncError extends Error {
    constructor() {
        super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
    }
}
class $ZodEncodeError extends Error {
    constructor(name) {
        super(`Encountered unidirectional transform during encode: ${name}`);
        this.name = "ZodEncodeError";
    }
}
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
const globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
    if (newConfig)
        Object.assign(globalConfig, newConfig);
    return globalConfig;
}


/***/ }),

/***/ 4723:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   A2: () => (/* binding */ normalizeParams),
/* harmony export */   B7: () => (/* binding */ stringifyPrimitive),
/* harmony export */   GW: () => (/* binding */ parsedType),
/* harmony export */   Gv: () => (/* binding */ isObject),
/* harmony export */   LG: () => (/* binding */ floatSafeRemainder),
/* harmony export */   MO: () => (/* binding */ rawShape),
/* harmony export */   NM: () => (/* binding */ optionalKeys),
/* harmony export */   NR: () => (/* binding */ BIGINT_FORMAT_RANGES),
/* harmony export */   O7: () => (/* binding */ codePointLength),
/* harmony export */   OH: () => (/* binding */ partial),
/* harmony export */   PO: () => (/* binding */ cached),
/* harmony export */   QH: () => (/* binding */ aborted),
/* harmony export */   Qd: () => (/* binding */ isPlainObject),
/* harmony export */   Rc: () => (/* binding */ getLengthableOrigin),
/* harmony export */   SS: () => (/* binding */ constantCatch),
/* harmony export */   UQ: () => (/* binding */ esc),
/* harmony export */   Up: () => (/* binding */ pick),
/* harmony export */   Vy: () => (/* binding */ assignProp),
/* harmony export */   W0: () => (/* binding */ safeExtend),
/* harmony export */   X: () => (/* binding */ installLazyProp),
/* harmony export */   X$: () => (/* binding */ extend),
/* harmony export */   Yv: () => (/* binding */ slugify),
/* harmony export */   cJ: () => (/* binding */ omit),
/* harmony export */   cl: () => (/* binding */ nullish),
/* harmony export */   d3: () => (/* binding */ attachSchema),
/* harmony export */   gx: () => (/* binding */ captureStackTrace),
/* harmony export */   h1: () => (/* binding */ merge),
/* harmony export */   hI: () => (/* binding */ allowsEval),
/* harmony export */   hi: () => (/* binding */ sizeCaps),
/* harmony export */   iR: () => (/* binding */ finalizeIssue),
/* harmony export */   jD: () => (/* binding */ hide),
/* harmony export */   jw: () => (/* binding */ joinValues),
/* harmony export */   k8: () => (/* binding */ jsonStringifyReplacer),
/* harmony export */   lQ: () => (/* binding */ prefixIssues),
/* harmony export */   mw: () => (/* binding */ required),
/* harmony export */   o8: () => (/* binding */ clone),
/* harmony export */   ol: () => (/* binding */ members),
/* harmony export */   p6: () => (/* binding */ cleanRegex),
/* harmony export */   qQ: () => (/* binding */ propertyKeyTypes),
/* harmony export */   qh: () => (/* binding */ own),
/* harmony export */   rL: () => (/* binding */ explicitlyAborted),
/* harmony export */   sD: () => (/* binding */ escapeRegex),
/* harmony export */   sn: () => (/* binding */ issue),
/* harmony export */   un: () => (/* binding */ derived),
/* harmony export */   v5: () => (/* binding */ defineLazyInternal),
/* harmony export */   w5: () => (/* binding */ getEnumValues),
/* harmony export */   yG: () => (/* binding */ shallowClone),
/* harmony export */   zH: () => (/* binding */ NUMBER_FORMAT_RANGES),
/* harmony export */   zM: () => (/* binding */ mergeDefs)
/* harmony export */ });
/* unused harmony exports assertEqual, assertNotEqual, toZod, assertIs, assertNever, assert, defineLazy, objectClone, cloneDef, getElementAtPath, promiseAllObject, randomString, numKeys, getParsedType, primitiveTypes, createTransparentProxy, unwrapMessage, getSizableOrigin, cleanEnum, base64ToUint8Array, uint8ArrayToBase64, base64urlToUint8Array, uint8ArrayToBase64url, hexToUint8Array, uint8ArrayToHex, Class, CONSTANT_CATCH */
/* harmony import */ var _core_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8532);

// functions
function assertEqual(val) {
    return val;
}
function assertNotEqual(val) {
    return val;
}
function toZod() {
    return (schema) => schema;
}
function assertIs(_arg) { }
function assertNever(_x) {
    throw new Error("Unexpected value in exhaustive check");
}
function assert(_) { }
function getEnumValues(entries) {
    const numericValues = Object.values(entries).filter((v) => typeof v === "number");
    const values = Object.entries(entries)
        .filter(([k, _]) => numericValues.indexOf(+k) === -1)
        .map(([_, v]) => v);
    return values;
}
function joinValues(array, separator = "|") {
    return array.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
    if (typeof value === "bigint")
        return value.toString();
    return value;
}
// the accessor lives on a shared prototype: an own accessor makes every box a dictionary-mode object (~360 B and a slow load per read against ~100 B and an inlined getter here)
class Cached {
    constructor(getter) {
        this._getter = getter;
        this._value = undefined;
    }
    get value() {
        const getter = this._getter;
        if (getter !== undefined) {
            this._value = getter();
            this._getter = undefined;
        }
        return this._value;
    }
}
function cached(getter) {
    return new Cached(getter);
}
function nullish(input) {
    return input === null || input === undefined;
}
function cleanRegex(source) {
    const start = source.startsWith("^") ? 1 : 0;
    const end = source.endsWith("$") ? source.length - 1 : source.length;
    return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
    const ratio = val / step;
    const roundedRatio = Math.round(ratio);
    // `val` and `step` each round to a double before the division rounds again, so a true decimal multiple's quotient can sit up to 1.5 of these scaled epsilons from the integer. A 1x tolerance therefore rejected 2.03 as a multiple of 0.07; 4x covers the worst case with margin.
    const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
    if (Math.abs(ratio - roundedRatio) < tolerance)
        return 0;
    return ratio - roundedRatio;
}
const EVALUATING = /* @__PURE__*/ (/* unused pure expression or super */ null && (Symbol("evaluating")));
function defineLazy(object, key, getter) {
    let value = undefined;
    Object.defineProperty(object, key, {
        get() {
            if (value === EVALUATING) {
                // Circular reference detected, return undefined to break the cycle
                return undefined;
            }
            if (value === undefined) {
                value = EVALUATING;
                value = getter();
            }
            return value;
        },
        set(v) {
            Object.defineProperty(object, key, {
                value: v,
                // configurable: true,
            });
            // object[key] = v;
        },
        configurable: true,
    });
}
function objectClone(obj) {
    return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function assignProp(target, prop, value) {
    Object.defineProperty(target, prop, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
    });
}
/**
 * Whichever object a def's `shape` currently answers from: the one the caller passed until the first read, the frozen copy after it.
 *
 * Its keys and descriptors read without invoking anything, which is what lets a discriminated union check its discriminator, and the cycle walk read a shape, without resolving a getter that references the schema being constructed. A def that answers `shape` from an accessor of its own has none.
 */
function rawShape(def) {
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    return desc?.get ? desc.get.raw : desc?.value;
}
// where a builder reads its source's keys and descriptors, resolving only a shape a def answers for itself. A shape resolves by object spread, so only its enumerable keys are ever part of it.
function sourceShape(schema) {
    return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
// a key whose value is not settled yet, self-caching so every read after the first gets the same one
function deferProp(target, key, getter) {
    Object.defineProperty(target, key, {
        get() {
            const value = getter();
            assignProp(this, key, value);
            return value;
        },
        enumerable: true,
        configurable: true,
    });
}
// Writes a settled key. A plain assignment is much cheaper than `defineProperty` and produces the same descriptor, but it runs whatever setter already answers to the key — an accessor this shape deferred, or an inherited one, which `__proto__` has on every object and prototype pollution can add for any name.
function putProp(target, key, value) {
    if (key in target)
        assignProp(target, key, value);
    else
        target[key] = value;
}
/**
 * Copies `keys` of `source`'s shape onto `target`, each value passed through `wrap`.
 *
 * A key the source has resolved is copied through now, so the derived shape states it outright and nothing has to resolve it to learn what it holds. A key the source still defers stays deferred, and reads back through the source's own `shape`, so it resolves once and both shapes get that one schema.
 */
function mirrorShape(target, source, keys, wrap) {
    const raw = sourceShape(source);
    for (const key of keys) {
        const desc = Object.getOwnPropertyDescriptor(raw, key);
        if (!desc.enumerable)
            continue;
        if (desc.get) {
            deferProp(target, key, () => {
                const value = source._zod.def.shape[key];
                return wrap ? wrap(value, key) : value;
            });
        }
        else
            putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
    }
}
// same, for a plain shape a caller passed rather than a schema's
function mirrorProps(target, source) {
    for (const key of Reflect.ownKeys(source)) {
        const desc = Object.getOwnPropertyDescriptor(source, key);
        if (!desc.enumerable)
            continue;
        if (desc.get)
            deferProp(target, key, () => source[key]);
        else
            putProp(target, key, desc.value);
    }
}
function mergeDefs(...defs) {
    const mergedDescriptors = {};
    for (const def of defs) {
        const descriptors = Object.getOwnPropertyDescriptors(def);
        Object.assign(mergedDescriptors, descriptors);
    }
    return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
    return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
    if (!path)
        return obj;
    return path.reduce((acc, key) => acc?.[key], obj);
}
function promiseAllObject(promisesObj) {
    const keys = Object.keys(promisesObj);
    const promises = keys.map((key) => promisesObj[key]);
    return Promise.all(promises).then((results) => {
        const resolvedObj = {};
        for (let i = 0; i < keys.length; i++) {
            resolvedObj[keys[i]] = results[i];
        }
        return resolvedObj;
    });
}
function randomString(length = 10) {
    const chars = "abcdefghijklmnopqrstuvwxyz";
    let str = "";
    for (let i = 0; i < length; i++) {
        str += chars[Math.floor(Math.random() * chars.length)];
    }
    return str;
}
function esc(str) {
    return JSON.stringify(str);
}
function slugify(input) {
    return input
        .toLowerCase()
        .trim()
        .replace(/[^\w\s-]/g, "")
        .replace(/[\s_-]+/g, "-")
        .replace(/^-+|-+$/g, "");
}
const captureStackTrace = ("captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => { });
function isObject(data) {
    return typeof data === "object" && data !== null && !Array.isArray(data);
}
const allowsEval = /* @__PURE__*/ cached(() => {
    // Skip the probe under `jitless`: strict CSPs report the caught `new Function` as a `securitypolicyviolation` even though the throw is swallowed.
    if (_core_js__WEBPACK_IMPORTED_MODULE_0__/* .globalConfig */ .cr.jitless) {
        return false;
    }
    // @ts-ignore
    if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
        return false;
    }
    try {
        const F = Function;
        new F("");
        return true;
    }
    catch (_) {
        return false;
    }
});
function isPlainObject(o) {
    if (isObject(o) === false)
        return false;
    // modified constructor
    const ctor = o.constructor;
    if (ctor === undefined)
        return true;
    if (typeof ctor !== "function")
        return true;
    // modified prototype
    const prot = ctor.prototype;
    if (isObject(prot) === false)
        return false;
    // ctor doesn't have static `isPrototypeOf`
    if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
        return false;
    }
    return true;
}
function shallowClone(o) {
    if (isPlainObject(o))
        return { ...o };
    if (Array.isArray(o))
        return [...o];
    if (o instanceof Map)
        return new Map(o);
    if (o instanceof Set)
        return new Set(o);
    return o;
}
function numKeys(data) {
    let keyCount = 0;
    for (const key in data) {
        if (Object.prototype.hasOwnProperty.call(data, key)) {
            keyCount++;
        }
    }
    return keyCount;
}
const getParsedType = (data) => {
    const t = typeof data;
    switch (t) {
        case "undefined":
            return "undefined";
        case "string":
            return "string";
        case "number":
            return Number.isNaN(data) ? "nan" : "number";
        case "boolean":
            return "boolean";
        case "function":
            return "function";
        case "bigint":
            return "bigint";
        case "symbol":
            return "symbol";
        case "object":
            if (Array.isArray(data)) {
                return "array";
            }
            if (data === null) {
                return "null";
            }
            if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
                return "promise";
            }
            if (typeof Map !== "undefined" && data instanceof Map) {
                return "map";
            }
            if (typeof Set !== "undefined" && data instanceof Set) {
                return "set";
            }
            if (typeof Date !== "undefined" && data instanceof Date) {
                return "date";
            }
            // @ts-ignore
            if (typeof File !== "undefined" && data instanceof File) {
                return "file";
            }
            return "object";
        default:
            throw new Error(`Unknown data type: ${t}`);
    }
};
const propertyKeyTypes = /* @__PURE__*/ new Set(["string", "number", "symbol"]);
const primitiveTypes = /* @__PURE__*/ new Set([
    "string",
    "number",
    "bigint",
    "boolean",
    "symbol",
    "undefined",
]);
function escapeRegex(str) {
    return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
// zod-specific utils
function clone(inst, def, params) {
    const cl = new inst._zod.constr(def ?? inst._zod.def);
    if (!def || params?.parent)
        cl._zod.parent = inst;
    return cl;
}
function normalizeParams(_params) {
    const params = _params;
    if (!params)
        return {};
    if (typeof params === "string")
        return { error: () => params };
    if (params?.message !== undefined) {
        if (params?.error !== undefined)
            throw new Error("Cannot specify both `message` and `error` params");
        params.error = params.message;
    }
    delete params.message;
    if (typeof params.error === "string")
        return { ...params, error: () => params.error };
    return params;
}
function createTransparentProxy(getter) {
    let target;
    return new Proxy({}, {
        get(_, prop, receiver) {
            target ?? (target = getter());
            return Reflect.get(target, prop, receiver);
        },
        set(_, prop, value, receiver) {
            target ?? (target = getter());
            return Reflect.set(target, prop, value, receiver);
        },
        has(_, prop) {
            target ?? (target = getter());
            return Reflect.has(target, prop);
        },
        deleteProperty(_, prop) {
            target ?? (target = getter());
            return Reflect.deleteProperty(target, prop);
        },
        ownKeys(_) {
            target ?? (target = getter());
            return Reflect.ownKeys(target);
        },
        getOwnPropertyDescriptor(_, prop) {
            target ?? (target = getter());
            return Reflect.getOwnPropertyDescriptor(target, prop);
        },
        defineProperty(_, prop, descriptor) {
            target ?? (target = getter());
            return Reflect.defineProperty(target, prop, descriptor);
        },
    });
}
function stringifyPrimitive(value) {
    if (typeof value === "bigint")
        return value.toString() + "n";
    if (typeof value === "string")
        return `"${value}"`;
    return `${value}`;
}
function optionalKeys(shape) {
    return Object.keys(shape).filter((k) => {
        return shape[k]._zod.optin !== undefined && shape[k]._zod.optout === "optional";
    });
}
// Wrapped in a `@__PURE__` IIFE: esbuild never tree-shakes a top-level initializer that contains a member access on `Number`, so the bare object literal survived into every bundle.
const NUMBER_FORMAT_RANGES = /*@__PURE__*/ (() => ({
    safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    int32: [-2147483648, 2147483647],
    uint32: [0, 4294967295],
    float32: [-3.4028234663852886e38, 3.4028234663852886e38],
    float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
}))();
const BIGINT_FORMAT_RANGES = {
    int64: [/* @__PURE__*/ BigInt("-9223372036854775808"), /* @__PURE__*/ BigInt("9223372036854775807")],
    uint64: [/* @__PURE__*/ BigInt(0), /* @__PURE__*/ BigInt("18446744073709551615")],
};
function pick(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".pick() cannot be used on object schemas containing refinements");
    }
    const newShape = {};
    mirrorShape(newShape, schema, maskedKeys(schema, mask));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
// the mask keys that select something, checked against the source's shape without resolving it
function maskedKeys(schema, mask) {
    const raw = sourceShape(schema);
    const keys = [];
    // `for...in` skips symbols, so a symbol in the mask would select nothing
    for (const key of Reflect.ownKeys(mask)) {
        if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
            throw new Error(`Unrecognized key: "${String(key)}"`);
        }
        if (mask[key])
            keys.push(key);
    }
    return keys;
}
function omit(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".omit() cannot be used on object schemas containing refinements");
    }
    const omitted = new Set(maskedKeys(schema, mask));
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to extend: expected a plain object");
    }
    const checks = schema._zod.def.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        // Only throw if new shape overlaps with existing shape. Use getOwnPropertyDescriptor to check key existence without accessing values
        const existingShape = sourceShape(schema);
        for (const key of Reflect.ownKeys(shape)) {
            if (Object.getOwnPropertyDescriptor(existingShape, key) !== undefined) {
                throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
            }
        }
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
// the source's keys, then the caller's overlaid on top
function extended(schema, shape) {
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
    mirrorProps(newShape, shape);
    return newShape;
}
function safeExtend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to safeExtend: expected a plain object");
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
    if (!b?._zod?.def) {
        throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
    }
    if (a._zod.def.checks?.length) {
        throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
    }
    const newShape = {};
    mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
    mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
    const def = mergeDefs(a._zod.def, {
        shape: newShape,
        get catchall() {
            return b._zod.def.catchall;
        },
        checks: b._zod.def.checks ?? [],
    });
    return clone(a, def);
}
function partial(Class, schema, mask, name = "partial") {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
    }
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class &&
        ((value, key) => (selected && !selected.has(key) ? value : new Class({ type: "optional", innerType: value }))));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class, schema, mask) {
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => 
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class({ type: "nonoptional", innerType: value }));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
// invalid_type | too_big | too_small | invalid_format | not_multiple_of | unrecognized_keys | invalid_union | invalid_key | invalid_element | invalid_value | custom
function aborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue !== true) {
            return true;
        }
    }
    return false;
}
// Checks for explicit abort (continue === false), as opposed to implicit abort (continue === undefined). Used to respect `abort: true` in .refine() even for checks that have a `when` function.
function explicitlyAborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue === false) {
            return true;
        }
    }
    return false;
}
function prefixIssues(path, issues) {
    return issues.map((iss) => {
        var _a;
        (_a = iss).path ?? (_a.path = []);
        iss.path.unshift(path);
        return iss;
    });
}
function unwrapMessage(message) {
    return typeof message === "string" ? message : message?.message;
}
/* A check holds no link back to the schema it is attached to — the same check instance is shared by every clone of that schema — so the owner is stamped onto the issues a check just raised, at the only point where both are in scope. Runs on the failure path only; `start` is the issue count from before the check ran. */
/** The leading size checks of `defChecks` that set an upper bound, each paired with it. */
function sizeCaps(defChecks) {
    const caps = [];
    for (const ch of defChecks ?? []) {
        const d = ch._zod.def;
        // a later check may rewrite the value
        if (!/_(length|size)$|_equals$/.test(d.check))
            break;
        const max = d.maximum ?? d.length ?? d.size;
        if (max >= 0)
            caps.push([max, ch]);
    }
    return caps;
}
function attachSchema(issues, start, inst) {
    var _a;
    for (let i = start; i < issues.length; i++) {
        (_a = issues[i]).schema ?? (_a.schema = inst);
    }
}
function finalizeIssue(iss, ctx, config) {
    var _a;
    // A schema that raised an issue itself owns it outright, and outranks any stamp an enclosing check left in `attachSchema`. String formats and z.custom() are schema and check at once, so when they act as a check they defer to that stamp instead.
    const traits = iss.inst?._zod?.traits;
    if (traits?.has("$ZodType")) {
        if (traits.has("$ZodCheck"))
            (_a = iss).schema ?? (_a.schema = iss.inst);
        else
            iss.schema = iss.inst;
    }
    // Decreasing specificity, first map to return a message wins. `inst` is whatever raised the issue, so a check's own map outranks the owning schema's.
    const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : undefined;
    const message = iss.message
        ? iss.message
        : (unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ??
            unwrapMessage(schemaError?.(iss)) ??
            unwrapMessage(ctx?.error?.(iss)) ??
            unwrapMessage(config.customError?.(iss)) ??
            unwrapMessage(config.localeError?.(iss)) ??
            "Invalid input");
    // an explicit own-key copy beats object rest with excluded keys, which v8 routes through a generic runtime call; Object.keys rather than for-in so an issue pushed with a prototype does not leak inherited keys, and an own __proto__ key is dropped rather than assigned through the setter
    const full = {};
    for (const k of Object.keys(iss)) {
        if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
            continue;
        full[k] = iss[k];
    }
    full.path ?? (full.path = []);
    full.message = message;
    if (ctx?.reportInput) {
        full.input = iss.input;
    }
    return full;
}
function getSizableOrigin(input) {
    if (input instanceof Set)
        return "set";
    if (input instanceof Map)
        return "map";
    // @ts-ignore
    if (input instanceof File)
        return "file";
    return "unknown";
}
const highSurrogate = /[\uD800-\uDBFF]/;
// Code points in `str`: a surrogate pair counts once, a lone surrogate as itself. Hand-rolled because the string iterator allocates and runs ~250x slower on this path; the regex probe exits ~50x quicker for a string with no astral characters.
function codePointLength(str) {
    const units = str.length;
    if (!highSurrogate.test(str))
        return units;
    let count = units;
    for (let i = 0; i < units - 1; i++) {
        if ((str.charCodeAt(i) & 0xfc00) === 0xd800 && (str.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            count--;
            i++;
        }
    }
    return count;
}
function getLengthableOrigin(input) {
    if (Array.isArray(input))
        return "array";
    if (typeof input === "string")
        return "string";
    return "unknown";
}
function parsedType(data) {
    const t = typeof data;
    switch (t) {
        case "number": {
            return Number.isNaN(data) ? "nan" : "number";
        }
        case "object": {
            if (data === null) {
                return "null";
            }
            if (Array.isArray(data)) {
                return "array";
            }
            const obj = data;
            if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
                return obj.constructor.name;
            }
        }
    }
    return t;
}
function issue(...args) {
    const [iss, input, inst] = args;
    if (typeof iss === "string") {
        return {
            message: iss,
            code: "custom",
            input,
            inst,
        };
    }
    return { ...iss };
}
function cleanEnum(obj) {
    return Object.entries(obj)
        .filter(([k, _]) => {
        // return true if NaN, meaning it's not a number, thus a string key
        return Number.isNaN(Number.parseInt(k, 10));
    })
        .map((el) => el[1]);
}
// Codec utility functions
function base64ToUint8Array(base64) {
    const binaryString = atob(base64);
    const bytes = new Uint8Array(binaryString.length);
    for (let i = 0; i < binaryString.length; i++) {
        bytes[i] = binaryString.charCodeAt(i);
    }
    return bytes;
}
function uint8ArrayToBase64(bytes) {
    let binaryString = "";
    for (let i = 0; i < bytes.length; i++) {
        binaryString += String.fromCharCode(bytes[i]);
    }
    return btoa(binaryString);
}
function base64urlToUint8Array(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const padding = "=".repeat((4 - (base64.length % 4)) % 4);
    return base64ToUint8Array(base64 + padding);
}
function uint8ArrayToBase64url(bytes) {
    return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
    const cleanHex = hex.replace(/^0x/, "");
    if (cleanHex.length % 2 !== 0) {
        throw new Error("Invalid hex string length");
    }
    const bytes = new Uint8Array(cleanHex.length / 2);
    for (let i = 0; i < cleanHex.length; i += 2) {
        bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
    }
    return bytes;
}
function uint8ArrayToHex(bytes) {
    return Array.from(bytes)
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
}
// instanceof
class Class {
    constructor(..._args) { }
}
//////////    PROTOTYPE INSTALLERS     //////////
//
// Members live on the prototype and materialize per instance on first read, which keeps own-property count under the step where V8 stops using inline slots. Changing anything here means re-measuring runtime, memory and bundle size together — see "The three axes" in AGENTS.md.
/**
 * Installs a trait's members on its prototype. Each value builds that member for the instance on first read; the built value shadows the accessor as an own property, so a detached `const { parse } = schema` keeps working.
 *
 * Call this from a `proto` initializer, which runs once per prototype — never per instance.
 */
function members(proto, table) {
    for (const key in table) {
        const desc = Object.getOwnPropertyDescriptor(table, key);
        // a getter installs as written, so it stays live: `description` reads through to the registry on every access. not enumerable: an object literal's is, and a prototype member never was
        if (desc.get)
            Object.defineProperty(proto, key, { ...desc, enumerable: false });
        // a method materializes bound on first read, which is what keeps a detached member working: `const opt = schema.optional; opt()`
        else
            defineBound(proto, key, desc.value);
    }
}
/** Shadows a prototype member with an own value, so a getter that builds from the instance runs once. */
function own(inst, key, value, enumerable = true) {
    Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
    return value;
}
/** Like {@link own}, for a member that was never an own data property and has to stay out of `Object.keys`. */
function hide(inst, key, value) {
    return own(inst, key, value, false);
}
/** Adds members a table derives from the instance: each builds on first read and shadows as own data, and assignment shadows the same way, as when these were own properties. */
function derived(computes, table) {
    for (const key in computes) {
        const compute = computes[key];
        // an object literal's accessor is configurable and enumerable, and `members` copies the descriptor as written
        Object.defineProperty(table, key, {
            configurable: true,
            enumerable: true,
            get() {
                return own(this, key, compute(this));
            },
            set(value) {
                own(this, key, value);
            },
        });
    }
    return table;
}
function defineBound(proto, key, fn) {
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // vitest's spyOn calls a prototype getter bare to find the function it wraps, so a nullish receiver answers the raw method
            return this == null ? fn : own(this, key, fn.bind(this));
        },
        set(value) {
            own(this, key, value);
        },
    });
}
/** Returns the prototype to install on, or `undefined` if this group is already installed on it. */
function claim(inst, sentinel) {
    const proto = Object.getPrototypeOf(inst);
    // Runs on every construction, so `in` rather than the costlier `hasOwnProperty.call`. Sentinels are keys the group itself defines.
    return sentinel in proto ? undefined : proto;
}
// The internals whose init chain is installing. A second call for the same one is a derived constructor overriding its base, so it must not construct another schema in between or the override is dropped.
let installing;
// Set while a getter is running, so a value that resolved through a recursion break is not memoized. One shared descriptor shadows the key for the duration, which costs no per-key allocation.
let broke = false;
const breaker = {
    configurable: true,
    get() {
        broke = true;
        return undefined;
    },
};
/**
 * Installs a lazily-derived internal on the `_zod` prototype of `inst`'s
 * constructor, computed from the internals object itself and cached there on
 * first read. One accessor per constructor rather than one per instance.
 */
function defineLazyInternal(inst, key, compute) {
    const proto = Object.getPrototypeOf(inst._zod);
    if (key in proto && installing !== inst._zod) {
        // A repeat construction: everything is installed already. Cleared here so the reference is not held past the first construction of every type.
        installing = undefined;
        return;
    }
    installing = inst._zod;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing so a re-entrant read from a recursive schema resolves to undefined instead of running the getter again.
            Object.defineProperty(this, key, breaker);
            const outer = broke;
            broke = false;
            try {
                const value = compute(this);
                // A result that resolved through a recursion break is recomputed once the graph is complete; everything else memoizes, undefined included.
                if (broke)
                    delete this[key];
                else
                    Object.defineProperty(this, key, { configurable: true, writable: true, value });
                broke = broke || outer;
                return value;
            }
            catch (err) {
                // A compute that threw memoizes nothing, so a later read runs it again and fails the same way. The shadow goes with it, since leaving it installed would answer undefined for every later read.
                delete this[key];
                broke = broke || outer;
                throw err;
            }
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, value });
        },
    });
}
/**
 * Installs `key` on `inst`'s prototype, computed by `make` on first read and cached there as an own
 * data property. One accessor per constructor rather than one per instance, because an own accessor
 * puts every instance after the first into v8 dictionary mode. The key doubles as the sentinel.
 */
function installLazyProp(inst, key, make, enumerable) {
    const proto = claim(inst, key);
    if (!proto)
        return;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing, so a re-entrant read from a self-referential shape resolves to undefined instead of running the getter again. A data property rather than an accessor: an own accessor is the dictionary-mode transition this exists to avoid.
            const desc = { configurable: true, writable: true, enumerable, value: undefined };
            Object.defineProperty(this, key, desc);
            // a compute that throws leaves the shadow behind, so later reads answer undefined instead of re-throwing; `defineLazy` did the same, and `defineLazyInternal`'s delete-on-catch would cost bytes in every bundle for a case only a throwing user getter reaches
            desc.value = make(this);
            Object.defineProperty(this, key, desc);
            return desc.value;
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
        },
    });
}
/** Marks the thunk `_catch` synthesises for a constant catch value. `Function.length` cannot tell that thunk from a user callback — rest and defaulted parameters both report arity 0 — and a user callback reads `ctx.error`, whose issues only finalize correctly against the caller's per-parse error map. Provenance can say what arity cannot. A plain string key rather than `Symbol.for`, whose call at module scope no bundler can prove pure — the same shape that anchored `urlCanParse` into every build. */
const CONSTANT_CATCH = "~constantCatch";
/** Wraps a constant catch value in a thunk tagged with {@link CONSTANT_CATCH}. */
function constantCatch(value) {
    const fn = () => value;
    fn[CONSTANT_CATCH] = true;
    return fn;
}


/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		id: moduleId,
/******/ 		loaded: false,
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Flag the module as loaded
/******/ 	module.loaded = true;
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/node module decorator */
/******/ (() => {
/******/ 	__nccwpck_require__.nmd = (module) => {
/******/ 		module.paths = [];
/******/ 		if (!module.children) module.children = [];
/******/ 		return module;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(8712);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ var __webpack_exports__run = __webpack_exports__.eF;
/******/ var __webpack_exports__runAs = __webpack_exports__.Y4;
/******/ var __webpack_exports__runMain = __webpack_exports__.VN;
/******/ export { __webpack_exports__run as run, __webpack_exports__runAs as runAs, __webpack_exports__runMain as runMain };
/******/ 
