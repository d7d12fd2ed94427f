export const id = 131;
export const ids = [131];
export const modules = {

/***/ 236:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E0: () => (/* binding */ claimSandbox),
/* harmony export */   dl: () => (/* binding */ claimedBy),
/* harmony export */   t5: () => (/* binding */ lookAt)
/* harmony export */ });
/* unused harmony exports CLAIM_TIMEOUT_MS, claimantOf */
/* harmony import */ var _remote_ssh_command_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(262);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4120);
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
        return { kind: 'failed', why: `'${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__/* .serviceText */ .Lo)(sandboxId, 40)}' is not a sandbox id` };
    if (!CLAIMANT.test(claimant))
        return { kind: 'failed', why: `'${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__/* .serviceText */ .Lo)(claimant, 40)}' is not a claimant` };
    const args = [sandboxId, claimant, ...(context.prepared ? ['prepared'] : [])];
    const bound = context.timeoutMs ?? CLAIM_TIMEOUT_MS;
    const { said, code, stderr, timedOut } = await (0,_remote_ssh_command_js__WEBPACK_IMPORTED_MODULE_0__/* .askSandbox */ .t_)(target, CLAIM, args, context, bound);
    if (said === 'won')
        return { kind: 'won' };
    // A prepared pool's sandbox is claimed only once its preparer marked it (prepare.ts).
    if (said === 'unprepared')
        return { kind: 'failed', why: 'its preparation has not succeeded (no mark)' };
    const taken = /^taken (.*)$/.exec(said);
    if (taken)
        return { kind: 'taken', by: claimantSaid(taken[1] ?? '') };
    const last = (0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_1__/* .serviceText */ .Lo)(stderr.trim().split('\n').at(-1) ?? '', 200);
    if (timedOut)
        return { kind: 'unreachable', why: `no answer within ${bound / 1000} s` };
    if (code === _remote_ssh_command_js__WEBPACK_IMPORTED_MODULE_0__/* .SSH_CONNECTION_FAILED */ .M2)
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
    const { said } = await (0,_remote_ssh_command_js__WEBPACK_IMPORTED_MODULE_0__/* .askSandbox */ .t_)(target, LOOK, [sandboxId], context, context.timeoutMs ?? CLAIM_TIMEOUT_MS);
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


/***/ }),

/***/ 8468:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Fs: () => (/* binding */ poolDeps),
  w0: () => (/* binding */ readWithin)
});

// UNUSED EXPORTS: listWithin

// EXTERNAL MODULE: ./build/src/client/retry.js
var retry = __webpack_require__(9943);
// EXTERNAL MODULE: ./build/src/sandbox/stop.js
var stop = __webpack_require__(7153);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./build/src/client/schemas.js
var schemas = __webpack_require__(2805);
// EXTERNAL MODULE: ./build/src/ssh/access.js + 2 modules
var access = __webpack_require__(7421);
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
function poolAccess(prepared) {
    const targets = new Map();
    const reach = async (id, record) => {
        const known = targets.get(id);
        if (known)
            return known;
        if (!schemas/* SANDBOX_ID_PATTERN */.BA.test(id))
            throw new Error(`'${id.slice(0, 40)}' is not a sandbox id`);
        const found = (0,access/* pinnableEndpoint */.FX)(record);
        if ('problem' in found)
            throw new Error(`its record${found.problem}`);
        const alias = `pool-${id}`;
        const dir = (0,secret_files/* privateDirectory */.Jt)(prepared.dir);
        const { configPath } = (0,config_files/* writeSshFiles */.RO)(dir, alias, found.endpoint, prepared.keyPath, prepared.certPath);
        const target = { configPath, alias };
        targets.set(id, target);
        return target;
    };
    const forget = (keep) => {
        for (const [id, target] of targets) {
            if (keep.includes(id))
                continue;
            targets.delete(id);
            (0,secret_files/* removePrivateDirectory */.th)((0,external_node_path_.dirname)(target.configPath));
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
    return (0,retry/* retryUntil */.v6)(ctx, ctx.clock.now() + READ_BUDGET_MS, `read ${id}`, () => client.getSandbox(id, ctx.signal), {
        backoff: retry/* READ_BACKOFF */.Ue,
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
            await (0,stop/* stopSandbox */.a)(ctx, id, ctx.clock.now() + STOP_BUDGET_MS);
        },
    };
}


/***/ }),

/***/ 5896:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ stopIdle)
/* harmony export */ });
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4120);
/* harmony import */ var _sandbox_status_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8935);
/* harmony import */ var _claim_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(236);
/* harmony import */ var _prepare_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6147);
/* harmony import */ var _match_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9025);
/* harmony import */ var _names_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4932);






/**
 * This repository's live sandboxes of `pool`: with `prefix`, one request and trust domain's only (a step stops as
 * idle only its own domain's), else any request's of either domain (the sweep). One a hold names is a job's: kept.
 */
async function poolSandboxes(deps, pool) {
    const { repositoryId, name, prefix, idleMs } = pool;
    const { items, held } = await (0,_names_js__WEBPACK_IMPORTED_MODULE_5__/* .poolView */ .WR)(deps.list(), (parts) => prefix === undefined ? parts.repositoryId === repositoryId && parts.pool === name : (0,_names_js__WEBPACK_IMPORTED_MODULE_5__/* .prefixOf */ .MT)(parts) === prefix);
    const now = deps.clock.now();
    // One the list shows younger than pool-idle is not read (a keeper looks every few seconds); its record decides.
    const young = (item) => ((0,_match_js__WEBPACK_IMPORTED_MODULE_4__/* .waitedMs */ .h)({ ...item, status: item.status ?? '' }, now) ?? idleMs) < idleMs;
    const mine = (item) => pool.preparing?.includes(item.id) === true;
    return items
        .filter((item) => (item.status === undefined || (0,_sandbox_status_js__WEBPACK_IMPORTED_MODULE_1__/* .isReady */ .i_)(item.status)) && !held.has(item.id) && !young(item))
        .filter((item) => !mine(item))
        .map((item) => item.id);
}
/**
 * In a prepared pool: how long one has waited since its preparation was marked, or since its creation where nobody
 * began to prepare it; Infinity for an abandoned preparation; undefined while one is under way.
 */
