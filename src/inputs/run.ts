/**
 * `run`, `upload` and `download`: a script for the sandbox, the workspace
 * paths copied there before it, and the paths brought back after it. Every
 * path is checked here, before any request: relative, inside the workspace
 * (upload: also after symlinks are followed, and present), no globs.
 */
import { lstatSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, join, posix } from 'node:path'
import { isInside } from '../runtime/paths.ts'
import { splitList } from './fields.ts'

export interface RunRequest {
  /** The bash script, run with `bash -e` in the sandbox's working directory. */
  script: string
  /** Workspace paths (normalised, relative) copied to the sandbox before the script. */
  upload: string[]
  /** Working-directory paths (normalised, relative) copied back into the workspace after it. */
  download: string[]
  /** The most bytes the download may bring back, received or unpacked. */
  downloadLimit: number
  /** The runner's workspace (GITHUB_WORKSPACE, else the step's directory). */
  workspace: string
  /** More attempts on a fresh sandbox after a run the GPU's machine fault failed (0 to 2). */
  retryOnGpuFault: number
}

/** A path as written, made relative and normal; or what is wrong with it. */
function normalPath(raw: string, kind: 'upload' | 'download'): { path: string } | { problem: string } {
  const base = kind === 'upload' ? 'the workspace' : "the sandbox's working directory"
  if (/[*?]/.test(raw)) return { problem: `'${raw}' is a pattern; globs are not expanded, name files or directories` }
  if (raw.startsWith('~') || isAbsolute(raw) || /^[A-Za-z]:[\\/]/.test(raw))
    return { problem: `'${raw}' is absolute; give a path relative to ${base}` }
  const path = posix.normalize(raw.replace(/\\/g, '/')).replace(/\/+$/, '') || '.'
  if (path === '..' || path.startsWith('../')) return { problem: `'${raw}' leaves ${base}` }
  if (path === '.git' || path.startsWith('.git/')) return { problem: `'${raw}' is inside .git, which is never copied` }
  return { path }
}

/** An upload path must exist, and nothing on the way to it may be a symlink out of the workspace. */
function uploadProblem(workspace: string, path: string, raw: string): string | undefined {
  const full = join(workspace, path)
  try {
    lstatSync(full)
  } catch {
    return `'${raw}' does not exist in the workspace (${workspace})`
  }
  // The last part may be a symlink (it is copied as a link); the directories leading to it may not point outside.
  const root = realpathSync(workspace)
  if (path !== '.' && !isInside(root, realpathSync(dirname(full))))
    return `'${raw}' leaves the workspace through a symbolic link`
  return undefined
}

/** Parses a path list; each problem is reported through `fail`. Duplicates are dropped. */
export function parsePaths(
  raw: string,
  kind: 'upload' | 'download',
  workspace: string,
  fail: (message: string) => void,
): string[] {
  const paths: string[] = []
  for (const item of splitList(raw)) {
    const normal = normalPath(item, kind)
    if ('problem' in normal) {
      fail(normal.problem)
      continue
    }
    const problem = kind === 'upload' ? uploadProblem(workspace, normal.path, item) : undefined
    if (problem) fail(problem)
    else if (!paths.includes(normal.path)) paths.push(normal.path)
  }
  // `.` already holds everything else.
  return paths.includes('.') ? ['.'] : paths
}
