import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that take longest start first, so no worker is left with one of
 * them at the end (a fresh clone has no timing cache, and vitest would start
 * the largest files first, which are not the slowest).
 */
const SLOWEST_FIRST = [
  'test/e2e/runner-job-length.test.ts',
  'test/reliability/fault-suite.test.ts',
  'test/e2e/never-leak.test.ts',
  'test/e2e/user-trips.test.ts',
  'test/e2e/bad-inputs.test.ts',
  'test/e2e/runner.test.ts',
  'test/e2e/action.test.ts',
  'test/e2e/run-drop.test.ts',
  'test/e2e/ssh-renewal.test.ts',
]

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST_FIRST.findIndex((path) => file.moduleId.endsWith(path))
      return at < 0 ? SLOWEST_FIRST.length : at
    }
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/harness/setup.ts'],
    // e2e tests spawn the bundles and a real emulator and mostly wait on its timers: four at a time keep a 2-core machine busy.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    maxWorkers: 4,
    sequence: { sequencer: SlowestFirst },
    reporters: ['default'],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      // Types only.
      exclude: ['src/runtime/core.ts', 'src/inputs/config.ts', 'src/step/saved.ts'],
      reporter: ['text-summary', 'text'],
      reportsDirectory: 'coverage',
      // `npm test` enforces these (CI runs it): see the README's "Tests".
      thresholds: { lines: 95 },
    },
  },
})