async function preparedWait(deps, id, target, record, limitMs) {
    const look = await (0,_claim_js__WEBPACK_IMPORTED_MODULE_2__/* .lookAt */ .t5)(target, id, { env: deps.env, signal: deps.signal });
    const now = deps.clock.now();
    if (look.preparedAt !== undefined)
        return now - look.preparedAt;
    if ((0,_prepare_js__WEBPACK_IMPORTED_MODULE_3__/* .isAbandoned */ .zI)(look, now, limitMs))
        return Infinity;
    return look.preparingSince === undefined ? (0,_match_js__WEBPACK_IMPORTED_MODULE_4__/* .waitedMs */ .h)(record, now) : undefined;
}
/** Why one sandbox is kept, or undefined once it is claimed for the stop. */
async function claimIdle(deps, id, pool) {
    const { idleMs, claimant, prepareLimitMs } = pool;
    const record = await deps.read(id);
    if (!(0,_sandbox_status_js__WEBPACK_IMPORTED_MODULE_1__/* .isReady */ .i_)(record.status))
        return `it is '${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__/* .serviceText */ .Lo)(record.status, 40)}'`;
    const created = (0,_match_js__WEBPACK_IMPORTED_MODULE_4__/* .waitedMs */ .h)(record, deps.clock.now());
    if (created === undefined)
        return 'its record shows no created_at';
    // Nothing waits longer since its mark than since its creation: no SSH for one not idle long enough.
    if (created < idleMs)
        return 'not idle long enough';
    const target = await deps.reach(id, record);
    if (prepareLimitMs !== undefined) {
        const waited = await preparedWait(deps, id, target, record, prepareLimitMs);
        if (waited === undefined)
            return 'being prepared';
        // A drain (idleMs 0) stops a prepared one however its preparer's clock marked it.
        if (idleMs > 0 && waited < idleMs)
            return 'not idle long enough';
    }
    deps.track?.(id, target);
    const verdict = await (0,_claim_js__WEBPACK_IMPORTED_MODULE_2__/* .claimSandbox */ .E0)(target, id, claimant, { env: deps.env, signal: deps.signal });
    if (verdict.kind === 'won')
        return undefined;
    if (verdict.kind !== 'unreachable')
        deps.track?.(id, undefined);
    return verdict.kind === 'taken' ? `claimed by ${verdict.by}` : `not claimed (${verdict.why})`;
}
/** Stops the pool's sandboxes unclaimed past `idleMs`, each claimed first; which were stopped. */
async function stopIdle(deps, pool) {
    const stopped = [];
    for (const id of await poolSandboxes(deps, pool)) {
        const kept = await claimIdle(deps, id, pool).catch((error) => `no record or SSH access (${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__/* .serviceText */ .Lo)(String(error), 200)})`);
        if (kept !== undefined) {
            if (kept !== 'not idle long enough' && kept !== 'being prepared')
                deps.log(`Pool '${pool.name}': ${id} kept: ${kept}.`);
            continue;
        }
        try {
            await deps.stop(id);
            deps.track?.(id, undefined);
            stopped.push(id);
            deps.log(`Pool '${pool.name}': ${id} stopped, unclaimed past pool-idle.`);
        }
        catch (error) {
            // Claimed by this step, so no job takes it: its TTL (pool-idle + max-ttl) ends it.
            const why = (0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__/* .serviceText */ .Lo)(String(error), 200);
            deps.log(`Pool '${pool.name}': ${id} claimed for its idle stop, but the stop failed (${why}).`);
        }
    }
    return { stopped };
}


/***/ }),

/***/ 9025:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ mismatch),
/* harmony export */   h: () => (/* binding */ waitedMs)
/* harmony export */ });
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4120);
/* harmony import */ var _sandbox_record_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5208);
/* harmony import */ var _sandbox_status_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8935);



const field = (record, name) => record[name];
/** A policy field's list as a sorted set; absent or null is the empty list (the service fills in empty lists). */
const listOf = (value) => value === undefined || value === null ? [] : Array.isArray(value) ? value.map(String).sort() : undefined;
/**
 * Whether the record's policy is the one asked for: the same internet access and allowlists (as sets). A field the
 * policy asked for does not know, holding anything but an empty list, is another policy: never claimed on a guess.
 */
function samePolicy(shown, asked) {
    if (!shown || typeof shown !== 'object')
        return false;
    const record = shown;
    if (record.internet_access !== asked.internet_access)
        return false;
    const wanted = asked;
    for (const key of new Set([...Object.keys(record), ...Object.keys(wanted)])) {
        if (key === 'internet_access')
            continue;
        const [a, b] = [listOf(record[key]), listOf(wanted[key])];
        if (!a || !b || a.join('\n') !== b.join('\n'))
            return false;
    }
    return true;
}
/** Why the spec differs, or undefined. */
function specMismatch(record, request) {
    const spec = field(record, 'spec');
    if (!spec || typeof spec !== 'object')
        return 'its record shows no spec';
    for (const key of ['cpu_count', 'memory_gib', 'storage_gib'])
        if (spec[key] !== request.spec[key])
            return `its ${key} is ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__/* .serviceText */ .Lo)(String(spec[key]), 20)}, not ${request.spec[key]}`;
    const gpus = request.spec.gpu_count ?? 0;
    if ((spec.gpu_count ?? 0) !== gpus)
        return `its gpu_count is ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__/* .serviceText */ .Lo)(String(spec.gpu_count), 20)}, not ${gpus}`;
    if (gpus > 0 && !request.gpuTypes.includes(spec.gpu_type))
        return `its gpu_type ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__/* .serviceText */ .Lo)(String(spec.gpu_type), 20)} is not among ${request.gpuTypes.join(', ')}`;
    return undefined;
}
/** Why `record` may not be claimed for `request` at `now` (one line, safe text), or undefined where it may. */
function mismatch(record, request, now) {
    if (!(0,_sandbox_status_js__WEBPACK_IMPORTED_MODULE_2__/* .isReady */ .i_)(record.status))
        return `it is '${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_0__/* .serviceText */ .Lo)(record.status, 40)}', not ready`;
    if (!field(record, 'ssh'))
        return 'its record shows no SSH address';
    const spec = specMismatch(record, request);
    if (spec)
        return spec;
    if ((field(record, 'image_id') ?? undefined) !== request.image_id)
        return 'it runs another image';
    if (!samePolicy(field(record, 'network_policy'), request.network_policy))
        return 'its network policy differs';
    const ends = (0,_sandbox_record_js__WEBPACK_IMPORTED_MODULE_1__/* .endsAtMs */ .uX)(record, undefined);
    if (ends === undefined)
        return 'its record shows no expires_at';
    if (ends - now < request.ttlMs)
        return "its TTL ends before this job's would";
    return undefined;
}
/** How long a pool sandbox has waited since the service created it (its idle time while unclaimed), if known. */
function waitedMs(record, now) {
    const created = (0,_sandbox_record_js__WEBPACK_IMPORTED_MODULE_1__/* .createdAtMs */ .aF)(record);
    return created === undefined ? undefined : Math.max(0, now - created);
}


/***/ }),

