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

// History loads lazily (a chunk requested by setupWorker(), awaited by start()):
// what is called before it arrived still answers, and record() started early
// records from start() on.
describe.each(['service-worker', 'in-page'] as const)('history before start() (%s mode)', (mode) => {
  const suite = browserSuite()

  it('pendingMocks() and assertDone() answer right after setupWorker(); an early record() records what follows start()', async () => {
    const result = await suite.page.evaluate(async (interception) => {
      const { setupWorker, mock, http, HttpResponse } = window.mocklib
      window.worker = setupWorker(mock.get('/api/pending').reply(200, 'ok'), http.get('/api/plain', () => HttpResponse.text('plain')))
      const pendingEarly = window.worker.pendingMocks().map((pending) => pending.info.header)
      let doneEarly = ''
      try {
        window.worker.assertDone()
      } catch (error) {
        doneEarly = (error as Error).message
      }
      const unhandledEarly = window.worker.unhandledRequests().length
      const recording = window.worker.record({ include: 'all' })
      const stoppedEarly = window.worker.record().stop().log.entries.length
      await window.worker.start({ interception, onUnhandledRequest: 'bypass', quiet: true })
      await (await fetch('/api/pending')).text()
      await (await fetch('/real/after-start')).text()
      // Through the worker, a passthrough's real response is reported to the page just after the page read it.
      for (let i = 0; i < 100 && recording.size < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20))
      await recording.settled()
      const har = recording.stop()
      return {
        pendingEarly,
        doneEarly,
        unhandledEarly,
        stoppedEarly,
        recorded: har.log.entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname}`),
        pendingAfter: window.worker.pendingMocks().length,
      }
    }, mode)
    expect(result.pendingEarly).toEqual(['GET /api/pending'])
    expect(result.doneEarly).toContain('GET /api/pending')
    expect(result.unhandledEarly).toBe(0)
    expect(result.stoppedEarly).toBe(0)
    expect(result.recorded).toEqual(['GET /api/pending', 'GET /real/after-start'])
    expect(result.pendingAfter).toBe(0)
  })
})
