/**
 * The GPU health check: `nvidia-smi` with a machine-readable query
 * over the action's own SSH, and what its answer says of the sandbox. The
 * answer comes from the sandbox, so it is hostile text: parsed strictly, and
 * shown only through serviceText.
 */
import { serviceText } from '../runtime/untrusted.ts'
import { whileConnecting, type RemoteContext } from '../remote/job.ts'
import { runScript, SSH_CONNECTION_FAILED } from '../remote/ssh-command.ts'
import { gpusNowScript, kernelLogScript } from '../gpu-fault/scripts.ts'
import { parseFaultSections } from '../gpu-fault/read.ts'
import { faultLine } from '../gpu-fault/text.ts'
import { watchVerdict } from '../gpu-fault/verdict.ts'

export const GPU_QUERY =
  'nvidia-smi --query-gpu=index,name,memory.used,memory.total,driver_version --format=csv,noheader,nounits'
/** Used memory at or above this share of the total: another process holds the GPU. */
export const BUSY_SHARE = 0.05

export interface SeenGpu {
  name: string
  usedMiB: number
  totalMiB: number
  driver: string
}

export interface GpuExpectation {
  type: string
  count: number
  minDriver?: string
}

/**
 * What one sandbox showed: its GPUs (and the faults of the machine's kind its kernel log holds for them, however
 * old: a GPU that faulted is not given to a job), or why nvidia-smi gave none.
 */
export type GpuReading = { ok: true; gpus: SeenGpu[]; faults?: string[] } | { ok: false; why: string }

/**
 * The query, then the kernel log's Xid lines and the GPUs' bus ids (gpu-fault), in one session; it exits with the
 * query's status, whatever the later parts' nvidia-smi says (a GPU may fall off the bus between the two).
 */
export const CHECK_SCRIPT = [
  GPU_QUERY,
  'query_status=$?',
  kernelLogScript(),
  gpusNowScript(),
  'exit $query_status',
].join('\n')

class ConnectionFailed extends Error {}

/** Runs the query on the sandbox (retrying while its sshd is not up yet). */
export async function readGpus(context: RemoteContext): Promise<GpuReading> {
  const { code, stdout, stderr } = await whileConnecting(
    context,
    'GPU check',
    async () => {
      const result = await runScript(context.target, CHECK_SCRIPT, [], '', context.env, context.signal)
      if (result.code === SSH_CONNECTION_FAILED) throw new ConnectionFailed('the SSH connection failed')
      return result
    },
    (error) => error instanceof ConnectionFailed,
  )
  const at = stdout.search(/^== xid\b/m)
  const [query, rest] = at < 0 ? [stdout, ''] : [stdout.slice(0, at), stdout.slice(at)]
  const said = (query.trim() || stderr.trim()).split('\n')[0] ?? ''
  if (code !== 0) return { ok: false, why: `nvidia-smi failed (exit ${code}): ${serviceText(said, 160)}` }
  const reading = parseGpus(query)
  if (!reading.ok) return reading
  const watch = watchVerdict(parseFaultSections(rest), { since: 0, now: 0, gpuCount: reading.gpus.length })
  const faults = watch.faults.filter((fault) => fault.source === 'xid' && fault.kind === 'machine').map(faultLine)
  return faults.length > 0 ? { ...reading, faults } : reading
}

export function parseGpus(text: string): GpuReading {
  const gpus: SeenGpu[] = []
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    const fields = line.split(',').map((field) => field.trim())
    const [, name, used, total, driver] = fields
    if (fields.length !== 5 || !name || !/^\d+$/.test(used ?? '') || !/^\d+$/.test(total ?? '') || !driver)
      return { ok: false, why: `nvidia-smi answered a line the check cannot read: ${serviceText(line, 160)}` }
    gpus.push({ name, usedMiB: Number(used), totalMiB: Number(total), driver })
  }
  if (gpus.length === 0) return { ok: false, why: 'nvidia-smi listed no GPU' }
  return { ok: true, gpus }
}

/** -1, 0 or 1: dotted versions compared number by number (550.54.15 > 550.54 > 535.183.01). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split('.').map((part) => Number.parseInt(part, 10) || 0)
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const diff = (x[i] ?? 0) - (y[i] ?? 0)
    if (diff !== 0) return Math.sign(diff)
  }
  return 0
}

/** Every way the reading falls short of what was started; empty: healthy. */
export function gpuProblems(reading: GpuReading, expected: GpuExpectation): string[] {
  if (!reading.ok) return [reading.why]
  const problems: string[] = []
  const { gpus } = reading
  if (gpus.length !== expected.count) problems.push(`${gpus.length} GPU(s), ${expected.count} started`)
  const wrong = gpus.filter((gpu) => !gpu.name.toUpperCase().includes(expected.type.toUpperCase()))
  if (wrong.length > 0) problems.push(`not ${expected.type}: ${serviceText(wrong[0]?.name ?? '', 60)}`)
  const busy = gpus.filter((gpu) => gpu.totalMiB === 0 || gpu.usedMiB >= gpu.totalMiB * BUSY_SHARE)
  if (busy.length > 0) {
    const gpu = busy[0] as SeenGpu
    problems.push(`memory in use: ${gpu.usedMiB} of ${gpu.totalMiB} MiB (another process holds the GPU)`)
  }
  const old = expected.minDriver
    ? gpus.find((gpu) => compareVersions(gpu.driver, expected.minDriver ?? '') < 0)
    : undefined
  if (old) problems.push(`driver ${serviceText(old.driver, 30)} is older than min-driver ${expected.minDriver}`)
  return [...problems, ...(reading.faults ?? []).map((fault) => `a GPU fault in its kernel log: ${fault}`)]
}

/** One line of the check's table: the GPUs a sandbox showed. */
export function describeReading(reading: GpuReading): string {
  if (!reading.ok) return reading.why
  const first = reading.gpus[0] as SeenGpu
  const used = reading.gpus.map((gpu) => `${gpu.usedMiB}`).join('/')
  const driver = serviceText(first.driver, 30)
  const name = serviceText(first.name, 60)
  return `${reading.gpus.length} x ${name}, used ${used} of ${first.totalMiB} MiB, driver ${driver}`
}
