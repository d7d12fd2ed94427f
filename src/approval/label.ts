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
import { z } from 'zod'
import type { PullRequestEvent } from '../inputs/approval.ts'
import { serviceText } from '../runtime/untrusted.ts'
import type { GitHubCall } from '../github/call.ts'

/** The gate said no: who, which commit, and what a maintainer does. */
export class ApprovalRefusedError extends Error {
  constructor(message: string) {
    super(`Approval gate: ${message} Nothing was started.`)
    this.name = 'ApprovalRefusedError'
  }
}

export type GateRead = (call: Omit<GitHubCall, 'needs'>, needs: string) => Promise<unknown>

const PullRequest = z.looseObject({
  head: z.looseObject({ sha: z.string() }),
  labels: z.array(z.looseObject({ name: z.string() })),
})
const TimelineEvent = z.looseObject({
  event: z.string(),
  created_at: z.string().optional(),
  label: z.looseObject({ name: z.string() }).optional(),
  actor: z.looseObject({ login: z.string(), type: z.string().optional() }).nullish(),
})
const WorkflowRun = z.looseObject({ created_at: z.string() })
/** 1,000 timeline events; a longer timeline cannot be read to its end, so the gate refuses. */
const TIMELINE_PAGES = 10
/** What moves a head branch other than a fast-forward. */
const HEAD_MOVES = new Set(['head_ref_force_pushed', 'head_ref_deleted', 'head_ref_restored'])

export const short = (sha: string) => serviceText(sha.slice(0, 12), 12)
const when = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')

interface Timeline {
  /** When the label was last added. */
  labeledAt?: number
  /** When the head branch last moved other than by a fast-forward. */
  movedAt: number[]
  /** Each removal of the label: when, and by whom ('bot': an app's account, as this action's token is). */
  removed: { at: number; by: string; bot: boolean }[]
}

export class LabelCheck {
  private readonly read: GateRead
  private readonly actor: string
  private readonly runId: number | undefined
  private readonly once: boolean

  constructor(read: GateRead, actor: string, runId: number | undefined, once = false) {
    this.read = read
    this.actor = actor
    this.runId = runId
    this.once = once
  }

  /**
   * Passes (returns the approved head, and whether the label was gone already: approve-label-once, removed by an
   * earlier leg or attempt), or throws ApprovalRefusedError (or an error naming github-token).
   */
  async check(label: string, pr: PullRequestEvent): Promise<{ head: string; gone: boolean }> {
    const current = PullRequest.parse(
      await this.read(
        {
          label: `reading pull request #${pr.number}`,
          route: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
          parameters: { pull_number: pr.number },
        },
        'pull-requests: read',
      ),
    )
    const head = current.head.sha
    const again = `A maintainer approves the current head by removing the label '${label}' and adding it again.`
    const carried = current.labels.some((l) => l.name === label)
    const missing = () =>
      new ApprovalRefusedError(
        `pull request #${pr.number} (head ${short(head)}, run by @${serviceText(this.actor, 40)}) ` +
          `does not carry the label '${label}'. A maintainer approves this code by adding the label '${label}'.`,
      )
    if (!carried && !this.once) throw missing()
    const labeledRun = pr.action === 'labeled' && pr.labeled === label
    if (head !== pr.headSha)
      throw new ApprovalRefusedError(
        labeledRun
          ? `the label '${label}' was given to ${short(pr.headSha)}, but pull request #${pr.number}'s head is now ` +
              `${short(head)} (a push after the approval). ${again}`
          : `this run is for ${short(pr.headSha)}, but pull request #${pr.number}'s head is now ${short(head)} ` +
              `(a push after this run was made). ${again}`,
      )
    if (!carried) await this.checkRemovedByAction(label, pr, labeledRun, missing)
    else if (!labeledRun) await this.checkAfterRun(label, pr, again)
    return { head, gone: !carried }
  }

