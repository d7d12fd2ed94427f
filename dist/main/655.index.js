export const id = 655;
export const ids = [655];
export const modules = {

/***/ 9655:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  CONNECT_DEADLINE_MS: () => (/* binding */ CONNECT_DEADLINE_MS),
  runConnect: () => (/* binding */ runConnect)
});

// EXTERNAL MODULE: ./build/src/runner/github.js + 1 modules
var github = __webpack_require__(8088);
;// CONCATENATED MODULE: ./build/src/comment/jobs.js

/**
 * This run attempt's jobs (`actions: read`), read until one `until` accepts, waiting out a rate limit for a minute at
 * most; none where they cannot be read, said in the log: `what` could not be read, and `instead` what the row does.
 */
async function jobs_readRunJobs(target, deps, said, until) {
    if (!target.workflowRun)
        return [];
    try {
        const rateLimitUntil = deps.clock.now() + 60_000;
        const registry = new RunnerRegistry(target.repository, target.githubToken, { ...deps, rateLimitUntil });
        return await registry.jobsOf(target.workflowRun, until);
    }
    catch (error) {
        deps.log(`comment: ${said.what} could not be read (${error.message}); ${said.instead}.`);
        return [];
    }
}
/**
 * This job's name as GitHub shows it (`test (3.11)`): its record in this run attempt, found by this runner's name
 * (`actions: read`). Undefined where it cannot be read: the row is then named after the job and its sandbox.
 */
async function jobs_legName(target, deps) {
    const { workflowRun, runnerName } = target;
    if (!workflowRun || !runnerName)
        return undefined;
    const ours = (job) => job.runnerName === runnerName && job.status !== 'completed';
    const said = { what: "this job's record", instead: 'its row names its sandbox' };
    return (await jobs_readRunJobs(target, deps, said, ours)).find(ours)?.name || undefined;
}

// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/step/summary.js
var summary = __webpack_require__(9128);
;// CONCATENATED MODULE: ./build/src/comment/text.js
/**
 * What the pull-request comment says: the story of one job's
 * sandbox, as Markdown other people read. Every value passes commentText (no
 * mention, reference or link from service or GitHub text survives).
 */


const dollars = (amount) => (amount >= 1 ? `$${amount.toFixed(2)}` : `$${amount.toFixed(4)}`);
function text_renderComment(facts) {
    const rows = [
        ['Status', facts.status],
        ['Sandbox', facts.sandboxId],
        ['GPU', facts.gpu],
    ];
    if (facts.gpuUse)
        rows.push(['GPU use', `${facts.gpuUse} (peak memory · mean utilization)`]);
    if (facts.timeToReadyMs !== undefined)
        rows.push(['Time to ready', (0,summary/* formatDuration */.a3)(facts.timeToReadyMs)]);
    if (facts.runMs !== undefined)
        rows.push(['Run', (0,summary/* formatDuration */.a3)(facts.runMs)]);
    if (facts.billedSeconds !== undefined) {
        const cost = facts.cost === null || facts.cost === undefined ? 'no price for the GPU' : `~${dollars(facts.cost)}`;
        rows.push([
            'Cost of this run',
            `${cost} (${facts.billedSeconds} s billed, failed starts and replacements included)`,
        ]);
    }
    if (facts.downloaded && facts.downloaded.length > 0)
        rows.push(['Downloaded', facts.downloaded.join(', ')]);
    const table = rows.map(([key, value]) => `| ${key} | ${(0,untrusted/* commentText */.br)(value, 400)} |`);
    // The link is ours (GITHUB_SERVER_URL, the repository, the run): it is the one link the comment keeps.
    return [
        `#### GPU sandbox: ${(0,untrusted/* commentText */.br)(facts.job, 120)}`,
        '',
        '| | |',
        '|---|---|',
        ...table,
        '',
        `[The workflow run](${encodeURI(facts.runUrl)})`,
        '',
    ].join('\n');
}

// EXTERNAL MODULE: ./build/src/sandbox/billing.js
var billing = __webpack_require__(4994);
// EXTERNAL MODULE: ./build/src/client/retry.js
var retry = __webpack_require__(9943);
// EXTERNAL MODULE: ./build/src/github/call.js
var github_call = __webpack_require__(865);
// EXTERNAL MODULE: ./build/src/github/octokit.js
var octokit = __webpack_require__(4636);
// EXTERNAL MODULE: ./build/src/github/rate-limit.js
var rate_limit = __webpack_require__(2085);
;// CONCATENATED MODULE: ./build/src/comment/github.js
/**
 * The pull-request comment: one per workflow, found by its
 * hidden marker (only a comment that starts with it counts; comments are listed
 * page by page, at most 10 pages of 100). Legs of a matrix finish together, so
 * a write is read, merge, write, read back, repair:
 * - every comment with the marker is read, and the writer merges its part
 *   into what they hold (the oldest comment stays; the others, made by legs
 *   that created one at the same moment, are merged into it and deleted);
 * - after a jittered pause the comment is read back: a part that another
 *   leg's write (from an older read) left out is merged in again, after a
 *   growing jittered pause (legs writing at once spread out), while the
 *   writer's time lasts (at most MAX_ROUNDS rounds);
 * - a rate limit sends the writer back to a fresh read after its wait, never
 *   a write from a stale one.
 */




const PAGES = 10;
/** Rounds a writer may take within its time (a matrix of hundreds of legs needs some under contention). */
const MAX_ROUNDS = 30;
/** The pause before another round after another leg's write left this row out: up to 32 s, growing. */
const REWRITE_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 32_000 };
const marker = (key) => `<!-- gpu-sandbox-action comment: ${key.replace(/-->/g, '')} -->`;
/** Per part already in the comment, how long the first write may be put off (at most SPREAD_MAX_MS). */
const SPREAD_PER_PART_MS = 200;
const SPREAD_MAX_MS = 60_000;
/**
 * The token's budget ran low: the comment, which is optional, yields to what is not (the gate, the
 * runners), and the job summary has the row.
 */
class github_CommentYieldedError extends Error {
    constructor(budget) {
        super(`GitHub's budget for this token is low (${budget}, under a tenth): the comment yields to the approval gate ` +
            "and runners, and this job's row is in its job summary.");
        this.name = 'CommentYieldedError';
    }
}
/** An ETag as HTTP writes one (sent back as If-None-Match only then: an odd one would make the request fail). */
const isEtag = (value) => typeof value === 'string' && value.length <= 200 && /^(W\/)?"[\x21\x23-\x7e]*"$/.test(value);
/** Before each request of the comment: none once the token's budget is under a tenth. */
function mayAsk(deps) {
    const budget = deps.githubBudget;
    if (budget?.low)
        throw new github_CommentYieldedError(budget.describe() ?? 'unknown');
}
/**
 * The comment's requests: none once the budget is low; no wait inside one (after a rate limit the writer reads
 * afresh, upsertMerged); every read asked again with the ETag of its last answer, so a page nobody changed answers
 * 304, which GitHub does not count against the token's hour.
 */
async function caller(target, deps) {
    const github = await (0,octokit/* loadOctokit */.mV)(target.githubToken, target.repository.apiUrl);
    const needs = 'The pull-request comment needs a token with pull-requests: write.';
    const now = { ...deps, rateLimitUntil: 0 };
    const seen = new Map();
    return async (label, route, parameters, headers) => {
        mayAsk(deps);
        const key = route.startsWith('GET ') && !headers ? `${route} ${JSON.stringify(parameters)}` : undefined;
        const last = key ? seen.get(key) : undefined;
        const conditional = last ? { 'if-none-match': last.etag } : headers;
        try {
            const answer = await (0,github_call/* callGitHub */.ur)(github, target.repository, now, {
                label,
                route,
                parameters,
                needs,
                headers: conditional,
            });
            const etag = answer.headers.etag;
            if (key && isEtag(etag))
                seen.set(key, { etag, answer });
            return answer;
        }
        catch (error) {
            if (last && error instanceof github_call/* GitHubError */.y_ && error.status === 304)
                return last.answer;
            throw error;
        }
    };
}
/** Every comment of the pull request that starts with the marker, oldest first. */
async function findMarked(call, target, mark) {
    const found = [];
    for (let page = 1; page <= PAGES; page++) {
        const { data } = await call(`listing the comments of pull request #${target.number}`, 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { issue_number: target.number, per_page: 100, page });
        const comments = Array.isArray(data) ? data : [];
        for (const c of comments)
            if (typeof c.id === 'number' && typeof c.body === 'string' && c.body.startsWith(mark))
                found.push({ id: c.id, body: c.body });
        if (comments.length < 100)
            break;
    }
    return found.sort((a, b) => a.id - b.id);
}
/**
 * How old a read may be when its merge is written: from the read's request to the write. A busy machine can hold a
 * step up between the two; a write from an older read is not sent (a fresh read is), so another leg's row written
 * meanwhile is never left out by a write more than this late, and the look after each write comes later than it.
 */
