/**
 * Benchmark section 9: a stranded job (issue 37). A holding step of
 * `runner: true` that fails on an invalid input still registers the runner
 * that fails the waiting job: how long the main step takes to set it up
 * (package from the fake GitHub on loopback, SHA-256, a separate user where
 * sudo works, online), how soon the job handed to it has failed, and how long
 * the post step then takes to remove it at its real polling pace.
 */
import { Emulator } from '../../emulator/emulator.ts'
import { onceOutput, runStep } from '../lib/action-runner.ts'
import { FakeGitHub, GITHUB_TOKEN } from '../lib/fake-github.ts'
import { THIS_RUN } from '../lib/fake-runners.ts'
import { log, median, ms, quantile } from './common.ts'

interface Round {
  setUp: number
  failed: number
  post: number
}

async function round(emulator: Emulator, baseUrl: string): Promise<Round> {
  const github = new FakeGitHub()
  const served = await github.serve()
  try {
    const env = { GITHUB_API_URL: served.url, GITHUB_SERVER_URL: served.url, GITHUB_JOB: 'gpu' }
    const inputs = {
      'api-token': emulator.token,
      'base-url': baseUrl,
      runner: 'true',
      'github-token': GITHUB_TOKEN,
      'gpu-type': 'B200',
    }
    let groupAt = 0
    let onlineAt = 0
    const main = await runStep('main', {
      inputs,
      env,
      onSpawn: (child) =>
        child.stdout?.on('data', (chunk: Buffer) => {
          const text = chunk.toString()
          if (text.includes('::group::Runner: fail the job')) groupAt ||= performance.now()
          if (/Runner: gpu-sandbox-unserved-\S+ \(id \d+\) is online/.test(text)) onlineAt ||= performance.now()
        }),
    })
    const saved = JSON.parse(main.state['unserved-runner'] || '{}') as { id?: number }
    if (!groupAt || !onlineAt || !saved.id) throw new Error(`stranded bench: no failing runner: ${main.stdout}`)
    let assignedAt = 0
    const plan = [{ name: 'checkout', run: 'true' }]
    const post = await runStep('post', {
      inputs,
      env,
      state: main.state,
      onSpawn: onceOutput('waiting for the job it fails', () => {
        assignedAt = performance.now()
        github.runners.assignJob(saved.id ?? 0, 0, THIS_RUN, { plan })
      }),
    })
    const job = github.runners.jobs.find((candidate) => candidate.runnerId === saved.id)
    if (post.exitCode !== 0 || job?.conclusion !== 'failure') throw new Error(`stranded bench: ${post.stdout}`)
    const failedAt = job.endedAt ?? 0
    return { setUp: onlineAt - groupAt, failed: failedAt - assignedAt, post: post.durationMs }
  } finally {
    await served.close()
  }
}

export async function strandedSection(): Promise<string> {
  const rounds = 5
  const emulator = new Emulator({ generation: 'current', ssh: true })
  const baseUrl = await emulator.start()
  try {
    const results: Round[] = []
    for (let n = 0; n < rounds; n++) results.push(await round(emulator, baseUrl))
    const row = (name: string, values: number[], target: string) =>
      `| ${name} | ${ms(median(values))} | ${ms(quantile(values, 0.95))} | ${target} |`
    const setUp = results.map((r) => r.setUp)
    log(`stranded: set-up median ${ms(median(setUp))}`)
    return [
      '## 9. A stranded job: the runner that fails it',
      '',
      `A holding step of \`runner: true\` with an invalid input (\`gpu-type: B200\`), ${rounds} runs, the stand-in runner`,
      'package served by the fake GitHub on loopback (the released one is about 200 MB from github.com, which adds its',
      'download), a separate user made with sudo:',
      '',
      '| | median | p95 | target |',
      '|---|---|---|---|',
      row('holding step: failing runner set up and online', setUp, 'under 60 s'),
      row(
        'job handed to it: failed by the hook',
        results.map((r) => r.failed),
        'under 5 s',
      ),
      row(
        'post step: waits for that, then removes it (polls every 16 s)',
        results.map((r) => r.post),
        'under 20 s',
      ),
      '',
    ].join('\n')
  } finally {
    await emulator.close()
  }
}
