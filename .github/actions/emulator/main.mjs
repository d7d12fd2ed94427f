// Starts `node emulator/cli.ts` detached, waits until it listens, and hands over base-url and api-token.
import { spawn } from 'node:child_process'
import { appendFileSync, openSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const port = process.env['INPUT_PORT'] || '8787'
const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd()
const logFile = join(process.env.RUNNER_TEMP ?? workspace, 'emulator.log')
const out = openSync(logFile, 'a')
const child = spawn(process.execPath, [join(workspace, 'emulator/cli.ts')], {
  cwd: workspace,
  detached: true,
  stdio: ['ignore', out, out],
  env: { ...process.env, EMULATOR_PORT: port, EMULATOR_PROVISIONING_MS: '2000' },
})
child.unref()
appendFileSync(process.env.GITHUB_STATE, `pid=${child.pid}\nlog=${logFile}\n`)

const deadline = Date.now() + 30_000
let log = ''
while (Date.now() < deadline) {
  log = readFileSync(logFile, 'utf8')
  const baseUrl = /base-url:\s+(\S+)/.exec(log)?.[1]
  const token = /api-token:\s+(\S+)/.exec(log)?.[1]
  if (baseUrl && token) {
    appendFileSync(process.env.GITHUB_OUTPUT, `base-url=${baseUrl}\napi-token=${token}\n`)
    appendFileSync(process.env.GITHUB_STATE, `baseurl=${baseUrl}\n`)
    console.log(`Emulator listening at ${baseUrl} (pid ${child.pid}).`)
    process.exit(0)
  }
  await new Promise((resolve) => setTimeout(resolve, 200))
}
console.log(`::error::The emulator did not start within 30 s:%0A${log.replace(/\n/g, '%0A')}`)
process.exit(1)
