import { HttpResponse, mock } from 'mocklib'
import { describe, expect } from 'vitest'
import { test } from './worker-fixture.js'

// A second file: Vitest gives it a fresh page module scope, so the fixture starts a
// new setupWorker against the worker registered by the file before it.

describe('a second test file with the same fixture', () => {
  test('starts mocking again, with the shared handlers', async () => {
    expect(await (await fetch('/api/posts/9')).json()).toEqual({ id: '9', title: 'Mocked' })
  })

  test("the mock builder's history and assertions work in the page", async ({ worker }) => {
    const stats = mock.get('/api/stats').query({ range: 'week' }).reply(200, { visits: 12 }).once()
    worker.use(stats)
    expect(worker.pendingMocks()).toHaveLength(1)
    expect(() => worker.assertDone()).toThrow()

    const response = await fetch('/api/stats?range=week')
    expect(await response.json()).toEqual({ visits: 12 })
    expect(stats.callCount).toBe(1)
    expect(stats.calls[0]?.status).toBe(200)
    expect(worker.pendingMocks()).toEqual([])
    worker.assertDone()
  })

  test('an answer can be a stream the page reads as it arrives', async ({ worker }) => {
    const encoder = new TextEncoder()
    worker.use(
      mock.get('/api/ticks').reply(() => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const tick of ['a', 'b', 'c']) controller.enqueue(encoder.encode(tick))
            controller.close()
          },
        })
        return new HttpResponse(body, { headers: { 'content-type': 'text/plain' } })
      }),
    )
    expect(await (await fetch('/api/ticks')).text()).toBe('abc')
  })
})
