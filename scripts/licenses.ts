/**
 * Writes dist/<bundle>/licenses.txt for every production dependency. ncc's own
 * --license output is written once per chunk under one name, so with the lazily
 * loaded undici chunk it kept only the last chunk's licenses; this lists them all.
 * Run by `npm run build`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ROOT } from './lib/action-runner.ts'

interface PackageJson {
  name: string
  version: string
  license?: string
  dependencies?: Record<string, string>
}

/** Node's resolution: the nearest node_modules/<name> from `fromDir` upwards. */
function resolvePackage(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dir === dirname(dir)) throw new Error(`cannot resolve ${name} from ${fromDir}`)
  }
}

const seen = new Map<string, { pkg: PackageJson; dir: string }>()
function walk(dir: string): void {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson
  for (const name of Object.keys(pkg.dependencies ?? {}).sort()) {
    const depDir = resolvePackage(name, dir)
    const dep = JSON.parse(readFileSync(join(depDir, 'package.json'), 'utf8')) as PackageJson
    const key = `${dep.name}@${dep.version}`
    if (seen.has(key)) continue
    seen.set(key, { pkg: dep, dir: depDir })
    walk(depDir)
  }
}
walk(ROOT)

const sections = [...seen.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([key, { pkg, dir }]) => {
    const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f))
    const text = file ? readFileSync(join(dir, file), 'utf8').trim() : '(no license file in the package)'
    return `${key}\n${pkg.license ?? 'UNKNOWN'}\n${text}\n`
  })
const content = sections.join('\n')
for (const bundle of ['main', 'post']) writeFileSync(join(ROOT, 'dist', bundle, 'licenses.txt'), content)
console.log(`licenses.txt: ${seen.size} packages (${[...seen.keys()].join(', ')})`)