/***/ 4932:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $f: () => (/* binding */ heldIn),
/* harmony export */   MT: () => (/* binding */ prefixOf),
/* harmony export */   Mm: () => (/* binding */ poolListed),
/* harmony export */   Vk: () => (/* reexport safe */ _inputs_default_name_js__WEBPACK_IMPORTED_MODULE_3__.Vk),
/* harmony export */   WR: () => (/* binding */ poolView),
/* harmony export */   jA: () => (/* binding */ poolPrefix),
/* harmony export */   ud: () => (/* binding */ requestDigest),
/* harmony export */   vN: () => (/* binding */ poolSandboxName)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var _client_schemas_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2805);
/* harmony import */ var _inputs_pool_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4818);
/* harmony import */ var _inputs_default_name_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6536);
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
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(canonical(request)).digest('hex').slice(0, 8);
}
/** The names' common start for one repository, pool and request: what a list is filtered by. */
function poolPrefix(repositoryId, pool, digest) {
    if (!/^\d+$/.test(repositoryId))
        throw new Error(`pool: the repository id '${repositoryId}' is not a number`);
    if (!_inputs_pool_js__WEBPACK_IMPORTED_MODULE_2__/* .POOL_NAME */ .RZ.test(pool))
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
        const holds = (0,_inputs_default_name_js__WEBPACK_IMPORTED_MODULE_3__/* .heldBy */ .Vr)(item.name);
        if (holds)
            held.add(holds.sandboxId);
        const parts = (0,_inputs_default_name_js__WEBPACK_IMPORTED_MODULE_3__/* .parsePoolName */ .Vk)(item.name ?? '');
        // Only a real sandbox id is ever logged, put in a path or sent a claim.
        if (item.id && _client_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .SANDBOX_ID_PATTERN */ .BA.test(item.id) && parts && wanted(parts))
            items.push(item);
    }
    return { items, held };
}
/** The ids of the sandboxes a hold in the list names (poolView's second half, for readers of nothing else). */
async function heldIn(list) {
    return (await poolView(list, () => false)).held;
}


/***/ }),

/***/ 6147:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PI: () => (/* binding */ lockPreparation),
/* harmony export */   V9: () => (/* binding */ runPreparation),
/* harmony export */   li: () => (/* binding */ lockText),
/* harmony export */   nl: () => (/* binding */ markPrepared),
/* harmony export */   o5: () => (/* binding */ checkoutOf),
/* harmony export */   zI: () => (/* binding */ isAbandoned)
/* harmony export */ });
/* unused harmony exports LAST_LINES, ABANDONED_AFTER_MS */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var _remote_job_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(749);
/* harmony import */ var _remote_ssh_command_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(262);
/* harmony import */ var _run_transfer_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3696);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4120);
/* harmony import */ var _step_summary_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9128);
/**
 * A prepared pool's preparation (CONTRACT "Prepared pool"): the `pool-prepare`
 * script run on a sandbox as `run` is (a detached job in the working
 * directory, in the image with `image`), bounded by its limit, its output
 * shown as the run's. On a pool sandbox it runs under a lock only one step
 * holds (`prepare-<id>`, a link naming the preparer and when it began), and
 * its success is marked (`prepared-<id>`, a link naming when) by the step
 * that ran it, after exit 0 and before any claim: a claim asks for the mark
 * in the same shell as its `ln -s`, so a sandbox half-prepared, failed or
 * abandoned by a killed keeper is never claimed. Only the preparation and the
 * step ran there before the claim, so the mark is the trusted preparer's.
 */







/** How many of a failed preparation's last lines are shown again with its failure. */
const LAST_LINES = 20;
/** How long one lock or mark may take over SSH. */
const MARK_TIMEOUT_MS = 8_000;
/**
 * Runs `script` on the sandbox within `limitMs` (the step's clock), each line to `showLine`; whether it ended with
 * exit 0, else why not and its last lines (as the sandbox wrote them: the caller shows them as untrusted text).
 */
async function runPreparation(context, preparation, limitMs, showLine) {
    const began = context.clock.now();
    const limit = new AbortController();
    const ended = new AbortController();
    // The limit on the step's clock (a compressed one in the benchmark), not the wall's.
    void context.clock.sleep(limitMs, AbortSignal.any([ended.signal, ...(context.signal ? [context.signal] : [])])).then(() => limit.abort(), () => undefined);
    const signal = context.signal ? AbortSignal.any([context.signal, limit.signal]) : limit.signal;
    const bounded = { ...context, signal };
    const lastLines = [];
    const keep = (line) => {
        lastLines.push(line);
        if (lastLines.length > LAST_LINES)
            lastLines.shift();
        showLine(line);
    };
    const runId = `prepare-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(6).toString('hex')}`;
    try {
        const { checkout } = preparation;
        if (checkout && checkout.upload.length > 0)
            await uploadCheckout(bounded, checkout);
        await (0,_remote_job_js__WEBPACK_IMPORTED_MODULE_2__/* .startJob */ ._1)(bounded, runId, preparation.script);
        const end = await (0,_remote_job_js__WEBPACK_IMPORTED_MODULE_2__/* .followJob */ .Bv)(bounded, runId, keep);
        if ('lost' in end)
            return { ok: false, why: 'it ended without an exit status', lastLines };
        if (end.status !== 0)
            return { ok: false, why: `it exited with ${end.status}`, lastLines };
        return { ok: true, tookMs: context.clock.now() - began };
    }
    catch (error) {
        context.signal?.throwIfAborted();
        if (limit.signal.aborted)
            return { ok: false, why: `it ran past its limit of ${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_6__/* .formatDuration */ .a3)(limitMs)}`, lastLines };
        return { ok: false, why: (0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_5__/* .serviceText */ .Lo)(error.message, 300), lastLines };
    }
    finally {
        ended.abort();
    }
}
/**
 * The checkout a step's preparation sees: its workspace and upload paths; never the step's private directory (the
 * target's, with its key and certificate) nor anything of RUNNER_TEMP, even where the runner keeps it in the workspace.
 */
