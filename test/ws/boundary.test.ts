// WebSocket handlers in boundaries: a connection is offered to the handlers of
// the boundary that opened it, and 100 concurrent boundaries see only their own.
import { ws } from 'mocklib'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { failOnUnhandledRejection } from '../integration/support/harness.js'
import { setupServer } from 'mocklib/node'
import { closed, messages, opened } from './support.js'

const link = ws.link('wss://scoped.test/:name')
const server = setupServer(link.addEventListener('connection', ({ client }) => client.send('root')))
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

it('100 concurrent boundaries each answer their own connections, without leaking into each other or the root', async () => {
  const run = server.boundary(async (index: number) => {
    server.use(link.addEventListener('connection', ({ client, params }) => client.send(`boundary ${index} for ${params.name}`)))
    // Let the other boundaries register their handlers in between.
    await new Promise((resolve) => setTimeout(resolve, index % 7))
    const socket = new WebSocket(`wss://scoped.test/n${index}`)
    try {
      return await messages(socket, 2)
    } finally {
      socket.close()
    }
  })
  const results = await Promise.all(Array.from({ length: 100 }, (_, index) => run(index)))
  results.forEach((received, index) => expect(received).toEqual([`boundary ${index} for n${index}`, 'root']))

  const outside = new WebSocket('wss://scoped.test/outside')
  const received: string[] = []
  outside.addEventListener('message', (event) => received.push(String(event.data)))
  await opened(outside)
  await vi.waitFor(() => expect(received).toEqual(['root']))
  const done = closed(outside)
  outside.close()
  await done
})
