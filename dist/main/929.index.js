export const id = 929;
export const ids = [929];
export const modules = {

/***/ 1924:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  kN: () => (/* binding */ keepAndWatch)
});

// UNUSED EXPORTS: FAILURES_IN_ROW, LOOK_EVERY_MS

// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/ssh/access.js + 2 modules
var access = __webpack_require__(7421);
// EXTERNAL MODULE: ./build/src/step/summary.js
var summary = __webpack_require__(9128);
// EXTERNAL MODULE: ./build/src/sandbox/remote-context.js
var remote_context = __webpack_require__(677);
// EXTERNAL MODULE: ./build/src/sandbox/status.js
var sandbox_status = __webpack_require__(8935);
// EXTERNAL MODULE: ./build/src/pool/claim.js
var claim = __webpack_require__(236);
// EXTERNAL MODULE: ./build/src/pool/match.js
var match = __webpack_require__(9025);
// EXTERNAL MODULE: ./build/src/pool/prepare.js
var pool_prepare = __webpack_require__(6147);
;// CONCATENATED MODULE: ./build/src/pool/preparer.js







/** How often a sandbox being provisioned is read again before its preparation. */
const READY_POLL_MS = 1_000;
/** How many times this step tries a sandbox whose preparation could not begin, before it leaves it to the idle rule. */
const BEGIN_TRIES = 3;
/** Until `id` is ready (its record), or undefined once it ended, failed or the limit passed. */
async function readyRecord(pool, id, untilMs, signal) {
    while (pool.clock.now() < untilMs) {
        const record = await pool.read(id).catch(() => undefined);
        if (record && (0,sandbox_status/* isReady */.i_)(record.status))
            return record;
        if (record && (0,sandbox_status/* isNotLive */.ec)(record.status))
            return undefined;
        await pool.clock.sleep(READY_POLL_MS, signal);
    }
    return undefined;
}
/**
 * Prepares the pool sandboxes of one step, several at once: `add` each one as it is known (started, or found ready
 * and unprepared), `settle` waits for them all; `cancel` ends those still under way (each stopped).
 */
class Preparer {
    running = new Map();
    targets = new Map();
    cut = new AbortController();
    /** Sandboxes whose preparation could not begin yet, and how many times it was tried. */
    unbegun = new Map();
    done = [];
    /** Failed preparations since the last success, and the last one's words (its last lines are the sandbox's). */
    failuresInRow = 0;
    lastFailure;
    /** Who prepares: the claimant of a failed preparation's claim, and the name in each lock. */
    claimant;
    config;
    deps;
    pool;
    state;
    constructor(config, deps, pool, state) {
        this.config = config;
        this.deps = deps;
        this.pool = pool;
        this.state = state;
        this.claimant = `prep-${config.name}`.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);
    }
    get busy() {
        return this.running.size;
    }
    /**
     * What this step is preparing or will try again: its own idle rule leaves them alone (one that came ready only after
     * pool-idle has waited that long since its creation, not since anyone could prepare it).
     */
    get mine() {
        return [...this.running.keys(), ...this.unbegun.keys()];
    }
    /** Being prepared, or done with: one whose preparation could not begin yet is not, and may be added again. */
    has(id) {
        return this.running.has(id) || this.done.some((item) => item.id === id);
    }
    add(id) {
        if (this.has(id))
            return;
        const run = this.prepare(id).catch((error) => {
            this.pool.log(`Pool '${this.config.pool.name}': ${id} not prepared (${(0,untrusted/* serviceText */.Lo)(String(error), 200)}).`);
            return { id, kind: 'failed' };
        });
        this.running.set(id, run.then((prepared) => {
            this.running.delete(id);
            if (!this.tryAgain(prepared))
                this.done.push(prepared);
            return prepared;
        }));
    }
    /** Whether one whose preparation could not begin is kept for a later look (a few times, while this step lives). */
    tryAgain(prepared) {
        const tries = (this.unbegun.get(prepared.id) ?? 0) + 1;
        this.unbegun.delete(prepared.id);
        if (!prepared.again || this.cut.signal.aborted || this.deps.signal.aborted)
            return false;
        if (tries < BEGIN_TRIES) {
            this.unbegun.set(prepared.id, tries);
            return true;
        }
        const name = this.config.pool.name;
        this.pool.log(`Pool '${name}': ${prepared.id}: its preparation could not begin ${tries} times; left to pool-idle.`);
        return false;
    }
    async settle() {
        while (this.running.size > 0)
            await Promise.all(this.running.values());
    }
    /** Ends every preparation under way; each one's sandbox is stopped (nothing is left half-prepared). */
    async cancel() {
        this.cut.abort(new Error('the keeper ends'));
        await this.settle();
    }
    forget(id) {
        this.targets.delete(id);
        this.save();
    }
    save() {
        const pending = [...this.targets].map(([id, target]) => ({ id, ...target }));
        this.state.savePoolClaims({ claimant: this.claimant, pending }, 'preparing');
    }
    async prepare(id) {
        const { config, deps, pool } = this;
        const name = config.pool.name;
        const signal = AbortSignal.any([deps.signal, this.cut.signal]);
        const until = deps.clock.now() + config.timeoutMs;
        const record = await readyRecord(pool, id, until, signal).catch(() => undefined);
        if (!record) {
            // Nothing begun on it, nothing stopped: it stays the pool's, for a later look or keeper to prepare.
            if (signal.aborted || deps.clock.now() < until)
                return { id, kind: 'skipped' };
            pool.log(`Pool '${name}': ${id} was not ready within timeout; a later look or keeper prepares it once it is.`);
            return { id, kind: 'skipped', again: true };
        }
        const target = await pool.reach(id, record);
        // Taken now: another step judges this preparation abandoned by when it began, not by when this step did.
        const lock = (0,pool_prepare/* lockText */.li)(this.claimant, deps.clock.now());
        const locked = await (0,pool_prepare/* lockPreparation */.PI)(target, id, lock, { env: pool.env, signal });
        if (locked === 'unreachable' && !signal.aborted) {
            pool.log(`Pool '${name}': ${id} did not answer over SSH; a later look or keeper prepares it once it does.`);
            return { id, kind: 'skipped', again: true };
        }
        if (locked !== 'locked') {
            if (locked !== 'prepared')
                pool.log(`Pool '${name}': ${id} not prepared by this step: ${locked}.`);
            return { id, kind: 'skipped' };
        }
        this.targets.set(id, target);
        this.save();
        pool.log(`Pool '${name}': preparing ${id} (pool-prepare; its output follows, each line after its id).`);
        const context = { ...(0,remote_context/* remoteContext */.W)(deps, id, target, config.image === undefined ? 'host' : 'image'), signal };
        const show = (line) => deps.core.programLine(`${id}: ${line}`);
        const { prepare } = config.pool;
        const checkout = (0,pool_prepare/* checkoutOf */.o5)(prepare, target, pool.env);
        const outcome = await (0,pool_prepare/* runPreparation */.V9)(context, { script: prepare.script, checkout }, config.timeoutMs, show).catch((error) => ({ ok: false, why: (0,untrusted/* serviceText */.Lo)(String(error), 200), lastLines: [] }));
        if (outcome.ok) {
            const mark = await (0,pool_prepare/* markPrepared */.nl)(target, id, lock, deps.clock.now(), { env: pool.env, signal });
            if (mark === 'marked') {
                this.forget(id);
                this.failuresInRow = 0;
                pool.log(`Pool '${name}': ${id} prepared in ${(0,summary/* formatDuration */.a3)(outcome.tookMs)}; it may be claimed now.`);
                return { id, kind: 'prepared', billedMs: billedSince(record, deps.clock.now()) };
            }
            return this.unused(id, target, record, `its mark could not be written (${mark})`, []);
        }
        const why = signal.aborted ? 'the step ended before it did' : outcome.why;
        return this.unused(id, target, record, why, outcome.lastLines);
    }
    /** A sandbox this step locked whose preparation did not succeed: claimed by this step, then stopped. */
    async unused(id, target, record, why, lastLines) {
        const { pool, deps } = this;
        const name = this.config.pool.name;
        // Counted before the stop: a look during it must already know (a keeper stops starting after a few in a row).
        const kind = this.cut.signal.aborted ? 'cancelled' : 'failed';
        if (kind === 'failed') {
            this.failuresInRow++;
            this.lastFailure = { id, why, lastLines };
        }
        pool.log(`Pool '${name}': the preparation of ${id} did not succeed (${(0,untrusted/* serviceText */.Lo)(why, 200)}); it is stopped.`);
        if (lastLines.length > 0) {
            pool.log(`Pool '${name}': its last ${lastLines.length} lines:`);
            for (const line of lastLines)
                deps.core.programLine(`${id}: ${line}`);
        }
        // Claimed first, as an idle stop is: a sandbox this step claimed no job can claim.
        const verdict = await (0,claim/* claimSandbox */.E0)(target, id, this.claimant, { env: pool.env, signal: deps.signal });
        // One not stopped now stays in the state, claimed by this step: the post step stops it.
        const stopped = verdict.kind === 'won' &&
            (await pool.stop(id).then(() => true, () => false));
        if (stopped)
            this.forget(id);
        else
            pool.log(`Pool '${name}': ${id} could not be stopped now; it stays this step's, for its post step to stop.`);
        return { id, kind, billedMs: billedSince(record, deps.clock.now()) };
    }
}
const billedSince = (record, now) => (0,match/* waitedMs */.h)(record, now);

// EXTERNAL MODULE: ./build/src/sandbox/live-limit.js
var live_limit = __webpack_require__(9665);
// EXTERNAL MODULE: ./build/src/sandbox/stop.js
var stop = __webpack_require__(7153);
// EXTERNAL MODULE: ./build/src/pool/idle.js
var pool_idle = __webpack_require__(5896);
// EXTERNAL MODULE: ./build/src/pool/names.js
var names = __webpack_require__(4932);
;// CONCATENATED MODULE: ./build/src/pool/refill.js
/**
 * The pool refills itself with the flow of jobs: after its claim or its cold
 * start, a step (and mode pool's keeper, at each look) starts, without waiting
 * for them, as many pool sandboxes as the pool lacks to hold `pool-size` ready
 * unclaimed ones of its request, never past the room `max-live` leaves. Ready
 * ones are asked whether they are claimed (read only, on the sandbox); ones
 * still starting count as coming. A sandbox that cannot say counts as claimed:
 * the pool may then start one too many, which the idle rule ends, rather than
 * a job waiting for one that is not there. Steps at once may start one too
 * many between them: bounded by the room, and ended by the idle rule. The
 * sandboxes it starts are not this step's to stop: the idle rule and their TTL
 * (pool-idle + max-ttl, in the start request the caller builds) end them.
 */





/** The pool's sandboxes of this request: ready ones (those a hold names apart), and the ones still on their way. */
async function census(deps, pool) {
    const { prefix } = pool;
    const recent = pool.recent ?? [];
    const view = await (0,names/* poolView */.WR)(deps.list(), (parts) => (0,names/* prefixOf */.MT)(parts) === prefix);
    const { held } = view;
    // What this look just stopped is gone, whatever a list read before the stop says.
    const items = view.items.filter((item) => !pool.gone?.includes(item.id));
    const ready = items.filter((item) => (0,sandbox_status/* isReady */.i_)(item.status));
    // Anything neither ready nor failed nor ended is on its way (status.ts: an unknown word is in progress).
    const starting = items.filter((item) => !(0,sandbox_status/* isReady */.i_)(item.status) && !(0,sandbox_status/* isNotLive */.ec)(item.status)).map((item) => item.id);
    // One this step started that the list does not show yet (a list may lag a start) is on its way too.
    const listed = new Set(items.map((item) => item.id));
    starting.push(...recent.filter((id) => !listed.has(id)));
    return {
        ready: ready.filter((item) => !held.has(item.id)),
        held: ready.filter((item) => held.has(item.id)),
        starting,
    };
}
/**
 * In a prepared pool a ready sandbox is the pool's only once prepared; before that it is on its way. One that could not
 * say counts as claimed, or, for a step that looks again within seconds (`unsureComing`), as on its way: a keeper
 * whose SSH fails must not start `pool-size` more at every look.
 */
