/** The names of a sandbox's runners: what mode: stop and the sweep look for, and how fresh ones are numbered. */

/** A sandbox's runner is named after it: what mode: stop and the sweep look for. */
export function runnerName(sandboxId: string): string {
  return `gpu-sandbox-${sandboxId}`
}

/** How many fresh runners a holder starts on its sandbox after refused jobs of other runs. */
export const MAX_FRESH_RUNNERS = 3

/**
 * The `n`th runner in one runner folder whose first runner is `first`: `first` itself, then `…-r2`, `…-r3`, … (a
 * fresh one after a refused job of another run, or for the next job with runner-jobs).
 */
export function freshRunnerName(first: string, n: number): string {
  return n <= 1 ? first : `${first}-r${n}`
}

/** The runner after `name` in its folder (`…` → `…-r2`, `…-g2-r2` → `…-g2-r3`), whichever job spent `name`. */
export function nextRunnerName(name: string): string {
  return freshRunnerName(folderRunnerName(name), Number(/-r(\d+)$/.exec(name)?.[1] ?? 1) + 1)
}

/** The first runner of the k-th folder on a sandbox (`runners`): the sandbox's name, then `…-g2`, `…-g3`. */
export function slotRunnerName(sandboxId: string, slot: number): string {
  return slot <= 1 ? runnerName(sandboxId) : `${runnerName(sandboxId)}-g${slot}`
}

/** The first runner's name in the same folder (`…-g2-r3` → `…-g2`). */
export function folderRunnerName(name: string): string {
  return name.replace(/-r\d+$/, '')
}

/** The sandbox's first runner's name of any runner on a sandbox (`…-r3` → `…`, `…-g2-r3` → `…`). */
export function firstRunnerName(name: string): string {
  return folderRunnerName(name).replace(/-g\d+$/, '')
}

/** Every name a runner on this sandbox may have: its own, then each fresh one's. */
export function sandboxRunnerNames(sandboxId: string): string[] {
  return Array.from({ length: MAX_FRESH_RUNNERS + 1 }, (_, i) => freshRunnerName(runnerName(sandboxId), i + 1))
}
