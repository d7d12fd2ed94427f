export const id = 118;
export const ids = [118];
export const modules = {

/***/ 8118:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runStart: () => (/* binding */ runStart)
});

// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/sandbox/billing.js
var sandbox_billing = __webpack_require__(4994);
// EXTERNAL MODULE: ./build/src/sandbox/caps.js
var caps = __webpack_require__(764);
// EXTERNAL MODULE: ./build/src/sandbox/live-limit.js
var live_limit = __webpack_require__(9665);
// EXTERNAL MODULE: ./build/src/sandbox/start.js
var start = __webpack_require__(7649);
// EXTERNAL MODULE: ./build/src/step/deps.js
var step_deps = __webpack_require__(3996);
// EXTERNAL MODULE: ./build/src/step/outputs.js
var outputs = __webpack_require__(6854);
// EXTERNAL MODULE: ./build/src/step/state.js + 1 modules
var step_state = __webpack_require__(5190);
// EXTERNAL MODULE: ./build/src/step/summary.js
var summary = __webpack_require__(9128);
// EXTERNAL MODULE: ./build/src/sandbox/eventual.js
var eventual = __webpack_require__(3836);
// EXTERNAL MODULE: ./build/src/client/client.js + 3 modules
var client = __webpack_require__(5307);
// EXTERNAL MODULE: ./build/src/client/errors.js
var errors = __webpack_require__(486);
// EXTERNAL MODULE: ./build/src/client/retry.js
var retry = __webpack_require__(9943);
// EXTERNAL MODULE: ./build/src/sandbox/status.js
var sandbox_status = __webpack_require__(8935);
;// CONCATENATED MODULE: ./build/src/sandbox/wait.js
/**
 * Waiting until a sandbox is ready or failed. Where the service has the
 * blocking wait (`GET /sandboxes/{id}/wait`, the deployed service), windows of
 * up to 30 s answer the moment it is ready; where it has not (404 from the
 * route, while a plain GET finds the sandbox), polling takes over for the rest
 * of the step. Chosen by what the service answers, never by a setting.
 */






class WaitTimeoutError extends Error {
    lastStatus;
    constructor(id, lastStatus, waitedMs) {
        super(`Sandbox ${id} did not reach 'running' within ${Math.round(waitedMs / 1000)}s ` +
            `(last status: ${lastStatus === undefined ? 'none seen' : (0,untrusted/* serviceText */.Lo)(lastStatus)}). ` +
            "Raise 'timeout' if provisioning is slow; the post step stops the sandbox.");
        this.name = 'WaitTimeoutError';
        this.lastStatus = lastStatus;
    }
}
/** The service showed the sandbox, then answered 404: it is gone (TTL, or stopped elsewhere). */
class SandboxGoneError extends Error {
    constructor(id, lastStatus, how = 'gone') {
        const what = how === 'ended'
            ? `Sandbox ${id} is '${(0,untrusted/* serviceText */.Lo)(lastStatus ?? 'ended', 40)}'`
            : `Sandbox ${id} is gone (404) after the service had shown it` +
                (lastStatus ? ` as '${(0,untrusted/* serviceText */.Lo)(lastStatus, 40)}'` : '');
        super(`${what}: it ended (its TTL, or a stop from elsewhere) before it was ` +
            `ready. Nothing is left running; run the job again.`);
        this.name = 'SandboxGoneError';
    }
}
/** Once stretched, a poll waits this fraction of the time already waited: the detection lag stays under ~20% of it. */
const POLL_STRETCH = 0.2;
const MAX_POLL_DELAY_MS = 10_000;
const MAX_SLOWDOWN = 8;
/** The longest blocking-wait window the service accepts. */
const MAX_WAIT_WINDOW_S = 30;
/**
 * Poll delay: the asked interval while provisioning is young, then a fifth of
 * the time waited so far (at most 10 s), times `slowdown` (doubled by each 429
 * while polling), with up to 10% jitter on the stretched part. Never below
 * the asked interval. A job thus makes ~15 polls for a 30 s provisioning
 * instead of 30, which keeps a large matrix inside the get budget.
 */
function pollDelay(pollIntervalMs, elapsedMs, slowdown = 1, random = 0) {
    const stretched = Math.max(pollIntervalMs, elapsedMs * POLL_STRETCH) * slowdown;
    if (stretched <= pollIntervalMs)
        return pollIntervalMs;
    // Above the asked interval here, so the cap and the jitter can only keep it there.
    const capped = Math.min(stretched, Math.max(pollIntervalMs, MAX_POLL_DELAY_MS));
    return Math.round(capped * (1 + 0.1 * random));
}
/**
 * The window for the next blocking wait: at most 30 s, and its HTTP timeout never past the deadline. 0: no window fits.
 */
function waitWindowSeconds(timeLeftMs) {
    // A window's HTTP timeout is W plus the SDK's margin: both fit before the deadline.
    return Math.max(0, Math.min(MAX_WAIT_WINDOW_S, Math.floor((timeLeftMs - client/* WAIT_MARGIN_MS */.u_) / 1000)));
}
/**
 * Until the sandbox is ready or failed. Transient errors keep waiting; 429
 * waits Retry-After and slows polling; a 404 soon after the start is "not
 * visible yet".
 */
async function waitUntilSettled(ctx, id, options) {
    const watch = new SettleWatch(ctx, id, options);
    for (;;) {
        ctx.signal?.throwIfAborted();
        let delay;
        try {
            const round = await watch.oneRound();
            if (typeof round !== 'number')
                return round;
            delay = round;
        }
        catch (error) {
            delay = watch.delayAfter(error);
        }
        const now = ctx.clock.now();
        if (now >= options.deadline)
            throw watch.timeout();
        if (delay > 0)
            await ctx.clock.sleep(Math.min(delay, options.deadline - now), ctx.signal);
    }
}
/** What one wait has learned: the last status, failures in a row, the poll slowdown, the blocking-wait route. */
class SettleWatch {
    ctx;
    client;
    id;
    options;
    started;
    lastStatus;
    failures = 0;
    slowdown = 1;
    /** What the service has shown of the blocking-wait route so far. */
    route = 'unknown';
    shown = false;
    constructor(ctx, id, options) {
        this.ctx = ctx;
        this.client = ctx.client.withDeadline(options.deadline, ctx.clock);
        this.id = id;
        this.options = options;
        this.started = ctx.clock.now();
    }
    timeout() {
        return new WaitTimeoutError(this.id, this.lastStatus, this.ctx.clock.now() - this.started);
    }
    /** One blocking-wait window or one poll: the settled record, or the delay before the next round. */
    async oneRound() {
        const { ctx, options } = this;
        const window = this.route === 'absent' ? 0 : waitWindowSeconds(options.deadline - ctx.clock.now());
        if (window === 0) {
            const done = this.seen(await this.client.getSandbox(this.id, ctx.signal));
            return (done ?? pollDelay(options.pollIntervalMs, ctx.clock.now() - this.started, this.slowdown, ctx.clock.random()));
        }
        const record = await waitWindow(ctx, this.client, this.id, window, options, (found) => {
            this.route = found;
            // A window that ended is the service waiting on this very sandbox: it exists.
            if (found === 'present')
                this.markShown();
        });
        if (!record)
            return 0;
        // Left the starting state without being ready or failed: not a reason to spin.
        return this.seen(record) ?? options.pollIntervalMs;
    }
    /** The delay before the next round after `error`, or the error that ends the wait. */
    delayAfter(error) {
        const { ctx, id, options } = this;
        // The wait's own deadline, reached while a request was due.
        if ((0,errors/* isServiceError */.gi)(error, 'deadline_exceeded'))
            throw this.timeout();
        // Once shown, a 404 is gone (expired, stopped elsewhere): that ends the wait at once.
        if (this.shown && (0,errors/* isNotFound */.c4)(error))
            throw new SandboxGoneError(id, this.lastStatus);
        if ((0,eventual/* notVisibleYet */.OJ)(ctx.clock, error, options.acceptedAt)) {
            ctx.log(`poll ${id}: 404 less than a minute after the start; not visible yet, polling on.`);
            return options.pollIntervalMs;
        }
        if (!(0,retry/* isTransient */.dg)(error))
            throw error;
        this.failures++;
        // Other jobs share the get budget: poll slower from now on instead of living on 429s.
        if (error.status === 429)
            this.slowdown = Math.min(MAX_SLOWDOWN, this.slowdown * 2);
        const delay = Math.max(options.pollIntervalMs, (0,retry/* readRetryDelay */.cZ)(error, this.failures, ctx.clock.random()));
        ctx.log((`poll ${id}: ${error.status || ''} ${error.code}; ` +
            `next poll in ${(delay / 1000).toFixed(1)}s.`).replace(':  ', ': '));
        return delay;
    }
    markShown() {
        if (this.shown)
            return;
        this.shown = true;
        this.options.onSeen?.();
    }
    /** A record read: report a new status; the record when settled. */
    seen(record) {
        this.failures = 0;
        this.markShown();
        this.options.onRecord?.(record);
        if (record.status !== this.lastStatus) {
            this.lastStatus = record.status;
            this.options.onStatus?.(record.status, record);
        }
        // Ended before it was ready (its TTL, a stop from elsewhere): it never will be.
        if ((0,sandbox_status/* isEnded */.pl)(record.status))
            throw new SandboxGoneError(this.id, record.status, 'ended');
        return (0,sandbox_status/* isSettled */.Is)(record.status) ? record : undefined;
    }
}
/**
 * One blocking-wait window. Returns the record it answered, or undefined when
 * the window ended first (`sandbox_wait_timeout`: open the next one at once).
 * A 404 is told apart by one plain GET: the sandbox found means the route is
 * absent (polling from now on), and that GET's record is returned.
 */
async function waitWindow(ctx, client, id, window, options, setRoute) {
    try {
        const record = await client.waitForSandbox(id, window, ctx.signal);
        setRoute('present');
        return record;
    }
    catch (error) {
        if ((0,errors/* isServiceError */.gi)(error, 'sandbox_wait_timeout')) {
            setRoute('present');
            return undefined;
        }
        if (!(0,errors/* isServiceError */.gi)(error) || error.status !== 404)
            throw error;
        // The route is missing, or the sandbox is: one plain GET tells which (its 404 is handled by the caller).
        const record = await client.getSandbox(id, ctx.signal);
        setRoute('absent');
        ctx.log(`The service has no blocking wait (GET /sandboxes/{id}/wait answered ` +
            `404): polling every ${(options.pollIntervalMs / 1000).toFixed(0)}s ` +
            `or slower from now on.`);
        return record;
    }
}

// EXTERNAL MODULE: ./build/src/sandbox/record.js
var record = __webpack_require__(5208);
// EXTERNAL MODULE: ./build/src/pool/row.js
var row = __webpack_require__(3264);
;// CONCATENATED MODULE: ./build/src/start/summary.js






function startSummary(config, started, waited, billing, elapsedMs, pool) {
    const { status, known, error } = waited;
    const policy = config.networkPolicy;
    const allowed = [...(policy.cidr_allowlist ?? []), ...(policy.domain_allowlist ?? [])];
    const failure = (0,record/* failureReason */.Hr)(known);
    const expires = (0,record/* expiresAt */.WJ)(known);
    const optional = (condition, row) => (condition ? [row] : []);
    return (`### Sandbox ${started.id}\n\n` +
        (0,summary/* markdownTable */.Qj)([
            ['Name', started.name],
            ...optional(pool, ['Pool', pool ? (0,row/* poolText */.S)(pool) : '']),
            [
                'Status',
                error
                    ? `${status} (waiting ended: ${error instanceof WaitTimeoutError ? 'timeout' : 'error'}; ` +
                        `the post step stops it)`
                    : status,
            ],
            ['Spec', `${config.cpu} vCPU, ${config.memoryGib} GiB memory, ${config.storageGib} GiB storage`],
            ['GPU', started.gpuType ? `${config.gpuCount ?? 1} x ${started.gpuType}` : 'none'],
            ['GPU attempts', (0,summary/* listWithLimit */.Wc)(started.attempts, 12)],
            ['Network', `${policy.internet_access}${allowed.length > 0 ? `; allowed: ${(0,summary/* listWithLimit */.Wc)(allowed, 20)}` : ''}`],
            ...optional(failure, ['Failure', failure ?? '']),
            [
                'TTL',
                (0,summary/* formatDuration */.a3)((config.ttlByType?.[started.gpuType ?? 'cpu'] ?? config.maxTtlSeconds) * 1000) +
                    (config.enforceTtl ? ' (enforced by the service)' : ' (not enforced)'),
            ],
            ...optional(expires, ['Expires', `${expires} (the service ends it then)`]),
            ...optional(config.image, ['Image', config.image ?? '']),
            [(0,sandbox_status/* isReady */.i_)(status) && !error ? 'Time to running' : 'Time in the step', (0,summary/* formatDuration */.a3)(elapsedMs)],
            ['Estimated cost', billing.cost],
            ...optional(config.capsApplied, ['Caps', (0,summary/* listWithLimit */.Wc)(config.capsApplied ?? [], 6)]),
            ...optional(config.capsApplied && billing.dollarsPerHour !== undefined, [
                'Cost so far',
                `~${(0,sandbox_billing/* formatDollars */.nT)(((billing.dollarsPerHour ?? 0) * elapsedMs) / 3_600_000)} ` +
                    `(${(0,summary/* formatDuration */.a3)(elapsedMs)} at the estimate)`,
            ]),
            ['Credit alert', billing.creditAlert],
            ['Cleanup', config.keepAlive ? 'keep-alive: stop it later with mode: stop' : 'stopped by the post step'],
        ]));
}

;// CONCATENATED MODULE: ./build/src/start/wait.js







/** Polls (or waits on the service) until ready, failed or the timeout; a poll error is kept for the summary. */
async function waitPhase(config, deps, state, started) {
    const { core, clock, signal } = deps;
    core.startGroup(`Wait for ${started.id} to be ready`);
    const acceptedAt = clock.now();
    let lastStatus;
    let lastRecord;
    try {
        const record = await waitUntilSettled((0,step_deps/* opContext */.R)(deps), started.id, {
            pollIntervalMs: config.pollIntervalMs,
            deadline: acceptedAt + config.timeoutMs,
            acceptedAt,
            onSeen: () => state.saveSandboxSeen(),
            onRecord: (seen) => (lastRecord = seen),
            onStatus: (status) => {
                lastStatus = status;
                core.info(`${started.id}: ${(0,untrusted/* serviceText */.Lo)(status)} (after ${(0,summary/* formatDuration */.a3)(clock.now() - acceptedAt)})`);
                (0,outputs/* setTextOutput */.Lb)(core, 'status', status);
            },
        });
        return { record, known: record, status: record.status };
    }
    catch (error) {
        // Cancelled: leave at once, the post step stops it. Anything else still gets a summary.
        if (signal.aborted)
            throw error;
        // After a timeout or a poll error the last record seen is still the best word on the sandbox.
        return { known: lastRecord, status: lastStatus ?? 'accepted', error };
    }
    finally {
        core.endGroup();
    }
}
/** wait: false: one read, for the outputs; it never fails the step. */
async function readOnce(deps, state, started) {
    try {
        const record = await (0,eventual/* quickRead */.i0)(deps, started.id);
        state.saveSandboxSeen();
        return { record, known: record, status: record.status };
    }
    catch (error) {
        deps.core.warning(`wait: false, and the status of ${started.id} could not be read: ${error.message}`);
        return { known: undefined, status: 'accepted' };
    }
}
function setOutputsFrom(config, deps, waited) {
    const fromRecord = waited.known?.network_policy;
    (0,outputs/* setTextOutput */.Lb)(deps.core, 'status', waited.status);
    if (waited.known)
        (0,outputs/* setJsonOutput */.mI)(deps.core, 'sandbox', waited.known);
    (0,outputs/* setJsonOutput */.mI)(deps.core, 'network-policy', fromRecord && typeof fromRecord === 'object' ? fromRecord : config.networkPolicy);
}
async function writeSummary(config, deps, state, started, waited, billing, stepStart, pool) {
    if (billing.dollarsPerHour !== undefined)
        state.saveHourlyCost(billing.dollarsPerHour);
    await deps.core.appendSummary(startSummary(config, started, waited, billing, deps.clock.now() - stepStart, pool));
}

// EXTERNAL MODULE: ./build/src/runner/register.js + 1 modules
var register = __webpack_require__(2389);
// EXTERNAL MODULE: ./build/src/sandbox/name-holders.js
var name_holders = __webpack_require__(3796);
// EXTERNAL MODULE: ./build/src/ssh/access.js + 2 modules
var access = __webpack_require__(7421);
;// CONCATENATED MODULE: ./build/src/start/phase.js
/**
 * Start mode's start phase: the name check, the runner's access, the SSH key and certificate, then the start itself;
 * where nothing was created, state says so for the post step.
 */






