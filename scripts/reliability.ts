/**
 * npm run reliability [-- --seed N --random N --concurrency N]: the soak tests
 * (test/soak/: jobs of real length, the fault suite's slice), then the whole
 * fault suite; writes the totals to docs/reliability.md. Exits 1 on any leak or
 * problem. `-- --soak` runs the soak tests alone (CI).
 */
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { GENERATIONS } from '../emulator/generation.ts'
import { ROOT, removeWorkDirs } from './lib/action-runner.ts'
import {
  BILLING_ROUTES,
  FAULT_KINDS,
  ROUTES,
  ROUTES_BY_GENERATION,
  behaviourMatrix,
  billingMatrix,
  faultMatrix,
  instanceMatrix,
  randomScenarios,
  runSuite,
  signalMatrix,
} from './fault-suite/suite.ts'
import { runSweepSuite, sweepMatrix } from './fault-suite/sweep-suite.ts'
import { runnerMatrix, runRunnerSuite } from './fault-suite/runner-suite.ts'
import { gpuFaultMatrix, gpuReportMatrix } from './fault-suite/gpu-matrix.ts'
import { poolMatrix, runPoolSuite } from './fault-suite/pool-suite.ts'
import { sshdAvailable } from '../emulator/ssh-service.ts'

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}

// The soak tests first, through vitest (SOAK=1 points vitest.config.ts at test/soak/).
const soak = spawnSync(join(ROOT, 'node_modules', '.bin', 'vitest'), ['run'], {
  cwd: ROOT,
  env: { ...process.env, SOAK: '1' },
  stdio: 'inherit',
})
if (soak.status !== 0) process.exit(1)
if (process.argv.includes('--soak')) process.exit(0)

const seed = option('seed', Number(process.env.SEED ?? Date.now() % 1_000_000))
const randomCount = option('random', 200)
const concurrency = option('concurrency', 6)
console.log(`fault suite: seed ${seed} (reproduce with: npm run reliability -- --seed ${seed})`)

const matrix = GENERATIONS.flatMap((generation) => faultMatrix(generation))
const signals = signalMatrix()
const instances = instanceMatrix()
const billing = billingMatrix()
const behaviours = GENERATIONS.flatMap((generation) => behaviourMatrix(generation))
const random = randomScenarios(seed, randomCount)
// gpu-report needs the emulator's SSH access (a real sshd).
const gpuReports = sshdAvailable() ? gpuReportMatrix('current') : []
const gpuFaults = sshdAvailable() ? gpuFaultMatrix('current') : []
const totals = await runSuite(
  [...matrix, ...billing, ...behaviours, ...signals, ...instances, ...random, ...gpuReports, ...gpuFaults],
  concurrency,
  (outcome, done) => {
    const mark = outcome.problems.length > 0 ? `FAIL ${outcome.problems.join('; ')}` : 'ok'
    console.log(
      `[${done}] ${outcome.scenario.label}: main ${outcome.main.exitCode ?? outcome.main.signal}, post ${outcome.post.exitCode}, created ${outcome.created}: ${mark}`,
    )
  },
)

const sweeps = GENERATIONS.flatMap((generation) => sweepMatrix(generation))
const sweepStarted = Date.now()
const sweepOutcomes = await runSweepSuite(sweeps, concurrency)
for (const outcome of sweepOutcomes)
  console.log(
    `[sweep] ${outcome.scenario.label}: ${outcome.problems.length > 0 ? `FAIL ${outcome.problems.join('; ')}` : 'ok'}`,
  )
const sweepProblems = sweepOutcomes.filter((o) => o.problems.length > 0)
const sweepWrongStops = sweepOutcomes.reduce((sum, o) => sum + o.wrongStops, 0)
const sweepFaults = sweepOutcomes.reduce((sum, o) => sum + o.faultsApplied, 0)

const runners = GENERATIONS.flatMap((generation) => runnerMatrix(generation))
const runnerStarted = Date.now()
const runnerOutcomes = await runRunnerSuite(runners, Math.min(concurrency, 4), true)
for (const outcome of runnerOutcomes)
  console.log(
    `[runner] ${outcome.scenario.label}: ${outcome.problems.length > 0 ? `FAIL ${outcome.problems.join('; ')}` : 'ok'}`,
  )
const runnerProblems = runnerOutcomes.filter((o) => o.problems.length > 0)
const strandedFailed = runnerOutcomes.filter((o) => o.strandedFailed).length

// The warm pool (issue 55) claims over SSH: it needs the emulator's real sshd.
const pools = sshdAvailable() ? poolMatrix() : []
const poolStarted = Date.now()
const poolOutcomes = await runPoolSuite(pools)
for (const outcome of poolOutcomes)
  console.log(
    `[pool] ${outcome.scenario.label}: ${outcome.claims} claims: ${outcome.problems.length > 0 ? `FAIL ${outcome.problems.join('; ')}` : 'ok'}`,
  )
