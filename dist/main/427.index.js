export const id = 427;
export const ids = [427];
export const modules = {

/***/ 865:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ur: () => (/* binding */ callGitHub),
/* harmony export */   y_: () => (/* binding */ GitHubError)
/* harmony export */ });
/* unused harmony export RATE_LIMIT_WAIT_MS */
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9943);
/* harmony import */ var _failure_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4679);
/* harmony import */ var _octokit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4636);
/* harmony import */ var _rate_limit_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2085);
/* harmony import */ var _runtime_abort_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9768);
/**
 * One GitHub request of a repository, the way every GitHub reader here sends
 * it: through Octokit, retried while GitHub is briefly away (5xx, lost
 * answers), each try bounded; a rate limit waited out while the step can
 * afford it, never read as a refusal; 404, 401 and 403 turned into
 * errors that say what to do (`needs`: the sentence about what a refused token
 * lacks).
 */





const CALL_DEADLINE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** How long one call waits out rate limits unless its caller says (rateLimitUntil). */
const RATE_LIMIT_WAIT_MS = 10 * 60_000;
/** What GitHub answered (or that it did not), and the status when there was one. */
class GitHubError extends Error {
    status;
    /** Set when the answer was a rate limit the step could not wait out: a wait, never a refusal. */
    rateLimit;
    constructor(status, message) {
        super(message);
        this.name = 'GitHubError';
        this.status = status;
    }
}
async function callGitHub(github, repository, deps, call, makeError = (status, message) => new GitHubError(status, message)) {
    const until = deps.rateLimitUntil ?? deps.clock.now() + RATE_LIMIT_WAIT_MS;
    for (let limits = 1;; limits++) {
        try {
            return await attempts(github, repository, deps, call);
        }
        catch (error) {
            deps.signal?.throwIfAborted();
            const now = deps.clock.now();
            const limit = (0,_rate_limit_js__WEBPACK_IMPORTED_MODULE_2__/* .rateLimitOf */ .tX)(error, now, limits);
            if (!limit)
                throw refusal(error, repository, call, makeError);
            const wait = (0,_rate_limit_js__WEBPACK_IMPORTED_MODULE_2__/* .rateLimitDelay */ .nl)(limit, deps.clock.random());
            if (now + wait > until) {
                const failure = makeError((0,_octokit_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error), `${call.label}: ${(0,_rate_limit_js__WEBPACK_IMPORTED_MODULE_2__/* .describeRateLimit */ .J8)(limit, now)}, later than this step can wait. Fewer requests on this ` +
                    "token (a matrix's legs share it), or a token of its own for this workflow (a GitHub App installation)");
                if (failure instanceof GitHubError)
                    failure.rateLimit = limit;
                throw failure;
            }
            deps.log(`${call.label}: ${(0,_rate_limit_js__WEBPACK_IMPORTED_MODULE_2__/* .describeRateLimit */ .J8)(limit, now)}; waiting ${Math.ceil(wait / 1000)} s.`);
            await deps.clock.sleep(wait, deps.signal);
        }
    }
}
/** One call's tries while GitHub is briefly away (5xx, lost answers), each bounded; each answer read for its budget. */
function attempts(github, repository, deps, call) {
    const { owner, repo } = repository;
    return (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .retryUntil */ .v6)(deps, deps.clock.now() + CALL_DEADLINE_MS, call.label, async () => {
        const signal = (0,_runtime_abort_js__WEBPACK_IMPORTED_MODULE_3__/* .withTimeout */ .w)(deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, deps.signal);
        const headers = call.headers ? { headers: call.headers } : {};
        try {
            const answer = await github.request(call.route, {
                owner,
                repo,
                ...call.parameters,
                ...headers,
                request: { signal },
            });
            deps.githubBudget?.observe(answer.headers);
            return { status: answer.status, headers: answer.headers, data: answer.data };
        }
        catch (error) {
            deps.githubBudget?.observe((0,_octokit_js__WEBPACK_IMPORTED_MODULE_1__/* .responseHeaders */ .ue)(error));
            throw error;
        }
    }, { retryable: _failure_js__WEBPACK_IMPORTED_MODULE_4__/* .isTransientGitHub */ .c });
}
/** What an answer that is not a rate limit means: 404, a refused token (what it needs), or GitHub away. */
function refusal(error, repository, call, makeError) {
    const status = (0,_octokit_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error);
    const { owner, repo } = repository;
    if (status === 404)
        return makeError(404, `${call.label}: GitHub answered 404`);
    if (status === 401 || status === 403)
        return makeError(status, `Input 'github-token': GitHub answered ${status} to ${call.label} for ${owner}/${repo}. ${call.needs}`);
    return makeError(status, `${call.label}: ${(0,_failure_js__WEBPACK_IMPORTED_MODULE_4__/* .describeGitHubFailure */ .P)(error).text}`);
}


