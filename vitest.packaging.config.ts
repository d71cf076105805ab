import { defineConfig } from 'vitest/config'

// The packaging test packs dist/ and runs it in a fresh project (npm run test:pack).
export default defineConfig({
  test: {
    include: ['test/packaging/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