function checkoutOf(prepare, target, env) {
    const privateDirs = [(0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(target.configPath), ...(env.RUNNER_TEMP ? [env.RUNNER_TEMP] : [])];
    return { workspace: prepare.workspace, upload: prepare.upload, privateDirs };
}
/** The checkout into the working directory the preparation (and later `run`) uses, `.git` left out, as run's upload. */
async function uploadCheckout(context, checkout) {
    const { target, placement, env, signal } = context;
    const send = () => (0,_run_transfer_js__WEBPACK_IMPORTED_MODULE_4__/* .uploadPaths */ .Sc)(target, placement, checkout.workspace, checkout.upload, checkout.privateDirs, env, signal);
    await (0,_remote_job_js__WEBPACK_IMPORTED_MODULE_2__/* .whileConnecting */ .KG)(context, 'upload', send, (error) => error instanceof _run_transfer_js__WEBPACK_IMPORTED_MODULE_4__/* .TransferError */ .aG && error.connection);
}
const LOCK = `set -u
dir="$HOME/.gpu-sandbox-pool"
mkdir -p "$dir" 2> /dev/null
if [ -L "$dir/claim-$1" ]; then echo claimed
elif [ -L "$dir/prepared-$1" ]; then echo prepared
elif ln -s "$2" "$dir/prepare-$1" 2> /dev/null; then echo locked
elif [ "$(readlink "$dir/prepare-$1" 2> /dev/null)" = "$2" ]; then echo locked
else echo busy; fi`;
// Marked only while this preparer's lock is still there and nobody claimed the sandbox (an idle or abandoned stop).
const MARK = `set -u
dir="$HOME/.gpu-sandbox-pool"
if [ -L "$dir/claim-$1" ]; then echo claimed
elif [ "$(readlink "$dir/prepare-$1" 2> /dev/null)" != "$2" ]; then echo lost
elif ln -s "$3" "$dir/prepared-$1" 2> /dev/null || [ -L "$dir/prepared-$1" ]; then echo marked
else echo failed; fi`;
/** A preparer's lock: `<epoch seconds>-<preparer>`, so another step can tell one abandoned past its limit. */
const lockText = (preparer, nowMs) => `${Math.floor(nowMs / 1000)}-${preparer}`;
/** Takes the preparation of `sandboxId` for this step: locked (also again, for the same lock), or who has it. */
async function lockPreparation(target, sandboxId, lock, context) {
    const { said } = await (0,_remote_ssh_command_js__WEBPACK_IMPORTED_MODULE_3__/* .askSandbox */ .t_)(target, LOCK, [sandboxId, lock], context, MARK_TIMEOUT_MS);
    return ['locked', 'claimed', 'prepared', 'busy'].find((word) => word === said) ?? 'unreachable';
}
/** Marks `sandboxId` prepared (at `nowMs`) under this step's lock: 'marked', or why not. */
async function markPrepared(target, sandboxId, lock, nowMs, context) {
    const at = String(Math.floor(nowMs / 1000));
    const { said } = await (0,_remote_ssh_command_js__WEBPACK_IMPORTED_MODULE_3__/* .askSandbox */ .t_)(target, MARK, [sandboxId, lock, at], context, MARK_TIMEOUT_MS);
    return said === '' ? 'no answer' : (0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_5__/* .serviceText */ .Lo)(said, 40);
}
/** Past its limit, and this much more, a preparation's lock is abandoned (its keeper was killed or lost). */
const ABANDONED_AFTER_MS = 2 * 60_000;
/** A lock older than the preparation's limit and ABANDONED_AFTER_MS: nobody will mark that sandbox prepared. */
const isAbandoned = (look, now, limitMs) => look.preparingSince !== undefined && now - look.preparingSince > limitMs + ABANDONED_AFTER_MS;


/***/ }),

/***/ 749:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Bv: () => (/* binding */ followJob),
  _1: () => (/* binding */ startJob),
  KG: () => (/* binding */ whileConnecting)
});

// UNUSED EXPORTS: CONNECT_RETRY_MS, RECONNECT_FOR_MS

// EXTERNAL MODULE: ./build/src/client/retry.js
var client_retry = __webpack_require__(9943);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/remote/scripts.js
var scripts = __webpack_require__(2272);
// EXTERNAL MODULE: ./build/src/remote/ssh-command.js
var ssh_command = __webpack_require__(262);
;// CONCATENATED MODULE: ./build/src/remote/follow.js
/**
 * Streams the run's output into the step log live, line by line. Each
 * connection asks for the output from the last byte received; when one drops,
 * the next resumes there, so no line is lost or shown twice. A partial line
 * waits (across reconnections) until its newline arrives or the job ends.
 */




/** Bytes in, whole lines out; a line longer than this is shown in pieces rather than held. */
const MAX_LINE_BYTES = 64 * 1024;
class LineSplitter {
    pending = Buffer.alloc(0);
    emit;
    constructor(emit) {
        this.emit = emit;
    }
    push(chunk) {
        let data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
        for (let newline = data.indexOf(0x0a); newline >= 0; newline = data.indexOf(0x0a)) {
            this.emitLine(data.subarray(0, newline));
            data = data.subarray(newline + 1);
        }
        while (data.length >= MAX_LINE_BYTES) {
            this.emitLine(data.subarray(0, MAX_LINE_BYTES));
            data = data.subarray(MAX_LINE_BYTES);
        }
        this.pending = Buffer.from(data);
    }
    /** The last line, when the output did not end with a newline. */
    flush() {
        if (this.pending.length > 0)
            this.emitLine(this.pending);
        this.pending = Buffer.alloc(0);
    }
    emitLine(bytes) {
        const text = bytes.toString('utf8');
        this.emit(text.endsWith('\r') ? text.slice(0, -1) : text);
    }
}
/** Reconnecting: 0.25 to 5 s between attempts (equal jitter). */
const RECONNECT_BACKOFF = { baseDelayMs: 500, maxDelayMs: 5_000 };
/** How often a failing follow asks whether the sandbox is still there. */
const CHECK_EVERY_MS = 10_000;
/** The job's end, read from the follow script's last stderr line. */
function parseJobEnd(stderr) {
    const match = new RegExp(`^${scripts/* MARK */.M$} (exit (\\d{1,3})|lost)$`, 'm').exec(stderr);
    if (!match)
        return undefined;
    return match[2] !== undefined ? { status: Number(match[2]) } : { lost: true };
}
function lastLine(stderr) {
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    return lines.length > 0 ? `: ${(0,untrusted/* serviceText */.Lo)(lines.at(-1))}` : '';
}
/** Follows the output to the job's end, reconnecting from the last byte shown. */
async function followOutput(open, lines, options) {
    const { clock, signal, log } = options;
    let offset = 0;
    let failingSince;
    let retries = 0;
    let checkedAt = Number.NEGATIVE_INFINITY;
    for (;;) {
        let progressed = false;
        const stream = open(offset);
        stream.onData((chunk) => {
            offset += chunk.length;
            progressed = true;
            lines.push(chunk);
        });
        const { code, stderr } = await stream.finished;
        const end = parseJobEnd(stderr);
        if (end) {
            lines.flush();
            return end;
        }
        signal?.throwIfAborted();
        if (stderr.includes(`${scripts/* MARK */.M$} no job`))
            throw new Error('run: the job is not on the sandbox any more (its files are gone); the sandbox may have been replaced');
        if (progressed) {
            failingSince = undefined;
            retries = 0;
        }
        failingSince ??= clock.now();
        if (!progressed && options.sandboxGone && clock.now() - checkedAt >= CHECK_EVERY_MS) {
            checkedAt = clock.now();
            const gone = await options.sandboxGone();
            if (gone)
                throw new Error(`run: the SSH connection to the job dropped and the sandbox is gone ` +
                    `(${gone}); the script's result is unknown`);
        }
        if (clock.now() - failingSince >= options.reconnectForMs) {
            throw new Error(`run: lost the SSH connection to the job and could not reconnect for ` +
                `${Math.round(options.reconnectForMs / 1000)} s${lastLine(stderr)}`);
        }
        const why = code === ssh_command/* SSH_CONNECTION_FAILED */.M2 ? 'dropped' : `ended (${code})`;
        log(`run: the SSH connection ${why}${lastLine(stderr)}; reconnecting, resuming after byte ${offset}.`);
        await clock.sleep((0,client_retry/* backoffDelay */.EY)(++retries, clock.random(), RECONNECT_BACKOFF), signal);
    }
}

