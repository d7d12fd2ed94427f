export const id = 623;
export const ids = [623];
export const modules = {

/***/ 9623:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  SWEEP_STOP_DEADLINE_MS: () => (/* binding */ SWEEP_STOP_DEADLINE_MS),
  runSweep: () => (/* binding */ runSweep)
});

// EXTERNAL MODULE: ./build/src/client/errors.js
var errors = __webpack_require__(486);
// EXTERNAL MODULE: ./build/src/client/retry.js
var retry = __webpack_require__(9943);
// EXTERNAL MODULE: ./build/src/step/deps.js
var step_deps = __webpack_require__(3996);
// EXTERNAL MODULE: ./build/src/sandbox/stop.js
var stop = __webpack_require__(7153);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
// EXTERNAL MODULE: ./build/src/client/schemas.js
var schemas = __webpack_require__(2805);
// EXTERNAL MODULE: ./build/src/inputs/default-name.js
var default_name = __webpack_require__(6536);
// EXTERNAL MODULE: ./build/src/sandbox/status.js
var sandbox_status = __webpack_require__(8935);
;// CONCATENATED MODULE: ./build/src/sweep/decide.js
/**
 * Which listed sandboxes are this repository's orphans. A sandbox is stopped
 * only when every fact says so: a name this action generated, this
 * repository's id, and GitHub saying the run (that attempt) is over. Anything
 * else is kept, with the reason.
 */




/** Every live listed sandbox, decided without asking GitHub (names and repository). */
function firstLook(sandbox, repositoryId) {
    const status = sandbox.status ?? 'unknown';
    if ((0,sandbox_status/* isNotLive */.ec)(sandbox.status))
        return undefined;
    const id = typeof sandbox.id === 'string' ? sandbox.id : '';
    const name = typeof sandbox.name === 'string' ? sandbox.name : '';
    const base = { id, name, status };
    if (!schemas/* SANDBOX_ID_PATTERN */.BA.test(id))
        return { ...base, decision: 'keep', reason: 'its id is not a sandbox id' };
    const generated = (0,default_name/* parseGeneratedName */.Ym)(name);
    const pooled = (0,default_name/* parsePoolName */.Vk)(name);
    // A warm pool's sandbox has no run: the pool's idle rule decides it (pool/sweep.ts), never the run's end.
    if (pooled) {
        const whose = pooled.repositoryId === repositoryId ? '' : ` of another repository (id ${pooled.repositoryId})`;
        const reason = `warm pool '${pooled.pool}'${whose}: stopped only when idle past pool-idle`;
        return { ...base, decision: 'keep', reason };
    }
    const holds = (0,default_name/* heldBy */.Vr)(name);
    // A claim's hold has no run either: it ends with the sandbox it holds (pool/sweep-holds.ts).
    if (holds) {
        const whose = holds.repositoryId === repositoryId ? '' : ` of another repository (id ${holds.repositoryId})`;
        return { ...base, decision: 'keep', reason: `the hold of pool sandbox ${holds.sandboxId}${whose}: ends with it` };
    }
    if (!generated)
        return { ...base, decision: 'keep', reason: 'not a name this action generates (user-chosen names are never swept)' };
    if (generated.repositoryId !== repositoryId)
        return { ...base, decision: 'keep', reason: `another repository's (id ${generated.repositoryId})` };
    return {
        ...base,
        run: { id: generated.runId, attempt: generated.runAttempt },
        decision: 'keep',
        reason: 'not decided',
    };
}
/**
 * Decides every listed sandbox; GitHub is asked once per run. Throws GitHubAccessError before anything is decided to
 * stop.
 */
