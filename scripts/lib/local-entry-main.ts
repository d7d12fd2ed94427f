/** local-action's main entry: src/main.ts's step, as the folder's use (scripts/lib/local-entry.ts). */
import { run as main } from '../../src/main.ts'
import { folderUse, localCore } from './local-entry.ts'

export const run = () => main(folderUse(), localCore)
