export const id = 421;
export const ids = [421];
export const modules = {

/***/ 7421:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  VY: () => (/* binding */ SshUnavailableError),
  Gt: () => (/* binding */ connectInstance),
  TD: () => (/* binding */ finishSandboxSsh),
  jt: () => (/* binding */ keepCertificateFresh),
  FX: () => (/* binding */ pinnableEndpoint),
  pd: () => (/* binding */ prepareSandboxSsh),
  _A: () => (/* binding */ renewInPlace)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./build/src/client/errors.js
var errors = __webpack_require__(486);
// EXTERNAL MODULE: ./build/src/client/retry.js
var retry = __webpack_require__(9943);
// EXTERNAL MODULE: ./build/src/ssh/secret-files.js
var secret_files = __webpack_require__(8528);
// EXTERNAL MODULE: ./build/src/step/deps.js
var step_deps = __webpack_require__(3996);
// EXTERNAL MODULE: ./build/src/step/state.js + 1 modules
var state = __webpack_require__(5190);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/inputs/ssh.js
var inputs_ssh = __webpack_require__(877);
// EXTERNAL MODULE: ./build/src/ssh/config-files.js
var config_files = __webpack_require__(5018);
;// CONCATENATED MODULE: ./build/src/ssh/endpoint.js
/**
 * Where `ssh <alias>` connects: read from the sandbox record's `ssh` field or
 * an instance's `ip`/`port`. Every value goes into an SSH config file, so each
 * is checked against a strict pattern (a newline in a host name would be a
 * config line of the service's choosing).
 */

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** A host name, an IPv4 address, or an IPv6 address (bracketed or not). */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\d{1,3}(?:\\.\\d{1,3}){3}|\\[?[0-9A-Fa-f:.]+\\]?)$`);
const USER = /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/;
const KEY_TYPES = [
    'ssh-ed25519',
    'ssh-rsa',
    'ecdsa-sha2-nistp(?:256|384|521)',
    'sk-ssh-ed25519@openssh\\.com',
    'sk-ecdsa-sha2-nistp256@openssh\\.com',
];
const HOST_KEY = new RegExp(`^(${KEY_TYPES.join('|')}) ([A-Za-z0-9+/]+={0,3})(?: [^\\r\\n]*)?$`);
/** Why an endpoint could not be read: service text, already made safe for a message. */
class SshEndpointError extends Error {
}
function port(value, fallback) {
    if (value === undefined || value === null || value === '')
        return fallback;
    const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 65535) {
        throw new SshEndpointError(`port ${(0,untrusted/* serviceText */.Lo)(value, 40)} is not a TCP port`);
    }
    return number;
}
function host(value) {
    if (typeof value !== 'string' || value.length > 253 || !HOST.test(value))
        throw new SshEndpointError(`host ${(0,untrusted/* serviceText */.Lo)(value, 80)} is not a host name or address`);
    return value.replace(/^\[|\]$/g, '');
}
/** The record's `ssh` object: host, port (22), user (ubuntu) and host_key. Undefined: the record has none. */
function endpointFromRecord(record) {
    const ssh = record?.ssh;
    if (ssh === undefined || ssh === null)
        return undefined;
    if (typeof ssh !== 'object' || Array.isArray(ssh))
        throw new SshEndpointError('the record’s ssh field is not an object');
    const fields = ssh;
    const user = fields.user ?? 'ubuntu';
    if (typeof user !== 'string' || !USER.test(user))
        throw new SshEndpointError(`user ${(0,untrusted/* serviceText */.Lo)(user, 40)} is not a login name`);
    let hostKey;
    if (fields.host_key !== undefined && fields.host_key !== null) {
        const match = typeof fields.host_key === 'string' ? HOST_KEY.exec(fields.host_key.trim()) : null;
        if (!match)
            throw new SshEndpointError('host_key is not one OpenSSH public key line');
        hostKey = `${match[1]} ${match[2]}`;
    }
    return { host: host(fields.host), port: port(fields.port, 22), user, hostKey };
}
/** An instance from GET /instances/list: ip and port; no host key is given for instances. */
function endpointFromInstance(instance) {
    const user = typeof instance.user === 'string' && USER.test(instance.user) ? instance.user : 'ubuntu';
    return { host: host(instance.ip), port: port(instance.port, 22), user, hostKey: undefined };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./build/src/ssh/key-pair.js
/**
 * An ed25519 key pair made on the runner (node:crypto), written in the
 * OpenSSH formats that ssh reads: the private key as "openssh-key-v1", the
 * public key as one `ssh-ed25519 AAAA… comment` line.
 */

function u32(value) {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(value);
    return buffer;
}
function sshString(data) {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    return Buffer.concat([u32(bytes.length), bytes]);
}
function generateSshKeyPair(comment) {
    const jwk = (0,external_node_crypto_.generateKeyPairSync)('ed25519').privateKey.export({ format: 'jwk' });
    const seed = Buffer.from(jwk.d, 'base64url');
    const publicBytes = Buffer.from(jwk.x, 'base64url');
    const publicBlob = Buffer.concat([sshString('ssh-ed25519'), sshString(publicBytes)]);
    const check = (0,external_node_crypto_.randomBytes)(4);
    let secret = Buffer.concat([
        check,
        check,
        sshString('ssh-ed25519'),
        sshString(publicBytes),
        sshString(Buffer.concat([seed, publicBytes])),
        sshString(comment),
    ]);
    // Padded to the cipher block size (8 for "none") with 1, 2, 3, ...
    const padding = [];
    for (let i = 1; (secret.length + padding.length) % 8 !== 0; i++)
        padding.push(i);
    secret = Buffer.concat([secret, Buffer.from(padding)]);
    const body = Buffer.concat([
        Buffer.from('openssh-key-v1\0'),
        sshString('none'),
        sshString('none'),
        sshString(''),
        u32(1),
        sshString(publicBlob),
        sshString(secret),
    ]);
    const lines = body.toString('base64').match(/.{1,70}/g) ?? [];
    return {
        privateKey: `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`,
        publicKey: `ssh-ed25519 ${publicBlob.toString('base64')} ${comment}`,
    };
}

// EXTERNAL MODULE: ./build/src/ssh/renewer.js
var renewer = __webpack_require__(4978);
// EXTERNAL MODULE: ./build/src/ssh/renewer-process.js
var renewer_process = __webpack_require__(5154);
;// CONCATENATED MODULE: ./build/src/ssh/access.js
/**
 * `ssh: true`: make the sandbox (or instance) reachable from later steps as
 * `ssh <alias> '<command>'`. Start mode: a key made on the runner and a
 * short-lived certificate from the service (asked before the start, so a
 * service without the route costs nothing), then the record's `ssh` address
 * and host key once it is ready. Instance mode: the instance key and the
 * address from GET /instances/list once it runs.
 *
 * The key and the certificate are masked, written fresh (0600) in the step's
 * private directory, and never reach a log, an output or the summary.
 */













/** `ssh: true` could not be honoured; says what the service answered. The post step still cleans up. */
class SshUnavailableError extends Error {
    constructor(what) {
        super(`Input 'ssh': ${what}. The post step still stops what was started.`);
        this.name = 'SshUnavailableError';
    }
}
/** Start mode, before the start: a key pair and its certificate, in a fresh private directory. */
async function prepareSandboxSsh(deps, env, deadline) {
    const dir = (0,secret_files/* privateDirectory */.Jt)((0,secret_files/* runnerTemp */.X5)(env));
    new state/* ActionState */.q(deps.core).saveSecretDirectory(dir);
    const pair = generateSshKeyPair('gpu-sandbox-action');
    (0,secret_files/* maskKey */.s9)((s) => deps.core.setSecret(s), pair.privateKey);
    const keyPath = (0,secret_files/* writeSecretFile */.AK)(dir, 'id_ed25519', pair.privateKey);
    const client = deps.client.withDeadline(deadline, deps.clock);
    let certificate;
    try {
        certificate = await (0,retry/* retryUntil */.v6)((0,step_deps/* opContext */.R)(deps), deadline, 'SSH certificate', () => client.requestSshCertificate(pair.publicKey, deps.signal));
    }
    catch (error) {
        if ((0,errors/* isServiceError */.gi)(error) && (error.status === 404 || error.status === 405)) {
            throw new SshUnavailableError(`the service offers no SSH certificates (POST /sandboxes/ssh-certificate ` +
                `answered ${error.status} ${error.code}); nothing was started`);
        }
        throw error;
    }
    (0,secret_files/* maskKey */.s9)((s) => deps.core.setSecret(s), certificate.ssh_certificate);
    const certPath = (0,secret_files/* writeSecretFile */.AK)(dir, 'id_ed25519-cert.pub', `${certificate.ssh_certificate.trim()}\n`);
    const until = certificate.expires_at ? ` until ${(0,untrusted/* serviceText */.Lo)(certificate.expires_at, 40)}` : '';
    deps.core.info(`SSH: a key made on the runner and a certificate valid${until} (both masked, written to a private directory).`);
    const certIssuedAt = deps.clock.now();
    return {
        dir,
        keyPath,
        certPath,
        publicKey: pair.publicKey,
        certIssuedAt,
        certExpiresAt: (0,renewer/* certificateExpiry */.n_)(certificate.expires_at, certIssuedAt),
    };
}
/** Writes the SSH files and the Include line, sets the outputs; the config file's path. */
function connect(deps, ssh, dir, endpoint, keyPath, certPath) {
    const { core } = deps;
    const { configPath } = (0,config_files/* writeSshFiles */.RO)(dir, ssh.alias, endpoint, keyPath, certPath);
    const userConfig = (0,inputs_ssh/* userSshConfigPath */.bX)();
    const added = (0,config_files/* addInclude */.Ep)(userConfig, configPath);
    new state/* ActionState */.q(core).saveSshInclude({ userConfig, ...added });
    core.setOutput('ssh-host', endpoint.host);
    core.setOutput('ssh-port', String(endpoint.port));
    core.setOutput('ssh-user', endpoint.user);
    core.setOutput('ssh-config', configPath);
    core.setOutput('ssh-command', `ssh -F ${configPath} ${ssh.alias}`);
    core.setOutput('ssh-key-path', keyPath ?? '');
    const pinned = endpoint.hostKey
        ? 'host key pinned from the record'
        : 'host key learned on first connect into this config only';
    core.info(`SSH: later steps can run \`ssh ${ssh.alias} '<command>'\` (${endpoint.user}@${endpoint.host}:${endpoint.port}; ` +
        `${pinned}; ~/.ssh/config includes ${configPath} until the post step).`);
    return configPath;
}
/**
 * The record's SSH address with a host key to pin, or what is wrong with it,
 * worded to follow "the sandbox record" (start mode) or "its record" (connect).
 */
