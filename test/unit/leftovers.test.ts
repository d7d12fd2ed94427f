/**
 * The harness's check that a test file leaves no process of its own running (issue 46): it sees a child this
 * process started, with its command, and nothing once the child has gone.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { descendants, leftovers } from '../harness/leftovers.ts'

describe.skipIf(!existsSync('/proc/self/stat'))('processes a test file leaves behind', () => {
  it('a child still running is seen with its command; once it has ended, none is', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' })
    await new Promise((resolve) => child.once('spawn', resolve))
    expect(descendants()).toContain(`${child.pid} sleep 30`)
    child.kill('SIGTERM')
    expect(await leftovers(5_000)).toEqual([])
  })
})
