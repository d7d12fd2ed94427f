/** local-action's post entry: src/post.ts's step, as the folder's use (scripts/lib/local-entry.ts). */
import { run as post } from '../../src/post.ts'
import { folderUse, localCore } from './local-entry.ts'

export const run = () => post(folderUse(), localCore)
