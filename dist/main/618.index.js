export const id = 618;
export const ids = [618];
export const modules = {

/***/ 9776:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cJ: () => (/* binding */ ArtifactStore)
});

// UNUSED EXPORTS: ArtifactStoreError, backendIds

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./build/src/client/retry.js
var retry = __webpack_require__(9943);
// EXTERNAL MODULE: ./build/src/client/transport.js + 1 modules
var transport = __webpack_require__(208);
// EXTERNAL MODULE: ./build/src/client/url.js
var client_url = __webpack_require__(9000);
// EXTERNAL MODULE: ./build/src/runtime/abort.js
var abort = __webpack_require__(9768);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
;// CONCATENATED MODULE: ./build/src/runtime/zip.js
/**
 * The smallest ZIP archive: one file, stored (not compressed). A workflow
 * run's artifact is a ZIP archive (a leg's comment row travels as
 * one), and what another job uploaded is read back only in this one shape,
 * with its sizes bounded and its CRC checked: anything else is no row.
 */

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** 1980-01-01 00:00, the earliest time a ZIP archive can say (the content's time does not matter here). */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
/**
 * The fields a local header and a central directory entry share, in the same order, from `at` (6 in the one, 8 in
 * the other): UTF-8 name, stored, time and date, CRC, both sizes (equal: stored), name length.
 */
function entryFields(header, at, crc, size, nameLength) {
    header.writeUInt16LE(0x0800, at); // the name is UTF-8
    header.writeUInt16LE(0, at + 2); // stored
    header.writeUInt16LE(0, at + 4);
    header.writeUInt16LE(DOS_DATE, at + 6);
    header.writeUInt32LE(crc, at + 8);
    header.writeUInt32LE(size, at + 12);
    header.writeUInt32LE(size, at + 16);
    header.writeUInt16LE(nameLength, at + 20);
    return header;
}
/** One file named `name` holding `content`, stored. */
function storedZip(name, content) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = (0,external_node_zlib_.crc32)(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    entryFields(local, 6, crc, content.length, fileName.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // version needed
    entryFields(central, 8, crc, content.length, fileName.length);
    // extra, comment, disk, internal attributes, external attributes, offset of the local header: all 0
    const centralAt = local.length + fileName.length + content.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + fileName.length, 12);
    end.writeUInt32LE(centralAt, 16);
    return Buffer.concat([local, fileName, content, central, fileName, end]);
}
/**
 * The content of the archive's first file when it is `name`, stored, at most `maxBytes`, and its CRC holds;
 * undefined for anything else.
 */
function storedFile(archive, name, maxBytes) {
    if (archive.length < 30 || archive.readUInt32LE(0) !== LOCAL)
        return undefined;
    const flags = archive.readUInt16LE(6);
    const method = archive.readUInt16LE(8);
    const crc = archive.readUInt32LE(14);
    const size = archive.readUInt32LE(18);
    const nameLength = archive.readUInt16LE(26);
    const extraLength = archive.readUInt16LE(28);
    // Encrypted, compressed or sized after the data (bit 3): not the shape written here.
    if (flags & 0x0009 || method !== 0 || size > maxBytes || archive.readUInt32LE(22) !== size)
        return undefined;
    const start = 30 + nameLength + extraLength;
    if (start + size > archive.length)
        return undefined;
    if (archive.subarray(30, 30 + nameLength).toString('utf8') !== name)
        return undefined;
    const content = archive.subarray(start, start + size);
    return (0,external_node_zlib_.crc32)(content) === crc ? Buffer.from(content) : undefined;
}

;// CONCATENATED MODULE: ./build/src/comment/artifacts.js
/**
 * This workflow run's artifacts, through the Actions results service the way
 * `actions/upload-artifact` v4 and `@actions/artifact` reach it:
 * twirp JSON calls to `ACTIONS_RESULTS_URL` with `ACTIONS_RUNTIME_TOKEN`
 * (given to every JavaScript action's step), the content put to and read
 * from the signed blob address the service answers. None of it is a request
 * to GitHub's REST API: it spends nothing of the token's hour. Where the
 * runner gives no results service (GitHub Enterprise Server), there is no
 * store and the caller does without.
 */








const SERVICE = 'github.actions.results.api.v1.ArtifactService';
const ATTEMPTS = 4;
const BACKOFF = { baseDelayMs: 500, maxDelayMs: 4_000 };
const REQUEST_TIMEOUT_MS = 20_000;
/** How long an artifact of this store is kept at most (the service's least is a day). */
const RETENTION_MS = 24 * 3_600_000;
/** The one file inside each artifact. */
const FILE = 'row.json';
const ZIP = 'application/zip';
/** What the results service answered where it did not do what was asked: its status, its code, what to do. */
class ArtifactStoreError extends Error {
    status;
    code;
    constructor(status, code, message) {
        super(message);
        this.name = 'ArtifactStoreError';
        this.status = status;
        this.code = code;
    }
}
const Scope = schemas/* object */.Ikc({ scp: schemas/* string */.YjP() });
/** Proto names (as @actions/artifact sends them) or their JSON names, whichever the service answers. */
const Listed = schemas/* object */.Ikc({
    artifacts: schemas/* array */.YOg(schemas/* looseObject */._H3({
        name: schemas/* string */.YjP().optional(),
        workflow_run_backend_id: schemas/* string */.YjP().optional(),
        workflowRunBackendId: schemas/* string */.YjP().optional(),
        workflow_job_run_backend_id: schemas/* string */.YjP().optional(),
        workflowJobRunBackendId: schemas/* string */.YjP().optional(),
        created_at: schemas/* string */.YjP().optional(),
        createdAt: schemas/* string */.YjP().optional(),
    }))
        .optional(),
});
const Ok = schemas/* looseObject */._H3({ ok: schemas/* boolean */.zMY().optional() });
const Signed = schemas/* looseObject */._H3({
    signed_upload_url: schemas/* string */.YjP().optional(),
    signedUploadUrl: schemas/* string */.YjP().optional(),
    signed_url: schemas/* string */.YjP().optional(),
    signedUrl: schemas/* string */.YjP().optional(),
});
const TwirpError = schemas/* looseObject */._H3({ code: schemas/* string */.YjP().optional(), msg: schemas/* string */.YjP().optional() });
/** The run's and job's ids in the results service, from the runtime token's `Actions.Results:<run>:<job>` scope. */
function backendIds(token) {
    try {
        const payload = Scope.safeParse(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')));
        if (!payload.success)
            return undefined;
        for (const scope of payload.data.scp.split(' ')) {
            const [kind, run, job, ...rest] = scope.split(':');
            if (kind === 'Actions.Results' && run && job && rest.length === 0)
                return { run, job };
        }
    }
    catch {
        // Not a JWT: no store.
    }
    return undefined;
}
class ArtifactStore {
    origin;
    token;
    ids;
    deps;
    constructor(origin, token, ids, deps) {
        this.origin = origin;
        this.token = token;
        this.ids = ids;
        this.deps = deps;
    }
    /** The run's store, or undefined where the runner gives none (no results service, an unreadable token). */
    static fromEnvironment(env, deps) {
        const token = env.ACTIONS_RUNTIME_TOKEN;
        const url = URL.canParse(env.ACTIONS_RESULTS_URL ?? '') ? new URL(env.ACTIONS_RESULTS_URL ?? '') : undefined;
        const ids = token ? backendIds(token) : undefined;
        // The runtime token goes to it: https, or http only to a loopback host (as base-url).
        if (!token || !ids || !url || !(0,client_url/* isSafeTransport */.v)(url))
            return undefined;
        return new ArtifactStore(new URL(url.origin), token, ids, deps);
    }
    /** Uploads `content` as the artifact `name` (one file in a ZIP archive, kept a day at most). */
    async upload(name, content) {
        const expires = new Date(this.deps.clock.now() + RETENTION_MS).toISOString();
        const created = answered(Signed, 
        // As @actions/artifact 6 asks today (version 7, the archive's MIME type), so the service sees one client.
        await this.call('CreateArtifact', { ...this.own(name), expires_at: expires, version: 7, mime_type: ZIP }));
        const url = this.signed(created.signed_upload_url ?? created.signedUploadUrl);
        const archive = storedZip(FILE, content);
        await this.retried(`uploading the artifact ${name}`, async (signal) => {
            // Downloads answer with this type: actions/download-artifact unpacks an application/zip only.
            const headers = { 'x-ms-blob-type': 'BlockBlob', 'x-ms-blob-content-type': ZIP };
            const answer = await (0,transport/* proxiedFetch */.iR)(url, { method: 'PUT', headers, body: archive, signal });
            if (!answer.ok)
                throw await failure(answer, `uploading the artifact ${name}`);
            await answer.body?.cancel();
        });
        const hash = `sha256:${(0,external_node_crypto_.createHash)('sha256').update(archive).digest('hex')}`;
        const finalize = { ...this.own(name), size: String(archive.length), hash };
        const done = await this.call('FinalizeArtifact', finalize).then((answer) => answered(Ok, answer).ok === true, async (error) => {
            // A finalize whose answer was lost, asked again, finds nothing left to finalize: the list tells.
            if (await this.exists(name))
                return true;
            throw error;
        });
        if (!done)
            throw new ArtifactStoreError(undefined, undefined, `the artifact ${name} was not finalized`);
    }
    /** Whether this job's artifact `name` is there (finalized). */
    async exists(name) {
        const found = await this.listed({ ...this.run(), name_filter: name });
        return found.some((artifact) => artifact.name === name && artifact.jobBackendId === this.ids.job);
    }
    /** This run's artifacts whose names start with `prefix`. */
    async list(prefix) {
        return (await this.listed(this.run())).filter((artifact) => artifact.name.startsWith(prefix));
    }
    /** What ListArtifacts answers to `request`, under either field naming (an entry without its ids is left out). */
    async listed(request) {
        const listed = answered(Listed, await this.call('ListArtifacts', request));
        const found = [];
        for (const item of listed.artifacts ?? []) {
            const run = item.workflow_run_backend_id ?? item.workflowRunBackendId;
            const job = item.workflow_job_run_backend_id ?? item.workflowJobRunBackendId;
            const created = Date.parse(item.created_at ?? item.createdAt ?? '');
            if (item.name === undefined || !run || !job)
                continue;
            found.push({ name: item.name, runBackendId: run, jobBackendId: job, ...(created ? { createdAt: created } : {}) });
        }
        return found;
    }
    /** The content of an artifact this store uploads (undefined: gone, or not of that shape, or over `maxBytes`). */
    async download(artifact, maxBytes) {
        const answer = answered(Signed, await this.call('GetSignedArtifactURL', named(artifact)));
        const url = this.signed(answer.signed_url ?? answer.signedUrl);
        const archive = await this.retried(`downloading the artifact ${artifact.name}`, async (signal) => {
            const got = await (0,transport/* proxiedFetch */.iR)(url, { signal });
            if (!got.ok)
                throw await failure(got, `downloading the artifact ${artifact.name}`);
            return readAtMost(got, maxBytes + 1_024);
        });
        return archive ? storedFile(archive, FILE, maxBytes) : undefined;
    }
    /** Deletes an artifact of this run (another job's too, as the service allows any job of the run). */
    async remove(artifact) {
        await this.call('DeleteArtifact', named(artifact));
    }
    /** Deletes an artifact this job uploaded; false where there was none (or the service would not). */
    removeOwn(name) {
        const own = { name, runBackendId: this.ids.run, jobBackendId: this.ids.job };
        return this.remove(own).then(() => true, () => false);
    }
    /** This run and job, as every request names them. */
    run() {
        return backendFields(this.ids.run, this.ids.job);
    }
    own(name) {
        return { ...this.run(), name };
    }
    /** A signed address the service answered: https (http only to a loopback host), else nothing is sent to it. */
    signed(value) {
        const url = URL.canParse(value ?? '') ? new URL(value ?? '') : undefined;
        if (!url || !(0,client_url/* isSafeTransport */.v)(url))
            throw new ArtifactStoreError(undefined, undefined, 'the results service answered no usable signed address');
        return url.href;
    }
    call(method, body) {
        return this.retried(`the results service's ${method}`, async (signal) => {
            const answer = await (0,transport/* proxiedFetch */.iR)(new URL(`/twirp/${SERVICE}/${method}`, this.origin).href, {
                method: 'POST',
                headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
                body: JSON.stringify(body),
                signal,
            });
            if (!answer.ok)
                throw await failure(answer, `the results service's ${method}`);
            return (await answer.json());
        });
    }
    /** Transient failures (no answer, 429, 5xx) tried again with jittered backoff; anything else at once. */
    async retried(what, operation) {
        const { clock, signal } = this.deps;
        for (let attempt = 1;; attempt++) {
            try {
                return await operation((0,abort/* withTimeout */.w)(REQUEST_TIMEOUT_MS, signal));
            }
            catch (error) {
                signal?.throwIfAborted();
                const status = error instanceof ArtifactStoreError ? error.status : undefined;
                const transient = status === undefined ? !(error instanceof ArtifactStoreError) : status === 429 || status >= 500;
                if (!transient || attempt >= ATTEMPTS)
                    throw error instanceof ArtifactStoreError
                        ? error
                        : new ArtifactStoreError(undefined, undefined, `${what}: ${(0,untrusted/* serviceText */.Lo)(error.message, 200)}`);
                await clock.sleep((0,retry/* backoffDelay */.EY)(attempt, clock.random(), BACKOFF), signal);
            }
        }
    }
}
/** The ids a twirp request names a run and job by (proto field names, as @actions/artifact sends them). */
function backendFields(run, job) {
    return { workflow_run_backend_id: run, workflow_job_run_backend_id: job };
}
/** An artifact as a request names it: the run and job that uploaded it, and its name. */
function named(artifact) {
    return { ...backendFields(artifact.runBackendId, artifact.jobBackendId), name: artifact.name };
}
/** An answer of the expected shape, else what to report (never the answer itself). */
function answered(schema, value) {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
        throw new ArtifactStoreError(undefined, undefined, 'the results service answered an odd shape');
    return parsed.data;
}
async function failure(answer, what) {
    const text = await answer.text().catch(() => '');
    let parsed = {};
    try {
        parsed = TwirpError.parse(JSON.parse(text));
    }
    catch {
        // Not a twirp error (a blob store's XML, a proxy's page): the status says it.
    }
    const said = parsed.msg ? `: ${(0,untrusted/* serviceText */.Lo)(parsed.msg, 200)}` : '';
    return new ArtifactStoreError(answer.status, parsed.code, `${what} answered ${answer.status}${said}`);
}
/** The body, or undefined when it is longer than `limit` (the rest is not read). */
async function readAtMost(answer, limit) {
    const chunks = [];
    let size = 0;
    for await (const chunk of answer.body ?? []) {
        size += chunk.length;
        // Leaving the loop cancels the rest of the body.
        if (size > limit)
            return undefined;
        chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
}


/***/ }),

/***/ 8202:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cr: () => (/* binding */ announceLeg)
/* harmony export */ });
/* unused harmony exports legArtifact, rowArtifact, MAX_ROW_BYTES, relayView, waitingLegs, newerRow */
/* harmony import */ var _sandbox_status_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8935);

