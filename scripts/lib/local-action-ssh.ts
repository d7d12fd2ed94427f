/**
 * The sub-actions that need SSH, run by `npm run local-action` (issue 56) each from its own folder,
 * against an emulator with a certificate authority and a real sshd on loopback: `run` runs a script
 * there, `ssh` keeps a sandbox reachable, `connect` reaches it from "another job", `network-policy`
 * closes it, `stop` stops it, `instance` creates and deletes an instance, `pool` fills and drains a
 * pool. `runner` and `sweep` need GitHub, which local-action does not stand in for: the bundles run
 * those two sub-actions against the fake GitHub in test/e2e/runner.test.ts and sweep.test.ts.
 */
import type { Emulator } from '../../emulator/emulator.ts'

export interface LocalRun {
  exitCode: number | null
  output: string
}
export type RunLocal = (folder: string, inputs: Record<string, string>) => Promise<LocalRun>

const output = (run: LocalRun, name: string) =>
  new RegExp(`set-output name=${name}::(.*)`).exec(run.output)?.[1]?.trim()

async function untilRunning(emulator: Emulator): Promise<void> {
  for (let k = 0; k < 200 && emulator.liveSandboxes().some((s) => s.status !== 'running'); k++)
    await new Promise((resolve) => setTimeout(resolve, 50))
}

/** The runs checked so far, and what they got wrong (nothing: an empty list). */
export function checks() {
  const problems: string[] = []
  const runs: LocalRun[] = []
  const check = (run: LocalRun, folder: string, ok: boolean, what: string) => {
    runs.push(run)
    if (run.exitCode !== 0 || !ok) problems.push(`${folder}/ ${what} (exit ${run.exitCode})`)
  }
  return { problems, runs, check }
}

/** `network-policy/` closes the running sandbox `kept`, then `stop/` stops it (neither needs SSH). */
export async function policyAndStop(
  local: RunLocal,
  connection: Record<string, string>,
  kept: string,
  { check }: ReturnType<typeof checks>,
): Promise<void> {
  const policy = await local('network-policy', { ...connection, 'sandbox-id': kept, 'internet-access': 'closed' })
  const closed = /\{"internet_access":"closed"/.test(output(policy, 'network-policy') ?? '')
  check(policy, 'network-policy', closed, `did not close ${kept}`)
  const stop = await local('stop', { ...connection, 'sandbox-id': kept })
  check(stop, 'stop', stop.output.includes(`Stop of sandbox ${kept} accepted`), `did not stop ${kept}`)
}

/** Each sub-action that needs SSH, and network-policy and stop on the sandbox ssh/ kept. */
export async function sshSubActions(emulator: Emulator, local: RunLocal, connection: Record<string, string>) {
  const checked = checks()
  const { problems, check } = checked
  // A mode given to a sub-action changes nothing: its folder names the use.
  const run = await local('run', { ...connection, mode: 'stop', run: 'echo "from the sandbox: $((6 * 7))"' })
  const ran = run.output.includes('from the sandbox: 42') && output(run, 'exit-code') === '0'
  check(run, 'run', ran && run.output.includes("Input 'mode' is fixed to 'start' by the run action"), 'ran no script')
  const ssh = await local('ssh', { ...connection, 'keep-alive': 'true' })
  const kept = output(ssh, 'sandbox-id') ?? ''
  check(ssh, 'ssh', /^ssh /.test(output(ssh, 'ssh-command') ?? ''), 'gave no ssh-command')
  const connect = await local('connect', { ...connection, 'sandbox-id': kept })
  check(connect, 'connect', output(connect, 'sandbox-id') === kept, `did not reach ${kept}`)
  await policyAndStop(local, connection, kept, checked)
  const instance = await local('instance', connection)
  check(instance, 'instance', /^\S+$/.test(output(instance, 'instance-id') ?? ''), 'created no instance')
  if ([...emulator.instances.values()].some((state) => !state.deleted)) problems.push('instance/ left an instance')
  const fill = await local('pool', { ...connection, pool: 'ci' })
  check(
    fill,
    'pool',
    (JSON.parse(output(fill, 'pool') ?? '{}') as { starting?: string[] }).starting?.length === 1,
    'started none',
  )
  await untilRunning(emulator)
  const drain = await local('pool', { ...connection, pool: 'ci', 'pool-size': '0' })
  check(
    drain,
    'pool',
    (JSON.parse(output(drain, 'pool') ?? '{}') as { stopped?: string[] }).stopped?.length === 1,
    'drained none',
  )
  return { problems, runs: checked.runs, kept }
}
