// Runs after the action's own post step: no sandbox may be live any more. Then stops the emulator.
const baseUrl = process.env.STATE_baseurl
const pid = Number(process.env.STATE_pid)
let failed = false
try {
  if (!baseUrl) throw new Error('the emulator never started')
  const admin = baseUrl.replace(/\/v1$/, '')
  const response = await fetch(`${admin}/_emulator/sandboxes`)
  const body = await response.json()
  const sandboxes = body.sandboxes ?? []
  const live = body.live ?? []
  console.log(`Sandboxes the emulator saw: ${sandboxes.map((s) => `${s.id} ${s.status}`).join(', ') || 'none'}`)
  if (sandboxes.length === 0) throw new Error('no sandbox was started')
  if (live.length > 0) throw new Error(`still live after the action's post step: ${live.join(', ')}`)
  console.log('Every sandbox was stopped by the post step.')
} catch (error) {
  failed = true
  console.log(`::error::${error instanceof Error ? error.message : String(error)}`)
} finally {
  if (pid) {
    try {
      process.kill(-pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
}
process.exit(failed ? 1 : 0)
