import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// `npm run test:storybook`: builds a minimal Storybook with the recipe's
// preview (see README, "Storybook") and checks its stories in Chromium. Kept
// out of `vitest run` (its files are *.spec.ts) because it needs dist/.
export default defineConfig({
  root: fileURLToPath(new URL('../../', import.meta.url)),
  test: {
    include: ['test/storybook/**/*.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
})
