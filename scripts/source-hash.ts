/**
 * The hash of everything dist/ is built from: src/, the lock file and the
 * TypeScript configs. `npm run build` writes it to dist/source-hash; `npm start`
 * rebuilds only when the sources hash differently. Content, not mtimes: git
 * writes files in any order, so on a fresh clone src/ may look newer than dist/.
 *
 *   node scripts/source-hash.ts           prints the hash
 *   node scripts/source-hash.ts --write   writes dist/source-hash
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(fileURLToPath(import.meta.url), '..', '..')
export const SOURCE_HASH_FILE = join(ROOT, 'dist', 'source-hash')

export function sourceHash(root = ROOT): string {
  const files = readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
  files.push(...['package-lock.json', 'tsconfig.json', 'tsconfig.build.json'].map((name) => join(root, name)))
  const hash = createHash('sha256')
  for (const file of files.map((f) => relative(root, f).split('\\').join('/')).sort()) {
    // Line endings as git checks them out on any machine.
    hash.update(`${file}\0${readFileSync(join(root, file), 'utf8').replace(/\r\n/g, '\n')}\0`)
  }
  return hash.digest('hex')
}

/** Whether dist/ was built from the sources as they are now. */
export function distIsCurrent(root = ROOT): boolean {
  try {
    return readFileSync(join(root, 'dist', 'source-hash'), 'utf8').trim() === sourceHash(root)
  } catch {
    return false
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) writeFileSync(SOURCE_HASH_FILE, `${sourceHash()}\n`)
  else console.log(sourceHash())
}