function pinnableEndpoint(record) {
    let endpoint;
    try {
        endpoint = endpointFromRecord(record);
    }
    catch (error) {
        if (error instanceof SshEndpointError)
            return { problem: `'s ssh field cannot be used: ${error.message}` };
        throw error;
    }
    if (!endpoint)
        return { problem: ' has no ssh field (no address to connect to)' };
    if (!endpoint.hostKey)
        return { problem: ' gives no host_key to pin (a host key learned on first use could be another sandbox’s)' };
    return { endpoint };
}
/** Start mode, once the sandbox is ready: its address and host key from the record; the config file's path. */
function finishSandboxSsh(deps, ssh, prepared, record) {
    const found = pinnableEndpoint(record);
    if ('problem' in found)
        throw new SshUnavailableError(`the sandbox record${found.problem}`);
    return connect(deps, ssh, prepared.dir, found.endpoint, prepared.keyPath, prepared.certPath);
}
/**
 * Starts the renewer, which keeps the certificate valid for the rest of the
 * job (until the post step ends it, the sandbox is gone, or `endsAt`, its TTL).
 * Its pid goes to state at once, so the post step can end it.
 */
async function keepCertificateFresh(deps, connection, prepared, sandboxId, endsAt) {
    const { core } = deps;
    if (!deps.renewer) {
        core.info('SSH: the certificate is not renewed in this run (no renewer: the modes run in-process).');
        return;
    }
    const spec = {
        baseUrl: connection.baseUrl,
        apiToken: connection.apiToken,
        publicKey: prepared.publicKey,
        certPath: prepared.certPath,
        certIssuedAt: prepared.certIssuedAt,
        certExpiresAt: prepared.certExpiresAt,
        sandboxId,
        endsAt,
        requestTimeoutMs: deps.renewer.requestTimeoutMs,
    };
    const pid = await (0,renewer_process/* launchRenewer */.uE)(spec, deps.renewer.script, (0,external_node_path_.join)(prepared.dir, renewer_process/* RENEWER_LOG */.qS), (0,step_deps/* stepEnvironment */.a)(deps));
    new state/* ActionState */.q(core).saveRenewerPid(pid);
    const until = endsAt !== undefined ? ` or the sandbox's TTL (${new Date(endsAt).toISOString()})` : '';
    core.info(`SSH: a renewer (pid ${pid}) renews the certificate before it expires, until the post step ends it${until}.`);
}
/** How long an instance may take to show an address. */
const INSTANCE_ADDRESS_DEADLINE_MS = 10 * 60_000;
/** Instance mode: wait until GET /instances/list shows it RUNNING with an ip, then connect with its key. */
async function connectInstance(deps, ssh, uuid, dir, keyPath) {
    const deadline = deps.clock.now() + INSTANCE_ADDRESS_DEADLINE_MS;
    const client = deps.client.withDeadline(deadline, deps.clock);
    for (let poll = 1;; poll++) {
        let instances;
        try {
            instances = await (0,retry/* retryUntil */.v6)((0,step_deps/* opContext */.R)(deps), deadline, 'list instances', () => client.listInstances(deps.signal));
        }
        catch (error) {
            if ((0,errors/* isNotFound */.c4)(error))
                throw new SshUnavailableError('the service has no instance list to read the address from (GET /instances/list answered 404)');
            throw error;
        }
        const ours = instances.find((instance) => instance.uuid === uuid);
        const status = (ours?.status ?? '').toUpperCase();
        if (ours && status === 'RUNNING' && ours.ip) {
            try {
                connect(deps, ssh, dir, endpointFromInstance(ours), keyPath);
                return;
            }
            catch (error) {
                if (error instanceof SshEndpointError)
                    throw new SshUnavailableError(`the instance's address cannot be used: ${error.message}`);
                throw error;
            }
        }
        if (status === 'STOPPED' || status === 'UNKNOWN')
            throw new SshUnavailableError(`the instance is ${(0,untrusted/* serviceText */.Lo)(status, 20)} and has no address`);
        const wait = Math.min(5_000, 1_000 * poll);
        if (deps.clock.now() + wait > deadline)
            throw new SshUnavailableError('the instance showed no address within 10 minutes');
        await deps.clock.sleep(wait, deps.signal);
    }
}
/**
 * A step that holds its certificate for hours itself (a keeper with pool-watch): a new one for the same key once
 * renewAt says so, written over the old one; the same certificate again before that.
 */
