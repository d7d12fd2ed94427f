export const id = 219;
export const ids = [219];
export const modules = {

/***/ 9219:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cleanupInstance: () => (/* binding */ cleanupInstance)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var _client_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(486);
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9943);
/* harmony import */ var _step_deps_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3996);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4120);
/**
 * The post step of mode `instance`: remove the key files, then delete the
 * instance. The deployed service's `identifier` is an index that shifts when
 * other instances come and go, so the instance is looked up by its `uuid` in
 * GET /instances/list and deleted under its current identifier; deleting by
 * the identifier saved at create could delete someone else's.
 */





/**
 * The instance's identifier now: looked up by uuid; the saved one, with a warning, where the service has no list
 * (v1.0).
 */
async function currentIdentifier(deps, client, uuid, saved, deadline) {
    if (!uuid)
        return { identifier: saved, checked: false };
    try {
        const instances = await (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retryUntil */ .v6)((0,_step_deps_js__WEBPACK_IMPORTED_MODULE_4__/* .opContext */ .R)({ ...deps, client }), deadline, 'list instances', () => client.listInstances(deps.signal));
        const found = instances.find((instance) => instance.uuid === uuid);
        return found ? { identifier: found.identifier, checked: true } : 'gone';
    }
    catch (error) {
        if (!(0,_client_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .isNotFound */ .c4)(error))
            throw error;
        deps.core.warning(`The service has no instance list (GET /instances/list answered 404), ` +
            `so instance ${saved} could not be checked by its uuid before the delete. ` +
            'On a service whose identifiers shift this could name another instance; check the account console.');
        return { identifier: saved, checked: false };
    }
}
const cleanupInstance = async (deps, state, inputs, deadlineMs) => {
    const { core } = deps;
    const keyPath = state.sshKeyPath;
    // Usually already gone with its directory (cleanup/ssh.ts); a key file from an older state is removed here.
    if (keyPath && (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(keyPath)) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmSync)(keyPath, { force: true });
        core.info(`Removed the private key file ${keyPath}.`);
    }
    const saved = state.instanceId;
    if (!saved) {
        core.info('Nothing to delete: the main step created no instance (dry-run, invalid inputs, or the create failed).');
        return;
    }
    const config = inputs.cleanup();
    if (config.keepAlive) {
        core.notice(`keep-alive: true: instance ${saved} is left running. Delete it yourself when done.`);
        return;
    }
    const deadline = deps.clock.now() + deadlineMs;
    const client = deps.makeClient(config).withDeadline(deadline, deps.clock);
    const uuid = state.instanceUuid;
    const target = await currentIdentifier(deps, client, uuid, saved, deadline);
    if (target === 'gone') {
        core.info(`Instance ${saved} (uuid ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .serviceText */ .Lo)(uuid)}) is no longer listed: already gone, nothing to delete.`);
        return;
    }
    const { identifier } = target;
    if (identifier !== saved)
        core.info(`Instance uuid ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .serviceText */ .Lo)(uuid)} is now identifier ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .serviceText */ .Lo)(identifier)} ` +
            `(was ${saved}): deleting that one.`);
    try {
        await (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retryUntil */ .v6)((0,_step_deps_js__WEBPACK_IMPORTED_MODULE_4__/* .opContext */ .R)({ ...deps, client }), deadline, `delete instance ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .serviceText */ .Lo)(identifier, 64)}`, () => client.deleteInstance(identifier, deps.signal), { urgent: true });
        core.info(`Deleted instance ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .serviceText */ .Lo)(identifier, 64)}${target.checked ? ' (checked by uuid)' : ''}.`);
    }
    catch (error) {
        if ((0,_client_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .isNotFound */ .c4)(error)) {
            core.info(`Instance ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_3__/* .serviceText */ .Lo)(identifier, 64)} is already gone (404).`);
            return;
        }
        throw error;
    }
};


/***/ })

};