  /**
   * approve-label-once, the label gone: it approved this run (a labeled run's own label, else one added after the
   * run was made), every removal since was a bot's (this action's post step in another leg or attempt), and the head
   * branch has not moved since. Otherwise the label's absence refuses, as without approve-label-once.
   */
  private async checkRemovedByAction(
    label: string,
    pr: PullRequestEvent,
    labeledRun: boolean,
    missing: () => ApprovalRefusedError,
  ): Promise<void> {
    const createdAt = labeledRun ? undefined : await this.runCreatedAt()
    const timeline = await this.timeline(label, pr.number)
    const given = timeline?.labeledAt
    if (!timeline || given === undefined || (!labeledRun && (createdAt === undefined || given <= createdAt)))
      throw missing()
    const since = timeline.removed.filter((removal) => removal.at >= given)
    const person = since.find((removal) => !removal.bot)
    if (person || since.length === 0)
      throw new ApprovalRefusedError(
        `the label '${label}' was removed from pull request #${pr.number}` +
          `${person ? ` by @${serviceText(person.by, 40)}` : ''} after it approved this run: a person's removal ` +
          `withdraws the approval. A maintainer approves this code by adding the label '${label}' again.`,
      )
    const moved = timeline.movedAt.filter((at) => at > Math.min(given, createdAt ?? given))
    if (moved.length > 0)
      throw new ApprovalRefusedError(
        `pull request #${pr.number}'s head branch was force-pushed (${when(Math.max(...moved))}) after the label ` +
          `'${label}' approved this run. A maintainer approves the current head by adding the label again.`,
      )
  }

  /** A label already there approves the head only when it came after this run, and the head never moved since. */
  private async checkAfterRun(label: string, pr: PullRequestEvent, again: string): Promise<void> {
    const createdAt = await this.runCreatedAt()
    const timeline = await this.timeline(label, pr.number)
    const head = short(pr.headSha)
    if (createdAt === undefined || timeline === undefined || timeline.labeledAt === undefined)
      throw new ApprovalRefusedError(
        `GitHub's records do not show that '${label}' was added to pull request #${pr.number} after its head ` +
          `${head} was pushed. ${again}`,
      )
    if (timeline.labeledAt <= createdAt)
      throw new ApprovalRefusedError(
        `the label '${label}' on pull request #${pr.number} was added (${when(timeline.labeledAt)}) before this ` +
          `run was made for its head ${head} (${when(createdAt)}, run by @${serviceText(this.actor, 40)}): ` +
          `a push after the approval, or a commit pushed again. ${again}`,
      )
    const moved = timeline.movedAt.filter((at) => at > createdAt)
    if (moved.length > 0)
      throw new ApprovalRefusedError(
        `pull request #${pr.number}'s head branch was force-pushed (${when(Math.max(...moved))}) after this run ` +
          `was made for ${head} (${when(createdAt)}): ${head} may have been pushed back after the approval. ${again}`,
      )
  }

  /** When GitHub made this workflow run (a re-run keeps it), or undefined. */
  private async runCreatedAt(): Promise<number | undefined> {
    if (this.runId === undefined) return undefined
    const run = WorkflowRun.safeParse(
      await this.read(
        {
          label: `reading this workflow run (${this.runId})`,
          route: 'GET /repos/{owner}/{repo}/actions/runs/{run_id}',
          parameters: { run_id: this.runId },
        },
        'actions: read',
      ),
    )
    const at = run.success ? Date.parse(run.data.created_at) : NaN
    return Number.isFinite(at) ? at : undefined
  }

  /** The pull request's timeline, read to its end (oldest first), or undefined when it is longer than we read. */
  private async timeline(label: string, number: number): Promise<Timeline | undefined> {
    const found: Timeline = { movedAt: [], removed: [] }
    for (let page = 1; page <= TIMELINE_PAGES; page++) {
      const data = await this.read(
        {
          label: `reading the timeline of pull request #${number}`,
          route: 'GET /repos/{owner}/{repo}/issues/{issue_number}/timeline',
          parameters: { issue_number: number, per_page: 100, page },
        },
        'pull-requests: read',
      )
      const events = Array.isArray(data) ? data : []
      for (const raw of events) {
        const event = TimelineEvent.safeParse(raw)
        const at = event.success ? Date.parse(event.data.created_at ?? '') : NaN
        if (!event.success || !Number.isFinite(at)) continue
        if (event.data.event === 'labeled' && event.data.label?.name === label)
          found.labeledAt = Math.max(found.labeledAt ?? 0, at)
        if (HEAD_MOVES.has(event.data.event)) found.movedAt.push(at)
        if (event.data.event === 'unlabeled' && event.data.label?.name === label) {
          const by = event.data.actor?.login ?? ''
          found.removed.push({ at, by, bot: event.data.actor?.type === 'Bot' || by.endsWith('[bot]') })
        }
      }
      if (events.length < 100) return found
    }
    return undefined
  }
}
