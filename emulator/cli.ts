/**
 * npm run emulator: serve the emulator until interrupted.
 * Options come from the environment: EMULATOR_PORT, EMULATOR_HTTPS=1,
 * EMULATOR_PROVISIONING_MS, EMULATOR_OUTCOME (running|failed), EMULATOR_CAPACITY (e.g. H100=0,A100=2),
 * EMULATOR_RATE_WINDOW_MS, EMULATOR_TTL_SECOND_MS, EMULATOR_GENERATION (v1|current), EMULATOR_SSH=0 (no
 * certificate authority and sshd; with the current generation they are on by default).
 * `--generation v1|current` chooses which service it speaks (default: current, the service as deployed).
 */
import { Emulator, type EmulatorOptions, type GpuType } from './emulator.ts'
import { isGeneration } from './generation.ts'

const env = process.env
const flag = process.argv.indexOf('--generation')
const generation = flag > 0 ? process.argv[flag + 1] : (env.EMULATOR_GENERATION ?? 'current')
if (!isGeneration(generation)) {
  console.error(`--generation must be v1 or current, got '${generation}'.`)
  process.exit(2)
}
const capacity: Partial<Record<GpuType, number>> = {}
for (const pair of (env.EMULATOR_CAPACITY ?? '').split(',').filter(Boolean)) {
  const [type, count] = pair.split('=')
  capacity[type?.trim().toUpperCase() as GpuType] = Number(count)
}
const number = (value: string | undefined) => (value === undefined || value === '' ? undefined : Number(value))
const options: EmulatorOptions = {
  port: number(env.EMULATOR_PORT) ?? 8443,
  https: env.EMULATOR_HTTPS === '1',
  provisioningMs: number(env.EMULATOR_PROVISIONING_MS),
  outcome: env.EMULATOR_OUTCOME === 'failed' ? 'failed' : 'running',
  capacity,
  rateWindowMs: number(env.EMULATOR_RATE_WINDOW_MS),
  ttlSecondMs: number(env.EMULATOR_TTL_SECOND_MS),
  admin: true,
  generation,
  ssh: generation === 'current' && env.EMULATOR_SSH !== '0',
}
const emulator = new Emulator(options)
const baseUrl = await emulator.start()
console.log(`Compute service emulator listening (generation: ${generation}).`)
console.log(`  base-url:  ${baseUrl}`)
console.log(`  api-token: ${emulator.token}`)
console.log(`  admin:     ${baseUrl.replace(/\/v1$/, '')}/_emulator/{requests,sandboxes,faults,reset}`)
if (emulator.sshService) console.log(`  host:      ${emulator.sshService.facts}`)
const stop = async () => {
  await emulator.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
