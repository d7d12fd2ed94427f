/**
 * npm run sub-actions: writes each sub-action's action.yml (run/, runner/, ssh/, …) from the root action.yml and
 * scripts/lib/sub-actions.ts. A test fails when a committed file differs from what this writes.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './lib/action-runner.ts'
import { rootAction, SUB_ACTIONS, subActionYaml } from './lib/sub-actions.ts'

const root = rootAction(ROOT)
for (const name of Object.keys(SUB_ACTIONS)) {
  mkdirSync(join(ROOT, name), { recursive: true })
  writeFileSync(join(ROOT, name, 'action.yml'), subActionYaml(name, root))
}
console.log(
  `sub-actions: wrote ${Object.keys(SUB_ACTIONS)
    .map((name) => `${name}/action.yml`)
    .join(', ')}`,
)
