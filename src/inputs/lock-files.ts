/**
 * What a prepared pool's preparation installs from, when the workflow gives no
 * `pool-key`: the checkout's lock files. A pull request whose lock file differs
 * must never claim a sandbox prepared from another one, so their contents join
 * the pool's digest: the files the `pool-prepare` script names (a word of it
 * that is a file of the upload, e.g. `requirements.txt` in `pip install -r
 * requirements.txt`) and the usual lock and manifest files at the top of the
 * upload. Files the script does not name and that are not lock files (the
 * code under test) do not join it, so a change there still claims. Only
 * regular files inside the workspace count: a link is never followed out.
 */
import { createHash } from 'node:crypto'
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { join, posix } from 'node:path'
import { isInside } from '../runtime/paths.ts'

/** The lock and manifest files of the usual package managers, at the top of the upload. */
export const LOCK_FILES = [
  /^requirements[\w.-]*\.(txt|in)$/,
  /^constraints[\w.-]*\.txt$/,
  /^(pyproject\.toml|setup\.py|setup\.cfg|poetry\.lock|uv\.lock|Pipfile|Pipfile\.lock|pdm\.lock|pixi\.lock)$/,
  /^(environment\.ya?ml|conda-lock\.ya?ml)$/,
  /^(package\.json|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?)$/,
  /^(Cargo\.toml|Cargo\.lock|go\.mod|go\.sum|Gemfile|Gemfile\.lock|composer\.lock|flake\.lock)$/,
]

/** At most this many files join the digest, each read whole up to LARGE_BYTES (lock files are small). */
const MOST_FILES = 64
const LARGE_BYTES = 16 * 1024 * 1024

export interface LockFiles {
  /** The files (relative, sorted) whose contents joined the digest. */
  files: string[]
  /** 16 hex of the SHA-256 of their names and contents; undefined where there are none. */
  digest?: string
}

/** The words of a script that may be paths: split at blanks, quotes and shell operators, `--opt=` dropped. */
function scriptWords(script: string): string[] {
  return script
    .split(/[\s"'`;&|()<>]+/)
    .map((word) => word.replace(/^--?[\w-]+=/, '').replace(/^\.\//, ''))
    .filter((word) => word !== '' && !word.startsWith('-') && !word.includes('$'))
}

/** Whether `path` (relative, normal) lies under one of the upload paths. */
const underUpload = (path: string, upload: readonly string[]) =>
  upload.some((root) => root === '.' || path === root || path.startsWith(`${root}/`))

/** A regular file of the workspace at `path`, not reached through a link out of it. */
function isWorkspaceFile(workspace: string, path: string): boolean {
  try {
    if (!lstatSync(join(workspace, path)).isFile()) return false
    return isInside(realpathSync(workspace), realpathSync(join(workspace, path)))
  } catch {
    return false
  }
}

/** The files the preparation installs from (see the module's comment), and their digest. */
export function lockFilesOf(workspace: string, upload: readonly string[], script: string): LockFiles {
  const named = scriptWords(script)
    .map((word) => posix.normalize(word))
    .filter((path) => !path.startsWith('..') && !path.startsWith('/') && path !== '.')
  const tops = upload.flatMap((root) => {
    try {
      const dir = join(workspace, root)
      if (!lstatSync(dir).isDirectory()) return [root]
      return readdirSync(dir).map((name) => (root === '.' ? name : `${root}/${name}`))
    } catch {
      return []
    }
  })
  const locks = tops.filter((path) => LOCK_FILES.some((pattern) => pattern.test(posix.basename(path))))
  const files = [...new Set([...named, ...locks])]
    .filter((path) => underUpload(path, upload) && isWorkspaceFile(workspace, path))
    .sort()
    .slice(0, MOST_FILES)
  if (files.length === 0) return { files }
  const hash = createHash('sha256')
  for (const path of files) {
    const full = join(workspace, path)
    // A large file the script names (an archive it unpacks) joins by its size: lock files are small.
    const size = statSync(full).size
    hash.update(`${path}\0${size > LARGE_BYTES ? `${size} bytes` : readFileSync(full).toString('base64')}\0`)
  }
  return { files, digest: hash.digest('hex').slice(0, 16) }
}
