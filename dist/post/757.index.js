export const id = 757;
export const ids = [757];
export const modules = {

/***/ 8757:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  releaseHolds: () => (/* binding */ releaseHolds),
  releasePoolClaims: () => (/* binding */ releasePoolClaims),
  stopHalfPrepared: () => (/* binding */ stopHalfPrepared)
});

// EXTERNAL MODULE: ./build/src/client/schemas.js
var schemas = __webpack_require__(2805);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/sandbox/stop.js + 1 modules
var stop = __webpack_require__(1381);
// EXTERNAL MODULE: ./build/src/step/deps.js
var step_deps = __webpack_require__(3996);
// EXTERNAL MODULE: ./build/src/remote/ssh-command.js
var ssh_command = __webpack_require__(262);
;// CONCATENATED MODULE: ./build/src/pool/claim.js
/**
 * The warm pool's claim (the contract's "Warm pool"): atomic on the
 * sandbox itself, over the action's SSH access. The claim is a symbolic link
 * whose target names the claimant, made with `ln -s`: creating it either
 * succeeds or finds it there, in one system call, however many steps try at
 * once, so exactly one wins. The claimant is written with the claim, never
 * after it, so a claim whose answer was lost is recognised as its own when
 * asked again, and there is no half-made claim that nobody owns. Each sandbox
 * id has its own link (an emulator may give several sandboxes one home). A
 * claim attempt has a short bound: a sandbox whose SSH hangs is no claim.
 */


