import { defineConfig } from 'vitest/config'

// Browser runtime tests: real headless Chromium (Debian's /usr/bin/chromium)
// driven by playwright-core. Kept apart from the unit suite (vitest.config.ts
// excludes test/browser). Files run one after another: each test launches a
// browser with a fresh profile, and two at once are plenty on a small machine.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
