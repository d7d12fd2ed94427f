/**
 * npm run bench: measures the committed bundles against the emulator, over a
 * real socket on loopback, and writes docs/benchmarks.md (sections 1-9) and
 * docs/benchmarks-features.md (10 on); with --only, it splices the sections it ran into those pages.
 *
 *   npm run bench                       all sections (about 5 minutes: the matrix runs at the real 1-minute window)
 *   npm run bench -- --only cold,bundle one or more of: cold, lag, lifecycle, matrix, bundle, run, runner, gate, stranded,
 *                                       github, gpu, pipeline, libraries, pool, hold, prepared
 *   npm run bench -- --jobs 20          matrix size (default 60)
 *   npm run bench -- --legs 40          the GitHub matrix's legs (default 240), --scale its time compression (default 6)
 *   npm run bench -- --out -            print the report instead of writing docs/ (--out FILE: write it there)
 *
 * Not a test: nothing here fails CI. The numbers are for people sizing matrices.
 */
import { execSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, freemem, platform, release, totalmem } from 'node:os'
import { join } from 'node:path'
import { ROOT, removeWorkDirs } from './lib/action-runner.ts'
import { argument, log, seconds } from './bench/common.ts'
import { bundleSizes, matrix } from './bench/matrix.ts'
import { runSection } from './bench/run.ts'
import { runnerSection } from './bench/runner.ts'
import { gateSection } from './bench/gate.ts'
import { strandedSection } from './bench/stranded.ts'
import { githubSection } from './bench/github-matrix.ts'
import { gpuSection } from './bench/gpu.ts'
import { pipelineSection } from './bench/pipeline.ts'
import { librariesSection } from './bench/libraries.ts'
import { poolSection } from './bench/pool.ts'
import { holdSection } from './bench/hold.ts'
import { preparedSection } from './bench/prepared.ts'
import { coldStart, detectionLag, lifecycle } from './bench/runs.ts'
import { coldStartByUse } from './bench/cold.ts'
import { PAGES, pageOf, sectionNumber, splice } from './bench/pages.ts'

const SECTIONS = [
  'cold',
  'lag',
  'lifecycle',
  'matrix',
  'bundle',
  'run',
  'runner',
  'gate',
  'stranded',
  'github',
  'gpu',
  'pipeline',
  'libraries',
  'pool',
  'hold',
  'prepared',
] as const
type Section = (typeof SECTIONS)[number]
const only = (argument('only')?.split(',') ?? [...SECTIONS]) as Section[]
for (const section of only) {
  if (!SECTIONS.includes(section)) throw new Error(`--only takes ${SECTIONS.join(', ')}; got '${section}'`)
}
const outFile = argument('out')

const started = Date.now()
const parts: string[] = []
for (const section of SECTIONS.filter((s) => only.includes(s))) {
  if (section === 'cold') parts.push(`${await coldStart()}\n${await coldStartByUse()}`)
  if (section === 'lag') parts.push(await detectionLag())
  if (section === 'lifecycle') parts.push(await lifecycle())
  if (section === 'matrix') parts.push(await matrix())
  if (section === 'bundle') parts.push(bundleSizes())
  if (section === 'run') parts.push(await runSection())
  if (section === 'runner') parts.push(await runnerSection())
  if (section === 'gate') parts.push(await gateSection())
  if (section === 'stranded') parts.push(await strandedSection())
  if (section === 'github') parts.push(await githubSection())
  if (section === 'gpu') parts.push(gpuSection())
  if (section === 'pipeline') parts.push(await pipelineSection())
  if (section === 'libraries') parts.push(await librariesSection())
  if (section === 'pool') parts.push(await poolSection())
  if (section === 'hold') parts.push(await holdSection())
  if (section === 'prepared') parts.push(await preparedSection())
}

const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: ROOT, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
})()
const cpu = cpus()
const date = new Date().toISOString().slice(0, 16).replace('T', ' ')
const header = (title: string) => [
  `# ${title}`,
  '',
  'Written by `npm run bench` (scripts/bench.ts): the committed bundles against the emulator on loopback.',
  'Not a test; rerun it after a change that could move these numbers and commit the result.',
  '',
  '| | |',
  '|---|---|',
  `| date | ${date} UTC |`,
  `| machine | ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} GiB free), ${platform()} ${release()} |`,
  `| Node | ${process.version} |`,
  `| commit | ${commit} (dist/ as committed) |`,
  `| bench run time | ${seconds(Date.now() - started)} |`,
  '',
]

// The runs' work directories under the temp dir go with the run.
removeWorkDirs()
const report = () => [...header('Benchmarks'), ...parts].join('\n')
if (outFile === '-') console.log(report())
else if (outFile) {
  writeFileSync(outFile, report())
  log(`wrote ${outFile}`)
} else if (only.length === SECTIONS.length) {
  for (const page of PAGES) {
    const own = parts.filter((part) => pageOf(part) === page)
    writeFileSync(join(ROOT, 'docs', page.file), [...header(page.title), ...own].join('\n'))
    log(`wrote docs/${page.file}`)
  }
} else {
  const rerun =
    `Rerun alone on ${date} UTC at ${commit} (\`npm run bench -- --only ${only.join(',')}\`, ` +
    `${cpu.length} cores, Node ${process.version}); the page's other sections are from the run in its table.`
  for (const part of parts) {
    const file = join(ROOT, 'docs', pageOf(part).file)
    writeFileSync(file, splice(readFileSync(file, 'utf8'), part, rerun))
    log(`spliced section ${sectionNumber(part)} into ${file}`)
  }
}
