/**
 * The house rules on sizes (scripts/layers.ts runs them): no function in src/ or emulator/ over
 * MAX_FUNCTION_LINES, no file in src/, emulator/ or scripts/ over MAX_FILE_LINES, no line in src/ over
 * MAX_LINE_CHARACTERS.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import {
  filesUnder,
  MAX_FILE_LINES,
  MAX_FUNCTION_LINES,
  MAX_LINE_CHARACTERS,
  ROOT,
  type Breach,
} from './house-files.ts'

/** No line in src/ over MAX_LINE_CHARACTERS. */
export function lineBreaches(root = ROOT): Breach[] {
  return filesUnder(join(root, 'src')).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, at) =>
        line.length > MAX_LINE_CHARACTERS
          ? [
              {
                rule: 'line' as const,
                where: `${relative(root, file)}:${at + 1}`,
                detail: `${line.length} characters (at most ${MAX_LINE_CHARACTERS})`,
              },
            ]
          : [],
      ),
  )
}

export interface Measured {
  where: string
  name: string
  lines: number
}

function functionName(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node }
  if (named.name) return named.name.getText(source)
  if (ts.isVariableDeclaration(node.parent)) return node.parent.name.getText(source)
  if (ts.isPropertyAssignment(node.parent)) return node.parent.name.getText(source)
  return '(anonymous)'
}

export function functionLengths(file: string, root = ROOT): Measured[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const measured: Measured[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const where = `${relative(root, file)}:${first + 1}`
      measured.push({ where, name: functionName(node, source), lines: last - first + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return measured
}

const lineCount = (file: string) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length

export function sizeBreaches(root = ROOT): { breaches: Breach[]; longest: Measured; largest: Measured } {
  const breaches: Breach[] = []
  let longest: Measured = { where: '', name: '', lines: 0 }
  let largest: Measured = { where: '', name: '', lines: 0 }
  for (const dir of ['src', 'emulator']) {
    for (const file of filesUnder(join(root, dir))) {
      for (const fn of functionLengths(file, root)) {
        if (fn.lines > longest.lines) longest = fn
        if (fn.lines > MAX_FUNCTION_LINES)
          breaches.push({
            rule: 'function',
            where: fn.where,
            detail: `${fn.name} is ${fn.lines} lines (at most ${MAX_FUNCTION_LINES})`,
          })
      }
    }
  }
  for (const dir of ['src', 'emulator', 'scripts']) {
    for (const file of [...filesUnder(join(root, dir)), ...filesUnder(join(root, dir), '.sh')]) {
      const lines = lineCount(file)
      if (lines > largest.lines) largest = { where: relative(root, file), name: '', lines }
      if (lines > MAX_FILE_LINES)
        breaches.push({
          rule: 'file',
          where: relative(root, file),
          detail: `${lines} lines (at most ${MAX_FILE_LINES})`,
        })
    }
  }
  return { breaches, longest, largest }
}
