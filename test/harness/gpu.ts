/**
 * gpu-report tests against the emulated nvidia-smi (issue 47): it forks a score of processes a sample, so on a loaded
 * machine a fixed sleep may see no sample of a load; these wait until the sampler's file has one (at most 20 s).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SAMPLER_DIR } from '../../src/gpu-report/sampler.ts'

/** Until the sampler's fine file in `home` holds `text` (at most 20 s). */
export async function sampled(home: string, text: string): Promise<void> {
  const file = join(home, SAMPLER_DIR, 'fine.csv')
  for (let i = 0; i < 100 && !(existsSync(file) && readFileSync(file, 'utf8').includes(text)); i++)
    await new Promise((resolve) => setTimeout(resolve, 200))
}

/** A `run` script's part: set GPU 0's load, then wait (at most 20 s) until the sampler has a line of it. */
export function loadUntilSampled(mib: number, util: number): string {
  return (
    `echo "${mib} ${util}" > "$EMULATOR_GPU_FILE.load"; i=0; ` +
    `until grep -q ", ${mib + 1}, [0-9]*, ${util}, " "$HOME/${SAMPLER_DIR}/fine.csv" 2> /dev/null || ` +
    '[ $i -ge 100 ]; do sleep 0.2; i=$((i + 1)); done'
  )
}
