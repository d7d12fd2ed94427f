/**
 * The GPU sampler's scripts with this machine's real sh, setsid, timeout, pkill and awk (issue 47, its first part),
 * and a stand-in nvidia-smi that, like the real one on an H200 (driver 580), writes what it sampled when it is
 * ended: started once and detached, a second start does nothing; the fetch ends the running nvidia-smi so its
 * samples land, and prints the parts; no nvidia-smi, no sampler.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SAMPLER_DIR, samplerFetchScript, samplerStartScript } from '../../src/gpu-report/sampler.ts'
import { parseSamples } from '../../src/gpu-report/samples.ts'
import { skipWithout } from '../harness/host.ts'

const STAND_IN = `#!/bin/bash
# An old driver: it knows none of the health fields (a query that asks one fails), so the sampler samples without them.
case "$*" in *pci.bus_id*) echo 'Field "pci.bus_id" is not a valid field to query.'; exit 2 ;; esac
# The real one holds its lines back until it exits; SIGTERM flushes them.
buf=""
trap 'printf "%s" "$buf"; exit 0' TERM
i=0
while :; do
  i=$((i + 1))
  buf+="2026/11/26 16:29:$((10 + i % 40)).523, 0, $((i * 100)), 143771, $((i % 101)), 80.50
"
  buf+="::error::not a sample
"
  sleep 0.1
done
`

let home = ''
const run = (script: string, path: string) =>
  spawnSync('bash', ['-c', script], { env: { HOME: home, PATH: path }, encoding: 'utf8', timeout: 20_000 })

afterEach(() => {
  const pidFile = join(home, SAMPLER_DIR, 'pid')
  // The sampler is its own session (setsid): its whole process group goes.
  if (existsSync(pidFile)) spawnSync('kill', ['-TERM', '--', `-${readFileSync(pidFile, 'utf8').trim()}`])
  rmSync(home, { recursive: true, force: true })
})

describe.skipIf(skipWithout('the GPU sampler on a sandbox', 'procps'))('the GPU sampler on a sandbox', () => {
  it('starts once, detached; the fetch lands what nvidia-smi sampled; hostile lines are dropped', async () => {
    home = mkdtempSync(join(tmpdir(), 'sampler-'))
    mkdirSync(join(home, 'bin'))
    writeFileSync(join(home, 'bin', 'nvidia-smi'), STAND_IN)
    chmodSync(join(home, 'bin', 'nvidia-smi'), 0o755)
    const path = `${join(home, 'bin')}:/usr/bin:/bin`
    expect(run(samplerStartScript(), path).stdout.trim()).toBe('started')
    expect(run(samplerStartScript(), path).stdout.trim()).toBe('running')
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const fetched = run(samplerFetchScript(), path)
    expect(fetched.status).toBe(0)
    const samples = parseSamples(fetched.stdout)
    expect(samples.fine.length).toBeGreaterThanOrEqual(5)
    expect(samples.fine[0]).toMatchObject({ gpu: 0, usedMiB: 100, totalMiB: 143771, powerW: 80.5 })
    // Every hostile line, and the old driver's one refusal of the health fields (then it is asked without them).
    expect(samples.dropped).toBe(samples.fine.length + 1)
    // The sampler's directory is the login user's own, closed to others.
    expect(spawnSync('stat', ['-c', '%a', join(home, SAMPLER_DIR)], { encoding: 'utf8' }).stdout.trim()).toBe('700')
  }, 30_000)

  it('no nvidia-smi: says so and starts nothing; the fetch prints empty parts', () => {
    home = mkdtempSync(join(tmpdir(), 'sampler-'))
    expect(run(samplerStartScript(), '/usr/bin:/bin').stdout.trim()).toBe('no nvidia-smi')
    const fetched = run(samplerFetchScript(), '/usr/bin:/bin')
    expect(fetched.stdout).toMatch(/^== coarse.csv\n== fine.csv.1\n== fine.csv\n== health.csv\n== buses\n== xid \S+\n/)
    // No nvidia-smi at the end either: the GPUs' part says how it failed.
    expect(fetched.stdout).toMatch(/\n== gpus 127\n.*nvidia-smi: command not found\n$/)
    expect(parseSamples(fetched.stdout)).toEqual({ fine: [], coarse: [], dropped: 0 })
  })
})