;// CONCATENATED MODULE: ./build/src/remote/job.js
/**
 * The run on the sandbox: started as a detached job (START_JOB), followed
 * over as many connections as it takes (FOLLOW_JOB), and every SSH step
 * retried while the connection itself fails (the remote side is idempotent).
 */





/** How long each SSH step keeps trying while the connection fails (a sandbox's sshd may lag its `ready`). */
const CONNECT_RETRY_MS = 2 * 60_000;
/** How long the follow keeps reconnecting with no connection getting through. */
const RECONNECT_FOR_MS = 5 * 60_000;
/** Runs `attempt` again while it fails with `isConnectionFailure`, for up to CONNECT_RETRY_MS. */
async function whileConnecting(context, label, attempt, isConnectionFailure) {
    const until = context.clock.now() + CONNECT_RETRY_MS;
    for (let retry = 0;; retry++) {
        try {
            return await attempt();
        }
        catch (error) {
            context.signal?.throwIfAborted();
            if (!isConnectionFailure(error) || context.clock.now() >= until)
                throw error;
            context.log(`${label}: ${error.message}; trying again.`);
            await context.clock.sleep((0,client_retry/* backoffDelay */.EY)(retry + 1, context.clock.random(), client_retry/* READ_BACKOFF */.Ue), context.signal);
        }
    }
}
class ConnectionFailed extends Error {
}
const isConnectionFailed = (error) => error instanceof ConnectionFailed;
/** Starts the script as a detached job; its pid on the sandbox. */
async function startJob(context, runId, script) {
    return whileConnecting(context, 'run', async () => {
        const { code, stdout, stderr } = await (0,ssh_command/* runScript */.j3)(context.target, scripts/* START_JOB */.H0, [runId, context.placement], script, context.env, context.signal);
        const started = /^started (\d+)$/m.exec(stdout);
        if (code === 0 && started)
            return Number(started[1]);
        const detail = (0,untrusted/* serviceText */.Lo)(stderr.trim().split('\n').slice(-3).join(' / ')) || 'no output';
        if (code === ssh_command/* SSH_CONNECTION_FAILED */.M2)
            throw new ConnectionFailed(`the SSH connection failed (${detail})`);
        throw new Error(`run: the job could not be started on the sandbox (exit ${code}): ${detail}`);
    }, isConnectionFailed);
}
/** One ssh connection running FOLLOW_JOB from `offset`. */
function openFollow(context, runId, offset) {
    const child = (0,ssh_command/* spawnSsh */.O5)(context.target, scripts/* FOLLOW_JOB */.K0, [runId, String(offset)], ['ignore', 'pipe', 'pipe'], context.env);
    const stop = (0,ssh_command/* killOnAbort */.cC)(child, context.signal);
    const stderr = (0,ssh_command/* collect */.Fo)(child.stderr);
    return {
        onData: (listener) => child.stdout?.on('data', listener),
        finished: (0,ssh_command/* exited */.kV)(child).then((code) => {
            stop();
            return { code, stderr: stderr() };
        }),
    };
}
/** Shows the job's output line by line until it ends; how it ended. */
function followJob(context, runId, showLine) {
    return followOutput((offset) => openFollow(context, runId, offset), new LineSplitter(showLine), {
        clock: context.clock,
        signal: context.signal,
        log: context.log,
        reconnectForMs: RECONNECT_FOR_MS,
        sandboxGone: context.sandboxGone,
    });
}


/***/ }),

/***/ 2272:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H0: () => (/* binding */ START_JOB),
/* harmony export */   K0: () => (/* binding */ FOLLOW_JOB),
/* harmony export */   M$: () => (/* binding */ MARK),
/* harmony export */   Wg: () => (/* binding */ HOST_WORKDIR),
/* harmony export */   dC: () => (/* binding */ DOWNLOAD),
/* harmony export */   hD: () => (/* binding */ CONTAINER_WORKDIR),
/* harmony export */   oH: () => (/* binding */ UPLOAD)
/* harmony export */ });
/* unused harmony export CONTAINER */
/**
 * The shell scripts the action runs on the sandbox (POSIX sh, and only what
 * every sandbox host has: tar, mkdir, tail, head, wc, sleep, nohup; with
 * `image` also `sudo --non-interactive docker exec|cp thunder-sandbox`, as the
 * service's own SDK does). Each is run as `sh -c '<script>' gpu-sandbox <args>`.
 *
 * The working directory is `~/workspace` on the host, `/workspace` in the
 * image's container. A run keeps its files in `~/.gpu-sandbox-action/<run id>`
 * on the host: script.sh, output (stdout and stderr together), pid, and
 * status once it has ended.
 */
const HOST_WORKDIR = '~/workspace';
const CONTAINER_WORKDIR = '/workspace';
const CONTAINER = 'thunder-sandbox';
const DOCKER = 'sudo --non-interactive docker';
/** What the scripts say on stderr, one line each, for the action to read. */
const MARK = 'gpu-sandbox-run:';
/** Upload: a tar stream on stdin, unpacked (modes and symlinks kept) into the working directory. Args: placement. */
const UPLOAD = `set -e
if [ "$1" = image ]; then
  stage=$(mktemp -d "$HOME/.gpu-sandbox-stage.XXXXXX")
  trap 'rm -rf "$stage"' EXIT
  tar -C "$stage" -xpf -
  ${DOCKER} cp "$stage/." ${CONTAINER}:${CONTAINER_WORKDIR}
else
  mkdir -p "$HOME/workspace"
  tar -C "$HOME/workspace" -xpf -
fi`;
/**
 * Starts the script (stdin) as a detached job that survives the connection:
 * its own session, stdio on files, the exit status written last. Idempotent
 * per run id, so a start retried after a lost answer never starts it twice.
 * Args: run id, placement. Prints "started <pid>".
 */
const START_JOB = `set -e
id=$1; placement=$2; d="$HOME/.gpu-sandbox-action/$id"
mkdir -p "$HOME/.gpu-sandbox-action"
if ! mkdir "$d" 2>/dev/null; then
  for i in 1 2 3 4 5 6 7 8 9 10; do
    if [ -f "$d/pid" ]; then echo "started $(cat "$d/pid")"; exit 0; fi
    sleep 1
  done
  echo "${MARK} $d exists but holds no job" >&2; exit 3
fi
cat > "$d/script.sh"
if [ "$placement" = image ]; then
  ${DOCKER} exec ${CONTAINER} mkdir -p ${CONTAINER_WORKDIR}
  ${DOCKER} cp "$d/script.sh" "${CONTAINER}:/tmp/gpu-sandbox-$id.sh"
  set -- ${DOCKER} exec -e PYTHONUNBUFFERED=1 -w ${CONTAINER_WORKDIR} ${CONTAINER} bash -e "/tmp/gpu-sandbox-$id.sh"
else
  mkdir -p "$HOME/workspace"; cd "$HOME/workspace"
  export PYTHONUNBUFFERED=1
  set -- bash -e "$d/script.sh"
fi
: > "$d/output"
detach=; if command -v setsid > /dev/null 2>&1; then detach=setsid; fi
wrapper='"$@" > "$0/output" 2>&1 < /dev/null; echo $? > "$0/status.tmp"; mv "$0/status.tmp" "$0/status"'
nohup $detach sh -c "$wrapper" "$d" "$@" > /dev/null 2>&1 < /dev/null &
echo $! > "$d/pid"
echo "started $!"`;
/**
 * Prints the job's output from byte `offset` on as it grows, until the job
 * has ended and every byte is out; then "exit <status>" on stderr ("lost":
 * the job is gone without a status). Args: run id, offset.
 */