async function renewInPlace(deps, prepared) {
    if (deps.clock.now() < (0,renewer/* renewAt */.hh)(prepared.certIssuedAt, prepared.certExpiresAt))
        return;
    const deadline = deps.clock.now() + 60_000;
    const client = deps.client.withDeadline(deadline, deps.clock);
    const answer = await (0,retry/* retryUntil */.v6)((0,step_deps/* opContext */.R)(deps), deadline, 'renew the SSH certificate', () => client.requestSshCertificate(prepared.publicKey, deps.signal));
    (0,secret_files/* maskKey */.s9)((s) => deps.core.setSecret(s), answer.ssh_certificate);
    (0,secret_files/* replaceSecretFile */.Tp)(prepared.certPath, `${answer.ssh_certificate.trim()}\n`);
    prepared.certIssuedAt = deps.clock.now();
    prepared.certExpiresAt = (0,renewer/* certificateExpiry */.n_)(answer.expires_at, prepared.certIssuedAt);
}


/***/ }),

/***/ 5018:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BJ: () => (/* binding */ removeInclude),
/* harmony export */   Ep: () => (/* binding */ addInclude),
/* harmony export */   RO: () => (/* binding */ writeSshFiles)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var _secret_files_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8528);
/* harmony import */ var _inputs_ssh_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(877);
/**
 * The SSH files a later step uses: in the step's private directory, a
 * known_hosts pinned to the host key and `<alias>.ssh_config` with one
 * `Host <alias>` block; in ~/.ssh/config, one `Include` line for it, at the top
 * (an Include after a Host block would belong to that block). The post step
 * removes exactly that line and nothing else.
 */




