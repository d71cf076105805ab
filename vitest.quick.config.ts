import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// `npm run test:quick`: the unit and integration tests on one fetch layer (the `fast` project of
// vitest.config.ts), without the suites that cost the most wall time for what they add to a quick
// check (timed on a full run): builds and bundlers, memory and ReDoS timing, tsc runs, the CLI
// processes, real delays and listen/close cycles, the 10 MB GitHub OpenAPI document. `npm test` runs all.
const SLOW = [
  'test/bundlers/**',
  'test/perf/**',
  'test/environments/jsdom.test.ts',
  'test/record/har2ts.test.ts',
  'test/record/memory.test.ts',
  'test/security/path-time.test.ts',
  'test/security/path-scan.test.ts',
  'test/security/missing-graphql-message.test.ts',
  'test/security/graphql-detection-time.test.ts',
  'test/security/cli-init.test.ts',
  'test/server/serve-cli.test.ts',
  'test/integration/abort-during-delay.test.ts',
  'test/integration/abort-grid.test.ts',
  'test/integration/listen-cycles.test.ts',
  'test/integration/cycles-*.test.ts',
  'test/openapi/github.test.ts',
  'test/openapi/contract-engine-fallback.test.ts',
  'test/openapi/contract-cli.test.ts',
  'test/msw-compat/setup-server-api.test.ts',
]

export default defineConfig({
  resolve: base.resolve,
  test: {
    name: 'quick',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Vitest's default keeps a core free (one worker on two cores): 132 s instead of 69 s on two idle cores.
    maxWorkers: availableParallelism(),
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'test/browser-mode/**', 'test/packaging/**', 'node_modules/**', ...SLOW],
    env: { MOCKLIB_FETCH_LAYER: 'fast', MOCKLIB_HTTP_LAYER: '' },
  },
})