/***/ }),

/***/ 4679:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   P: () => (/* binding */ describeGitHubFailure),
/* harmony export */   c: () => (/* binding */ isTransientGitHub)
/* harmony export */ });
/**
 * Why a GitHub request failed, in words a workflow author can act on. Octokit
 * reports a request that got no answer at all (DNS, refused, timeout, reset)
 * as a RequestError with status 500 and no response, so the status alone
 * would say "GitHub answered 500" for an outage of the runner's network.
 */
/** Every error in the cause chain (bounded: a cycle must not hang the sweep). */
function chain(error) {
    const errors = [];
    let current = error;
    while (current !== null && typeof current === 'object' && errors.length < 8) {
        errors.push(current);
        current = current.cause;
    }
    return errors;
}
const DNS_CODES = ['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA'];
const RESET_CODES = ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED'];
const TIMEOUT_CODES = ['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'];
/** The error codes and names in a chain of causes, also those only its messages carry. */
function codesAndNames(errors) {
    // Octokit keeps only the message of the fetch error ("getaddrinfo ENOTFOUND host"): codes are read from messages too.
    const messages = errors.map((e) => typeof e.message === 'string'
        ? String(e.message).slice(0, 500)
        : '');
    const fromMessages = messages.flatMap((m) => m.match(/\b(?:E[A-Z_]{3,20}|UND_ERR_[A-Z_]{1,30})\b/g) ?? []);
    const codes = [...errors.map((e) => (typeof e.code === 'string' ? e.code : '')), ...fromMessages].filter((c) => /^[A-Z0-9_]{1,40}$/.test(c));
    const names = errors.map((e) => (typeof e.name === 'string' ? e.name : ''));
    if (messages.some((m) => /aborted due to timeout|timed out/i.test(m)))
        names.push('TimeoutError');
    // undici's words for a connection the other side closed mid-answer.
    if (messages.some((m) => /other side closed|socket hang up/i.test(m)))
        codes.push('UND_ERR_SOCKET');
    return { codes, names };
}
/** No answer came, for a reason that may pass. */
function noAnswer(kind, why) {
    return { status: undefined, kind, text: `no answer: ${why}`, final: false };
}
function describeGitHubFailure(error) {
    const errors = chain(error);
    const top = errors[0];
    const status = typeof top?.status === 'number' ? top.status : undefined;
    // A response means GitHub itself answered: report its status as it is.
    if (status !== undefined && top?.response !== undefined)
        return { status, kind: 'status', text: `GitHub answered ${status}`, final: false };
    const { codes, names } = codesAndNames(errors);
    const code = (list) => codes.find((c) => list.includes(c));
    const dns = code(DNS_CODES);
    // EAI_AGAIN is a resolver that did not answer in time: that one may pass.
    if (dns)
        return {
            status: undefined,
            kind: 'dns',
            text: `no answer: the DNS lookup of GitHub's API host failed (${dns})`,
            final: dns !== 'EAI_AGAIN',
        };
    if (codes.includes('ECONNREFUSED'))
        return {
            status: undefined,
            kind: 'refused',
            text: "no answer: the connection to GitHub's API was refused (ECONNREFUSED)",
            final: true,
        };
    const timeout = code(TIMEOUT_CODES) ?? (names.includes('TimeoutError') ? 'TimeoutError' : undefined);
    if (timeout)
        return noAnswer('timeout', `the request to GitHub timed out (${timeout})`);
    const reset = code(RESET_CODES);
    if (reset)
        return noAnswer('reset', `the connection to GitHub was cut (${reset})`);
    // A status without a response (a non-Octokit error object): still only a number GitHub may not have sent.
    if (status !== undefined && status !== 500)
        return { status, kind: 'status', text: `GitHub answered ${status}`, final: false };
    const firstCode = codes[0];
    return {
        status: undefined,
        kind: 'other',
        text: `no answer from GitHub${firstCode ? ` (${firstCode})` : ''}`,
        final: false,
    };
}
/**
 * A 5xx, or no answer that may pass (timeout, reset): asked again with backoff. A name that does not resolve, or a
 * refused connection, is not.
 */
