/**
 * Reading one page of GET /sandboxes. The interface does not name the array
 * field (the deployed service calls it `sandboxes`) and a page may carry other
 * arrays beside it (`warnings: []`): the results are the one non-empty array
 * of objects; empty and non-object arrays are ignored.
 */
import { listedSandboxSchema, type ListedSandbox } from './schemas.ts'

export interface SandboxPage {
  sandboxes: ListedSandbox[]
  nextPageToken: string | undefined
}

/** Why a page could not be read, or the page. */
export type PageReading = { ok: true; page: SandboxPage } | { ok: false; why: string }

const PREFERRED_FIELD = 'sandboxes'

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

export function readSandboxPage(body: unknown): PageReading {
  if (!isPlainObject(body)) return { ok: false, why: 'the page is not a JSON object' }
  const arrays = Object.entries(body).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
  if (arrays.length === 0) return { ok: false, why: 'the page has no array of results' }
  const ofObjects = arrays.filter(([, items]) => items.length > 0 && items.every(isPlainObject))
  let items: unknown[]
  if (ofObjects.length === 1) items = (ofObjects[0] as [string, unknown[]])[1]
  else if (ofObjects.length > 1) {
    const preferred = ofObjects.find(([name]) => name === PREFERRED_FIELD)
    if (!preferred)
      return {
        ok: false,
        why: `the page has ${ofObjects.length} arrays of objects and none is named '${PREFERRED_FIELD}'`,
      }
    items = preferred[1]
  } else if (arrays.every(([, list]) => list.length === 0 || !list.some(isPlainObject))) {
    // Only empty or non-object arrays: an empty page.
    items = []
  } else {
    return { ok: false, why: 'the page has an array that mixes objects with other values' }
  }
  const sandboxes = items.map((item) => {
    const parsed = listedSandboxSchema.safeParse(item)
    return parsed.success ? parsed.data : {}
  })
  const token = body.next_page_token
  return { ok: true, page: { sandboxes, nextPageToken: typeof token === 'string' && token !== '' ? token : undefined } }
}