const RELAY_PREFIX = 'gpu-sandbox-comment-';
/** The artifacts of one run attempt: a re-run's legs wait for and write only their own. */
const attemptPrefix = (target) => `${RELAY_PREFIX}${target.workflowRun?.attempt ?? 1}-`;
const legArtifact = (target, sandbox) => `${attemptPrefix(target)}leg-${sandbox}`;
const rowArtifact = (target, sandbox) => `${attemptPrefix(target)}row-${sandbox}`;
/** A row is small; anything larger is not one of ours. */
const MAX_ROW_BYTES = 16_384;
/** How long the main step's announcement may take before the step ends without it. */
const ANNOUNCE_TIMEOUT_MS = 15_000;
/** The list pages read to tell whether a leg still runs. */
const LIST_PAGES = 10;
/**
 * The main step's announcement, started at once and settled before the step ends (at most 15 s): never fails the
 * step, never holds the start up.
 */
function announceLeg(store, target, sandbox, log) {
    if (!store || !target)
        return { settled: async () => undefined };
    const upload = store.upload(legArtifact(target, sandbox), Buffer.from('{"v":1}')).then(() => log("comment: this job will have a row (said through the run's artifacts, for the last job to end)."), (error) => log(`comment: could not say this job's row will come (${error.message}).`));
    let timer;
    const bound = new Promise((resolve) => (timer = setTimeout(resolve, ANNOUNCE_TIMEOUT_MS)));
    return { settled: () => Promise.race([upload, bound]).finally(() => clearTimeout(timer)) };
}
async function relayView(store, target) {
    const prefix = attemptPrefix(target);
    const listed = await store.list(prefix);
    const rows = listed.filter((artifact) => artifact.name.startsWith(`${prefix}row-`));
    const rowed = new Set(rows.map((artifact) => artifact.name.slice(`${prefix}row-`.length)));
    const legs = listed.filter((artifact) => artifact.name.startsWith(`${prefix}leg-`));
    const waiting = legs
        .map((artifact) => ({ artifact, sandbox: artifact.name.slice(`${prefix}leg-`.length) }))
        .filter(({ sandbox }) => !rowed.has(sandbox));
    return { rows, legs, waiting };
}
/**
 * Whether a leg still waiting for a row has a live sandbox in the service's list (that leg will write; one being
 * stopped is in its post step, before its row): the list is read until one is found. A list that cannot be read
 * finds none (this leg writes: a write too many costs little, one too few loses rows).
 */
async function waitingLegs(ctx, waiting) {
    if (waiting.length === 0)
        return 'none';
    const names = new Set(waiting.map(({ sandbox }) => sandbox));
    try {
        for await (const sandbox of ctx.client.allSandboxes({ maxPages: LIST_PAGES, signal: ctx.signal }))
            if (sandbox.name && names.has(sandbox.name) && !isEnded(sandbox.status) && !isFailed(sandbox.status))
                return 'running';
    }
    catch (error) {
        ctx.signal?.throwIfAborted();
        ctx.log(`comment: the compute service's list could not be read (${error.message}); writing.`);
        return 'none';
    }
    return 'ended';
}
/** Whether a row uploaded after this leg's is in the view: its leg listed later and saw this row, so it decides. */
function newerRow(view, mine) {
    const own = view.rows.find((row) => row.name === mine);
    if (own?.createdAt === undefined)
        return false;
    const at = own.createdAt;
    return view.rows.some((row) => row !== own && row.createdAt !== undefined && (row.createdAt > at || (row.createdAt === at && row.name > mine)));
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
