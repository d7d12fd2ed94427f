import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // e2e tests spawn the bundles and a real emulator; a 2-core CI machine runs them a few at a time.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    reporters: ['default'],
  },
})