function sortLooks(ready, looks, prepared, unsureComing) {
    const ids = { unclaimed: [], claimed: [], coming: [], unprepared: [] };
    ready.forEach(({ id }, k) => {
        const look = looks[k] ?? { by: undefined };
        if (look.by === undefined && unsureComing)
            ids.coming.push(id);
        else if (look.by !== null)
            ids.claimed.push(id);
        else if (!prepared || look.preparedAt !== undefined)
            ids.unclaimed.push(id);
        // An abandoned one is neither: the idle rule stops it.
        else if ((0,pool_prepare/* isAbandoned */.zI)(look, prepared.now, prepared.limitMs))
            return;
        else {
            ids.coming.push(id);
            if (look.preparingSince === undefined)
                ids.unprepared.push(id);
        }
    });
    return ids;
}
/** Starts what the pool lacks (at most `room`); the ids started, and what it found. */
async function refill(deps, pool) {
    const { ready, held, starting: startingOnes } = await census(deps, pool);
    // One that cannot say (no access, no answer) counts as claimed: at worst one too many starts, and idles out.
    const looks = await Promise.all(ready.map(async (item) => {
        const { id } = item;
        // Known prepared, and no hold names it: unclaimed for this count, with no connection (a claim's hold shows it).
        const known = pool.knownPrepared?.get(id);
        if (known !== undefined)
            return { by: null, preparedAt: known };
        const context = { env: deps.env, signal: deps.signal };
        // A list item with an SSH address serves as the record; one without is read (a list may leave fields out).
        return (item.ssh ? Promise.resolve({ ...item, status: item.status ?? '' }) : deps.read(id))
            .then((record) => deps.reach(id, record))
            .then((target) => (0,claim/* lookAt */.t5)(target, id, context))
            .catch(() => ({ by: undefined }));
    }));
    deps.mark?.('survey');
    const limitMs = pool.prepareLimitMs;
    const prepared = limitMs === undefined ? undefined : { now: deps.clock.now(), limitMs };
    const sorted = sortLooks(ready, looks, prepared, pool.recent !== undefined);
    const unclaimedIds = sorted.unclaimed;
    // A sandbox a hold names is claimed, whatever it says of itself (no need to ask it).
    const claimedIds = [...held.map((item) => item.id), ...sorted.claimed];
    const startingIds = [...startingOnes, ...sorted.coming];
    const unclaimed = unclaimedIds.length;
    const starting = startingIds.length;
    const lacking = Math.max(0, Math.min(pool.size - unclaimed - starting, pool.room));
    const started = [];
    let startFailed = false;
    for (let k = 0; k < lacking; k++) {
        try {
            started.push(await deps.start((0,names/* poolSandboxName */.vN)(pool.prefix)));
            deps.mark?.('start');
        }
        catch (error) {
            deps.log(`Pool '${pool.name}': a sandbox for the pool could not be started (${(0,untrusted/* serviceText */.Lo)(String(error), 200)}).`);
            startFailed = true;
            break;
        }
    }
    const room = pool.size - unclaimed - starting > pool.room ? `; max-live leaves room for ${pool.room}` : '';
    deps.log(`Pool '${pool.name}': ${unclaimed} ready and unclaimed, ${starting} starting, pool-size ${pool.size}: ` +
        `started ${started.length}${room}.`);
    const ids = { unclaimed: unclaimedIds, claimed: claimedIds, starting: startingIds, unprepared: sorted.unprepared };
    return { started, unclaimed, starting, ids, ...(startFailed ? { startFailed } : {}) };
}

// EXTERNAL MODULE: ./build/src/pool/request.js
var request = __webpack_require__(805);
// EXTERNAL MODULE: ./build/src/client/errors.js
var errors = __webpack_require__(486);
// EXTERNAL MODULE: ./build/src/client/retry.js
var retry = __webpack_require__(9943);
// EXTERNAL MODULE: ./build/src/sandbox/start.js
var sandbox_start = __webpack_require__(7649);
;// CONCATENATED MODULE: ./build/src/pool/start.js
/**
 * Starting one pool sandbox: the GPU types in the job's order, one
 * request each (transient errors retried briefly), no wait for capacity. A
 * lost answer is not looked for: a pool sandbox is not this step's to stop,
 * and one nobody knows of idles out (the idle rule) or ends at its TTL.
 */




/** How long one pool sandbox's start may take, retries included. */
const POOL_START_BUDGET_MS = 30_000;
/** Starts a pool sandbox named `name`; its id. Throws when no GPU type had room or the service refused. */
async function startPoolSandbox(ctx, config, name) {
    const start = (0,request/* poolStartConfig */.Dk)(config, name);
    const deadline = ctx.clock.now() + POOL_START_BUDGET_MS;
    const client = ctx.client.withDeadline(deadline, ctx.clock);
    const types = start.gpuTypes.length > 0 ? start.gpuTypes : [undefined];
    let last;
    for (const type of types) {
        try {
            const started = await (0,retry/* retryUntil */.v6)(ctx, deadline, `start pool sandbox '${name}'`, () => client.startSandbox((0,sandbox_start/* buildStartRequest */.K9)(start, type), ctx.signal), { retryable: (error) => (0,retry/* isTransient */.dg)(error) && !(0,errors/* isServiceError */.gi)(error, 'sandbox_capacity_unavailable') });
            return started.id;
        }
        catch (error) {
            last = error;
            if (!(0,errors/* isServiceError */.gi)(error, 'sandbox_capacity_unavailable'))
                throw error;
        }
    }
    throw last;
}

// EXTERNAL MODULE: ./build/src/step/deps.js
var step_deps = __webpack_require__(3996);
;// CONCATENATED MODULE: ./build/src/pool/upkeep.js
/**
 * The pool's upkeep, the same in start mode (after its claim or
 * cold start, not waited for) and in mode `pool`: stop the pool's sandboxes
 * unclaimed past pool-idle (each claimed first: one a job holds is never
 * stopped), then start what the pool lacks to hold pool-size ready and
 * unclaimed ones, within the room max-live leaves. The sandboxes it starts are
 * the pool's, never this step's: the idle rule and their TTL end them.
 */









/** How long the count of live sandboxes for max-live may take. */
const COUNT_BUDGET_MS = 30_000;
const STOP_BUDGET_MS = 60_000;
/** How many more sandboxes max-live allows now (pool-size where there is no limit). */
async function roomLeft(config, deps) {
    if (!config.liveLimit)
        return config.pool.size;
    const live = await (0,live_limit/* repositoryLive */.$8)((0,step_deps/* opContext */.R)(deps), config.liveLimit, deps.clock.now() + COUNT_BUDGET_MS);
    return Math.max(0, config.liveLimit.max - live.length);
}
/**
 * A pool sandbox over max-live is stopped only once this step claimed it, as an idle stop is: a fast one may be ready
 * and claimed by a job before the stop, and another's is never stopped. One still provisioning is waited for (a claim
 * needs SSH); one that failed or ended is nobody's; one claimed by another is left to that job.
 */
async function stopOverLimit(config, deps, pool, id, claimant) {
    // Not ready within the limit, failed or ended: nobody can have claimed it.
    const record = await readyRecord(pool, id, deps.clock.now() + config.timeoutMs, deps.signal);
    if (record) {
        const target = await pool.reach(id, record);
        const verdict = await (0,claim/* claimSandbox */.E0)(target, id, claimant, { env: pool.env, signal: deps.signal });
        if (verdict.kind !== 'won')
            return `left to ${verdict.kind === 'taken' ? 'the job that claimed it' : 'its TTL'}`;
    }
    await (0,stop/* stopSandbox */.a)((0,step_deps/* opContext */.R)(deps), id, deps.clock.now() + STOP_BUDGET_MS, { acceptedAt: deps.clock.now() });
    return 'claimed by this step and stopped';
}
/**
 * One pool sandbox, kept under max-live: steps at once may all see room for one more, so right after its start the
 * list is read again, and one beyond the limit by creation order is claimed and stopped (stopOverLimit) and the
 * refill ends there.
 */
async function startWithinLimit(config, deps, pool, claimant, name) {
    const ctx = (0,step_deps/* opContext */.R)(deps);
    const id = await startPoolSandbox(ctx, config, name);
    if (!config.liveLimit)
        return id;
    const { within, place } = await (0,live_limit/* withinLimit */.zl)(ctx, config.liveLimit, id, deps.clock.now() + COUNT_BUDGET_MS);
    if (within)
        return id;
    const what = await stopOverLimit(config, deps, pool, id, claimant);
    throw new Error(`max-live ${config.liveLimit.max}: ${id} was number ${place} of this repository's live sandboxes, ${what}`);
}
/** `drain` (mode pool with pool-size 0): every unclaimed ready one is stopped now, however short its wait. */
async function keepPool(config, deps, pool, options) {
    const { name, repositoryId, idleSeconds, size } = config.pool;
    const idleMs = options.drain ? 0 : idleSeconds * 1000;
    // Only this request's and trust domain's: a pull request's step never stops a branch's sandbox, nor the reverse.
    const prefix = (0,request/* prefixFor */.aU)(config);
    // A prepared pool's preparation may run as long as the step's `timeout`.
    const prepareLimitMs = config.pool.prepare ? config.timeoutMs : undefined;
    const idle = { name, repositoryId, idleMs, claimant: options.claimant, prefix, prepareLimitMs };
    const { stopped } = await (0,pool_idle/* stopIdle */.p)(pool, { ...idle, preparing: options.preparing });
    pool.mark?.('idle');
    const room = options.noStarts ? 0 : await roomLeft(config, deps);
    pool.mark?.('count');
    const start = async (sandboxName) => {
        if (options.mayStart?.() === false)
            throw new Error('the keeper starts no more: its preparations keep failing');
        return startWithinLimit(config, deps, pool, options.claimant, sandboxName);
    };
    const refillDeps = { ...pool, start };
    const filled = await refill(refillDeps, {
        ...{ name, prefix, size, room, prepareLimitMs },
        recent: options.recent,
        gone: stopped,
        knownPrepared: options.knownPrepared,
    });
    return { stopped, ...filled };
}

// EXTERNAL MODULE: ./build/src/pool/phases.js
var pool_phases = __webpack_require__(7226);
;// CONCATENATED MODULE: ./build/src/pool/keeper.js






