/**
 * The runner's protocol, adapted to ActionCore. Every message on its way to
 * the runner passes safeLogText (untrusted.ts): whatever a message carries, no
 * line of it can start a workflow command, and registered secrets are removed.
 * The bundles write the protocol with workflow-commands.ts; @github/local-action
 * passes in its stand-in for @actions/core (scripts/lib/local-entry.ts).
 */
import type { AnnotationProperties } from '@actions/core'
import * as workflowCommands from './workflow-commands.ts'
import type { ActionCore } from '../runtime/core.ts'
import { boundedSummary } from '../step/summary.ts'
import { programText } from '../runtime/program-output.ts'
import { registerSecret, safeLogText } from '../runtime/untrusted.ts'

/** What writes to the runner: workflow-commands.ts, or anything with @actions/core's functions. */
export type RunnerProtocol = typeof workflowCommands

function safe(message: string | Error): string {
  return safeLogText(message instanceof Error ? message.message : String(message))
}

function safeProperties(properties?: AnnotationProperties): AnnotationProperties | undefined {
  return properties?.title === undefined ? properties : { ...properties, title: safe(properties.title) }
}

export function adaptCore(core: RunnerProtocol): ActionCore {
  return {
    getInput: core.getInput,
    setOutput: core.setOutput,
    setFailed: (message) => core.setFailed(safe(message)),
    setSecret: (secret) => {
      core.setSecret(secret)
      registerSecret(secret)
    },
    saveState: core.saveState,
    getState: core.getState,
    info: (message) => core.info(safe(message)),
    notice: (message, properties) => core.notice(safe(message), safeProperties(properties)),
    warning: (message, properties) => core.warning(safe(message), safeProperties(properties)),
    error: (message, properties) => core.error(safe(message), safeProperties(properties)),
    debug: (message) => core.debug(safe(message)),
    startGroup: (name) => core.startGroup(safe(name)),
    endGroup: core.endGroup,
    // Not safeLogText: this is the workflow author's program, whose `::error file=…::` lines must work
    // (program-output.ts).
    programLine: (line) => process.stdout.write(`${programText(line)}\n`),
    appendSummary: async (markdown) => {
      if (!process.env.GITHUB_STEP_SUMMARY) return
      try {
        await core.appendSummary(boundedSummary(markdown))
      } catch (error) {
        // The summary is a report: failing to write it never fails a step (least of all a stop that succeeded).
        core.warning(safe(`Could not write the job summary: ${error instanceof Error ? error.message : String(error)}`))
      }
    },
  }
}

export const actionsCore: ActionCore = adaptCore(workflowCommands)
