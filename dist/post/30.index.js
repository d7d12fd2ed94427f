export const id = 30;
export const ids = [30];
export const modules = {

/***/ 3030:
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
;// CONCATENATED MODULE: ./build/src/gpu-report/sampler.js
/**
 * The GPU sampler on the sandbox (issue 47, its first part): `nvidia-smi` in
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
const SAMPLE_COMMAND = [
    `timeout -s TERM ${CHUNK_SECONDS}`,
    `nvidia-smi --query-gpu=${SAMPLE_FIELDS} --format=csv,noheader,nounits -l 1`,
].join(' ');
/** awk (POSIX; mawk and gawk alike): the line as printed, and each minute's maxima per GPU. */
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
}
{
  print > fine; fflush(fine)
  if (++fineLines >= ${FINE_LINES}) { close(fine); system("mv -f " fine " " fine ".1"); fineLines = 0 }
  split($0, f, /, */)
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
}
END { if (minute != "") flush() }
`));
/**
 * The sampler's process: its pid (its session's) in `pid`; each nvidia-smi runs CHUNK_SECONDS under timeout, in a
 * loop (5 s apart after a failure), so one that hangs is replaced and the fetch can end it early: written to a file
 * of its own (`-f`) it held its lines back until it ended.
 */
const LOOP = 'echo $$ > "$1/pid"; ' +
    `while :; do ${SAMPLE_COMMAND} 2> /dev/null || [ $? -eq 124 ] || sleep 5; done | ` +
    'awk $2 -v fine="$1/fine.csv" -v coarse="$1/coarse.csv" -f "$1/sample.awk"';
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
        'rm -f "$d/pid"',
        `setsid sh -c '${LOOP}' sh "$d" "$lines" < /dev/null > /dev/null 2>&1 &`,
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
        'case "$p" in "" | 0 | 1 | *[!0-9]*) p= ;; *) kill -TERM "$p" 2> /dev/null ;; esac',
        `pkill -TERM -f '^${SAMPLE_COMMAND}' 2> /dev/null && sleep 1`,
        'for part in coarse.csv fine.csv.1 fine.csv; do',
        '  echo "== $part"',
        `  [ -f "$d/$part" ] && [ ! -L "$d/$part" ] && tail -c ${FETCH_BYTES} "$d/$part"`,
        'done',
        '[ -n "$p" ] && { pkill -KILL -s "$p" 2> /dev/null; rm -f "$d/pid"; }',
        'exit 0',
    ].join('\n');
}
/** How long the sampler's start or fetch may take: a sandbox that does not answer costs the report, never the stop. */
const SAMPLER_TIMEOUT_MS = 30_000;
/** What a fetch may bring back: three parts of FETCH_BYTES, and their headings. */
const FETCH_LIMIT = 3 * FETCH_BYTES + 1_024;
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
 * What the GPU sampler wrote (issue 47, its first part), read as hostile input: the sandbox runs the job's code,
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
    let part;
    let lines = 0;
    for (const line of text.split('\n')) {
        if (line === '== coarse.csv')
            part = samples.coarse;
        else if (line === '== fine.csv.1' || line === '== fine.csv')
            part = samples.fine;
        else if (line.trim() === '')
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
 * A cheaper GPU that would have done (issue 47): the GPUs that held memory, each one's peak with a 20 % margin,
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

;// CONCATENATED MODULE: ./build/src/gpu-report/publish.js
/**
 * What the GPU report shows (issue 47), from what the sampler's fetch brought back (hostile text: read as numbers
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
/** Writes the report; returns the comment's figure. Whatever goes wrong with it is one warning, never a failed step. */
async function publishGpuReport(core, input) {
    try {
        return await writeReport(core, input);
    }
    catch (error) {
        core.warning(`GPU report: ${error.message}`);
        return gpuFigure(undefined);
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
    return publishGpuReport(deps.core, {
        sandboxId: state.sandboxId ?? 'the sandbox',
        fetched: gpu.fetched,
        why: gpu.why,
        ran: gpu.saved,
        livedMs: startedAt === undefined ? undefined : Math.max(0, deps.clock.now() - startedAt),
        failed,
        prices: () => deps.makeClient(config).getPricing(signal),
        tempDir: process.env.RUNNER_TEMP,
    });
}


/***/ })

};