async function checkRunnerAccess(deps, runner) {
    await (0,register/* registryFor */.ZQ)(deps, runner).checkAccess(runner.workflowRun);
    if (runner.addedDomains.length > 0)
        deps.core.info(`Runner: added ${runner.addedDomains.join(', ')} to the allowlist ` +
            `(internet-access: restricted): the runner needs them to reach GitHub.`);
}
/** Why nothing exists after the start phase failed, for the log and the post step. */
function nothingStartedBecause(error, startSent) {
    if (error instanceof access/* SshUnavailableError */.VY)
        return 'SSH access was refused, so no start request was sent';
    if (error instanceof name_holders/* NameHeldError */.vD)
        return 'the name is held by another live sandbox, so no start request was sent';
    if (!startSent) {
        const why = error instanceof errors/* ServiceError */._7 ? `${error.status} ${error.code}` : 'the step failed before it';
        return `no start request was sent (${why})`;
    }
    if (error instanceof start/* CapacityExhaustedError */.Uo)
        return `every start attempt was answered ${error.status} ${error.code}: no capacity for the listed GPU types`;
    if (error instanceof errors/* ServiceError */._7)
        return `every start attempt was refused (${error.status} ${error.code})`;
    return 'no start was accepted';
}
/** The name check, SSH preparation and the start itself; when nothing was created, state says so for the post step. */
async function startPhase(config, deps, state, startDeadline, prepared) {
    const { core } = deps;
    core.startGroup(`Start sandbox '${config.name}'`);
    const tracker = { mayHaveCreated: false };
    const holders = new name_holders/* NameHolders */.BI(state);
    let preparedSsh = prepared;
    let startSent = false;
    try {
        // A name the user chose may be held already: know its holders before the first attempt.
        if (!config.nameWasGenerated)
            await (0,name_holders/* checkNameBeforeStart */.hK)(config, (0,step_deps/* opContext */.R)(deps), holders, startDeadline);
        // GitHub next: a token that may not register runners fails the step before anything is billed.
        if (config.runner)
            await checkRunnerAccess(deps, config.runner);
        // SSH first: a service without certificates fails the step before anything is billed.
        // (Once per step: a replacement after a failed GPU check uses the same key and certificate.)
        if (config.ssh && !preparedSsh)
            preparedSsh = await (0,access/* prepareSandboxSsh */.pd)(deps, (0,step_deps/* stepEnvironment */.a)(deps), startDeadline);
        state.saveSandboxName(config.name);
        startSent = true;
        const started = await (0,start/* startSandbox */.OT)(config, deps, startDeadline, holders, tracker);
        return { started, preparedSsh };
    }
    catch (error) {
        // Every attempt was answered with a refusal, or none was sent: nothing exists, so the post step has nothing to look
        // for.
        if (!tracker.mayHaveCreated) {
            const why = nothingStartedBecause(error, startSent);
            state.clearSandboxName(why);
            core.info(`No sandbox was created: ${why}.`);
        }
        throw error;
    }
    finally {
        core.endGroup();
    }
}

// EXTERNAL MODULE: ./build/src/pool/main.js + 2 modules
var main = __webpack_require__(8612);
// EXTERNAL MODULE: ./build/src/remote/ssh-command.js
var ssh_command = __webpack_require__(262);
// EXTERNAL MODULE: ./build/src/runtime/abort.js
var abort = __webpack_require__(9768);
;// CONCATENATED MODULE: ./build/src/gpu-fault/scripts.js
/**
 * What the sandbox is asked for a GPU's faults, in its own sections of the sampler's fetch (and of the GPU check):
 * the fields the sampler adds to each sample where nvidia-smi knows them, the kernel log's Xid lines, and the GPUs
 * nvidia-smi shows now. Every part is bounded; what comes back is the job's to forge and is parsed as hostile text.
 */
/**
 * Per GPU and sample: its PCI bus id (to place an Xid), the clock event reasons that slow a run (the old
 * `clocks_throttle_reasons` names, which old and new drivers both know), uncorrectable ECC errors since the driver
 * loaded, and memory repairs waiting for a reset or a reboot.
 */
const HEALTH_FIELDS = [
    'pci.bus_id',
    'clocks_throttle_reasons.hw_slowdown',
    'clocks_throttle_reasons.hw_thermal_slowdown',
    'clocks_throttle_reasons.hw_power_brake_slowdown',
    'clocks_throttle_reasons.sw_thermal_slowdown',
    'ecc.errors.uncorrected.volatile.total',
    'remapped_rows.pending',
    'retired_pages.pending',
].join(',');
/** The throttle reasons, in HEALTH_FIELDS' order, by the names docs/gpu.md uses. */
const THROTTLE_REASONS = ['hw_slowdown', 'hw_thermal_slowdown', 'hw_power_brake_slowdown', 'sw_thermal_slowdown'];
/** At most this many Xid lines come back (the newest), each cut to XID_LINE characters. */
const XID_LINES = 200;
const XID_LINE = 400;
/**
 * The kernel log's Xid lines, read as the login user can: `dmesg`, else `sudo -n dmesg` (where dmesg_restrict keeps
 * the log from users), else the journal's kernel messages, likewise. An empty answer counts as unreadable (a journal
 * the user may not read answers nothing). Prints `== xid <how it was read>` and the lines, or `== xid unreadable`.
 */
function kernelLogScript() {
    return [
        // A subshell: the script it joins keeps its own variables (its status, say) whatever these parts set.
        '(',
        't=$(mktemp 2> /dev/null || echo "/tmp/.gpu-xid-$$")',
        'got() { "$@" > "$t" 2> /dev/null && [ -s "$t" ]; }',
        'dm=$(command -v dmesg || echo dmesg); jc=$(command -v journalctl || echo journalctl)',
        'if got dmesg --time-format iso; then s=dmesg',
        'elif got sudo -n "$dm" --time-format iso; then s=sudo-dmesg',
        'elif got "$jc" -k -o short-iso --no-pager -q; then s=journalctl',
        'elif got sudo -n "$jc" -k -o short-iso --no-pager -q; then s=sudo-journalctl',
        'else s=unreadable; fi',
        'echo "== xid $s"',
        `[ "$s" = unreadable ] || grep -a 'NVRM: Xid' "$t" | tail -n ${XID_LINES} | cut -c 1-${XID_LINE}`,
        'rm -f "$t"',
        ')',
    ].join('\n');
}
/**
 * The GPUs nvidia-smi shows now, and its exit status: `== gpus <status>`, then at most 64 lines of its answer. In a
 * subshell, as the kernel log's part.
 */
function gpusNowScript() {
    return [
        '(',
        'n=$(nvidia-smi --query-gpu=index,pci.bus_id --format=csv,noheader 2>&1); code=$?',
        'echo "== gpus $code"',
        'printf "%s\\n" "$n" | head -n 64 | cut -c 1-200',
        ')',
    ].join('\n');
}

;// CONCATENATED MODULE: ./build/src/gpu-report/sampler.js
/**
 * The GPU sampler on the sandbox: `nvidia-smi` in
 * its own loop (`-l 1`, one line a GPU a second; restarted every CHUNK_SECONDS),
 * started detached so that it outlives any SSH session, writing through one
 * awk process (no fork a line):
 * - `fine.csv`: every line as nvidia-smi printed it, rotated to `fine.csv.1`
 *   past FINE_LINES, so the last 1 to 2 x FINE_LINES lines are on the sandbox;
 * - `coarse.csv`: per GPU and minute the highest memory, utilization and power
 *   seen (`<YYYY/MM/DD HH:MM>, <index>, <used>, <total>, <util>, <power>`), so a
 *   peak survives however long the job: 8 GPUs for 48 hours are 23,040 lines.
 * Both are bounded whatever the job prints: awk keeps nothing but the current
 * minute's maxima, and a fetch reads at most FETCH_BYTES of each (samples.ts
 * parses what comes back as hostile input).
 */



const SAMPLER_DIR = '.gpu-sandbox-samples';
const SAMPLE_FIELDS = 'timestamp,index,memory.used,memory.total,utilization.gpu,power.draw';
const FINE_LINES = 20_000;
const COARSE_LINES = 30_000;
const FETCH_BYTES = 2 * 2 ** 20;
/** How long one nvidia-smi runs before it is ended (and so writes what it sampled). */
const CHUNK_SECONDS = 15;
/** The running nvidia-smi's command line starts so (its fields go on with the health fields, where it knows them). */
const SAMPLE_COMMAND = `timeout -s TERM ${CHUNK_SECONDS} nvidia-smi --query-gpu=${SAMPLE_FIELDS}`;
/**
 * awk (POSIX; mawk and gawk alike): the sample's first fields as printed, each minute's maxima per GPU, and, where the
 * health fields came too, each minute's health per GPU (`health.csv`: bus id, samples, the samples each throttle
 * reason was active in, the lowest and highest uncorrectable ECC count, and whether a row remap or a page retirement
 * was pending) and each GPU's bus id once (`buses`).
 */
const AWK = `
function num(v) { return v ~ /^[0-9]+(\\.[0-9]+)?$/ }
function flush(  k) {
  for (k in used) {
    if (coarseLines < ${COARSE_LINES})
      print minute ", " k ", " used[k] ", " total[k] ", " util[k] ", " power[k] > coarse
    coarseLines++
  }
  for (k in used) { delete used[k]; delete total[k]; delete util[k]; delete power[k] }
  fflush(coarse)
  for (k in hn) {
    if (healthLines < ${COARSE_LINES})
      print minute ", " k ", " hb[k] ", " hn[k] ", " h1[k] ", " h2[k] ", " h3[k] ", " h4[k] ", " \\
        emin[k] ", " emax[k] ", " hr[k] ", " hp[k] > health
    healthLines++
  }
  for (k in hn) { delete hn[k]; delete hb[k]; delete h1[k]; delete h2[k]; delete h3[k]; delete h4[k]
    delete emin[k]; delete emax[k]; delete hr[k]; delete hp[k] }
  fflush(health)
}
{
  n = split($0, f, /, */)
  if (n > 6) print f[1] ", " f[2] ", " f[3] ", " f[4] ", " f[5] ", " f[6] > fine
  else print > fine
  fflush(fine)
  if (++fineLines >= ${FINE_LINES}) { close(fine); system("mv -f " fine " " fine ".1"); fineLines = 0 }
  if (f[1] !~ /^[0-9][0-9][0-9][0-9]\\/[0-9][0-9]\\/[0-9][0-9] [0-9][0-9]:[0-9][0-9]/) next
  if (f[2] !~ /^[0-9]+$/ || f[2] > 63) next
  m = substr(f[1], 1, 16)
  if (m != minute) { if (minute != "") flush(); minute = m }
  g = f[2]
  if (!(g in used)) { used[g] = "[N/A]"; total[g] = "[N/A]"; util[g] = "[N/A]"; power[g] = "[N/A]" }
  if (num(f[3]) && (used[g] == "[N/A]" || f[3] + 0 > used[g] + 0)) used[g] = f[3]
  if (num(f[4])) total[g] = f[4]
  if (num(f[5]) && (util[g] == "[N/A]" || f[5] + 0 > util[g] + 0)) util[g] = f[5]
  if (num(f[6]) && (power[g] == "[N/A]" || f[6] + 0 > power[g] + 0)) power[g] = f[6]
  if (n < 14) next
  if (!(g in hn)) { hn[g] = 0; h1[g] = 0; h2[g] = 0; h3[g] = 0; h4[g] = 0; emin[g] = "[N/A]"; emax[g] = "[N/A]"
    hr[g] = 0; hp[g] = 0 }
  hn[g]++; hb[g] = f[7]
  if (!(g in known)) { known[g] = 1; print g ", " f[7] > buses; fflush(buses) }
  if (f[8] == "Active") h1[g]++
  if (f[9] == "Active") h2[g]++
  if (f[10] == "Active") h3[g]++
  if (f[11] == "Active") h4[g]++
  if (num(f[12]) && (emin[g] == "[N/A]" || f[12] + 0 < emin[g] + 0)) emin[g] = f[12]
  if (num(f[12]) && (emax[g] == "[N/A]" || f[12] + 0 > emax[g] + 0)) emax[g] = f[12]
  if (f[13] == "Yes") hr[g] = 1
  if (f[14] == "Yes") hp[g] = 1
}
END { if (minute != "") flush() }
`;
/**
 * The sampler's process: its pid (its session's) in `pid`; each nvidia-smi runs CHUNK_SECONDS under timeout, in a
 * loop (5 s apart after a failure), so one that hangs is replaced and the fetch can end it early: written to a file
 * of its own (`-f`) it held its lines back until it ended.
 */
const LOOP = 'echo $$ > "$1/pid"; f="$3,$4"; ' +
    `while :; do timeout -s TERM ${CHUNK_SECONDS} nvidia-smi --query-gpu="$f" --format=csv,noheader,nounits -l 1 ` +
    // A driver that does not know a health field refuses the whole query (exit 2): sampled without them from then on.
    '2> /dev/null; s=$?; if [ $s -eq 2 ] && [ "$f" != "$3" ]; then f="$3"; continue; fi; [ $s -eq 124 ] || sleep 5; ' +
    'done | awk $2 -v fine="$1/fine.csv" -v coarse="$1/coarse.csv" -v health="$1/health.csv" -v buses="$1/buses" ' +
    '-f "$1/sample.awk"';
/**
 * Starts the sampler in the login user's home, detached (setsid, its own session: an SSH session's end does not end
 * it); a second start while one runs does nothing. Prints 'started' or 'running', or 'no nvidia-smi'.
 */
function samplerStartScript() {
    return [
        'set -u',
        'command -v nvidia-smi > /dev/null 2>&1 || { echo "no nvidia-smi"; exit 0; }',
        `d="$HOME/${SAMPLER_DIR}"`,
        'mkdir -p "$d" && chmod 700 "$d"',
        'if [ -s "$d/pid" ] && kill -0 "$(cat "$d/pid")" 2> /dev/null; then echo running; exit 0; fi',
        `cat > "$d/sample.awk" <<'AWK'${AWK}AWK`,
        // mawk (Debian's and Ubuntu's awk) reads a pipe a block at a time unless told to read it a line at a time: on an
        // H200 (driver 580) nothing reached the files in 65 s without it, a line a second with it.
        'lines=; awk -W version 2>&1 | head -n 1 | grep -q mawk && lines="-W interactive"',
        // The health fields where this driver knows them (one it does not know fails the whole query).
        'rm -f "$d/pid"',
        `setsid sh -c '${LOOP}' sh "$d" "$lines" "${SAMPLE_FIELDS}" "${HEALTH_FIELDS}" < /dev/null > /dev/null 2>&1 &`,
        // Its pid file first (at most 2 s): a second start right after this one finds it running, and a fetch can end it.
        'i=0; while [ ! -s "$d/pid" ] && [ $i -lt 20 ]; do sleep 0.1; i=$((i + 1)); done',
        'echo started',
    ].join('\n');
}
/**
 * Ends the running nvidia-smi early (so it writes what it sampled; the loop starts another), waits a moment, then
 * prints what the sampler wrote, each part at most FETCH_BYTES: the coarse file, then the fine ones, oldest first.
 * With `end` as its argument the loop is ended first (no next nvidia-smi; awk writes its last minute at the end of its
 * input), and whatever is left of the sampler's session after the read.
 */
