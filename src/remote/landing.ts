/**
 * Where a download lands. The archive comes from a machine this action does
 * not control, so it is unpacked into a staging directory first, and only the
 * paths `download` asked for move on into the workspace: no member nobody
 * asked for (a `.git/config` whose settings a later git command obeys, a
 * workflow file, the step's own SSH files), no `.git` at any depth (upload
 * never sends one either), nothing written through a symbolic link that
 * leads out of the workspace, and no symbolic link that leads out of it (a
 * later step, an artifact upload say, would read through it).
 */
import { cpSync, existsSync, lstatSync, mkdirSync, readlinkSync, realpathSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { isInside } from '../runtime/paths.ts'

export interface Landing {
  /** Paths copied into the workspace. */
  copied: string[]
  /** Paths the archive did not hold (the sandbox did not have them). */
  missing: string[]
  /** Paths, or entries under them, not copied, each with the reason (service text: the archive named them). */
  refused: string[]
}

function lexists(path: string): boolean {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

/** The real location of `path`, or of its deepest existing ancestor when it does not exist yet. */
function realLocation(path: string): string {
  let current = path
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current)
  return realpathSync(current)
}

/** Why `dest` may not be written, or undefined when it may. */
function destinationProblem(root: string, dest: string, keepOut: readonly string[]): string | undefined {
  if (relative(root, dest).split(sep).includes('.git')) return 'a .git directory is never copied'
  if (keepOut.some((dir) => isInside(dir, dest))) return "the step's private directory is never written"
  if (dest !== root && !isInside(root, realLocation(dirname(dest)))) return 'it would be written through a symbolic link that leads out of the workspace'
  if (lexists(dest) && lstatSync(dest).isSymbolicLink() && !isInside(root, realLocation(dest))) return 'it is a symbolic link in the workspace that leads out of it'
  return undefined
}

/** A symbolic link from the archive that would lead out of the workspace once at `dest` (a later step could read through it). */
function linkProblem(root: string, source: string, dest: string): string | undefined {
  if (!lstatSync(source).isSymbolicLink()) return undefined
  const target = readlinkSync(source)
  return isInside(root, resolve(dirname(dest), target)) ? undefined : `a symbolic link to '${target}' leads out of the workspace`
}

/** Copies the asked-for `paths` from `staging` into `workspace`; `keepOut`: directories never written (the step's own). */
export function landDownloads(staging: string, workspace: string, paths: readonly string[], keepOut: readonly string[]): Landing {
  if (!existsSync(workspace)) throw new Error(`download: the workspace ${workspace} is not there any more; nothing was copied`)
  const root = realpathSync(workspace)
  const landing: Landing = { copied: [], missing: [], refused: [] }
  const guard = [...keepOut, staging].map((dir) => join(root, relative(workspace, dir)))
  for (const path of paths) {
    const from = join(staging, path)
    if (!lexists(from)) {
      landing.missing.push(path)
      continue
    }
    const to = join(root, path)
    const problem = destinationProblem(root, to, guard) ?? linkProblem(root, from, to)
    if (problem) {
      landing.refused.push(`'${path}': ${problem}`)
      continue
    }
    mkdirSync(dirname(to), { recursive: true })
    cpSync(from, to, {
      recursive: true,
      force: true,
      verbatimSymlinks: true,
      // Each entry on its own: a directory tree may hold a .git, or meet a workspace symlink on the way.
      filter: (source, dest) => {
        const why = dest === to ? undefined : (destinationProblem(root, dest, guard) ?? linkProblem(root, source, dest))
        if (why) landing.refused.push(`'${relative(root, dest)}': ${why}`)
        return why === undefined
      },
    })
    landing.copied.push(path)
  }
  return landing
}
