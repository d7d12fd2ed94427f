/**
 * Where a download lands. The archive comes from a machine this action does
 * not control, so it is unpacked into a staging directory first, and only the
 * paths `download` asked for move on into the workspace.
 *
 * Every decision is made on real locations, never on spellings: each place
 * is resolved as the operating system would resolve it (every symbolic link
 * on the way followed, in the archive and in the workspace, `..` applied to
 * where a link really led). Then
 * - a source must really lie inside the staging directory (a link in the
 *   archive on the way to it that leads out is never followed);
 * - a destination must really lie inside the workspace, outside every `.git`
 *   (at any depth, any case) and outside the step's private directory;
 * - a symbolic link from the archive lands only when where it leads passes
 *   the same test (a later step, an artifact upload say, would follow it);
 * - a file replaces what is at its place (a link there is replaced, never
 *   written through); only regular files, directories and links land.
 * Each entry is decided when it is written, so earlier entries of the same
 * download (two overlapping paths, in either order) are taken into account.
 */
import {
  constants,
  copyFileSync,
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  symlinkSync,
  unlinkSync,
  type Stats,
} from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path'
import { isInside } from '../runtime/paths.ts'

export interface Landing {
  /** Paths copied into the workspace. */
  copied: string[]
  /** Paths the archive did not hold (the sandbox did not have them). */
  missing: string[]
  /** Paths, or entries under them, not copied, each with the reason (service text: the archive named them). */
  refused: string[]
}

/** How many links one resolution follows (Linux's own limit). */
const MAX_LINKS = 40

function statOf(path: string): Stats | undefined {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}

/** A symbolic link about to be made: resolutions treat `path` as a link to `to` already. */
interface Planned {
  path: string
  to: string
}

/**
 * Where the absolute `path` really leads: every existing symbolic link on the
 * way followed (and `planned`, as if it stood), `..` applied to the real
 * directory reached so far, a missing tail kept as written. Undefined when the
 * system could not resolve it either (a loop, `..` after a missing directory,
 * a file in the middle).
 */
function realLocation(path: string, planned?: Planned): string | undefined {
  const pending = path.split(sep).filter((part) => part !== '')
  let resolved: string = sep
  let missing = false
  let links = 0
  while (pending.length > 0) {
    const part = pending.shift() as string
    if (part === '.') continue
    if (part === '..') {
      if (missing) return undefined
      resolved = dirname(resolved)
      continue
    }
    const next = join(resolved, part)
    const isPlanned = !missing && next === planned?.path
    const stat = missing || isPlanned ? undefined : statOf(next)
    if (!isPlanned && (!stat || missing)) {
      missing = true
      resolved = next
      continue
    }
    if (isPlanned || stat?.isSymbolicLink()) {
      if (++links > MAX_LINKS) return undefined
      const target = isPlanned ? (planned?.to as string) : readlinkSync(next)
      pending.unshift(...target.split(sep).filter((piece) => piece !== ''))
      if (isAbsolute(target)) resolved = sep
      continue
    }
    if (!stat?.isDirectory() && pending.length > 0) return undefined
    resolved = next
  }
  return resolved
}

/** The real places a landing decides by. */
interface Places {
  root: string
  staging: string
  /** The step's private directory and the staging directory: never written, never pointed at. */
  keepOut: string[]
}

/** Where the real location `real` is when nothing may be written there (or point there), or undefined when it may. */
function forbiddenPlace(places: Places, real: string | undefined): string | undefined {
  if (real === undefined) return 'where nobody can tell (a loop of links, or .. after a missing directory)'
  if (!isInside(places.root, real)) return 'out of the workspace'
  if (
    relative(places.root, real)
      .split(sep)
      .some((part) => part.toLowerCase() === '.git')
  )
    return 'into a .git directory'
  if (places.keepOut.some((dir) => isInside(dir, real))) return "into the step's private directory"
  return undefined
}

class Lander {
  readonly landing: Landing = { copied: [], missing: [], refused: [] }
  private readonly places: Places
  constructor(places: Places) {
    this.places = places
  }

  private refuse(dest: string, why: string): false {
    this.landing.refused.push(`'${relative(this.places.root, dest) || '.'}': ${why}`)
    return false
  }

