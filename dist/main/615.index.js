export const id = 615;
export const ids = [615];
export const modules = {

/***/ 7615:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   buildInstanceRequest: () => (/* binding */ buildInstanceRequest),
/* harmony export */   runInstance: () => (/* binding */ runInstance)
/* harmony export */ });
/* harmony import */ var _client_client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5307);
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9943);
/* harmony import */ var _ssh_secret_files_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8528);
/* harmony import */ var _step_outputs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6854);
/* harmony import */ var _ssh_access_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7421);
/* harmony import */ var _step_state_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5190);
/* harmony import */ var _step_summary_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9128);
/* harmony import */ var _step_deps_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3996);
/** Mode `instance`: create an SSH instance; mask and hand over a generated key. */








const CREATE_DEADLINE_MS = 2 * 60_000;
function buildInstanceRequest(config) {
    const body = { ...config.instanceConfig };
    if (config.publicKey)
        body.public_key = config.publicKey;
    return body;
}
/**
 * Create is not idempotent and carries no name to find it by: only answers that
 * certainly created nothing (429, 503, 504) are retried; a lost answer fails loudly.
 */
async function createOnce(deps, request, deadline) {
    const client = deps.client.withDeadline(deadline, deps.clock);
    try {
        return await (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .retryUntil */ .v6)((0,_step_deps_js__WEBPACK_IMPORTED_MODULE_7__/* .opContext */ .R)(deps), deadline, 'create instance', () => client.createInstance(request, deps.signal), { retryable: _client_retry_js__WEBPACK_IMPORTED_MODULE_1__/* .isNotAccepted */ .Np });
    }
    catch (error) {
        const ambiguous = error.ambiguous === true;
        if (!ambiguous)
            throw error;
        throw new Error(`${error.message} The instance may have been created although no answer arrived; it is not retried ` +
            '(create is not idempotent). Check the account console for an instance you do not expect and delete it.', { cause: error });
    }
}
async function runInstance(config, deps, env) {
    const { core } = deps;
    const request = buildInstanceRequest(config);
    if (config.dryRun) {
        await (0,_step_summary_js__WEBPACK_IMPORTED_MODULE_6__/* .reportDryRun */ .HN)(core, 'Instance', 'POST /instances/create', request);
        return;
    }
    // The service generates a key unless one is given: know where it will go before anything is sent.
    const tempDir = config.publicKey && !config.ssh ? undefined : (0,_ssh_secret_files_js__WEBPACK_IMPORTED_MODULE_2__/* .runnerTemp */ .X5)(env);
    const deadline = deps.clock.now() + CREATE_DEADLINE_MS;
    const created = await createOnce(deps, request, deadline);
    const key = created.key ?? '';
    if (key !== '')
        (0,_ssh_secret_files_js__WEBPACK_IMPORTED_MODULE_2__/* .maskKey */ .s9)((s) => core.setSecret(s), key);
    const identifier = (0,_client_client_js__WEBPACK_IMPORTED_MODULE_0__/* .assertInstanceId */ .JQ)(created.identifier);
    const state = new _step_state_js__WEBPACK_IMPORTED_MODULE_5__/* .ActionState */ .q(core);
    state.saveInstance(identifier, created.uuid);
    core.setOutput('instance-id', identifier);
    (0,_step_outputs_js__WEBPACK_IMPORTED_MODULE_3__/* .setTextOutput */ .Lb)(core, 'instance-uuid', created.uuid);
    if (key !== '') {
        // A key was sent back although none was expected (a public key was given): it still gets a private place.
        const dir = (0,_ssh_secret_files_js__WEBPACK_IMPORTED_MODULE_2__/* .privateDirectory */ .Jt)(tempDir ?? (0,_ssh_secret_files_js__WEBPACK_IMPORTED_MODULE_2__/* .runnerTemp */ .X5)(env));
        state.saveSecretDirectory(dir);
        const path = (0,_ssh_secret_files_js__WEBPACK_IMPORTED_MODULE_2__/* .writeSecretFile */ .AK)(dir, `instance-${identifier}-key`, key.endsWith('\n') ? key : `${key}\n`);
        state.saveSshKeyPath(path);
        core.setOutput('ssh-key-path', path);
        core.setOutput('ssh-private-key', key);
        core.info(`Instance ${identifier} created; the generated private key is masked and written to ${path} (mode 0600).`);
        if (config.ssh)
            await (0,_ssh_access_js__WEBPACK_IMPORTED_MODULE_4__/* .connectInstance */ .Gt)(deps, config.ssh, created.uuid, dir, path);
    }
    else {
        core.info(`Instance ${identifier} created with the given public key.`);
        if (config.ssh) {
            // The user's own key (or agent) connects: no key file, but a private place for the config.
            const dir = (0,_ssh_secret_files_js__WEBPACK_IMPORTED_MODULE_2__/* .privateDirectory */ .Jt)(tempDir ?? (0,_ssh_secret_files_js__WEBPACK_IMPORTED_MODULE_2__/* .runnerTemp */ .X5)(env));
            state.saveSecretDirectory(dir);
            await (0,_ssh_access_js__WEBPACK_IMPORTED_MODULE_4__/* .connectInstance */ .Gt)(deps, config.ssh, created.uuid, dir, undefined);
        }
    }
    await core.appendSummary(`### Instance ${identifier}\n\n${(0,_step_summary_js__WEBPACK_IMPORTED_MODULE_6__/* .markdownTable */ .Qj)([
        ['UUID', created.uuid],
        ['Cleanup', config.keepAlive ? 'keep-alive (not deleted)' : 'deleted by the post step'],
    ])}`);
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