const FOLLOW_JOB = `d="$HOME/.gpu-sandbox-action/$1"; off=$2
[ -f "$d/pid" ] || { echo "${MARK} no job" >&2; exit 3; }
while :; do
  ended=; [ -f "$d/status" ] && ended=1
  size=$(wc -c < "$d/output")
  if [ "$size" -gt "$off" ]; then tail -c +"$((off + 1))" "$d/output" | head -c "$((size - off))"; off=$size; fi
  if [ -n "$ended" ]; then echo "${MARK} exit $(cat "$d/status")" >&2; exit 0; fi
  if ! kill -0 "$(cat "$d/pid")" 2> /dev/null && [ ! -f "$d/status" ]; then echo "${MARK} lost" >&2; exit 0; fi
  sleep 0.2
done`;
/**
 * Writes a tar stream of the paths that exist in the working directory to
 * stdout (an empty archive when none does) and "missing <path>" on stderr for
 * each that does not. Args: placement, paths.
 */
const DOWNLOAD = `placement=$1; shift; n=$#
if [ "$placement" = image ]; then
  stage=$(mktemp -d "$HOME/.gpu-sandbox-stage.XXXXXX") || exit 1
  trap 'rm -rf "$stage"' EXIT
  for p; do
    mkdir -p "$stage/$(dirname "$p")"
    if ${DOCKER} cp "${CONTAINER}:${CONTAINER_WORKDIR}/$p" "$stage/$p" > /dev/null 2>&1; then
      set -- "$@" "$p"
    else
      echo "${MARK} missing $p" >&2
    fi
  done
  # docker cp writes as root: the login user must own the copies to read and remove them.
  sudo --non-interactive chown -R "$(id -u):$(id -g)" "$stage"
  cd "$stage"
else
  mkdir -p "$HOME/workspace"; cd "$HOME/workspace"
  for p; do
    if [ -e "$p" ] || [ -L "$p" ]; then set -- "$@" "$p"; else echo "${MARK} missing $p" >&2; fi
  done
fi
shift "$n"
if [ $# -eq 0 ]; then tar -cf - -T /dev/null; else tar -cf - -- "$@"; fi`;


/***/ }),

/***/ 3696:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  _j: () => (/* binding */ DownloadLimitError),
  aG: () => (/* binding */ TransferError),
  PG: () => (/* binding */ downloadPaths),
  Sc: () => (/* binding */ uploadPaths)
});

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./build/src/inputs/sizes.js
var sizes = __webpack_require__(5265);
// EXTERNAL MODULE: ./build/src/runtime/paths.js
var paths = __webpack_require__(1794);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/remote/ssh-command.js
var ssh_command = __webpack_require__(262);
;// CONCATENATED MODULE: ./build/src/run/landing.js
/**
 * Where a download lands. The archive comes from a machine this action does
 * not control, so it is unpacked into a staging directory first, and only the
 * paths `download` asked for move on into the workspace.
 *
 * Every decision is made on real locations, never on spellings: each place
 * is resolved as the operating system would resolve it (every symbolic link
 * on the way followed, in the archive and in the workspace, `..` applied to
 * where a link really led). Then
 * - a source must really lie inside the staging directory (a link in the
 *   archive on the way to it that leads out is never followed);
 * - a destination must really lie inside the workspace, outside every `.git`
 *   (at any depth, any case) and outside the step's private directory;
 * - a symbolic link from the archive lands only when where it leads passes
 *   the same test (a later step, an artifact upload say, would follow it);
 * - a file replaces what is at its place (a link there is replaced, never
 *   written through); only regular files, directories and links land.
 * Each entry is decided when it is written, so earlier entries of the same
 * download (two overlapping paths, in either order) are taken into account.
 */



/** How many links one resolution follows (Linux's own limit). */
const MAX_LINKS = 40;
function statOf(path) {
    try {
        return (0,external_node_fs_.lstatSync)(path);
    }
    catch {
        return undefined;
    }
}
/**
 * Where the absolute `path` really leads: every existing symbolic link on the
 * way followed (and `planned`, as if it stood), `..` applied to the real
 * directory reached so far, a missing tail kept as written. Undefined when the
 * system could not resolve it either (a loop, `..` after a missing directory,
 * a file in the middle).
 */
