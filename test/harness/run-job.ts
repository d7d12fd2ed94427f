/**
 * For the e2e tests of `run`: a workspace to upload (files, an executable, a
 * symlink, a .git directory), the step's environment, and a hand on the
 * sandbox side of the SSH connections (the emulator's sshd sessions).
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { job } from './ssh-job.ts'

export function makeWorkspace(): string {
  const workspace = mkdtempSync(join(tmpdir(), 'run-workspace-'))
  mkdirSync(join(workspace, 'src'))
  mkdirSync(join(workspace, '.git'))
  writeFileSync(join(workspace, 'src', 'data.txt'), 'data from the workspace\n')
  writeFileSync(join(workspace, 'tool.sh'), '#!/bin/sh\necho tool ran\n')
  chmodSync(join(workspace, 'tool.sh'), 0o755)
  symlinkSync('src/data.txt', join(workspace, 'link'))
  writeFileSync(join(workspace, '.git', 'config'), '[core]\n')
  return workspace
}

export const runEnv = (workspace: string) => ({ HOME: job.home, GITHUB_WORKSPACE: workspace })

/** Processes whose command line contains `text`, with their parent pids. */
export function processesWith(text: string): { pid: number; ppid: number }[] {
  const found: { pid: number; ppid: number }[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) continue
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      found.push({ pid: Number(entry), ppid })
    } catch {
      // gone meanwhile
    }
  }
  return found
}

/**
 * Drops every SSH connection that is following a run on the emulated sandbox
 * whose home is `home` (other tests' emulators run beside it): kills the
 * sandbox-side sshd session serving it.
 */
export function dropFollowConnections(home: string): number {
  const ours = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`HOME=${home}`)
    } catch {
      return false
    }
  }
  const followers = processesWith('.gpu-sandbox-action/$1"; off=$2').filter(
    ({ pid, ppid }) => ours(pid) && readFileSync(`/proc/${ppid}/cmdline`, 'utf8').startsWith('sshd'),
  )
  for (const { ppid } of followers) execFileSync('kill', ['-KILL', String(ppid)])
  return followers.length
}
