/**
 * The processes a test file started and left running (its own descendants, not zombies): the emulator's sshd of a
 * test that set up two emulators and closed one, say. Linux only (/proc); elsewhere none are seen.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'

interface Seen {
  pid: number
  parent: number
  zombie: boolean
}

function processes(): Seen[] {
  const seen: Seen[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // The command name (in parentheses) may hold spaces: the fields after its last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      seen.push({ pid: Number(entry), parent: Number(parent), zombie: state === 'Z' })
    } catch {
      // Gone meanwhile.
    }
  }
  return seen
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 200)
  } catch {
    return '(gone)'
  }
}

/** This process's living descendants, as 'pid command'. */
export function descendants(root = process.pid): string[] {
  if (!existsSync('/proc/self/stat')) return []
  const all = processes()
  const found: Seen[] = []
  const walk = (parent: number) => {
    for (const child of all.filter((candidate) => candidate.parent === parent)) {
      found.push(child)
      walk(child.pid)
    }
  }
  walk(root)
  return found.filter((child) => !child.zombie).map((child) => `${child.pid} ${commandOf(child.pid)}`)
}

/** The descendants still running after up to `graceMs` (a process ended just now takes a moment to go). */
export async function leftovers(graceMs = 3_000): Promise<string[]> {
  const until = Date.now() + graceMs
  for (;;) {
    const left = descendants()
    if (left.length === 0 || Date.now() >= until) return left
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
