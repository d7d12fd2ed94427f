/** What the house-rule checks share: the repository's root, the sizes, the files they read, a breach. */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..')
export const MAX_FUNCTION_LINES = 60
export const MAX_FILE_LINES = 300
/** Prettier's print width: what it cannot wrap (a string, a comment) is wrapped by hand. */
export const MAX_LINE_CHARACTERS = 120

export function filesUnder(dir: string, extension = '.ts'): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(extension) && !entry.parentPath.includes('node_modules'))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort()
  } catch {
    return []
  }
}

export interface Breach {
  rule: 'layer' | 'circle' | 'floors' | 'function' | 'file' | 'line'
  where: string
  detail: string
}
