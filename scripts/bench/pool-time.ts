/** Benchmark sections 14 and 16's time: a compressed clock, its emulator, and seeded Poisson arrivals over the window. */
import { Emulator } from '../../emulator/emulator.ts'
import type { Clock } from '../../src/runtime/clock.ts'
import { realClock } from '../../src/runtime/clock.ts'

/** A clock `scale` times faster than real time, from now. */
export function compressed(scale: number): Clock & { real: (modelMs: number) => number } {
  const t0 = Date.now()
  return {
    now: () => t0 + (Date.now() - t0) * scale,
    random: () => Math.random(),
    sleep: (ms, signal) => realClock.sleep(ms / scale, signal),
    real: (modelMs) => modelMs / scale,
  }
}

/** Seeded arrivals: exponential gaps with the window's mean rate. */
export function arrivals(seed: number, jobs: number, windowMs: number): number[] {
  let state = seed >>> 0
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const times: number[] = []
  let at = 0
  while (times.length < jobs) {
    at += -Math.log(1 - random()) * (windowMs / jobs)
    times.push(at)
  }
  return times
}

/** The emulator as deployed with a real sshd, its records, provisioning, rate windows and TTL on `clock`'s time. */
export function compressedEmulator(
  clock: ReturnType<typeof compressed>,
  scale: number,
  service: { provisioningMs: number; a100: number },
): Emulator {
  return new Emulator({
    generation: 'current',
    ssh: true,
    provisioningMs: service.provisioningMs / scale,
    stopMs: 50,
    ttlSecondMs: 1000 / scale,
    rateClock: clock.now,
    now: clock.now,
    capacity: { A100: service.a100 },
  })
}