const poolProblems = poolOutcomes.filter((o) => o.problems.length > 0)
const poolWrongStops = poolOutcomes.reduce((sum, o) => sum + o.wrongStops, 0)

const report = `# Reliability: the fault suite

Produced by \`npm run reliability\` (seed ${seed}; rerun with \`npm run reliability -- --seed ${seed}\`).
Each run executes the committed \`dist/main/index.js\` and then \`dist/post/index.js\` as the runner
does, against a fresh emulator over a real socket, with the faults and signals below. After each
run the suite checks that the post step succeeded, that no sandbox of the run is live, that at most one
sandbox was ever created (two where \`retry-on-gpu-fault\` runs again on a fresh one), that another job's sandbox holding the name was never sent a stop (unless
\`replace-existing: true\` asked for it), every instance was deleted, and that neither the API token nor any line of a
generated private key appears in stdout, stderr, outputs (but \`ssh-private-key\`), state or the job summary
except in \`::add-mask::\`.

| | |
|---|---|
| runs | ${totals.runs} |
| fault matrix runs, in both generations of the service (${FAULT_KINDS.length} fault kinds x ${ROUTES.length} routes, plus the blocking wait's as deployed, x attempts 1 and 2) | ${matrix.length} |
| summary-call runs (every fault kind on ${BILLING_ROUTES.map((r) => `\`${r}\``).join(' and ')}: a warning, the step succeeds) | ${billing.length} |
| behaviour runs, in both generations (not visible yet for 1-3 s, a name held by another job's live or stopping sandbox with faults and signals, list pages with extra arrays, a stop refused with 409 for a failed sandbox) | ${behaviours.length} |
| signal runs (SIGINT, SIGTERM, SIGKILL at spawn, after the start request, while polling, after a lost answer) | ${signals.length} |
| instance runs (503/504 on create, every fault kind on delete; the key checked in all output) | ${instances.length} |
| seeded random runs, the two generations alternately (1 to 3 faults, 30% with a signal, GPU fallback, wait: false, fixed names, another job holding the fixed name, not visible yet, extra list arrays) | ${random.length} |
| gpu-report runs, the service as deployed (v1.0 has no SSH certificates), over the emulator's SSH (its sampler from ready: \`run\` holding GPU memory with every fault kind on the stop after the report, \`ssh: true\` fetched by the post step, faults on the pricing read, SIGTERM and SIGKILL during the run, hostile sampler files that must not fail the step or reach the log) | ${gpuReports.length}${gpuReports.length === 0 ? ' (no sshd here)' : ''} |
| retry-on-gpu-fault runs, the service as deployed, an sshd per sandbox (the first sandbox's GPU falls off the bus a second into the run, the run goes again on a fresh one: every fault kind on the faulty sandbox's stop, which the main step sends, and a lost answer to the second start, where the step must still pass; SIGTERM and SIGKILL landing in either attempt) | ${gpuFaults.length}${gpuFaults.length === 0 ? ' (no sshd here)' : ''} |
| faults injected | ${totals.faultsInjected} |
| signals sent | ${totals.signalsSent} |
| sandboxes created | ${totals.sandboxesCreated} |
| most sandboxes created in one run | ${totals.maxSandboxesPerRun} |
| **leaked** | **${totals.leaked}** |
| **stops sent to another job's sandbox** | **${totals.wrongStops}** |
| runs with a problem | ${totals.failedRuns.length} |

## mode: sweep

The bundled main step of \`mode: sweep\` against an emulator listing two sandboxes a page (an orphan of a
completed run, one of a run in progress, one of a run GitHub does not know, another repository's, and a
user-named one) and a fake GitHub REST API on loopback (\`GITHUB_API_URL\`). After each run: no stop was
sent to any sandbox but the orphan, every other sandbox is still live, the orphan is stopped (or, when
GitHub never said its run was over, kept; when GitHub refused the token, the step failed with no stop
sent), and neither token is visible.

| | |
|---|---|
| sweep runs, in both generations (every fault kind on \`GET /sandboxes\` and on the stop; GitHub 502 once, 500 three times, 401, 403, an exhausted rate limit, an answer about another run) | ${sweeps.length} |
| faults injected | ${sweepFaults} |
| **stops sent to a sandbox that is not an orphan** | **${sweepWrongStops}** |
| runs with a problem | ${sweepProblems.length} |

${Math.round((Date.now() - sweepStarted) / 1000)} s at concurrency ${concurrency}.

## runner: true that cannot serve its runner

The bundled main step of \`runner: true\` whose holding step cannot serve (an invalid input, a token the
service refuses, no capacity, every start answered 503, a sandbox that failed, GitHub losing the
registration's answer, SIGTERM and SIGKILL while the failing runner is set up; and, issue 48, with
\`runner-jobs\` and \`runners\` above 1 and 2 or 3 jobs of the run queued for the label, including a
sandbox that breaks for the next runner after serving the first: its \`run.sh\` or, issue 54, its \`bin/\`
removed, or its sshd refusing new connections), with the fake GitHub and the stand-in runner
package, then the post step, which is handed the stranded job (a default step and an \`always()\`
one) once it waits, or each queued one. After each run: the post step succeeded (where the sandbox
broke after a first job, it failed instead, naming what could not start and why), no sandbox is
live, no runner registration is left, the failing runner's processes, user and directory are gone,
every stranded job handed a runner failed with one \`::error\` and no default step (none left
queued), and neither token is
visible; after all of them, no \`gpu-unserved-*\` user is left on the machine.

| | |
|---|---|
| runner runs, in both generations | ${runners.length} |
| runs whose stranded jobs the failing runner failed at once | ${strandedFailed} |
| **runs that left a sandbox, a registration, a process, a user or a directory** | **${runnerProblems.filter((o) => o.problems.some((p) => /leaked|left|still runs/.test(p))).length}** |
| runs with a problem | ${runnerProblems.length} |

${Math.round((Date.now() - runnerStarted) / 1000)} s at concurrency ${Math.min(concurrency, 4)}.

## The warm pool

The bundled steps against the emulator as deployed with a real sshd: a \`mode: pool\` keeper fills the pool,
then jobs with \`pool\` run at once (8 for 2 ready sandboxes, 4 for 4), claims whose answer is lost (the
sandbox's session dropped right after the claim's link was made), and a main step sent SIGTERM or SIGKILL
right after its claim; a pull request's job whose later step removes its claim on the sandbox, followed at
once by pull requests' and pushes' jobs with the same inputs (an sshd per sandbox: none may be handed its
sandbox, each claims only its own trust domain's, each pull request's claim starts one hold); a prepared pool
(\`pool-prepare\`, an sshd per sandbox) whose first preparation fails (once with the stop of the failed one
refused), or whose keeper is killed (SIGKILL) mid-preparation, followed by pull requests' jobs at once whose \`run\` reads the prepared file (none may claim a
sandbox whose preparation failed or never ended; those that claim none prepare their own); then every job's
post step, then a \`mode: pool\` drain of each domain. After each run: every main step that was not signalled passed, no sandbox was given to two jobs, no more claims than ready sandboxes,
every job's sandbox was live when its main step ended, no stop reached a job's sandbox before that job's
post step began, nothing is live after the post steps and the drain, and no token or key is visible.

| | |
|---|---|
| pool runs | ${pools.length}${pools.length === 0 ? ' (no sshd here)' : ''} |
| claims | ${poolOutcomes.reduce((sum, o) => sum + o.claims, 0)} |
| **stops sent to a job's sandbox before its post step** | **${poolWrongStops}** |
| runs with a problem | ${poolProblems.length} |

${Math.round((Date.now() - poolStarted) / 1000)} s, one run at a time.

Fault kinds: ${FAULT_KINDS.map((f) => `\`${f}\``).join(', ')}. Routes: ${ROUTES_BY_GENERATION.current.map((r) => `\`${r}\``).join(', ')} (the last only as deployed).
Machine: ${cpus().length} cores, Node ${process.version}; ${Math.round(totals.durationMs / 1000)} s at concurrency ${concurrency}.
`
writeFileSync(join(ROOT, 'docs', 'reliability.md'), report)
// Every run's work directory under the temp dir goes with the suite.
removeWorkDirs()
console.log(
  `\nruns ${totals.runs}, faults injected ${totals.faultsInjected}, sandboxes created ${totals.sandboxesCreated}, leaked ${totals.leaked}, wrong-sandbox stops ${totals.wrongStops}, problems ${totals.failedRuns.length}`,
)
console.log(
  `sweep runs ${sweeps.length}, faults injected ${sweepFaults}, stops to non-orphans ${sweepWrongStops}, problems ${sweepProblems.length}`,
)
for (const failed of totals.failedRuns) console.log(`PROBLEM ${failed.scenario.label}: ${failed.problems.join('; ')}`)
for (const failed of sweepProblems) console.log(`PROBLEM ${failed.scenario.label}: ${failed.problems.join('; ')}`)
for (const failed of runnerProblems) console.log(`PROBLEM ${failed.scenario.label}: ${failed.problems.join('; ')}`)
for (const failed of poolProblems) console.log(`PROBLEM ${failed.scenario.label}: ${failed.problems.join('; ')}`)
console.log(`pool runs ${pools.length}, wrong stops ${poolWrongStops}, problems ${poolProblems.length}`)
console.log(`runner runs ${runners.length}, stranded jobs failed ${strandedFailed}, problems ${runnerProblems.length}`)
const clean =
  runnerProblems.length === 0 &&
  totals.failedRuns.length === 0 &&
  totals.leaked === 0 &&
  totals.wrongStops === 0 &&
  sweepProblems.length === 0 &&
  sweepWrongStops === 0 &&
  poolProblems.length === 0 &&
  poolWrongStops === 0
process.exit(clean ? 0 : 1)