/** How long one claim attempt may take (connection included). */
const CLAIM_TIMEOUT_MS = 8_000;
/** What a claimant may be called: the link's target, so no '/' and nothing a shell reads. */
const CLAIMANT = /^[A-Za-z0-9._-]{1,100}$/;
const SANDBOX_ID = /^[A-Za-z0-9._-]{1,100}$/;
const CLAIM = `set -u
dir="$HOME/.gpu-sandbox-pool"
mkdir -p "$dir" 2> /dev/null
link="$dir/claim-$1"
if [ "\${3:-}" = prepared ] && [ ! -L "$dir/prepared-$1" ] && [ ! -L "$link" ]; then echo unprepared
elif ln -s "$2" "$link" 2> /dev/null; then echo won
elif [ "$(readlink "$link" 2> /dev/null)" = "$2" ]; then echo won
elif [ -L "$link" ]; then echo "taken $(readlink "$link" | tr -cd 'A-Za-z0-9._-' | cut -c1-100)"
else echo unclaimable; fi`;
/** What a sandbox says a claim names, cut here to what a claimant may be (the sandbox's own cut is its word only). */
const claimantSaid = (text) => text.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 100) || 'unnamed';
/** A claimant's name from the step's run, attempt and job: only the characters a claim may hold. */
function claimantOf(parts) {
    const name = parts
        .filter((part) => part !== undefined && part !== '')
        .join('-')
        .replace(/[^A-Za-z0-9._-]/g, '_')
        .slice(0, 100);
    return name === '' ? 'unnamed' : name;
}
/** Claims `sandboxId` for `claimant`: won (also again, for the same claimant), taken by another, or why neither. */
async function claimSandbox(target, sandboxId, claimant, context) {
    if (!SANDBOX_ID.test(sandboxId))
        return { kind: 'failed', why: `'${(0,untrusted/* serviceText */.Lo)(sandboxId, 40)}' is not a sandbox id` };
    if (!CLAIMANT.test(claimant))
        return { kind: 'failed', why: `'${(0,untrusted/* serviceText */.Lo)(claimant, 40)}' is not a claimant` };
    const args = [sandboxId, claimant, ...(context.prepared ? ['prepared'] : [])];
    const bound = context.timeoutMs ?? CLAIM_TIMEOUT_MS;
    const { said, code, stderr, timedOut } = await (0,ssh_command/* askSandbox */.t_)(target, CLAIM, args, context, bound);
    if (said === 'won')
        return { kind: 'won' };
    // A prepared pool's sandbox is claimed only once its preparer marked it (prepare.ts).
    if (said === 'unprepared')
        return { kind: 'failed', why: 'its preparation has not succeeded (no mark)' };
    const taken = /^taken (.*)$/.exec(said);
    if (taken)
        return { kind: 'taken', by: claimantSaid(taken[1] ?? '') };
    const last = (0,untrusted/* serviceText */.Lo)(stderr.trim().split('\n').at(-1) ?? '', 200);
    if (timedOut)
        return { kind: 'unreachable', why: `no answer within ${bound / 1000} s` };
    if (code === ssh_command/* SSH_CONNECTION_FAILED */.M2)
        return { kind: 'unreachable', why: last || 'the SSH connection failed' };
    return {
        kind: 'failed',
        why: said === 'unclaimable' ? 'its claim is not a link' : `exit ${code}${last ? `: ${last}` : ''}`,
    };
}
const LOOK = `dir="$HOME/.gpu-sandbox-pool"
link="$dir/claim-$1"
if [ -L "$link" ]; then echo "claimed $(readlink "$link" | tr -cd 'A-Za-z0-9._-' | cut -c1-100)"
elif [ -L "$dir/prepared-$1" ]; then
  echo "unclaimed prepared $(readlink "$dir/prepared-$1" | tr -cd '0-9' | cut -c1-12)"
elif [ -L "$dir/prepare-$1" ]; then
  echo "unclaimed preparing $(readlink "$dir/prepare-$1" | tr -cd 'A-Za-z0-9._-' | cut -c1-120)"
else echo unclaimed; fi`;
/** Looks at `sandboxId`'s claim and preparation, read only. */
async function lookAt(target, sandboxId, context) {
    if (!SANDBOX_ID.test(sandboxId))
        return { by: undefined };
    const { said } = await (0,ssh_command/* askSandbox */.t_)(target, LOOK, [sandboxId], context, context.timeoutMs ?? CLAIM_TIMEOUT_MS);
    const by = /^claimed (.*)$/.exec(said)?.[1];
    if (by !== undefined)
        return { by: claimantSaid(by) };
    if (!said.startsWith('unclaimed'))
        return { by: undefined };
    const prepared = /^unclaimed prepared (\d{1,12})$/.exec(said)?.[1];
    if (prepared)
        return { by: null, preparedAt: Number(prepared) * 1000 };
    const since = /^unclaimed preparing (\d{1,12})-/.exec(said)?.[1];
    // A lock whose time cannot be read counts as begun at the epoch: abandoned.
    if (said.startsWith('unclaimed preparing'))
        return { by: null, preparingSince: Number(since ?? 0) * 1000 };
    return { by: null };
}
/** Who claimed `sandboxId`, read only (a refill counts the unclaimed): null for none; undefined where it cannot say. */
async function claimedBy(target, sandboxId, context) {
    return (await lookAt(target, sandboxId, context)).by;
}

// EXTERNAL MODULE: ./build/src/client/retry.js
var retry = __webpack_require__(9943);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./build/src/ssh/access.js + 3 modules
var access = __webpack_require__(307);
// EXTERNAL MODULE: ./build/src/ssh/config-files.js
var config_files = __webpack_require__(5018);
// EXTERNAL MODULE: ./build/src/ssh/secret-files.js
var secret_files = __webpack_require__(8528);
;// CONCATENATED MODULE: ./build/src/pool/access.js
/**
 * The pool's SSH access to its candidates: the step's key and
 * certificate (ssh/access.ts, made once before any start), the record's
 * address with its host key pinned, one config per candidate in a private
 * directory under the step's secret directory (which the post step removes).
 * A record with no address or host key to pin is never reached: no claim.
 */





