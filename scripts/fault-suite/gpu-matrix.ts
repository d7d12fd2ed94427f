/**
 * gpu-report's shapes for the fault suite (issue 47): a GPU sandbox with the action's SSH and its sampler, `run`
 * holding GPU memory (the main step reports) or `ssh: true` (the post step fetches before the stop), with every
 * fault kind on the stop that follows the fetch, faults on the pricing read the cheaper-GPU hint makes, signals while
 * the run (and its sampler) runs, and a run that fills the sampler's files with hostile lines, which must still pass.
 * Needs a real sshd (the emulator's SSH access): reliability.ts runs these only where one is; the service as deployed
 * only (the v1.0 service offers no SSH certificates, so gpu-report has no SSH to sample over there).
 */
import type { Generation } from '../../emulator/generation.ts'
import { FAULT_KINDS, type Scenario } from './matrices.ts'

const RUN_WITH_LOAD = 'echo "11264 60" > "$EMULATOR_GPU_FILE.load"; sleep 3; echo "0 0" > "$EMULATOR_GPU_FILE.load"'
const HOSTILE_RUN = [
  'sleep 2',
  'd="$HOME/.gpu-sandbox-samples"',
  'for i in $(seq 1 500); do echo "::error::pwned $i @octocat"; done >> "$d/fine.csv"',
  'head -c 50000 /dev/urandom >> "$d/fine.csv"',
  'rm -f "$d/coarse.csv"; ln -s /etc/hostname "$d/coarse.csv"',
].join('; ')

export function gpuReportMatrix(generation: Generation = 'current'): Scenario[] {
  const emulator = { provisioningMs: 300, generation, ssh: true, capacity: { H100: 4 } }
  const run = { 'poll-interval': '1s', timeout: '1m', 'gpu-type': 'H100', run: RUN_WITH_LOAD }
  const sshOnly = { 'poll-interval': '1s', timeout: '1m', 'gpu-type': 'H100', ssh: 'true' }
  const scenarios: Scenario[] = FAULT_KINDS.map((fault) => ({
    label: `${generation}: gpu-report (run), ${fault} on the stop`,
    faults: [{ route: 'POST /sandboxes/:id/stop', attempts: [1], fault }],
    inputs: run,
    emulator,
  }))
  for (const fault of [503, 'lost-answer', 'hang'] as const)
    scenarios.push({
      label: `${generation}: gpu-report (ssh: true, the post step fetches), ${fault} on the stop`,
      faults: [{ route: 'POST /sandboxes/:id/stop', attempts: [1], fault }],
      inputs: sshOnly,
      emulator,
    })
  for (const fault of ['hang', 'malformed-json'] as const)
    scenarios.push({
      label: `${generation}: gpu-report (run), ${fault} on every pricing read`,
      faults: [{ route: 'GET /pricing', fault }],
      inputs: run,
      emulator,
    })
  // From spawn (the blocking wait of the deployed service never polls): the run is under way by then, and lasts.
  for (const name of ['SIGTERM', 'SIGKILL'] as const)
    scenarios.push({
      label: `${generation}: gpu-report (run), ${name} while the run and its sampler run`,
      faults: [],
      signal: { name, point: 'at-spawn', delayMs: 4_000 },
      inputs: { ...run, run: `${RUN_WITH_LOAD}; sleep 10` },
      emulator,
    })
  scenarios.push({
    label: `${generation}: gpu-report (run), hostile sampler files`,
    faults: [],
    inputs: { ...run, run: HOSTILE_RUN },
    emulator,
    mainMustPass: true,
  })
  return scenarios
}

/** Tests that load the GPU for 4 s and die as CUDA does once it is gone. */
const FAULTY_RUN =
  'echo "20000 90" > "$EMULATOR_GPU_FILE.load"; for i in $(seq 1 20); do nvidia-smi > /dev/null 2>&1 || ' +
  '{ echo "CUDA error: unspecified launch failure" >&2; exit 1; }; sleep 0.2; done; echo passed'

/**
 * retry-on-gpu-fault's shapes: the first sandbox's GPU falls off the bus a second into the run (Xid 79), the run goes
 * again on a fresh sandbox; every fault kind on the faulty sandbox's stop (the main step's own), a lost answer to the
 * second start, and signals that land in either attempt. Two sandboxes may be created; none may outlive the job.
 */
export function gpuFaultMatrix(generation: Generation = 'current'): Scenario[] {
  const emulator = {
    ...{ provisioningMs: 300, generation, ssh: true, sshHost: { perSandbox: true }, capacity: { H100: 4 } },
    gpuFaultPlans: [[{ kind: 'xid' as const, code: 79, afterMs: 1_000, from: 'load' as const }]],
  }
  const inputs = {
    'poll-interval': '1s',
    timeout: '1m',
    'gpu-type': 'H100',
    run: FAULTY_RUN,
    'retry-on-gpu-fault': '1',
  }
  const scenarios: Scenario[] = FAULT_KINDS.map((fault) => ({
    label: `${generation}: retry-on-gpu-fault, ${fault} on the faulty sandbox's stop`,
    faults: [{ route: 'POST /sandboxes/:id/stop', attempts: [1], fault }],
    ...{ inputs, emulator, maxCreated: 2, mainMustPass: true },
  }))
  scenarios.push({
    label: `${generation}: retry-on-gpu-fault, the second start's answer lost`,
    faults: [{ route: 'POST /sandboxes/start', attempts: [2], fault: 'lost-answer' }],
    ...{ inputs, emulator, maxCreated: 2, mainMustPass: true },
  })
  for (const name of ['SIGTERM', 'SIGKILL'] as const)
    for (const delayMs of [5_000, 9_000, 13_000])
      scenarios.push({
        label: `${generation}: retry-on-gpu-fault, ${name} ${delayMs / 1000} s after spawn (in either attempt)`,
        faults: [],
        signal: { name, point: 'at-spawn', delayMs },
        ...{ inputs, emulator, maxCreated: 2 },
      })
  return scenarios
}