/** How often a watching keeper looks at its pool. */
const LOOK_EVERY_MS = 2_000;
/** How long a sandbox a watching keeper started counts as on its way without the list showing it. */
const RECENT_MS = 60_000;
/** How long a watching keeper counts a sandbox it saw prepared and unclaimed as such without asking it again. */
const KNOWN_FOR_MS = 30_000;
/** A watching keeper whose preparations fail this many times in a row, without a success, starts no more. */
const FAILURES_IN_ROW = 3;
/** The step's error for failed preparations (their last lines are the sandbox's: shown as untrusted text). */
function failureOf(preparer, watching) {
    const failed = preparer.done.filter((item) => item.kind === 'failed').length;
    const last = preparer.lastFailure;
    if (!last || (watching ? preparer.failuresInRow < FAILURES_IN_ROW : failed === 0))
        return undefined;
    const lines = last.lastLines.slice(-5).map((line) => (0,untrusted/* serviceText */.Lo)(line, 200));
    const what = watching
        ? `pool-prepare failed ${preparer.failuresInRow} times in a row without a success, so no more sandboxes are started`
        : `pool-prepare failed on ${failed} of the pool's sandboxes (each stopped, never claimed)`;
    return (`${what}; the last, on ${last.id}: ${(0,untrusted/* serviceText */.Lo)(last.why, 200)}` +
        (lines.length > 0 ? `; its last lines: ${lines.join(' / ')}` : ''));
}
const isPrepared = (config) => config.pool.prepare !== undefined;
/** After a start that failed, a watching keeper starts nothing for this long, doubled each time up to the most. */
const START_BACKOFF_MS = 10_000;
const START_BACKOFF_MAX_MS = 5 * 60_000;
/** The list once per look: the idle rule and the refill read the same one (a look asks the service once). */
function listOnce(pool, mark) {
    let items;
    return () => {
        items ??= (async () => {
            const all = [];
            for await (const item of pool.list())
                all.push(item);
            mark('list');
            return all;
        })();
        return (async function* () {
            yield* await items;
        })();
    };
}
/** The looks of one keeper: what it started lately, when it may start again, and what every look did. */
class Looks {
    kept = { last: undefined, started: [], stopped: [], preparations: [], passes: 0 };
    startedAt = new Map();
    /** Pull requests' pool: what this keeper saw prepared and unclaimed (its claims show as holds in the list). */
    knownPrepared = new Map();
    startsFrom = 0;
    backoffMs = START_BACKOFF_MS;
    config;
    deps;
    pool;
    options;
    preparer;
    constructor(config, deps, pool, options, preparer) {
        this.config = config;
        this.deps = deps;
        this.pool = pool;
        this.options = options;
        this.preparer = preparer;
    }
    /** Whether this keeper may start more: not once its preparations failed FAILURES_IN_ROW times in a row. */
    mayStart() {
        return (this.preparer?.failuresInRow ?? 0) < FAILURES_IN_ROW;
    }
    /** One look; `quiet`: its lines are shown only where it started or stopped something. */
    async pass(quiet) {
        const { config, deps, pool, options, kept } = this;
        const lines = [];
        const phases = new pool_phases/* Phases */.V(deps.clock);
        const quietly = quiet ? { log: (line) => lines.push(line) } : {};
        const passDeps = { ...pool, list: listOnce(pool, phases.mark), mark: phases.mark, ...quietly };
        // Hours of watching outlive the certificate the claims and preparations use: renewed in place.
        if (options.ssh)
            await (0,access/* renewInPlace */._A)(deps, options.ssh);
        phases.mark('renew');
        const now = deps.clock.now();
        const watching = (config.pool.watchSeconds ?? 0) > 0;
        // Asked again now and then: a claim whose hold was refused or lost shows no hold, only its link.
        for (const [id, at] of this.knownPrepared)
            if (now - at > KNOWN_FOR_MS)
                this.knownPrepared.delete(id);
        const recent = [...this.startedAt].filter(([, at]) => now - at < RECENT_MS).map(([id]) => id);
        const upkeep = await keepPool(config, deps, passDeps, {
            claimant: options.claimant,
            drain: options.drain === true,
            ...(watching ? { recent, noStarts: now < this.startsFrom || !this.mayStart() } : {}),
            mayStart: () => this.mayStart(),
            preparing: this.preparer?.mine ?? [],
            ...(watching && config.pool.domain === 'pull-requests' ? { knownPrepared: this.knownPrepared } : {}),
        });
        for (const id of upkeep.ids.unclaimed)
            this.knownPrepared.set(id, this.knownPrepared.get(id) ?? now);
        for (const id of [...upkeep.ids.claimed, ...upkeep.stopped])
            this.knownPrepared.delete(id);
        for (const id of upkeep.started)
            this.startedAt.set(id, now);
        // A refused start (no capacity, a limit) is not asked again at every look: the organization's 30 a minute.
        if (upkeep.startFailed) {
            this.startsFrom = now + this.backoffMs;
            this.backoffMs = Math.min(this.backoffMs * 2, START_BACKOFF_MAX_MS);
        }
        else if (upkeep.started.length > 0)
            this.backoffMs = START_BACKOFF_MS;
        kept.last = upkeep;
        kept.passes++;
        kept.started.push(...upkeep.started);
        kept.stopped.push(...upkeep.stopped);
        if (upkeep.started.length + upkeep.stopped.length > 0 || upkeep.startFailed) {
            for (const line of lines)
                pool.log(line);
            deps.core.debug(phases.line(`Pool '${config.pool.name}': look ${kept.passes}`));
        }
        for (const id of [...upkeep.started, ...upkeep.ids.unprepared])
            this.preparer?.add(id);
    }
}
/** One pass, or `pool-watch`'s passes; what they did. */
async function keepAndWatch(config, deps, pool, options) {
    // Mode pool with pool-size 0 only: a job's own upkeep never drains (its own claim would be its to stop).
    const drain = options.drain === true;
    const preparer = isPrepared(config) && !drain ? new Preparer(config, deps, pool, options.state) : undefined;
    const looks = new Looks(config, deps, pool, options, preparer);
    await looks.pass(false);
    const watchMs = (config.pool.watchSeconds ?? 0) * 1000;
    if (watchMs > 0) {
        const name = config.pool.name;
        const endAt = deps.clock.now() + watchMs;
        pool.log(`Pool '${name}': watching it for ${(0,summary/* formatDuration */.a3)(watchMs)}, a look every few seconds.`);
        while (deps.clock.now() < endAt && looks.mayStart()) {
            await deps.clock.sleep(Math.min(LOOK_EVERY_MS, endAt - deps.clock.now()), deps.signal);
            await looks.pass(true).catch((error) => {
                if (deps.signal.aborted)
                    throw error;
                pool.log(`Pool '${name}': a look failed (${(0,untrusted/* serviceText */.Lo)(String(error), 200)}); looking again.`);
            });
        }
        if (!looks.mayStart())
            pool.log(`Pool '${name}': ${FAILURES_IN_ROW} preparations failed in a row: no more are started; the keeper ends.`);
        else
            pool.log(`Pool '${name}': pool-watch is over after ${looks.kept.passes} looks.`);
        // Nothing half-prepared stays: what is still being prepared is ended and stopped.
        if (preparer && preparer.busy > 0) {
            pool.log(`Pool '${name}': ${preparer.busy} preparation(s) still under way: ended, stopped.`);
            await preparer.cancel();
        }
    }
    await preparer?.settle();
    looks.kept.preparations = preparer?.done ?? [];
    const failure = preparer && failureOf(preparer, watchMs > 0);
    return failure ? { ...looks.kept, failure } : looks.kept;
}


/***/ }),

/***/ 8612:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  hc: () => (/* binding */ claimFromPool),
  jk: () => (/* binding */ forgetOthers),
  O3: () => (/* binding */ pendingIds),
  IZ: () => (/* binding */ poolRowOf),
  Js: () => (/* binding */ upkeepLater)
});

// EXTERNAL MODULE: ./build/src/pool/claim.js
var claim = __webpack_require__(236);
// EXTERNAL MODULE: ./build/src/client/errors.js
var errors = __webpack_require__(486);
// EXTERNAL MODULE: ./build/src/client/retry.js
var retry = __webpack_require__(9943);
// EXTERNAL MODULE: ./build/src/inputs/default-name.js
var default_name = __webpack_require__(6536);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
;// CONCATENATED MODULE: ./build/src/pool/hold.js
/**
 * A claim no code on the sandbox can undo, for the pull-requests domain: a
 * job's code runs with the login user's rights (and sudo) on its sandbox, so
 * it can remove the claim link there and another pull request's job could
 * then be handed the same sandbox while that code still runs. The service's
 * one fact outside the sandbox is that a live sandbox's name is unique in the
 * organization: the claim also starts a small sandbox named for the claimed
 * one, `gc-<repository id>-<16 hex of its id>`, the hold. Exactly one start of
 * that name is accepted while the hold lives; the hold lives as long as the
 * claimed sandbox (its TTL, enforced, a little longer), and is stopped only
 * after the claimed sandbox's stop was accepted. A sandbox whose hold shows in
 * the list, live or not, was claimed once and is never claimed again.
 *
 * A hold whose answer was lost, whose start was then answered "name in use",
 * may be this step's or another's: unsure, so the claimed sandbox is neither
 * used nor stopped (its TTL ends both).
 */




/** How long starting one hold may take, retries included. */
const HOLD_BUDGET_MS = 20_000;
/** A hold lives this much longer than its sandbox's TTL, so the sandbox never outlives its hold. */
const HOLD_MARGIN_SECONDS = 10 * 60;
/**
 * The smallest spec first; where the service refuses it (its bounds are not shown), the action's default spec, which
 * every service that runs this action accepts.
 */
const HOLD_SPECS = [
    { cpu_count: 1, memory_gib: 1, storage_gib: 1 },
    { cpu_count: 4, memory_gib: 16, storage_gib: 100 },
];
function holdRequest(name, spec, ttlSeconds) {
    return {
        name,
        spec: { ...spec },
        network_policy: { internet_access: 'closed' },
        lifetime: { enforce_ttl: true, max_ttl_seconds: Math.max(60, Math.ceil(ttlSeconds) + HOLD_MARGIN_SECONDS) },
    };
}
const reasonOf = (error) => error instanceof errors/* ServiceError */._7 ? `${error.status} ${error.code}` : (0,untrusted/* serviceText */.Lo)(String(error), 200);
/**
 * Starts the hold of `sandboxId` (its sandbox lives `ttlSeconds` more): held (its id), taken (another's hold lives),
 * unsure (an answer was lost, then the name was in use), or failed (nothing was created).
 */
async function startHold(ctx, hold) {
    const name = (0,default_name/* holdName */.VJ)(hold.repositoryId, hold.sandboxId);
    const deadline = ctx.clock.now() + HOLD_BUDGET_MS;
    const client = ctx.client.withDeadline(deadline, ctx.clock);
    let lost = false;
    for (const spec of HOLD_SPECS) {
        try {
            const started = await (0,retry/* retryUntil */.v6)(ctx, deadline, `start the hold '${name}'`, () => client.startSandbox(holdRequest(name, spec, hold.ttlSeconds), ctx.signal), { retryable: retry/* isTransient */.dg, onRetry: (error) => (lost ||= error instanceof errors/* ServiceError */._7 && error.ambiguous) });
            return { kind: 'held', id: started.id };
        }
        catch (error) {
            if (ctx.signal?.aborted)
                throw error;
            lost ||= !(error instanceof errors/* ServiceError */._7) || error.ambiguous;
            if ((0,errors/* isNameInUse */.a)(error))
                return lost ? { kind: 'unsure', why: 'an answer was lost, then its name was in use' } : { kind: 'taken' };
            const refused = (0,errors/* isServiceError */.gi)(error, 'invalid_request') || (0,errors/* isServiceError */.gi)(error, 'sandbox_scheduler_rejected_request');
            if (refused && !lost && spec !== HOLD_SPECS.at(-1))
                continue;
            return lost
                ? { kind: 'unsure', why: `an answer was lost (${reasonOf(error)})` }
                : { kind: 'failed', why: reasonOf(error) };
        }
    }
    return { kind: 'failed', why: 'no spec was accepted' };
}

// EXTERNAL MODULE: ./build/src/pool/names.js
var names = __webpack_require__(4932);
// EXTERNAL MODULE: ./build/src/sandbox/record.js
var sandbox_record = __webpack_require__(5208);
// EXTERNAL MODULE: ./build/src/pool/deps.js + 1 modules
var pool_deps = __webpack_require__(8468);
// EXTERNAL MODULE: ./build/src/pool/match.js
var match = __webpack_require__(9025);
// EXTERNAL MODULE: ./build/src/pool/request.js
var request = __webpack_require__(805);
// EXTERNAL MODULE: ./build/src/sandbox/status.js
var sandbox_status = __webpack_require__(8935);
;// CONCATENATED MODULE: ./build/src/pool/take.js





/** How long one step may spend trying the pool before it starts its own. */
const TAKE_BUDGET_MS = 30_000;
const randomOrder = (items) => items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
/**
 * The pool's sandboxes of this request (ready, or of no status yet: a record read decides), newest first; how many
 * of them a hold in the list names (claimed, whatever their sandbox says).
 */
async function candidates(deps, prefix) {
    const { items, held } = await (0,names/* poolView */.WR)(deps.list(), (parts) => (0,names/* prefixOf */.MT)(parts) === prefix);
    const live = items.filter((item) => item.status === undefined || (0,sandbox_status/* isReady */.i_)(item.status));
    const free = live.filter((item) => !held.has(item.id));
    return { free, held: live.length - free.length };
}
/**
 * A candidate's record: the list's item where it shows everything a claim needs (it was just listed), else a fresh
 * read (a list may leave fields out); either way a field it does not show is a mismatch.
 */
