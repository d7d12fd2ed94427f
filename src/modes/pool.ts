/**
 * Mode `pool`: keep the warm pool `pool` of one trust domain (`pool-for`,
 * else the step's own) with no controller. A scheduled workflow runs it: it
 * stops the pool's sandboxes of its request and domain unclaimed past
 * pool-idle (each claimed first, so one a job holds is never stopped), then
 * starts what the pool lacks to hold pool-size ready and unclaimed ones, within
 * max-live (`pool-size: 0` drains it). The gate does not apply (nothing of a
 * pull request runs); the caps do, as for any start. Its summary lists the pool
 * and what its idle sandboxes cost so far. Its post step stops nothing: the
 * pool's sandboxes are the pool's.
 */
import type { GpuType, ListedSandbox } from '../client/schemas.ts'
import { SANDBOX_ID_PATTERN } from '../client/schemas.ts'
import type { PoolConfig, StartConfig } from '../inputs/config.ts'
import { poolDeps } from '../pool/deps.ts'
import { waitedMs } from '../pool/match.ts'
import { poolListed, prefixOf } from '../pool/names.ts'
import { forgetOthers } from '../pool/main.ts'
import { digestLine, prefixFor } from '../pool/request.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { formatDollars, readBillingContext } from '../sandbox/billing.ts'
import { applySpendingCaps } from '../sandbox/caps.ts'
import { prepareSandboxSsh } from '../ssh/access.ts'
import { opContext, stepEnvironment, type StepDeps } from '../step/deps.ts'
import { formatDuration, listWithLimit, markdownTable } from '../step/summary.ts'
import { keepAndWatch, type Kept } from '../pool/keeper.ts'
import type { Prepared } from '../pool/preparer.ts'
import { ActionState } from '../step/state.ts'

/** How long getting the SSH certificate the claims use may take. */
const PREPARE_MS = 3 * 60_000

export async function runPool(given: PoolConfig, deps: StepDeps): Promise<void> {
  const capped = await applySpendingCaps({ ...given, mode: 'start' }, deps)
  for (const line of capped.lines) deps.core.info(`Caps: ${line}.`)
  const config = { ...capped.config, pool: given.pool }
  const prepared = await prepareSandboxSsh(deps, stepEnvironment(deps), deps.clock.now() + PREPARE_MS).catch(
    (error: unknown) => {
      throw new Error(
        `Mode 'pool' claims over SSH, and no certificate could be had ` +
          `(${serviceText((error as Error).message, 300)}); nothing was started or stopped.`,
        { cause: error },
      )
    },
  )
  const pool = poolDeps(opContext(deps), stepEnvironment(deps), prepared, !!given.pool.prepare)
  deps.core.info(`Pool '${given.pool.name}': keeping the ${given.pool.domain} domain's pool (${given.pool.domainWhy}).`)
  const digest = digestLine(given.pool)
  if (digest) deps.core.info(digest)
  const claimant = `pool-${given.pool.name}-${deps.clock.now()}`
  const kept = await keepAndWatch(config, deps, pool, {
    claimant,
    state: new ActionState(deps.core),
    ssh: prepared,
    drain: given.pool.size === 0,
  })
  // The keeper's access to its pool's sandboxes goes with it (a preparation cut short stays for the post step).
  forgetOthers(pool, new ActionState(deps.core))
  const after = poolAfter(kept)
  deps.core.setOutput('pool', JSON.stringify(after))
  deps.core.info(
    `Pool '${given.pool.name}': ${after.ready.length} ready and unclaimed, ${after.claimed.length} claimed, ` +
      `${after.starting.length} starting, ${stoppedWords(kept, after.stopped)}.`,
  )
  await deps.core.appendSummary(await poolSummary(config, deps, kept, after))
  // After the outputs and the summary: a pool whose preparation fails is red, never a pool of cold starts.
  if (kept.failure) throw new Error(`Pool '${given.pool.name}': ${kept.failure}.`)
}

/** The step's stops by why: idle ones, and those whose preparation did not succeed (each stopped by this step). */
function stoppedWords(kept: Kept, stopped: string[]): string {
  const idle = stopped.filter((id) => kept.stopped.includes(id)).length
  const unprepared = stopped.length - idle
  return `${idle} stopped as idle` + (unprepared > 0 ? `, ${unprepared} stopped unprepared` : '')
}