function quoted(path) {
    return `"${path.replace(/"/g, '')}"`;
}
/**
 * known_hosts and ssh_config in `dir` (created fresh, 0600). `keyPath`/`certPath` absent: ssh uses the user's own key
 * or agent.
 */
function writeSshFiles(dir, alias, endpoint, keyPath, certPath) {
    const hostPattern = endpoint.port === 22 ? endpoint.host : `[${endpoint.host}]:${endpoint.port}`;
    const knownHostsPath = (0,_secret_files_js__WEBPACK_IMPORTED_MODULE_2__/* .writeSecretFile */ .AK)(dir, 'known_hosts', endpoint.hostKey ? `${hostPattern} ${endpoint.hostKey}\n` : '');
    const lines = [
        `Host ${alias}`,
        `  HostName ${endpoint.host}`,
        `  Port ${endpoint.port}`,
        `  User ${endpoint.user}`,
        ...(keyPath ? [`  IdentityFile ${quoted(keyPath)}`, '  IdentitiesOnly yes'] : []),
        ...(certPath ? [`  CertificateFile ${quoted(certPath)}`] : []),
        `  UserKnownHostsFile ${quoted(knownHostsPath)}`,
        '  GlobalKnownHostsFile /dev/null',
        // Pinned from the record; an instance gives no host key, so its key is learned once, into this file only.
        `  StrictHostKeyChecking ${endpoint.hostKey ? 'yes' : 'accept-new'}`,
        '  ServerAliveInterval 30',
        '  ServerAliveCountMax 4',
        '',
    ];
    const configPath = (0,_secret_files_js__WEBPACK_IMPORTED_MODULE_2__/* .writeSecretFile */ .AK)(dir, (0,_inputs_ssh_js__WEBPACK_IMPORTED_MODULE_3__/* .configFileName */ .S3)(alias), lines.join('\n'));
    return { configPath, knownHostsPath };
}
/** Adds `Include "<configPath>"` at the top of ~/.ssh/config (created 0600 in a 0700 ~/.ssh if missing). */
function addInclude(userConfig, configPath) {
    const sshDir = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(userConfig);
    const createdDir = !(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(sshDir);
    if (createdDir)
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdirSync)(sshDir, { recursive: true, mode: 0o700 });
    const line = `Include ${quoted(configPath)}`;
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(userConfig)) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(userConfig, `${line}\n`, { mode: 0o600 });
        return { line, createdConfig: true, createdDir };
    }
    const before = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(userConfig, 'utf8');
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(userConfig, `${line}\n${before}`);
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.chmodSync)(userConfig, 0o600);
    return { line, createdConfig: false, createdDir };
}
/**
 * Removes exactly the line addInclude added (once); everything else stays as
 * it is, byte for byte. A config file (and ~/.ssh) that addInclude created and
 * that now holds nothing else is removed too.
 */
