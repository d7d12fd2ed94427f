/**
 * npm run sub-actions: writes each sub-action's action.yml, main.js and post.js (run/, runner/, ssh/, …) from the root action.yml and
 * scripts/lib/sub-actions.ts, and the inputs and outputs tables of its docs page. A test fails when a committed file
 * differs from what this writes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './lib/action-runner.ts'
import { entryScript, rootAction, SUB_ACTION_PAGES, SUB_ACTIONS, subActionYaml, withTables } from './lib/sub-actions.ts'

const root = rootAction(ROOT)
for (const name of Object.keys(SUB_ACTIONS)) {
  mkdirSync(join(ROOT, name), { recursive: true })
  writeFileSync(join(ROOT, name, 'action.yml'), subActionYaml(name, root))
  // Its entries: the one build's main and post steps, told their use.
  for (const step of ['main', 'post'] as const) writeFileSync(join(ROOT, name, `${step}.js`), entryScript(name, step))
  // Its docs page: the inputs and outputs tables, made from that action.yml.
  const page = join(ROOT, SUB_ACTION_PAGES[name] ?? '')
  writeFileSync(page, withTables(readFileSync(page, 'utf8'), name, root))
}
console.log(
  `sub-actions: wrote ${Object.keys(SUB_ACTIONS)
    .map((name) => `${name}/{action.yml,main.js,post.js}`)
    .join(', ')}`,
)
