// The test object the specs use, as a project would write it: the app server
// (one per worker) as baseURL, and the network fixture with shared handlers.
import { test as base } from '@playwright/test'
import { createNetworkFixture, type NetworkFixture } from '../../../src/api/playwright.js'
import { handlers } from './handlers.js'
import { startAppServer, type AppServer } from './app-server.js'

export const test = base.extend<{ network: NetworkFixture }, { app: AppServer }>({
  app: [
    async ({}, use) => {
      const app = await startAppServer()
      await use(app)
      await app.close()
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ app }, use) => use(app.origin),
  network: createNetworkFixture({ handlers, onUnhandledRequest: 'error' }),
})

export { expect } from '@playwright/test'