/** `reach` for take, refill and the idle rule, and `forget` for the claim's and the main step's end. */
function access_poolAccess(prepared) {
    const targets = new Map();
    const reach = async (id, record) => {
        const known = targets.get(id);
        if (known)
            return known;
        if (!SANDBOX_ID_PATTERN.test(id))
            throw new Error(`'${id.slice(0, 40)}' is not a sandbox id`);
        const found = pinnableEndpoint(record);
        if ('problem' in found)
            throw new Error(`its record${found.problem}`);
        const alias = `pool-${id}`;
        const dir = privateDirectory(prepared.dir);
        const { configPath } = writeSshFiles(dir, alias, found.endpoint, prepared.keyPath, prepared.certPath);
        const target = { configPath, alias };
        targets.set(id, target);
        return target;
    };
    const forget = (keep) => {
        for (const [id, target] of targets) {
            if (keep.includes(id))
                continue;
            targets.delete(id);
            removePrivateDirectory(dirname(target.configPath));
        }
    };
    return { reach, forget };
}

;// CONCATENATED MODULE: ./build/src/pool/deps.js
/**
 * What the pool's parts (take, refill, idle) are given in a real step: the
 * service's list and records through the one client (each read retried
 * briefly, every request within the pool's own deadline), SSH access to the
 * candidates over the step's certificate, and the stop every mode uses.
 */



