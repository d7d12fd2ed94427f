/**
 * The house rules, checked (npm run layers; .ci/run runs it):
 * - src/ folders import only downward (LAYERS, lowest first); two folders on
 *   one floor never import each other; no circle of imports in src/, emulator/
 *   or scripts/;
 * - no function in src/ or emulator/ over MAX_FUNCTION_LINES lines;
 * - no file in src/, emulator/ or scripts/ over MAX_FILE_LINES lines.
 *
 *   node scripts/layers.ts          prints every breach, exits 1 if any
 *   node scripts/layers.ts --stats  also prints the figures (longest function, largest file)
 */
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { filesUnder, ROOT, type Breach } from './lib/house-files.ts'
import { lineBreaches, sizeBreaches } from './lib/house-sizes.ts'

export * from './lib/house-files.ts'

export { functionLengths, lineBreaches, sizeBreaches, type Measured } from './lib/house-sizes.ts'

/** Floors of src/, lowest first; a folder imports only from floors below its own. */
export const LAYERS: readonly (readonly string[])[] = [
  ['runtime'],
  // The GPU's faults: what the sandbox is asked and how its answer is read, beside the client (runtime only).
  ['client', 'gpu-fault'],
  ['inputs', 'remote'],
  ['github', 'step'],
  ['approval', 'runner', 'sandbox', 'ssh'],
  ['cleanup', 'entry', 'gpu-check', 'gpu-report', 'run', 'sweep'],
  // A prepared pool's preparation sees its checkout as run does (run's upload).
  ['pool'],
  ['comment'],
  // The start flow, the action's main feature, beside the modes that pick and run it.
  ['modes', 'start'],
  ['.'], // main.ts and post.ts, the two bundle entries
]

const floorOf = (folder: string) => LAYERS.findIndex((floor) => floor.includes(folder))

/** 'client' for src/client/x.ts, '.' for src/main.ts. */
function folderOf(file: string, srcDir: string): string {
  const parts = relative(srcDir, file).split(/[\\/]/)
  return parts.length > 1 ? (parts[0] as string) : '.'
}

/** Static imports and exports, and `import('./x.ts')` loaded on demand: both are dependencies. */
function relativeImports(source: ts.SourceFile): string[] {
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const specifier = (node.moduleSpecifier as ts.StringLiteral).text
      if (specifier.startsWith('.')) found.push(specifier)
    }
    const [argument] = ts.isCallExpression(node) ? node.arguments : []
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && argument)
      if (ts.isStringLiteral(argument) && argument.text.startsWith('.')) found.push(argument.text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

export function layerBreaches(root = ROOT): Breach[] {
  const srcDir = join(root, 'src')
  const breaches: Breach[] = []
  for (const file of filesUnder(srcDir)) {
    const from = folderOf(file, srcDir)
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
    for (const specifier of relativeImports(source)) {
      const target = resolve(dirname(file), specifier)
      const to = folderOf(target, srcDir)
      if (to === from) continue
      const [fromFloor, toFloor] = [floorOf(from), floorOf(to)]
      if (fromFloor < 0 || toFloor < 0 || toFloor >= fromFloor) {
        const why =
          fromFloor < 0 || toFloor < 0
            ? 'a folder with no floor in LAYERS'
            : toFloor === fromFloor
              ? 'same floor'
              : 'upward'
        breaches.push({
          rule: 'layer',
          where: relative(root, file),
          detail: `imports ${relative(root, target)} (${from} -> ${to}: ${why})`,
        })
      }
    }
  }
  return breaches
}

/** Each file's relative imports (type-only ones too: a circle by types still ties the files together). */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of filesUnder(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
    graph.set(
      file,
      relativeImports(source).map((specifier) => resolve(dirname(file), specifier)),
    )
  }
  return graph
}