  /** One asked-for path: its source inside staging, then the entry and everything under it. */
  path(path: string): void {
    const lexical = join(this.places.staging, path)
    const sourceParent = path === '.' ? this.places.staging : realLocation(dirname(lexical))
    const dest = join(this.places.root, path)
    if (sourceParent === undefined || !isInside(this.places.staging, sourceParent)) {
      this.refuse(dest, 'a symbolic link in the archive on the way to it leads out of the archive')
      return
    }
    const source = path === '.' ? sourceParent : join(sourceParent, basename(lexical))
    if (!statOf(source)) {
      this.landing.missing.push(path)
      return
    }
    if (this.entry(source, dest)) this.landing.copied.push(path)
  }

  /** Lands `source` (inside staging, not followed) at `dest`, whose parent is resolved now; false when refused. */
  private entry(source: string, dest: string): boolean {
    const parent = dest === this.places.root ? undefined : realLocation(dirname(dest))
    const target = dest === this.places.root ? this.places.root : parent && join(parent, basename(dest))
    const place = forbiddenPlace(this.places, target)
    if (place !== undefined || target === undefined) return this.refuse(dest, `it would be written ${place ?? ''}`)
    const stat = lstatSync(source)
    if (stat.isSymbolicLink()) return this.link(source, target)
    if (stat.isFile()) return this.file(source, target, stat)
    if (stat.isDirectory()) return this.directory(source, target)
    return this.refuse(target, 'it is not a regular file, directory or symbolic link')
  }

  /** What is at `target` may be replaced by a file or a link: nothing, a file or a link; never a directory. */
  private clear(target: string): boolean {
    const there = statOf(target)
    if (there?.isDirectory()) return this.refuse(target, 'a directory in the workspace is in the way')
    mkdirSync(dirname(target), { recursive: true })
    if (there) unlinkSync(target)
    return true
  }

  private file(source: string, target: string, stat: Stats): boolean {
    if (!this.clear(target)) return false
    // EXCL: a fresh file at the checked place, never through a link that appeared there.
    copyFileSync(source, target, constants.COPYFILE_EXCL)
    chmodSync(target, stat.mode & 0o777)
    return true
  }

  private link(source: string, target: string): boolean {
    const to = readlinkSync(source)
    // Resolved as the system will once the link stands (`..` after a link follows the link; a loop through itself leads
    // nowhere), from its real parent: made first, as it would be for the link anyway (the place itself was checked).
    mkdirSync(dirname(target), { recursive: true })
    const place = forbiddenPlace(this.places, realLocation(target, { path: target, to }))
    if (place !== undefined) return this.refuse(target, `a symbolic link to '${to}' leads ${place}`)
    if (!this.clear(target)) return false
    symlinkSync(to, target)
    return true
  }

  private directory(source: string, target: string): boolean {
    const there = statOf(target)
    if (there?.isSymbolicLink()) {
      // A link in the workspace: merged into where it really leads, when that may be written.
      const real = realLocation(target)
      const place = forbiddenPlace(this.places, real)
      if (place !== undefined) return this.refuse(target, `it is a symbolic link in the workspace that leads ${place}`)
      if (real === undefined || !statOf(real)?.isDirectory())
        return this.refuse(target, 'it is a symbolic link in the workspace to no directory')
      target = real
    } else if (there && !there.isDirectory()) return this.refuse(target, 'a file in the workspace is in the way')
    mkdirSync(target, { recursive: true })
    for (const name of readdirSync(source).sort()) this.entry(join(source, name), join(target, name))
    return true
  }
}

/**
 * Copies the asked-for `paths` from `staging` into `workspace`; `keepOut`: directories never written (the step's own).
 */
export function landDownloads(
  staging: string,
  workspace: string,
  paths: readonly string[],
  keepOut: readonly string[],
): Landing {
  if (!existsSync(workspace))
    throw new Error(`download: the workspace ${workspace} is not there any more; nothing was copied`)
  const realStaging = realpathSync(staging)
  const guarded = [...keepOut.map((dir) => realLocation(dir) ?? dir), realStaging]
  const lander = new Lander({ root: realpathSync(workspace), staging: realStaging, keepOut: guarded })
  for (const path of paths) lander.path(path)
  return lander.landing
}
