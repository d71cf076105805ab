import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  resolve: {
    // Tests import the public entry points by name; they run against the sources.
    alias: [
      { find: /^mocklib$/, replacement: source('./src/api/index.ts') },
      { find: /^mocklib\/node$/, replacement: source('./src/api/node.ts') },
      { find: /^mocklib\/browser$/, replacement: source('./src/api/browser.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