function isTransientGitHub(error) {
    const failure = describeGitHubFailure(error);
    return failure.kind === 'status' ? (failure.status ?? 0) >= 500 : !failure.final;
}


/***/ }),

/***/ 4636:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a5: () => (/* binding */ isRateLimit),
/* harmony export */   c2: () => (/* binding */ statusOf),
/* harmony export */   mV: () => (/* binding */ loadOctokit),
/* harmony export */   ue: () => (/* binding */ responseHeaders)
/* harmony export */ });
/* harmony import */ var _client_transport_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(208);
/**
 * Octokit (@actions/github), loaded only where GitHub is asked (sweep, runner
 * mode): a lazily loaded chunk the other steps never pay for. Requests go
 * through proxiedFetch (fetch's shape over node:http, or undici's fetch behind
 * a proxy, as the service's requests behind one), so msw sees them in tests
 * and a configured proxy applies.
 */

function loadOctokit(token, apiUrl) {
    return __webpack_require__.e(/* import() */ 542).then(__webpack_require__.bind(__webpack_require__, 542)).then(({ getOctokit }) => 
    // Octokit reads of an answer only what fetch's Response and FetchAnswer share (status, url, headers, the body).
    getOctokit(token, { baseUrl: apiUrl, request: { fetch: _client_transport_js__WEBPACK_IMPORTED_MODULE_0__/* .proxiedFetch */ .iR } }));
}
/** The HTTP status GitHub answered, when the error carries one. */
function statusOf(error) {
    const status = error?.status;
    return typeof status === 'number' ? status : undefined;
}
/** The headers of the answer an Octokit error carries, if any (its rate limit, its budget). */
function responseHeaders(error) {
    return error?.response?.headers;
}
/** A 429, or a 403 that is a rate limit (remaining 0, or Retry-After). */
function isRateLimit(error) {
    const status = statusOf(error);
    const headers = error.response?.headers ?? {};
    return (status === 429 ||
        (status === 403 && (headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined)));
}


/***/ }),

/***/ 2085:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J8: () => (/* binding */ describeRateLimit),
/* harmony export */   nl: () => (/* binding */ rateLimitDelay),
/* harmony export */   tX: () => (/* binding */ rateLimitOf)
/* harmony export */ });
/* unused harmony exports SECONDARY_MIN_MS, clockTime */
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9943);
/* harmony import */ var _octokit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4636);
/**
 * GitHub's rate limits, read as GitHub answers them: a limit is a
 * wait, never a refusal.
 * - primary: 403 or 429 with `x-ratelimit-remaining: 0`; it lifts at
 *   `x-ratelimit-reset` (epoch seconds);
 * - secondary: 403 or 429 with `retry-after` (seconds), or one that says it is a
 *   secondary limit (or a 429) without it: at least a minute, growing.
 * A 401, or a 403 that is none of these, is a real refusal.
 */


