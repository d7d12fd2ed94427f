/**
 * Benchmark section 12 (issue 48): one GPU sandbox serving several jobs of its
 * run, against a sandbox a job. A build → test → bench pipeline (each job
 * queued when the one before ends, as `needs:` does) on one sandbox with
 * `runner-jobs: 3`, against three holders started at once (a label each);
 * and a 4-leg matrix on one 4-GPU sandbox with `runners: 4`, against four
 * 1-GPU sandboxes. The bundles, the emulator (its own sshd and home per
 * sandbox, provisioning as in section 4) and the stand-in runner; a job
 * installs its packages unless the sandbox has them, then works.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Emulator } from '../../emulator/emulator.ts'
import { runStep } from '../lib/action-runner.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../lib/fake-github.ts'
import type { JobOwner, JobStep } from '../lib/fake-runners.ts'
import { log, seconds, UNLIMITED } from './common.ts'

const PROVISIONING_MS = 30_000
const INSTALL_S = 8
const WORK_S = 6
const RUN: Omit<JobOwner, 'name'> = { runId: 4242, attempt: 1 }

/** A job: the packages installed unless the sandbox has them (as pip or apt would keep them), then its work. */
const jobPlan = (name: string): JobStep[] => [
  {
    name,
    run: `if [ -e "$HOME/.installed" ]; then echo reused; else sleep ${INSTALL_S}; touch "$HOME/.installed"; fi
sleep ${WORK_S}; echo "${name} on GPUs [$CUDA_VISIBLE_DEVICES]" >> result.txt`,
  },
]

async function services() {
  const emulator = new Emulator({
    generation: 'current',
    ssh: true,
    sshHost: { perSandbox: true, loginUser: 'self', docker: 'stand-in' },
    provisioningMs: PROVISIONING_MS,
    stopMs: 200,
    ...UNLIMITED,
  })
  emulator.options.capacity.A100 = 16
  const baseUrl = await emulator.start()
  const github = new FakeGitHub()
  const served = await github.serve()
  return { emulator, baseUrl, github, served, homes: [] as string[] }
}
type Services = Awaited<ReturnType<typeof services>>

/** One holding job (main, then post) with its own home; its billed seconds and main step's length. */
async function holder(s: Services, inputs: Record<string, string>) {
  const home = mkdtempSync(join(tmpdir(), 'bench-pipeline-'))
  s.homes.push(home)
  mkdirSync(join(home, '.ssh'))
  mkdirSync(join(home, 'temp'))
  const env = {
    HOME: home,
    RUNNER_TEMP: join(home, 'temp'),
    GITHUB_API_URL: s.served.url,
    GITHUB_SERVER_URL: s.served.url,
  }
  const step = {
    inputs: {
      'api-token': s.emulator.token,
      'base-url': s.baseUrl,
      runner: 'true',
      'github-token': GITHUB_TOKEN,
      'gpu-type': 'A100',
      'gpu-check': 'false',
      'gpu-report': 'false',
      ...inputs,
    },
    env,
    workDir: home,
    timeoutMs: 900_000,
  }
  const main = await runStep('main', step)
  if (main.exitCode !== 0) throw new Error(`pipeline bench: a holder failed: ${main.stdout}`)
  const post = await runStep('post', { ...step, state: main.state })
  // Billed from the accepted start to the accepted stop, by the emulator's record of the two requests.
  const name = main.outputs['sandbox-name'] ?? ''
  const start = s.emulator
    .requestsTo('POST', '/sandboxes/start')
    .find((r) => (r.body as { name?: string }).name === name && typeof r.status === 'number' && r.status < 400)
  const stop = s.emulator
    .stopRequestsFor(main.outputs['sandbox-id'] ?? '')
    .find((r) => typeof r.status === 'number' && r.status < 400)
  const billed = start && stop ? (stop.at - start.at) / 1000 : 0
  return { billed, gpuSeconds: billed * Number(inputs['gpu-count'] ?? 1), exitCode: post.exitCode }
}

