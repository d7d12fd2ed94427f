export const id = 157;
export const ids = [157];
export const modules = {

/***/ 9157:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  removeApproval: () => (/* binding */ removeApproval)
});

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./build/src/inputs/approval.js
var approval = __webpack_require__(8944);
// EXTERNAL MODULE: ./build/src/runtime/untrusted.js
var untrusted = __webpack_require__(4120);
;// CONCATENATED MODULE: ./build/src/approval/label.js
/**
 * `approve-label`: the label approves the head it was given
 * to, and nothing pushed after it. A `labeled` run names that commit itself: the
 * pull request's head must still be it. Any other run reports a push (or another
 * event) that GitHub made this very run for, so it carries its own time:
 * `created_at` of this workflow run (a re-run keeps it). The label approves
 * that run's head when
 * - the head is still the head this run's event named,
 * - the newest `labeled` event of the label is newer than this run, and
 * - the head branch was not force-pushed, deleted or restored after this run was
 *   made: a head that moved away and came back (a commit pushed back) always takes
 *   one of those, since fast-forwards alone never return to a commit.
 * Runs of the same commit on other branches or pull requests prove nothing and
 * are not read. Where GitHub's records cannot show it, the gate refuses.
 *
 * `approve-label-once` approves the run, not its first leg: a leg
 * that finds the label gone still starts when the records show that the label
 * approved this run (as above) and was removed since only by a bot (this
 * action's token, github-actions[bot]), never by a person, with the head
 * unmoved. A new run needs a new label: its own creation comes after the label.
 */