/** The strongly connected groups of more than one file (Tarjan): every circle of imports lies in one. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file) as number)
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue
      if (!index.has(next)) visit(next)
      if (stack.includes(next)) low.set(file, Math.min(low.get(file) as number, low.get(next) as number))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    for (let member = stack.pop(); member !== undefined; member = member === file ? undefined : stack.pop())
      group.push(member)
    if (group.length > 1) found.push(group.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found
}

/** No circle of imports in src/, emulator/ or scripts/. */
export function circleBreaches(root = ROOT): Breach[] {
  return ['src', 'emulator', 'scripts'].flatMap((dir) =>
    circles(importGraph(join(root, dir))).map((group) => ({
      rule: 'circle' as const,
      where: relative(root, group[0] as string),
      detail: `imports go round in a circle: ${group.map((file) => relative(root, file)).join(', ')}`,
    })),
  )
}

/** Each src/ folder's folders it imports from. */
function folderImports(root: string): Map<string, Set<string>> {
  const srcDir = join(root, 'src')
  const imports = new Map<string, Set<string>>()
  for (const [file, targets] of importGraph(srcDir)) {
    const from = folderOf(file, srcDir)
    const set = imports.get(from) ?? new Set<string>()
    for (const target of targets) if (folderOf(target, srcDir) !== from) set.add(folderOf(target, srcDir))
    imports.set(from, set)
  }
  return imports
}

/**
 * The floors the code has: a folder that imports nothing stands on the lowest,
 * every other one just above the highest it imports from. Undefined in a circle.
 */
export function actualFloors(root = ROOT): string[][] | undefined {
  const imports = folderImports(root)
  const floor = new Map<string, number>()
  const place = (folder: string, path: string[]): number | undefined => {
    if (floor.has(folder)) return floor.get(folder)
    if (path.includes(folder)) return undefined
    let highest = -1
    for (const below of imports.get(folder) ?? []) {
      const at = place(below, [...path, folder])
      if (at === undefined) return undefined
      highest = Math.max(highest, at)
    }
    floor.set(folder, highest + 1)
    return highest + 1
  }
  for (const folder of imports.keys()) if (place(folder, []) === undefined) return undefined
  const floors: string[][] = []
  for (const [folder, at] of floor) (floors[at] ??= []).push(folder)
  return floors.map((folders) => folders.sort())
}

/** LAYERS must be the floors the code has, so the plan says what the imports do. */
export function floorBreaches(root = ROOT, declared: readonly (readonly string[])[] = LAYERS): Breach[] {
  const actual = actualFloors(root)
  const show = (floors: readonly (readonly string[])[]) =>
    floors.map((folders) => `[${folders.join(', ')}]`).join(' < ')
  const sorted = declared.map((folders) => [...folders].sort())
  if (!actual || JSON.stringify(actual) === JSON.stringify(sorted)) return []
  return [
    {
      rule: 'floors',
      where: 'scripts/layers.ts',
      detail: `LAYERS declares ${show(sorted)}; the imports build ${show(actual)}`,
    },
  ]
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = sizeBreaches()
  const breaches = [...layerBreaches(), ...circleBreaches(), ...floorBreaches(), ...lineBreaches(), ...sizes.breaches]
  for (const breach of breaches) console.log(`${breach.rule}: ${breach.where} ${breach.detail}`)
  if (process.argv.includes('--stats')) {
    console.log(`upward or sideways imports: ${breaches.filter((b) => b.rule === 'layer').length}`)
    console.log(`longest function: ${sizes.longest.name} (${sizes.longest.where}), ${sizes.longest.lines} lines`)
    console.log(`largest file: ${sizes.largest.where}, ${sizes.largest.lines} lines`)
  }
  if (breaches.length > 0) {
    console.error(`${breaches.length} breach(es) of the house rules (scripts/layers.ts).`)
    process.exit(1)
  }
  console.log('house rules hold: imports go downward only, in no circle; functions, files and lines within their sizes')
}