function removeInclude(userConfig, added) {
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(userConfig) || added.line === '')
        return false;
    const text = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(userConfig, 'utf8');
    const target = `${added.line}\n`;
    const at = text.startsWith(target) ? 0 : text.indexOf(`\n${target}`) + 1;
    if (at === 0 && !text.startsWith(target))
        return false;
    const rest = text.slice(0, at) + text.slice(at + target.length);
    if (rest === '' && added.createdConfig) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmSync)(userConfig);
        if (added.createdDir && (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readdirSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(userConfig)).length === 0)
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmdirSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(userConfig));
    }
    else {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(userConfig, rest);
    }
    return true;
}


/***/ }),

/***/ 4978:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q2: () => (/* binding */ runRenewal),
/* harmony export */   ds: () => (/* binding */ renewerSpecSchema),
/* harmony export */   hh: () => (/* binding */ renewAt),
/* harmony export */   n_: () => (/* binding */ certificateExpiry)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9691);
/* harmony import */ var _client_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(486);
/* harmony import */ var _client_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9943);
/* harmony import */ var _client_schemas_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2805);
/* harmony import */ var _runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4120);
/* harmony import */ var _secret_files_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8528);
/**
 * The certificate renewer: the one process the action leaves running between
 * its steps (with `ssh` and in `connect` mode). It renews the SSH certificate
 * for the same key before it expires and replaces the certificate file
 * atomically, so an `ssh` started at any moment of the job finds a valid one.
 * It ends when the post step ends it, when the sandbox is gone or has ended,
 * at the sandbox's TTL, or when the certificate could not be renewed in time.
 * It talks only to base-url: POST /sandboxes/ssh-certificate, and one read of
 * its sandbox before each renewal (a certificate opens every sandbox of the
 * organization: none is asked for a sandbox that is gone).
 */