/** The gate said no: who, which commit, and what a maintainer does. */
class label_ApprovalRefusedError extends Error {
    constructor(message) {
        super(`Approval gate: ${message} Nothing was started.`);
        this.name = 'ApprovalRefusedError';
    }
}
const PullRequest = schemas/* looseObject */._H3({
    head: schemas/* looseObject */._H3({ sha: schemas/* string */.YjP() }),
    labels: schemas/* array */.YOg(schemas/* looseObject */._H3({ name: schemas/* string */.YjP() })),
});
const TimelineEvent = schemas/* looseObject */._H3({
    event: schemas/* string */.YjP(),
    created_at: schemas/* string */.YjP().optional(),
    label: schemas/* looseObject */._H3({ name: schemas/* string */.YjP() }).optional(),
    actor: schemas/* looseObject */._H3({ login: schemas/* string */.YjP(), type: schemas/* string */.YjP().optional() }).nullish(),
});
const WorkflowRun = schemas/* looseObject */._H3({ created_at: schemas/* string */.YjP() });
/** 1,000 timeline events; a longer timeline cannot be read to its end, so the gate refuses. */
const TIMELINE_PAGES = 10;
/** What moves a head branch other than a fast-forward. */
const HEAD_MOVES = new Set(['head_ref_force_pushed', 'head_ref_deleted', 'head_ref_restored']);
const label_short = (sha) => serviceText(sha.slice(0, 12), 12);
const when = (ms) => new Date(ms).toISOString().replace('.000Z', 'Z');
class label_LabelCheck {
    read;
    actor;
    runId;
    once;
    constructor(read, actor, runId, once = false) {
        this.read = read;
        this.actor = actor;
        this.runId = runId;
        this.once = once;
    }
    /**
     * Passes (returns the approved head, and whether the label was gone already: approve-label-once, removed by an
     * earlier leg or attempt), or throws ApprovalRefusedError (or an error naming github-token).
     */
    async check(label, pr) {
        const current = PullRequest.parse(await this.read({
            label: `reading pull request #${pr.number}`,
            route: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
            parameters: { pull_number: pr.number },
        }, 'pull-requests: read'));
        const head = current.head.sha;
        const again = `A maintainer approves the current head by removing the label '${label}' and adding it again.`;
        const carried = current.labels.some((l) => l.name === label);
        const missing = () => new label_ApprovalRefusedError(`pull request #${pr.number} (head ${label_short(head)}, run by @${serviceText(this.actor, 40)}) ` +
            `does not carry the label '${label}'. A maintainer approves this code by adding the label '${label}'.`);
        if (!carried && !this.once)
            throw missing();
        const labeledRun = pr.action === 'labeled' && pr.labeled === label;
        if (head !== pr.headSha)
            throw new label_ApprovalRefusedError(labeledRun
                ? `the label '${label}' was given to ${label_short(pr.headSha)}, but pull request #${pr.number}'s head is now ` +
                    `${label_short(head)} (a push after the approval). ${again}`
                : `this run is for ${label_short(pr.headSha)}, but pull request #${pr.number}'s head is now ${label_short(head)} ` +
                    `(a push after this run was made). ${again}`);
        if (!carried)
            await this.checkRemovedByAction(label, pr, labeledRun, missing);
        else if (!labeledRun)
            await this.checkAfterRun(label, pr, again);
        return { head, gone: !carried };
    }
    /**
     * approve-label-once, the label gone: it approved this run (a labeled run's own label, else one added after the
     * run was made), every removal since was a bot's (this action's post step in another leg or attempt), and the head
     * branch has not moved since. Otherwise the label's absence refuses, as without approve-label-once.
     */
    async checkRemovedByAction(label, pr, labeledRun, missing) {
        const createdAt = labeledRun ? undefined : await this.runCreatedAt();
        const timeline = await this.timeline(label, pr.number);
        const given = timeline?.labeledAt;
        if (!timeline || given === undefined || (!labeledRun && (createdAt === undefined || given <= createdAt)))
            throw missing();
        const since = timeline.removed.filter((removal) => removal.at >= given);
        const person = since.find((removal) => !removal.bot);
        if (person || since.length === 0)
            throw new label_ApprovalRefusedError(`the label '${label}' was removed from pull request #${pr.number}` +
                `${person ? ` by @${serviceText(person.by, 40)}` : ''} after it approved this run: a person's removal ` +
                `withdraws the approval. A maintainer approves this code by adding the label '${label}' again.`);
        const moved = timeline.movedAt.filter((at) => at > Math.min(given, createdAt ?? given));
        if (moved.length > 0)
            throw new label_ApprovalRefusedError(`pull request #${pr.number}'s head branch was force-pushed (${when(Math.max(...moved))}) after the label ` +
                `'${label}' approved this run. A maintainer approves the current head by adding the label again.`);
    }
    /** A label already there approves the head only when it came after this run, and the head never moved since. */
    async checkAfterRun(label, pr, again) {
        const createdAt = await this.runCreatedAt();
        const timeline = await this.timeline(label, pr.number);
        const head = label_short(pr.headSha);
        if (createdAt === undefined || timeline === undefined || timeline.labeledAt === undefined)
            throw new label_ApprovalRefusedError(`GitHub's records do not show that '${label}' was added to pull request #${pr.number} after its head ` +
                `${head} was pushed. ${again}`);
        if (timeline.labeledAt <= createdAt)
            throw new label_ApprovalRefusedError(`the label '${label}' on pull request #${pr.number} was added (${when(timeline.labeledAt)}) before this ` +
                `run was made for its head ${head} (${when(createdAt)}, run by @${serviceText(this.actor, 40)}): ` +
                `a push after the approval, or a commit pushed again. ${again}`);
        const moved = timeline.movedAt.filter((at) => at > createdAt);
        if (moved.length > 0)
            throw new label_ApprovalRefusedError(`pull request #${pr.number}'s head branch was force-pushed (${when(Math.max(...moved))}) after this run ` +
                `was made for ${head} (${when(createdAt)}): ${head} may have been pushed back after the approval. ${again}`);
    }
    /** When GitHub made this workflow run (a re-run keeps it), or undefined. */
    async runCreatedAt() {
        if (this.runId === undefined)
            return undefined;
        const run = WorkflowRun.safeParse(await this.read({
            label: `reading this workflow run (${this.runId})`,
            route: 'GET /repos/{owner}/{repo}/actions/runs/{run_id}',
            parameters: { run_id: this.runId },
        }, 'actions: read'));
        const at = run.success ? Date.parse(run.data.created_at) : NaN;
        return Number.isFinite(at) ? at : undefined;
    }
    /** The pull request's timeline, read to its end (oldest first), or undefined when it is longer than we read. */
    async timeline(label, number) {
        const found = { movedAt: [], removed: [] };
        for (let page = 1; page <= TIMELINE_PAGES; page++) {
            const data = await this.read({
                label: `reading the timeline of pull request #${number}`,
                route: 'GET /repos/{owner}/{repo}/issues/{issue_number}/timeline',
                parameters: { issue_number: number, per_page: 100, page },
            }, 'pull-requests: read');
            const events = Array.isArray(data) ? data : [];
            for (const raw of events) {
                const event = TimelineEvent.safeParse(raw);
                const at = event.success ? Date.parse(event.data.created_at ?? '') : NaN;
                if (!event.success || !Number.isFinite(at))
                    continue;
                if (event.data.event === 'labeled' && event.data.label?.name === label)
                    found.labeledAt = Math.max(found.labeledAt ?? 0, at);
                if (HEAD_MOVES.has(event.data.event))
                    found.movedAt.push(at);
                if (event.data.event === 'unlabeled' && event.data.label?.name === label) {
                    const by = event.data.actor?.login ?? '';
                    found.removed.push({ at, by, bot: event.data.actor?.type === 'Bot' || by.endsWith('[bot]') });
                }
            }
            if (events.length < 100)
                return found;
        }
        return undefined;
    }
}

// EXTERNAL MODULE: ./build/src/github/call.js + 1 modules
var github_call = __webpack_require__(1990);
// EXTERNAL MODULE: ./build/src/github/octokit.js
var octokit = __webpack_require__(4636);
;// CONCATENATED MODULE: ./build/src/approval/github.js
/**
 * The approval gate (issues 31 and 42), read from GitHub with `github-token`
 * before any request to the service. A pull-request run passes only when:
 * - `min-permission`: the triggering actor holds at least that permission
 *   (GET …/collaborators/{actor}/permission: `role_name`, else `permission`);
 * - `approve-label`: the pull request carries the label on the head it was
 *   given to, and nothing was pushed after it (label.ts).
 * A gate that cannot be evaluated refuses; it never passes. Every GitHub string
 * reaches the log through serviceText.
 */







