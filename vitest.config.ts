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
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // `vitest run` runs every Node test on the default layers (the fetch fast path,
    // the node:http ClientRequest layer), then the integration tests again with
    // every client answered by the socket layer alone.
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', 'test/browser-mode/**', 'test/packaging/**', 'node_modules/**'],
          env: { MOCKLIB_FETCH_LAYER: 'fast', MOCKLIB_HTTP_LAYER: '' },
        },
      },
      {
        extends: true,
        test: {
          name: 'socket',
          include: ['test/integration/**/*.test.ts'],
          env: { MOCKLIB_FETCH_LAYER: 'socket', MOCKLIB_HTTP_LAYER: 'socket' },
        },
      },
    ],
  },
})