/** What the renewer is handed through its stdin pipe: never argv, environment or a file (the token is in it). */
const renewerSpecSchema = zod__WEBPACK_IMPORTED_MODULE_6__/* .object */ .Ikc({
    baseUrl: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().url(),
    apiToken: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().min(1),
    publicKey: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().regex(/^ssh-ed25519 [A-Za-z0-9+/=]+( .*)?$/),
    certPath: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().min(1),
    /**
     * When the certificate now in certPath was received, and when it expires (epoch ms; undefined: the service did not
     * say).
     */
    certIssuedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .number */ .aig(),
    certExpiresAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .number */ .aig().optional(),
    sandboxId: zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().regex(_client_schemas_js__WEBPACK_IMPORTED_MODULE_3__/* .SANDBOX_ID_PATTERN */ .BA),
    /** The sandbox's end by its TTL (epoch ms), when known: the renewer ends then. */
    endsAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .number */ .aig().optional(),
    requestTimeoutMs: zod__WEBPACK_IMPORTED_MODULE_6__/* .number */ .aig().int().positive(),
});
const RENEW_BEFORE_MS = 15 * 60_000;
const SHORT_LIFETIME_MS = 45 * 60_000;
/** A certificate whose expiry the service did not give is renewed this often. */
const UNKNOWN_LIFETIME_RENEW_MS = 10 * 60_000;
/** Never two renewals closer than this, whatever the service says (an odd expires_at, a skewed clock). */
const MIN_RENEW_GAP_MS = 5_000;
/** Sleeps are taken in pieces: a timer past ~24.8 days would fire at once. */
const MAX_SLEEP_MS = 60 * 60_000;
async function sleepUntil(ctx, at) {
    for (let left = at - ctx.clock.now(); left > 0; left = at - ctx.clock.now())
        await ctx.clock.sleep(Math.min(left, MAX_SLEEP_MS), ctx.signal);
}
/**
 * The certificate's expiry (epoch ms) from the service's `expires_at`; undefined when absent, unreadable or not after
 * `receivedAt`.
 */
