import { describe, expect, it } from 'vitest'
import { browserSuite } from './harness.js'

// sse() handlers answer the page's EventSource: through the Service Worker
// (a streamed response), and in-page (EventSource is not fetch: setupWorker
// replaces it with one that reads through the intercepted fetch).
describe.each(['service-worker', 'in-page'] as const)('EventSource (%s mode)', (mode) => {
  const suite = browserSuite(undefined, {
    // A real event stream, for what no handler answers.
    '/real/stream': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      response.end('retry: 60000\nevent: greeting\ndata: from the network\n\n')
    },
  })

  it('receives typed events (named, with ids, JSON data split over lines) as they are sent', async () => {
    const result = await suite.page.evaluate(async (interception) => {
      const { setupWorker, sse } = window.mocklib
      window.worker = setupWorker(
        sse<{ message: { text: string }; tick: number }>('/api/feed/:topic', ({ client, params, request }) => {
          client.send({ data: { text: `topic ${params.topic}, accept ${request.headers.get('accept')}` } })
          client.send({ event: 'tick', id: '1', data: 1 })
          // Sent later: the stream must deliver it without the handler ending.
          setTimeout(() => client.send({ event: 'tick', id: '2', data: 2 }), 50)
          setTimeout(() => client.send({ data: { text: 'two\nlines' } }), 60)
        }),
      )
      await window.worker.start({ interception, quiet: true, onUnhandledRequest: 'error' })
      const source = new EventSource('/api/feed/news')
      const events: string[] = []
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out with ${JSON.stringify(events)}`)), 10_000)
        source.onopen = () => events.push(`open ${source.readyState}`)
        source.onmessage = (event) => {
          events.push(`message ${event.data}`)
          if (events.length === 5) {
            clearTimeout(timer)
            resolve()
          }
        }
        source.addEventListener('tick', (event) => events.push(`tick ${(event as MessageEvent).data} id ${(event as MessageEvent).lastEventId}`))
      })
      source.close()
      return { events, closed: source.readyState }
    }, mode)
    expect(result.events).toEqual([
      'open 1',
      'message {"text":"topic news, accept text/event-stream"}',
      'tick 1 id 1',
      'tick 2 id 2',
      'message {"text":"two\\nlines"}',
    ])
    expect(result.closed).toBe(2)
    expect(suite.server.hits).toEqual([])
  })

  it('client.close() ends the stream: the EventSource sees error, reconnects after retry (with Last-Event-ID in-page)', async () => {
    const result = await suite.page.evaluate(async (interception) => {
      const { setupWorker, sse } = window.mocklib
      const lastIds: Array<string | null> = []
      window.worker = setupWorker(
        sse('/api/once', ({ client, request }) => {
          lastIds.push(request.headers.get('last-event-id'))
          client.send({ retry: 100 })
          client.send({ id: `n${lastIds.length}`, data: `connection ${lastIds.length}` })
          if (lastIds.length === 1) setTimeout(() => client.close(), 20)
        }),
      )
      await window.worker.start({ interception, quiet: true })
      const source = new EventSource('/api/once')
      const events: string[] = []
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out with ${JSON.stringify(events)}`)), 10_000)
        source.onerror = () => events.push(`error ${source.readyState}`)
        source.onmessage = (event) => {
          events.push(`${event.data} (${event.lastEventId})`)
          if (event.data === 'connection 2') {
            clearTimeout(timer)
            resolve()
          }
        }
      })
      source.close()
      return { events, lastIds }
    }, mode)
    expect(result.events).toEqual(['connection 1 (n1)', 'error 0', 'connection 2 (n2)'])
    expect(result.lastIds[0]).toBeNull()
    // In-page, mocklib's EventSource sends it. Through the worker it depends on the browser:
    // Debian's Chromium adds Last-Event-ID below the Service Worker (the handler never sees it),
    // the Chromium that @sparticuz/chromium ships puts it on the request the worker gets.
    if (mode === 'in-page') expect(result.lastIds[1]).toBe('n1')
    else expect([null, 'n1']).toContain(result.lastIds[1])
  })

  it('EventSource.close() ends the handler side of the stream (the request is aborted)', async () => {
    const result = await suite.page.evaluate(async (interception) => {
      const { setupWorker, sse } = window.mocklib
      let ended: () => void
      const handlerSawEnd = new Promise<string>((resolve) => (ended = () => resolve('ended')))
      window.worker = setupWorker(
        sse('/api/ticks', ({ client }) => {
          let count = 0
          const timer = setInterval(() => {
            if (!client.isOpen) {
              clearInterval(timer)
              ended()
              return
            }
            client.send({ data: String(count++) })
          }, 20)
        }),
      )
      await window.worker.start({ interception, quiet: true })
      const source = new EventSource('/api/ticks')
      await new Promise<void>((resolve) => source.addEventListener('message', () => resolve(), { once: true }))
      source.close()
      return Promise.race([handlerSawEnd, new Promise<string>((resolve) => setTimeout(() => resolve('still streaming after 3 s'), 3_000))])
    }, mode)
    expect(result).toBe('ended')
  })

  it('an EventSource no handler answers reaches the real server; stop() restores EventSource', async () => {
    const result = await suite.page.evaluate(async (interception) => {
      const { setupWorker, sse } = window.mocklib
      const original = EventSource
      window.worker = setupWorker(sse('/api/other', ({ client }) => client.send({ data: 'mocked' })))
      await window.worker.start({ interception, quiet: true, onUnhandledRequest: 'bypass' })
      const source = new EventSource('/real/stream')
      const greeting = await new Promise<string>((resolve) => source.addEventListener('greeting', (event) => resolve((event as MessageEvent).data as string)))
      source.close()
      await window.worker.stop()
      return { greeting, restored: EventSource === original }
    }, mode)
    expect(result).toEqual({ greeting: 'from the network', restored: true })
    expect(suite.server.hits).toEqual(['GET /real/stream'])
  })
})
