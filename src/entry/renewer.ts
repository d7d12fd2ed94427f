/**
 * The renewer process's entry (`node dist/main/index.js --ssh-renewer`, started
 * by ssh/renewer-process.ts): read the spec from stdin, renew until an end,
 * log one line per event to stderr (the private log file), exit.
 */
import { ComputeClient } from '../client/client.ts'
import { realClock } from '../runtime/clock.ts'
import { serviceText } from '../runtime/untrusted.ts'
import { isEnded } from '../sandbox/status.ts'
import { renewerSpecSchema, runRenewal } from '../ssh/renewer.ts'

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

export async function runRenewerProcess(
  stdin: NodeJS.ReadableStream = process.stdin,
  log: (line: string) => void = (line) => void process.stderr.write(`${new Date().toISOString()} ${line}\n`),
): Promise<void> {
  const controller = new AbortController()
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
    process.on(signal, () => controller.abort(new Error(`ended by ${signal}`)))
  let spec
  try {
    spec = renewerSpecSchema.parse(JSON.parse(await readAll(stdin)))
  } catch {
    log('failed: the renewer was started without a readable spec on its stdin')
    return
  }
  const client = new ComputeClient({
    baseUrl: spec.baseUrl,
    apiToken: spec.apiToken,
    requestTimeoutMs: spec.requestTimeoutMs,
  })
  log(`started: renewing the SSH certificate for sandbox ${spec.sandboxId}`)
  try {
    await runRenewal(spec, { client, clock: realClock, signal: controller.signal, log }, isEnded)
  } catch (error) {
    if (controller.signal.aborted)
      log(`ended: ${(controller.signal.reason as Error).message} (the post step, or the job's end)`)
    else log(`failed: ${serviceText(error instanceof Error ? error.message : String(error), 300)}`)
  }
}
