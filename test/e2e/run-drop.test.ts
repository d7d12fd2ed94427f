/**
 * `run` through the bundles (issue 23): the SSH connection following the job
 * is killed twice on the sandbox side in the middle of a 30-second script; no
 * line is lost or shown twice and the status stays right. In a file of its own
 * so its 30 seconds run beside the other run tests.
 */
import { rmSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { runStep } from '../../scripts/lib/action-runner.ts'
import { dropFollowConnections, makeWorkspace, runEnv } from '../harness/run-job.ts'
import { canRun, inputs, startEmulator, useSshJob } from '../harness/ssh-job.ts'

useSshJob()
let workspace = ''
afterEach(() => rmSync(workspace, { recursive: true, force: true }))

describe.skipIf(!canRun)('run over a dropped connection', () => {
  it('loses no line and keeps the status when the SSH connection is killed in the middle of a 30-second script', async () => {
    const service = await startEmulator()
    workspace = makeWorkspace()
    const script = 'for i in $(seq 1 60); do echo "line $i"; sleep 0.5; done; exit 7'
    let drops = 0
    const main = await runStep('main', {
      inputs: inputs({ run: script, upload: 'src' }),
      env: runEnv(workspace),
      timeoutMs: 90_000,
      onSpawn: (_child, output) => {
        const dropAt = ['line 10', 'line 35']
        const timer = setInterval(() => {
          const next = dropAt[drops]
          if (next && output().includes(`\n${next}\n`))
            drops += dropFollowConnections(service.sshService?.sandboxHost.home ?? '') > 0 ? 1 : 0
          if (drops >= dropAt.length) clearInterval(timer)
        }, 50)
        _child.on('close', () => clearInterval(timer))
      },
    })
    expect(drops).toBe(2)
    expect(main.stdout.match(/reconnecting, resuming after byte \d+/g)?.length).toBeGreaterThanOrEqual(2)
    const shown = main.stdout.split('\n').filter((line) => /^line \d+$/.test(line))
    expect(shown).toEqual(Array.from({ length: 60 }, (_, i) => `line ${i + 1}`))
    expect(main.exitCode).toBe(1)
    expect(main.outputs['exit-code']).toBe('7')
    await runStep('post', { inputs: inputs({ run: 'x' }), env: runEnv(workspace), state: main.state })
  }, 120_000)
})