function samplerFetchScript() {
    return [
        'set -u',
        `d="$HOME/${SAMPLER_DIR}"`,
        // The pid file is the job's to write too: only a number above 1 is a session to end (0 would be pkill's own).
        'p=; [ "${1:-}" = end ] && p=$(head -c 12 "$d/pid" 2> /dev/null)',
        'case "$p" in "" | 0 | 1 | *[!0-9]*) p= ;; esac',
        // Ended: every writer of awk's input (the loop is a subshell of its own, and a sleep after a failed nvidia-smi
        // holds the pipe open too), so awk reads the end of its input and writes its last minute; waited for, at most 3 s.
        '[ -n "$p" ] && for name in sh sleep timeout; do pkill -TERM -s "$p" -x "$name" 2> /dev/null; done',
        `pkill -TERM -f '^${SAMPLE_COMMAND}' 2> /dev/null && sleep 1`,
        'i=0; while [ -n "$p" ] && pgrep -s "$p" > /dev/null 2>&1 && [ $i -lt 30 ]; do sleep 0.1; i=$((i + 1)); done',
        'for part in coarse.csv fine.csv.1 fine.csv health.csv buses; do',
        '  echo "== $part"',
        `  [ -f "$d/$part" ] && [ ! -L "$d/$part" ] && tail -c ${FETCH_BYTES} "$d/$part"`,
        'done',
        '[ -n "$p" ] && { pkill -KILL -s "$p" 2> /dev/null; rm -f "$d/pid"; }',
        kernelLogScript(),
        gpusNowScript(),
        'exit 0',
    ].join('\n');
}
/** How long the sampler's start or fetch may take: a sandbox that does not answer costs the report, never the stop. */
const SAMPLER_TIMEOUT_MS = 30_000;
/** What a fetch may bring back: four parts of FETCH_BYTES, the Xid lines, the GPUs now, and their headings. */
const FETCH_LIMIT = 4 * FETCH_BYTES + XID_LINES * (XID_LINE + 1) + 64 * 201 + 1_024;
/** Starts the sampler (once; a second start finds it running); throws when the sandbox cannot be reached. */
async function startSampler(target, env, signal) {
    const bounded = (0,abort/* withTimeout */.w)(SAMPLER_TIMEOUT_MS, signal);
    const { code, stdout } = await (0,ssh_command/* runScript */.j3)(target, samplerStartScript(), [], '', env, bounded);
    const said = stdout.trim().split('\n')[0];
    if (code === 0 && (said === 'started' || said === 'running' || said === 'no nvidia-smi'))
        return said;
    throw SamplerUnreachableError.of(code);
}
/** What the sampler wrote (its raw text, hostile: parse it with samples.ts), within SAMPLER_TIMEOUT_MS. */
async function fetchSamples(target, env, options) {
    const bounded = (0,abort/* withTimeout */.w)(SAMPLER_TIMEOUT_MS, options.signal);
    const args = options.end ? ['end'] : [];
    const { code, stdout } = await (0,ssh_command/* runScript */.j3)(target, samplerFetchScript(), args, '', env, bounded, FETCH_LIMIT);
    if (code !== 0 || !stdout.includes('== coarse.csv'))
        throw bounded.aborted && !options.signal?.aborted
            ? new SamplerUnreachableError(`no answer within ${SAMPLER_TIMEOUT_MS / 1000} s`, false)
            : SamplerUnreachableError.of(code);
    return stdout;
}
/** The sampler's script did not answer; `connection`: ssh itself failed (worth trying again while sshd comes up). */
class SamplerUnreachableError extends Error {
    connection;
    constructor(message, connection) {
        super(message);
        this.connection = connection;
    }
    static of(code) {
        const connection = code === ssh_command/* SSH_CONNECTION_FAILED */.M2;
        return new SamplerUnreachableError(connection ? 'the SSH connection failed' : `exit ${code}`, connection);
    }
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./build/src/gpu-report/samples.js
/**
 * What the GPU sampler wrote, read as hostile input: the sandbox runs the job's code,
 * which can write anything into those files. Numbers only, in their ranges, from lines of the expected shape; at
 * most MAX_LINES lines a part and MAX_LINE characters a line; anything else is dropped and counted, never shown.
 * Fields follow the query's order (`--query-gpu=...`), so a capture with other fields reads the same way.
 */

const MAX_LINES = 200_000;
const MAX_LINE = 200;
const MAX_GPUS = 64;
const TIME = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const NUMBER = /^\d{1,7}(?:\.\d{1,3})?$/;
/** The fields read, and the most each can be (a value past it is a lie, dropped). */
const FIELDS = {
    'memory.used': { key: 'usedMiB', most: 10_000_000 },
    'memory.total': { key: 'totalMiB', most: 10_000_000 },
    'utilization.gpu': { key: 'utilization', most: 100 },
    'power.draw': { key: 'powerW', most: 100_000 },
};
function timeOf(text) {
    const m = TIME.exec(text);
    if (!m)
        return undefined;
    const [year, month, day, hour, minute, second, ms] = m.slice(1).map((part) => Number(part ?? 0));
    const at = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second, ms);
    return Number.isFinite(at) && (month ?? 0) >= 1 && (month ?? 0) <= 12 ? at : undefined;
}
/** One line, or undefined when it is not of the shape. `[N/A]` and unknown values leave a field out. */
function parseSampleLine(line, fields) {
    if (line.length > MAX_LINE)
        return undefined;
    const cells = line.split(',').map((cell) => cell.trim());
    if (cells.length !== fields.length)
        return undefined;
    const sample = {};
    for (const [i, field] of fields.entries()) {
        const cell = cells[i] ?? '';
        if (field === 'timestamp')
            sample.at = timeOf(cell);
        else if (field === 'index')
            sample.gpu = /^\d{1,2}$/.test(cell) && Number(cell) < MAX_GPUS ? Number(cell) : undefined;
        else if (FIELDS[field] && NUMBER.test(cell) && Number(cell) <= (FIELDS[field]?.most ?? 0))
            sample[FIELDS[field].key] = Number(cell);
    }
    return sample.at === undefined || sample.gpu === undefined ? undefined : sample;
}
/** The fetch's answer (`== coarse.csv`, `== fine.csv.1`, `== fine.csv` parts), bounded and checked line by line. */
function parseSamples(text, fields = SAMPLE_FIELDS.split(',')) {
    const samples = { fine: [], coarse: [], dropped: 0 };
    // null: a later section of the fetch (the GPU's faults, read by gpu-fault/read.ts), not samples.
    let part;
    let lines = 0;
    for (const line of text.split('\n')) {
        if (line === '== coarse.csv')
            part = samples.coarse;
        else if (line === '== fine.csv.1' || line === '== fine.csv')
            part = samples.fine;
        else if (/^== (health\.csv|buses|xid|gpus)\b/.test(line))
            part = null;
        else if (line.trim() === '' || part === null)
            continue;
        else if (!part || ++lines > MAX_LINES)
            samples.dropped++;
        else {
            const sample = parseSampleLine(line, fields);
            if (sample)
                part.push(sample);
            else
                samples.dropped++;
        }
    }
    return samples;
}

// EXTERNAL MODULE: ./build/src/client/schemas.js
var schemas = __webpack_require__(2805);
;// CONCATENATED MODULE: ./build/src/gpu-report/post.js

const CHART_POINTS = 100;
/** Memory above the idle baseline that counts as held: a CUDA context alone holds some 500 MiB. */
const HELD_MIB = 64;
/** Memory an idle card never shows (0 to a few hundred MiB reserved): held from the first sample to the last. */
const HELD_THROUGHOUT_MIB = 1_024;
/** The highest and lowest of many values (a spread of 200,000 arguments can overflow the stack). */
const most = (values) => values.reduce((a, b) => (b > a ? b : a), -Infinity);
const least = (values) => values.reduce((a, b) => (b < a ? b : a), Infinity);
/** The longest time one sample stands for: a minute's maximum (the coarse part) stands for its minute, and more. */
const LONGEST_STEP_MS = 120_000;
/**
 * The time each sample stands for: to the next one of the same GPU (the last: the median step); a longer gap (the
 * sampler stopped a while) counts at most 10 typical steps or LONGEST_STEP_MS, whichever is longer.
 */
function steps(samples) {
    const gaps = samples.slice(1).map((sample, i) => sample.at - (samples[i]?.at ?? sample.at));
    const sorted = gaps.filter((gap) => gap > 0).sort((a, b) => a - b);
    const typical = sorted[Math.floor(sorted.length / 2)] ?? 1_000;
    return samples.map((_, i) => Math.min(Math.max(0, gaps[i] ?? typical), Math.max(10 * typical, LONGEST_STEP_MS)));
}
/** The mean of `values` weighted by the time each stands for (the sampler's own pace need not be even). */
function weightedMean(values, weights) {
    let [sum, ms] = [0, 0];
    for (const [i, value] of values.entries()) {
        if (value === undefined)
            continue;
        sum += value * (weights[i] ?? 0);
        ms += weights[i] ?? 0;
    }
    return { mean: ms > 0 ? sum / ms : 0, ms };
}
/**
 * One series for the report from what the fetch brought: the minute maxima from before the first second-by-second
 * sample (a long job's fine file keeps only its last hour or so), then every fine sample.
 */
function mergeSamples(parts) {
    const firstFine = least(parts.fine.map((sample) => sample.at));
    return [...parts.coarse.filter((sample) => sample.at < firstFine - 60_000), ...parts.fine].sort((a, b) => a.at - b.at);
}
function figuresOf(gpu, samples) {
    const step = steps(samples);
    const used = samples.map((sample) => sample.usedMiB).filter((v) => v !== undefined);
    const utilization = weightedMean(samples.map((sample) => sample.utilization), step);
    const peakMiB = used.length > 0 ? most(used) : 0;
    const powered = samples.filter((sample) => sample.powerW !== undefined);
    const energy = samples.reduce((sum, sample, i) => sum + ((sample.powerW ?? 0) * (step[i] ?? 0)) / 3_600_000, 0);
    return {
        gpu,
        peakMiB,
        totalMiB: samples.find((sample) => sample.totalMiB !== undefined)?.totalMiB,
        busyMs: samples.reduce((sum, sample, i) => sum + ((sample.utilization ?? 0) > 0 ? (step[i] ?? 0) : 0), 0),
        meanUtilization: utilization.mean,
        utilizationMs: utilization.ms,
        ...(powered.length > 0 ? { energyWh: energy } : {}),
        held: used.length > 0 && (peakMiB - least(used) >= HELD_MIB || least(used) >= HELD_THROUGHOUT_MIB),
    };
}
/** The figures of every GPU the samples name, in time order. */
function gpuReport(samples) {
    const byGpu = new Map();
    for (const sample of [...samples].sort((a, b) => a.at - b.at)) {
        const list = byGpu.get(sample.gpu) ?? [];
        list.push(sample);
        byGpu.set(sample.gpu, list);
    }
    const gpus = [...byGpu.entries()].sort(([a], [b]) => a - b).map(([gpu, list]) => figuresOf(gpu, list));
    const times = samples.map((sample) => sample.at);
    const all = weightedMean(gpus.map((figures) => figures.meanUtilization), gpus.map((figures) => figures.utilizationMs));
    return {
        gpus,
        peakMiB: Math.max(0, most(gpus.map((figures) => figures.peakMiB))),
        meanUtilization: all.mean,
        used: gpus.some((figures) => figures.held),
        spanMs: times.length > 0 ? most(times) - least(times) : 0,
    };
}
/** At most `points` values, each the highest of its span of `values` (a peak is never averaged away). */
function peaks(values, points = CHART_POINTS) {
    if (values.length <= points)
        return [...values];
    const span = values.length / points;
    return Array.from({ length: points }, (_, i) => most(values.slice(Math.floor(i * span), Math.max(Math.floor((i + 1) * span), Math.floor(i * span) + 1))));
}
/** MiB as GiB, one decimal: `11.0 GiB`. */
const formatGib = (mib) => `${(mib / 1024).toFixed(1)} GiB`;
/** The summary's section: a row per GPU, the chart, its legend. */
function renderGpuSection(samples) {
    const report = gpuReport(samples);
    if (report.gpus.length === 0)
        return '#### GPU\n\nNo samples came back from the sandbox.\n';
    const rows = report.gpus.map((g) => {
        const share = g.totalMiB ? ` (${Math.round((100 * g.peakMiB) / g.totalMiB)} % of ${formatGib(g.totalMiB)})` : '';
        const energy = g.energyWh === undefined ? 'not read' : `${g.energyWh.toFixed(1)} Wh`;
        const cells = [`${formatGib(g.peakMiB)}${share}`, (0,summary/* formatDuration */.a3)(g.busyMs), `${g.meanUtilization.toFixed(0)} %`];
        return `| ${g.gpu} | ${cells.join(' | ')} | ${energy} |`;
    });
    const sorted = [...samples].sort((a, b) => a.at - b.at);
    // All GPUs together: the most memory any held, and the highest utilization, at each point.
    const memory = peaks(sorted.map((sample) => (sample.usedMiB ?? 0) / 1024));
    const utilization = peaks(sorted.map((sample) => sample.utilization ?? 0));
    const axis = Math.max(1, Math.ceil(most(memory)));
    const chart = [
        '```mermaid',
        'xychart-beta',
        `  title "GPU memory (GiB, bars) and utilization (% of ${axis} GiB scale, line)"`,
        `  x-axis "time, ${(0,summary/* formatDuration */.a3)(report.spanMs)} in all" 1 --> ${memory.length}`,
        `  y-axis "GiB" 0 --> ${axis}`,
        `  bar [${memory.map((v) => v.toFixed(1)).join(', ')}]`,
        `  line [${utilization.map((v) => ((v / 100) * axis).toFixed(1)).join(', ')}]`,
        '```',
    ];
    return [
        '#### GPU',
        '',
        '| GPU | peak memory | kernels ran | mean utilization | energy |',
        '|---|---|---|---|---|',
        ...rows,
        '',
        ...chart,
        '',
        `Legend: bars, the most memory any GPU held (GiB); line, the highest utilization of any GPU, drawn on the same ` +
            `scale (${axis} GiB = 100 %). Each of at most ${CHART_POINTS} points is the highest of its span.`,
        '',
    ].join('\n');
}

;// CONCATENATED MODULE: ./build/src/gpu-report/hint.js
/**
 * A cheaper GPU that would have done: the GPUs that held memory, each one's peak with a 20 % margin,
 * against the memory of every GPU type (the card nvidia-smi showed for the type that ran; for the others the table
 * `min-gpu-memory` uses, sandbox/caps.ts), at that count; the
 * cheapest set the pricing catalog prices below the set that ran. Never a hint without both prices, and never from a
 * report whose GPU was not used.
 */




/** The share of the peak kept free: a run's peak varies with its inputs. */
const MARGIN = 0.2;
function hourly(prices, ran, gpuType, gpuCount) {
    return (0,sandbox_billing/* hourlyDollars */.vq)(prices, {
        cpu: ran.cpu,
        memoryGib: ran.memoryGib,
        storageGib: ran.storageGib,
        gpuType,
        gpuCount,
    });
}
/** The cheapest GPU set that holds every used GPU's peak with the margin, when the catalog prices it lower. */
function cheaperGpu(report, ran, prices) {
    const held = report.gpus.filter((gpu) => gpu.held);
    const ranType = schemas/* GPU_TYPES */.ND.find((type) => type === ran.gpuType.toUpperCase());
    if (!report.used || held.length === 0 || !ranType)
        return undefined;
    const ranDollarsPerHour = hourly(prices, ran, ranType, ran.gpuCount);
    if (ranDollarsPerHour === undefined)
        return undefined;
    const peakMiB = Math.max(...held.map((gpu) => gpu.peakMiB));
    const neededMiB = peakMiB * (1 + MARGIN);
    const gpuCount = held.length;
    // The type that ran: its card's own total, as nvidia-smi read it (an H100 shows 79.6 GiB, not the table's 80).
    const cardMiB = report.gpus.find((gpu) => gpu.totalMiB !== undefined)?.totalMiB;
    let best;
    for (const gpuType of schemas/* GPU_TYPES */.ND) {
        if (gpuType === ranType && gpuCount >= ran.gpuCount)
            continue;
        const memoryMiB = gpuType === ranType && cardMiB ? cardMiB : (0,caps/* memoryOf */.zE)(gpuType, prices) * 1024;
        const memoryGib = Math.round((memoryMiB / 1024) * 10) / 10;
        const dollarsPerHour = hourly(prices, ran, gpuType, gpuCount);
        if (memoryMiB < neededMiB || dollarsPerHour === undefined || dollarsPerHour >= ranDollarsPerHour)
            continue;
        if (!best || dollarsPerHour < best.dollarsPerHour)
            best = { gpuType, gpuCount, memoryGib, dollarsPerHour, ranDollarsPerHour, peakMiB, neededMiB };
    }
    return best;
}
/** The notice: the set, its memory, both prices, and what the run cost and would have cost (its length known). */
function describeCheaper(hint, ran, livedMs) {
    const cost = (perHour) => (0,sandbox_billing/* formatDollars */.nT)((perHour * (livedMs ?? 0)) / 3_600_000);
    const run = livedMs === undefined
        ? ''
        : `; this run would have cost ~${cost(hint.dollarsPerHour)} instead of ~${cost(hint.ranDollarsPerHour)}`;
    return (`${hint.gpuCount} x ${hint.gpuType} (${hint.memoryGib} GiB each) would have held this job's peak GPU memory ` +
        `(${formatGib(hint.peakMiB)}, ${formatGib(hint.neededMiB)} with a ${MARGIN * 100} % margin) at ` +
        `~${(0,sandbox_billing/* formatDollars */.nT)(hint.dollarsPerHour)}/hour, against ~${(0,sandbox_billing/* formatDollars */.nT)(hint.ranDollarsPerHour)}/hour for the ` +
        `${ran.gpuCount} x ${ran.gpuType.toUpperCase()} it ran on${run}. Set gpu-type (and gpu-count) to it if the ` +
        'peak is typical of this job.');
}

;// CONCATENATED MODULE: ./build/src/gpu-fault/read.js
/**
 * The fault sections of a fetch (scripts.ts), read as hostile text: the job is root on its sandbox and can write the
 * kernel log and the sampler's files. Only lines of the expected shape count, within bounds; an Xid's own words are
 * kept only as text to show through the sanitiser, cut short.
 */

