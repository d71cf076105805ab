import { readFileSync } from 'node:fs'
import { defineConfig } from 'tsup'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
// The page and the worker script each carry the version; they must agree.
const define = { __MOCKLIB_VERSION__: JSON.stringify(version) }

// Built by the configs below; the library build's clean must leave them alone.
const toolFiles = ['mocklib-worker.js', 'mocklib-worker.js.map', 'cli.js', 'cli.js.map']

export default defineConfig([
  {
    entry: { index: 'src/api/index.ts', node: 'src/api/node.ts', browser: 'src/api/browser.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    target: 'node22',
    platform: 'neutral',
    splitting: true,
    treeshake: true,
    clean: toolFiles.map((file) => `!${file}`),
    sourcemap: true,
    define,
    external: ['graphql', '@mswjs/interceptors', /^node:/],
  },
  {
    // The Service Worker: one plain script, no imports at runtime.
    entry: { 'mocklib-worker': 'src/service-worker/worker.ts' },
    format: ['iife'],
    outExtension: () => ({ js: '.js' }),
    platform: 'browser',
    target: 'es2020',
    dts: false,
    clean: false,
    sourcemap: false,
    define,
  },
  {
    // `npx mocklib init <publicDir>`
    entry: { cli: 'src/cli/mocklib.ts' },
    format: ['esm'],
    platform: 'node',
    target: 'node22',
    dts: false,
    clean: false,
    sourcemap: false,
    define,
  },
])