/** How long one read or one stop of the pool's may take. */
const READ_BUDGET_MS = 15_000;
const STOP_BUDGET_MS = 60_000;
/** The service's list for the pool's readers (newest first, 20 pages at most), within the pool's bound. */
function listWithin(ctx) {
    return ctx.client
        .withDeadline(ctx.clock.now() + READ_BUDGET_MS * 2, ctx.clock)
        .allSandboxes({ signal: ctx.signal, maxPages: 20 });
}
/** One sandbox's record, read again briefly after a passing failure, within the pool's bound. */
function readWithin(ctx, id) {
    const client = ctx.client.withDeadline(ctx.clock.now() + READ_BUDGET_MS, ctx.clock);
    return retryUntil(ctx, ctx.clock.now() + READ_BUDGET_MS, `read ${id}`, () => client.getSandbox(id, ctx.signal), {
        backoff: READ_BACKOFF,
    });
}
function poolDeps(ctx, env, prepared, preparedPool = false) {
    const access = poolAccess(prepared);
    return {
        prepared: preparedPool,
        clock: ctx.clock,
        list: () => listWithin(ctx),
        read: (id) => readWithin(ctx, id),
        reach: access.reach,
        forget: access.forget,
        env,
        signal: ctx.signal,
        log: ctx.log,
        stop: async (id) => {
            await stopSandbox(ctx, id, ctx.clock.now() + STOP_BUDGET_MS);
        },
    };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./build/src/inputs/pool.js + 2 modules
var pool = __webpack_require__(4818);
// EXTERNAL MODULE: ./build/src/inputs/default-name.js
var default_name = __webpack_require__(6536);
;// CONCATENATED MODULE: ./build/src/pool/names.js
/**
 * The warm pool's names (the contract's "Warm pool"): a pool sandbox is
 * named `gp-<GITHUB_REPOSITORY_ID>-<pool>-<8 hex of the request's digest>-<6 hex>`,
 * never a run's name (`gh-…`), so a retried start, `mode: stop`, the sweep and
 * the comment tell them apart, and a step lists only the pool sandboxes that
 * were started for a request like its own. What a pool sandbox really is comes
 * from its service record, never from its name: the digest only narrows the list.
 */







/** Canonical JSON: keys sorted at every depth, so the same request always digests the same. */
function canonical(value) {
    if (Array.isArray(value))
        return `[${value.map(canonical).join(',')}]`;
    if (value !== null && typeof value === 'object')
        return `{${Object.keys(value)
            .sort()
            .filter((key) => value[key] !== undefined)
            .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
            .join(',')}}`;
    return JSON.stringify(value);
}
/** The first 8 hex of the SHA-256 of the request's canonical JSON. */
function requestDigest(request) {
    return createHash('sha256').update(canonical(request)).digest('hex').slice(0, 8);
}
/** The names' common start for one repository, pool and request: what a list is filtered by. */
function poolPrefix(repositoryId, pool, digest) {
    if (!/^\d+$/.test(repositoryId))
        throw new Error(`pool: the repository id '${repositoryId}' is not a number`);
    if (!POOL_NAME.test(pool))
        throw new Error(`pool: '${pool}' is not a pool name`);
    if (!/^[0-9a-f]{8}$/.test(digest))
        throw new Error(`pool: '${digest}' is not a request digest`);
    return `gp-${repositoryId}-${pool}-${digest}-`;
}
/** A fresh pool sandbox's name: the prefix and 6 random hex. */
function poolSandboxName(prefix, random = Math.random) {
    const hex = Math.floor(random() * 0x1000000)
        .toString(16)
        .padStart(6, '0')
        .slice(-6);
    return `${prefix}${hex}`;
}
/** A name's prefix, rebuilt from its parts: what a request's names start with. */
const prefixOf = (parts) => `gp-${parts.repositoryId}-${parts.pool}-${parts.digest}-`;
/**
 * The listed sandboxes whose parsed names `wanted` takes, with an id: the one reading of the list for the pool. Names
 * are parsed, never matched by their start: pool `ci`'s names start as pool `ci-deadbeef`'s may.
 */
async function poolListed(list, wanted) {
    return (await poolView(list, wanted)).items;
}
/**
 * One read of the list: the pool's sandboxes `wanted` takes (as poolListed), and the ids of every sandbox a hold in
 * the list names, live or not (hold.ts: one that was ever held was claimed, and is never claimed again).
 */
async function poolView(list, wanted) {
    const items = [];
    const held = new Set();
    for await (const item of list) {
        const holds = (0,default_name/* heldBy */.Vr)(item.name);
        if (holds)
            held.add(holds.sandboxId);
        const parts = (0,default_name/* parsePoolName */.Vk)(item.name ?? '');
        // Only a real sandbox id is ever logged, put in a path or sent a claim.
        if (item.id && schemas/* SANDBOX_ID_PATTERN */.BA.test(item.id) && parts && wanted(parts))
            items.push(item);
    }
    return { items, held };
}
/** The ids of the sandboxes a hold in the list names (poolView's second half, for readers of nothing else). */
async function heldIn(list) {
    return (await poolView(list, () => false)).held;
}

;// CONCATENATED MODULE: ./build/src/pool/release.js
/**
 * The post step's part of the warm pool: a claim the main step sent but whose
 * answer it never read (cancelled during it) or lost is looked at again (read
 * only), over the same SSH access; a claim that is this step's, on a sandbox
 * that is not the one the main step saved, is stopped, so a claim never
 * outlives its job. One that another step holds, or that cannot say, is left:
 * it is not this step's (its TTL ends an unanswered one). In the
 * pull-requests domain a claim is this step's only with its hold: a sandbox a
 * hold names that this step cannot show is its own is left too.
 *
 * The holds this step started are stopped last, each once its sandbox's stop
 * was accepted (or the main step stopped it), never while it may still run a
 * job's code: a hold that ended early would let another job claim it.
 */







const release_STOP_BUDGET_MS = 2 * 60_000;
async function releasePoolClaims(deps, state, config) {
    const saved = state.poolClaims;
    const pending = (saved?.pending ?? []).filter((claim) => claim.id !== state.sandboxId);
    if (!saved || pending.length === 0)
        return;
    const ctx = (0,step_deps/* opContext */.R)({ ...deps, client: deps.makeClient(config) });
    let held;
    for (const claim of pending) {
        const target = { configPath: claim.configPath, alias: claim.alias };
        // Read only: a claim that never arrived is not made now (that sandbox stays the pool's, for the next job).
        const by = await claimedBy(target, claim.id, { env: deps.env ?? process.env });
        if (by !== saved.claimant) {
            const why = by === null ? 'unclaimed' : by === undefined ? 'it could not say' : `claimed by ${(0,untrusted/* serviceText */.Lo)(by, 100)}`;
            deps.core.info(`Pool: ${claim.id} is not this job's (${why}); left to the pool.`);
            continue;
        }
        const ownHold = saved.holds?.some((hold) => hold.sandboxId === claim.id && hold.holdId);
        if (!ownHold && (held ??= await heldIn(listWithin(ctx))).has(claim.id)) {
            deps.core.info(`Pool: ${claim.id} is named by a hold this job cannot show is its own (its answer was lost); ` +
                'left to its TTL, with the hold.');
            continue;
        }
        await (0,stop/* stopSandbox */.a)(ctx, claim.id, deps.clock.now() + release_STOP_BUDGET_MS);
        deps.core.info(`Pool: ${claim.id} was claimed by this job and not used (the claim's answer was lost, or its stop was ` +
            'refused then); stopped.');
    }
}
/**
 * Stops the holds this step started: the job's own sandbox's once `stopped` says the post step's stop of it was
 * accepted (none with keep-alive), any other's at once (the main step stopped that one, or never used it).
 */
async function releaseHolds(deps, state, config, stopped) {
    const holds = (state.poolClaims?.holds ?? []).filter((hold) => hold.holdId && schemas/* SANDBOX_ID_PATTERN */.BA.test(hold.holdId));
    if (holds.length === 0)
        return;
    const ctx = (0,step_deps/* opContext */.R)({ ...deps, client: deps.makeClient(config) });
    for (const { sandboxId, holdId = '' } of holds) {
        if (sandboxId === state.sandboxId && (!stopped || config.keepAlive)) {
            const why = config.keepAlive ? 'keep-alive leaves it running' : 'its stop was not accepted';
            deps.core.info(`Pool: the hold ${holdId} stays with ${sandboxId}: ${why}; both end at their TTL.`);
            continue;
        }
        await (0,stop/* stopSandbox */.a)(ctx, holdId, deps.clock.now() + release_STOP_BUDGET_MS);
        deps.core.info(`Pool: the hold ${holdId} of ${sandboxId} stopped.`);
    }
}
/**
 * The pool sandboxes the main step was preparing when it ended (cancelled, killed): one whose preparation was marked,
 * or that a job claimed, is left; any other is claimed under the preparer's lock, so no job ever can, and stopped.
 * One that cannot be reached now (its certificate expired) is never claimed: its abandoned lock has the pool's idle
 * rule, or its TTL, end it.
 */
async function stopHalfPrepared(deps, state, config) {
    const saved = state.poolPreparing;
    if (!saved || saved.pending.length === 0)
        return;
    const ctx = (0,step_deps/* opContext */.R)({ ...deps, client: deps.makeClient(config) });
    const env = deps.env ?? process.env;
    for (const item of saved.pending.filter((entry) => schemas/* SANDBOX_ID_PATTERN */.BA.test(entry.id))) {
        const target = { configPath: item.configPath, alias: item.alias };
        const look = await lookAt(target, item.id, { env });
        // Claimed by this step's preparer already (its preparation failed, and the stop after it was refused): its own.
        const own = look.by === saved.claimant;
        if (!own && (look.by !== null || look.preparedAt !== undefined)) {
            const why = look.preparedAt !== undefined ? 'its preparation was marked' : 'it is claimed, or could not say';
            deps.core.info(`Pool: ${item.id}, being prepared when the main step ended, is left (${why}).`);
            continue;
        }
        if (!own && (await claimSandbox(target, item.id, saved.claimant, { env })).kind !== 'won')
            continue;
        await (0,stop/* stopSandbox */.a)(ctx, item.id, deps.clock.now() + release_STOP_BUDGET_MS);
        deps.core.info(own
            ? `Pool: ${item.id}, whose preparation failed and whose stop was refused then, stopped.`
            : `Pool: ${item.id} was left half-prepared by the main step; stopped.`);
    }
}


/***/ })

};