const Collaborator = schemas/* looseObject */._H3({ permission: schemas/* string */.YjP(), role_name: schemas/* string */.YjP().optional() });
class ApprovalGate {
    request;
    deps;
    octokit;
    constructor(request, deps) {
        this.request = request;
        this.deps = deps;
    }
    async read(call, needs) {
        const { githubToken, repository } = this.request;
        const github = await (this.octokit ??= loadOctokit(githubToken, repository.apiUrl));
        const full = { ...call, needs: `The approval gate needs a token with ${needs}, and refuses without it.` };
        const answer = await callGitHub(github, repository, this.deps, full);
        return answer.data;
    }
    /**
     * Passes, or throws ApprovalRefusedError (or an error naming github-token). `labelGone`: approve-label-once found
     * the label removed already (by an earlier leg or attempt of this run), so this leg need not remove it.
     */
    async check() {
        const { pullRequest, eventName, minPermission, label } = this.request;
        if (!pullRequest) {
            this.deps.log(`Approval gate: a '${eventName || 'local'}' run is not a pull request's: nothing to approve.`);
            return { labelGone: false };
        }
        if (minPermission)
            await this.checkPermission(minPermission, pullRequest);
        return { labelGone: label ? await this.checkLabel(label, pullRequest) : false };
    }
    async checkPermission(min, pr) {
        const { actor } = this.request;
        if (!/^[A-Za-z0-9-]+(\[bot\])?$/.test(actor))
            throw new ApprovalRefusedError(`the run's actor ('${serviceText(actor, 40)}') cannot be checked.`);
        const data = await this.read({
            label: `reading ${actor}'s permission`,
            route: 'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
            parameters: { username: actor },
        }, 'metadata: read');
        const answer = Collaborator.safeParse(data);
        const held = answer.success ? (answer.data.role_name ?? answer.data.permission).toLowerCase() : 'unknown';
        const rank = PERMISSIONS.indexOf(held);
        const { owner, repo } = this.request.repository;
        if (rank < PERMISSIONS.indexOf(min))
            throw new ApprovalRefusedError(`@${actor} holds '${serviceText(held, 20)}' on ${owner}/${repo}, ` +
                `below min-permission '${min}' (pull request #${pr.number}, head ${short(pr.headSha)}). ` +
                `Someone with '${min}' or more approves by re-running the job.`);
        this.deps.log(`Approval gate: @${actor} holds '${held}' (min-permission '${min}').`);
    }
    async checkLabel(label, pr) {
        const { actor, runId, once } = this.request;
        const check = new LabelCheck((call, needs) => this.read(call, needs), actor, runId, once);
        const { head, gone } = await check.check(label, pr);
        this.deps.log(`Approval gate: pull request #${pr.number} is approved by '${label}' for head ${short(head)}` +
            (gone ? ' (approve-label-once: removed already by an earlier job of this run, which it approved).' : '.'));
        return gone;
    }
}
/** approve-label-once: the post step removes the label; a label already gone is fine. */
async function removeApprovalLabel(request, number, label, deps) {
    const github = await (0,octokit/* loadOctokit */.mV)(request.githubToken, request.repository.apiUrl);
    const call = {
        label: `removing the label '${label}' from pull request #${number}`,
        route: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
        parameters: { issue_number: number, name: label },
        needs: 'approve-label-once needs a token with pull-requests: write.',
    };
    try {
        await (0,github_call/* callGitHub */.ur)(github, request.repository, deps, call);
        return 'removed';
    }
    catch (error) {
        if (error instanceof github_call/* GitHubError */.y_ && error.status === 404)
            return 'gone';
        throw error;
    }
}

;// CONCATENATED MODULE: ./build/src/approval/post.js
/**
 * approve-label-once: the post step removes the approval label, so the next
 * run needs a new approval. Never fails the step: a label that cannot be
 * removed is a warning saying what the token lacks.
 */

async function removeApproval(deps, saved, config) {
    const { githubToken, repository } = config.runner();
    const what = `the label '${saved.label}' of pull request #${saved.number}`;
    if (!githubToken || !repository) {
        deps.core.warning(`approve-label-once: ${what} was not removed: no github-token or repository in this step.`);
        return;
    }
    try {
        const log = (message) => deps.core.info(message);
        const outcome = await removeApprovalLabel({ githubToken, repository }, saved.number, saved.label, { ...deps, log });
        deps.core.info(outcome === 'removed'
            ? `approve-label-once: removed ${what}; the next run needs a new approval.`
            : `approve-label-once: ${what} is already gone.`);
    }
    catch (error) {
        deps.core.warning(`approve-label-once: ${what} was not removed: ${error.message}`);
    }
}


/***/ })

};
