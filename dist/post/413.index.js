export const id = 413;
export const ids = [413];
export const modules = {

/***/ 3413:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  fetchGpuSamples: () => (/* binding */ fetchGpuSamples),
  fetchOrWhy: () => (/* binding */ fetchOrWhy),
  reportGpu: () => (/* binding */ reportGpu)
});

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
const scripts_HEALTH_FIELDS = [
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
const AWK = (/* unused pure expression or super */ null && (`
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
`));
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
    const bounded = withTimeout(SAMPLER_TIMEOUT_MS, signal);
    const { code, stdout } = await runScript(target, samplerStartScript(), [], '', env, bounded);
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

// EXTERNAL MODULE: ./build/src/step/summary.js
var summary = __webpack_require__(9128);
// EXTERNAL MODULE: ./build/src/client/schemas.js
var schemas = __webpack_require__(2805);
// EXTERNAL MODULE: ./build/src/sandbox/billing.js
var billing = __webpack_require__(4994);
// EXTERNAL MODULE: ./build/src/inputs/collector.js
var collector = __webpack_require__(1764);
// EXTERNAL MODULE: ./build/src/inputs/caps.js
var caps = __webpack_require__(4138);
;// CONCATENATED MODULE: ./build/src/sandbox/caps.js




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
    return hourlyDollars(prices, spec);
}
async function readPrices(config, deps) {
    try {
        return await deps.client.getPricing(deps.signal);
    }
    catch (error) {
        const input = config.caps.maxCostDollars !== undefined ? 'max-cost' : 'max-hourly-price';
        throw new InputError(config.caps.minGpuMemoryGib !== undefined && config.caps.maxCostDollars === undefined ? 'min-gpu-memory' : input, `cannot be checked: the pricing catalog (GET /pricing) could not be read (${error.message}). ` +
            'A cap that cannot be checked refuses; nothing was started. Try again later.');
    }
}
/** Filters the fallback list and sets the TTL per type; throws an InputError when nothing is left. */
async function applySpendingCaps(config, deps) {
    const { caps } = config;
    if (!hasCaps(caps))
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
            throw new InputError(input, `leaves no GPU type to start: ${what.join(', ')}. Nothing was started.`);
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
        keep('max-hourly-price', `max-hourly-price ${formatDollars(cap)}`, (type) => {
            const perHour = price(type);
            return notPriced(type) ?? ((perHour ?? 0) > cap ? `${formatDollars(perHour ?? 0)}/hour` : undefined);
        });
    const budget = caps.maxCostDollars;
    if (budget === undefined)
        return { config: { ...config, gpuTypes: gpuList(candidates), capsApplied: lines }, lines };
    const buys = (type) => Math.floor((budget / (price(type) ?? Infinity)) * 3600);
    keep('max-cost', `max-cost ${formatDollars(budget)}`, (type) => {
        const seconds = buys(type);
        return (notPriced(type) ?? (seconds < MIN_BUDGET_SECONDS ? `buys ${formatDuration(seconds * 1000)}, under 5m` : undefined));
    });
    const ttlByType = {};
    for (const type of candidates) {
        ttlByType[type] = Math.min(config.maxTtlSeconds, buys(type));
        const at = `${formatDollars(price(type) ?? 0)}/hour`;
        lines.push(`max-cost ${formatDollars(budget)}: ${type === 'cpu' ? 'the sandbox' : type} at ${at} ` +
            `gets an enforced TTL of ${formatDuration((ttlByType[type] ?? 0) * 1000)}`);
    }
    return { config: { ...config, gpuTypes: gpuList(candidates), ttlByType, capsApplied: lines }, lines };
}
const gpuList = (candidates) => candidates.filter((type) => type !== 'cpu');

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
function hint_hourly(prices, ran, gpuType, gpuCount) {
    return (0,billing/* hourlyDollars */.vq)(prices, {
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
    const ranDollarsPerHour = hint_hourly(prices, ran, ranType, ran.gpuCount);
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
        const memoryMiB = gpuType === ranType && cardMiB ? cardMiB : memoryOf(gpuType, prices) * 1024;
        const memoryGib = Math.round((memoryMiB / 1024) * 10) / 10;
        const dollarsPerHour = hint_hourly(prices, ran, gpuType, gpuCount);
        if (memoryMiB < neededMiB || dollarsPerHour === undefined || dollarsPerHour >= ranDollarsPerHour)
            continue;
        if (!best || dollarsPerHour < best.dollarsPerHour)
            best = { gpuType, gpuCount, memoryGib, dollarsPerHour, ranDollarsPerHour, peakMiB, neededMiB };
    }
    return best;
}
/** The notice: the set, its memory, both prices, and what the run cost and would have cost (its length known). */
function describeCheaper(hint, ran, livedMs) {
    const cost = (perHour) => (0,billing/* formatDollars */.nT)((perHour * (livedMs ?? 0)) / 3_600_000);
    const run = livedMs === undefined
        ? ''
        : `; this run would have cost ~${cost(hint.dollarsPerHour)} instead of ~${cost(hint.ranDollarsPerHour)}`;
    return (`${hint.gpuCount} x ${hint.gpuType} (${hint.memoryGib} GiB each) would have held this job's peak GPU memory ` +
        `(${formatGib(hint.peakMiB)}, ${formatGib(hint.neededMiB)} with a ${MARGIN * 100} % margin) at ` +
        `~${(0,billing/* formatDollars */.nT)(hint.dollarsPerHour)}/hour, against ~${(0,billing/* formatDollars */.nT)(hint.ranDollarsPerHour)}/hour for the ` +
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

// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
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
async function publishGpuReport(core, input) {
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
    const signal = (0,abort/* withTimeout */.w)(PRICING_TIMEOUT_MS, deps.signal);
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


/***/ })

};