function certificateExpiry(expiresAt, receivedAt) {
    const parsed = expiresAt ? Date.parse(expiresAt) : Number.NaN;
    return Number.isFinite(parsed) && parsed > receivedAt ? parsed : undefined;
}
/**
 * 15 minutes before expiry, or at two thirds of the lifetime for certificates shorter than 45 minutes (the SDK's rule).
 */
function renewAt(issuedAt, expiresAt) {
    if (expiresAt === undefined)
        return issuedAt + UNKNOWN_LIFETIME_RENEW_MS;
    const lifetime = expiresAt - issuedAt;
    return lifetime >= SHORT_LIFETIME_MS ? expiresAt - RENEW_BEFORE_MS : issuedAt + Math.floor((2 * lifetime) / 3);
}
/**
 * Whether the sandbox is still there to reach: 404 or an ended status say no; an answer that does not come says
 * nothing.
 */
async function sandboxGone(ctx, spec, isEnded) {
    try {
        const record = await ctx.client
            .withDeadline(ctx.clock.now() + spec.requestTimeoutMs, ctx.clock)
            .getSandbox(spec.sandboxId, ctx.signal);
        return isEnded(record.status) ? `sandbox ${spec.sandboxId} is ${(0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_4__/* .serviceText */ .Lo)(record.status, 40)}` : undefined;
    }
    catch (error) {
        if ((0,_client_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .isNotFound */ .c4)(error))
            return `sandbox ${spec.sandboxId} is gone (404)`;
        return undefined;
    }
}
/**
 * Renews until one of the ends above (`isEnded`: the service's status words, from sandbox/status.ts via the entry);
 * every line it logs is sanitised service text or its own words, never a certificate.
 */
async function runRenewal(spec, ctx, isEnded) {
    const { clock } = ctx;
    let issuedAt = spec.certIssuedAt;
    let expiresAt = spec.certExpiresAt;
    for (;;) {
        const at = Math.max(renewAt(issuedAt, expiresAt), issuedAt + MIN_RENEW_GAP_MS);
        if (spec.endsAt !== undefined && at >= spec.endsAt) {
            await sleepUntil(ctx, spec.endsAt);
            ctx.log(`ended: the sandbox's TTL has come (${new Date(spec.endsAt).toISOString()})`);
            return 'ttl';
        }
        await sleepUntil(ctx, at);
        // The post step removed the private directory (or the job's cleanup did): nothing is left to renew for.
        if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(spec.certPath)) {
            ctx.log('ended: the certificate file is gone (the post step removed the SSH files)');
            return 'cancelled';
        }
        const gone = await sandboxGone(ctx, spec, isEnded);
        if (gone) {
            ctx.log(`ended: ${gone}; no certificate is asked for it`);
            return 'gone';
        }
        // Retried (429, 5xx, lost answers) within the time the current certificate has left (at least 30 s).
        const deadline = Math.max(expiresAt ?? clock.now() + UNKNOWN_LIFETIME_RENEW_MS, clock.now() + 30_000);
        const client = ctx.client.withDeadline(deadline, clock);
        let answer;
        try {
            answer = await (0,_client_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retryUntil */ .v6)(ctx, deadline, 'renew the SSH certificate', () => client.requestSshCertificate(spec.publicKey, ctx.signal));
        }
        catch (error) {
            if (ctx.signal?.aborted)
                throw error;
            const refused = (0,_client_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .isServiceError */ .gi)(error) && [400, 401, 403, 404].includes(error.status);
            const why = (0,_runtime_untrusted_js__WEBPACK_IMPORTED_MODULE_4__/* .serviceText */ .Lo)(error instanceof Error ? error.message : String(error), 300);
            ctx.log(`failed: the SSH certificate could not be renewed: ${why}`);
            return refused ? 'refused' : 'expired';
        }
        (0,_secret_files_js__WEBPACK_IMPORTED_MODULE_5__/* .replaceSecretFile */ .Tp)(spec.certPath, `${answer.ssh_certificate.trim()}\n`);
        issuedAt = clock.now();
        expiresAt = certificateExpiry(answer.expires_at, issuedAt);
        const until = expiresAt ? new Date(expiresAt).toISOString() : 'a time the service did not give';
        ctx.log(`renewed: the SSH certificate is valid until ${until}`);
    }
}


