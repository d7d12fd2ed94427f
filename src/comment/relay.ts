/**
 * The comment's rows through the run's own artifacts: GitHub's REST
 * budget is shared by the whole repository, so a matrix's legs do not each
 * write the comment. Each leg's main step says it will have a row (an
 * artifact `…-leg-<sandbox>`); its post step uploads the row (`…-row-<sandbox>`),
 * deletes what it said, and looks (gather.ts): while another leg said
 * so, has no row yet and its sandbox is still live in the compute service's
 * list (free for GitHub), or a newer row is there, that leg decides. A leg
 * whose sandbox ended without a row is looked at again before it counts as
 * gone. Otherwise this leg is the last of the run: it reads every row, the
 * run's job names once, writes the comment once, and deletes the rows. Two
 * legs ending together may both write (the merge keeps every row); none is
 * left out, because the later of the two sees the other's row. Where the
 * runner gives no results service, or it fails, the leg writes its own row as
 * before (comment.ts).
 */
import type { ArtifactStore, StoredArtifact } from './artifacts.ts'
import type { CommentTarget } from './github.ts'
import { isEnded, isFailed } from '../sandbox/status.ts'
import type { CommentFacts } from './text.ts'
import type { OpContext } from '../step/deps.ts'

const RELAY_PREFIX = 'gpu-sandbox-comment-'
/** The artifacts of one run attempt: a re-run's legs wait for and write only their own. */
const attemptPrefix = (target: CommentTarget) => `${RELAY_PREFIX}${target.workflowRun?.attempt ?? 1}-`
export const legArtifact = (target: CommentTarget, sandbox: string) => `${attemptPrefix(target)}leg-${sandbox}`
export const rowArtifact = (target: CommentTarget, sandbox: string) => `${attemptPrefix(target)}row-${sandbox}`
/** A row is small; anything larger is not one of ours. */
export const MAX_ROW_BYTES = 16_384
/** How long the main step's announcement may take before the step ends without it. */
const ANNOUNCE_TIMEOUT_MS = 15_000
/** The list pages read to tell whether a leg still runs. */
const LIST_PAGES = 10

/** What a leg's row artifact holds: its facts, and what finds its job's name (its runner, when it started). */
export interface RelayedRow {
  v: 1
  facts: CommentFacts
  runnerName?: string
  /** When the leg's main step started (epoch ms). */
  at?: number
}

/**
 * The main step's announcement, started at once and settled before the step ends (at most 15 s): never fails the
 * step, never holds the start up.
 */
export function announceLeg(
  store: ArtifactStore | undefined,
  target: CommentTarget | undefined,
  sandbox: string,
  log: (message: string) => void,
): { settled: () => Promise<void> } {
  if (!store || !target) return { settled: async () => undefined }
  const upload = store.upload(legArtifact(target, sandbox), Buffer.from('{"v":1}')).then(
    () => log("comment: this job will have a row (said through the run's artifacts, for the last job to end)."),
    (error: unknown) => log(`comment: could not say this job's row will come (${(error as Error).message}).`),
  )
  let timer: NodeJS.Timeout | undefined
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, ANNOUNCE_TIMEOUT_MS)))
  return { settled: () => Promise.race([upload, bound]).finally(() => clearTimeout(timer)) }
}

/** This run attempt's relay artifacts: every row, and the legs that said they will have one and have none yet. */
export interface RelayView {
  rows: StoredArtifact[]
  /** Every leg's announcement. */
  legs: StoredArtifact[]
  waiting: { artifact: StoredArtifact; sandbox: string }[]
}

export async function relayView(store: ArtifactStore, target: CommentTarget): Promise<RelayView> {
  const prefix = attemptPrefix(target)
  const listed = await store.list(prefix)
  const rows = listed.filter((artifact) => artifact.name.startsWith(`${prefix}row-`))
  const rowed = new Set(rows.map((artifact) => artifact.name.slice(`${prefix}row-`.length)))
  const legs = listed.filter((artifact) => artifact.name.startsWith(`${prefix}leg-`))
  const waiting = legs
    .map((artifact) => ({ artifact, sandbox: artifact.name.slice(`${prefix}leg-`.length) }))
    .filter(({ sandbox }) => !rowed.has(sandbox))
  return { rows, legs, waiting }
}

/**
 * Whether a leg still waiting for a row has a live sandbox in the service's list (that leg will write; one being
 * stopped is in its post step, before its row): the list is read until one is found. A list that cannot be read
 * finds none (this leg writes: a write too many costs little, one too few loses rows).
 */
export async function waitingLegs(
  ctx: OpContext,
  waiting: RelayView['waiting'],
): Promise<'running' | 'ended' | 'none'> {
  if (waiting.length === 0) return 'none'
  const names = new Set(waiting.map(({ sandbox }) => sandbox))
  try {
    for await (const sandbox of ctx.client.allSandboxes({ maxPages: LIST_PAGES, signal: ctx.signal }))
      if (sandbox.name && names.has(sandbox.name) && !isEnded(sandbox.status) && !isFailed(sandbox.status))
        return 'running'
  } catch (error) {
    ctx.signal?.throwIfAborted()
    ctx.log(`comment: the compute service's list could not be read (${(error as Error).message}); writing.`)
    return 'none'
  }
  return 'ended'
}

/** Whether a row uploaded after this leg's is in the view: its leg listed later and saw this row, so it decides. */
export function newerRow(view: RelayView, mine: string): boolean {
  const own = view.rows.find((row) => row.name === mine)
  if (own?.createdAt === undefined) return false
  const at = own.createdAt
  return view.rows.some(
    (row) =>
      row !== own && row.createdAt !== undefined && (row.createdAt > at || (row.createdAt === at && row.name > mine)),
  )
}
