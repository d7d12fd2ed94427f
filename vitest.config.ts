import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/harness/setup.ts'],
    // e2e tests spawn the bundles and a real emulator and mostly wait on its timers: four at a time keep a 2-core machine busy.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    maxWorkers: 4,
    reporters: ['default'],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      // Types only.
      exclude: ['src/runtime/core.ts', 'src/inputs/config.ts'],
      reporter: ['text-summary', 'text'],
      reportsDirectory: 'coverage',
      // `npm test` enforces these (CI runs it): see the README's "Tests".
      thresholds: { lines: 95 },
    },
  },
})