async function recordOf(deps, item, request) {
    const listed = item.status === undefined ? undefined : { ...item, status: item.status };
    if (listed && (0,match/* mismatch */.J)(listed, request, deps.clock.now()) === undefined)
        return listed;
    return deps.read(item.id);
}
/** How many candidates are read and asked at once, and claimed from before the next are asked. */
const SURVEY_AT_ONCE = 4;
/**
 * Each candidate's record checked and its claim looked at, read only, several at once: a claimed sandbox of the
 * pool stays ready in the service's list while its job runs, so asking them one by one would make a job's claim as
 * slow as the pool is busy.
 */
async function survey(deps, items, request) {
    const one = async (item) => {
        const { id } = item;
        try {
            const record = await recordOf(deps, item, request);
            const why = (0,match/* mismatch */.J)(record, request, deps.clock.now());
            if (why)
                return { id, out: why, kind: 'mismatched' };
            const target = await deps.reach(id, record);
            const look = await (0,claim/* lookAt */.t5)(target, id, { env: deps.env, signal: deps.signal });
            if (look.by)
                return { id, out: `claimed by ${look.by}`, kind: 'taken' };
            // One that cannot say whether it is claimed (no answer over SSH) would not answer a claim either.
            if (look.by === undefined)
                return { id, out: 'no answer over SSH to whether it is claimed', kind: 'unreachable' };
            if (deps.prepared && look.preparedAt === undefined)
                return { id, out: 'its preparation has not succeeded yet', kind: 'unprepared' };
            return { id, record, target };
        }
        catch (error) {
            return { id, out: `no record or SSH access (${(0,untrusted/* serviceText */.Lo)(String(error), 200)})`, kind: 'failed' };
        }
    };
    const found = [];
    for (let k = 0; k < items.length; k += SURVEY_AT_ONCE)
        found.push(...(await Promise.all(items.slice(k, k + SURVEY_AT_ONCE).map(one))));
    return found;
}
/** The hold's verdict in the claim's words: held is won; any other leaves the sandbox to whoever holds it. */
function holdOutcome(verdict) {
    if (verdict.kind === 'held')
        return { kind: 'won' };
    if (verdict.kind === 'taken')
        return { kind: 'taken', by: "another job's hold" };
    const left = verdict.kind === 'unsure' ? '; neither used nor stopped, its TTL ends it' : '';
    return { kind: 'failed', why: `its hold was not started (${verdict.why})${left}` };
}
/** The claim on one surveyed candidate (tracked before it is sent): the link, then, where asked for, the hold. */
async function claimOne(deps, candidate, claimant) {
    deps.track?.(candidate.id, candidate.target);
    const link = await (0,claim/* claimSandbox */.E0)(candidate.target, candidate.id, claimant, {
        env: deps.env,
        signal: deps.signal,
        prepared: deps.prepared,
    });
    deps.mark?.('link');
    // No answer (a dropped connection, a hang): the claim may have been made; it stays tracked, to be asked again.
    if (link.kind === 'taken' || link.kind === 'failed')
        deps.track?.(candidate.id, undefined);
    if (link.kind !== 'won' || !deps.hold)
        return link;
    const held = await deps.hold(candidate.id, candidate.record);
    deps.mark?.('hold');
    // Another's hold, or one whose answer was lost: never this step's to use or to stop (the post step leaves it). A
    // hold that failed outright had `hold` release the link: tracked until its stop is accepted, so a refused stop is
    // the post step's to make again.
    if (held.kind === 'taken' || held.kind === 'unsure')
        deps.track?.(candidate.id, undefined);
    return holdOutcome(held);
}
/** A sandbox of the pool claimed for this job, or why none was (one line, safe text). */
async function takeFromPool(deps, pool) {
    const began = deps.clock.now();
    const { free: items, held } = await candidates(deps, pool.prefix);
    deps.mark?.('list');
    if (items.length + held === 0)
        return { why: `pool '${pool.name}' has no ready sandbox for this request` };
    const seen = { taken: held, unreachable: 0, mismatched: 0, failed: 0, unprepared: 0 };
    const unsure = [];
    // In a random order, so steps racing for a few spread over them; a few surveyed at once, and claimed from before
    // the next few are asked, so a claim in a large pool costs a few connections rather than one to every sandbox.
    const order = (deps.shuffle ?? randomOrder)([...items]);
    for (let k = 0; k < order.length && deps.clock.now() - began <= TAKE_BUDGET_MS; k += SURVEY_AT_ONCE) {
        const surveyed = await survey(deps, order.slice(k, k + SURVEY_AT_ONCE), pool.request);
        deps.mark?.('survey');
        for (const out of surveyed.filter((item) => 'out' in item)) {
            seen[out.kind]++;
            deps.log(`Pool '${pool.name}': ${out.id} not claimed: ${out.out}.`);
        }
        const taken = await claimFirst(deps, surveyed, pool, { began, seen, unsure });
        if (taken)
            return { taken, ...(unsure.length ? { unsure } : {}) };
    }
    return { why: nothingTaken(pool.name, items.length + held, seen), ...(unsure.length > 0 ? { unsure } : {}) };
}
/** The claim on each unclaimed one of a survey, in its order, until one is won (within the attempt's bound). */
async function claimFirst(deps, surveyed, pool, attempt) {
    for (const candidate of surveyed.flatMap((item) => ('out' in item ? [] : [item]))) {
        if (deps.clock.now() - attempt.began > TAKE_BUDGET_MS)
            break;
        const verdict = await claimOne(deps, candidate, pool.claimant);
        if (verdict.kind === 'won') {
            const waited = (0,match/* waitedMs */.h)(candidate.record, deps.clock.now());
            const taken = { id: candidate.id, record: candidate.record, claimMs: deps.clock.now() - attempt.began };
            return waited === undefined ? taken : { ...taken, waitedMs: waited };
        }
        attempt.seen[verdict.kind] = (attempt.seen[verdict.kind] ?? 0) + 1;
        if (verdict.kind === 'unreachable')
            attempt.unsure.push(candidate.id);
        // Unclaimed when looked at, claimed when asked: a race lost to another step.
        const why = verdict.kind === 'taken' ? `another job claimed it first (${verdict.by})` : verdict.why;
        deps.log(`Pool '${pool.name}': ${candidate.id} not claimed: ${(0,untrusted/* serviceText */.Lo)(why, 200)}.`);
    }
    return undefined;
}
const SEEN_WORDS = { taken: 'claimed by another job', unprepared: 'still being prepared' };
function nothingTaken(pool, count, seen) {
    const parts = Object.entries(seen)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${n} ${SEEN_WORDS[kind] ?? kind}`);
    const what = parts.join(', ') || 'out of time';
    return `none of the ${count} live sandbox${count === 1 ? '' : 'es'} of pool '${pool}' could be claimed (${what})`;
}

// EXTERNAL MODULE: ./build/src/ssh/access.js + 2 modules
var access = __webpack_require__(7421);
// EXTERNAL MODULE: ./build/src/step/deps.js
var step_deps = __webpack_require__(3996);
// EXTERNAL MODULE: ./build/src/step/summary.js
var summary = __webpack_require__(9128);
// EXTERNAL MODULE: ./build/src/pool/keeper.js + 4 modules
var keeper = __webpack_require__(1924);
// EXTERNAL MODULE: ./build/src/pool/row.js
var row = __webpack_require__(3264);
// EXTERNAL MODULE: ./build/src/pool/phases.js
var pool_phases = __webpack_require__(7226);
;// CONCATENATED MODULE: ./build/src/pool/main.js















/** The step's SSH key and certificate (made here where start mode needs none), or why the pool cannot be used. */
async function sshFor(config, deps, prepared) {
    if (prepared)
        return prepared;
    try {
        return await (0,access/* prepareSandboxSsh */.pd)(deps, (0,step_deps/* stepEnvironment */.a)(deps), deps.clock.now() + config.timeoutMs);
    }
    catch (error) {
        if (deps.signal.aborted)
            throw error;
        const why = error instanceof access/* SshUnavailableError */.VY
            ? 'the service offers no SSH certificates, and a claim is made over SSH'
            : (0,untrusted/* serviceText */.Lo)(error.message, 300);
        deps.core.info(`Pool '${config.pool.name}': not used: ${why}.`);
        return undefined;
    }
}
/** A hold outlives its sandbox: what the record says is left of the sandbox's TTL, else all a pool sandbox gets. */
function ttlLeftSeconds(config, record, now) {
    const ends = (0,sandbox_record/* endsAtMs */.uX)(record, undefined);
    return ends === undefined ? config.maxTtlSeconds + config.pool.idleSeconds : Math.max(0, (ends - now) / 1000);
}
/**
 * The pool's parts, with every claim and hold tracked in state before it is sent; in the pull-requests domain a claim
 * is this step's only with its hold (hold.ts).
 */
function trackedDeps(config, deps, state, prepared) {
    const pending = new Map();
    // Sandbox id to the hold's id (undefined: sent, not answered yet).
    const holds = new Map();
    const save = () => state.savePoolClaims({
        claimant: config.name,
        pending: [...pending].map(([id, target]) => ({ id, ...target })),
        holds: [...holds].map(([sandboxId, holdId]) => (holdId ? { sandboxId, holdId } : { sandboxId })),
    });
    const track = (id, target) => {
        if (target)
            pending.set(id, target);
        else
            pending.delete(id);
        save();
    };
    const pool = { ...(0,pool_deps/* poolDeps */.Fs)((0,step_deps/* opContext */.R)(deps), (0,step_deps/* stepEnvironment */.a)(deps), prepared, !!config.pool.prepare), track };
    if (config.pool.domain !== 'pull-requests')
        return pool;
    const hold = async (id, record) => {
        holds.set(id, undefined);
        save();
        const ttlSeconds = ttlLeftSeconds(config, record, deps.clock.now());
        const verdict = await startHold((0,step_deps/* opContext */.R)(deps), {
            repositoryId: config.pool.repositoryId,
            sandboxId: id,
            ttlSeconds,
        });
        if (verdict.kind === 'held')
            holds.set(id, verdict.id);
        else
            holds.delete(id);
        save();
        // Nothing was created: the link is this step's alone, and a sandbox claimed without its hold is not to be used.
        if (verdict.kind === 'failed')
            await release(pool, id, config.pool.name, config.name, 'its hold could not be started');
        return verdict;
    };
    return { ...pool, hold };
}
/** A claim whose answer was lost, asked again (with its hold, where the domain needs one): 'won' is this step's. */
async function askAgain(pool, id, claimant) {
    try {
        const record = await pool.read(id);
        const verdict = await claimOne(pool, { id, target: await pool.reach(id, record), record }, claimant);
        return verdict.kind === 'won';
    }
    catch {
        return false;
    }
}
function claimedFrom(config, taken) {
    const spec = (taken.record.spec ?? {});
    const gpuType = config.gpuTypes.find((type) => type === spec.gpu_type);
    const name = typeof taken.record.name === 'string' ? taken.record.name : taken.id;
    return {
        started: { id: taken.id, name, gpuType, adopted: false, attempts: [`claimed from pool '${config.pool.name}'`] },
        record: taken.record,
        claimMs: taken.claimMs,
        waitedMs: taken.waitedMs,
    };
}
/**
 * Stops a sandbox this step claimed but does not use (a lost answer found to be its own after another claim, or a
 * claim whose hold could not be started).
 */
async function release(pool, id, name, claimant, why = 'its answer was lost') {
    try {
        // Read only: a claim that never arrived is not made now, so that sandbox stays the pool's.
        const by = await (0,claim/* claimedBy */.dl)(await pool.reach(id, await pool.read(id)), id, { env: pool.env, signal: pool.signal });
        if (by !== claimant)
            return;
        // A hold names it: another job's claim (this step holds no sandbox it does not use).
        if ((await (0,names/* heldIn */.$f)(pool.list())).has(id)) {
            pool.track?.(id, undefined);
            pool.log(`Pool '${name}': ${id} is held by another job's claim; left to it.`);
            return;
        }
        await pool.stop(id);
        pool.track?.(id, undefined);
        pool.log(`Pool '${name}': ${id} was claimed by this step too (${why}); stopped, unused.`);
    }
    catch (error) {
        const why = (0,untrusted/* serviceText */.Lo)(String(error), 200);
        pool.log(`Pool '${name}': ${id}, claimed by this step and unused, could not be stopped now (${why}).`);
    }
}
/**
 * Claims a sandbox of the pool for this job, or says in one line why none was: the sandbox, and the SSH key and
 * certificate made for the claim (start mode uses them for `ssh`, `run` and the GPU check).
 */
