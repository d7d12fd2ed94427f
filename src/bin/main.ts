// Entry of dist/main (action.yml `main`). Exit at once: idle keep-alive sockets must not hold the step open.
import { run } from '../main.ts'

await run()
process.exit()