const MAX_HEALTH_LINES = 200_000;
const SOURCES = new Set(['dmesg', 'sudo-dmesg', 'journalctl', 'sudo-journalctl', 'unreadable']);
/** `00000000:3B:00.0` (nvidia-smi) or `0000:3b:00` (the driver) to `0000:3b:00`; undefined when neither. */
function busKey(text) {
    const found = /^([0-9a-fA-F]{4,8}):([0-9a-fA-F]{2}):([0-9a-fA-F]{2})(?:\.[0-7])?$/.exec(text.trim());
    return found ? `${found[1].slice(-4)}:${found[2]}:${found[3]}`.toLowerCase() : undefined;
}
/** dmesg's `2026-12-07T00:03:11,123456+00:00` or journalctl's `2026-12-07T00:03:11+0000`. */
function isoTime(text) {
    const found = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:[.,](\d{1,9}))?(Z|[+-]\d{2}:?\d{2})$/.exec(text);
    if (!found)
        return undefined;
    const ms = (found[2] ?? '').padEnd(3, '0').slice(0, 3);
    const zone = found[3] === 'Z' ? 'Z' : found[3].replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
    const at = Date.parse(`${found[1]}.${ms}${zone}`);
    return Number.isFinite(at) ? at : undefined;
}
const XID = /NVRM: Xid \(PCI:([0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2})[^)]{0,40}\): (\d{1,4}), ?(.*)$/;
function parseXidLine(line) {
    if (line.length > XID_LINE)
        return undefined;
    const found = XID.exec(line);
    const bus = found && busKey(found[1]);
    if (!found || !bus)
        return undefined;
    return { at: isoTime(line.split(' ')[0] ?? ''), bus, code: Number(found[2]), detail: (found[3] ?? '').slice(0, 200) };
}
const MINUTE = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})$/;
const COUNT = /^\d{1,6}$/;
const count = (cell) => (COUNT.test(cell ?? '') ? Number(cell) : undefined);
/** `minute, gpu, bus, samples, 4 throttle counts, ecc min, ecc max, remap pending, retire pending`. */
function parseHealthLine(line) {
    if (line.length > 300)
        return undefined;
    const cells = line.split(',').map((cell) => cell.trim());
    const time = MINUTE.exec(cells[0] ?? '');
    const gpu = count(cells[1]);
    const samples = count(cells[3]);
    const throttled = cells.slice(4, 8).map(count);
    if (cells.length !== 12 || !time || gpu === undefined || gpu > 63 || !samples)
        return undefined;
    if (throttled.some((n) => n === undefined || n > samples))
        return undefined;
    const [year, month, day, hour, minute] = time.slice(1).map(Number);
    const at = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute);
    if (!Number.isFinite(at))
        return undefined;
    const ecc = (cell) => (/^\d{1,9}$/.test(cell ?? '') ? Number(cell) : undefined);
    const flag = (cell) => cell === '1';
    return {
        ...{ at, gpu, bus: busKey(cells[2] ?? ''), samples, throttled: throttled },
        ...{ eccMin: ecc(cells[8]), eccMax: ecc(cells[9]), remapPending: flag(cells[10]), retirePending: flag(cells[11]) },
    };
}
/** `index, bus id` lines (nvidia-smi's csv), at most 64: index to bus. */
function busesOf(lines) {
    const gpus = new Map();
    for (const line of lines.slice(0, 64)) {
        const [index, bus] = line.split(',').map((cell) => cell.trim());
        const key = busKey(bus ?? '');
        if (/^\d{1,2}$/.test(index ?? '') && key)
            gpus.set(Number(index), key);
    }
    return gpus;
}
/**
 * nvidia-smi's answer at the end. A GPU it cannot reach is named in its error by bus id (`Unable to determine the
 * device handle for GPU0000:3B:00.0`): one of this sandbox's, even where no sample ever showed it.
 */
function parseNow(status, lines) {
    const named = lines
        .slice(0, 64)
        .flatMap((line) => [...line.matchAll(/\bGPU ?([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])\b/g)])
        .flatMap((found) => busKey(found[1] ?? '') ?? []);
    const said = (lines.find((line) => line.trim() !== '') ?? '').slice(0, 200);
    return { status, gpus: busesOf(lines), said, named: [...new Set(named)] };
}
/** The sections after the samples' own: `== health.csv`, `== xid <how>`, `== gpus <status>`. */
function parseFaultSections(text) {
    const found = { kernelLog: undefined, xids: [], health: [], buses: new Map(), now: undefined };
    let part;
    let gpusStatus;
    const gpuLines = [];
    const busLines = [];
    for (const line of text.split('\n')) {
        const heading = /^== (health\.csv|xid|gpus|buses)(?: (\S{1,20}))?$/.exec(line);
        if (heading) {
            part = heading[1] === 'health.csv' ? 'health' : heading[1];
            if (part === 'xid' && SOURCES.has(heading[2] ?? ''))
                found.kernelLog = heading[2];
            if (part === 'gpus')
                gpusStatus = /^\d{1,3}$/.test(heading[2] ?? '') ? Number(heading[2]) : 255;
            continue;
        }
        if (line.startsWith('== '))
            part = undefined;
        else if (part === 'health' && found.health.length < MAX_HEALTH_LINES) {
            const minute = parseHealthLine(line);
            if (minute)
                found.health.push(minute);
        }
        else if (part === 'xid' && found.kernelLog && found.xids.length < XID_LINES) {
            const event = parseXidLine(line);
            if (event)
                found.xids.push(event);
        }
        else if (part === 'gpus')
            gpuLines.push(line);
        else if (part === 'buses')
            busLines.push(line);
    }
    found.buses = busesOf(busLines);
    if (gpusStatus !== undefined)
        found.now = parseNow(gpusStatus, gpuLines);
    return found;
}

;// CONCATENATED MODULE: ./build/src/gpu-fault/catalog.js
/**
 * The Xid codes the action names, after NVIDIA's Xid catalog for Ampere and newer GPUs ("Analyzing Xid Errors with the
 * Xid Catalog", docs.nvidia.com): each code's resolution bucket (the catalog's immediate action) and whose kind of
 * fault it is. A code whose bucket is past restarting the application (a GPU reset, a reboot, support) is the
 * machine's; one the catalog sends back to the application and whose usual cause is the program (an illegal address,
 * an engine exception) is the program's; the rest (a teardown after another fault, a code not in this table) are
 * said as they are, and neither blame the machine nor trigger a retry.
 */
const program = (meaning) => ({ bucket: 'RESTART_APP', kind: 'program', meaning });
const machine = (bucket, meaning) => ({ bucket, kind: 'machine', meaning });
const XID_CATALOG = {
    8: { bucket: 'RESTART_APP', kind: 'other', meaning: 'GPU stopped processing (a channel timed out)' },
    13: program('graphics engine exception (often an out-of-range access in a kernel)'),
    31: program('GPU memory page fault (most often an illegal address in the program)'),
    43: program('GPU stopped processing (a channel was aborted after the program faulted)'),
    45: { bucket: 'IGNORE', kind: 'other', meaning: 'preemptive cleanup, after another fault or an ended process' },
    48: machine('RESET_GPU', 'double-bit ECC error (uncorrectable GPU memory error)'),
    61: machine('RESET_GPU', 'internal micro-controller breakpoint or warning'),
    62: machine('RESET_GPU', 'internal micro-controller halt'),
    63: machine('RESET_GPU', 'ECC page retirement or row remapping recorded (a reset applies it)'),
    64: machine('RESET_GPU', 'ECC page retirement or row remapping failed'),
    74: machine('RESET_GPU', 'NVLink error'),
    79: machine('RESTART_BM', 'fallen off the bus'),
    92: machine('CONTACT_SUPPORT', 'high single-bit ECC error rate'),
    94: machine('RESET_GPU', 'contained uncorrectable ECC error (the page is offlined until a reset)'),
    95: machine('RESET_GPU', 'uncontained uncorrectable ECC error'),
    119: machine('RESET_GPU', 'GSP RPC timeout'),
    120: machine('RESET_GPU', 'GSP error'),
    121: machine('RESET_GPU', 'C2C link error'),
    140: machine('RESET_GPU', 'unrecovered ECC error'),
};
/** A code's entry; one not in the table is said by its number, never blamed on the machine. */
function xidEntry(code) {
    return XID_CATALOG[code] ?? { bucket: 'UNKNOWN', kind: 'other', meaning: "not in the action's table" };
}

;// CONCATENATED MODULE: ./build/src/gpu-fault/verdict.js
/**
 * What the watch saw, as faults: each Xid on one of this sandbox's GPUs since the watch began (placed by its PCI bus
 * id), a new uncorrectable ECC error, memory repairs waiting for a reset or a reboot, and a GPU nvidia-smi no longer
 * shows; and the share of the run each throttle reason was active. The verdict names the first fault of the
 * machine's kind; a program's fault is said as the program's, never as the machine's.
 */


/** Throttling under this share of a run is not worth a notice. */
const THROTTLE_NOTICE_SHARE = 0.05;
function byGpu(health) {
    const groups = new Map();
    for (const minute of health)
        groups.set(minute.gpu, [...(groups.get(minute.gpu) ?? []), minute]);
    return groups;
}
const iso = (at) => (at === undefined ? undefined : new Date(at).toISOString());
/** Each GPU's bus id: at the sampler's start, from the samples, then from nvidia-smi's answer at the end. */
function gpuByBus(sections) {
    const buses = new Map();
    for (const [gpu, bus] of sections.buses)
        buses.set(bus, gpu);
    for (const minute of sections.health)
        if (minute.bus)
            buses.set(minute.bus, minute.gpu);
    for (const [gpu, bus] of sections.now?.gpus ?? [])
        buses.set(bus, gpu);
    return buses;
}
function xidFaults(sections, since, gpuCount) {
    const buses = gpuByBus(sections);
    // A GPU nvidia-smi named in its error is this sandbox's, its index unknown unless it has one GPU only.
    const named = new Set(sections.now?.named ?? []);
    const faults = new Map();
    for (const event of sections.xids) {
        // Another tenant's GPU (a shared kernel log) or an event before the watch began is not this job's.
        const ours = buses.has(event.bus) || named.has(event.bus);
        const gpu = buses.get(event.bus) ?? (gpuCount === 1 ? 0 : undefined);
        if (!ours || (event.at !== undefined && event.at < since))
            continue;
        const key = `${gpu}:${event.code}`;
        const known = faults.get(key);
        if (known)
            known.count++;
        else {
            const { bucket, kind, meaning } = xidEntry(event.code);
            faults.set(key, { time: iso(event.at), gpu, source: 'xid', code: event.code, bucket, kind, meaning, count: 1 });
        }
    }
    return [...faults.values()];
}
function counterFaults(health) {
    const faults = [];
    for (const [gpu, minutes] of byGpu(health)) {
        const sorted = [...minutes].sort((a, b) => a.at - b.at);
        const first = sorted.find((minute) => minute.eccMin !== undefined)?.eccMin;
        const rise = sorted.find((minute) => first !== undefined && (minute.eccMax ?? first) > first);
        const at = (minute) => ({ time: iso(minute?.at), gpu, count: 1 });
        if (rise) {
            const meaning = `new uncorrectable ECC error (${first} to ${rise.eccMax} since the driver loaded)`;
            faults.push({ ...at(rise), source: 'ecc', bucket: 'RESET_GPU', kind: 'machine', meaning });
        }
        const remap = sorted.find((minute) => minute.remapPending);
        if (remap) {
            const meaning = 'a row remap is pending (failing memory; a reset applies it)';
            faults.push({ ...at(remap), source: 'row-remap', bucket: 'RESET_GPU', kind: 'machine', meaning });
        }
        const retire = sorted.find((minute) => minute.retirePending);
        if (retire) {
            const meaning = 'a page retirement is pending (failing memory; a reboot applies it)';
            faults.push({ ...at(retire), source: 'retired-pages', bucket: 'RESTART_BM', kind: 'machine', meaning });
        }
    }
    return faults;
}
/** A GPU the samples had that nvidia-smi no longer shows at the end, or nvidia-smi failing outright. */
function lostGpus(sections, now, gpuCount) {
    const answer = sections.now;
    // 127: no nvidia-smi on the PATH at all (not a GPU that went away).
    if (!answer || answer.status === 127)
        return [];
    const seen = new Set([...sections.health.map((minute) => minute.gpu), ...sections.buses.keys()]);
    const shown = answer.gpus;
    const lost = { time: iso(now), source: 'nvidia-smi', bucket: 'RESTART_BM', kind: 'machine' };
    if (answer.status !== 0 && shown.size === 0)
        return [{ ...lost, gpu: undefined, meaning: `nvidia-smi failed at the end (exit ${answer.status})`, count: 1 }];
    const missing = [...seen].filter((gpu) => !shown.has(gpu));
    if (shown.size < gpuCount && missing.length === 0)
        return [{ ...lost, gpu: undefined, meaning: `nvidia-smi shows ${shown.size} of ${gpuCount} GPUs`, count: 1 }];
    return missing.map((gpu) => ({ ...lost, gpu, meaning: 'nvidia-smi no longer shows it', count: 1 }));
}
function throttlesOf(health) {
    const throttles = [];
    for (const [gpu, minutes] of byGpu(health)) {
        const samples = minutes.reduce((sum, minute) => sum + minute.samples, 0);
        THROTTLE_REASONS.forEach((reason, k) => {
            const active = minutes.reduce((sum, minute) => sum + (minute.throttled[k] ?? 0), 0);
            if (active > 0)
                throttles.push({ gpu, reason, share: active / samples });
        });
    }
    return throttles;
}
/** Everything the watch saw, earliest first (faults without a time last). */
function watchVerdict(sections, watch) {
    const faults = [
        ...xidFaults(sections, watch.since, watch.gpuCount),
        ...counterFaults(sections.health),
        ...lostGpus(sections, watch.now, watch.gpuCount),
    ].sort((a, b) => (a.time ?? '~').localeCompare(b.time ?? '~'));
    return { faults, throttles: throttlesOf(sections.health), kernelLog: sections.kernelLog };
}
/** The first fault of the machine's kind, if any. */
const machineFault = (watch) => watch?.faults.find((fault) => fault.kind === 'machine');

;// CONCATENATED MODULE: ./build/src/gpu-fault/text.js
/**
 * The words of a GPU fault, for the step's error, the annotations, the summary, the comment's row and the `gpu-fault`
 * output. They are built from the catalog's words and the numbers the watch read, never from the sandbox's own text.
 */


const clock = (time) => (time ? ` at ${time.slice(11, 19)} UTC` : '');
const gpuOf = (fault) => (fault.gpu === undefined ? 'GPU' : `GPU ${fault.gpu}`);
/** `Xid 79, fallen off the bus` or `row-remap: a row remap is pending (…)`. */
function faultWhat(fault) {
    const times = fault.count > 1 ? ` (${fault.count} times)` : '';
    return fault.source === 'xid' ? `Xid ${fault.code}, ${fault.meaning}${times}` : fault.meaning;
}
/** `GPU 0 Xid 79`, for a comment row's narrow cells. */
function faultShort(fault) {
    return fault.source === 'xid' ? `${gpuOf(fault)} Xid ${fault.code}` : `${gpuOf(fault)} ${fault.source}`;
}
/** The first words of a failed step's error where the machine failed it. */
function machineHeadline(fault) {
    return `${gpuOf(fault)} fault: ${faultWhat(fault)}${clock(fault.time)}; this failure is likely not your code's.`;
}
/** A machine's fault in a job that passed: worth a warning, never a failure. */
function passingLine(fault) {
    return (`${gpuOf(fault)} fault during a job that passed: ${faultWhat(fault)}${clock(fault.time)}. ` +
        'Results computed on it may be worth a second look.');
}
/** A fault of the program's kind: said to help debug it. */
function programLine(fault) {
    return (`${gpuOf(fault)}: ${faultWhat(fault)}${clock(fault.time)}: the program's kind of fault ` +
        `(NVIDIA's catalog: ${fault.bucket}), worth debugging; the GPU is not blamed.`);
}
/** The line a fault gets, by its kind. */
function faultLine(fault) {
    if (fault.kind === 'program')
        return programLine(fault);
    const whose = fault.kind === 'machine' ? "the machine's kind" : 'not placed on either side';
    return `${gpuOf(fault)}: ${faultWhat(fault)}${clock(fault.time)} (${fault.bucket}, ${whose}).`;
}
/** The `gpu-fault` output: the faults as JSON, or empty when there were none. */
function faultsOutput(watch) {
    if (!watch || watch.faults.length === 0)
        return '';
    return JSON.stringify(watch.faults.map(({ time, gpu, source, code, bucket, kind, meaning, count }) => ({
        ...{ time: time ?? null, gpu: gpu ?? null, source, ...(code === undefined ? {} : { code }) },
        ...{ bucket, kind, meaning, count },
    })));
}
/** Throttling worth a notice: each reason past a few percent of a GPU's run. */
function throttleLine(watch) {
    const worth = watch.throttles.filter((throttle) => throttle.share >= THROTTLE_NOTICE_SHARE);
    if (worth.length === 0)
        return undefined;
    const parts = worth.map((t) => `GPU ${t.gpu} ${t.reason} ${(100 * t.share).toFixed(0)} % of the run`);
    return `${parts.join('; ')}: timings taken then are not comparable with an unthrottled run.`;
}
/** The summary's section: the verdict first, then every fault, then throttling and how the kernel log was read. */
function faultSection(watch, failed) {
    const first = machineFault(watch);
    const lines = ['#### GPU faults', ''];
    if (first && failed)
        lines.push(`**${(0,untrusted/* summaryText */.g5)(machineHeadline(first), 400)}**`, '');
    if (watch.faults.length > 0) {
        lines.push('| time (UTC) | GPU | source | NVIDIA bucket | whose | what |', '|---|---|---|---|---|---|');
        for (const fault of watch.faults) {
            const cells = [fault.time?.slice(11, 19) ?? '', fault.gpu ?? '?', fault.source, fault.bucket, fault.kind];
            lines.push(`| ${cells.join(' | ')} | ${(0,untrusted/* summaryText */.g5)(faultWhat(fault), 300)} |`);
        }
        lines.push('');
    }
    else
        lines.push('No GPU fault was seen.', '');
    const throttle = throttleLine(watch);
    if (throttle)
        lines.push(`Throttled: ${(0,untrusted/* summaryText */.g5)(throttle, 600)}`, '');
    lines.push(kernelLogNote(watch), '');
    return lines.join('\n');
}
/** How the kernel log was read, or why its Xid events are not in the verdict. */
function kernelLogNote(watch) {
    if (watch.kernelLog === undefined)
        return 'The kernel log was not read.';
    if (watch.kernelLog === 'unreadable')
        return ('The kernel log could not be read on the sandbox (neither dmesg nor the journal, with or without sudo -n): ' +
            'Xid events are not in this verdict.');
    return `Xid events were read from the kernel log (${watch.kernelLog}).`;
}