async function claimFromPool(config, deps, state, prepared) {
    const ssh = await sshFor(config, deps, prepared);
    if (!ssh)
        return { why: 'no SSH access to claim with' };
    const pool = trackedDeps(config, deps, state, ssh);
    const { name, domain, domainWhy } = config.pool;
    const holds = domain === 'pull-requests' ? ', each claim with a hold no code on the sandbox can undo' : '';
    deps.core.info(`Pool '${name}': the ${domain} domain's sandboxes only (${domainWhy})${holds}.`);
    const digest = (0,request/* digestLine */.lt)(config.pool);
    if (digest)
        deps.core.info(digest);
    const began = deps.clock.now();
    const phases = new pool_phases/* Phases */.V(deps.clock);
    const wanted = { name, prefix: (0,request/* prefixFor */.aU)(config), request: (0,request/* claimRequestOf */.XJ)(config), claimant: config.name };
    const outcome = await takeFromPool({ ...pool, mark: phases.mark }, wanted).catch((error) => {
        if (deps.signal.aborted)
            throw error;
        return { why: `its list could not be read (${(0,untrusted/* serviceText */.Lo)(String(error), 200)})`, unsure: undefined };
    });
    let taken = 'taken' in outcome ? outcome.taken : undefined;
    for (const id of outcome.unsure ?? []) {
        if (taken)
            await release(pool, id, name, config.name);
        else if (await askAgain(pool, id, config.name)) {
            const record = await pool.read(id).catch(() => undefined);
            const waitedMs = record && (0,match/* waitedMs */.h)(record, deps.clock.now());
            if (record)
                taken = { id, record, claimMs: deps.clock.now() - began, ...(waitedMs === undefined ? {} : { waitedMs }) };
        }
    }
    deps.core.debug(phases.line(`Pool '${name}': the claim`));
    if (!taken) {
        const why = 'why' in outcome ? outcome.why : 'its claim could not be confirmed';
        deps.core.info(`Pool '${name}': nothing claimed (${why}); this job starts its own sandbox.`);
        return { prepared: ssh, pool, why };
    }
    const claimed = claimedFrom(config, taken);
    // Claimed: the survey's access to the other candidates goes (the claim's own, and any still unsure, stay).
    forgetOthers(pool, state, [taken.id]);
    const since = config.pool.prepare ? 'from its start, preparation included' : 'unclaimed';
    const waited = claimed.waitedMs === undefined ? '' : `; it waited ${(0,summary/* formatDuration */.a3)(claimed.waitedMs)} ${since}`;
    deps.core.info(`Pool '${name}': claimed ${taken.id} in ${(0,row/* claimTime */.i)(claimed.claimMs)}${waited}.`);
    return { claimed, prepared: ssh, pool };
}
/**
 * Removes the runner's SSH access files of every pool sandbox but `keep` and those the post step may still need (a
 * claim whose answer was lost, a preparation under way): once a claim is made, and when the main step ends, nothing
 * on the runner names another pool sandbox's address or host key.
 */
function forgetOthers(pool, state, keep = []) {
    pool?.forget?.([...keep, ...pendingIds(state)]);
}
/** Pool sandboxes the post step may still ask about: a claim whose answer was lost, a preparation cut short. */
const pendingIds = (state) => [...(state.poolClaims?.pending ?? []), ...(state.poolPreparing?.pending ?? [])].map((item) => item.id);
/** The summary's and the comment's pool row. */
function poolRowOf(pool, claimed, why) {
    const { name, domain } = pool;
    const prepared = pool.prepare ? { prepared: true } : {};
    if (!claimed)
        return { name, domain, ...prepared, ...(why ? { why } : {}) };
    return { name, domain, ...prepared, claim: { claimMs: claimed.claimMs, waitedMs: claimed.waitedMs } };
}
/**
 * The upkeep once this job has its sandbox: never a failure of the step, only a line. A prepared pool's sandboxes are
 * started and prepared by trusted steps only: a pull request's step leaves them to the pool's keeper; a branch job's
 * prepares what it started beside its own use (the step ends once that is done).
 */
async function upkeepLater(config, deps, pool, state) {
    if (config.pool.prepare && config.pool.domain === 'pull-requests') {
        deps.core.info(`Pool '${config.pool.name}': a pull request's step starts and prepares no sandbox of a prepared pool; ` +
            "the pool's keeper (mode: pool in a workflow of the default branch) does.");
        return;
    }
    try {
        await (0,keeper/* keepAndWatch */.kN)(config, deps, pool, { claimant: config.name, state });
    }
    catch (error) {
        if (!deps.signal.aborted)
            deps.core.info(`Pool '${config.pool.name}': upkeep stopped early (${(0,untrusted/* serviceText */.Lo)(String(error), 200)}).`);
    }
}


/***/ }),

/***/ 7226:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   V: () => (/* binding */ Phases)
/* harmony export */ });
/* unused harmony export phasesOf */
class Phases {
    clock;
    began;
    last;
    spent = new Map();
    constructor(clock) {
        this.clock = clock;
        this.began = clock.now();
        this.last = this.began;
    }
    mark = (phase) => {
        const now = this.clock.now();
        this.spent.set(phase, (this.spent.get(phase) ?? 0) + now - this.last);
        this.last = now;
    };
    /** "<what> took 812 ms: list 40 ms, survey 300 ms, link 200 ms, hold 272 ms" (the rest: after the last mark). */
    line(what) {
        const now = this.clock.now();
        const parts = [...this.spent].map(([phase, ms]) => `${phase} ${Math.round(ms)} ms`);
        if (now - this.last >= 1)
            parts.push(`rest ${Math.round(now - this.last)} ms`);
        return `${what} took ${Math.round(now - this.began)} ms${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
    }
}
/** The phases of a line `Phases.line` wrote, by name (ms); undefined for any other line. */
function phasesOf(line) {
    const found = / took (\d+) ms(?:: (.*))?$/.exec(line);
    if (!found)
        return undefined;
    const phases = {};
    for (const part of (found[2] ?? '').split(', ').filter(Boolean)) {
        const one = /^(\w+) (\d+) ms$/.exec(part);
        if (one)
            phases[one[1]] = Number(one[2]);
    }
    return { total: Number(found[1]), phases };
}


/***/ }),

/***/ 805:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dk: () => (/* binding */ poolStartConfig),
/* harmony export */   XJ: () => (/* binding */ claimRequestOf),
/* harmony export */   aU: () => (/* binding */ prefixFor),
/* harmony export */   lt: () => (/* binding */ digestLine)
/* harmony export */ });
/* unused harmony exports preparationDigest, poolRequestOf */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4120);
/* harmony import */ var _names_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4932);
/**
 * What a job's request means for its pool: the names' prefix (the
 * repository, the pool and a digest of the request, env by digest only), what
 * a candidate's record must show to be claimed, and the start request of a
 * pool sandbox: the job's own, under a pool name, with an enforced TTL of
 * pool-idle + max-ttl (with max-cost: what the budget buys, as for any
 * sandbox), and no wait for capacity (a refill never holds a job up).
 */



/** With max-cost a claimed sandbox's TTL is what is left of the budget that bought it: at least this must be left. */
const BUDGET_LEFT_MS = 5 * 60_000;
/** The env's digest: its keys and values never leave the runner, only 16 hex of their SHA-256. */
function envDigest(env) {
    const keys = Object.keys(env).sort();
    if (keys.length === 0)
        return undefined;
    const text = JSON.stringify(keys.map((key) => [key, env[key]]));
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(text).digest('hex').slice(0, 16);
}
/**
 * The preparation's digest: its script's text (its ends trimmed, as YAML may add a newline) and its key; without a
 * key, the contents of the checkout's lock files (a pull request with another lock file is another pool).
 */
function preparationDigest(prepare) {
    if (!prepare)
        return undefined;
    const files = prepare.key === '' ? prepare.lockFiles?.digest : undefined;
    const parts = [prepare.script.trim(), prepare.key, ...(files ? [`files:${files}`] : [])];
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}
/** What joined the preparation's digest without a pool-key, for the log (a checkout's names are a pull request's). */
function digestLine(pool) {
    if (!pool.prepare || pool.prepare.key !== '')
        return undefined;
    const files = (pool.prepare.lockFiles?.files ?? []).map((file) => (0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__/* .serviceText */ .Lo)(file, 100));
    return files.length > 0
        ? `Pool '${pool.name}': the preparation's digest takes ${files.join(', ')} (no pool-key).`
        : `Pool '${pool.name}': no pool-key and no lock file in the upload: the preparation's digest is its script alone.`;
}
function poolRequestOf(config) {
    return {
        cpu: config.cpu,
        memoryGib: config.memoryGib,
        storageGib: config.storageGib,
        gpuTypes: config.gpuTypes,
        gpuCount: config.gpuTypes.length > 0 ? (config.gpuCount ?? 1) : 0,
        image: config.image,
        networkPolicy: config.networkPolicy,
        envDigest: envDigest(config.env),
        domain: config.pool.domain,
        preparation: preparationDigest(config.pool.prepare),
    };
}
/** The prefix every name of this pool and request starts with. */
const prefixFor = (config) => (0,_names_js__WEBPACK_IMPORTED_MODULE_2__/* .poolPrefix */ .jA)(config.pool.repositoryId, config.pool.name, (0,_names_js__WEBPACK_IMPORTED_MODULE_2__/* .requestDigest */ .ud)(poolRequestOf(config)));
/** What a candidate's record must show for this job. */
function claimRequestOf(config) {
    const gpus = config.gpuTypes.length > 0 ? (config.gpuCount ?? 1) : 0;
    return {
        spec: {
            cpu_count: config.cpu,
            memory_gib: config.memoryGib,
            storage_gib: config.storageGib,
            ...(gpus > 0 ? { gpu_count: gpus } : {}),
        },
        gpuTypes: config.gpuTypes,
        network_policy: config.networkPolicy,
        ...(config.image === undefined ? {} : { image_id: config.image }),
        ttlMs: config.ttlByType ? BUDGET_LEFT_MS : config.maxTtlSeconds * 1000,
    };
}
/** A pool sandbox's start: the job's request under `name`, its TTL pool-idle + max-ttl, enforced. */
function poolStartConfig(config, name) {
    const { pool, ...start } = config;
    return {
        ...start,
        mode: 'start',
        name,
        nameWasGenerated: true,
        enforceTtl: true,
        maxTtlSeconds: config.maxTtlSeconds + pool.idleSeconds,
        capacityTimeoutMs: 0,
        replaceExisting: false,
    };
}


/***/ }),

/***/ 3264:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ poolText),
/* harmony export */   i: () => (/* binding */ claimTime)
/* harmony export */ });
/* harmony import */ var _step_summary_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9128);

/** "from pool ci (branches): claimed in 1.2s; it waited 3m unclaimed (billed: the cost includes it)", or why not. */
function poolText(pool) {
    const named = `pool ${pool.name}${pool.domain ? ` (${pool.domain})` : ''}`;
    if (!pool.claim)
        return `not from ${named}: started its own${pool.why ? ` (${pool.why})` : ''}`;
    const { claimMs, waitedMs } = pool.claim;
    const what = pool.prepared ? 'from its start, preparation included' : 'unclaimed';
    const waited = waitedMs === undefined ? '' : `; it waited ${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(waitedMs)} ${what} (billed: the cost includes it)`;
    return `from ${named}: claimed in ${claimTime(claimMs)}${waited}`;
}
/** A claim takes about a second: tenths below 10 s ("0.4s"), whole seconds and minutes above. */
const claimTime = (ms) => (ms < 10_000 ? `${(Math.max(0, ms) / 1000).toFixed(1)}s` : (0,_step_summary_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(ms));


/***/ }),

