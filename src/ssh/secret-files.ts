/**
 * Files that hold a secret or sit beside one (a private key, its SSH
 * certificate, known_hosts, the SSH config): created fresh in a 0700
 * directory of their own under RUNNER_TEMP, mode 0600, never through a file
 * or a symlink that is already there. Without RUNNER_TEMP the step
 * fails rather than write a key into the workspace.
 */
import { randomBytes } from 'node:crypto'
import { closeSync, constants, mkdtempSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/** Masks a secret (a key, a certificate) whole and every line of it: the runner masks line by line. */
export function maskKey(setSecret: (secret: string) => void, key: string): void {
  setSecret(key)
  for (const line of key.split(/\r?\n/)) {
    if (line.trim() !== '') setSecret(line.trim())
  }
}

export class NoRunnerTempError extends Error {
  constructor() {
    super(
      'RUNNER_TEMP is not set, so there is no private place for the key ' +
        'file; nothing was sent. Run the action on a GitHub runner (or set ' +
        'RUNNER_TEMP to a private directory).',
    )
    this.name = 'NoRunnerTempError'
  }
}

/** RUNNER_TEMP, or an error that says why nothing was sent. */
export function runnerTemp(env: NodeJS.ProcessEnv): string {
  const dir = env.RUNNER_TEMP?.trim()
  if (!dir) throw new NoRunnerTempError()
  return dir
}

/** A fresh directory only this user can enter: mkdtemp creates it 0700 with a name nobody could plant in advance. */
export function privateDirectory(parent: string): string {
  return mkdtempSync(join(parent, 'gpu-sandbox-'))
}

/**
 * Writes `content` to a new file `name` in `dir`, mode 0600. Exclusive and
 * no-follow: an existing file or a planted symlink makes it fail, never write through.
 */
export function writeSecretFile(dir: string, name: string, content: string): string {
  const path = join(dir, name)
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600)
  try {
    writeSync(fd, content)
  } finally {
    closeSync(fd)
  }
  return path
}

/**
 * Replaces the secret file at `path` atomically: a new 0600 file beside it
 * (exclusive, no-follow), then a rename over it, so a reader (an `ssh` started
 * at that moment) sees the old content or the new, never a part.
 */
export function replaceSecretFile(path: string, content: string): void {
  const fresh = writeSecretFile(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}`, content)
  try {
    renameSync(fresh, path)
  } catch (error) {
    rmSync(fresh, { force: true })
    throw error
  }
}

/** Removes a directory made by privateDirectory (the post step); a missing one is fine. */
export function removePrivateDirectory(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}
