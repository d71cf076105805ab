import { describe, expect, it } from 'vitest'
import { browserSuite } from './harness.js'

// setupWorker composes the same runtime as setupServer: request history and
// the mock builder's assertions work in the page, in both interception modes.
describe.each(['service-worker', 'in-page'] as const)('history and assertions (%s mode)', (mode) => {
  const suite = browserSuite()

  it('pendingMocks, assertDone, unhandledRequests, assertNoUnhandledRequests and clearHistory', async () => {
    const result = await suite.page.evaluate(async (interception) => {
      const { setupWorker, mock } = window.mocklib
      const posts = mock.get('/api/posts').reply(200, []).times(2)
      const login = mock.post('/api/login').body({ user: 'ada' }).reply(204)
      window.worker = setupWorker(posts, login)
      await window.worker.start({ interception, onUnhandledRequest: 'bypass', quiet: true })
      await fetch('/api/posts')
      await fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: 'bob' }) })
      await fetch('/real/unknown')
      const failure = (() => {
        try {
          window.worker.assertDone()
          return 'no error'
        } catch (error) {
          return (error as Error).message
        }
      })()
      const pending = window.worker.pendingMocks().map((pendingMock) => pendingMock.info.header)
      const unhandled = window.worker.unhandledRequests().map((record) => `${record.method} ${new URL(record.url).pathname}`)
      let unhandledFailure = ''
      try {
        window.worker.assertNoUnhandledRequests()
      } catch (error) {
        unhandledFailure = (error as Error).message
      }
      window.worker.clearHistory()
      return { failure, pending, unhandled, unhandledFailure, afterClear: window.worker.unhandledRequests().length, postsCalls: posts.callCount }
    }, mode)
    expect(result.pending).toEqual(['GET /api/posts', 'POST /api/login'])
    expect(result.failure).toContain('GET /api/posts')
    expect(result.failure).toContain('answered 1 of 2 times')
    expect(result.failure).toContain('body')
    expect(result.unhandled).toEqual(['POST /api/login', 'GET /real/unknown'])
    expect(result.unhandledFailure).toContain('/real/unknown')
    expect(result.afterClear).toBe(0)
    expect(result.postsCalls).toBe(1)
  })
})
