import { fileURLToPath } from 'node:url'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { findChromium } from './test/browser/harness.js'
import { mocklibWorkerScript } from './test/browser-mode/worker-script-plugin.js'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The page and the worker script must carry the same version (start() refuses a mismatch).
const TEST_VERSION = '0.0.0-browser-mode'

const { executablePath, args } = await findChromium()

// mocklib in Vitest browser mode, as an application's tests use it: the test files
// run inside Chromium (through Vite), call setupWorker() from mocklib/browser and
// start() a real Service Worker served at the page's origin. No browser download:
// the same Chromium as the other browser tests (system, else @sparticuz/chromium).
export default defineConfig({
  plugins: [mocklibWorkerScript({ version: TEST_VERSION })],
  define: { __MOCKLIB_VERSION__: JSON.stringify(TEST_VERSION) },
  resolve: {
    alias: [
      { find: /^mocklib$/, replacement: source('./src/api/index.ts') },
      { find: /^mocklib\/browser$/, replacement: source('./src/api/browser.ts') },
    ],
  },
  test: {
    include: ['test/browser-mode/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // Failure screenshots go where Playwright's results go (ignored by git).
    attachmentsDir: 'test-results/vitest-browser-mode',
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath, args: [...args] } }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