const header = (error, name) => {
    const value = (0,_octokit_js__WEBPACK_IMPORTED_MODULE_1__/* .responseHeaders */ .ue)(error)?.[name];
    return value === undefined ? undefined : String(value);
};
/** The message GitHub sent with the answer (body `message`), else the error's own. */
function messageOf(error) {
    const data = error?.response?.data;
    const body = typeof data === 'object' && data !== null ? data.message : undefined;
    const own = error?.message;
    return String(body ?? own ?? '');
}
/** The secondary limit's first wait; each one after it in a row doubles, up to MAX_SECONDARY_MS. */
const SECONDARY_MIN_MS = 60_000;
const MAX_SECONDARY_MS = 15 * 60_000;
/**
 * The rate limit an error is, or undefined for any other answer. `now`: the caller's clock; `inARow`: how many
 * secondary limits came before this one without an answer in between (1 for the first).
 */
function rateLimitOf(error, now, inARow = 1) {
    const status = (0,_octokit_js__WEBPACK_IMPORTED_MODULE_1__/* .statusOf */ .c2)(error);
    if (status !== 403 && status !== 429)
        return undefined;
    const retryAfter = Number(header(error, 'retry-after'));
    const secondaryWords = /secondary rate limit|abuse detection/i.test(messageOf(error));
    if (header(error, 'x-ratelimit-remaining') === '0' && !secondaryWords && !(retryAfter > 0)) {
        const reset = Number(header(error, 'x-ratelimit-reset')) * 1000;
        const resetsAt = Number.isFinite(reset) && reset > 0 ? reset : undefined;
        return { kind: 'primary', waitMs: Math.max(1_000, (resetsAt ?? now + SECONDARY_MIN_MS) - now), resetsAt };
    }
    if (Number.isFinite(retryAfter) && retryAfter > 0)
        return { kind: 'secondary', waitMs: retryAfter * 1000, resetsAt: now + retryAfter * 1000 };
    if (secondaryWords || status === 429) {
        const waitMs = (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .backoffCeiling */ .ml)(inARow, { baseDelayMs: SECONDARY_MIN_MS, maxDelayMs: MAX_SECONDARY_MS });
        return { kind: 'secondary', waitMs };
    }
    return undefined;
}
/** The wait before asking again: the limit's own, plus 1–5 s of jitter so legs told the same instant spread out. */
function rateLimitDelay(limit, random) {
    return limit.waitMs + 1_000 + Math.round(random * 4_000);
}
/** 12:34:56 UTC, for a message that says when a limit lifts. */
function clockTime(ms) {
    return `${new Date(ms).toISOString().slice(11, 19)} UTC`;
}
/** What a message says about a limit: which one, and when it lifts. */
function describeRateLimit(limit, now) {
    const which = limit.kind === 'primary'
        ? "GitHub's primary rate limit for this token (its requests an hour)"
        : "GitHub's secondary rate limit (too many requests at once or in a minute)";
    return `${which}; it lifts at ${clockTime(limit.resetsAt ?? now + limit.waitMs)}`;
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

/***/ 8088:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  GL: () => (/* binding */ GitHubRunnerError),
  ms: () => (/* binding */ RunnerManagementRefused),
  It: () => (/* binding */ RunnerRegistry),
  _e: () => (/* reexport */ firstRunnerName),
  w7: () => (/* binding */ isAccessDenied),
  iC: () => (/* reexport */ runnerName),
  Uy: () => (/* reexport */ sandboxRunnerNames),
  SO: () => (/* reexport */ slotRunnerName)
});

// UNUSED EXPORTS: MAX_FRESH_RUNNERS, folderRunnerName, freshRunnerName, nextRunnerName

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/github/call.js
var github_call = __webpack_require__(865);
// EXTERNAL MODULE: ./build/src/github/octokit.js
var octokit = __webpack_require__(4636);
;// CONCATENATED MODULE: ./build/src/runner/names.js
/** The names of a sandbox's runners: what mode: stop and the sweep look for, and how fresh ones are numbered. */
/** A sandbox's runner is named after it: what mode: stop and the sweep look for. */
function runnerName(sandboxId) {
    return `gpu-sandbox-${sandboxId}`;
}
/** How many fresh runners a holder starts on its sandbox after refused jobs of other runs. */
const MAX_FRESH_RUNNERS = 3;
/**
 * The `n`th runner in one runner folder whose first runner is `first`: `first` itself, then `…-r2`, `…-r3`, … (a
 * fresh one after a refused job of another run, or for the next job with runner-jobs).
 */
