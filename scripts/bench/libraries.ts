/**
 * Benchmark section 13 (issue 54): what is written here by hand, measured
 * against the well-kept library that does the same. Each side is bundled with
 * ncc as dist/ is (its own entry, nothing else), its bundle weighed (raw and
 * gzip) and imported cold in a fresh Node (median of ROUNDS), and run against
 * the same fake on loopback, its requests counted:
 * - the run artifacts' client and ZIP writer (src/comment/artifacts.ts,
 *   src/runtime/zip.ts) against the official `@actions/artifact`, both moving
 *   one row (upload, list, download by another job, delete) through
 *   scripts/lib/fake-results.ts;
 * - GitHub's rate limits and retries (src/github/call.ts, rate-limit.ts,
 *   failure.ts) against `@octokit/plugin-throttling` and
 *   `@octokit/plugin-retry` on the same Octokit, both meeting one secondary
 *   limit (403, retry-after: 1 s) from the fake GitHub: requests, and the
 *   wall time the wait took (the own code's clock is injectable; Bottleneck's is not).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROOT } from '../lib/action-runner.ts'
import { FakeResults } from '../lib/fake-results.ts'
import { log, median } from './common.ts'
import { rateLimitRuns } from './libraries-github.ts'

const ROUNDS = 9

export interface Side {
  label: string
  /** The entry ncc bundles: what the side's code needs, nothing more. */
  entry: string
}

/** Bundles `entry` with ncc into `dir`; the bundle's bytes (every chunk), raw and gzip, and its file. */
async function bundle(dir: string, name: string, entry: string): Promise<{ raw: number; gzip: number; file: string }> {
  const ncc = createRequire(import.meta.url)('@vercel/ncc') as (
    file: string,
    options: Record<string, unknown>,
  ) => Promise<{ code: string; assets: Record<string, { source: Buffer | string }> }>
  // Beside the project, so the entry's bare imports resolve from its node_modules.
  const source = join(ROOT, `.bench-entry-${name}.mjs`)
  writeFileSync(source, entry)
  try {
    const { code, assets } = await ncc(source, { minify: false, quiet: true, target: 'es2023', esm: true })
    const out = join(dir, `${name}.mjs`)
    writeFileSync(out, code)
    const chunks = Object.entries(assets).filter(([file]) => file.endsWith('.js'))
    for (const [file, asset] of chunks) writeFileSync(join(dir, file), asset.source)
    const all = [Buffer.from(code), ...chunks.map(([, asset]) => Buffer.from(asset.source))]
    return { raw: sum(all.map((b) => b.length)), gzip: sum(all.map((b) => gzipSync(b).length)), file: out }
  } finally {
    rmSync(source, { force: true })
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** Median milliseconds to import `file` in a fresh Node, beyond a bare start. */
function coldImport(file: string): number {
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const script = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t)`
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    if (run.status !== 0) throw new Error(`importing ${file} failed: ${run.stderr.slice(0, 500)}`)
    times.push(Number(run.stdout.trim().split('\n').at(-1)))
  }
  return median(times)
}

export interface Measured {
  label: string
  raw: number
  gzip: number
  importMs: number
}

export async function measure(dir: string, name: string, side: Side): Promise<Measured> {
  const built = await bundle(dir, name, side.entry)
  const importMs = coldImport(built.file)
  log(`libraries: ${side.label}: ${(built.raw / 1024).toFixed(0)} KiB, import ${importMs.toFixed(0)} ms`)
  return { label: side.label, raw: built.raw, gzip: built.gzip, importMs }
}

const lines = (...files: string[]) =>
  sum(files.map((file) => readFileSync(join(ROOT, file), 'utf8').trimEnd().split('\n').length))

/** Requests the official client and ours make to move one row: [twirp calls, blob transfers]. */
async function artifactRequests(): Promise<{ official: string; own: string }> {
  const { artifactRuns } = await import('./libraries-artifacts.ts')
  return artifactRuns(() => new FakeResults())
}

/** The sources compiled as `npm run build` compiles them (ncc bundles JavaScript); where they land. */
function compiled(): string {
  // Inside the project, so the compiled files' bare imports (zod) resolve from its node_modules.
  const out = join(ROOT, '.bench-build')
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const run = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', out])
  if (run.status !== 0) throw new Error(`tsc failed: ${String(run.stdout)}`)
  return out
}

export async function librariesSection(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-libraries-'))
  try {
    const build = compiled()
    const own = (path: string, names: string) => `export { ${names} } from '${join(build, path)}'\n`
    const official = await measure(dir, 'artifact', {
      label: '`@actions/artifact` 6',
      entry: "export { DefaultArtifactClient } from '@actions/artifact'\n",
    })
    const ours = await measure(dir, 'own-artifacts', {
      label: 'own: `src/comment/artifacts.ts` + `src/runtime/zip.ts`',
      entry: own('src/comment/artifacts.js', 'ArtifactStore'),
    })
    const plugins = await measure(dir, 'plugins', {
      label: '`@octokit/plugin-throttling` 11 + `@octokit/plugin-retry` 8',
      entry: "export { throttling } from '@octokit/plugin-throttling'\nexport { retry } from '@octokit/plugin-retry'\n",
    })
    const calls = await measure(dir, 'own-calls', {
      label: 'own: `src/github/call.ts` + `rate-limit.ts` + `failure.ts`',
      entry: own('src/github/call.js', 'callGitHub'),
    })
    const artifacts = await artifactRequests()
    const limits = await rateLimitRuns()
    return report({ official, ours, plugins, calls, artifacts, limits })
  } finally {
    rmSync(dir, { recursive: true, force: true })
    rmSync(join(ROOT, '.bench-build'), { recursive: true, force: true })
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`

function report(m: {
  official: Measured
  ours: Measured
  plugins: Measured
  calls: Measured
  artifacts: { official: string; own: string }
  limits: { plugin: string; own: string }
}): string {
  const row = (side: Measured, requests: string) =>
    `| ${side.label} | ${kib(side.raw)} (${kib(side.gzip)} gzip) | ${side.importMs.toFixed(0)} ms | ${requests} |`
  const artifactLines = lines('src/comment/artifacts.ts', 'src/runtime/zip.ts')
  const callLines = lines('src/github/call.ts', 'src/github/rate-limit.ts', 'src/github/failure.ts')
  return [
    '## 13. What is written here by hand, against the library that does it',
    '',
    'Each side bundled with ncc on its own (as dist/ is), its cold import timed in a fresh Node (median of ' +
      `${ROUNDS}), and run against the same fake on loopback. Written by \`npm run bench -- --only libraries\` ` +
      '(scripts/bench/libraries.ts).',
    '',
    '| side | bundle | cold import | requests |',
    '|---|---|---|---|',
    row(m.official, m.artifacts.official),
    row(m.ours, `${m.artifacts.own} (${artifactLines} lines to keep)`),
    row(m.plugins, `${m.limits.plugin} (on top of the Octokit chunk)`),
    row(m.calls, `${m.limits.own} (${callLines} lines to keep)`),
    '',
  ].join('\n')
}
