/**
 * One emulator per test, closed after it: `start(options)` starts it over a
 * real socket on loopback, `inputs(extra)` gives the action's inputs for it
 * (token and base-url filled in).
 */
import { afterEach } from 'vitest'
import { Emulator, type EmulatorOptions } from '../../emulator/emulator.ts'

export interface EmulatorFixture {
  emulator: Emulator | undefined
  baseUrl: string
  start(options?: EmulatorOptions): Promise<Emulator>
  inputs(extra?: Record<string, string>): Record<string, string>
}

export function emulatorFixture(defaults: EmulatorOptions = {}): EmulatorFixture {
  const fixture: EmulatorFixture = {
    emulator: undefined,
    baseUrl: '',
    async start(options = {}) {
      fixture.emulator = new Emulator({ ...defaults, ...options })
      fixture.baseUrl = await fixture.emulator.start()
      return fixture.emulator
    },
    inputs(extra = {}) {
      return { 'api-token': fixture.emulator?.token ?? '', 'base-url': fixture.baseUrl, ...extra }
    },
  }
  afterEach(async () => {
    await fixture.emulator?.close()
    fixture.emulator = undefined
  })
  return fixture
}