;// CONCATENATED MODULE: ./build/src/gpu-fault/publish.js




/** Reads the watch and says what it saw; the watch, for the step's error and a retry. */
async function publishFaults(core, input) {
    const watch = watchVerdict(parseFaultSections(input.fetched), input);
    // Empty when none: an output never set reads as empty.
    if (watch.faults.length > 0)
        core.setOutput('gpu-fault', faultsOutput(watch));
    if (watch.kernelLog === 'unreadable')
        core.info(`GPU faults: ${kernelLogNote(watch)}`);
    for (const fault of watch.faults)
        core.info(`GPU faults: ${faultLine(fault)}`);
    const first = machineFault(watch);
    if (first && input.failed && !input.errorSaysIt)
        core.error(machineHeadline(first), { title: 'GPU fault' });
    if (first && !input.failed)
        core.warning(passingLine(first), { title: 'GPU fault' });
    for (const fault of watch.faults.filter((f) => f.kind === 'program'))
        core.warning(programLine(fault), { title: "GPU fault of the program's kind" });
    const throttle = throttleLine(watch);
    if (throttle)
        core.notice(throttle, { title: 'GPU throttled' });
    const nothing = watch.faults.length === 0 && !throttle && watch.kernelLog !== 'unreadable';
    if (nothing)
        core.info(`GPU faults: none seen. ${kernelLogNote(watch)}`);
    else
        await core.appendSummary(faultSection(watch, input.failed));
    return watch;
}

;// CONCATENATED MODULE: ./build/src/gpu-report/publish.js
/**
 * What the GPU report shows, from what the sampler's fetch brought back (hostile text: read as numbers
 * only by samples.ts): the summary section, the outputs gpu-memory-peak, gpu-utilization and gpu-samples (a CSV
 * under RUNNER_TEMP that the action writes itself, from the numbers), a warning when the GPU was never used, a notice
 * when a cheaper GPU would have done, and the comment's compact figure. Run by the post step, or by the main step at
 * the end of `run`. Never fails the step: a report that cannot be made says why in one line.
 */








/** The comment's compact figure: peak memory and mean utilization, `unused`, or `no samples`. */
function gpuFigure(report) {
    if (!report || report.gpus.length === 0)
        return 'no samples';
    return report.used ? `${formatGib(report.peakMiB)} · ${report.meanUtilization.toFixed(0)} %` : 'unused';
}
/** The samples as CSV, written by the action from the parsed numbers (nothing of the sandbox's text). */
function samplesCsv(samples) {
    const cell = (value) => (value === undefined ? '' : String(value));
    const lines = samples.map((s) => [new Date(s.at).toISOString(), s.gpu, cell(s.usedMiB), cell(s.totalMiB), cell(s.utilization), cell(s.powerW)].join(','));
    return ['timestamp,gpu,memory_used_mib,memory_total_mib,utilization_percent,power_w', ...lines, ''].join('\n');
}
const NEVER_USED = 'no process held GPU memory above its idle baseline while the job ran, so the job ran on the CPU. Usual causes: ' +
    'a CPU-only build of the framework (e.g. a torch wheel without CUDA), CUDA_VISIBLE_DEVICES empty or wrong, or a ' +
    'container started without the GPU (docker run --gpus all).';
/**
 * Writes the report and the fault watch's; returns the comment's figure (a machine's fault first). Whatever goes wrong
 * with it is one warning, never a failed step.
 */
async function publish_publishGpuReport(core, input) {
    try {
        const figure = await writeReport(core, input);
        if (input.fetched === undefined)
            return { figure };
        const { ran, now, failed, errorSaysIt } = input;
        const since = ran.since ?? 0;
        const watch = await publishFaults(core, {
            fetched: input.fetched,
            since,
            now,
            gpuCount: ran.gpuCount,
            failed,
            errorSaysIt,
        });
        const first = machineFault(watch);
        return {
            figure: first ? `${first.source === 'xid' ? `Xid ${first.code}` : first.source} · ${figure}` : figure,
            watch,
        };
    }
    catch (error) {
        core.warning(`GPU report: ${error.message}`);
        return { figure: gpuFigure(undefined) };
    }
}
async function writeReport(core, input) {
    if (input.fetched === undefined) {
        core.info(`GPU report: no samples came back from ${input.sandboxId} (${input.why ?? 'no answer'}).`);
        await core.appendSummary(`#### GPU\n\nNo samples came back from the sandbox (${input.why ?? 'no answer'}).\n`);
        return gpuFigure(undefined);
    }
    const parts = parseSamples(input.fetched);
    const samples = mergeSamples(parts);
    const report = gpuReport(samples);
    const dropped = parts.dropped > 0 ? `; ${parts.dropped} lines that were not samples were dropped` : '';
    core.info(`GPU report: ${samples.length} samples over ${(0,summary/* formatDuration */.a3)(report.spanMs)}${dropped}.`);
    await core.appendSummary(renderGpuSection(samples) + (dropped ? `\nThe sampler's files${dropped}.\n` : ''));
    if (report.gpus.length === 0)
        return gpuFigure(undefined);
    core.setOutput('gpu-memory-peak', String(Math.round(report.peakMiB)));
    core.setOutput('gpu-utilization', report.meanUtilization.toFixed(1));
    writeCsv(core, input, samples);
    if (!report.used) {
        const failed = input.failed ? ' (the run failed; it may have ended before it reached the GPU)' : '';
        core.warning(`GPU report: the GPU of ${input.sandboxId} was never used${failed}: ${NEVER_USED}`, {
            title: 'GPU never used',
        });
    }
    else if (!input.failed)
        await hintCheaper(core, input, report);
    return gpuFigure(report);
}
function writeCsv(core, input, samples) {
    if (!input.tempDir)
        return;
    const path = (0,external_node_path_.join)(input.tempDir, `gpu-samples-${input.sandboxId}.csv`);
    try {
        (0,external_node_fs_.writeFileSync)(path, samplesCsv(samples), { mode: 0o644 });
        core.setOutput('gpu-samples', path);
    }
    catch (error) {
        core.warning(`GPU report: the samples could not be written to ${path}: ${error.message}`);
    }
}
async function hintCheaper(core, input, report) {
    let prices;
    try {
        prices = await input.prices();
    }
    catch (error) {
        core.info(`GPU report: no cheaper-GPU check, the pricing catalog could not be read (${error.message}).`);
        return;
    }
    const hint = cheaperGpu(report, input.ran, prices);
    if (hint)
        core.notice(describeCheaper(hint, input.ran, input.livedMs), { title: 'A cheaper GPU would have done' });
}

;// CONCATENATED MODULE: ./build/src/gpu-report/fetch.js



const PRICING_TIMEOUT_MS = 15_000;
/** What the sampler wrote, or why nothing came back (never throws); `end` ends the sampler after the read. */
async function fetchOrWhy(target, env, options) {
    try {
        return { fetched: await fetchSamples(target, env, options) };
    }
    catch (error) {
        return { why: error.message };
    }
}
/** The sampler's files, when the main step started one and did not report already. */
async function fetchGpuSamples(deps, state, keepAlive) {
    const saved = state.gpuReport;
    if (!saved || saved.reported)
        return undefined;
    deps.core.info('GPU report: fetching the samples before the stop.');
    // A kept sandbox keeps its sampler (its files stay bounded); one about to be stopped has it ended.
    return { saved, ...(await fetchOrWhy(saved, process.env, { end: !keepAlive, signal: deps.signal })) };
}
/** The report, once the sandbox is stopped; the comment's figure. */
async function reportGpu(deps, state, gpu, config, failed) {
    const startedAt = state.startedAt;
    const signal = withTimeout(PRICING_TIMEOUT_MS, deps.signal);
    const { figure } = await publishGpuReport(deps.core, {
        sandboxId: state.sandboxId ?? 'the sandbox',
        fetched: gpu.fetched,
        why: gpu.why,
        ran: gpu.saved,
        livedMs: startedAt === undefined ? undefined : Math.max(0, deps.clock.now() - startedAt),
        failed,
        prices: () => deps.makeClient(config).getPricing(signal),
        tempDir: process.env.RUNNER_TEMP,
        now: deps.clock.now(),
    });
    return figure;
}

// EXTERNAL MODULE: ./build/src/remote/job.js + 1 modules
var job = __webpack_require__(749);
// EXTERNAL MODULE: ./build/src/sandbox/remote-context.js
var remote_context = __webpack_require__(677);
;// CONCATENATED MODULE: ./build/src/gpu-report/main.js
/**
 * gpu-report in the main step: the sampler starts on a ready GPU sandbox over the action's own SSH (state
 * tells the post step how to fetch it), and `run` reports at its end (outputs for later steps; the post step then has
 * nothing to fetch). Neither ever fails the step: a sampler that cannot start costs the report only.
 */







/** How much earlier than the step saw ready an Xid may be stamped and still be this job's. */
const CLOCK_SLACK_MS = 5_000;
const failedToConnect = (error) => error instanceof SamplerUnreachableError && error.connection;
/** Starts the sampler where gpu-report is on and the sandbox has a GPU; what the post step needs, or undefined. */
async function startGpuSampling(config, deps, started, target, readyAt) {
    if (!config.gpuReport || !started.gpuType)
        return undefined;
    const { core } = deps;
    const context = (0,remote_context/* remoteContext */.W)(deps, started.id, target, 'host');
    try {
        const start = () => startSampler(target, context.env, deps.signal);
        const said = await (0,job/* whileConnecting */.KG)(context, 'GPU report', start, failedToConnect);
        if (said === 'no nvidia-smi') {
            core.warning(`GPU report: ${started.id} has no nvidia-smi, so there is nothing to sample; no GPU report.`);
            return undefined;
        }
        const saved = {
            ...target,
            gpuType: started.gpuType,
            gpuCount: config.gpuCount ?? 1,
            cpu: config.cpu,
            memoryGib: config.memoryGib,
            storageGib: config.storageGib,
            // The kernel's clock and the runner's may differ by seconds (journald's lines have whole seconds).
            since: readyAt - CLOCK_SLACK_MS,
        };
        new step_state/* ActionState */.q(core).saveGpuReport(saved);
        const by = config.run ? 'the end of run' : 'the post step';
        core.info(`GPU report: sampling the GPUs of ${started.id} once a second in the background (${said}); ${by} reports.`);
        return saved;
    }
    catch (error) {
        if (deps.signal.aborted)
            throw error;
        core.warning(`GPU report: the sampler could not be started on ${started.id} (${error.message}).`);
        return undefined;
    }
}
/**
 * `run` has ended: fetch (and end) the sampler, report, and tell the post step it is done; what the fault watch saw
 * (the caller's error names a machine's fault first).
 */
