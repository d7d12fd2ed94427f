/**
 * mode: sweep, after its stops: offline runner registrations named after a
 * sandbox it stopped (a runner: true job whose post step never ran) are
 * deleted. Only with a token that may manage runners; without one, a note.
 */
import { firstRunnerName, isAccessDenied, runnerName, type RunnerRegistry } from '../runner/github.ts'

export async function deleteOrphanRegistrations(
  registry: RunnerRegistry,
  stoppedIds: readonly string[],
  log: (message: string) => void,
): Promise<number> {
  if (stoppedIds.length === 0) return 0
  const names = new Set(stoppedIds.map(runnerName))
  let deleted = 0
  try {
    for (const runner of await registry.list()) {
      // A fresh runner after a refused job carries the sandbox's name and -r<n>.
      if (runner.status !== 'offline' || !names.has(firstRunnerName(runner.name))) continue
      if (await registry.remove(runner.id)) deleted++
      log(`Deleted the offline runner registration ${runner.name} (id ${runner.id}) of a stopped sandbox.`)
    }
  } catch (error) {
    log(
      isAccessDenied(error)
        ? `Runner registrations were not looked for: 'github-token' may not manage runners (${error.status}).`
        : `Runner registrations could not be cleaned up: ${(error as Error).message}`,
    )
  }
  return deleted
}
