/**
 * The JSON state values (saved.ts's shapes) read back for the post step: a value of another shape (a state file an
 * older version wrote, a hand-edited one) is undefined, never a half-filled object.
 */
import { MAX_RUNNER_JOBS, MAX_RUNNERS, RUNNER_FOLDER } from '../inputs/runner.ts'
import type {
  SavedApproval,
  SavedGpuReport,
  SavedInclude,
  SavedPoolClaims,
  SavedRunner,
  SavedUnserved,
} from './saved.ts'

type Json = Record<string, unknown> | undefined

export function savedRunner(saved: Json): SavedRunner | undefined {
  if (!saved || !Number.isInteger(saved.id) || typeof saved.name !== 'string') return undefined
  const w = saved.watch as { pid?: unknown; configPath?: unknown; alias?: unknown } | undefined
  const watch =
    w && Number.isInteger(w.pid) && typeof w.configPath === 'string' && typeof w.alias === 'string'
      ? { pid: w.pid as number, configPath: w.configPath, alias: w.alias }
      : undefined
  const folder = typeof saved.folder === 'string' && RUNNER_FOLDER.test(saved.folder) ? saved.folder : ''
  const gpus = typeof saved.gpus === 'string' && /^\d{1,2}(,\d{1,2})*$/.test(saved.gpus) ? saved.gpus : ''
  return {
    id: saved.id as number,
    name: saved.name,
    online: saved.online === true,
    ...(watch ? { watch } : {}),
    ...(folder ? { folder } : {}),
    ...(gpus ? { gpus } : {}),
  }
}

export function savedUnserved(saved: Json): SavedUnserved | undefined {
  if (!saved || !Number.isInteger(saved.id) || !Number.isInteger(saved.pid)) return undefined
  if (typeof saved.name !== 'string' || typeof saved.dir !== 'string') return undefined
  const user = typeof saved.user === 'string' ? { user: saved.user } : {}
  return { id: saved.id as number, name: saved.name, dir: saved.dir, pid: saved.pid as number, ...user }
}

export function savedInclude(value: Json): SavedInclude | undefined {
  if (typeof value?.userConfig !== 'string' || typeof value.line !== 'string' || !value.line.startsWith('Include '))
    return undefined
  return {
    userConfig: value.userConfig,
    line: value.line,
    createdConfig: value.createdConfig === true,
    createdDir: value.createdDir === true,
  }
}

export function savedGpuReport(saved: Json): SavedGpuReport | undefined {
  if (!saved) return undefined
  const { configPath, alias, gpuType } = saved
  const counts = { gpuCount: saved.gpuCount, cpu: saved.cpu, memoryGib: saved.memoryGib, storageGib: saved.storageGib }
  if (typeof configPath !== 'string' || typeof alias !== 'string' || typeof gpuType !== 'string') return undefined
  if (!Object.values(counts).every((count) => Number.isInteger(count) && (count as number) >= 1)) return undefined
  const numbers = counts as Pick<SavedGpuReport, 'gpuCount' | 'cpu' | 'memoryGib' | 'storageGib'>
  const figure = typeof saved.figure === 'string' ? { figure: saved.figure.slice(0, 40) } : {}
  return { configPath, alias, gpuType, ...numbers, reported: saved.reported === true, ...figure }
}

/** The k-th of several saved things of one kind: the first under the kind's own key, as before there were several. */
export const slotKey = (key: string, slot: number) => (slot <= 1 ? key : `${key}-${slot}`)

/** How many of a kind may be saved: MAX_RUNNERS runners, or as many failing runners as jobs they could serve. */
const MAX_SLOTS = MAX_RUNNER_JOBS * MAX_RUNNERS

export function slots<T>(read: (slot: number) => T | undefined): T[] {
  const found: T[] = []
  for (let slot = 1; slot <= MAX_SLOTS; slot++) {
    // One removed in the middle (its parts all gone) leaves a gap: the later ones are still read.
    const one = read(slot)
    if (one !== undefined) found.push(one)
  }
  return found
}

export function savedBudget(saved: Json): { limit: number; remaining: number; resetsAt: number } | undefined {
  const [limit, remaining, resetsAt] = [saved?.limit, saved?.remaining, saved?.resetsAt]
  return typeof limit === 'number' && typeof remaining === 'number' && typeof resetsAt === 'number'
    ? { limit, remaining, resetsAt }
    : undefined
}

export function savedAccess(saved: Json): { configPath: string; alias: string } | undefined {
  return typeof saved?.configPath === 'string' && typeof saved.alias === 'string'
    ? { configPath: saved.configPath, alias: saved.alias }
    : undefined
}

export function savedSpent(saved: Json): { seconds: number; dollars: number | undefined } | undefined {
  if (typeof saved?.seconds !== 'number') return undefined
  return { seconds: saved.seconds, dollars: typeof saved.dollars === 'number' ? saved.dollars : undefined }
}

export function savedPoolClaims(saved: Json): SavedPoolClaims | undefined {
  if (!saved || typeof saved.claimant !== 'string' || !Array.isArray(saved.pending)) return undefined
  const pending = (saved.pending as Json[]).flatMap((claim) =>
    claim && typeof claim.id === 'string' && typeof claim.configPath === 'string' && typeof claim.alias === 'string'
      ? [{ id: claim.id, configPath: claim.configPath, alias: claim.alias }]
      : [],
  )
  const holds = (Array.isArray(saved.holds) ? (saved.holds as Json[]) : []).flatMap((hold) =>
    hold && typeof hold.sandboxId === 'string'
      ? [{ sandboxId: hold.sandboxId, ...(typeof hold.holdId === 'string' ? { holdId: hold.holdId } : {}) }]
      : [],
  )
  return { claimant: saved.claimant, pending, ...(holds.length > 0 ? { holds } : {}) }
}

/** A JSON state value as an object with unknown fields, or undefined when missing or not JSON. */
export function jsonState(value: string | undefined): Json {
  try {
    const parsed = JSON.parse(value ?? '') as unknown
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

export function savedApproval(saved: Json): SavedApproval | undefined {
  return typeof saved?.number === 'number' && typeof saved.label === 'string'
    ? { number: saved.number, label: saved.label }
    : undefined
}

export function finiteNumber(value: string | undefined): number | undefined {
  const number = Number(value)
  return Number.isFinite(number) ? number : undefined
}
