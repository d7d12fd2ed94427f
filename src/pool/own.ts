/**
 * A job of a prepared pool that claimed none runs `pool-prepare` on its own
 * sandbox first, before `run`, the runner or SSH for later steps, so each
 * finds the same environment as on a claimed one. Its output is the run's; a
 * preparation that fails or runs past its limit (the step's `timeout`) fails
 * the step with its last lines (the post step stops the sandbox as always).
 */
import type { PoolPreparation } from '../inputs/pool.ts'
import type { Placement, SshTarget } from '../remote/ssh-command.ts'
import { ProgramCommands } from '../runtime/program-output.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { remoteContext } from '../sandbox/remote-context.ts'
import { stepEnvironment, type StepDeps } from '../step/deps.ts'
import { formatDuration } from '../step/summary.ts'
import { checkoutOf, runPreparation } from './prepare.ts'

export async function prepareOwnSandbox(
  deps: StepDeps,
  sandbox: { id: string; target: SshTarget; placement: Placement },
  prepare: PoolPreparation,
  limitMs: number,
): Promise<void> {
  const { core } = deps
  core.info(`Pool: no prepared sandbox was claimed, so pool-prepare runs on ${sandbox.id} first; its output follows.`)
  const context = remoteContext(deps, sandbox.id, sandbox.target, sandbox.placement)
  const commands = new ProgramCommands()
  const show = (line: string) => {
    commands.see(line)
    core.programLine(line)
  }
  const checkout = checkoutOf(prepare, sandbox.target, stepEnvironment(deps))
  const outcome = await runPreparation(context, { script: prepare.script, checkout }, limitMs, show).finally(() => {
    // As after run: a script that paused workflow commands and never resumed them is resumed here.
    const resume = commands.resumeLine()
    if (resume) core.programLine(resume)
  })
  if (outcome.ok) {
    core.info(`Pool: pool-prepare passed on ${sandbox.id} in ${formatDuration(outcome.tookMs)}.`)
    return
  }
  const last = outcome.lastLines.slice(-5).map((line) => serviceText(line, 200))
  throw new Error(
    `pool-prepare did not succeed on ${sandbox.id}: ${outcome.why}` +
      (last.length > 0 ? `; its last lines: ${last.join(' / ')}` : ''),
  )
}
