/** The part of @actions/core the action uses; passed in so modules are testable. */
import type * as actionsCore from '@actions/core'
import type { OutputName } from './output-names.ts'

export type ActionCore = Pick<
  typeof actionsCore,
  | 'getInput'
  | 'setFailed'
  | 'setSecret'
  | 'saveState'
  | 'getState'
  | 'info'
  | 'notice'
  | 'warning'
  | 'error'
  | 'debug'
  | 'startGroup'
  | 'endGroup'
> & {
  /** Sets one of the action's outputs (output-names.ts: a name action.yml does not declare does not compile). */
  setOutput(name: OutputName, value: unknown): void
  /**
   * One line of the user's own program (`run`), written as a `run:` step's
   * output is: workflow commands in it work; registered secrets are removed.
   */
  programLine(line: string): void
  /** Appends markdown to the job summary; a no-op where there is none. */
  appendSummary(markdown: string): Promise<void>
}