async function reportAtRunEnd(deps, started, saved, use) {
    const env = (0,step_deps/* stepEnvironment */.a)(deps);
    const { fetched, why } = await fetchOrWhy(saved, env, { end: true, signal: deps.signal });
    // Cancelled: the post step fetches what is there, and reports.
    if (deps.signal.aborted)
        return undefined;
    const { figure, watch } = await publish_publishGpuReport(deps.core, {
        sandboxId: started.id,
        fetched,
        why,
        ran: saved,
        livedMs: deps.clock.now() - use.acceptedAt,
        failed: use.failed,
        prices: () => deps.client.getPricing(deps.signal),
        tempDir: env.RUNNER_TEMP,
        now: deps.clock.now(),
        errorSaysIt: true,
    });
    new step_state/* ActionState */.q(deps.core).saveGpuReport({ ...saved, reported: true, figure });
    return watch;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./build/src/remote/scripts.js
var scripts = __webpack_require__(2272);
// EXTERNAL MODULE: ./build/src/run/transfer.js + 1 modules
var transfer = __webpack_require__(3696);
// EXTERNAL MODULE: ./build/src/runtime/program-output.js
var program_output = __webpack_require__(2274);
;// CONCATENATED MODULE: ./build/src/run/main.js
/**
 * `run`, after start mode has a ready sandbox and SSH access to it: upload
 * the workspace paths, run the script as a detached job whose output streams
 * into the log live, download the results (also after a failed run), set
 * `exit-code`, and fail the step when the script did.
 */









const isConnectionError = (error) => error instanceof transfer/* TransferError */.aG && error.connection;
function listed(paths) {
    return paths.map((path) => `'${path}'`).join(', ');
}
async function upload(deps, context, request, workdir, privateDir) {
    const { core, clock } = deps;
    core.startGroup(`Upload ${listed(request.upload)} to ${workdir}`);
    try {
        const began = clock.now();
        const upload = () => (0,transfer/* uploadPaths */.Sc)(context.target, context.placement, request.workspace, request.upload, [privateDir], context.env, context.signal);
        await (0,job/* whileConnecting */.KG)(context, 'upload', upload, isConnectionError);
        core.info(`Uploaded ${listed(request.upload)} from ${request.workspace} (without ` +
            `.git) in ${(0,summary/* formatDuration */.a3)(clock.now() - began)}.`);
    }
    finally {
        core.endGroup();
    }
}
/**
 * Brings `download` back. A path the sandbox does not have, or a failed
 * transfer, is a warning: the run's own result matters more. Only a download
 * over download-limit fails the step (the caller decides when).
 */
async function download(deps, context, request, workdir, privateDir) {
    const { core } = deps;
    if (request.download.length === 0)
        return { copied: [] };
    core.startGroup(`Download ${listed(request.download)} from ${workdir}`);
    try {
        const fetch = () => (0,transfer/* downloadPaths */.PG)(context.target, context.placement, request.workspace, request.download, privateDir, request.downloadLimit, context.env, context.signal);
        const { copied, missing, refused } = await (0,job/* whileConnecting */.KG)(context, 'download', fetch, isConnectionError);
        for (const path of missing)
            core.warning(`download: '${(0,untrusted/* serviceText */.Lo)(path, 200)}' was not found in ${workdir} on the sandbox; nothing was copied for it.`);
        if (refused.length > 0) {
            const count = refused.length === 1 ? '1 entry was' : `${refused.length} entries were`;
            const named = refused.slice(0, 5).map((entry) => (0,untrusted/* serviceText */.Lo)(entry, 200));
            core.warning(`download: ${count} not copied into the workspace: ${named.join('; ')}${refused.length > 5 ? '; …' : ''}`);
        }
        if (copied.length > 0)
            core.info(`Downloaded ${listed(copied)} into ${request.workspace}.`);
        return { copied };
    }
    catch (error) {
        if (context.signal?.aborted)
            throw error;
        if (error instanceof transfer/* DownloadLimitError */._j)
            return { copied: [], overLimit: error.message };
        core.warning(`download failed: ${error.message}`);
        return { copied: [] };
    }
    finally {
        core.endGroup();
    }
}
/** Starts the job and shows its output until it ends. */
async function runJob(deps, context, request, workdir) {
    const { core, clock } = deps;
    const runId = `run-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`;
    const pid = await (0,job/* startJob */._1)(context, runId, request.script);
    core.info(`Run: bash -e in ${workdir}${context.placement === 'image' ? ' (inside the image)' : ''}, ` +
        `as job ${runId} (pid ${pid}) that survives a dropped connection; ` +
        `its output follows.`);
    const began = clock.now();
    const commands = new program_output/* ProgramCommands */.J();
    let end;
    try {
        end = await (0,job/* followJob */.Bv)(context, runId, (line) => {
            commands.see(line);
            core.programLine(line);
        });
    }
    finally {
        // The program paused workflow commands and never resumed them: resumed, or the action's own would go unread.
        const resume = commands.resumeLine();
        if (resume)
            core.programLine(resume);
    }
    const status = 'status' in end ? `exited with ${end.status}` : 'was lost';
    core.info(`Run ${status} after ${(0,summary/* formatDuration */.a3)(clock.now() - began)}.`);
    return end;
}
function runSummary(end, copied, overLimit) {
    const result = 'lost' in end
        ? 'ended without an exit status'
        : end.status === 0
            ? 'passed (exit 0)'
            : `failed (exit ${end.status})`;
    const back = overLimit
        ? '; the download was over download-limit: nothing of it was copied'
        : copied.length > 0
            ? `; downloaded: ${copied.map((path) => (0,untrusted/* summaryText */.g5)(path, 200)).join(', ')}`
            : '';
    return `\n**run** ${result}${back}.\n`;
}
/** Runs `request` on the sandbox; `target.configPath` lies in the step's private directory, which is never uploaded. */
async function runOnSandbox(deps, request, sandboxId, target, placement) {
    const context = (0,remote_context/* remoteContext */.W)(deps, sandboxId, target, placement);
    const workdir = placement === 'image' ? `${scripts/* CONTAINER_WORKDIR */.hD} in the container` : scripts/* HOST_WORKDIR */.Wg;
    const privateDir = (0,external_node_path_.dirname)(target.configPath);
    if (request.upload.length > 0)
        await upload(deps, context, request, workdir, privateDir);
    let end;
    try {
        end = await runJob(deps, context, request, workdir);
    }
    catch (error) {
        // Whatever became of the stream, the results the job has written so far are still wanted.
        const partial = deps.signal.aborted ? undefined : await download(deps, context, request, workdir, privateDir);
        if (partial?.overLimit)
            deps.core.error(partial.overLimit);
        throw error;
    }
    const { copied, overLimit } = await download(deps, context, request, workdir, privateDir);
    await deps.core.appendSummary(runSummary(end, copied, overLimit !== undefined));
    // The run's own failure is the step's message; the limit is said beside it.
    if (overLimit && ('lost' in end || end.status !== 0))
        deps.core.error(overLimit);
    if ('lost' in end)
        throw new Error('run: the job ended without an exit status (its process is gone from the sandbox); see its output above');
    deps.core.setOutput('exit-code', String(end.status));
    if (end.status !== 0)
        throw new Error(`run exited with ${end.status}`);
    if (overLimit)
        throw new Error(overLimit);
}

// EXTERNAL MODULE: ./build/src/pool/prepare.js
var pool_prepare = __webpack_require__(6147);
;// CONCATENATED MODULE: ./build/src/pool/own.js






async function prepareOwnSandbox(deps, sandbox, prepare, limitMs) {
    const { core } = deps;
    core.info(`Pool: no prepared sandbox was claimed, so pool-prepare runs on ${sandbox.id} first; its output follows.`);
    const context = (0,remote_context/* remoteContext */.W)(deps, sandbox.id, sandbox.target, sandbox.placement);
    const commands = new program_output/* ProgramCommands */.J();
    const show = (line) => {
        commands.see(line);
        core.programLine(line);
    };
    const checkout = (0,pool_prepare/* checkoutOf */.o5)(prepare, sandbox.target, (0,step_deps/* stepEnvironment */.a)(deps));
    const outcome = await (0,pool_prepare/* runPreparation */.V9)(context, { script: prepare.script, checkout }, limitMs, show).finally(() => {
        // As after run: a script that paused workflow commands and never resumed them is resumed here.
        const resume = commands.resumeLine();
        if (resume)
            core.programLine(resume);
    });
    if (outcome.ok) {
        core.info(`Pool: pool-prepare passed on ${sandbox.id} in ${(0,summary/* formatDuration */.a3)(outcome.tookMs)}.`);
        return;
    }
    const last = outcome.lastLines.slice(-5).map((line) => (0,untrusted/* serviceText */.Lo)(line, 200));
    throw new Error(`pool-prepare did not succeed on ${sandbox.id}: ${outcome.why}` +
        (last.length > 0 ? `; its last lines: ${last.join(' / ')}` : ''));
}

// EXTERNAL MODULE: ./build/src/inputs/ssh.js
var ssh = __webpack_require__(877);
// EXTERNAL MODULE: ./build/src/ssh/config-files.js
var config_files = __webpack_require__(5018);
// EXTERNAL MODULE: ./build/src/ssh/renewer-process.js
var renewer_process = __webpack_require__(5154);
// EXTERNAL MODULE: ./build/src/ssh/secret-files.js
var secret_files = __webpack_require__(8528);
;// CONCATENATED MODULE: ./build/src/cleanup/ssh.js
/**
 * The post step's first act, in every mode and whatever becomes of the stop:
 * end the certificate renewer, turn what it logged as failures into one
 * warning, then remove the Include line this job's main step added to
 * ~/.ssh/config (that line only) and the private directory with the key,
 * certificate and config.
 */







async function endTheRenewer(core, state, clock) {
    const pid = state.renewerPid;
    if (pid !== undefined) {
        const ended = await (0,renewer_process/* endRenewer */.qw)(pid, clock);
        if (ended === 'ended')
            core.info(`Ended the SSH certificate renewer (pid ${pid}).`);
        else if (ended === 'not-running')
            core.info(`The SSH certificate renewer (pid ${pid}) had already ended.`);
        else
            core.warning(`The SSH certificate renewer (pid ${pid}) did not end after SIGTERM ` +
                `and SIGKILL. ${process.env.RUNNER_TRACKING_ID
                    ? "It carries the job's RUNNER_TRACKING_ID, so the runner's end-of-job " + 'clean-up ends it'
                    : 'No RUNNER_TRACKING_ID here, so no runner clean-up will find it'}; ` +
                `without its files it ends by itself at its next renewal.`);
    }
    const dir = state.secretDirectory;
    const failures = dir ? (0,renewer_process/* renewerFailures */.kg)((0,external_node_path_.join)(dir, renewer_process/* RENEWER_LOG */.qS)) : [];
    const last = failures.at(-1);
    if (last) {
        const what = (0,untrusted/* serviceText */.Lo)(last.replace(/^\S+ failed: /, ''), 300);
        core.warning(`The SSH certificate renewer reported ${failures.length === 1 ? 'a failure' : `${failures.length} failures`}; ` +
            `the last: ${what}`);
    }
}
/**
 * Before another attempt on a fresh sandbox (retry-on-gpu-fault): the stopped sandbox's renewer, Include line and
 * address files go, so nothing names it; the key and certificate stay for the next sandbox.
 */
async function forgetSandboxAccess(core, state, clock, alias) {
    await endTheRenewer(core, state, clock);
    const include = state.sshInclude;
    if (include)
        (0,config_files/* removeInclude */.BJ)(include.userConfig, include);
    const dir = state.secretDirectory;
    if (dir)
        for (const name of ['known_hosts', (0,ssh/* configFileName */.S3)(alias)])
            (0,external_node_fs_.rmSync)((0,external_node_path_.join)(dir, name), { force: true });
}
async function removeSshAccess(core, state, clock) {
    try {
        await endTheRenewer(core, state, clock);
        const include = state.sshInclude;
        if (include) {
            const removed = (0,config_files/* removeInclude */.BJ)(include.userConfig, include);
            core.info(removed
                ? `Removed the SSH Include line from ${include.userConfig}.`
                : `The SSH Include line was no longer in ${include.userConfig}.`);
        }
        const dir = state.secretDirectory;
        if (dir) {
            (0,secret_files/* removePrivateDirectory */.th)(dir);
            core.info(`Removed the private key directory ${dir}.`);
        }
    }
    catch (error) {
        // Files are not worth a leaked sandbox: say so, and go on to the stop.
        core.warning(`Could not remove the SSH files: ${error instanceof Error ? error.message : String(error)}`);
    }
}
/**
 * The main step's end where no later step uses SSH (`run` alone: no `ssh: true`, no runner, no debug hold): the
 * renewer, the Include line, the key and the certificate (which open every sandbox of the organization) go now, not
 * at the post step; the state no longer names them.
 */
async function dropSshAccess(core, state, clock) {
    core.info('SSH: no later step uses it (run alone; ssh: true keeps `ssh <alias>` for later steps): the key, certificate ' +
        'and Include line are removed now.');
    await removeSshAccess(core, state, clock);
    state.forgetSshAccess();
}

;// CONCATENATED MODULE: ./build/src/gpu-fault/error.js
/**
 * A run the GPU failed: the step's error says the machine's fault first, the original error after it. `retry`: the
 * step has attempts left, so the caller stops this sandbox at once and runs again on a fresh one.
 */

class GpuFaultError extends Error {
    fault;
    retry;
    /** The run's own error, as it was. */
    original;
    constructor(fault, original, retry) {
        super(`${machineHeadline(fault)}\n${original.message}`);
        this.fault = fault;
        this.original = original;
        this.retry = retry;
    }
    /** `GPU 0 Xid 79`, for a comment row's narrow cells. */
    get short() {
        return faultShort(this.fault);
    }
}
/** The words of a fault, short, for the summary's list of attempts. */
const attemptWords = (fault) => `${fault.gpu === undefined ? 'GPU' : `GPU ${fault.gpu}`}: ${faultWhat(fault)}`;

;// CONCATENATED MODULE: ./build/src/start/use.js
















/** After the summary: fail for a failed sandbox, else finish SSH and carry out run or runner. */
async function useReady(config, deps, started, waited, ssh) {
    if (waited.error)
        throw waited.error;
    if ((0,sandbox_status/* isFailed */.Ix)(waited.status)) {
        const failure = (0,record/* failureReason */.Hr)(waited.known);
        const why = failure ? `: ${failure}` : '';
        throw new Error(`Sandbox ${started.id} failed to provision (status 'failed')${why}. ` +
            `The post step stops it; see the 'sandbox' output for the record.`);
    }
    let configPath;
    if (config.ssh && ssh.prepared && waited.record) {
        configPath = (0,access/* finishSandboxSsh */.TD)(deps, config.ssh, ssh.prepared, waited.record);
        if (config.debug && !config.debug.refused)
            new step_state/* ActionState */.q(deps.core).saveDebugAccess({ configPath, alias: config.ssh.alias });
        const ttl = config.ttlByType?.[started.gpuType ?? 'cpu'] ?? config.maxTtlSeconds;
        const byTtl = config.enforceTtl ? ssh.acceptedAt + ttl * 1000 : undefined;
        await (0,access/* keepCertificateFresh */.jt)(deps, config, ssh.prepared, started.id, (0,record/* endsAtMs */.uX)(waited.record, byTtl));
    }
    deps.core.info(`Sandbox ${started.id} is ${(0,untrusted/* serviceText */.Lo)(waited.status)}.`);
    if (!config.ssh || !configPath)
        return;
    const target = { configPath, alias: config.ssh.alias };
    const placement = config.image === undefined ? 'host' : 'image';
    if (ssh.prepareOwn)
        await prepareOwnSandbox(deps, { id: started.id, target, placement }, ssh.prepareOwn, config.timeoutMs);
    const sampling = await startGpuSampling(config, deps, started, target, ssh.readyAt);
    const watched = sampling && { saved: sampling, acceptedAt: ssh.acceptedAt };
    await useSandbox(config, deps, started, target, { sampling: watched, retriesLeft: ssh.retriesLeft ?? 0 });
}
/**
 * A run's error once the fault watch has spoken: a machine's fault goes first (a GpuFaultError, to retry where
 * attempts are left); a program's fault is added after the run's own words; anything else stays as it was.
 */
function runError(error, watch, retriesLeft) {
    const first = machineFault(watch);
    if (first && error instanceof Error)
        return new GpuFaultError(first, error, retriesLeft > 0);
    const program = watch?.faults.find((fault) => fault.kind === 'program');
    if (program && error instanceof Error)
        error.message = `${error.message}\n${programLine(program)}`;
    return error;
}
/** What `run` or `runner: true` does with the ready sandbox, over the action's own SSH access. */
async function useSandbox(config, deps, started, target, use) {
    const sandboxId = started.id;
    const { sampling } = use;
    if (config.run) {
        let failure;
        try {
            await runOnSandbox(deps, config.run, sandboxId, target, config.image === undefined ? 'host' : 'image');
        }
        catch (error) {
            failure = error;
        }
        // The outputs are for later steps: run reports at its end (the post step then has nothing to fetch).
        const failed = failure !== undefined;
        const watch = sampling && (await reportAtRunEnd(deps, started, sampling.saved, { ...sampling, failed }));
        if (failed)
            throw deps.signal.aborted ? failure : runError(failure, watch, use.retriesLeft);
    }
    // The runner runs on the host (a job's own `container:` gives it an image), next to ~/actions-runner.
    if (config.runner)
        await (0,register/* registerRunner */.GT)(deps, config.runner, sandboxId, (0,remote_context/* remoteContext */.W)(deps, sandboxId, target, 'host'), (0,external_node_path_.dirname)(target.configPath));
}
/**
 * The main step's end: with `run` alone, no later step uses the SSH access, so it goes now (the key and certificate
 * open every sandbox of the organization). Kept where the post step still needs it: a pool claim whose answer was
 * lost, a preparation cut short.
 */
async function dropUnusedSsh(config, deps, state) {
    if (!config.ssh || config.ssh.laterSteps !== false || !state.secretDirectory)
        return;
    if ((0,main/* pendingIds */.O3)(state).some((id) => id !== state.sandboxId)) {
        deps.core.info('SSH: kept for the post step, which asks again about a pool sandbox this step may hold.');
        return;
    }
    await dropSshAccess(deps.core, state, deps.clock);
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var classic_schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./build/src/inputs/approval.js
var approval = __webpack_require__(8944);
;// CONCATENATED MODULE: ./build/src/approval/label.js
/**
 * `approve-label`: the label approves the head it was given
 * to, and nothing pushed after it. A `labeled` run names that commit itself: the
 * pull request's head must still be it. Any other run reports a push (or another
 * event) that GitHub made this very run for, so it carries its own time:
 * `created_at` of this workflow run (a re-run keeps it). The label approves
 * that run's head when
 * - the head is still the head this run's event named,
 * - the newest `labeled` event of the label is newer than this run, and
 * - the head branch was not force-pushed, deleted or restored after this run was
 *   made: a head that moved away and came back (a commit pushed back) always takes
 *   one of those, since fast-forwards alone never return to a commit.
 * Runs of the same commit on other branches or pull requests prove nothing and
 * are not read. Where GitHub's records cannot show it, the gate refuses.
 *
 * `approve-label-once` approves the run, not its first leg: a leg
 * that finds the label gone still starts when the records show that the label
 * approved this run (as above) and was removed since only by a bot (this
 * action's token, github-actions[bot]), never by a person, with the head
 * unmoved. A new run needs a new label: its own creation comes after the label.
 */


/** The gate said no: who, which commit, and what a maintainer does. */
class ApprovalRefusedError extends Error {
    constructor(message) {
        super(`Approval gate: ${message} Nothing was started.`);
        this.name = 'ApprovalRefusedError';
    }
}
const PullRequest = classic_schemas/* looseObject */._H3({
    head: classic_schemas/* looseObject */._H3({ sha: classic_schemas/* string */.YjP() }),
    labels: classic_schemas/* array */.YOg(classic_schemas/* looseObject */._H3({ name: classic_schemas/* string */.YjP() })),
});
const TimelineEvent = classic_schemas/* looseObject */._H3({
    event: classic_schemas/* string */.YjP(),
    created_at: classic_schemas/* string */.YjP().optional(),
    label: classic_schemas/* looseObject */._H3({ name: classic_schemas/* string */.YjP() }).optional(),
    actor: classic_schemas/* looseObject */._H3({ login: classic_schemas/* string */.YjP(), type: classic_schemas/* string */.YjP().optional() }).nullish(),
});
const WorkflowRun = classic_schemas/* looseObject */._H3({ created_at: classic_schemas/* string */.YjP() });
/** 1,000 timeline events; a longer timeline cannot be read to its end, so the gate refuses. */
const TIMELINE_PAGES = 10;
/** What moves a head branch other than a fast-forward. */
const HEAD_MOVES = new Set(['head_ref_force_pushed', 'head_ref_deleted', 'head_ref_restored']);
const label_short = (sha) => (0,untrusted/* serviceText */.Lo)(sha.slice(0, 12), 12);
const when = (ms) => new Date(ms).toISOString().replace('.000Z', 'Z');
class LabelCheck {
    read;
    actor;
    runId;
    once;
    constructor(read, actor, runId, once = false) {
        this.read = read;
        this.actor = actor;
        this.runId = runId;
        this.once = once;
    }
    /**
     * Passes (returns the approved head, and whether the label was gone already: approve-label-once, removed by an
     * earlier leg or attempt), or throws ApprovalRefusedError (or an error naming github-token).
     */
    async check(label, pr) {
        const current = PullRequest.parse(await this.read({
            label: `reading pull request #${pr.number}`,
            route: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
            parameters: { pull_number: pr.number },
        }, 'pull-requests: read'));
        const head = current.head.sha;
        const again = `A maintainer approves the current head by removing the label '${label}' and adding it again.`;
        const carried = current.labels.some((l) => l.name === label);
        const missing = () => new ApprovalRefusedError(`pull request #${pr.number} (head ${label_short(head)}, run by @${(0,untrusted/* serviceText */.Lo)(this.actor, 40)}) ` +
            `does not carry the label '${label}'. A maintainer approves this code by adding the label '${label}'.`);
        if (!carried && !this.once)
            throw missing();
        const labeledRun = pr.action === 'labeled' && pr.labeled === label;
        if (head !== pr.headSha)
            throw new ApprovalRefusedError(labeledRun
                ? `the label '${label}' was given to ${label_short(pr.headSha)}, but pull request #${pr.number}'s head is now ` +
                    `${label_short(head)} (a push after the approval). ${again}`
                : `this run is for ${label_short(pr.headSha)}, but pull request #${pr.number}'s head is now ${label_short(head)} ` +
                    `(a push after this run was made). ${again}`);
        if (!carried)
            await this.checkRemovedByAction(label, pr, labeledRun, missing);
        else if (!labeledRun)
            await this.checkAfterRun(label, pr, again);
        return { head, gone: !carried };
    }
    /**
     * approve-label-once, the label gone: it approved this run (a labeled run's own label, else one added after the
     * run was made), every removal since was a bot's (this action's post step in another leg or attempt), and the head
     * branch has not moved since. Otherwise the label's absence refuses, as without approve-label-once.
     */
    async checkRemovedByAction(label, pr, labeledRun, missing) {
        const createdAt = labeledRun ? undefined : await this.runCreatedAt();
        const timeline = await this.timeline(label, pr.number);
        const given = timeline?.labeledAt;
        if (!timeline || given === undefined || (!labeledRun && (createdAt === undefined || given <= createdAt)))
            throw missing();
        const since = timeline.removed.filter((removal) => removal.at >= given);
        const person = since.find((removal) => !removal.bot);
        if (person || since.length === 0)
            throw new ApprovalRefusedError(`the label '${label}' was removed from pull request #${pr.number}` +
                `${person ? ` by @${(0,untrusted/* serviceText */.Lo)(person.by, 40)}` : ''} after it approved this run: a person's removal ` +
                `withdraws the approval. A maintainer approves this code by adding the label '${label}' again.`);
        const moved = timeline.movedAt.filter((at) => at > Math.min(given, createdAt ?? given));
        if (moved.length > 0)
            throw new ApprovalRefusedError(`pull request #${pr.number}'s head branch was force-pushed (${when(Math.max(...moved))}) after the label ` +
                `'${label}' approved this run. A maintainer approves the current head by adding the label again.`);
    }
    /** A label already there approves the head only when it came after this run, and the head never moved since. */
    async checkAfterRun(label, pr, again) {
        const createdAt = await this.runCreatedAt();
        const timeline = await this.timeline(label, pr.number);
        const head = label_short(pr.headSha);
        if (createdAt === undefined || timeline === undefined || timeline.labeledAt === undefined)
            throw new ApprovalRefusedError(`GitHub's records do not show that '${label}' was added to pull request #${pr.number} after its head ` +
                `${head} was pushed. ${again}`);
        if (timeline.labeledAt <= createdAt)
            throw new ApprovalRefusedError(`the label '${label}' on pull request #${pr.number} was added (${when(timeline.labeledAt)}) before this ` +
                `run was made for its head ${head} (${when(createdAt)}, run by @${(0,untrusted/* serviceText */.Lo)(this.actor, 40)}): ` +
                `a push after the approval, or a commit pushed again. ${again}`);
        const moved = timeline.movedAt.filter((at) => at > createdAt);
        if (moved.length > 0)
            throw new ApprovalRefusedError(`pull request #${pr.number}'s head branch was force-pushed (${when(Math.max(...moved))}) after this run ` +
                `was made for ${head} (${when(createdAt)}): ${head} may have been pushed back after the approval. ${again}`);
    }
    /** When GitHub made this workflow run (a re-run keeps it), or undefined. */
    async runCreatedAt() {
        if (this.runId === undefined)
            return undefined;
        const run = WorkflowRun.safeParse(await this.read({
            label: `reading this workflow run (${this.runId})`,
            route: 'GET /repos/{owner}/{repo}/actions/runs/{run_id}',
            parameters: { run_id: this.runId },
        }, 'actions: read'));
        const at = run.success ? Date.parse(run.data.created_at) : NaN;
        return Number.isFinite(at) ? at : undefined;
    }
    /** The pull request's timeline, read to its end (oldest first), or undefined when it is longer than we read. */
    async timeline(label, number) {
        const found = { movedAt: [], removed: [] };
        for (let page = 1; page <= TIMELINE_PAGES; page++) {
            const data = await this.read({
                label: `reading the timeline of pull request #${number}`,
                route: 'GET /repos/{owner}/{repo}/issues/{issue_number}/timeline',
                parameters: { issue_number: number, per_page: 100, page },
            }, 'pull-requests: read');
            const events = Array.isArray(data) ? data : [];
            for (const raw of events) {
                const event = TimelineEvent.safeParse(raw);
                const at = event.success ? Date.parse(event.data.created_at ?? '') : NaN;
                if (!event.success || !Number.isFinite(at))
                    continue;
                if (event.data.event === 'labeled' && event.data.label?.name === label)
                    found.labeledAt = Math.max(found.labeledAt ?? 0, at);
                if (HEAD_MOVES.has(event.data.event))
                    found.movedAt.push(at);
                if (event.data.event === 'unlabeled' && event.data.label?.name === label) {
                    const by = event.data.actor?.login ?? '';
                    found.removed.push({ at, by, bot: event.data.actor?.type === 'Bot' || by.endsWith('[bot]') });
                }
            }
            if (events.length < 100)
                return found;
        }
        return undefined;
    }
}

// EXTERNAL MODULE: ./build/src/github/call.js
var github_call = __webpack_require__(865);
// EXTERNAL MODULE: ./build/src/github/octokit.js
var octokit = __webpack_require__(4636);
;// CONCATENATED MODULE: ./build/src/approval/github.js
/**
 * The approval gate (issues 31 and 42), read from GitHub with `github-token`
 * before any request to the service. A pull-request run passes only when:
 * - `min-permission`: the triggering actor holds at least that permission
 *   (GET …/collaborators/{actor}/permission: `role_name`, else `permission`);
 * - `approve-label`: the pull request carries the label on the head it was
 *   given to, and nothing was pushed after it (label.ts).
 * A gate that cannot be evaluated refuses; it never passes. Every GitHub string
 * reaches the log through serviceText.
 */







const Collaborator = classic_schemas/* looseObject */._H3({ permission: classic_schemas/* string */.YjP(), role_name: classic_schemas/* string */.YjP().optional() });
class ApprovalGate {
    request;
    deps;
    octokit;
    constructor(request, deps) {
        this.request = request;
        this.deps = deps;
    }
    async read(call, needs) {
        const { githubToken, repository } = this.request;
        const github = await (this.octokit ??= (0,octokit/* loadOctokit */.mV)(githubToken, repository.apiUrl));
        const full = { ...call, needs: `The approval gate needs a token with ${needs}, and refuses without it.` };
        const answer = await (0,github_call/* callGitHub */.ur)(github, repository, this.deps, full);
        return answer.data;
    }
    /**
     * Passes, or throws ApprovalRefusedError (or an error naming github-token). `labelGone`: approve-label-once found
     * the label removed already (by an earlier leg or attempt of this run), so this leg need not remove it.
     */
    async check() {
        const { pullRequest, eventName, minPermission, label } = this.request;
        if (!pullRequest) {
            this.deps.log(`Approval gate: a '${eventName || 'local'}' run is not a pull request's: nothing to approve.`);
            return { labelGone: false };
        }
        if (minPermission)
            await this.checkPermission(minPermission, pullRequest);
        return { labelGone: label ? await this.checkLabel(label, pullRequest) : false };
    }
    async checkPermission(min, pr) {
        const { actor } = this.request;
        if (!/^[A-Za-z0-9-]+(\[bot\])?$/.test(actor))
            throw new ApprovalRefusedError(`the run's actor ('${(0,untrusted/* serviceText */.Lo)(actor, 40)}') cannot be checked.`);
        const data = await this.read({
            label: `reading ${actor}'s permission`,
            route: 'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
            parameters: { username: actor },
        }, 'metadata: read');
        const answer = Collaborator.safeParse(data);
        const held = answer.success ? (answer.data.role_name ?? answer.data.permission).toLowerCase() : 'unknown';
        const rank = approval/* PERMISSIONS */.Jj.indexOf(held);
        const { owner, repo } = this.request.repository;
        if (rank < approval/* PERMISSIONS */.Jj.indexOf(min))
            throw new ApprovalRefusedError(`@${actor} holds '${(0,untrusted/* serviceText */.Lo)(held, 20)}' on ${owner}/${repo}, ` +
                `below min-permission '${min}' (pull request #${pr.number}, head ${label_short(pr.headSha)}). ` +
                `Someone with '${min}' or more approves by re-running the job.`);
        this.deps.log(`Approval gate: @${actor} holds '${held}' (min-permission '${min}').`);
    }
    async checkLabel(label, pr) {
        const { actor, runId, once } = this.request;
        const check = new LabelCheck((call, needs) => this.read(call, needs), actor, runId, once);
        const { head, gone } = await check.check(label, pr);
        this.deps.log(`Approval gate: pull request #${pr.number} is approved by '${label}' for head ${label_short(head)}` +
            (gone ? ' (approve-label-once: removed already by an earlier job of this run, which it approved).' : '.'));
        return gone;
    }
}
/** approve-label-once: the post step removes the label; a label already gone is fine. */
async function removeApprovalLabel(request, number, label, deps) {
    const github = await loadOctokit(request.githubToken, request.repository.apiUrl);
    const call = {
        label: `removing the label '${label}' from pull request #${number}`,
        route: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
        parameters: { issue_number: number, name: label },
        needs: 'approve-label-once needs a token with pull-requests: write.',
    };
    try {
        await callGitHub(github, request.repository, deps, call);
        return 'removed';
    }
    catch (error) {
        if (error instanceof GitHubError && error.status === 404)
            return 'gone';
        throw error;
    }
}

// EXTERNAL MODULE: ./build/src/inputs/default-name.js
var default_name = __webpack_require__(6536);
// EXTERNAL MODULE: ./build/src/inputs/job-environment.js
var job_environment = __webpack_require__(3156);
;// CONCATENATED MODULE: ./build/src/gpu-check/remote.js
/**
 * The GPU health check: `nvidia-smi` with a machine-readable query
 * over the action's own SSH, and what its answer says of the sandbox. The
 * answer comes from the sandbox, so it is hostile text: parsed strictly, and
 * shown only through serviceText.
 */







const GPU_QUERY = 'nvidia-smi --query-gpu=index,name,memory.used,memory.total,driver_version --format=csv,noheader,nounits';
/** Used memory at or above this share of the total: another process holds the GPU. */
const BUSY_SHARE = 0.05;
/**
 * The query, then the kernel log's Xid lines and the GPUs' bus ids (gpu-fault), in one session; it exits with the
 * query's status, whatever the later parts' nvidia-smi says (a GPU may fall off the bus between the two).
 */
const CHECK_SCRIPT = [
    GPU_QUERY,
    'query_status=$?',
    kernelLogScript(),
    gpusNowScript(),
    'exit $query_status',
].join('\n');
class ConnectionFailed extends Error {
}
/** Runs the query on the sandbox (retrying while its sshd is not up yet). */
async function readGpus(context) {
    const { code, stdout, stderr } = await (0,job/* whileConnecting */.KG)(context, 'GPU check', async () => {
        const result = await (0,ssh_command/* runScript */.j3)(context.target, CHECK_SCRIPT, [], '', context.env, context.signal);
        if (result.code === ssh_command/* SSH_CONNECTION_FAILED */.M2)
            throw new ConnectionFailed('the SSH connection failed');
        return result;
    }, (error) => error instanceof ConnectionFailed);
    const at = stdout.search(/^== xid\b/m);
    const [query, rest] = at < 0 ? [stdout, ''] : [stdout.slice(0, at), stdout.slice(at)];
    const said = (query.trim() || stderr.trim()).split('\n')[0] ?? '';
    if (code !== 0)
        return { ok: false, why: `nvidia-smi failed (exit ${code}): ${(0,untrusted/* serviceText */.Lo)(said, 160)}` };
    const reading = parseGpus(query);
    if (!reading.ok)
        return reading;
    const watch = watchVerdict(parseFaultSections(rest), { since: 0, now: 0, gpuCount: reading.gpus.length });
    const faults = watch.faults.filter((fault) => fault.source === 'xid' && fault.kind === 'machine').map(faultLine);
    return faults.length > 0 ? { ...reading, faults } : reading;
}
function parseGpus(text) {
    const gpus = [];
    for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
        const fields = line.split(',').map((field) => field.trim());
        const [, name, used, total, driver] = fields;
        if (fields.length !== 5 || !name || !/^\d+$/.test(used ?? '') || !/^\d+$/.test(total ?? '') || !driver)
            return { ok: false, why: `nvidia-smi answered a line the check cannot read: ${(0,untrusted/* serviceText */.Lo)(line, 160)}` };
        gpus.push({ name, usedMiB: Number(used), totalMiB: Number(total), driver });
    }
    if (gpus.length === 0)
        return { ok: false, why: 'nvidia-smi listed no GPU' };
    return { ok: true, gpus };
}
/** -1, 0 or 1: dotted versions compared number by number (550.54.15 > 550.54 > 535.183.01). */
function compareVersions(a, b) {
    const parts = (v) => v.split('.').map((part) => Number.parseInt(part, 10) || 0);
    const [x, y] = [parts(a), parts(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
        const diff = (x[i] ?? 0) - (y[i] ?? 0);
        if (diff !== 0)
            return Math.sign(diff);
    }
    return 0;
}
/** Every way the reading falls short of what was started; empty: healthy. */
function gpuProblems(reading, expected) {
    if (!reading.ok)
        return [reading.why];
    const problems = [];
    const { gpus } = reading;
    if (gpus.length !== expected.count)
        problems.push(`${gpus.length} GPU(s), ${expected.count} started`);
    const wrong = gpus.filter((gpu) => !gpu.name.toUpperCase().includes(expected.type.toUpperCase()));
    if (wrong.length > 0)
        problems.push(`not ${expected.type}: ${(0,untrusted/* serviceText */.Lo)(wrong[0]?.name ?? '', 60)}`);
    const busy = gpus.filter((gpu) => gpu.totalMiB === 0 || gpu.usedMiB >= gpu.totalMiB * BUSY_SHARE);
    if (busy.length > 0) {
        const gpu = busy[0];
        problems.push(`memory in use: ${gpu.usedMiB} of ${gpu.totalMiB} MiB (another process holds the GPU)`);
    }
    const old = expected.minDriver
        ? gpus.find((gpu) => compareVersions(gpu.driver, expected.minDriver ?? '') < 0)
        : undefined;
    if (old)
        problems.push(`driver ${(0,untrusted/* serviceText */.Lo)(old.driver, 30)} is older than min-driver ${expected.minDriver}`);
    return [...problems, ...(reading.faults ?? []).map((fault) => `a GPU fault in its kernel log: ${fault}`)];
}
/** One line of the check's table: the GPUs a sandbox showed. */
function describeReading(reading) {
    if (!reading.ok)
        return reading.why;
    const first = reading.gpus[0];
    const used = reading.gpus.map((gpu) => `${gpu.usedMiB}`).join('/');
    const driver = (0,untrusted/* serviceText */.Lo)(first.driver, 30);
    const name = (0,untrusted/* serviceText */.Lo)(first.name, 60);
    return `${reading.gpus.length} x ${name}, used ${used} of ${first.totalMiB} MiB, driver ${driver}`;
}

// EXTERNAL MODULE: ./build/src/sandbox/stop.js
var stop = __webpack_require__(7153);
;// CONCATENATED MODULE: ./build/src/gpu-check/main.js












const MAX_REPLACEMENTS = 2;
/** How long the stop of a sandbox that failed the check may take before the step gives up on replacing it. */
const STOP_FOR_MS = 5 * 60_000;
async function checkSandboxGpus(deps, config, started, prepared, record) {
    const found = (0,access/* pinnableEndpoint */.FX)(record);
    if ('problem' in found)
        throw new access/* SshUnavailableError */.VY(`the sandbox record${found.problem}`);
    const dir = (0,secret_files/* privateDirectory */.Jt)(prepared.dir);
    const { configPath } = (0,config_files/* writeSshFiles */.RO)(dir, 'gpu-check', found.endpoint, prepared.keyPath, prepared.certPath);
    const context = (0,remote_context/* remoteContext */.W)(deps, started.id, { configPath, alias: 'gpu-check' }, 'host');
    const reading = await readGpus(context);
    const gpu = `${config.gpuCount ?? 1} x ${started.gpuType ?? '?'}`;
    const expected = { type: started.gpuType ?? '', count: config.gpuCount ?? 1, minDriver: config.gpuCheck?.minDriver };
    const row = { id: started.id, gpu, showed: describeReading(reading), problems: gpuProblems(reading, expected) };
    const verdict = row.problems.length === 0 ? 'healthy' : `failed: ${row.problems.join('; ')}`;
    deps.core.info(`GPU check of ${started.id} (${gpu}): ${row.showed}: ${verdict}.`);
    return row;
}
/**
 * Stops a sandbox before it is used (it failed the GPU check, or is beyond max-live); throws (the post
 * step stops it then) when the stop is not accepted in time. `because` starts the log line.
 */
async function stopBeforeUse(deps, id, acceptedAt, because) {
    const result = await (0,stop/* stopSandbox */.a)((0,step_deps/* opContext */.R)(deps), id, deps.clock.now() + STOP_FOR_MS, { acceptedAt });
    // From here the post step has nothing to do for it (until the next start saves its own id).
    new step_state/* ActionState */.q(deps.core).saveStoppedByMainStep(id);
    deps.core.info(`${because}: ${(0,stop/* describeStopOutcome */.i)(id, result)}`);
}
/** The start to try next: a generated name is generated anew; a name the user chose goes through the name rules. */
function nextAttempt(config, deps) {
    if (!config.nameWasGenerated)
        return config;
    return { ...config, name: (0,default_name/* generateSandboxName */.cK)((0,job_environment/* jobEnvironmentFromEnv */.s)((0,step_deps/* stepEnvironment */.a)(deps))) };
}
/** The table of every sandbox checked, Markdown (the summary) with every cell escaped. */
function gpuCheckTable(rows) {
    const cell = (text) => (0,untrusted/* summaryText */.g5)(text, 400);
    const lines = rows.map((row) => `| ${cell(row.id)} | ${cell(row.gpu)} | ${cell(row.showed)} | ` +
        `${cell(row.problems.length === 0 ? 'healthy' : row.problems.join('; '))} |`);
    return ['| sandbox | started | nvidia-smi showed | verdict |', '|---|---|---|---|', ...lines].join('\n');
}
/** The step's error after the last replacement failed too: what each sandbox showed, one line each. */
function allFailedError(rows) {
    const lines = rows.map((row) => `${row.id} (${row.gpu}): ${row.showed}: ${row.problems.join('; ')}`);
    return new Error(`GPU check: ${rows.length} sandboxes failed it and were stopped; none was used.\n` +
        `${lines.map((line) => (0,untrusted/* serviceText */.Lo)(line, 400)).join('\n')}\n` +
        'Try another gpu-type, or set gpu-check: false to use a GPU as it comes.');
}

;// CONCATENATED MODULE: ./build/src/start/checks.js
/**
 * Start mode's checks around a start: the approval gate before anything,
 * max-live right after our own start, and the GPU check once ready. A sandbox
 * that fails one after it started is stopped here, before it is ever used.
 */





/** max-live, right after our own start: beyond the limit by creation order, it is stopped before use. */
async function keptUnderLimit(limit, deps, id, acceptedAt, deadline) {
    const { within, place } = await (0,live_limit/* withinLimit */.zl)((0,step_deps/* opContext */.R)(deps), limit, id, deadline);
    if (within)
        return true;
    const because = `max-live ${limit.max}: ${id} is number ${place} of this repository's live sandboxes (by creation)`;
    await stopBeforeUse(deps, id, acceptedAt, because);
    deps.core.info(`max-live ${limit.max}: waiting for room again.`);
    return false;
}
async function passGate(approval, deps, state) {
    const { labelGone } = await new ApprovalGate(approval, { ...deps, log: (m) => deps.core.info(m) }).check();
    const pr = approval.pullRequest;
    // A label an earlier job of this run removed already is not asked for again.
    if (approval.once && approval.label && pr && !labelGone)
        state.saveApproval({ number: pr.number, label: approval.label });
}
/** The check, when it is on and the sandbox is ready; undefined otherwise. */
async function gpuCheck(config, deps, started, prepared, waited) {
    if (!config.gpuCheck || !prepared || !waited.record || waited.error || !(0,sandbox_status/* isReady */.i_)(waited.status))
        return undefined;
    return checkSandboxGpus(deps, config, started, prepared, waited.record);
}

;// CONCATENATED MODULE: ./build/src/start/cost.js
/**
 * The real cost of this run so far: `billed-seconds` from each
 * accepted start to its stop (or to now), not rounded to minutes, and `cost`
 * at the catalog's hourly estimate, the sandboxes stopped before use (a failed
 * GPU check, max-live) included. A GPU without a catalog price leaves `cost`
 * empty; billed seconds are always known.
 */

/** Adds a sandbox stopped before use (stopped just now) to what was spent, and saves it for the post step. */
async function spentBeforeUse(spent, deps, state, acceptedAt, billing) {
    const now = (0,sandbox_billing/* addSpent */.uG)(spent, deps.clock.now() - acceptedAt, (await billing).dollarsPerHour);
    state.saveSpentBefore(now);
    return now;
}
/** Sets `cost` and `billed-seconds`: the sandboxes before, and the kept one from `acceptedAt` to now. */
function setCostOutputs(deps, before, acceptedAt, dollarsPerHour) {
    const total = (0,sandbox_billing/* addSpent */.uG)(before, deps.clock.now() - acceptedAt, dollarsPerHour);
    deps.core.setOutput('cost', total.dollars === undefined ? '' : total.dollars.toFixed(6));
    deps.core.setOutput('billed-seconds', String(total.seconds));
}

;// CONCATENATED MODULE: ./build/src/start/retry.js
/**
 * `retry-on-gpu-fault`: a run the GPU failed with a fault of the machine's kind, attempts left, goes again on a fresh
 * sandbox. The faulty one is stopped at once by this step (never handed back to a pool, never claimed again), its
 * billed time joins the cost, and the log, the summary and the comment's row name each attempt and its sandbox.
 */





/** A run's error that asks for another attempt. */
const asksRetry = (error) => error instanceof GpuFaultError && error.retry;
/**
 * An attempt's use; false when it ended well, true when a GPU fault asks for another: the faulty sandbox is stopped
 * and said, and the caller counts its cost and starts the next attempt. Any other error goes on.
 */
async function usedOrFaulted(use, deps, attempt, faulted) {
    try {
        await use();
        return false;
    }
    catch (error) {
        if (!asksRetry(error))
            throw error;
        await endFaultedAttempt(deps, error, attempt, faulted);
        return true;
    }
}
/** Stops the faulty sandbox at once and says so. */
async function endFaultedAttempt(deps, error, attempt, faulted) {
    const { id } = attempt;
    faulted.push({ id, short: error.short });
    const words = attemptWords(error.fault);
    await stopBeforeUse(deps, id, attempt.acceptedAt, `retry-on-gpu-fault: ${id}, whose GPU faulted`);
    // Nothing on the runner names the stopped sandbox; the next one's access is written fresh.
    if (attempt.alias)
        await forgetSandboxAccess(deps.core, new step_state/* ActionState */.q(deps.core), deps.clock, attempt.alias);
    deps.core.info(`retry-on-gpu-fault: attempt ${faulted.length} on ${id} failed with a fault of the machine's kind (${words}); ` +
        `it is stopped, and the run goes again on a fresh sandbox (attempt ${faulted.length + 1}).`);
    await deps.core.appendSummary(`#### Attempt ${faulted.length} on ${id}: GPU fault\n\n` +
        `${(0,untrusted/* summaryText */.g5)(words, 300)}. The sandbox was stopped at once; the run went again on a fresh sandbox ` +
        '(its sections follow). Both count in the cost.\n');
}

;// CONCATENATED MODULE: ./build/src/comment/main.js




function statusOf(config, failure) {
    if (failure !== undefined) {
        const message = failure instanceof GpuFaultError ? failure.original.message : String(failure.message);
        const exit = /\brun exited with (\d+)/.exec(message);
        const status = exit ? `run failed (exit ${exit[1]})` : `failed: ${(0,untrusted/* serviceText */.Lo)(message.split('\n')[0], 200)}`;
        // The machine's fault first: the first thing a reader of the row should know.
        return failure instanceof GpuFaultError ? `${failure.short} fault, likely not the code's; ${status}` : status;
    }
    if (config.run)
        return 'run passed (exit 0)';
    return config.runner ? 'ready; the runner is online' : 'ready';
}
/** `; after GPU 0 Xid 79 on sbx-…`: the attempts a GPU fault ended before this one. */
const afterFaults = (faulted) => faulted?.length ? `; after ${faulted.map((attempt) => `${attempt.short} on ${attempt.id}`).join(', ')}` : '';
async function commentFromMain(config, deps, state, started, outcome, relayed = false) {
    if (!config.comment)
        return;
    const now = deps.clock.now();
    const total = (0,sandbox_billing/* addSpent */.uG)(outcome.spent, now - (outcome.billedFrom ?? outcome.acceptedAt), outcome.dollarsPerHour);
    const status = statusOf(config, outcome.failure) + afterFaults(outcome.faulted);
    const facts = {
        sandboxId: started.id,
        job: config.comment.job,
        gpu: started.gpuType ? `${config.gpuCount ?? 1} x ${started.gpuType}` : 'none (CPU only)',
        status: outcome.pool ? `${status}; ${(0,row/* poolText */.S)(outcome.pool)}` : status,
        timeToReadyMs: outcome.readyAt - outcome.acceptedAt,
        runMs: config.run ? now - outcome.readyAt : undefined,
        downloaded: config.run?.download,
        billedSeconds: total.seconds,
        cost: total.dollars ?? null,
        runUrl: config.comment.runUrl,
    };
    state.saveCommentFacts(facts);
    state.saveGitHubBudget(deps.githubBudget?.save());
    // One write a job at most, the post step's, with the stop: a matrix's legs share the repository's GitHub
    // budget (GITHUB_TOKEN: 1,000 requests an hour), so the main step asks GitHub nothing for the comment.
    if (relayed)
        deps.core.info("comment: the post step gives this job's row to the run's artifacts; the last job to end writes it.");
    else
        deps.core.info("comment: the post step writes this job's row, with the stop (one write a job).");
}

// EXTERNAL MODULE: ./build/src/comment/relay.js
var relay = __webpack_require__(8202);
// EXTERNAL MODULE: ./build/src/comment/artifacts.js + 1 modules
var artifacts = __webpack_require__(9776);
;// CONCATENATED MODULE: ./build/src/start/main.js




















async function runStart(requested, deps) {
    const state = new step_state/* ActionState */.q(deps.core);
    const stepStart = deps.clock.now();
    if (requested.dryRun)
        return reportStartDryRun(requested, deps);
    const config = await gateAndCaps(requested, deps, state);
    // The comment's row will come through the run's artifacts: said at once, while the sandbox starts.
    const store = config.comment ? artifacts/* ArtifactStore */.cJ.fromEnvironment((0,step_deps/* stepEnvironment */.a)(deps), deps) : undefined;
    const announced = (0,relay/* announceLeg */.Cr)(store, config.comment, config.name, (message) => deps.core.info(message));
    try {
        await startAndUse(config, deps, state, stepStart, store !== undefined);
    }
    finally {
        await announced.settled();
    }
}
/** `relayed`: the comment's row goes through the run's artifacts (the post step gives it; said in the log). */
async function startAndUse(gated, deps, state, stepStart, relayed) {
    // After the gate and the caps, before anything is started: a claim from the pool.
    const side = gated.pool ? await (0,main/* claimFromPool */.hc)(gated, deps, state) : {};
    try {
        return await attempts(gated, deps, state, { stepStart, relayed }, side);
    }
    finally {
        // The pool's upkeep runs beside the job's own wait and use; the step ends once it is done.
        await side.upkeep;
        (0,main/* forgetOthers */.jk)(side.pool, state);
        await dropUnusedSsh(gated, deps, state);
    }
}
async function attempts(gated, deps, state, step, side) {
    let config = gated;
    let prepared = side.prepared;
    const checks = [];
    const faulted = [];
    const roomDeadline = deps.clock.now() + config.capacityTimeoutMs;
    let spent = sandbox_billing/* NOTHING_SPENT */.zx;
    for (;;) {
        const claimed = side.claimed;
        side.claimed = undefined;
        if (!claimed && config.liveLimit)
            await (0,live_limit/* waitForRoom */.e2)((0,step_deps/* opContext */.R)(deps), config.liveLimit, roomDeadline);
        const { started, preparedSsh } = claimed
            ? { started: claimed.started, preparedSsh: prepared }
            : await startPhase(config, deps, state, step.stepStart + config.timeoutMs, prepared);
        prepared = preparedSsh;
        const acceptedAt = announceStarted(started, deps, state, claimed?.waitedMs);
        // A claimed sandbox was billed from its creation: its wait unclaimed is this job's cost.
        const billedFrom = acceptedAt - (claimed?.waitedMs ?? 0);
        if (side.pool && config.pool)
            side.upkeep ??= (0,main/* upkeepLater */.Js)(config, deps, side.pool, state);
        // Informational, read while the sandbox provisions; it never fails the step.
        const billing = readBilling(config, started, deps);
        if (!claimed &&
            config.liveLimit &&
            !(await keptUnderLimit(config.liveLimit, deps, started.id, acceptedAt, roomDeadline))) {
            spent = await spentBeforeUse(spent, deps, state, billedFrom, billing);
            config = nextAttempt(config, deps);
            continue;
        }
        const waited = config.wait ? await waitPhase(config, deps, state, started) : await readOnce(deps, state, started);
        const row = await gpuCheck(config, deps, started, prepared, waited);
        if (row)
            checks.push(row);
        if (row && row.problems.length > 0) {
            await stopBeforeUse(deps, started.id, acceptedAt, 'GPU check');
            spent = await spentBeforeUse(spent, deps, state, billedFrom, billing);
            if (checks.length > MAX_REPLACEMENTS) {
                await deps.core.appendSummary(`### GPU check\n\n${gpuCheckTable(checks)}\n`);
                throw allFailedError(checks);
            }
            config = nextAttempt(config, deps);
            continue;
        }
        const pool = config.pool && (0,main/* poolRowOf */.IZ)(config.pool, claimed, side.why);
        const used = { started, waited, billing: await billing, acceptedAt, billedFrom, spent, prepared, checks, pool };
        const use = () => useAttempt(config, deps, state, step, { ...used, faulted });
        const attempt = { id: started.id, acceptedAt, alias: config.ssh?.alias };
        if (!(await usedOrFaulted(use, deps, attempt, faulted)))
            return;
        spent = await spentBeforeUse(spent, deps, state, billedFrom, billing);
        config = nextAttempt(config, deps);
    }
}
/** Outputs and summary, then run, runner or SSH, then the cost outputs again and the comment. */
async function useAttempt(config, deps, state, step, used) {
    const { started, waited, billing, acceptedAt, billedFrom, spent, prepared, checks } = used;
    setOutputsFrom(config, deps, waited);
    if (config.pool)
        deps.core.setOutput('pool-claimed', used.pool?.claim ? 'true' : 'false');
    await writeSummary(config, deps, state, started, waited, billing, step.stepStart, used.pool);
    if (checks.length > 0)
        await deps.core.appendSummary(`#### GPU check\n\n${gpuCheckTable(checks)}\n`);
    const hourly = billing.dollarsPerHour;
    setCostOutputs(deps, spent, billedFrom, hourly);
    const readyAt = deps.clock.now();
    let failure;
    try {
        // A prepared pool's job on a sandbox of its own prepares it first (a claimed one was prepared).
        const prepareOwn = used.pool?.claim ? undefined : config.pool?.prepare;
        const retriesLeft = (config.run?.retryOnGpuFault ?? 0) - used.faulted.length;
        return await useReady(config, deps, started, waited, { acceptedAt, readyAt, prepared, prepareOwn, retriesLeft });
    }
    catch (error) {
        failure = error;
        if (config.debug)
            state.saveMainFailure((0,untrusted/* serviceText */.Lo)(error.message?.split('\n')[0], 200));
        throw error;
    }
    finally {
        // Again once run or runner is done: what this run cost by the end of the main step, and the comment.
        setCostOutputs(deps, spent, billedFrom, hourly);
        const outcome = { acceptedAt, billedFrom, readyAt, failure, spent, dollarsPerHour: hourly, pool: used.pool };
        // An attempt that goes again has no row of its own: the last attempt's row names it.
        if (waited.record && !deps.signal.aborted && !asksRetry(failure))
            await commentFromMain(config, deps, state, started, { ...outcome, faulted: used.faulted }, step.relayed);
    }
}
/** The gate first (a refused run sends nothing), then the caps (they may shorten the list and the TTL). */
async function gateAndCaps(requested, deps, state) {
    if (requested.approval)
        await passGate(requested.approval, deps, state);
    const capped = await (0,caps/* applySpendingCaps */.Q)(requested, deps);
    for (const line of capped.lines)
        deps.core.info(`Caps: ${line}.`);
    const limit = capped.config.liveLimit;
    if (!limit)
        return capped.config;
    return { ...capped.config, capsApplied: [...(capped.config.capsApplied ?? []), `max-live ${limit.max} at once`] };
}
async function reportStartDryRun(config, deps) {
    const request = (0,start/* buildStartRequest */.K9)(config, config.gpuTypes[0]);
    // env values may be secrets: the log and the summary show only their names (the output has the real body).
    const shown = request.env
        ? { ...request, env: Object.fromEntries(Object.keys(request.env).map((key) => [key, '***'])) }
        : request;
    await (0,summary/* reportDryRun */.HN)(deps.core, 'Sandbox', 'POST /sandboxes/start', request, shown, ' (env values hidden)');
}
/** Saves the id and sets the first outputs; returns when the start was accepted. */
function announceStarted(started, deps, state, waitedMs = 0) {
    const { core } = deps;
    const acceptedAt = deps.clock.now();
    // Saved the moment the answer (or the claim) arrived, before any polling: the post step stops it from here on. A
    // claimed sandbox's cost counts from its creation.
    state.saveSandboxId(started.id, acceptedAt - waitedMs);
    core.setOutput('sandbox-id', started.id);
    (0,outputs/* setTextOutput */.Lb)(core, 'sandbox-name', started.name);
    core.setOutput('gpu-type', started.gpuType ?? '');
    const verb = started.attempts[0]?.startsWith('claimed') ? 'claimed' : started.adopted ? 'adopted' : 'accepted';
    const how = `${verb}${started.gpuType ? ` with ${started.gpuType}` : ''}`;
    core.info(`Sandbox ${started.id} ('${(0,untrusted/* serviceText */.Lo)(started.name)}') ${how}.`);
    return acceptedAt;
}
function readBilling(config, started, deps) {
    const spec = {
        cpu: config.cpu,
        memoryGib: config.memoryGib,
        storageGib: config.storageGib,
        gpuType: started.gpuType,
        gpuCount: config.gpuCount ?? 1,
    };
    return (0,sandbox_billing/* readBillingContext */.zg)(deps.client, spec, (message) => deps.core.warning(message), deps.signal);
}


/***/ })

};