function realLocation(path, planned) {
    const pending = path.split(external_node_path_.sep).filter((part) => part !== '');
    let resolved = external_node_path_.sep;
    let missing = false;
    let links = 0;
    while (pending.length > 0) {
        const part = pending.shift();
        if (part === '.')
            continue;
        if (part === '..') {
            if (missing)
                return undefined;
            resolved = (0,external_node_path_.dirname)(resolved);
            continue;
        }
        const next = (0,external_node_path_.join)(resolved, part);
        const isPlanned = !missing && next === planned?.path;
        const stat = missing || isPlanned ? undefined : statOf(next);
        if (!isPlanned && (!stat || missing)) {
            missing = true;
            resolved = next;
            continue;
        }
        if (isPlanned || stat?.isSymbolicLink()) {
            if (++links > MAX_LINKS)
                return undefined;
            const target = isPlanned ? planned?.to : (0,external_node_fs_.readlinkSync)(next);
            pending.unshift(...target.split(external_node_path_.sep).filter((piece) => piece !== ''));
            if ((0,external_node_path_.isAbsolute)(target))
                resolved = external_node_path_.sep;
            continue;
        }
        if (!stat?.isDirectory() && pending.length > 0)
            return undefined;
        resolved = next;
    }
    return resolved;
}
/** Where the real location `real` is when nothing may be written there (or point there), or undefined when it may. */
function forbiddenPlace(places, real) {
    if (real === undefined)
        return 'where nobody can tell (a loop of links, or .. after a missing directory)';
    if (!(0,paths/* isInside */.F)(places.root, real))
        return 'out of the workspace';
    if ((0,external_node_path_.relative)(places.root, real)
        .split(external_node_path_.sep)
        .some((part) => part.toLowerCase() === '.git'))
        return 'into a .git directory';
    if (places.keepOut.some((dir) => (0,paths/* isInside */.F)(dir, real)))
        return "into the step's private directory";
    return undefined;
}
class Lander {
    landing = { copied: [], missing: [], refused: [] };
    places;
    constructor(places) {
        this.places = places;
    }
    refuse(dest, why) {
        this.landing.refused.push(`'${(0,external_node_path_.relative)(this.places.root, dest) || '.'}': ${why}`);
        return false;
    }
    /** One asked-for path: its source inside staging, then the entry and everything under it. */
    path(path) {
        const lexical = (0,external_node_path_.join)(this.places.staging, path);
        const sourceParent = path === '.' ? this.places.staging : realLocation((0,external_node_path_.dirname)(lexical));
        const dest = (0,external_node_path_.join)(this.places.root, path);
        if (sourceParent === undefined || !(0,paths/* isInside */.F)(this.places.staging, sourceParent)) {
            this.refuse(dest, 'a symbolic link in the archive on the way to it leads out of the archive');
            return;
        }
        const source = path === '.' ? sourceParent : (0,external_node_path_.join)(sourceParent, (0,external_node_path_.basename)(lexical));
        if (!statOf(source)) {
            this.landing.missing.push(path);
            return;
        }
        if (this.entry(source, dest))
            this.landing.copied.push(path);
    }
    /** Lands `source` (inside staging, not followed) at `dest`, whose parent is resolved now; false when refused. */
    entry(source, dest) {
        const parent = dest === this.places.root ? undefined : realLocation((0,external_node_path_.dirname)(dest));
        const target = dest === this.places.root ? this.places.root : parent && (0,external_node_path_.join)(parent, (0,external_node_path_.basename)(dest));
        const place = forbiddenPlace(this.places, target);
        if (place !== undefined || target === undefined)
            return this.refuse(dest, `it would be written ${place ?? ''}`);
        const stat = (0,external_node_fs_.lstatSync)(source);
        if (stat.isSymbolicLink())
            return this.link(source, target);
        if (stat.isFile())
            return this.file(source, target, stat);
        if (stat.isDirectory())
            return this.directory(source, target);
        return this.refuse(target, 'it is not a regular file, directory or symbolic link');
    }
    /** What is at `target` may be replaced by a file or a link: nothing, a file or a link; never a directory. */
    clear(target) {
        const there = statOf(target);
        if (there?.isDirectory())
            return this.refuse(target, 'a directory in the workspace is in the way');
        (0,external_node_fs_.mkdirSync)((0,external_node_path_.dirname)(target), { recursive: true });
        if (there)
            (0,external_node_fs_.unlinkSync)(target);
        return true;
    }
    file(source, target, stat) {
        if (!this.clear(target))
            return false;
        // EXCL: a fresh file at the checked place, never through a link that appeared there.
        (0,external_node_fs_.copyFileSync)(source, target, external_node_fs_.constants.COPYFILE_EXCL);
        (0,external_node_fs_.chmodSync)(target, stat.mode & 0o777);
        return true;
    }
    link(source, target) {
        const to = (0,external_node_fs_.readlinkSync)(source);
        // Resolved as the system will once the link stands (`..` after a link follows the link; a loop through itself leads
        // nowhere), from its real parent: made first, as it would be for the link anyway (the place itself was checked).
        (0,external_node_fs_.mkdirSync)((0,external_node_path_.dirname)(target), { recursive: true });
        const place = forbiddenPlace(this.places, realLocation(target, { path: target, to }));
        if (place !== undefined)
            return this.refuse(target, `a symbolic link to '${to}' leads ${place}`);
        if (!this.clear(target))
            return false;
        (0,external_node_fs_.symlinkSync)(to, target);
        return true;
    }
    directory(source, target) {
        const there = statOf(target);
        if (there?.isSymbolicLink()) {
            // A link in the workspace: merged into where it really leads, when that may be written.
            const real = realLocation(target);
            const place = forbiddenPlace(this.places, real);
            if (place !== undefined)
                return this.refuse(target, `it is a symbolic link in the workspace that leads ${place}`);
            if (real === undefined || !statOf(real)?.isDirectory())
                return this.refuse(target, 'it is a symbolic link in the workspace to no directory');
            target = real;
        }
        else if (there && !there.isDirectory())
            return this.refuse(target, 'a file in the workspace is in the way');
        (0,external_node_fs_.mkdirSync)(target, { recursive: true });
        for (const name of (0,external_node_fs_.readdirSync)(source).sort())
            this.entry((0,external_node_path_.join)(source, name), (0,external_node_path_.join)(target, name));
        return true;
    }
}
/**
 * Copies the asked-for `paths` from `staging` into `workspace`; `keepOut`: directories never written (the step's own).
 */
function landDownloads(staging, workspace, paths, keepOut) {
    if (!(0,external_node_fs_.existsSync)(workspace))
        throw new Error(`download: the workspace ${workspace} is not there any more; nothing was copied`);
    const realStaging = (0,external_node_fs_.realpathSync)(staging);
    const guarded = [...keepOut.map((dir) => realLocation(dir) ?? dir), realStaging];
    const lander = new Lander({ root: (0,external_node_fs_.realpathSync)(workspace), staging: realStaging, keepOut: guarded });
    for (const path of paths)
        lander.path(path);
    return lander.landing;
}

// EXTERNAL MODULE: ./build/src/remote/scripts.js
var scripts = __webpack_require__(2272);
;// CONCATENATED MODULE: ./build/src/run/transfer.js
/**
 * `upload` and `download`: a tar stream over the action's SSH connection.
 * Upload hands the local tar's pipe straight to ssh (no copy through this
 * process), so it runs as fast as a bare `tar | ssh`; `.git` is never
 * uploaded; modes and symlinks are kept. Download passes through this process,
 * which counts the bytes against download-limit on their way to tar. With
 * `image` the files pass through a staging directory on the host and
 * `docker cp` (scripts.ts).
 */









