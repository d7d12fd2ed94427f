import { configDefaults, defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that take longest start first, so no worker is left with one of
 * them at the end (a fresh clone has no timing cache, and vitest would start
 * the largest files first, which are not the slowest).
 */
const SLOWEST_FIRST = [
  'test/e2e/runner-jobs.test.ts',
  'test/e2e/never-leak.test.ts',
  'test/e2e/hostile-runner.test.ts',
  'test/e2e/runner.test.ts',
  'test/unit/layers.test.ts',
  'test/e2e/comment.test.ts',
  'test/e2e/user-trips.test.ts',
  'test/e2e/runner-unserved.test.ts',
  'test/emulator/sandbox-host.test.ts',
  'test/e2e/gpu-check.test.ts',
  'test/e2e/run-drop.test.ts',
  'test/e2e/runner-remote.test.ts',
  'test/e2e/comment-budget.test.ts',
  'test/e2e/gpu-report.test.ts',
  'test/e2e/ssh-renewal.test.ts',
  'test/e2e/runner-rate-limit.test.ts',
  'test/e2e/hostile-sandbox.test.ts',
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

/**
 * test/soak/ holds what waits out real jobs or runs a fault matrix: `npm run reliability` runs it (SOAK=1), CI too;
 * `npm test` runs the rest.
 */
const soak = process.env.SOAK === '1'

export default defineConfig({
  test: {
    include: soak ? ['test/soak/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(soak ? [] : ['test/soak/**'])],
    setupFiles: ['test/harness/setup.ts'],
    // e2e tests spawn the bundles and a real emulator and mostly wait on them: eleven files at a time keep 2 cores busy
    // (eight left a fifth of the CPU idle once each step cost less; fourteen cost more CPU for nothing).
    testTimeout: 60_000,
    hookTimeout: 30_000,
    maxWorkers: 11,
    // One worker runs many files in turn (each file's hooks set up and tear down what it uses): starting a fresh
    // worker and loading the harness again for each of 110 files cost more CPU than the tests themselves.
    isolate: false,
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