/** The pool after the step: the last look, with what this step prepared or stopped since. */
function poolAfter(kept: Kept): Record<'ready' | 'claimed' | 'starting' | 'stopped', string[]> {
  const { last } = kept
  const ids = (list: string[]) => [...new Set(list)].filter((id) => SANDBOX_ID_PATTERN.test(id))
  const ended = (kinds: Prepared['kind'][]) =>
    new Set(kept.preparations.filter((item) => kinds.includes(item.kind)).map((item) => item.id))
  const prepared = ended(['prepared'])
  const gone = ended(['failed', 'cancelled'])
  // One prepared, then stopped as idle at a later look, is not ready any more.
  const stopped = new Set([...kept.stopped, ...gone])
  return {
    ready: ids([...last.ids.unclaimed, ...prepared].filter((id) => !last.ids.claimed.includes(id) && !stopped.has(id))),
    claimed: ids(last.ids.claimed),
    starting: ids([...last.ids.starting, ...last.started].filter((id) => !prepared.has(id) && !gone.has(id))),
    stopped: ids([...stopped]),
  }
}

/** The summary: the pool after the step, and what its unclaimed sandboxes have cost while they waited. */
async function poolSummary(
  config: StartConfig & { pool: PoolConfig['pool'] },
  deps: StepDeps,
  kept: Kept,
  after: Record<'ready' | 'claimed' | 'starting' | 'stopped', string[]>,
): Promise<string> {
  const { name, domain } = config.pool
  const prefix = prefixFor(config)
  const listed = await poolListed(
    deps.client.allSandboxes({ signal: deps.signal, maxPages: 20 }),
    (parts) => prefixOf(parts) === prefix,
  ).catch(() => [] as (ListedSandbox & { id: string })[])
  const idle = listed.filter((item) => after.ready.includes(item.id) || after.stopped.includes(item.id))
  const now = deps.clock.now()
  // A record that shows no creation time counts no idle time.
  const idleMs = idle.map((item) => waitedMs({ ...item, status: item.status ?? '' }, now) ?? 0)
  const price = await hourlyPrice(config, deps)
  const idleHours = idleMs.reduce((sum, ms) => sum + ms, 0) / 3_600_000
  const idleCost = price === undefined ? 'no catalog price' : `~${formatDollars(idleHours * price)}`
  return (
    `### Pool ${name} (${domain})\n\n` +
    markdownTable([
      ['Trust domain', `${domain}: its sandboxes are claimed only by jobs of this domain`],
      ['Ready, unclaimed', listWithLimit(after.ready, 10) || 'none'],
      ['Claimed by jobs', listWithLimit(after.claimed, 10) || 'none'],
      ['Starting', listWithLimit(after.starting, 10) || 'none'],
      ['Stopped as idle', listWithLimit(after.stopped, 10) || 'none'],
      ['pool-size, pool-idle', `${config.pool.size}, ${formatDuration(config.pool.idleSeconds * 1000)}`],
      [
        'Idle so far',
        `${formatDuration(idleHours * 3_600_000)} unclaimed (the ready ones and those stopped now), ${idleCost}`,
      ],
      ['Started by this step', String(new Set(kept.started).size)],
      ...preparedRows(config, kept, price),
    ])
  )
}

/** The hourly price of the pool's first GPU type (or CPU), from the catalog; undefined where it has none. */
async function hourlyPrice(config: StartConfig, deps: StepDeps): Promise<number | undefined> {
  const gpuType: GpuType | undefined = config.gpuTypes[0]
  const spec = {
    cpu: config.cpu,
    memoryGib: config.memoryGib,
    storageGib: config.storageGib,
    gpuType,
    gpuCount: gpuType ? (config.gpuCount ?? 1) : 0,
  }
  const billing = await readBillingContext(deps.client, spec, (message) => deps.core.info(message), deps.signal)
  return billing.dollarsPerHour
}

/** A prepared pool's rows: what this step prepared, and what that cost (creation to mark or stop, billed). */
function preparedRows(
  config: StartConfig & { pool: PoolConfig['pool'] },
  kept: Kept,
  price: number | undefined,
): [string, string][] {
  if (!config.pool.prepare) return []
  const count = (kind: Prepared['kind']) => kept.preparations.filter((item) => item.kind === kind).length
  const billedMs = kept.preparations.reduce((sum, item) => sum + (item.billedMs ?? 0), 0)
  const cost = price === undefined ? 'no catalog price' : `~${formatDollars((billedMs / 3_600_000) * price)}`
  const watch = config.pool.watchSeconds
  return [
    [
      'Prepared by this step',
      `${count('prepared')} (failed ${count('failed')}, ended unfinished ${count('cancelled')})`,
    ],
    ['Preparing', `${formatDuration(billedMs)} of sandbox time from start to prepared or stopped, ${cost}`],
    ...(watch ? [['pool-watch', `${formatDuration(watch * 1000)}, ${kept.passes} looks`] as [string, string]] : []),
  ]
}