/***/ 4994:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   nT: () => (/* binding */ formatDollars),
/* harmony export */   uG: () => (/* binding */ addSpent),
/* harmony export */   vq: () => (/* binding */ hourlyDollars),
/* harmony export */   zg: () => (/* binding */ readBillingContext),
/* harmony export */   zx: () => (/* binding */ NOTHING_SPENT)
/* harmony export */ });
/* unused harmony exports estimateHourlyCost, describeEstimate, describeCreditAlert, BILLING_TIMEOUT_MS */
/* harmony import */ var _runtime_abort_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9768);

/**
 * The pricing catalog's structure is not described; keys look like
 * `h100_x1_prototyping`, `additional_vcpus`, `additional_memory_gib`, `disk_gb`.
 * A GPU is priced at `<type>_x<count>_<tier>` for the whole set when present,
 * else `<type>_x1_<tier>` per GPU; the prototyping tier is preferred over
 * production when both are listed. Only the GPU's price is needed (the contract):
 * CPU, memory and disk are added where the catalog lists them, and named as not
 * priced where it does not (the deployed catalog lists no memory price).
 */
function estimateHourlyCost(prices, spec) {
    const parts = [];
    const unpriced = [];
    // A listed, non-negative price (a negative one is no price).
    const priced = (key) => Object.hasOwn(prices, key) && (prices[key] ?? -1) >= 0;
    const take = (key, quantity) => {
        if (priced(key))
            parts.push({ key, quantity, unitPrice: prices[key] ?? 0 });
        else
            unpriced.push(key);
    };
    if (spec.gpuType) {
        const type = spec.gpuType.toLowerCase();
        const wholeSet = [`${type}_x${spec.gpuCount}_prototyping`, `${type}_x${spec.gpuCount}_production`].find(priced);
        const perGpu = [`${type}_x1_prototyping`, `${type}_x1_production`].find(priced);
        if (wholeSet)
            take(wholeSet, 1);
        else if (perGpu)
            take(perGpu, spec.gpuCount);
        else
            return { ok: false, missing: [`${type}_x${spec.gpuCount}_prototyping (or ${type}_x1_…)`] };
    }
    take('additional_vcpus', spec.cpu);
    take('additional_memory_gib', spec.memoryGib);
    take('disk_gb', spec.storageGib);
    const dollarsPerHour = parts.reduce((sum, part) => sum + part.quantity * part.unitPrice, 0);
    return { ok: true, dollarsPerHour, parts, unpriced };
}
/** The hourly estimate's dollars, or undefined where the catalog lacks a price the spec needs. */
function hourlyDollars(prices, spec) {
    const estimate = estimateHourlyCost(prices, spec);
    return estimate.ok ? estimate.dollarsPerHour : undefined;
}
/** $3.00, $0.062, $0.00015: cents for big amounts, three significant digits for small ones. */
function formatDollars(amount) {
    if (amount === 0)
        return '$0';
    if (amount >= 1)
        return `$${amount.toFixed(2)}`;
    if (amount < 0.0001)
        return '<$0.0001';
    return `$${Number(amount.toPrecision(3))}`;
}
function describeEstimate(estimate) {
    if (!estimate.ok)
        return `no estimate (the pricing catalog has no ${estimate.missing.join(', ')})`;
    const how = estimate.parts.map((p) => `${p.quantity} x ${p.key} ${formatDollars(p.unitPrice)}`).join(' + ');
    const unpriced = estimate.unpriced.length > 0 ? `; not priced: ${estimate.unpriced.join(', ')}` : '';
    return `~${formatDollars(estimate.dollarsPerHour)}/hour (${how || 'nothing priced'}${unpriced})`;
}
const NOTHING_SPENT = { seconds: 0, dollars: 0 };
/** `spent` plus a sandbox that lived `ms` at `dollarsPerHour` (seconds not rounded to minutes). */
function addSpent(spent, ms, dollarsPerHour) {
    const seconds = Math.max(0, Math.round(ms / 1000));
    const dollars = spent.dollars === undefined || dollarsPerHour === undefined
        ? undefined
        : spent.dollars + (dollarsPerHour * seconds) / 3600;
    return { seconds: spent.seconds + seconds, dollars };
}
function describeCreditAlert(alert) {
    if (alert === null)
        return 'none configured';
    return `${formatDollars(alert.amount_cents / 100)}, ${alert.armed ? 'armed' : 'not armed'}`;
}
/** How long the two informational calls may take together; the sandbox never waits on them. */
const BILLING_TIMEOUT_MS = 15_000;
/**
 * Reads pricing and the credit alert. Never rejects: a failure becomes a
 * warning (through `warn`) and an "unavailable" line.
 */
async function readBillingContext(client, spec, warn, signal) {
    const bounded = (0,_runtime_abort_js__WEBPACK_IMPORTED_MODULE_0__/* .withTimeout */ .w)(BILLING_TIMEOUT_MS, signal);
    // A cancelled step has better things to say than that its summary calls were cancelled.
    const quietWarn = (message) => {
        if (!signal.aborted)
            warn(message);
    };
    const reason = (error) => (error instanceof Error ? error.message : String(error));
    const [cost, creditAlert] = await Promise.all([
        client.getPricing(bounded).then((prices) => {
            const estimate = estimateHourlyCost(prices, spec);
            return { line: describeEstimate(estimate), dollarsPerHour: estimate.ok ? estimate.dollarsPerHour : undefined };
        }, (error) => {
            quietWarn(`Could not read pricing for the cost estimate; the sandbox is not affected. ${reason(error)}`);
            return { line: 'no estimate (pricing unavailable)', dollarsPerHour: undefined };
        }),
        client.getCreditAlert(bounded).then((body) => describeCreditAlert(body.alert), (error) => {
            quietWarn(`Could not read the credit alert; the sandbox is not affected. ${reason(error)}`);
            return 'unavailable';
        }),
    ]);
    return { cost: cost.line, dollarsPerHour: cost.dollarsPerHour, creditAlert };
}


/***/ }),

/***/ 764:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ applySpendingCaps),
/* harmony export */   zE: () => (/* binding */ memoryOf)
/* harmony export */ });
/* unused harmony exports GPU_MEMORY_GIB, MIN_BUDGET_SECONDS */
/* harmony import */ var _inputs_collector_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1764);
/* harmony import */ var _inputs_caps_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4138);
/* harmony import */ var _step_summary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9128);
/* harmony import */ var _billing_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4994);




/** Memory per GPU, GiB, where the service says nothing (docs/service.md). */
const GPU_MEMORY_GIB = { A6000: 48, A100: 40, H100: 80 };
/** The shortest lifetime a budget must buy: less is no useful run. */
const MIN_BUDGET_SECONDS = 300;
/** Memory per GPU of `type` (GiB): the table, and an A100 the catalog names as an 80 GB model. */
function memoryOf(type, prices) {
    if (type === 'A100' && Object.keys(prices).some((key) => /^a100(xl|_?80gb?)/i.test(key)))
        return 80;
    return GPU_MEMORY_GIB[type];
}
function hourly(config, prices, type) {
    const spec = {
        cpu: config.cpu,
        memoryGib: config.memoryGib,
        storageGib: config.storageGib,
        gpuType: type === 'cpu' ? undefined : type,
        gpuCount: config.gpuCount ?? 1,
    };
    return (0,_billing_js__WEBPACK_IMPORTED_MODULE_3__/* .hourlyDollars */ .vq)(prices, spec);
}
async function readPrices(config, deps) {
    try {
        return await deps.client.getPricing(deps.signal);
    }
    catch (error) {
        const input = config.caps.maxCostDollars !== undefined ? 'max-cost' : 'max-hourly-price';
        throw new _inputs_collector_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(config.caps.minGpuMemoryGib !== undefined && config.caps.maxCostDollars === undefined ? 'min-gpu-memory' : input, `cannot be checked: the pricing catalog (GET /pricing) could not be read (${error.message}). ` +
            'A cap that cannot be checked refuses; nothing was started. Try again later.');
    }
}
/** Filters the fallback list and sets the TTL per type; throws an InputError when nothing is left. */
async function applySpendingCaps(config, deps) {
    const { caps } = config;
    if (!(0,_inputs_caps_js__WEBPACK_IMPORTED_MODULE_1__/* .hasCaps */ .IS)(caps))
        return { config, lines: [] };
    const prices = await readPrices(config, deps);
    let candidates = config.gpuTypes.length > 0 ? [...config.gpuTypes] : ['cpu'];
    const lines = [];
    const keep = (input, label, why) => {
        const dropped = candidates.map((type) => ({ type, why: why(type) })).filter((entry) => entry.why !== undefined);
        if (dropped.length === 0)
            return;
        candidates = candidates.filter((type) => !dropped.some((entry) => entry.type === type));
        const what = dropped.map((entry) => `${entry.type === 'cpu' ? 'the CPU sandbox' : entry.type} (${entry.why})`);
        lines.push(`${label}: ${candidates.length === 0 ? 'nothing is left of' : 'dropped'} ${what.join(', ')}`);
        if (candidates.length === 0)
            throw new _inputs_collector_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, `leaves no GPU type to start: ${what.join(', ')}. Nothing was started.`);
    };
    const min = caps.minGpuMemoryGib;
    if (min !== undefined)
        keep('min-gpu-memory', `min-gpu-memory ${min} GiB`, (type) => {
            const memory = type === 'cpu' ? 0 : memoryOf(type, prices);
            return memory < min ? `${memory} GiB per GPU` : undefined;
        });
    // Each type's estimate once: the caps below ask for it several times.
    const hourlyOf = new Map(candidates.map((type) => [type, hourly(config, prices, type)]));
    const price = (type) => hourlyOf.get(type);
    const notPriced = (type) => (price(type) === undefined ? 'not in the pricing catalog' : undefined);
    const cap = caps.maxHourlyDollars;
    if (cap !== undefined)
        keep('max-hourly-price', `max-hourly-price ${(0,_billing_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDollars */ .nT)(cap)}`, (type) => {
            const perHour = price(type);
            return notPriced(type) ?? ((perHour ?? 0) > cap ? `${(0,_billing_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDollars */ .nT)(perHour ?? 0)}/hour` : undefined);
        });
    const budget = caps.maxCostDollars;
    if (budget === undefined)
        return { config: { ...config, gpuTypes: gpuList(candidates), capsApplied: lines }, lines };
    const buys = (type) => Math.floor((budget / (price(type) ?? Infinity)) * 3600);
    keep('max-cost', `max-cost ${(0,_billing_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDollars */ .nT)(budget)}`, (type) => {
        const seconds = buys(type);
        return (notPriced(type) ?? (seconds < MIN_BUDGET_SECONDS ? `buys ${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(seconds * 1000)}, under 5m` : undefined));
    });
    const ttlByType = {};
    for (const type of candidates) {
        ttlByType[type] = Math.min(config.maxTtlSeconds, buys(type));
        const at = `${(0,_billing_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDollars */ .nT)(price(type) ?? 0)}/hour`;
        lines.push(`max-cost ${(0,_billing_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDollars */ .nT)(budget)}: ${type === 'cpu' ? 'the sandbox' : type} at ${at} ` +
            `gets an enforced TTL of ${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)((ttlByType[type] ?? 0) * 1000)}`);
    }
    return { config: { ...config, gpuTypes: gpuList(candidates), ttlByType, capsApplied: lines }, lines };
}
const gpuList = (candidates) => candidates.filter((type) => type !== 'cpu');


/***/ }),

/***/ 6042:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dj: () => (/* binding */ waitUntilNameFree),
/* harmony export */   a0: () => (/* binding */ findNameHolders),
/* harmony export */   hY: () => (/* binding */ findLiveSandboxByName)
/* harmony export */ });
/* harmony import */ var _client_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(486);
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9943);
/* harmony import */ var _client_schemas_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2805);
/* harmony import */ var _status_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8935);
/** Sandboxes by name: who holds a name, which of them is live, and waiting until a name is free. */




