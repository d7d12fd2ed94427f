/** Path facts shared by the input checks and the download's landing. */
import { isAbsolute, relative, sep } from 'node:path'

/** Whether `path` is `root` or lies under it (lexically: resolve links first where they matter). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
}