const FRESH_MS = 1_500;
/** Reads in a row too old to write from, before a write is made from the latest anyway. */
const STALE_READS = 3;
async function read(call, target, clock) {
    const asked = clock.now();
    return { asked, found: await findMarked(call, target, marker(target.key)) };
}
/** Writes the merge of a read: the oldest comment, or a new one; deletes the duplicates merged into it. */
async function write(call, target, merge, found) {
    const body = merge.body(found.map((c) => c.body));
    const [keep, ...duplicates] = found;
    if (!keep) {
        await call(`commenting on pull request #${target.number}`, 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { issue_number: target.number, body });
        return { done: 'created' };
    }
    const edited = await call(`editing comment ${keep.id}`, 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        comment_id: keep.id,
        body,
    });
    for (const duplicate of duplicates)
        await call(`deleting the duplicate comment ${duplicate.id}`, 'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', { comment_id: duplicate.id }).catch((error) => {
            // Already deleted by another leg that merged it too.
            if (!(error instanceof github_call/* GitHubError */.y_ && error.status === 404))
                throw error;
        });
    const etag = edited.headers.etag;
    return { done: 'updated', id: keep.id, ...(isEtag(etag) && duplicates.length === 0 ? { etag } : {}) };
}
/**
 * The look after a write: an edit is looked at with If-None-Match and the ETag GitHub gave it, so a comment nobody
 * wrote since answers 304, which GitHub does not count against the token's hour; after that (or a new comment, or
 * duplicates) every marked comment is read again. 'holds': still this writer's (undefined: read again).
 */
async function lookBack(call, target, written, clock) {
    if (written.done === 'updated' && written.etag) {
        const asked = clock.now();
        try {
            const { data } = await call(`reading comment ${written.id} back`, 'GET /repos/{owner}/{repo}/issues/comments/{comment_id}', { comment_id: written.id }, { 'if-none-match': written.etag });
            const body = data?.body;
            if (typeof body === 'string')
                return { asked, found: [{ id: written.id, body }] };
        }
        catch (error) {
            if (error instanceof github_call/* GitHubError */.y_ && error.status === 304)
                return 'holds';
            // Gone (merged into an older duplicate and deleted): every marked comment is read again.
            if (!(error instanceof github_call/* GitHubError */.y_ && error.status === 404))
                throw error;
        }
    }
    return read(call, target, clock);
}
/**
 * Legs of a big matrix finish in bursts (a compute-service window's worth at once): where the comment holds 25 rows
 * or more, each puts its first write off by a random share of a pause that grows with the rows already there, so the
 * burst's writes spread out instead of overwriting each other. The read that told is the first round's read when
 * there is no pause.
 */
async function spread(call, target, merge, deps) {
    const first = await read(call, target, deps.clock);
    const parts = first.found[0] ? merge.parts(first.found[0].body) : 0;
    const pause = Math.round(Math.min(SPREAD_MAX_MS, parts * SPREAD_PER_PART_MS) * deps.clock.random());
    if (pause < 1_000 || parts < 25)
        return first;
    deps.log(`comment: ${parts} rows already; writing in ${Math.ceil(pause / 1000)} s, spread from other jobs' writes.`);
    await deps.clock.sleep(pause, deps.signal);
    return undefined;
}
/**
 * Rounds of write, pause, read back, until the comment holds this writer's part. The read back is the next round's
 * read when it is still fresh; the pause grows, jittered, with the rounds, so legs writing at once spread out.
 */
async function upsertMerged(target, merge, deps, options = { spread: true }) {
    const { clock } = deps;
    mayAsk(deps);
    const call = await caller(target, deps);
    const until = deps.rateLimitUntil ?? clock.now() + 2 * 60_000;
    let first;
    // A read that fails here is read again by the first round, which waits out a rate limit.
    let stale = 0;
    const opening = options.spread ? spread(call, target, merge, deps) : read(call, target, clock);
    let last = await opening.catch((error) => {
        if (error instanceof github_call/* GitHubError */.y_ && error.rateLimit)
            return undefined;
        throw error;
    });
    // A round is a write; a read too old to write from is no round (STALE_READS and the time bound those).
    for (let round = 1; round <= MAX_ROUNDS && clock.now() < until;) {
        try {
            const fresh = last ?? (await read(call, target, clock));
            last = undefined;
            // A read too old to write from is read again, 3 times at most: a GitHub that answers slowly is not made faster
            // by asking again, and the read back below comes later than the read took.
            const took = clock.now() - fresh.asked;
            if (took > FRESH_MS && ++stale <= STALE_READS)
                continue;
            stale = 0;
            const written = await write(call, target, merge, fresh.found);
            first ??= written.done;
            const backoff = round === 1 ? 0 : (0,retry/* backoffCeiling */.ml)(round, REWRITE_BACKOFF) * clock.random();
            await clock.sleep(Math.max(FRESH_MS, took) + 1_500 + Math.round(clock.random() * 2_000 + backoff), deps.signal);
            const seen = await lookBack(call, target, written, clock);
            if (seen === 'holds')
                return first;
            last = seen;
            const [kept] = last.found;
            if (kept && merge.holds(kept.body))
                return first;
            round++;
            deps.log(`comment: another job's write left this job's row out; writing it again (round ${round}).`);
        }
        catch (error) {
            last = undefined;
            if (error instanceof github_CommentYieldedError)
                throw error;
            const limit = error instanceof github_call/* GitHubError */.y_ ? error.rateLimit : undefined;
            const wait = limit ? (0,rate_limit/* rateLimitDelay */.nl)(limit, clock.random()) : Infinity;
            if (!limit || clock.now() + wait > until)
                throw error;
            deps.log(`comment: ${(0,rate_limit/* describeRateLimit */.J8)(limit, clock.now())}; waiting ${Math.ceil(wait / 1000)} s.`);
            await clock.sleep(wait, deps.signal);
        }
    }
    throw new github_call/* GitHubError */.y_(undefined, 'comment: other jobs kept rewriting it; gave up when its time was up');
}

// EXTERNAL MODULE: ./build/src/inputs/default-name.js
var default_name = __webpack_require__(6536);
;// CONCATENATED MODULE: ./build/src/sandbox/run-legs.js
/**
 * How many sandboxes this action named for one workflow run attempt (its legs), from the service's list: the
 * generated name carries the repository, the run and the attempt. The comment counts them to know what the run's
 * legs will ask GitHub together. The list's first 3 pages at most (newest first), and no further than
 * `enough` (the count past which the answer is the same); undefined when the list cannot be read in time.
 */


const run_legs_PAGES = 3;
async function run_legs_runLegCount(ctx, run, deadline, enough = Infinity) {
    const client = ctx.client.withDeadline(deadline, ctx.clock);
    try {
        return await retryUntil(ctx, deadline, "list this run's sandboxes", async () => {
            let legs = 0;
            for await (const sandbox of client.allSandboxes({ maxPages: run_legs_PAGES, signal: ctx.signal })) {
                const named = parseGeneratedName(sandbox.name);
                const ours = named?.repositoryId === run.repositoryId && named.runId === run.runId;
                if (ours && named.runAttempt === run.attempt && ++legs > enough)
                    break;
            }
            return legs;
        }, { backoff: READ_BACKOFF });
    }
    catch (error) {
        ctx.signal?.throwIfAborted();
        ctx.log(`comment: this run's sandboxes could not be counted (${error.message}).`);
        return undefined;
    }
}

;// CONCATENATED MODULE: ./build/src/comment/share.js