/** Every listed sandbox named `name` that may still hold the name (ended ones do not), newest first. */
async function findNameHolders(ctx, name, deadline) {
    const client = ctx.client.withDeadline(deadline, ctx.clock);
    return (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .retryUntil */ .v6)(ctx, deadline, `list sandboxes named '${name}'`, async () => {
        const holders = [];
        for await (const sandbox of client.allSandboxes({ signal: ctx.signal })) {
            if (sandbox.name !== name || !(0,_status_js__WEBPACK_IMPORTED_MODULE_3__/* .mayHoldName */ .KS)(sandbox.status))
                continue;
            if (sandbox.id && _client_schemas_js__WEBPACK_IMPORTED_MODULE_2__/* .SANDBOX_ID_PATTERN */ .BA.test(sandbox.id))
                holders.push({ ...sandbox, id: sandbox.id });
        }
        return holders;
    }, { backoff: _client_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .READ_BACKOFF */ .Ue });
}
/**
 * The newest sandbox named `name` that may be live and is not in `exclude`
 * (sandboxes that held the name before this step: never ours).
 */
async function findLiveSandboxByName(ctx, name, deadline, exclude = []) {
    const holders = await findNameHolders(ctx, name, deadline);
    return holders.find((sandbox) => !exclude.includes(sandbox.id) && !(0,_status_js__WEBPACK_IMPORTED_MODULE_3__/* .isStoppingOrEnded */ .Se)(sandbox.status));
}
/**
 * Reads (GET /sandboxes/{id}, the 600-a-minute budget) every `pollIntervalMs`
 * until none of `ids` holds its name any more (ended, or 404), so that the
 * next start is sent once and lands, instead of start requests spent to find
 * out. Throws when the deadline comes first; nothing is started then.
 */
async function waitUntilNameFree(ctx, name, ids, pollIntervalMs, deadline) {
    const client = ctx.client.withDeadline(deadline, ctx.clock);
    let holding = [...ids];
    let reported = false;
    const stillHeld = () => new Error(`The name '${name}' was still held by ${holding.join(', ')} when 'timeout' ran out; nothing was started. ` +
        "A stopping sandbox holds its name until it has ended: raise 'timeout', or choose another 'name'.");
    while (holding.length > 0) {
        const still = [];
        for (const id of holding) {
            const status = await (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .retryUntil */ .v6)(ctx, deadline, `read ${id}`, async () => {
                try {
                    return (await client.getSandbox(id, ctx.signal)).status;
                }
                catch (error) {
                    if ((0,_client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isNotFound */ .c4)(error))
                        return undefined;
                    if ((0,_client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isServiceError */ .gi)(error, 'deadline_exceeded'))
                        throw stillHeld();
                    throw error;
                }
            }, { backoff: _client_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .READ_BACKOFF */ .Ue });
            if (status !== undefined && (0,_status_js__WEBPACK_IMPORTED_MODULE_3__/* .mayHoldName */ .KS)(status))
                still.push(id);
        }
        holding = still;
        if (holding.length === 0)
            break;
        if (ctx.clock.now() + pollIntervalMs >= deadline)
            throw stillHeld();
        if (!reported)
            ctx.log(`Waiting for ${holding.join(', ')} to give up the name '${name}' (reading ` +
                `its status every ${(pollIntervalMs / 1000).toFixed(0)}s; no start ` +
                `is sent until then).`);
        reported = true;
        await ctx.clock.sleep(pollIntervalMs, ctx.signal);
    }
}


/***/ }),

/***/ 9665:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $8: () => (/* binding */ repositoryLive),
/* harmony export */   e2: () => (/* binding */ waitForRoom),
/* harmony export */   zl: () => (/* binding */ withinLimit)
/* harmony export */ });
/* unused harmony export LiveLimitTimeoutError */
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9943);
/* harmony import */ var _client_schemas_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2805);
/* harmony import */ var _inputs_default_name_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6536);
/* harmony import */ var _step_summary_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9128);
/* harmony import */ var _status_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8935);
/**
 * `max-live`: at most n live sandboxes of this repository at once,
 * counted from the list: those this action named for this repository (the
 * generated name carries its id; a warm pool's sandboxes count too). Before a start a job waits while n or more
 * are live (backoff, a line a minute, up to capacity-timeout). Two jobs that
 * start at the same moment both pass that wait, so right after its own start a
 * job lists again and counts itself: beyond the first n by creation order (ties
 * by id) it stops its sandbox before it is used and waits again.
 */





/** A job waiting for room polls the list this often at most (the 600-a-minute get+list budget is shared). */
const ROOM_BACKOFF = { baseDelayMs: 2_000, maxDelayMs: 20_000 };
const REPORT_EVERY_MS = 60_000;
class LiveLimitTimeoutError extends Error {
    constructor(limit, live, waitedMs) {
        super(`max-live ${limit.max}: ${live} sandboxes of this repository were still live after waiting ` +
            `${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(waitedMs)} (capacity-timeout); nothing was started. Raise max-live or ` +
            'capacity-timeout, or run fewer jobs at once.');
        this.name = 'LiveLimitTimeoutError';
    }
}
/** This repository's live sandboxes named by the action, in creation order (ties by id). */
async function repositoryLive(ctx, limit, deadline) {
    const client = ctx.client.withDeadline(deadline, ctx.clock);
    const live = await (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .retryUntil */ .v6)(ctx, deadline, 'list sandboxes (max-live)', async () => {
        const found = [];
        for await (const sandbox of client.allSandboxes({ signal: ctx.signal })) {
            const named = (0,_inputs_default_name_js__WEBPACK_IMPORTED_MODULE_2__/* .parseGeneratedName */ .Ym)(sandbox.name) ?? (0,_inputs_default_name_js__WEBPACK_IMPORTED_MODULE_2__/* .parsePoolName */ .Vk)(sandbox.name);
            if (named?.repositoryId !== limit.repositoryId || (0,_status_js__WEBPACK_IMPORTED_MODULE_4__/* .isNotLive */ .ec)(sandbox.status))
                continue;
            if (!sandbox.id || !_client_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .SANDBOX_ID_PATTERN */ .BA.test(sandbox.id))
                continue;
            const createdAt = Date.parse(String(sandbox.created_at ?? ''));
            found.push({ id: sandbox.id, createdAt: Number.isFinite(createdAt) ? createdAt : Infinity });
        }
        return found;
    }, { backoff: _client_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .READ_BACKOFF */ .Ue });
    return live.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
/** Waits until fewer than `max` are live; throws LiveLimitTimeoutError at `deadline`. */
async function waitForRoom(ctx, limit, deadline) {
    const began = ctx.clock.now();
    let reportedAt = -Infinity;
    for (let round = 1;; round++) {
        const live = await repositoryLive(ctx, limit, deadline);
        if (live.length < limit.max)
            return;
        const now = ctx.clock.now();
        const wait = (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .backoffDelay */ .EY)(round, ctx.clock.random(), ROOM_BACKOFF);
        if (now + wait > deadline)
            throw new LiveLimitTimeoutError(limit, live.length, now - began);
        if (now - reportedAt >= REPORT_EVERY_MS) {
            reportedAt = now;
            ctx.log(`max-live ${limit.max}: ${live.length} sandboxes of this repository are live; waiting ` +
                `(${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(now - began)} so far, up to capacity-timeout).`);
        }
        await ctx.clock.sleep(wait, ctx.signal);
    }
}
/**
 * Right after our own start: is `id` among the first `max` by creation order? It counts itself even
 * when the list does not show it yet (as the newest).
 */
async function withinLimit(ctx, limit, id, deadline) {
    const live = await repositoryLive(ctx, limit, deadline);
    if (!live.some((sandbox) => sandbox.id === id))
        live.push({ id, createdAt: Infinity });
    const place = live.findIndex((sandbox) => sandbox.id === id) + 1;
    return { within: place <= limit.max, place };
}


/***/ }),

/***/ 3796:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BI: () => (/* binding */ NameHolders),
/* harmony export */   bH: () => (/* binding */ freeTheName),
/* harmony export */   hK: () => (/* binding */ checkNameBeforeStart),
/* harmony export */   vD: () => (/* binding */ NameHeldError)
/* harmony export */ });
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9943);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4120);
/* harmony import */ var _find_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6042);
/* harmony import */ var _status_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8935);
/* harmony import */ var _stop_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7153);
/**
 * Who holds a name this step wants: the sandboxes that held it before the
 * first start attempt are remembered (never adopted, never stopped by the post
 * step); a live one fails the step unless replace-existing stops it on purpose.
 * Stopped holders are waited out with reads, so one start is sent when it can land.
 */





/** A stopping holder gives the name up within seconds to minutes. */
const NAME_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 15_000 };
/** The sandboxes that held the name before this step; kept in state as they are learned. */
class NameHolders {
    ids = [];
    /** Whether a holder was only stopping (it gives the name up by itself). */
    stoppingSeen = false;
    state;
    constructor(state) {
        this.state = state;
    }
    add(id) {
        if (this.ids.includes(id))
            return;
        this.ids.push(id);
        this.state.saveNameHolders(this.ids);
    }
}
/** Thrown when a live sandbox already holds a user-chosen name: nothing was started. */
class NameHeldError extends Error {
    constructor(name, holderId, status) {
        super(`The name '${name}' is held by the live sandbox ${holderId} (status ` +
            `${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__/* .serviceText */ .Lo)(status ?? 'unknown')}), which this step did not start; ` +
            `nothing was started. ` +
            ("Choose another 'name' (for example add ${{ github.run_id }}), leave " +
                "'name' empty to generate a unique one, or set 'replace-existing: " +
                "true' to stop that sandbox first."));
        this.name = 'NameHeldError';
    }
}
/** replace-existing: the one place a step stops a sandbox it did not start, on purpose, and says so. */
async function stopOnPurpose(ctx, name, holderId, deadline) {
    ctx.log(`replace-existing: stopping ${holderId}, which holds the name '${name}'.`);
    await (0,_stop_js__WEBPACK_IMPORTED_MODULE_4__/* .stopSandbox */ .a)(ctx, holderId, deadline);
}
/**
 * A user-chosen name: look once before the first start. Every holder is
 * remembered (never ours); a live one fails the step at once unless
 * replace-existing, which stops it on purpose.
 */
async function checkNameBeforeStart(config, ctx, holders, deadline) {
    const found = await (0,_find_js__WEBPACK_IMPORTED_MODULE_2__/* .findNameHolders */ .a0)(ctx, config.name, deadline);
    for (const holder of found)
        holders.add(holder.id);
    const live = found.filter((holder) => !(0,_status_js__WEBPACK_IMPORTED_MODULE_3__/* .isStoppingOrEnded */ .Se)(holder.status));
    holders.stoppingSeen = found.length > live.length;
    const first = live[0];
    if (first && !config.replaceExisting)
        throw new NameHeldError(config.name, first.id, first.status);
    for (const holder of live)
        await stopOnPurpose(ctx, config.name, holder.id, deadline);
    if (found.length > 0)
        ctx.log(`Sandboxes that held the name '${config.name}' before this step, never ` +
            `adopted or stopped by the post step: ${holders.ids.join(', ')}.`);
    // Stopped (or stopping) holders keep the name a while: wait with reads, then send one start.
    await waitForHolders(ctx, config, found, deadline);
}
/** Reads until none of `found` holds the name any more. */
function waitForHolders(ctx, config, found, deadline) {
    const ids = found.map((holder) => holder.id);
    return (0,_find_js__WEBPACK_IMPORTED_MODULE_2__/* .waitUntilNameFree */ .Dj)(ctx, config.name, ids, config.pollIntervalMs, deadline);
}
/**
 * A start answered 409 although the name looked free: someone took it, or a
 * holder was not listed yet. List the holders once (never ours: remembered),
 * stop the live ones with replace-existing, then wait with reads until they
 * give the name up. Only when no holder is listed does it back off blindly.
 */