/** Queues each job once the one before it ended (as `needs:` does); its end, when the last ended. */
async function pipeline(s: Services, labels: string[], names: string[]): Promise<number> {
  const runners = s.github.runners
  for (let k = 0; k < names.length; k++) {
    const name = names[k] ?? ''
    runners.queue(labels[k] ?? '', { ...RUN, name }, jobPlan(name))
    for (;;) {
      const job = runners.jobs.find((candidate) => candidate.name === name && candidate.status === 'completed')
      if (job) {
        if (job.conclusion !== 'success') throw new Error(`pipeline bench: ${name} ended ${job.conclusion}`)
        if (k === names.length - 1) return job.endedAt ?? performance.now()
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  return performance.now()
}

interface Layout {
  wallMs: number
  sandboxes: number
  provisioningMs: number
  billed: number
  gpuSeconds: number
}

/** One layout on fresh services: the jobs queued at once (or in turn), every holder at once. */
async function layout(holders: Record<string, string>[], jobs: (s: Services) => Promise<number>): Promise<Layout> {
  const s = await services()
  try {
    const queuedAt = performance.now()
    const [held, lastEnd] = await Promise.all([Promise.all(holders.map((inputs) => holder(s, inputs))), jobs(s)])
    if (held.some((one) => one.exitCode !== 0)) throw new Error('pipeline bench: a holding post step failed')
    const started = s.emulator
      .requestsTo('POST', '/sandboxes/start')
      .filter((r) => typeof r.status === 'number' && r.status < 400).length
    return {
      wallMs: lastEnd - queuedAt,
      sandboxes: started,
      provisioningMs: started * PROVISIONING_MS,
      billed: held.reduce((sum, one) => sum + one.billed, 0),
      gpuSeconds: held.reduce((sum, one) => sum + one.gpuSeconds, 0),
    }
  } finally {
    await s.served.close()
    await s.emulator.close()
    for (const home of s.homes.splice(0)) rmSync(home, { recursive: true, force: true })
  }
}

/** All legs queued at once, each with its label; their last end. */
async function matrixJobs(s: Services, labels: string[]): Promise<number> {
  labels.forEach((label, k) => s.github.runners.queue(label, { ...RUN, name: `leg-${k + 1}` }, jobPlan(`leg-${k + 1}`)))
  for (;;) {
    const ended = s.github.runners.jobs.filter((job) => job.runId === RUN.runId && job.status === 'completed')
    if (ended.length >= labels.length) return Math.max(...ended.map((job) => job.endedAt ?? 0))
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const row = (what: string, at: Layout) =>
  `| ${what} | ${seconds(at.wallMs)} | ${at.sandboxes} | ${seconds(at.provisioningMs)} | ${at.billed.toFixed(0)} s | ${at.gpuSeconds.toFixed(0)} |`

export async function pipelineSection(): Promise<string> {
  const names = ['build', 'test', 'bench']
  log('pipeline: 3 jobs on one sandbox (runner-jobs: 3)')
  const one = await layout([{ 'runner-label': 'gpu-p', 'runner-jobs': '3' }], (s) =>
    pipeline(s, ['gpu-p', 'gpu-p', 'gpu-p'], names),
  )
  log('pipeline: 3 jobs on three sandboxes')
  const labels = names.map((name) => `gpu-${name}`)
  const three = await layout(
    labels.map((label) => ({ 'runner-label': label })),
    (s) => pipeline(s, labels, names),
  )
  log('matrix: 4 legs on one 4-GPU sandbox (runners: 4)')
  const shared = await layout([{ 'runner-label': 'gpu-m', runners: '4', 'gpu-count': '4' }], (s) =>
    matrixJobs(s, ['gpu-m', 'gpu-m', 'gpu-m', 'gpu-m']),
  )
  log('matrix: 4 legs on four 1-GPU sandboxes')
  const legLabels = [1, 2, 3, 4].map((k) => `gpu-m${k}`)
  const four = await layout(
    legLabels.map((label) => ({ 'runner-label': label })),
    (s) => matrixJobs(s, legLabels),
  )
  const saved = (a: Layout, b: Layout) =>
    a.wallMs <= b.wallMs
      ? `saves ${seconds(b.wallMs - a.wallMs)} (${Math.round((1 - a.wallMs / b.wallMs) * 100)} %) of wall time`
      : `takes ${seconds(a.wallMs - b.wallMs)} longer`
  return [
    '## 12. One sandbox, several jobs: runner-jobs and runners',
    '',
    `The bundles against the emulator (each sandbox its own sshd and home, provisioning ${seconds(PROVISIONING_MS)} as in`,
    `section 4, \`gpu-type: A100\`) and the stand-in runner. A job installs its packages (${INSTALL_S} s) unless its`,
    `sandbox has them, then works ${WORK_S} s. Wall time runs from the first job queued to the last job's end; billed`,
    "is the sum over the sandboxes of the time from each accepted start to its accepted stop (the emulator's record),",
    "GPU-seconds the same times each sandbox's GPUs (what the catalog price multiplies: a 4-GPU sandbox costs four 1-GPU ones).",
    '',
    '| layout | wall time | sandboxes started | provisioning paid | billed | GPU-seconds |',
    '|---|---|---|---|---|---|',
    row('pipeline build → test → bench, one sandbox (`runner-jobs: 3`)', one),
    row('the same pipeline, three holders started at once (a label each)', three),
    row('4-leg matrix, one 4-GPU sandbox (`runners: 4`)', shared),
    row('the same matrix, four 1-GPU sandboxes', four),
    '',
    `The pipeline on one sandbox ${saved(one, three)}: the test and bench jobs find the packages the build job`,
    `installed (and its files in \`_work\`), and one sandbox is billed instead of three, the later ones idle until`,
    `their job comes (${(three.billed - one.billed).toFixed(0)} s fewer billed). The matrix on one 4-GPU sandbox`,
    `${saved(shared, four)}: its legs run at once either way; it starts one sandbox instead of four (one start`,
    "request against the service's rate limit, one provisioning), each leg on its own GPU.",
    '',
  ].join('\n')
}