/***/ }),

/***/ 8528:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AK: () => (/* binding */ writeSecretFile),
/* harmony export */   Jt: () => (/* binding */ privateDirectory),
/* harmony export */   Tp: () => (/* binding */ replaceSecretFile),
/* harmony export */   X5: () => (/* binding */ runnerTemp),
/* harmony export */   s9: () => (/* binding */ maskKey),
/* harmony export */   th: () => (/* binding */ removePrivateDirectory)
/* harmony export */ });
/* unused harmony export NoRunnerTempError */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/**
 * Files that hold a secret or sit beside one (a private key, its SSH
 * certificate, known_hosts, the SSH config): created fresh in a 0700
 * directory of their own under RUNNER_TEMP, mode 0600, never through a file
 * or a symlink that is already there. Without RUNNER_TEMP the step
 * fails rather than write a key into the workspace.
 */



/** Masks a secret (a key, a certificate) whole and every line of it: the runner masks line by line. */
function maskKey(setSecret, key) {
    setSecret(key);
    for (const line of key.split(/\r?\n/)) {
        if (line.trim() !== '')
            setSecret(line.trim());
    }
}
class NoRunnerTempError extends Error {
    constructor() {
        super('RUNNER_TEMP is not set, so there is no private place for the key ' +
            'file; nothing was sent. Run the action on a GitHub runner (or set ' +
            'RUNNER_TEMP to a private directory).');
        this.name = 'NoRunnerTempError';
    }
}
/** RUNNER_TEMP, or an error that says why nothing was sent. */
function runnerTemp(env) {
    const dir = env.RUNNER_TEMP?.trim();
    if (!dir)
        throw new NoRunnerTempError();
    return dir;
}
/** A fresh directory only this user can enter: mkdtemp creates it 0700 with a name nobody could plant in advance. */
function privateDirectory(parent) {
    return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.mkdtempSync)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(parent, 'gpu-sandbox-'));
}
/**
 * Writes `content` to a new file `name` in `dir`, mode 0600. Exclusive and
 * no-follow: an existing file or a planted symlink makes it fail, never write through.
 */
function writeSecretFile(dir, name, content) {
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(dir, name);
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.openSync)(path, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_EXCL | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NOFOLLOW, 0o600);
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.writeSync)(fd, content);
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.closeSync)(fd);
    }
    return path;
}
/**
 * Replaces the secret file at `path` atomically: a new 0600 file beside it
 * (exclusive, no-follow), then a rename over it, so a reader (an `ssh` started
 * at that moment) sees the old content or the new, never a part.
 */
function replaceSecretFile(path, content) {
    const fresh = writeSecretFile((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(path), `.${(0,node_path__WEBPACK_IMPORTED_MODULE_2__.basename)(path)}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(4).toString('hex')}`, content);
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.renameSync)(fresh, path);
    }
    catch (error) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(fresh, { force: true });
        throw error;
    }
}
/** Removes a directory made by privateDirectory (the post step); a missing one is fine. */
function removePrivateDirectory(dir) {
    (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(dir, { recursive: true, force: true });
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


/***/ })

};
