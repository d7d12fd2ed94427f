/**
 * approve-label-once: the post step removes the approval label, so the next
 * run needs a new approval. Never fails the step: a label that cannot be
 * removed is a warning saying what the token lacks.
 */
import { removeApprovalLabel } from './github.ts'
import type { CleanupConfig } from '../inputs/config.ts'
import type { CleanupDeps } from '../step/deps.ts'
import type { SavedApproval } from '../step/state.ts'

export async function removeApproval(deps: CleanupDeps, saved: SavedApproval, config: CleanupConfig): Promise<void> {
  const { githubToken, repository } = config.runner()
  const what = `the label '${saved.label}' of pull request #${saved.number}`
  if (!githubToken || !repository) {
    deps.core.warning(`approve-label-once: ${what} was not removed: no github-token or repository in this step.`)
    return
  }
  try {
    const log = (message: string) => deps.core.info(message)
    const outcome = await removeApprovalLabel({ githubToken, repository }, saved.number, saved.label, { ...deps, log })
    deps.core.info(
      outcome === 'removed'
        ? `approve-label-once: removed ${what}; the next run needs a new approval.`
        : `approve-label-once: ${what} is already gone.`,
    )
  } catch (error) {
    deps.core.warning(`approve-label-once: ${what} was not removed: ${(error as Error).message}`)
  }
}
