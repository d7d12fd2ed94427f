/**
 * Where one claim's or one keeper look's time went, phase by phase, as one debug line (shown with step debug
 * logging): a slow claim or a late replacement is read from it rather than guessed. Each mark closes a phase: the
 * time since the previous mark is that phase's, summed where a phase comes again (a claim's link, tried on two).
 */
import type { Clock } from '../runtime/clock.ts'

/** Closes the phase under way under this name. */
export type Mark = (phase: string) => void

export class Phases {
  private readonly clock: Clock
  private readonly began: number
  private last: number
  private readonly spent = new Map<string, number>()

  constructor(clock: Clock) {
    this.clock = clock
    this.began = clock.now()
    this.last = this.began
  }

  readonly mark: Mark = (phase) => {
    const now = this.clock.now()
    this.spent.set(phase, (this.spent.get(phase) ?? 0) + now - this.last)
    this.last = now
  }

  /** "<what> took 812 ms: list 40 ms, survey 300 ms, link 200 ms, hold 272 ms" (the rest: after the last mark). */
  line(what: string): string {
    const now = this.clock.now()
    const parts = [...this.spent].map(([phase, ms]) => `${phase} ${Math.round(ms)} ms`)
    if (now - this.last >= 1) parts.push(`rest ${Math.round(now - this.last)} ms`)
    return `${what} took ${Math.round(now - this.began)} ms${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`
  }
}

/** The phases of a line `Phases.line` wrote, by name (ms); undefined for any other line. */
export function phasesOf(line: string): { total: number; phases: Record<string, number> } | undefined {
  const found = / took (\d+) ms(?:: (.*))?$/.exec(line)
  if (!found) return undefined
  const phases: Record<string, number> = {}
  for (const part of (found[2] ?? '').split(', ').filter(Boolean)) {
    const one = /^(\w+) (\d+) ms$/.exec(part)
    if (one) phases[one[1] as string] = Number(one[2])
  }
  return { total: Number(found[1]), phases }
}
