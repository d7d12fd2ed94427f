// Entry of dist/main (action.yml `main`). Exit at once: idle keep-alive sockets must not hold the step open.
import { run } from '../main.ts'

await run()
// Exit at once, but only after the log has reached the runner: a pipe may still hold some of it.
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()))
process.exit()
