/** The commands a newcomer runs first: `npm start` and `npm run emulator`. */
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync, statSync, utimesSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { distIsCurrent, sourceHash } from '../../scripts/source-hash.ts'
import { ROOT } from '../../scripts/lib/action-runner.ts'
import { canRun } from '../harness/ssh-job.ts'

const npm = process.env.npm_execpath
const npmCommand = (args: string[]) => (npm ? [process.execPath, [npm, ...args]] : ['npm', args]) as [string, string[]]

describe('npm start', () => {
  it('dist/source-hash is the hash of the committed sources: npm start runs the committed bundle', () => {
    expect(readFileSync(join(ROOT, 'dist', 'source-hash'), 'utf8').trim()).toBe(sourceHash())
    expect(distIsCurrent()).toBe(true)
  })

  it('decides by content: src/ newer than dist/ (as git may write a fresh clone) is no reason to rebuild; warns about undeclared inputs', () => {
    const file = join(ROOT, 'src', 'main.ts')
    const { atime, mtime } = statSync(file)
    const later = new Date(Date.now() + 3_600_000)
    utimesSync(file, later, later)
    try {
      const [command, args] = npmCommand(['start', '--', 'gpu_type=H100', 'cpu=2'])
      const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
      expect(result.status, result.stdout + result.stderr).toBe(0)
      expect(result.stdout).not.toContain('Building dist/')
      expect(result.stderr).toContain("Warning: Unexpected input(s) 'gpu_type' (did you mean 'gpu-type'?): ignored.")
      expect(result.stdout).toContain('still live after the post step: 0')
    } finally {
      utimesSync(file, atime, mtime)
    }
  })
})

describe('npm start with an input that needs SSH', () => {
  it.skipIf(!canRun)('run=… starts the emulator with SSH, as a newcomer types it, without ssh=true', () => {
    // The emulated host's nvidia-smi answers from the sandbox's spec.
    const run = 'run=echo hello from the sandbox; nvidia-smi --query-gpu=name --format=csv,noheader'
    const [command, args] = npmCommand(['start', '--', run, 'gpu-type=h100', 'gpu-count=2'])
    const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
    expect(result.status, result.stdout + result.stderr).toBe(0)
    const lines = result.stdout.split('\n')
    expect(lines).toContain('hello from the sandbox')
    expect(lines.filter((line) => line === 'NVIDIA H100 80GB HBM3')).toHaveLength(2)
    expect(result.stdout).toContain('still live after the post step: 0')
  })
})

describe('npm run emulator', () => {
  it('SIGTERM to npm ends the emulator too', async () => {
    const [command, args] = npmCommand(['run', 'emulator'])
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, EMULATOR_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the emulator did not start: ${output}`)), 30_000)
      child.stdout.on('data', () => {
        const match = /base-url:\s+http:\/\/127\.0\.0\.1:(\d+)\/v1/.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      })
    })
    const listening = () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1')
        socket.once('connect', () => (socket.destroy(), resolve(true)))
        socket.once('error', () => resolve(false))
      })
    expect(await listening()).toBe(true)
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    let open = true
    for (let i = 0; i < 50 && open; i++) {
      open = await listening()
      if (open) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(open).toBe(false)
  })
})