/** What one leg's comment asks GitHub when legs finish together (its name, reads, the write, the look after it). */
const COMMENT_REQUESTS_PER_LEG = 6;
/** The most legs the count reads (3 pages of the list). */
const MOST_COUNTED = 300;
const COUNT_DEADLINE_MS = 20_000;
/** Why the comment yields, or undefined when the token can spare it. */
async function share_commentYield(deps, state, config, target) {
    const budget = deps.githubBudget;
    if (!budget)
        return undefined;
    // The main step's last answer counts, within its hour: the post step may not have asked GitHub yet.
    budget.restore(state.githubBudget, deps.clock.now());
    if (budget.low)
        return new CommentYieldedError(budget.describe() ?? 'unknown').message;
    const run = target.workflowRun;
    // Each leg counted twice over: its comment, and its own gate or lookups that may not show in the budget yet.
    const perLeg = COMMENT_REQUESTS_PER_LEG + 1;
    const spare = budget.spare;
    if (!run || !target.repository.id || spare === undefined || spare >= perLeg * MOST_COUNTED)
        return undefined;
    // The most legs the token can spare the comment for: one more, and the count can stop.
    const most = Math.max(0, Math.floor(spare / perLeg));
    const ctx = opContext({ core: deps.core, client: deps.makeClient(config), clock: deps.clock, signal: deps.signal });
    const attempt = { repositoryId: target.repository.id, runId: String(run.id), attempt: run.attempt };
    const legs = await runLegCount(ctx, attempt, deps.clock.now() + COUNT_DEADLINE_MS, most);
    if (legs === undefined || legs <= most)
        return undefined;
    return (`this run's ${legs}${legs > most ? ' or more' : ''} jobs would ask GitHub about ` +
        `${(legs * COMMENT_REQUESTS_PER_LEG).toLocaleString('en-US')} requests for the comment, more than this token ` +
        `can spare (${budget.describe()}; a tenth is kept for the approval gate and runners): the comment yields, and ` +
        "this job's row is in its job summary. A GitHub App token as github-token has 5,000 requests an hour.");
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./build/src/inputs/durations.js
var durations = __webpack_require__(8818);
// EXTERNAL MODULE: ./build/src/runner/register.js + 1 modules
var register = __webpack_require__(2389);
// EXTERNAL MODULE: ./build/src/remote/ssh-command.js
var ssh_command = __webpack_require__(262);
// EXTERNAL MODULE: ./build/src/runner/install.js + 1 modules
var install = __webpack_require__(5553);
;// CONCATENATED MODULE: ./build/src/runner/watch.js



const WATCH = (/* unused pure expression or super */ null && (`cd "$RUNNER_DIR" 2> /dev/null || { echo "exited"; exit 0; }
until=$(( $(date +%s) + $2 )); said=
while :; do
  if [ -s gpu-sandbox-refused ]; then echo "refused $(tail -n 1 gpu-sandbox-refused)"; exit 0; fi
  if [ -e gpu-sandbox-job-completed ]; then
    # A job that ended before this watch began (a short one, or the next of runner-jobs) still names itself.
    [ -n "$said" ] || [ ! -e gpu-sandbox-job-started ] || echo "started $(head -c 100 gpu-sandbox-job-started)"
    # The runner reports the job's end to GitHub after this hook, then exits: up to 10 s for that, so that the one
    # read of GitHub after it finds the job ended (who took it and how it ended, in one read).
    for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$1" 2> /dev/null || break; sleep 1; done
    echo "completed"; exit 0
  fi
  if [ -e gpu-sandbox-job-started ]; then
    [ -n "$said" ] || { echo "started $(head -c 100 gpu-sandbox-job-started)"; said=1; }
  elif [ "$(date +%s)" -ge "$until" ]; then echo "timeout"; exit 0; fi
  # The runner may have run a whole job and exited since the checks above (a watch descheduled on a busy sandbox):
  # what it wrote before exiting is there to read, so look again before saying it ended without one.
  kill -0 "$1" 2> /dev/null || { [ -e gpu-sandbox-job-completed ] && continue
    [ -n "$said" ] || [ ! -e gpu-sandbox-job-started ] || echo "started $(head -c 100 gpu-sandbox-job-started)"
    echo "exited"; exit 0; }
  sleep 1
done`));
/** How many times a dropped watch is started again before the caller falls back to GitHub. */
const RECONNECTS = 5;
function verdictOf(stdout) {
    const lines = stdout.split('\n').filter((line) => line.trim() !== '');
    const job = /^started (\S*)/.exec(lines.find((line) => line.startsWith('started ')) ?? '')?.[1] || undefined;
    const last = lines.at(-1) ?? '';
    const refused = /^refused (\d*) (\d*) (\S*) (\S*)$/.exec(last);
    if (refused) {
        const [, run = '', attempt = '', repository = '', refusedJob = ''] = refused.map((part) => serviceText(part, 100));
        return { kind: 'refused', run, attempt, repository, job: refusedJob };
    }
    if (last === 'completed' || last === 'exited')
        return { kind: last, ...(job ? { job: serviceText(job, 100) } : {}) };
    return last === 'timeout' ? { kind: 'timeout' } : undefined;
}
async function watch_watchRunner(target, pid, pickupTimeoutMs, deps) {
    const began = deps.clock.now();
    let why = '';
    for (let attempt = 1; attempt <= RECONNECTS; attempt++) {
        const left = Math.max(0, Math.ceil((began + pickupTimeoutMs - deps.clock.now()) / 1000));
        const { code, stdout, stderr } = await runScript(target, inFolder(WATCH, target.folder), [String(pid), String(left)], '', deps.env, deps.signal);
        if (deps.signal?.aborted)
            return { kind: 'cancelled' };
        const verdict = verdictOf(stdout);
        if (verdict)
            return verdict;
        why = `exit ${code}: ${serviceText(stderr.trim().split('\n').at(-1) ?? '', 200)}`;
        deps.log(`Runner watch: the connection to the sandbox ended (${why}); watching again.`);
        await deps.clock.sleep(Math.min(10_000, 1_000 * 2 ** (attempt - 1)), deps.signal).catch(() => undefined);
    }
    return { kind: 'unreachable', why };
}

;// CONCATENATED MODULE: ./build/src/runner/post-claim.js
/**
 * Who took the runner (ClaimWatch), read from GitHub: the runner's label is
 * built from public values, so a job someone else queued with it can be handed
 * the runner. And the post step's GitHub client for runner mode (registry).
 */




function post_claim_registry(deps, runner, signal, rateLimitUntil) {
    if (!runner.repository || runner.githubToken === '')
        return undefined;
    return new RunnerRegistry(runner.repository, runner.githubToken, {
        clock: deps.clock,
        signal,
        log: (message) => deps.core.info(message),
        rateLimitUntil,
    });
}
/**
 * How long a busy runner may go without a job of this run naming it: GPU_SANDBOX_RUNNER_CLAIM (a duration; the tests
 * use 3 s), else 30 s.
 */
function claimWindowMs(env = process.env) {
    const seconds = env.GPU_SANDBOX_RUNNER_CLAIM ? parseDurationSeconds(env.GPU_SANDBOX_RUNNER_CLAIM) : undefined;
    return seconds && seconds >= 1 && seconds <= 600 ? seconds * 1000 : 30_000;
}
/**
 * Who took the runner. A job of this workflow run names it (`runner_name`)
 * once GitHub assigned it; a busy runner that no job of this run names for
 * the window on end, or that finished a job none of them names, served a job
 * from outside this run. A failed read is no evidence: a warning, once.
 */
class post_claim_ClaimWatch {
    unclaimedSince;
    claimed = false;
    warned = false;
    deps;
    github;
    saved;
    run;
    windowMs = claimWindowMs();
    constructor(deps, github, saved, run) {
        this.deps = deps;
        this.github = github;
        this.saved = saved;
        this.run = run;
    }
    /** Whether a job of this run names the runner; undefined when GitHub could not say. */
    async named() {
        try {
            // Read page by page only until the job that names it (a matrix's run has hundreds of jobs).
            const names = (job) => job.runnerName === this.saved.name;
            const ours = (await this.github.jobsOf(this.run, names)).find(names);
            if (ours)
                this.saved.served = ours;
            if (ours && !this.claimed)
                this.deps.core.info(`Runner ${this.saved.name}: job '${serviceText(ours.name, 100)}' of this workflow run took it.`);
            this.claimed ||= ours !== undefined;
            return ours !== undefined;
        }
        catch (error) {
            if (this.deps.cancelWait?.aborted)
                return undefined;
            if (!this.warned)
                this.deps.core.warning(`Runner ${this.saved.name}: could not read this run's jobs to see ` +
                    `who took the runner (${error instanceof Error ? error.message : String(error)}); watching on.`);
            this.warned = true;
            return undefined;
        }
    }
    /** On a poll that shows the runner busy: why the step must stop it now, or undefined. */
    async whileBusy() {
        if (this.claimed || (await this.named()) !== false)
            return undefined;
        const now = this.deps.clock.now();
        this.unclaimedSince ??= now;
        return now - this.unclaimedSince >= this.windowMs
            ? this.taken(`GitHub showed it busy, and for ${formatDuration(this.windowMs)} no job of this run named it`)
            : undefined;
    }
    /** Once its job ended: a job's record keeps its runner, so one read settles who it was. */
    async afterJob() {
        if (this.claimed || (await this.named()) !== false)
            return undefined;
        return this.taken('it ran a job that no job of this run names');
    }
    taken(evidence) {
        return (`Runner ${this.saved.name} was taken by a job outside this workflow ` +
            `run (run ${this.run.id}, attempt ${this.run.attempt}): ${evidence}. ` +
            `The sandbox is stopped and the registration deleted. The runner's ` +
            `label is built from public values, so a workflow that someone else ` +
            `can queue (a fork's pull request in a public repository) may ask ` +
            `for it; require approval for fork pull request workflows (docs/runner.md#runner-mode).`);
    }
}

;// CONCATENATED MODULE: ./build/src/runner/post-watch.js
/**
 * Runner mode's post step, where the sandbox can be reached: the
 * runner on the sandbox says when its job ended, or that it refused a job of
 * another run (runner/watch.ts), so GitHub is not asked while the job runs.
 * The sandbox is stopped as soon as the sandbox says so; GitHub is asked once,
 * briefly, to confirm who took the runner (a read that fails is no evidence).
 */





/** How long the confirmation may wait out a rate limit: the sandbox is stopped right after it. */
const CONFIRM_RATE_LIMIT_MS = 20_000;
/** How many fresh runners a holder starts after refused jobs of other runs; one more refusal fails it. */
const MAX_REPLACEMENTS = (/* unused pure expression or super */ null && (MAX_FRESH_RUNNERS));
/**
 * What the watch decided: undefined to fall back to GitHub; else `taken` (a reason to fail the step) or nothing.
 * A refused job of another run spends the just-in-time runner: a fresh one with the label starts on the same
 * sandbox (`replaced` hears of it, for the deletion), up to MAX_REPLACEMENTS times. So does a job of this run that
 * ended while the folder has jobs left to serve (runner-jobs): the next job finds this one's files.
 */
async function post_watch_waitOnSandbox(deps, saved, config, pickupTimeoutMs, replaced = () => undefined, serving = { jobs: 1, refusals: { count: 0 } }) {
    const { core } = deps;
    core.info(`Runner ${saved.name}: waiting while its job runs, or up to runner-timeout (${formatDuration(pickupTimeoutMs)}) ` +
        'for a job to pick it up; the runner on the sandbox says when (over SSH), so GitHub is not asked meanwhile.');
    let current = saved;
    for (let served = 0;;) {
        const { pid, configPath, alias } = current.watch;
        const verdict = await watchRunner({ configPath, alias, folder: current.folder }, pid, pickupTimeoutMs, {
            clock: deps.clock,
            env: process.env,
            signal: deps.cancelWait,
            log: (message) => core.info(message),
        });
        if (verdict.kind === 'unreachable') {
            core.info(`Runner ${current.name}: the sandbox cannot be reached over SSH (${verdict.why}); asking GitHub instead.`);
            // GitHub can say when this job ends, but no runner can start for a next one without the sandbox.
            if (served + 1 < serving.jobs)
                serving.stranded ??= strandedWhy(current, { served, of: serving.jobs }, `the sandbox could not be reached over SSH (${verdict.why})`);
            return undefined;
        }
        if (verdict.kind === 'timeout' && served > 0) {
            core.info(`Runner ${current.name}: no next job of this run took it within runner-timeout ` +
                `(${formatDuration(pickupTimeoutMs)}); its folder served ${served} of ${serving.jobs} jobs.`);
            return {};
        }
        const next = verdict.kind === 'completed' && verdict.job && served + 1 < serving.jobs;
        if (verdict.kind !== 'refused' && !next)
            return { taken: await settle(deps, current, config, verdict, pickupTimeoutMs) };
        const fresh = next
            ? await nextJob(deps, current, config, { served: ++served, of: serving.jobs, job: verdict.job ?? '' })
            : await refused(deps, current, config, verdict, ++serving.refusals.count);
        if (typeof fresh === 'string' && next) {
            serving.stranded ??= strandedWhy(current, { served, of: serving.jobs }, fresh);
            return {};
        }
        if (typeof fresh === 'string')
            return { taken: fresh };
        current = fresh;
        replaced(fresh);
    }
}
/** After this run's job ended with more to serve: the next runner in the same folder; a string: why none. */
async function nextJob(deps, done, config, count) {
    deps.core.info(`Runner ${done.name}: its job '${count.job}' ended (the runner on the sandbox says so); ${count.served} of ` +
        `${count.of} jobs served in its folder, so a fresh runner takes the next job of this run there.`);
    const fresh = await replace(deps, done, config, 'job');
    if (typeof fresh === 'object')
        return { ...fresh, ran: [...(done.ran ?? []), done.name] };
    deps.core.warning(`Runner ${done.name}: no runner could start for the next job of this run: ${fresh}. Stopping the sandbox; ` +
        "this run's jobs still waiting for the label are failed at once.");
    // The last runner stays the one deleted and mirrored: its job is the last this folder served.
    return fresh;
}
/** The holding step's error when a folder could not go on: what could not start, why, what was served. */
function strandedWhy(runner, count, why) {
    return (`Runner ${runner.name}: no runner could start for the next job of this run (${why}); its folder had served ` +
        `${count.served} of ${count.of} jobs by then. The sandbox is stopped, and this run's jobs still waiting for the ` +
        'label are failed at once.');
}
/** After a refused job of another run: a fresh runner, or (past the cap, or none startable) why the step fails. */
async function refused(deps, current, config, verdict, refusals) {
    const who = `job '${verdict.job}' of run ${verdict.run} (attempt ${verdict.attempt}) of ${verdict.repository}`;
    deps.core.warning(`Runner ${current.name}: a job of another workflow run was handed the runner; its job-started hook refused ` +
        `${who} before its first step.`);
    const fresh = refusals <= MAX_REPLACEMENTS ? await replace(deps, current, config, 'refusal', refusals) : undefined;
    if (typeof fresh === 'object')
        return { ...fresh, ...(current.ran ? { ran: current.ran } : {}) };
    return claimOf(deps, current, config).taken(`its job-started hook refused ${who} before its first step` +
        (fresh !== undefined
            ? `; no fresh runner could be started (${fresh})`
            : `, the ${ordinal(refusals)} job of another run; no more fresh runners are started`));
}
const ordinal = (n) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
/** The holder's claim watch, or a plain one where GitHub cannot be asked (its `taken` says the same). */
function claimOf(deps, saved, config) {
    const runner = config.runner();
    const github = registry(deps, runner, deps.cancelWait, deps.clock.now() + CONFIRM_RATE_LIMIT_MS);
    const run = runner.workflowRun ?? { id: 0, attempt: 0 };
    return github
        ? new ClaimWatch(deps, github, saved, run)
        : { taken: (evidence) => `Runner ${saved.name}: ${evidence}.` };
}
/** A fresh runner with the label in the same folder of the same sandbox; a string: why none could be started. */
async function replace(deps, spent, config, after, refusals = 0) {
    const runner = config.runner();
    const github = registry(deps, runner, deps.cancelWait);
    if (!github || !runner.label || !runner.repository)
        return 'the post step has no github-token, repository or label to register one with';
    const name = nextRunnerName(spent.name);
    const { configPath, alias } = spent.watch;
    const context = { target: { configPath, alias }, env: process.env, signal: deps.cancelWait };
    const serves = runner.workflowRun && {
        run: runner.workflowRun,
        repository: `${runner.repository.owner}/${runner.repository.repo}`,
    };
    try {
        // The spent runner deregisters after its one job; where GitHub still has it, it goes now.
        await github.removeRegistration(spent.id, spent.name).catch(() => undefined);
        const online = { clock: deps.clock, signal: deps.cancelWait, core: deps.core };
        const fresh = await replaceRunner(online, context, github, { pid: spent.watch.pid, folder: spent.folder, after }, { name, label: runner.label, serves });
        const why = after === 'job'
            ? 'for the next job of this run'
            : `for this run's job (fresh runner ${refusals} of ${MAX_REPLACEMENTS})`;
        deps.core.info(`Runner ${name}: registered (id ${fresh.runner.id}) and online on the same sandbox with the label ` +
            `${runner.label}, ${why}.`);
        const slot = { ...(spent.folder ? { folder: spent.folder } : {}), ...(spent.gpus ? { gpus: spent.gpus } : {}) };
        return { id: fresh.runner.id, name, online: true, watch: { pid: fresh.pid, configPath, alias }, ...slot };
    }
    catch (error) {
        // Whatever failed after the request (its answer lost, run.sh not started, never online, a cancel), GitHub may
        // hold the registration: removed by name, without the cancel signal, so no runner stays registered.
        await registry(deps, runner)
            ?.removeRegistration(0, name)
            .catch(() => undefined);
        return error.message;
    }
}
async function settle(deps, saved, config, verdict, pickupTimeoutMs) {
    const { core } = deps;
    const runner = config.runner();
    if (verdict.kind === 'cancelled')
        return undefined;
    if (verdict.kind === 'timeout') {
        core.warning(`Runner ${saved.name}: no job picked it up within runner-timeout (${formatDuration(pickupTimeoutMs)}). ` +
            'Does a job use runs-on with its label? Stopping the sandbox.');
        return undefined;
    }
    const github = registry(deps, runner, deps.cancelWait, deps.clock.now() + CONFIRM_RATE_LIMIT_MS);
    const claim = github && runner.workflowRun && new ClaimWatch(deps, github, saved, runner.workflowRun);
    if (verdict.kind === 'refused') {
        const who = `job '${verdict.job}' of run ${verdict.run} (attempt ${verdict.attempt}) of ${verdict.repository}`;
        return (claim?.taken(`its job-started hook refused ${who} before its first step`) ??
            `Runner ${saved.name} refused ${who} before its first step; the sandbox is stopped.`);
    }
    if (!verdict.job) {
        core.info(`Runner ${saved.name}: the runner ended before any job started on it; stopping the sandbox.`);
        return undefined;
    }
    core.info(`Runner ${saved.name}: its job '${verdict.job}' ended (the runner on the sandbox says so).`);
    return claim?.afterJob();
}

;// CONCATENATED MODULE: ./build/src/runner/post.js
/**
 * The post step of `runner: true`: while the runner's one job runs, the
 * sandbox stays; once the registration is gone after it was busy (a JIT
 * runner deregisters after its job), or `runner-timeout` passed with no job
 * picked up, the sandbox is stopped (cleanup/sandbox.ts) and the registration
 * deleted if still there. GitHub is asked at most 4 times in any minute while
 * it waits for a job (twice a poll while it checks who took the runner); a
 * rate limit is waited out, never read as a refusal. A cancelled job ends the
 * wait at once; the stop still happens.
 *
 * Who took it is watched (ClaimWatch): the runner's label is built from public
 * values, so a job someone else queued with it can be handed the runner.
 */








/**
 * One read every 16 s: at most 4 in any minute of waiting (15 s would let a
 * minute's window hold 5). GPU_SANDBOX_RUNNER_POLL (a duration) sets it (the tests use 1 s).
 */
function post_runnerPollMs(env = process.env) {
    const seconds = env.GPU_SANDBOX_RUNNER_POLL ? parseDurationSeconds(env.GPU_SANDBOX_RUNNER_POLL) : undefined;
    return seconds && seconds >= 1 && seconds <= 600 ? seconds * 1000 : 16_000;
}
/** One poll: the runner, undefined when gone, 'no-answer' when GitHub did not say, 'stop' when it may not be asked. */
async function poll(deps, github, saved) {
    try {
        return await github.get(saved.id);
    }
    catch (error) {
        if (deps.cancelWait?.aborted)
            return 'stop';
        if (isAccessDenied(error)) {
            deps.core.warning(`Runner ${saved.name}: ${error.message}; not waiting for its job.`);
            return 'stop';
        }
        // Retried for a minute already: no news is not "not busy"; keep waiting, the next poll may get through.
        deps.core.info(`Runner ${saved.name}: ${error instanceof Error ? error.message : String(error)}`);
        return 'no-answer';
    }
}
/** Sleeps until the next poll; false when the job was cancelled meanwhile. */
async function pause(deps, ms) {
    try {
        await deps.clock.sleep(ms, deps.cancelWait);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * Waits while the runner's job runs, or for a job to pick it up; resolves when
 * the sandbox may be stopped, with why the step must then fail (a job from
 * outside this run took the runner), if it must.
 */
async function waitForRunnerJob(deps, saved, config, replaced, serving) {
    const { core } = deps;
    if (!saved.online) {
        core.info(`Runner ${saved.name}: it never came online, so no job can be waiting for it; stopping the sandbox.`);
        return undefined;
    }
    const runner = config.runner();
    // A rate limit is waited out however long it lasts (a cancel still ends it): a job may be running on the sandbox,
    // and a GitHub answer never takes it away. The TTL stays the last net.
    const github = registry(deps, runner, deps.cancelWait, Number.POSITIVE_INFINITY);
    if (!github) {
        core.warning(`Runner ${saved.name}: 'github-token' (or GITHUB_REPOSITORY) is missing ` +
            `in the post step, so its job cannot be waited for; the sandbox is stopped now.`);
        return undefined;
    }
    // Where the sandbox can be reached, the runner there says when its job ends; else GitHub is asked.
    if (saved.watch && existsSync(saved.watch.configPath)) {
        // The same object, not a copy: the claim's read records the served job on it, which the mirror then reuses.
        const watched = Object.assign(saved, { watch: saved.watch });
        const onSandbox = await waitOnSandbox(deps, watched, config, runner.pickupTimeoutMs, replaced, serving);
        if (onSandbox) {
            if (deps.cancelWait?.aborted)
                core.info(`Runner ${saved.name}: the job was cancelled; stopping the sandbox now.`);
            return onSandbox.taken;
        }
    }
    const watch = runner.workflowRun && new ClaimWatch(deps, github, saved, runner.workflowRun);
    if (!watch)
        core.info(`Runner ${saved.name}: no workflow run (GITHUB_RUN_ID) to hold its job against, so who takes it is not watched.`);
    const taken = await waitLoop(deps, github, saved, runner.pickupTimeoutMs, watch);
    if (deps.cancelWait?.aborted)
        core.info(`Runner ${saved.name}: the job was cancelled; stopping the sandbox now.`);
    return taken;
}
async function waitLoop(deps, github, saved, pickupTimeoutMs, watch) {
    const { core, clock } = deps;
    const began = clock.now();
    const every = post_runnerPollMs();
    core.info(`Runner ${saved.name}: waiting while its job runs, or up to runner-timeout ` +
        `(${formatDuration(pickupTimeoutMs)}) for a job to pick it up; GitHub ` +
        `is asked every ${formatDuration(every)}.`);
    let busySeen = false;
    let lastStatus = 'unknown';
    for (;;) {
        // No job yet and the time is up: decided without another request.
        if (!busySeen && clock.now() - began >= pickupTimeoutMs) {
            core.warning(`Runner ${saved.name}: no job picked it up within runner-timeout (${formatDuration(pickupTimeoutMs)}, ` +
                `status '${serviceText(lastStatus, 40)}'). Does a job use runs-on ` +
                `with its label? Stopping the sandbox.`);
            return undefined;
        }
        const now = await poll(deps, github, saved);
        if (now === 'stop')
            return undefined;
        if (now === 'no-answer') {
            if (!(await pause(deps, every)))
                return undefined;
            continue;
        }
        if (now === undefined || (busySeen && !now.busy)) {
            core.info(now === undefined
                ? `Runner ${saved.name}: ${busySeen ? 'its job ended and' : ''} the ` +
                    `registration is gone (a just-in-time runner deregisters after its job).`
                : `Runner ${saved.name}: its job ended.`);
            return watch?.afterJob();
        }
        lastStatus = now.status;
        if (now.busy && !busySeen)
            core.info(`Runner ${saved.name}: a job is running on it.`);
        busySeen ||= now.busy;
        const taken = now.busy ? await watch?.whileBusy() : undefined;
        if (taken)
            return taken;
        if (!(await pause(deps, every)))
            return undefined;
    }
}
/**
 * After the stop: the registration goes too, if GitHub still has it. Never fails the step (an offline registration
 * costs nothing).
 */
async function deleteRegistration(deps, saved, config) {
    const github = registry(deps, config.runner());
    if (!github)
        return;
    try {
        const id = await github.removeRegistration(saved.id, saved.name);
        deps.core.info(id !== undefined
            ? `Deleted the runner registration ${saved.name} (id ${id}).`
            : `The runner registration ${saved.name} is already gone.`);
    }
    catch (error) {
        deps.core.warning(`Could not delete the runner registration ${saved.name} (id ${saved.id}): ` +
            `${error instanceof Error ? error.message : String(error)}. It stays ` +
            `offline; delete it under Settings > Actions > Runners.`);
    }
}

;// CONCATENATED MODULE: ./build/src/runner/served-job.js


/** GitHub may record a job's end a moment after its runner deregistered: read again this often, this many times. */
const SETTLE_READS = 6;
const SETTLE_MAX_MS = 5_000;
const FAILED = (/* unused pure expression or super */ null && (['failure', 'cancelled', 'timed_out']));
/** The job of this run that names the runner; with `settle`, read until GitHub shows it completed. */
async function servedJob(deps, saved, config, settle) {
    const runner = config.runner();
    const github = registry(deps, runner);
    if (!github || !runner.workflowRun)
        return undefined;
    // The job the claim's read found, once GitHub showed it ended, is not read again.
    if (saved.served?.status === 'completed')
        return saved.served;
    const names = (candidate) => candidate.runnerName === saved.name;
    const reads = settle ? SETTLE_READS : 1;
    // Read again from the page the claim's read found it on, not from the first (a leg of a 240-leg matrix
    // whose job is on page 2 asked for pages 1 and 2 twice, 9 requests against a bound of 8).
    const from = saved.served?.page;
    return (await readSettled(deps, github, runner.workflowRun, names, { reads, from })).find(names);
}
/**
 * This run's jobs, read again (up to `reads` times, at most SETTLE_MAX_MS apart) while one that `served` picks has not
 * ended. Without `wholeRun`, no page is read past the one holding a served job (a matrix's run has hundreds of jobs),
 * and none before `from`, the page an earlier read found it on.
 */
async function readSettled(deps, github, run, served, options = {}) {
    const reads = options.reads ?? SETTLE_READS;
    let jobs = [];
    for (let read = 1; read <= reads; read++) {
        jobs = await github.jobsOf(run, options.wholeRun ? undefined : served, options.wholeRun ? 1 : options.from);
        if (read === reads || jobs.filter(served).every((job) => job.status === 'completed'))
            break;
        await deps.clock.sleep(Math.min(runnerPollMs(), SETTLE_MAX_MS), deps.cancelWait);
    }
    return jobs;
}
/** How a job ended, for the pull-request comment ("'gpu-tests' ended: success"). */
function served_job_jobOutcome(job) {
    return `'${serviceText(job.name, 80)}' ended: ${served_job_conclusionOf(job)}`;
}
/** A job's conclusion, or its status while it has none, as safe text. */
const served_job_conclusionOf = (job, max = 30) => serviceText(job.conclusion ?? job.status ?? 'unknown', max);
/** How the runner's one job ended, read now; undefined: unknown. */
async function served_job_runnerJobOutcome(deps, saved, config) {
    try {
        const job = await servedJob(deps, saved, config, false);
        return job && served_job_jobOutcome(job);
    }
    catch {
        return undefined;
    }
}
/**
 * The served job once GitHub shows it ended (the final comment reuses it), and why the holding step fails after it
 * failed: no `failure` when it succeeded, was skipped or is unknown.
 */
async function mirrorServedJob(deps, saved, config) {
    let job;
    try {
        job = await servedJob(deps, saved, config, true);
    }
    catch (error) {
        deps.core.info(`Runner ${saved.name}: its job's result could not be read (${error.message}).`);
        return {};
    }
    if (!job)
        return {};
    deps.core.info(`Runner ${saved.name}: the job '${serviceText(job.name, 100)}' it served ended: ${served_job_conclusionOf(job)}.`);
    const failure = mirrorFailure(job, saved.name);
    return failure ? { job, failure } : { job };
}
/** Why the holding step fails after a job it served: undefined when that job succeeded, was skipped or is unknown. */
function mirrorFailure(job, runnerName) {
    if (!job.conclusion || !FAILED.includes(job.conclusion))
        return undefined;
    return (`The job '${serviceText(job.name, 100)}' that ran on ${runnerName} ended '${served_job_conclusionOf(job)}', so this holding ` +
        `step fails too (the sandbox is stopped): "Re-run failed jobs" then re-runs both jobs, and the new attempt's ` +
        `runner serves the re-run.`);
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./build/src/comment/rows.js
/**
 * One pull-request comment per workflow: a compact row per job and
 * matrix leg, counts by status on top. Each row carries a hidden key (a hash
 * of the leg) and its status, so a leg finds and replaces only its own row and
 * keeps the others' rows as they are. The leg's full story stays in its job
 * summary (text.ts). Every value passes commentText.
 */



/** GitHub's limit for a comment is 65,536 characters: the table keeps below it. */
const COMMENT_LIMIT = 65_000;
const ROW = /^\| <!--r:([0-9a-f]{12}):(failed|done|running)-->/;
/** A leg's row key: the same leg (by name) on every run and re-run. */
function rowKey(identity) {
    return (0,external_node_crypto_.createHash)('sha256').update(identity).digest('hex').slice(0, 12);
}
function rowStatus(status) {
    if (/fail|cancel|timed out/i.test(status))
        return 'failed';
    return /stopped|kept alive|not stopped here|passed/i.test(status) ? 'done' : 'running';
}
const rows_dollars = (amount) => (amount >= 1 ? `$${amount.toFixed(2)}` : `$${amount.toFixed(4)}`);
/**
 * One leg's row: its name, status, GPU, what the GPU did (peak memory · mean utilization), time to ready, run, cost,
 * sandbox, and a link to its run attempt.
 */
function rows_renderRow(facts) {
    const leg = facts.leg ?? `${facts.job} (${facts.sandboxId})`;
    const key = rowKey(facts.leg ?? `${facts.job}/${facts.sandboxId}`);
    const status = rowStatus(facts.status);
    const cost = facts.billedSeconds === undefined
        ? ''
        : facts.cost === null || facts.cost === undefined
            ? 'no price'
            : rows_dollars(facts.cost);
    const cells = [
        (0,untrusted/* commentText */.br)(leg, 60),
        (0,untrusted/* commentText */.br)(facts.status, 70),
        (0,untrusted/* commentText */.br)(facts.gpu, 24),
        (0,untrusted/* commentText */.br)(facts.gpuUse ?? '', 24),
        facts.timeToReadyMs === undefined ? '' : (0,summary/* formatDuration */.a3)(facts.timeToReadyMs),
        facts.runMs === undefined ? '' : (0,summary/* formatDuration */.a3)(facts.runMs),
        (0,untrusted/* commentText */.br)(cost, 20),
        (0,untrusted/* commentText */.br)(facts.sandboxId, 40),
        // The link is ours (GITHUB_SERVER_URL, the repository, the run): the one link a row keeps.
        `[${/attempts\/(\d+)$/.exec(facts.runUrl)?.[1] ?? 'run'}](${encodeURI(facts.runUrl)})`,
    ];
    return { key, status, line: `| <!--r:${key}:${status}-->${cells.join(' | ')} |` };
}
/** The rows a comment holds, by key (a line that is not one of our rows is not kept). */
function rowsOf(body) {
    const rows = new Map();
    for (const line of body.split('\n')) {
        const match = ROW.exec(line);
        if (match)
            rows.set(match[1], { key: match[1], status: match[2], line });
    }
    return rows;
}
/** The whole comment: marker, heading, counts by status, and the rows (by leg name), within GitHub's limit. */
function renderTable(mark, heading, rows) {
    const visible = (row) => row.line.slice(row.line.indexOf('-->') + 3);
    const sorted = [...rows].sort((a, b) => (visible(a) < visible(b) ? -1 : visible(a) > visible(b) ? 1 : 0));
    const count = (status) => sorted.filter((row) => row.status === status).length;
    const jobs = `${sorted.length} ${sorted.length === 1 ? 'job' : 'jobs'}`;
    const counts = `**${jobs}**: ${count('done')} done · ${count('failed')} failed · ${count('running')} running`;
    const render = (lines) => [
        mark,
        `#### GPU sandboxes: ${(0,untrusted/* commentText */.br)(heading, 120)}`,
        '',
        counts,
        '',
        '| Job | Status | GPU | GPU use | Ready in | Run | Cost | Sandbox | Attempt |',
        '|---|---|---|---|---|---|---|---|---|',
        ...lines,
        '',
    ].join('\n');
    const full = render(sorted.map((row) => row.line));
    // Past the limit the links go first (a run's page lists its jobs anyway).
    return full.length <= COMMENT_LIMIT
        ? full
        : render(sorted.map((row) => row.line.replace(/\[(\d+|run)\]\([^)]*\)/g, '$1'))).slice(0, COMMENT_LIMIT);
}

;// CONCATENATED MODULE: ./build/src/comment/write.js
/**
 * One merged write of the pull-request comment (issues 43 and 46): the rows a
 * writer holds merged into what the comment holds (github.ts does the
 * reads, writes and repairs), and what its failures mean for the step. A leg
 * writes its own row (comment.ts), or the last leg of a run writes every row
 * that came through the run's artifacts (gather.ts).
 */



/**
 * How long a write may take, rate limits and other legs' writes included: a couple of minutes of the main step (its
 * sandbox is billing), more of the post step (the sandbox is stopped; the final row is the one that must not be lost).
 */
const COMMENT_WAIT_MS = 2 * 60_000;
const FINAL_COMMENT_WAIT_MS = 5 * 60_000;
/** These rows merged into the rows of every comment found (the oldest's first), and how to see they are there. */
function write_rowsMerge(target, mine) {
    // Every row this step has read: one that another leg's write (from an older read) left out comes back with ours.
    const seen = new Map();
    return {
        body: (found) => {
            const current = new Map();
            for (const body of found)
                for (const [key, other] of rowsOf(body))
                    if (!current.has(key))
                        current.set(key, other);
            for (const [key, other] of current)
                seen.set(key, other);
            const rows = new Map([...seen, ...current]);
            for (const row of mine)
                rows.set(row.key, row);
            return renderTable(marker(target.key), target.workflow, rows.values());
        },
        holds: (body) => {
            const held = rowsOf(body);
            return mine.every((row) => held.get(row.key)?.line === row.line);
        },
        parts: (body) => rowsOf(body).size,
    };
}
/** This leg's row merged into the rows of every comment found. */
function rowMerge(target, facts) {
    return write_rowsMerge(target, [rows_renderRow(facts)]);
}
/**
 * One merged write, with what its failures mean: a low budget yields, a refused token (a fork's pull request) and
 * any other failure are said once; `story`: what goes to the job summary then (unless it is there already).
 */
async function write_writeMerged(deps, target, merge, options) {
    const { core } = deps;
    try {
        const rateLimitUntil = deps.clock.now() + (options.final ? FINAL_COMMENT_WAIT_MS : COMMENT_WAIT_MS);
        const log = (message) => core.info(message);
        return await upsertMerged(target, merge, { ...deps, rateLimitUntil, log }, { spread: options.spread ?? true });
    }
    catch (error) {
        if (error instanceof github_CommentYieldedError) {
            core.info(`comment: ${error.message}`);
            if (options.story)
                await core.appendSummary(options.story);
            return 'yielded';
        }
        // GitHub refused the write (a fork's pull request gets a read-only token): the job summary instead.
        if (error instanceof github_call/* GitHubError */.y_ && (error.status === 401 || error.status === 403) && !error.rateLimit) {
            core.info(`comment: GitHub refused to write on pull request #${target.number} (${error.status}; a pull request ` +
                "from a fork gets a read-only token): the job summary has the comment's text instead.");
            if (options.story)
                await core.appendSummary(options.story);
            return 'refused';
        }
        core.warning(`comment: could not write the pull-request comment: ${error.message}`);
        return 'failed';
    }
}

// EXTERNAL MODULE: ./build/src/comment/relay.js
var relay = __webpack_require__(8202);
;// CONCATENATED MODULE: ./build/src/comment/gather.js
/**
 * The post step's side of the relayed comment (relay.ts):
 * upload this leg's row, and where no other leg of the run will write after
 * it, gather every row, name each after its job (one read of the run's jobs),
 * write the comment once, and delete the artifacts written. Every row another
 * job uploaded is untrusted: read in one shape only, bounded, and rendered
 * cell by cell through the comment's sanitiser; its link is this run's, never
 * the row's.
 */






/** Artifacts read or deleted at once. */
const AT_ONCE = 16;
const RELAYED = "this job's row is with the run's artifacts";
/** Looks again at legs whose sandbox ended without a row, and the pause before each. */
const GRACE_LOOKS = 2;
const GRACE_MS = 5_000;
/** How far a job's times may be from the leg's own clock and still be its job. */
const SKEW_MS = 120_000;
const gather_text = (most) => schemas/* string */.YjP().max(most);
const amount = schemas/* number */.aig().finite().nonnegative();
const Row = schemas/* object */.Ikc({
    v: schemas/* literal */.euz(1),
    facts: schemas/* object */.Ikc({
        sandboxId: gather_text(200),
        job: gather_text(400),
        gpu: gather_text(200),
        gpuUse: gather_text(200).optional(),
        status: gather_text(1_000),
        timeToReadyMs: amount.optional(),
        runMs: amount.optional(),
        billedSeconds: amount.optional(),
        cost: amount.nullable().optional(),
    }),
    runnerName: gather_text(200).optional(),
    at: amount.optional(),
});
/**
 * This leg's row through the run's artifacts: 'relayed' (a leg still running writes it), the write's outcome, or
 * undefined where the artifacts failed (the caller writes this leg's row itself).
 */
async function gather_relayRow(deps, target, sandbox, row) {
    const { core, ctx, store } = deps;
    try {
        await store.upload(rowArtifact(target, sandbox), Buffer.from(JSON.stringify(row)));
        // The row is there: this leg's announcement has done its work (the writer deletes the rows).
        await store.removeOwn(legArtifact(target, sandbox));
        const decided = await decide(ctx, store, target, rowArtifact(target, sandbox));
        if ('say' in decided) {
            core.info(`comment: ${decided.say}`);
            return 'relayed';
        }
        return await writeAll(deps, target, decided.view);
    }
    catch (error) {
        ctx.signal?.throwIfAborted();
        core.info(`comment: the run's artifacts failed (${error.message}); this job writes its own row.`);
        return undefined;
    }
}
/**
 * Whether this leg writes: not while a leg that said it will have a row still runs, nor when a row newer than this
 * one is there (its leg decides). A leg whose sandbox ended without a row yet may be between its stop and its row:
 * looked at again after a pause, twice at most, before it counts as gone.
 */
async function decide(ctx, store, target, mine) {
    for (let look = 1;; look++) {
        const view = await relayView(store, target);
        // Deleted with the others by a leg that wrote it already.
        if (!view.rows.some((row) => row.name === mine))
            return { say: "this job's row is in the comment already (the job that wrote it deleted the run's artifacts)." };
        const waiting = await waitingLegs(ctx, view.waiting);
        if (waiting === 'running')
            return { say: `${RELAYED}; another job of this run still running writes the comment.` };
        if (newerRow(view, mine))
            return { say: `${RELAYED}; a job of this run that ended after this one writes the comment.` };
        if (waiting === 'none' || look > GRACE_LOOKS)
            return { view };
        await ctx.clock.sleep(GRACE_MS, ctx.signal);
    }
}
/** The last leg: every row, named after its job, written once; the artifacts written deleted. */
async function writeAll(deps, target, view) {
    const { core, ctx, store, githubBudget } = deps;
    const artifacts = view.rows;
    // The rows stay with the run's artifacts for a later writer; this job's row is in its job summary.
    if (githubBudget?.low) {
        core.info(`comment: ${new CommentYieldedError(githubBudget.describe() ?? 'unknown').message}`);
        return 'yielded';
    }
    const read = await inBatches(artifacts, async (artifact) => {
        const content = await store.download(artifact, MAX_ROW_BYTES).catch(() => undefined);
        const parsed = content ? safeJson(content) : undefined;
        return parsed?.success ? { artifact, row: parsed.data } : undefined;
    });
    const rows = read.filter((entry) => entry !== undefined);
    if (rows.length < artifacts.length)
        core.info(`comment: ${artifacts.length - rows.length} of the run's row artifacts could not be read; left out.`);
    // This run attempt's jobs, read once for every row's name.
    const said = { what: "this run's jobs", instead: 'rows name their sandboxes' };
    const jobs = await readRunJobs(target, { ...ctx, githubBudget }, said);
    const lines = rows.map(({ row }) => {
        const leg = legOf(jobs, row);
        const facts = { ...row.facts, runUrl: target.runUrl, ...(leg ? { leg } : {}) };
        return renderRow(facts);
    });
    const merge = rowsMerge(target, lines);
    const written = await writeMerged({ ...ctx, core, githubBudget }, target, merge, { final: true, spread: false });
    if (written !== 'created' && written !== 'updated')
        return written;
    core.info(`comment: ${written} the comment on pull request #${target.number} with ${rows.length} ` +
        `${rows.length === 1 ? "job's row" : "jobs' rows"} (the last of this run's jobs to end writes them).`);
    await removeWritten(deps, target, view, rows.map(({ artifact }) => artifact));
    return 'written';
}
function safeJson(content) {
    try {
        return Row.safeParse(JSON.parse(content.toString('utf8')));
    }
    catch {
        return undefined;
    }
}
/** The job a row came from: the one its runner ran (of several, the one running when the leg started). */
function legOf(jobs, row) {
    const same = jobs.filter((job) => job.runnerName !== undefined && job.runnerName === row.runnerName);
    if (same.length <= 1)
        return same[0]?.name || undefined;
    const at = row.at ?? 0;
    const during = same.filter((job) => (job.startedAt ?? 0) <= at + SKEW_MS && (job.completedAt ?? Infinity) >= at - SKEW_MS);
    const latest = (during.length > 0 ? during : same).toSorted((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0));
    return latest[0]?.name || undefined;
}
/** The rows written and their legs' announcements: the run's artifact list keeps nothing of the comment. */
async function removeWritten(deps, target, view, rows) {
    const { store, core } = deps;
    const written = new Set(rows.map((row) => row.name.slice(rowArtifact(target, '').length)));
    const legs = view.legs.filter((leg) => written.has(leg.name.slice(legArtifact(target, '').length)));
    const removed = await inBatches([...rows, ...legs], (artifact) => store.remove(artifact).then(() => true, () => false));
    const failed = removed.filter((done) => !done).length;
    // Another writer ending at the same moment may have deleted some first.
    if (failed > 0)
        core.info(`comment: ${failed} of the run's comment artifacts were already gone or not deleted.`);
}
async function inBatches(items, work) {
    const results = [];
    for (let start = 0; start < items.length; start += AT_ONCE)
        results.push(...(await Promise.all(items.slice(start, start + AT_ONCE).map(work))));
    return results;
}

// EXTERNAL MODULE: ./build/src/comment/artifacts.js + 1 modules
var artifacts = __webpack_require__(9776);
;// CONCATENATED MODULE: ./build/src/comment/post.js










/** Writes this leg's row; 'refused' where GitHub refused the write (then the job summary has the story). */
async function publishComment(deps, target, facts, options = {}) {
    const { core } = deps;
    if (!target)
        return undefined;
    const story = text_renderComment(facts);
    if (options.story || options.yieldBecause)
        await core.appendSummary(story);
    if (options.yieldBecause) {
        core.info(`comment: ${options.yieldBecause}`);
        return 'yielded';
    }
    const written = await write_writeMerged(deps, target, rowMerge(target, facts), {
        final: options.story === true,
        story: options.story ? undefined : story,
    });
    if (written !== 'created' && written !== 'updated')
        return written;
    core.info(`comment: ${written} the comment on pull request #${target.number} (this job's row).`);
    return 'written';
}
/** The post step's final version: the sandbox stopped (or kept), and what the whole run was billed. */
async function finalComment(deps, state, readConfig, servedJob, gpuUse) {
    const facts = state.commentFacts();
    if (!facts)
        return;
    const config = readConfig();
    const startedAt = state.startedAt;
    const total = startedAt === undefined
        ? undefined
        : addSpent(state.spentBefore ?? NOTHING_SPENT, deps.clock.now() - startedAt, state.hourlyCost);
    const ending = config.keepAlive ? 'kept alive (keep-alive: true)' : 'stopped by the post step';
    const runner = state.runner;
    // The job the post step already read for its mirror, else read now; every job served, with runner-jobs or runners.
    // Several: each job's name and how it ended, short, as the row's cell holds 70 characters.
    const job = Array.isArray(servedJob)
        ? servedJob.map((one) => `${serviceText(one.name, 30)} ${conclusionOf(one, 12)}`)
        : servedJob
            ? jobOutcome(servedJob)
            : runner
                ? await runnerJobOutcome(deps, runner, config)
                : undefined;
    const target = config.comment();
    const final = {
        ...facts,
        ...(gpuUse ? { gpuUse } : {}),
        status: `${facts.status}${servedText(job)}; ${ending}`,
        billedSeconds: total?.seconds ?? facts.billedSeconds,
        cost: total ? (total.dollars ?? null) : facts.cost,
    };
    // The run's artifacts carry the row where the runner gives them: the last leg to end writes every row.
    if (target && (await relayFinal(deps, state, config, target, final)))
        return;
    // A token that cannot spare the comment for this run's legs yields before asking anything.
    const yieldBecause = target ? await commentYield(deps, state, config, target) : undefined;
    // The leg's name (its record in this run attempt), read here once: the main step asks GitHub nothing for the comment.
    const leg = facts.leg ??
        (target && !yieldBecause ? await legName(target, { ...deps, log: (m) => deps.core.info(m) }) : undefined);
    await publishComment(deps, target, { ...final, ...(leg ? { leg } : {}) }, { story: true, yieldBecause });
}
/** What the runner served, in the row's status: its one job, or (several) each job and how it ended. */
function servedText(job) {
    if (Array.isArray(job))
        return job.length > 0 ? `; ${job.length} jobs: ${job.join(', ')}` : '';
    return job ? `; the runner's job ${job}` : '';
}
/** This leg's row through the run's artifacts; false where there are none or they failed (the leg writes it). */
async function relayFinal(deps, state, config, target, final) {
    const sandbox = state.sandboxName;
    const store = sandbox ? ArtifactStore.fromEnvironment(stepEnvironment(deps), deps) : undefined;
    if (!sandbox || !store)
        return false;
    deps.githubBudget?.restore(state.githubBudget, deps.clock.now());
    const ctx = opContext({ core: deps.core, client: deps.makeClient(config), clock: deps.clock, signal: deps.signal });
    const row = { v: 1, facts: final, runnerName: target.runnerName, at: state.startedAt };
    const gather = { core: deps.core, ctx, store, githubBudget: deps.githubBudget };
    const outcome = await relayRow(gather, target, sandbox, row);
    if (outcome)
        await deps.core.appendSummary(renderComment(final));
    return outcome !== undefined;
}

// EXTERNAL MODULE: ./build/src/client/errors.js
var errors = __webpack_require__(486);
// EXTERNAL MODULE: ./build/src/sandbox/record.js
var sandbox_record = __webpack_require__(5208);
// EXTERNAL MODULE: ./build/src/sandbox/status.js
var sandbox_status = __webpack_require__(8935);
// EXTERNAL MODULE: ./build/src/ssh/access.js + 2 modules
var access = __webpack_require__(7421);
// EXTERNAL MODULE: ./build/src/step/deps.js
var step_deps = __webpack_require__(3996);
// EXTERNAL MODULE: ./build/src/step/outputs.js
var outputs = __webpack_require__(6854);
;// CONCATENATED MODULE: ./build/src/modes/connect.js
/**
 * Mode `connect`: make an existing sandbox (kept alive by an earlier job)
 * reachable over SSH from this job, exactly as `ssh: true` does in start mode:
 * a key and a renewed certificate, the record's address with its host key
 * pinned, the config and the Include line. It never stops the sandbox; its
 * post step removes what it wrote and ends the renewer.
 */










/** How long reading the record and getting a certificate may take. */
const CONNECT_DEADLINE_MS = 3 * 60_000;
/** The sandbox's record, or an error naming sandbox-id that says what the service answered. */
async function readSandbox(config, deps, deadline) {
    const client = deps.client.withDeadline(deadline, deps.clock);
    try {
        return await (0,retry/* retryUntil */.v6)((0,step_deps/* opContext */.R)(deps), deadline, `read ${config.sandboxId}`, () => client.getSandbox(config.sandboxId, deps.signal));
    }
    catch (error) {
        if ((0,errors/* isNotFound */.c4)(error))
            throw new Error(`Input 'sandbox-id': the service has no sandbox ${config.sandboxId} ` +
                `(404): it was stopped, or its TTL ended. Nothing to connect to.`, { cause: error });
        throw error;
    }
}
/** Live, with an `ssh` address and a host key to pin: else an error naming sandbox-id with what the record says. */
function checkReachable(config, record) {
    const status = record.status;
    if (!(0,sandbox_status/* isReady */.i_)(status)) {
        throw new Error(`Input 'sandbox-id': sandbox ${config.sandboxId} is '${(0,untrusted/* serviceText */.Lo)(status, 40)}', ` +
            `not running: nothing to connect to.`);
    }
    const found = (0,access/* pinnableEndpoint */.FX)(record);
    if ('problem' in found)
        throw new Error(`Input 'sandbox-id': sandbox ${config.sandboxId} cannot be reached over SSH: its record${found.problem}.`);
}
async function runConnect(config, deps) {
    const { core, clock } = deps;
    core.setOutput('sandbox-id', config.sandboxId);
    const deadline = clock.now() + CONNECT_DEADLINE_MS;
    const record = await readSandbox(config, deps, deadline);
    (0,outputs/* setTextOutput */.Lb)(core, 'status', record.status);
    checkReachable(config, record);
    const prepared = await (0,access/* prepareSandboxSsh */.pd)(deps, (0,step_deps/* stepEnvironment */.a)(deps), deadline);
    (0,access/* finishSandboxSsh */.TD)(deps, config.ssh, prepared, record);
    await (0,access/* keepCertificateFresh */.jt)(deps, config, prepared, config.sandboxId, (0,sandbox_record/* endsAtMs */.uX)(record, undefined));
    if (config.comment)
        await commentConnected(config, deps, record);
    await core.appendSummary(`### Sandbox ${config.sandboxId} connected\n\n` +
        (0,summary/* markdownTable */.Qj)([
            ['Status', record.status],
            ['SSH', `ssh ${config.ssh.alias} '<command>' from later steps of this job`],
            ['Cleanup', 'the post step removes the SSH files and ends the renewer; the sandbox keeps running'],
        ]));
}
/** comment: true: this job's comment says it reached the kept sandbox (it never stops it, so no cost of its own). */
async function commentConnected(config, deps, record) {
    const target = config.comment;
    const spec = (record.spec ?? {});
    const gpu = typeof spec.gpu_type === 'string' ? `${Number(spec.gpu_count) || 1} x ${spec.gpu_type}` : 'none (CPU only)';
    await publishComment(deps, target, {
        sandboxId: config.sandboxId,
        job: target.job,
        gpu: (0,untrusted/* serviceText */.Lo)(gpu, 60),
        status: `connected (${(0,untrusted/* serviceText */.Lo)(record.status, 40)}); kept by an earlier job, not stopped here`,
        runUrl: target.runUrl,
    });
}


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


/***/ })

};
