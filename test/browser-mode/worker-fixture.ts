import { setupWorker } from 'mocklib/browser'
import { test as base } from 'vitest'
import { handlers } from './handlers.js'

/** One worker for the test file: started before its first test, stopped after its last. */
export const worker = setupWorker(...handlers)

/**
 * Vitest's `test` with a `worker` fixture: the Service Worker is started once per
 * file (a file scoped, automatic fixture), and each test's `worker.use(...)`
 * overrides are dropped after it.
 *
 * @example
 * import { expect } from 'vitest'
 * import { test } from './worker-fixture.js'
 *
 * test('lists posts', async ({ worker }) => {
 *   worker.use(http.get('/api/posts', () => HttpResponse.json([])))
 *   expect(await (await fetch('/api/posts')).json()).toEqual([])
 * })
 */
export const test = base.extend<{ worker: typeof worker; resetsHandlers: void }>({
  worker: [
    async ({}, use) => {
      // 'service-worker': fail rather than fall back to patching fetch in the page,
      // so these tests prove the worker script is served at the page's origin.
      // 'error' is safe here: Vitest loads its modules before the fixture starts the
      // worker and talks to its server over a WebSocket, which the worker never sees.
      // quiet: the console groups of mocked requests print as `Request {}` in Vitest's output.
      await worker.start({ quiet: true, onUnhandledRequest: 'error', interception: 'service-worker' })
      await use(worker)
      worker.stop()
    },
    { scope: 'file', auto: true },
  ],
  resetsHandlers: [
    async ({ worker }, use) => {
      await use()
      worker.resetHandlers()
    },
    { auto: true },
  ],
})
