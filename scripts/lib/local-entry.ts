/**
 * npm run local-action's entries run the TypeScript sources as the folder local-action was given would: a
 * sub-action's folder names its use in its main.js (`await runAs('run')`), the root has none and reads `mode`.
 */
import * as core from '@actions/core'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { adaptCore } from '../../src/entry/actions-core.ts'
import { isUse, type Use } from '../../src/inputs/uses.ts'

/**
 * How the steps write to the runner under local-action: through @actions/core, which local-action replaces with its
 * own stand-in (it keeps outputs and state for the post step, masks secrets, prints annotations).
 */
export const localCore = adaptCore({
  ...core,
  appendSummary: async (markdown) => void (await core.summary.addRaw(markdown, true).write()),
})

/**
 * The use the folder's main.js names. scripts/local-action.ts writes the folder into the .env file it gives
 * local-action (local-action's own TARGET_ACTION_PATH is the first directory among its arguments: `run` itself,
 * here, where a folder is named run).
 */
export function folderUse(folder = process.env.LOCAL_ACTION_FOLDER ?? ''): Use | undefined {
  const entry = join(folder, 'main.js')
  if (!folder || !existsSync(entry)) return undefined
  const named = /await runAs\('([a-z-]+)'\)/.exec(readFileSync(entry, 'utf8'))?.[1] ?? ''
  if (!isUse(named)) throw new Error(`${entry} names no use`)
  return named
}
