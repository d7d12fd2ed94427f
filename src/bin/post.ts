// Entry of dist/post (action.yml `post`). Exit at once: idle keep-alive sockets must not hold the step open.
import { run } from '../post.ts'

await run()
process.exit()