function freshRunnerName(first, n) {
    return n <= 1 ? first : `${first}-r${n}`;
}
/** The runner after `name` in its folder (`…` → `…-r2`, `…-g2-r2` → `…-g2-r3`), whichever job spent `name`. */
function nextRunnerName(name) {
    return freshRunnerName(folderRunnerName(name), Number(/-r(\d+)$/.exec(name)?.[1] ?? 1) + 1);
}
/** The first runner of the k-th folder on a sandbox (`runners`): the sandbox's name, then `…-g2`, `…-g3`. */
function slotRunnerName(sandboxId, slot) {
    return slot <= 1 ? runnerName(sandboxId) : `${runnerName(sandboxId)}-g${slot}`;
}
/** The first runner's name in the same folder (`…-g2-r3` → `…-g2`). */
function folderRunnerName(name) {
    return name.replace(/-r\d+$/, '');
}
/** The sandbox's first runner's name of any runner on a sandbox (`…-r3` → `…`, `…-g2-r3` → `…`). */
function firstRunnerName(name) {
    return folderRunnerName(name).replace(/-g\d+$/, '');
}
/** Every name a runner on this sandbox may have: its own, then each fresh one's. */
function sandboxRunnerNames(sandboxId) {
    return Array.from({ length: MAX_FRESH_RUNNERS + 1 }, (_, i) => freshRunnerName(runnerName(sandboxId), i + 1));
}

;// CONCATENATED MODULE: ./build/src/runner/github.js
/**
 * Just-in-time runner registrations of one repository, through Octokit: the
 * access check, generate-jitconfig, a runner by id (never the list, except to
 * find one by name), delete, and the runner release (version and SHA-256 for
 * linux-x64, from the release notes). 5xx and lost answers are retried, rate
 * limits waited out (call.ts); 401 and 403 say what the token needs.
 * Every GitHub string is service text: it reaches a log through serviceText.
 */





class GitHubRunnerError extends github_call/* GitHubError */.y_ {
    constructor(status, message) {
        super(status, message);
        this.name = 'GitHubRunnerError';
    }
}
/** The access check found that this token may not manage runners at all: it cannot register any. */
class RunnerManagementRefused extends GitHubRunnerError {
    constructor(status, message) {
        super(status, message);
        this.name = 'RunnerManagementRefused';
    }
}
/** GitHub answered 401 or 403 that is not a rate limit: this token may not manage the repository's runners. */
function isAccessDenied(error) {
    return error instanceof GitHubRunnerError && (error.status === 401 || error.status === 403) && !error.rateLimit;
}
const Runner = schemas/* looseObject */._H3({
    id: schemas/* number */.aig().int().positive(),
    name: schemas/* string */.YjP(),
    status: schemas/* string */.YjP(),
    busy: schemas/* boolean */.zMY(),
});
const JitAnswer = schemas/* looseObject */._H3({ runner: Runner, encoded_jit_config: schemas/* string */.YjP().min(1) });
const RunnerList = schemas/* looseObject */._H3({ runners: schemas/* array */.YOg(schemas/* unknown */.L5J()) });
const Release = schemas/* looseObject */._H3({ tag_name: schemas/* string */.YjP(), body: schemas/* string */.YjP().nullable().optional() });
const PERMISSION = 'a token with repository administration: write (a GitHub App installation ' +
    'token from actions/create-github-app-token, or a fine-grained token); ' +
    'the default github.token cannot register runners';
/** Reading the run's jobs, to see who took the runner. */
const ACTIONS_READ = 'the same token to hold actions: read as well (a GitHub App or fine-grained ' +
    'token with Actions: read), to see which job takes the runner';
