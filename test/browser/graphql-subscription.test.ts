import { describe, expect, it } from 'vitest'
import { browserSuite } from './harness.js'

// graphql.subscription in a real browser: graphql-transport-ws over the page's
// WebSocket (patched by setupWorker in both modes), and GraphQL over SSE
// through fetch (the Service Worker streams it in worker mode).
describe.each(['service-worker', 'in-page'] as const)('graphql.subscription (%s mode)', (mode) => {
  const suite = browserSuite()

  it('answers a graphql-transport-ws subscription on the page WebSocket: ack, next per yield, complete', async () => {
    const result = await suite.page.evaluate(async (interception) => {
      const { setupWorker, graphql } = window.mocklib
      window.worker = setupWorker(
        graphql.link('wss://api.example/graphql').subscription('OnCount', async function* ({ variables }) {
          for (let count = 1; count <= Number(variables.to); count++) yield { data: { count } }
        }),
      )
      await window.worker.start({ interception, quiet: true, onUnhandledRequest: 'error' })
      const socket = new WebSocket('wss://api.example/graphql', 'graphql-transport-ws')
      const messages: unknown[] = []
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out with ${JSON.stringify(messages)}`)), 10_000)
        socket.onopen = () => socket.send(JSON.stringify({ type: 'connection_init' }))
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string }
          messages.push(message)
          if (message.type === 'connection_ack') {
            socket.send(JSON.stringify({ id: 's1', type: 'subscribe', payload: { query: 'subscription OnCount($to: Int!) { count(to: $to) }', variables: { to: 3 } } }))
          }
          if (message.type === 'complete') {
            clearTimeout(timer)
            resolve()
          }
        }
      })
      socket.close()
      return { protocol: socket.protocol, messages }
    }, mode)
    expect(result.protocol).toBe('graphql-transport-ws')
    expect(result.messages).toEqual([
      { type: 'connection_ack' },
      { id: 's1', type: 'next', payload: { data: { count: 1 } } },
      { id: 's1', type: 'next', payload: { data: { count: 2 } } },
      { id: 's1', type: 'next', payload: { data: { count: 3 } } },
      { id: 's1', type: 'complete' },
    ])
  })

  it('answers a GraphQL-over-SSE subscription read by fetch: next events, then complete', async () => {
    const result = await suite.page.evaluate(async (interception) => {
      const { setupWorker, graphql } = window.mocklib
      window.worker = setupWorker(
        graphql.subscription('OnCount', async function* ({ variables }) {
          for (let count = 1; count <= Number(variables.to); count++) yield { data: { count } }
        }),
      )
      await window.worker.start({ interception, quiet: true, onUnhandledRequest: 'error' })
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ query: 'subscription OnCount($to: Int!) { count(to: $to) }', variables: { to: 2 } }),
      })
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() }
    }, mode)
    expect(result.status).toBe(200)
    expect(result.type).toMatch(/^text\/event-stream/)
    const events = result.text
      .split('\n\n')
      .filter((block) => block.trim() !== '')
      .map((block) => {
        const lines = block.split('\n')
        const event = lines.find((line) => line.startsWith('event:'))?.slice(6).trim()
        const data = lines.find((line) => line.startsWith('data:'))?.slice(5).trim()
        return [event, data]
      })
    expect(events).toEqual([
      ['next', JSON.stringify({ data: { count: 1 } })],
      ['next', JSON.stringify({ data: { count: 2 } })],
      ['complete', ''],
    ])
    expect(suite.server.hits).toEqual([])
  })
})
