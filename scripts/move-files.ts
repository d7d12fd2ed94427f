/**
 * Moves files in src/ and mends every relative import that names them (src/, test/, scripts/, emulator/,
 * bench and fault-suite scripts) and every mention of their path in docs and comments: a move that keeps
 * each file's content, so that a move and a change land in separate commits (issue 56: move first).
 *
 *   node scripts/move-files.ts src/cleanup/comment.ts=src/comment/post.ts [more pairs…] [--dry-run]
 *
 * Uses `git mv`, so the history follows each file.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT } from './lib/house-files.ts'

/** The files whose text may name a moved file: every tracked text file but dist/ and the lock file. */
function trackedTexts(root: string): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|mts|md|yml|yaml|json|sh)$/.test(file) || file.startsWith('.ci/'))
    .filter((file) => !file.startsWith('dist/') && file !== 'package-lock.json')
}

const specifier = (fromFile: string, target: string) => {
  const path = relative(dirname(fromFile), target).split('\\').join('/')
  return path.startsWith('.') ? path : `./${path}`
}

/** One file's text with its relative imports mended: `file` was at `oldPath` and is at `newPath`. */
export function mendImports(text: string, oldPath: string, newPath: string, moves: Map<string, string>): string {
  return text.replace(/(['"])(\.\.?\/[^'"\n]+?\.(?:ts|mts|js))\1/g, (whole, quote: string, path: string) => {
    const target = resolve(dirname(oldPath), path)
    const moved = moves.get(target) ?? target
    if (moved === target && oldPath === newPath) return whole
    return `${quote}${specifier(newPath, moved)}${quote}`
  })
}

/** Mentions of a moved path from the repository's root (`src/cleanup/comment.ts`) in prose and comments. */
export function mendMentions(text: string, moves: Map<string, string>, root: string): string {
  let mended = text
  for (const [from, to] of moves) {
    const [oldName, newName] = [relative(root, from), relative(root, to)]
    mended = mended.replace(new RegExp(`(?<![\\w./-])${oldName.replace(/[.]/g, '\\.')}(?![\\w-])`, 'g'), newName)
  }
  return mended
}

export function moveFiles(pairs: [string, string][], root = ROOT, dryRun = false): string[] {
  const moves = new Map(pairs.map(([from, to]) => [resolve(root, from), resolve(root, to)]))
  for (const [from, to] of moves) {
    if (!existsSync(from)) throw new Error(`no such file: ${relative(root, from)}`)
    if (existsSync(to)) throw new Error(`already there: ${relative(root, to)}`)
  }
  const changed: string[] = []
  for (const file of trackedTexts(root)) {
    const oldPath = join(root, file)
    if (!existsSync(oldPath)) continue
    const newPath = moves.get(oldPath) ?? oldPath
    const text = readFileSync(oldPath, 'utf8')
    let mended = mendMentions(text, moves, root)
    if (/\.(ts|mts)$/.test(file)) mended = mendImports(mended, oldPath, newPath, moves)
    if (mended !== text) changed.push(file)
    if (!dryRun && mended !== text) writeFileSync(oldPath, mended)
  }
  if (!dryRun)
    for (const [from, to] of moves) {
      mkdirSync(dirname(to), { recursive: true })
      execFileSync('git', ['mv', relative(root, from), relative(root, to)], { cwd: root })
    }
  return changed
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const pairs = args.filter((arg) => arg.includes('=')).map((arg) => arg.split('=', 2) as [string, string])
  const changed = moveFiles(pairs, ROOT, args.includes('--dry-run'))
  console.log(`${pairs.length} file(s) moved; ${changed.length} file(s) mended: ${changed.join(', ')}`)
}
