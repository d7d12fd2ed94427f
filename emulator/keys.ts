/**
 * Key pairs the emulated service generates (instances, and a mangled answer
 * in the faults), made with OpenSSH's own ssh-keygen, as a real service would:
 * the emulator borrows nothing from the action it tests.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface KeyPair {
  /** OpenSSH private key, ending in a newline. */
  privateKey: string
  /** One `ssh-ed25519 AAAA… comment` line. */
  publicKey: string
}

export function generateKeyPair(comment: string): KeyPair {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-key-'))
  try {
    const file = join(dir, 'key')
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', file], { stdio: 'ignore' })
    return { privateKey: readFileSync(file, 'utf8'), publicKey: readFileSync(`${file}.pub`, 'utf8').trim() }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
