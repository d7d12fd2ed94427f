/** The real @actions/core, adapted to ActionCore. */
import * as core from '@actions/core'
import type { ActionCore } from './core.ts'
import { boundedSummary } from './summary.ts'

export const actionsCore: ActionCore = {
  getInput: core.getInput,
  setOutput: core.setOutput,
  setFailed: core.setFailed,
  setSecret: core.setSecret,
  saveState: core.saveState,
  getState: core.getState,
  info: core.info,
  notice: core.notice,
  warning: core.warning,
  error: core.error,
  debug: core.debug,
  startGroup: core.startGroup,
  endGroup: core.endGroup,
  appendSummary: async (markdown) => {
    if (!process.env.GITHUB_STEP_SUMMARY) return
    try {
      await core.summary.addRaw(boundedSummary(markdown), true).write()
    } catch (error) {
      // The summary is a report: failing to write it never fails a step (least of all a stop that succeeded).
      core.summary.emptyBuffer()
      core.warning(`Could not write the job summary: ${error instanceof Error ? error.message : String(error)}`)
    }
  },
}