/** A transfer failed; `connection`: ssh could not connect or the connection dropped (worth another try). */
class TransferError extends Error {
    connection;
    constructor(message, connection) {
        super(message);
        this.name = 'TransferError';
        this.connection = connection;
    }
}
/** The download brought back more than `download-limit`: nothing of it landed. Never retried. */
class DownloadLimitError extends TransferError {
    constructor(limit, received, unpacked) {
        const counted = unpacked === undefined
            ? `more than ${(0,sizes/* formatBytes */.z3)(limit)} arrived (${(0,sizes/* formatBytes */.z3)(received)} when the transfer was stopped)`
            : `it came to ${(0,sizes/* formatBytes */.z3)(Math.max(received, unpacked))} (${(0,sizes/* formatBytes */.z3)(received)} ` +
                `received, ${(0,sizes/* formatBytes */.z3)(unpacked)} unpacked)`;
        super(`Input 'download-limit': the download is over its limit of ${(0,sizes/* formatBytes */.z3)(limit)}: ` +
            `${counted}. Nothing of it was copied into the workspace. Download ` +
            `fewer or smaller paths, or raise download-limit.`, false);
        this.name = 'DownloadLimitError';
    }
}
/** Bytes under `dir` as unpacked: the sizes of its files (a sparse file counts its full size), links not followed. */
function unpackedBytes(dir) {
    let total = 0;
    for (const entry of (0,external_node_fs_.readdirSync)(dir, { recursive: true, withFileTypes: true })) {
        if (entry.isFile())
            total += (0,external_node_fs_.lstatSync)((0,external_node_path_.join)(entry.parentPath, entry.name)).size;
    }
    return total;
}
/** tar's arguments for workspace-relative paths (`./x`, so no path can read as an option). */
function memberArguments(paths) {
    return paths.map((path) => (path === '.' ? '.' : `./${path}`));
}
/** The last lines of a tool's stderr, for a message (service text: the sandbox wrote some of it). */
function tail(stderr) {
    const lines = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith(scripts/* MARK */.M$));
    return lines.length > 0 ? `: ${(0,untrusted/* serviceText */.Lo)(lines.slice(-3).join(' / '))}` : '';
}
/** Waits for both ends; throws a TransferError naming the side that failed. */
async function finish(pipe, what, sshSide, stderr) {
    const [fromCode, toCode] = await Promise.all([(0,ssh_command/* exited */.kV)(pipe.from), (0,ssh_command/* exited */.kV)(pipe.to)]);
    const sshCode = sshSide === 'from' ? fromCode : toCode;
    const tarCode = sshSide === 'from' ? toCode : fromCode;
    const sshErr = sshSide === 'from' ? stderr.from() : stderr.to();
    const tarErr = sshSide === 'from' ? stderr.to() : stderr.from();
    if (sshCode === ssh_command/* SSH_CONNECTION_FAILED */.M2)
        throw new TransferError(`${what}: the SSH connection failed${tail(sshErr)}`, true);
    if (sshCode !== 0)
        throw new TransferError(`${what}: tar on the sandbox exited with ${sshCode}${tail(sshErr)}`, false);
    if (tarCode !== 0)
        throw new TransferError(`${what}: tar on the runner exited with ${tarCode}${tail(tarErr)}`, false);
}
/** `--exclude` for each of `private` inside the workspace (members are `./…`, see memberArguments). */
function privateExcludes(workspace, privateDirs) {
    return privateDirs
        .filter((dir) => (0,paths/* isInside */.F)(workspace, dir))
        .map((dir) => (0,external_node_path_.relative)(workspace, dir))
        .filter((rel) => rel !== '')
        .map((rel) => `--exclude=./${rel.split(external_node_path_.sep).join('/')}`);
}
/**
 * Copies workspace `paths` into the sandbox's working directory. `privateDirs`
 * (the step's key and certificate directory) are never sent, even when a
 * runner keeps its RUNNER_TEMP inside the workspace.
 */
async function uploadPaths(target, placement, workspace, paths, privateDirs, env, signal) {
    const excludes = ['--exclude=.git', ...privateExcludes(workspace, privateDirs)];
    const tar = (0,external_node_child_process_.spawn)('tar', ['-C', workspace, ...excludes, '-cf', '-', '--', ...memberArguments(paths)], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: (0,ssh_command/* toolEnvironment */.uQ)(env),
    });
    const ssh = (0,ssh_command/* spawnSsh */.O5)(target, scripts/* UPLOAD */.oH, [placement], [tar.stdout ?? 'ignore', 'ignore', 'pipe'], env);
    const stops = [(0,ssh_command/* killOnAbort */.cC)(tar, signal), (0,ssh_command/* killOnAbort */.cC)(ssh, signal)];
    const stderr = { from: (0,ssh_command/* collect */.Fo)(tar.stderr), to: (0,ssh_command/* collect */.Fo)(ssh.stderr) };
    // ssh reads tar's pipe itself: this process lets go of its end, so a tar whose reader died gets SIGPIPE.
    tar.stdout?.destroy();
    try {
        await finish({ from: tar, to: ssh }, 'upload', 'to', stderr);
    }
    finally {
        for (const stop of stops)
            stop();
    }
}
/**
 * Receives the sandbox's archive into `staging`, counting the bytes as they
 * pass (this process sits between ssh and tar for that); past `limit` both
 * are killed at once. Resolves with the bytes received.
 */
async function receive(target, placement, paths, staging, limit, env, signal) {
    const ssh = (0,ssh_command/* spawnSsh */.O5)(target, scripts/* DOWNLOAD */.dC, [placement, ...paths], ['ignore', 'pipe', 'pipe'], env);
    // GNU tar keeps members inside staging (it refuses `..`, strips `/`, and defers symlinks that point out, so nothing
    // is written through them); owners and set-id bits are not taken from the archive; -m: the runner's clock.
    const tar = (0,external_node_child_process_.spawn)('tar', ['-C', staging, '--no-same-owner', '--no-same-permissions', '-xmf', '-'], {
        stdio: ['pipe', 'ignore', 'pipe'],
        env: (0,ssh_command/* toolEnvironment */.uQ)(env),
    });
    let received = 0;
    ssh.stdout?.on('data', (chunk) => {
        received += chunk.length;
        if (received <= limit)
            return;
        ssh.kill('SIGKILL');
        tar.kill('SIGKILL');
    });
    tar.stdin?.on('error', () => undefined); // a tar that ended (or was killed) first: its exit code tells
    ssh.stdout?.pipe(tar.stdin);
    const stops = [(0,ssh_command/* killOnAbort */.cC)(tar, signal), (0,ssh_command/* killOnAbort */.cC)(ssh, signal)];
    try {
        const stderr = { from: (0,ssh_command/* collect */.Fo)(ssh.stderr), to: (0,ssh_command/* collect */.Fo)(tar.stderr) };
        const finished = finish({ from: ssh, to: tar }, 'download', 'from', stderr);
        await finished.catch((error) => {
            if (received <= limit)
                throw error;
        });
        if (received > limit)
            throw new DownloadLimitError(limit, received, undefined);
        return received;
    }
    finally {
        for (const stop of stops)
            stop();
    }
}
/**
 * Copies working-directory `paths` back into the workspace, through a staging
 * directory in `privateDir` (landing.ts: only those paths reach the workspace).
 * Over `limit` bytes, received or unpacked: a DownloadLimitError, nothing lands.
 */
async function downloadPaths(target, placement, workspace, paths, privateDir, limit, env, signal) {
    const staging = (0,external_node_fs_.mkdtempSync)((0,external_node_path_.join)(privateDir, 'download-'));
    try {
        const received = await receive(target, placement, paths, staging, limit, env, signal);
        // A small archive may unpack huge (a sparse member): counted before anything lands.
        const unpacked = unpackedBytes(staging);
        if (unpacked > limit)
            throw new DownloadLimitError(limit, received, unpacked);
        return landDownloads(staging, workspace, paths, [privateDir]);
    }
    finally {
        (0,external_node_fs_.rmSync)(staging, { recursive: true, force: true });
    }
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


/***/ })

};