const JOB_PAGES = 10;
const Job = schemas/* looseObject */._H3({
    id: schemas/* number */.aig(),
    name: schemas/* string */.YjP().nullish(),
    runner_name: schemas/* string */.YjP().nullish(),
    status: schemas/* string */.YjP().nullish(),
    conclusion: schemas/* string */.YjP().nullish(),
    created_at: schemas/* string */.YjP().nullish(),
    started_at: schemas/* string */.YjP().nullish(),
    completed_at: schemas/* string */.YjP().nullish(),
    labels: schemas/* array */.YOg(schemas/* string */.YjP()).nullish(),
    steps: schemas/* array */.YOg(schemas/* looseObject */._H3({ name: schemas/* string */.YjP().nullish(), conclusion: schemas/* string */.YjP().nullish() })).nullish(),
});
const JobList = schemas/* looseObject */._H3({ jobs: schemas/* array */.YOg(schemas/* unknown */.L5J()) });
class RunnerRegistry {
    octokit;
    repository;
    token;
    deps;
    constructor(repository, token, deps) {
        this.repository = repository;
        this.token = token;
        this.deps = deps;
    }
    /**
     * One request, retried while GitHub is briefly away; refusals turned into what to do (`needs`: what a refused token
     * lacks).
     */
    async call(label, route, parameters = {}, needs = PERMISSION) {
        const github = await (this.octokit ??= (0,octokit/* loadOctokit */.mV)(this.token, this.repository.apiUrl));
        const call = { label, route, parameters, needs: `Runner mode needs ${needs}` };
        return (0,github_call/* callGitHub */.ur)(github, this.repository, this.deps, call, (status, message) => new GitHubRunnerError(status, message));
    }
    /** Before anything costs money: may this token manage the repository's runners, and read `run`'s jobs? */
    async checkAccess(run) {
        try {
            await this.call('listing self-hosted runners', 'GET /repos/{owner}/{repo}/actions/runners', { per_page: 1 });
        }
        catch (error) {
            throw isAccessDenied(error) ? new RunnerManagementRefused(error.status, error.message) : error;
        }
        if (run)
            await this.jobsPage(run, 1, 1);
    }
    async jobsPage(run, page, perPage) {
        const label = `reading the jobs of workflow run ${run.id} (attempt ${run.attempt})`;
        const parameters = { run_id: run.id, attempt_number: run.attempt, per_page: perPage, page };
        const { data } = await this.call(label, 'GET /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}/jobs', parameters, ACTIONS_READ);
        const list = JobList.safeParse(data);
        if (!list.success)
            throw new GitHubRunnerError(undefined, `${label}: the answer is not a list of jobs`);
        return list.data.jobs;
    }
    /** The jobs of one attempt of a workflow run (up to 1,000), with each one's runner; `until`: no page after it. */
    async jobsOf(run, until, firstPage = 1) {
        const jobs = [];
        for (let page = firstPage; page <= JOB_PAGES && !(until && jobs.some(until)); page++) {
            const raw = await this.jobsPage(run, page, 100);
            for (const item of raw) {
                const job = Job.safeParse(item);
                if (!job.success)
                    continue;
                const failed = job.data.steps?.find((step) => step.conclusion === 'failure');
                const times = [job.data.created_at, job.data.started_at, job.data.completed_at];
                const [createdAt, startedAt, completedAt] = times.map((at) => Date.parse(at ?? ''));
                jobs.push({
                    id: job.data.id,
                    name: job.data.name ?? '',
                    runnerName: job.data.runner_name ?? undefined,
                    status: job.data.status ?? undefined,
                    conclusion: job.data.conclusion ?? undefined,
                    ...(failed ? { failedStep: failed.name ?? 'a step' } : {}),
                    ...(job.data.labels ? { labels: job.data.labels } : {}),
                    ...(createdAt ? { createdAt } : {}),
                    ...(startedAt ? { startedAt } : {}),
                    ...(completedAt ? { completedAt } : {}),
                    page,
                });
            }
            if (raw.length < 100)
                break;
        }
        return jobs;
    }
    /** Registers a JIT runner; the configuration is a credential (the caller masks it at once). */
    async generate(name, label) {
        const { data } = await this.call('registering a just-in-time runner', 'POST /repos/{owner}/{repo}/actions/runners/generate-jitconfig', {
            name,
            runner_group_id: 1,
            labels: [label],
            work_folder: '_work',
        });
        const parsed = JitAnswer.safeParse(data);
        if (!parsed.success)
            throw new GitHubRunnerError(undefined, 'registering a just-in-time runner: GitHub answered something that is not a runner and its configuration');
        return { runner: parsed.data.runner, jitConfig: parsed.data.encoded_jit_config };
    }
    /** The runner now; undefined once GitHub no longer has it (a JIT runner deregisters after its job). */
    async get(id) {
        try {
            const parsed = Runner.safeParse((await this.call(`reading runner ${id}`, 'GET /repos/{owner}/{repo}/actions/runners/{runner_id}', {
                runner_id: id,
            })).data);
            if (!parsed.success)
                throw new GitHubRunnerError(undefined, `reading runner ${id}: the answer is not a runner`);
            return parsed.data;
        }
        catch (error) {
            if (error instanceof GitHubRunnerError && error.status === 404)
                return undefined;
            throw error;
        }
    }
    /** Deletes a registration; false when it was already gone. */
    async remove(id) {
        try {
            await this.call(`deleting runner ${id}`, 'DELETE /repos/{owner}/{repo}/actions/runners/{runner_id}', {
                runner_id: id,
            });
            return true;
        }
        catch (error) {
            if (error instanceof GitHubRunnerError && error.status === 404)
                return false;
            throw error;
        }
    }
    /**
     * Deletes a registration by its id, or by its name while the id is 0 (the registration's answer was lost, and
     * GitHub may still have made it); the id deleted, undefined when it was already gone.
     */
    async removeRegistration(id, name) {
        if (id > 0)
            return (await this.remove(id)) ? id : undefined;
        return this.removeByName(name);
    }
    /** Registered runners (the first 100; with `name`, those of that name). */
    async list(name) {
        const { data } = await this.call('listing self-hosted runners', 'GET /repos/{owner}/{repo}/actions/runners', {
            ...(name ? { name } : {}),
            per_page: 100,
        });
        const list = RunnerList.safeParse(data);
        return list.success
            ? list.data.runners.map((r) => Runner.safeParse(r)).flatMap((r) => (r.success ? [r.data] : []))
            : [];
    }
    /** The registered runner with exactly this name, if any. */
    async findByName(name) {
        return (await this.list(name)).find((runner) => runner.name === name);
    }
    /** Deletes the registration with exactly this name; its id, or undefined when there was none. */
    async removeByName(name) {
        const runner = await this.findByName(name);
        return runner && (await this.remove(runner.id)) ? runner.id : undefined;
    }
    /** The latest actions/runner release: its version and the linux-x64 package's SHA-256. */
    async latestRelease() {
        const { data } = await this.call('reading the actions/runner release', 'GET /repos/{owner}/{repo}/releases/latest', { owner: 'actions', repo: 'runner' });
        const release = Release.safeParse(data);
        const version = release.success ? /^v?(\d+\.\d+\.\d+)$/.exec(release.data.tag_name)?.[1] : undefined;
        const sha256 = release.success
            ? /<!-- BEGIN SHA linux-x64 -->\s*([0-9a-f]{64})\s*<!-- END SHA linux-x64 -->/.exec(release.data.body ?? '')?.[1]
            : undefined;
        if (!version || !sha256)
            throw new GitHubRunnerError(undefined, `the actions/runner release ${(0,untrusted/* serviceText */.Lo)(release.success ? release.data.tag_name : '?', 40)} ` +
                `gives no version and linux-x64 SHA-256`);
        return { version, sha256 };
    }
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