async function freeTheName(ctx, config, holders, round, deadline) {
    const found = await (0,_find_js__WEBPACK_IMPORTED_MODULE_2__/* .findNameHolders */ .a0)(ctx, config.name, deadline);
    for (const holder of found) {
        holders.add(holder.id);
        if ((0,_status_js__WEBPACK_IMPORTED_MODULE_3__/* .isStoppingOrEnded */ .Se)(holder.status))
            continue;
        // A live holder that came after the pre-look: never waited out, never stopped without replace-existing.
        if (!config.replaceExisting)
            throw new NameHeldError(config.name, holder.id, holder.status);
        await stopOnPurpose(ctx, config.name, holder.id, deadline);
    }
    if (found.length > 0)
        return waitForHolders(ctx, config, found, deadline);
    const wait = (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .backoffDelay */ .EY)(round, ctx.clock.random(), NAME_BACKOFF);
    if (ctx.clock.now() + wait > deadline) {
        const what = config.replaceExisting ? 'after replace-existing stopped its holder' : 'while its holder was stopping';
        throw new Error(`The name '${config.name}' was still in use ${what} (${holders.ids.join(', ') || 'holder not listed'}) ` +
            `when 'timeout' ran out; nothing was started. ` +
            "A stopping sandbox holds its name until it has ended: raise 'timeout', or choose another 'name'.");
    }
    ctx.log(`The name '${config.name}' is in use but no holder is listed yet; starting again in ${(wait / 1000).toFixed(1)}s.`);
    await ctx.clock.sleep(wait, ctx.signal);
}


/***/ }),

/***/ 677:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ remoteContext)
/* harmony export */ });
/* harmony import */ var _client_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(486);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4120);
/* harmony import */ var _step_deps_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3996);
/* harmony import */ var _eventual_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3836);
/* harmony import */ var _status_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8935);
/** The step's way to work on one sandbox over SSH: its clock, signal, log, and a quick word on whether it is gone. */





/** While connections fail: one read of the sandbox says whether it is still there (a failed read says nothing). */
function sandboxGone(deps, sandboxId) {
    return async () => {
        try {
            const record = await (0,_eventual_js__WEBPACK_IMPORTED_MODULE_2__/* .quickRead */ .i0)(deps, sandboxId);
            return (0,_status_js__WEBPACK_IMPORTED_MODULE_3__/* .isNotLive */ .ec)(record.status) ? `status '${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__/* .serviceText */ .Lo)(record.status, 40)}'` : undefined;
        }
        catch (error) {
            return (0,_client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isNotFound */ .c4)(error) ? 'the service answers 404 for it' : undefined;
        }
    };
}
/** Work on the sandbox `sandboxId` over `target`, with the step's clock, signal and log. */
function remoteContext(deps, sandboxId, target, placement) {
    const log = (message) => deps.core.info(message);
    return {
        target,
        placement,
        env: (0,_step_deps_js__WEBPACK_IMPORTED_MODULE_4__/* .stepEnvironment */ .a)(deps),
        clock: deps.clock,
        signal: deps.signal,
        log,
        sandboxGone: sandboxGone(deps, sandboxId),
    };
}


/***/ }),

/***/ 7649:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K9: () => (/* binding */ buildStartRequest),
/* harmony export */   OT: () => (/* binding */ startSandbox),
/* harmony export */   Uo: () => (/* binding */ CapacityExhaustedError)
/* harmony export */ });
/* harmony import */ var _client_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(486);
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9943);
/* harmony import */ var _client_schemas_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2805);
/* harmony import */ var _step_deps_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3996);
/* harmony import */ var _step_summary_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9128);
/* harmony import */ var _find_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6042);
/* harmony import */ var _name_holders_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3796);
/**
 * Starting exactly one sandbox. Every attempt carries the same name, so a
 * retry after a lost answer answers 409 instead of creating a second sandbox;
 * that 409 is resolved by adopting the sandbox by name. Sandboxes that held
 * the name before the first attempt are never adopted and never stopped by
 * the post step (only replace-existing stops them, on purpose).
 */







/** Every listed GPU type stayed busy for capacity-timeout: says the list was exhausted, and what is left to try. */
class CapacityExhaustedError extends _client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7 {
    constructor(types, rounds, attempts, cycledMs, capacityTimeoutMs) {
        super({ status: 503, code: 'sandbox_capacity_unavailable', method: 'POST', path: '/sandboxes/start' });
        const listed = types.length > 1 ? `every GPU type listed in 'gpu-type' (${types.join(', ')})` : `'gpu-type' ${types.join('')}`;
        const advice = types.length === 1
            ? `List fallback types in 'gpu-type' (e.g. '${types[0]}, ${types[0] === 'A100' ? 'H100' : 'A100'}') ` +
                `or raise 'capacity-timeout'.`
            : types.length < _client_schemas_js__WEBPACK_IMPORTED_MODULE_2__/* .GPU_TYPES */ .ND.length
                ? "Raise 'capacity-timeout', or add another type to 'gpu-type'."
                : "Raise 'capacity-timeout', or run the job again later.";
        this.message =
            `No capacity: ${listed} answered sandbox_capacity_unavailable for ${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(cycledMs)} ` +
                (`(${rounds} round${rounds === 1 ? '' : 's'} through the list, ${attempts} ` +
                    `start attempts; capacity-timeout ${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(capacityTimeoutMs)}). ` +
                    `No start was accepted. ${advice}`);
        this.name = 'CapacityExhaustedError';
    }
}
function buildStartRequest(config, gpuType) {
    const spec = {
        cpu_count: config.cpu,
        memory_gib: config.memoryGib,
        storage_gib: config.storageGib,
    };
    if (gpuType) {
        spec.gpu_type = gpuType;
        spec.gpu_count = config.gpuCount ?? 1;
    }
    const lifetime = {
        enforce_ttl: config.enforceTtl,
        // max-cost: the TTL the budget buys at this type's price (sandbox/caps.ts).
        max_ttl_seconds: config.ttlByType?.[gpuType ?? 'cpu'] ?? config.maxTtlSeconds,
    };
    if (config.maxGraceSeconds !== undefined)
        lifetime.max_grace_seconds = config.maxGraceSeconds;
    const body = { name: config.name, spec, network_policy: config.networkPolicy, lifetime };
    if (Object.keys(config.env).length > 0)
        body.env = config.env;
    if (config.image !== undefined)
        body.image_id = config.image;
    return body;
}
const CAPACITY_BACKOFF = { baseDelayMs: 5_000, maxDelayMs: 60_000 };
/** POST /sandboxes/start until one sandbox exists, with GPU fallback and the name rules of name-holders.ts. */
async function startSandbox(config, deps, deadline, holders, tracker = { mayHaveCreated: false }) {
    const { clock } = deps;
    const ctx = (0,_step_deps_js__WEBPACK_IMPORTED_MODULE_6__/* .opContext */ .R)({ ...deps, client: deps.client.withDeadline(deadline, clock) });
    const run = { config, ctx, deadline, holders, tracker, attempts: [], nameRound: 0 };
    const candidates = config.gpuTypes.length > 0 ? config.gpuTypes : [undefined];
    let capacityRound = 0;
    const cyclingSince = clock.now();
    const capacityDeadline = Math.min(deadline, cyclingSince + config.capacityTimeoutMs);
    for (;;) {
        const outcome = await tryEachGpuType(run, candidates);
        if (outcome === 'start-again')
            continue;
        if (outcome !== 'no-capacity')
            return outcome;
        // Every GPU type answered sandbox_capacity_unavailable: back off, then cycle again.
        capacityRound++;
        const wait = (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .backoffDelay */ .EY)(capacityRound, clock.random(), CAPACITY_BACKOFF);
        if (clock.now() + wait > capacityDeadline) {
            throw new CapacityExhaustedError(config.gpuTypes, capacityRound, run.attempts.length, clock.now() - cyclingSince, config.capacityTimeoutMs);
        }
        const busy = config.gpuTypes.length > 1
            ? `Every listed GPU type is busy (${config.gpuTypes.join(', ')})`
            : `${config.gpuTypes.join('')} is busy`;
        ctx.log(`${busy}; trying again in ${(wait / 1000).toFixed(1)}s.`);
        await clock.sleep(wait, deps.signal);
    }
}
/** One round through the GPU types: the sandbox, 'start-again' after the name was freed, or 'no-capacity'. */
async function tryEachGpuType(run, candidates) {
    const { config, ctx } = run;
    for (const gpuType of candidates) {
        const label = gpuType ? `${gpuType} x${config.gpuCount ?? 1}` : 'CPU only';
        try {
            const response = await (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .retryUntil */ .v6)(ctx, run.deadline, `start '${config.name}' (${label})`, () => ctx.client.startSandbox(buildStartRequest(config, gpuType), ctx.signal), {
                // Capacity is handled below, by moving on to the next GPU type.
                retryable: (error) => (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .isTransient */ .dg)(error) && !(0,_client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isServiceError */ .gi)(error, 'sandbox_capacity_unavailable'),
                onRetry: (error) => {
                    if (error instanceof _client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7 && error.ambiguous) {
                        run.lostAnswerGpu = { type: gpuType };
                        run.tracker.mayHaveCreated = true;
                    }
                },
            });
            run.attempts.push(`${label}: accepted`);
            return { id: response.id, name: response.name, gpuType, adopted: false, attempts: run.attempts };
        }
        catch (error) {
            // An answer cut off for good (or a cancelled request) may still have created it.
            if (!(error instanceof _client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7) || error.ambiguous)
                run.tracker.mayHaveCreated = true;
            if ((0,_client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isServiceError */ .gi)(error, 'sandbox_capacity_unavailable')) {
                run.attempts.push(`${label}: no capacity`);
                const next = candidates[candidates.indexOf(gpuType) + 1];
                ctx.log(`No ${label} capacity free${next ? `; trying the next GPU type, ${next}` : ''}.`);
                continue;
            }
            if (!(0,_client_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .isNameInUse */ .a)(error))
                throw error;
            // Start again with the same GPU preference order, unless the 409 was our own sandbox.
            return (await resolveNameInUse(run, label, error)) ?? 'start-again';
        }
    }
    return 'no-capacity';
}
/** A 409 name_in_use: our own sandbox after a lost answer (adopted), or a holder to free the name from (undefined). */
async function resolveNameInUse(run, label, error) {
    const { config, ctx } = run;
    // A stopping holder (or one replace-existing stops) keeps the name for a while: then a 409 is not ours for sure.
    const nameMayFree = config.replaceExisting || run.holders.stoppingSeen;
    if (run.lostAnswerGpu) {
        const adopted = await adoptByName(ctx, config.name, run.deadline, run.holders.ids, nameMayFree ? 1 : 5);
        if (adopted) {
            run.attempts.push(`${label}: adopted ${adopted.id} after a lost answer`);
            const grantedGpu = readGpuType(adopted) ?? run.lostAnswerGpu.type;
            return {
                id: adopted.id,
                name: adopted.name ?? config.name,
                gpuType: grantedGpu,
                adopted: true,
                attempts: run.attempts,
            };
        }
        if (!nameMayFree) {
            throw new Error(`The name '${config.name}' is in use after a start attempt whose answer ` +
                `was lost, but no live sandbox of this step with that name is listed. ` +
                'The post step will look for it by name again and stop it.', { cause: error });
        }
    }
    else if (!nameMayFree)
        throw error;
    run.nameRound++;
    await (0,_name_holders_js__WEBPACK_IMPORTED_MODULE_5__/* .freeTheName */ .bH)(ctx, config, run.holders, run.nameRound, run.deadline);
    return undefined;
}
function readGpuType(record) {
    const spec = record.spec;
    if (spec && typeof spec === 'object' && 'gpu_type' in spec) {
        const type = spec.gpu_type;
        if (type === 'A6000' || type === 'A100' || type === 'H100')
            return type;
    }
    return undefined;
}
/**
 * After a lost answer, the 409 may be our own sandbox: find it by name, never
 * one that held the name before. The list may lag, so look a few times.
 */
async function adoptByName(ctx, name, deadline, exclude, looks) {
    for (let look = 1; look <= looks; look++) {
        const found = await (0,_find_js__WEBPACK_IMPORTED_MODULE_4__/* .findLiveSandboxByName */ .hY)(ctx, name, deadline, exclude);
        if (found) {
            ctx.log(`Adopting sandbox ${found.id}: an earlier start attempt created it but its answer was lost.`);
            return found;
        }
        if (look === looks || ctx.clock.now() + 1_000 * look > deadline)
            break;
        await ctx.clock.sleep(1_000 * look, ctx.signal);
    }
    return undefined;
}


/***/ })

};
