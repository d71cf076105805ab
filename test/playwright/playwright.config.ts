// Playwright Test for mocklib/playwright (npm run test:playwright). The
// Chromium is the one `npm test`'s browser tests use (see support/chromium.ts):
// never a Playwright browser download.
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './support/chromium.js'

const launchOptions = await chromiumLaunchOptions()

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Two workers on a small machine: enough to show that parallel workers keep their handlers apart.
  workers: 2,
  fullyParallel: true,
  timeout: 30_000,
  reporter: 'list',
  use: { browserName: 'chromium', launchOptions },
})