async function decide(listed, repositoryId, lookup) {
    const candidates = [];
    let notLive = 0;
    for (const sandbox of listed) {
        const candidate = firstLook(sandbox, repositoryId);
        if (candidate)
            candidates.push(candidate);
        else
            notLive++;
    }
    for (const candidate of candidates) {
        if (!candidate.run)
            continue;
        const verdict = await lookup(candidate.run.id);
        const attempt = candidate.run.attempt;
        if (verdict.kind === 'unknown') {
            candidate.reason = 'GitHub does not know this run (404: deleted, or not a run of this repository)';
        }
        else if (verdict.kind === 'unreadable') {
            candidate.undecided = verdict.detail;
            candidate.reason = `GitHub could not say whether the run is over (${verdict.detail}); the next sweep asks again`;
        }
        else if (attempt > verdict.attempt) {
            // The list was read before GitHub was asked: an attempt GitHub does not show yet is running.
            candidate.reason = `attempt ${attempt} is newer than the run GitHub shows (attempt ${verdict.attempt})`;
        }
        else if (attempt < verdict.attempt) {
            // A re-run starts only after the earlier attempt completed.
            candidate.decision = 'stop';
            candidate.reason = `attempt ${attempt} is over (the run is on attempt ${verdict.attempt})`;
        }
        else if (verdict.kind === 'completed') {
            candidate.decision = 'stop';
            candidate.reason = `run completed${verdict.conclusion ? ` (${(0,untrusted/* serviceText */.Lo)(verdict.conclusion, 40)})` : ''}`;
        }
        else {
            candidate.reason = `run is ${(0,untrusted/* serviceText */.Lo)(verdict.status, 40)}`;
        }
    }
    return { candidates, notLive };
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var classic_schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./build/src/github/octokit.js
var github_octokit = __webpack_require__(4636);
// EXTERNAL MODULE: ./build/src/github/rate-limit.js
var rate_limit = __webpack_require__(2085);
// EXTERNAL MODULE: ./build/src/github/failure.js
var github_failure = __webpack_require__(4679);
// EXTERNAL MODULE: ./build/src/runtime/abort.js
var abort = __webpack_require__(9768);
;// CONCATENATED MODULE: ./build/src/sweep/github-runs.js
/**
 * What GitHub says about a workflow run: GET /repos/{owner}/{repo}/actions/runs/{run_id}
 * through @actions/github (github/octokit.ts: loaded only when a run is asked about).
 */






/** A 401 or 403 (or a rate limit): nothing may be stopped on a guess, so the sweep ends. */
class GitHubAccessError extends Error {
    name = 'GitHubAccessError';
    status;
    constructor(status, message) {
        super(message);
        this.status = status;
    }
}
const WorkflowRun = classic_schemas/* looseObject */._H3({
    id: classic_schemas/* number */.aig(),
    status: classic_schemas/* string */.YjP().nullable().optional(),
    conclusion: classic_schemas/* string */.YjP().nullable().optional(),
    run_attempt: classic_schemas/* number */.aig().int().positive().optional(),
});
const REQUEST_TIMEOUT_MS = 30_000;
/** One run's lookup keeps retrying 5xx and lost answers this long. */
const LOOKUP_DEADLINE_MS = 30_000;
/**
 * All lookups of one sweep together: when GitHub is down, the sweep ends in minutes, keeping what it could not decide.
 */
const LOOKUP_BUDGET_MS = 2 * 60_000;
/**
 * What a lookup that failed says: unknown (404) or unreadable (`unreachable`: GitHub cannot be reached at all); access
 * refusals throw.
 */
function failedLookup(error, repository, rateLimit) {
    const status = (0,github_octokit/* statusOf */.c2)(error);
    if (status === 404)
        return { verdict: { kind: 'unknown' } };
    if (rateLimit || (0,github_octokit/* isRateLimit */.a5)(error)) {
        throw new GitHubAccessError(status ?? 429, `${rateLimit ?? 'the GitHub API rate limit is exhausted'} for 'github-token', later than the sweep can wait; ` +
            'nothing was stopped. The next scheduled sweep tries again');
    }
    if (status === 401 || status === 403) {
        throw new GitHubAccessError(status, `Input 'github-token': GitHub answered ${status} to reading workflow ` +
            `runs of ${repository.owner}/${repository.repo}; nothing was stopped. ` +
            `Give the job 'permissions: { actions: read }' (the default github-token ` +
            `needs it), or pass a token that can read this repository's Actions runs`);
    }
    const failure = (0,github_failure/* describeGitHubFailure */.P)(error);
    return {
        verdict: { kind: 'unreadable', detail: failure.text },
        unreachable: failure.final ? failure.text : undefined,
    };
}
/** What a run's record says: completed (with its attempt and conclusion), still active, or not this run. */
function verdictOf(runId, data) {
    const run = WorkflowRun.safeParse(data);
    if (!run.success || String(run.data.id) !== runId)
        return { kind: 'unreadable', detail: 'the answer is not this run' };
    const attempt = run.data.run_attempt ?? 1;
    if (run.data.status === 'completed')
        return { kind: 'completed', attempt, conclusion: run.data.conclusion ?? undefined };
    return { kind: 'active', attempt, status: run.data.status ?? 'unknown' };
}
/** The run's record, 5xx and lost answers retried until `deadline`. */
function getRun(github, repository, deps, runId, deadline) {
    return (0,retry/* retryUntil */.v6)(deps, deadline, `GitHub run ${runId}`, () => {
        const signal = (0,abort/* withTimeout */.w)(deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, deps.signal);
        const { owner, repo } = repository;
        return github.rest.actions.getWorkflowRun({ owner, repo, run_id: Number(runId), request: { signal } });
    }, { retryable: github_failure/* isTransientGitHub */.c });
}
/**
 * One lookup per run id, however many sandboxes name it. Octokit is loaded at
 * the first lookup: a sweep with no candidate never loads it.
 */
function makeRunLookup(repository, token, deps) {
    let client;
    // `request` replaces @actions/github's own (undici) fetch: one transport, proxy included, for every request.
    const octokit = () => (client ??= (0,github_octokit/* loadOctokit */.mV)(token, repository.apiUrl));
    const asked = new Map();
    let budgetEnds;
    // Set once GitHub cannot be reached at all (the name does not resolve, nothing listens): no later run is asked.
    let unreachable;
    const ask = async (runId) => {
        await octokit();
        budgetEnds ??= deps.clock.now() + LOOKUP_BUDGET_MS;
        for (let limits = 1;; limits++) {
            if (unreachable)
                return { kind: 'unreadable', detail: unreachable };
            if (deps.clock.now() >= budgetEnds)
                return {
                    kind: 'unreadable',
                    detail: "GitHub did not answer the earlier runs within the sweep's 2-minute budget",
                };
            try {
                const deadline = Math.min(deps.clock.now() + LOOKUP_DEADLINE_MS, budgetEnds);
                return verdictOf(runId, (await getRun(await octokit(), repository, deps, runId, deadline)).data);
            }
            catch (error) {
                deps.signal?.throwIfAborted();
                // A rate limit is a wait while the sweep's budget allows it; past it, the sweep ends saying which.
                const limit = (0,rate_limit/* rateLimitOf */.tX)(error, deps.clock.now(), limits);
                const wait = limit ? (0,rate_limit/* rateLimitDelay */.nl)(limit, deps.clock.random()) : Infinity;
                if (limit && deps.clock.now() + wait < budgetEnds) {
                    deps.log(`GitHub run ${runId}: ${(0,rate_limit/* describeRateLimit */.J8)(limit, deps.clock.now())}; waiting ${Math.ceil(wait / 1000)} s.`);
                    await deps.clock.sleep(wait, deps.signal);
                    continue;
                }
                const failed = failedLookup(error, repository, limit && (0,rate_limit/* describeRateLimit */.J8)(limit, deps.clock.now()));
                unreachable ??= failed.unreachable;
                return failed.verdict;
            }
        }
    };
    return (runId) => {
        let verdict = asked.get(runId);
        if (!verdict) {
            verdict = ask(runId);
            asked.set(runId, verdict);
        }
        return verdict;
    };
}

// EXTERNAL MODULE: ./build/src/runner/github.js + 1 modules
var github = __webpack_require__(8088);
;// CONCATENATED MODULE: ./build/src/sweep/registrations.js
/**
 * mode: sweep, after its stops: offline runner registrations named after a
 * sandbox it stopped (a runner: true job whose post step never ran) are
 * deleted. Only with a token that may manage runners; without one, a note.
 */

async function deleteOrphanRegistrations(registry, stoppedIds, log) {
    if (stoppedIds.length === 0)
        return 0;
    const names = new Set(stoppedIds.map(github/* runnerName */.iC));
    let deleted = 0;
    try {
        for (const runner of await registry.list()) {
            // A fresh runner after a refused job carries the sandbox's name and -r<n>.
            if (runner.status !== 'offline' || !names.has((0,github/* firstRunnerName */._e)(runner.name)))
                continue;
            if (await registry.remove(runner.id))
                deleted++;
            log(`Deleted the offline runner registration ${runner.name} (id ${runner.id}) of a stopped sandbox.`);
        }
    }
    catch (error) {
        log((0,github/* isAccessDenied */.w7)(error)
            ? `Runner registrations were not looked for: 'github-token' may not manage runners (${error.status}).`
            : `Runner registrations could not be cleaned up: ${error.message}`);
    }
    return deleted;
}

;// CONCATENATED MODULE: ./build/src/sweep/report.js

/** A candidate as one log line; the name is the service's text. */
function describe(candidate) {
    const name = candidate.name ? ` '${(0,untrusted/* serviceText */.Lo)(candidate.name, 80)}'` : '';
    // A listed id that is not a sandbox id is the service's text too.
    return (`${candidate.id ? (0,untrusted/* serviceText */.Lo)(candidate.id, 80) : '(no id)'}${name}: ` +
        `${candidate.decision} (${candidate.reason})`);
}
function runCell(candidate, repository) {
    if (!candidate.run)
        return '';
    // Digits only (parseGeneratedName) and the runner's own server URL: nothing here is the service's text.
    const { id, attempt } = candidate.run;
    const runs = `${repository.serverUrl}/${repository.owner}/${repository.repo}/actions/runs`;
    return `[${id} #${attempt}](${runs}/${id}/attempts/${attempt})`;
}
function decisionCell(candidate) {
    if (candidate.decision === 'keep')
        return 'kept';
    return candidate.outcome ?? 'stop';
}
function totalsLine(totals) {
    const verb = totals.dryRun ? 'would stop' : 'stopped';
    const failed = totals.failed > 0 ? `, ${totals.failed} failed to stop` : '';
    return (`${totals.listed} sandboxes listed (${totals.notLive} not live): ${totals.stopped} ` +
        `${verb}${failed}, ${totals.kept} kept.`);
}
function sweepSummary(candidates, repository, totals) {
    const heading = `### Sweep of ${repository.owner}/${repository.repo}` + (totals.dryRun ? ' (dry-run: nothing stopped)' : '');
    const lines = [heading, '', totalsLine(totals), ''];
    if (candidates.length > 0) {
        lines.push('| Sandbox | Name | Run | Decision | Reason |', '|---|---|---|---|---|');
        // Orphans first: they are what the reader looks for.
        const ordered = [...candidates].sort((a, b) => Number(b.decision === 'stop') - Number(a.decision === 'stop'));
        for (const candidate of ordered) {
            const reason = candidate.failure ? `${candidate.reason}; ${candidate.failure}` : candidate.reason;
            lines.push(`| ${(0,untrusted/* summaryText */.g5)(candidate.id || '(no id)')} | ${(0,untrusted/* summaryText */.g5)(candidate.name, 80)} ` +
                `| ${runCell(candidate, repository)} | ${decisionCell(candidate)} ` +
                `| ${(0,untrusted/* summaryText */.g5)(reason, 300)} |`);
        }
    }
    return `${lines.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./build/src/sweep/trickle.js
/**
 * Stops in a steady trickle. The organization's 30 start+stop requests a
 * minute are shared with its CI, so a sweep takes at most a third of them
 * (one stop every 6 s), slows down further each time the service answers 429,
 * and never gives up on an orphan while the job runs.
 */

const STOPS_PER_MINUTE = 10;
const SLOWEST_INTERVAL_MS = 60_000;
/** Runs `stop` for each item, one at a time, an interval apart; a 429 doubles the interval. */
async function trickle(items, stop, deps) {
    let interval = 60_000 / STOPS_PER_MINUTE;
    let nextAt = deps.clock.now();
    for (const item of items) {
        const wait = nextAt - deps.clock.now();
        if (wait > 0)
            await deps.clock.sleep(wait, deps.signal);
        deps.signal?.throwIfAborted();
        let slowed = false;
        await stop(item, {
            rateLimited: () => {
                if (slowed)
                    return;
                slowed = true;
                interval = Math.min(SLOWEST_INTERVAL_MS, interval * 2);
                deps.log(`The service answered 429: the sweep slows to one stop every ${Math.round(interval / 1000)}s.`);
            },
        });
        // From the end of this stop (its retries included): never more than one stop per interval.
        nextAt = deps.clock.now() + interval;
    }
}
function isRateLimited(error) {
    return (0,errors/* isServiceError */.gi)(error) && error.status === 429;
}

// EXTERNAL MODULE: ./build/src/pool/deps.js + 1 modules
var pool_deps = __webpack_require__(8468);
// EXTERNAL MODULE: ./build/src/pool/idle.js
var pool_idle = __webpack_require__(5896);
;// CONCATENATED MODULE: ./build/src/pool/sweep-holds.js
/**
 * Mode `sweep`'s part of the holds (hold.ts): a hold of this repository whose
 * pool sandbox has ended holds nothing, and is stopped (a post step that never
 * ran, or whose hold stop failed, leaves one until its TTL). Whether the held
 * sandbox has ended is its own record's word (a 404, or a status that is not
 * live), never the list's absence: a list is bounded, and the held sandbox is
 * older than its hold. A hold whose sandbox still lives is kept.
 */







const STOP_BUDGET_MS = 60_000;
/** Whether the held sandbox has ended, by its own record; undefined where the service did not say. */
async function hasEnded(ctx, id) {
    try {
        return (0,sandbox_status/* isNotLive */.ec)((await (0,pool_deps/* readWithin */.w0)(ctx, id)).status);
    }
    catch (error) {
        if ((0,errors/* isNotFound */.c4)(error))
            return true;
        ctx.log(`Pool: the hold of ${id} kept: its sandbox could not be read (${(0,untrusted/* serviceText */.Lo)(String(error), 200)}).`);
        return undefined;
    }
}
/** Stops this repository's live holds whose sandbox has ended; their ids (none with dry-run: named only). */
async function sweepHolds(ctx, listed, options) {
    const liveIds = new Set(listed.filter((item) => !(0,sandbox_status/* isNotLive */.ec)(item.status)).map((item) => item.id));
    const stopped = [];
    for (const item of listed) {
        const holds = (0,default_name/* heldBy */.Vr)(item.name);
        if (!holds || holds.repositoryId !== options.repositoryId || (0,sandbox_status/* isNotLive */.ec)(item.status))
            continue;
        if (typeof item.id !== 'string' || !schemas/* SANDBOX_ID_PATTERN */.BA.test(item.id))
            continue;
        if (liveIds.has(holds.sandboxId) || (await hasEnded(ctx, holds.sandboxId)) !== true)
            continue;
        if (options.dryRun) {
            ctx.log(`Pool: the hold ${item.id} of ${holds.sandboxId} would be stopped (its sandbox has ended); dry-run.`);
            continue;
        }
        try {
            await (0,stop/* stopSandbox */.a)(ctx, item.id, ctx.clock.now() + STOP_BUDGET_MS, { urgent: false });
            stopped.push(item.id);
            ctx.log(`Pool: the hold ${item.id} of ${holds.sandboxId} stopped: its sandbox has ended.`);
        }
        catch (error) {
            ctx.log(`Pool: the hold ${item.id} could not be stopped (${(0,untrusted/* serviceText */.Lo)(String(error), 200)}); its TTL ends it.`);
        }
    }
    return stopped;
}

// EXTERNAL MODULE: ./build/src/pool/names.js
var names = __webpack_require__(4932);
// EXTERNAL MODULE: ./build/src/ssh/access.js + 2 modules
var access = __webpack_require__(7421);
;// CONCATENATED MODULE: ./build/src/pool/sweep.js








const PREPARE_MS = 3 * 60_000;
/** The pools of this repository with a live sandbox in the list. */
function livePools(listed, repositoryId) {
    const pools = new Set();
    for (const item of listed) {
        const parts = (0,names/* parsePoolName */.Vk)(item.name);
        if (parts?.repositoryId === repositoryId && !(0,sandbox_status/* isNotLive */.ec)(item.status))
            pools.add(parts.pool);
    }
    return [...pools].sort();
}
/** Stops the idle pool sandboxes of both trust domains, and the holds whose sandbox has ended; the ids stopped. */
async function sweepPools(config, deps, listed) {
    const ctx = (0,step_deps/* opContext */.R)(deps);
    const holds = await sweepHolds(ctx, listed, { repositoryId: config.repository.id, dryRun: config.dryRun });
    const pools = livePools(listed, config.repository.id);
    if (pools.length === 0)
        return holds;
    const idleMs = config.poolIdleSeconds * 1000;
    if (config.dryRun) {
        ctx.log(`Pools ${pools.join(', ')}: dry-run, no pool sandbox is claimed or stopped as idle.`);
        return holds;
    }
    let prepared;
    try {
        prepared = await (0,access/* prepareSandboxSsh */.pd)(deps, (0,step_deps/* stepEnvironment */.a)(deps), deps.clock.now() + PREPARE_MS);
    }
    catch (error) {
        const why = (0,untrusted/* serviceText */.Lo)(error.message, 300);
        ctx.log(`Pools ${pools.join(', ')}: idle sandboxes are left to their TTL: no SSH certificate to claim with (${why}).`);
        return holds;
    }
    const pool = (0,pool_deps/* poolDeps */.Fs)(ctx, (0,step_deps/* stepEnvironment */.a)(deps), prepared);
    const stopped = [...holds];
    const claimant = `sweep-${deps.clock.now()}`;
    for (const name of pools) {
        const done = await (0,pool_idle/* stopIdle */.p)(pool, { name, repositoryId: config.repository.id, idleMs, claimant });
        stopped.push(...done.stopped);
    }
    const idle = stopped.length - holds.length;
    ctx.log(`Pools ${pools.join(', ')}: ${idle} sandbox${idle === 1 ? '' : 'es'} stopped as idle.`);
    return stopped;
}

;// CONCATENATED MODULE: ./build/src/modes/sweep.js
/**
 * Mode `sweep`: stop this repository's orphans, the live sandboxes this
 * action named for a run of this repository that GitHub says is over. Lists
 * first, then asks GitHub (once per run), then stops in a slow trickle. A
 * GitHub 401/403 ends the sweep before any stop: never stop on a guess.
 */












const LIST_DEADLINE_MS = 5 * 60_000;
/** 100 pages of the service's default size: thousands of sandboxes. */
const MAX_LIST_PAGES = 100;
/** Each orphan's stop keeps trying this long (429s and lost answers included) before it counts as failed. */
const SWEEP_STOP_DEADLINE_MS = 10 * 60_000;
async function listAll(ctx) {
    const deadline = ctx.clock.now() + LIST_DEADLINE_MS;
    const client = ctx.client.withDeadline(deadline, ctx.clock);
    return (0,retry/* retryUntil */.v6)(ctx, deadline, 'list sandboxes', async () => {
        const listed = [];
        for await (const sandbox of client.allSandboxes({ maxPages: MAX_LIST_PAGES, signal: ctx.signal }))
            listed.push(sandbox);
        return listed;
    }, { backoff: retry/* READ_BACKOFF */.Ue });
}
async function stopOrphan(ctx, candidate, rateLimited) {
    try {
        const result = await (0,stop/* stopSandbox */.a)(ctx, candidate.id, ctx.clock.now() + SWEEP_STOP_DEADLINE_MS, {
            urgent: false,
            onRetry: (error) => {
                if (isRateLimited(error))
                    rateLimited();
            },
        });
        candidate.outcome =
            result.outcome === 'accepted' ? 'stopped' : result.outcome === 'gone' ? 'already gone' : 'not live';
        ctx.log(`${candidate.id}: ${candidate.outcome}${result.status ? ` (status ${(0,untrusted/* serviceText */.Lo)(result.status, 40)})` : ''}.`);
    }
    catch (error) {
        ctx.signal?.throwIfAborted();
        // A token the service refuses fails every stop alike: end the sweep now.
        if ((0,errors/* isServiceError */.gi)(error) && (error.status === 401 || error.status === 403))
            throw error;
        candidate.outcome = 'failed';
        candidate.failure = `stop failed: ${(0,untrusted/* serviceText */.Lo)(error instanceof Error ? error.message : String(error), 200)}`;
    }
}
/**
 * Stops the orphans, at most 10 a minute (dry-run: marks them); the ids stopped, also as the output when the sweep ends
 * early.
 */
async function stopOrphans(deps, orphans, dryRun) {
    const ctx = (0,step_deps/* opContext */.R)(deps);
    const stopped = [];
    try {
        if (dryRun) {
            for (const orphan of orphans) {
                orphan.outcome = 'would stop';
                stopped.push(orphan.id);
            }
            return stopped;
        }
        if (orphans.length > 0)
            ctx.log(`Stopping ${orphans.length} orphan${orphans.length === 1 ? '' : 's'}, at most 10 a minute.`);
        const stopOne = async (orphan, paced) => {
            await stopOrphan(ctx, orphan, paced.rateLimited);
            if (orphan.outcome === 'stopped')
                stopped.push(orphan.id);
        };
        await trickle(orphans, stopOne, ctx);
        return stopped;
    }
    finally {
        deps.core.setOutput('stopped', JSON.stringify(stopped));
    }
}
async function runSweep(config, deps) {
    const { core } = deps;
    const { repository } = config;
    const ctx = (0,step_deps/* opContext */.R)(deps);
    const log = ctx.log;
    log(`Sweeping orphaned sandboxes of ${repository.owner}/${repository.repo} ` +
        `(repository id ${repository.id})${config.dryRun ? ', dry-run: nothing is stopped' : ''}.`);
    // The list comes before GitHub is asked: a run GitHub calls over cannot own a sandbox listed after it.
    const listed = await listAll(ctx);
    const lookup = deps.runLookup ?? makeRunLookup(repository, config.githubToken, ctx);
    const { candidates, notLive } = await decide(listed, repository.id, lookup);
    const swept = candidates;
    const orphans = swept.filter((candidate) => candidate.decision === 'stop');
    for (const candidate of swept)
        log(describe(candidate));
    const stopped = await stopOrphans(deps, orphans, config.dryRun);
    // The warm pool's idle sandboxes: claimed first, then stopped; the output lists them with the orphans.
    const idle = await sweepPools(config, deps, listed);
    if (idle.length > 0)
        core.setOutput('stopped', JSON.stringify([...stopped, ...idle]));
    if (!config.dryRun) {
        const registry = new github/* RunnerRegistry */.It(repository, config.githubToken, ctx);
        await deleteOrphanRegistrations(registry, stopped, log);
    }
    reportUndecided(core, swept);
    const failed = orphans.filter((orphan) => orphan.outcome === 'failed');
    const totals = {
        listed: listed.length,
        notLive,
        kept: swept.length - orphans.length,
        stopped: stopped.length,
        failed: failed.length,
        dryRun: config.dryRun,
    };
    log(totalsLine(totals));
    await core.appendSummary(sweepSummary(swept, repository, totals));
    if (failed.length > 0) {
        for (const orphan of failed)
            core.error(`${orphan.id}: ${orphan.failure ?? 'stop failed'}`, { title: 'Orphaned sandbox may still be running' });
        core.setFailed(`${failed.length} of ${orphans.length} orphan stops failed; they stay ` +
            `running until stopped or their TTL ends. The next sweep tries again.`);
    }
}
/**
 * A sweep that could ask GitHub about none of its candidates decided nothing:
 * it fails, naming the cause, so a scheduled sweep cannot stay green while
 * blind. One that decided some passes with a warning that counts the rest.
 */
function reportUndecided(core, swept) {
    const asked = swept.filter((candidate) => candidate.run !== undefined);
    const undecided = asked.filter((candidate) => candidate.undecided !== undefined);
    if (undecided.length === 0)
        return;
    const causes = [...new Set(undecided.map((candidate) => candidate.undecided))].slice(0, 3).join('; ');
    const count = `${undecided.length} of ${asked.length} candidate${asked.length === 1 ? '' : 's'}`;
    if (undecided.length === asked.length) {
        core.setFailed(`GitHub could not be asked about any candidate (${count}): ${causes}. ` +
            `Nothing was decided, so nothing was stopped. ` +
            'Check that the runner reaches GITHUB_API_URL (proxy, DNS, firewall); the next sweep asks again.');
        return;
    }
    core.warning(`${count} kept undecided: ${causes}. The next sweep asks GitHub again.`, {
        title: 'Sweep could not decide every sandbox',
    });
}


/***/ })

};
