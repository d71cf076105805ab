// The global WebSocket under Bun and Deno: mocked connections from ws.link
// handlers, and connections let through to a real 127.0.0.1 WebSocket server.
import assert from 'node:assert/strict'
import { after, afterEach, before, describe, it } from 'node:test'
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { WebSocketServer } from 'ws'
import { RUNTIME, within } from './support.mjs'

const chat = ws.link('wss://chat.example.test/rooms/:room')
const server = setupServer(
  chat.addEventListener('connection', ({ client, params }) => {
    client.send(`welcome to ${params.room}`)
    client.addEventListener('message', (event) => client.send(`echo: ${event.data}`))
  }),
)

let real
let realUrl = ''
before(async () => {
  real = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise((resolve) => real.once('listening', resolve))
  realUrl = `ws://127.0.0.1:${real.address().port}`
  real.on('connection', (socket, request) => {
    socket.send(`real server, bypass header: ${request.headers['x-mocklib-bypass'] ?? 'none'}`)
    socket.on('message', (data) => socket.send(`real echo: ${data}`))
  })
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterEach(() => server.resetHandlers())
after(async () => {
  server.close()
  for (const client of real.clients) client.terminate()
  await new Promise((resolve) => real.close(resolve))
})

/** Opens `url`, sends `outgoing` once open, and collects `count` messages. */
function exchange(url, outgoing, count) {
  const socket = new WebSocket(url)
  const received = []
  return within(
    3000,
    `${count} messages from ${url}`,
    new Promise((resolve, reject) => {
      socket.onopen = () => {
        for (const message of outgoing) socket.send(message)
      }
      socket.onmessage = (event) => {
        received.push(String(event.data))
        if (received.length === count) {
          socket.close()
          resolve(received)
        }
      }
      socket.onerror = () => reject(new Error(`the WebSocket to ${url} failed`))
    }),
  )
}

describe(`the global WebSocket under ${RUNTIME}`, () => {
  it('is answered by a ws.link handler, with params', async () => {
    assert.deepEqual(await exchange('wss://chat.example.test/rooms/lobby', ['hi', 'there'], 3), ['welcome to lobby', 'echo: hi', 'echo: there'])
  })

  it('takes server.use overrides', async () => {
    server.use(chat.addEventListener('connection', ({ client }) => client.send('overridden')))
    const [first] = await exchange('wss://chat.example.test/rooms/any', [], 1)
    assert.equal(first, 'overridden')
  })

  it('lets an unhandled connection through to the real server', async () => {
    assert.deepEqual(await exchange(realUrl, ['ping'], 2), ['real server, bypass header: none', 'real echo: ping'])
  })

  it('bridges a handler to the real server with server.connect()', async () => {
    server.use(
      ws.link(`${realUrl}/*`).addEventListener('connection', ({ client, server: upstream }) => {
        upstream.connect()
        client.addEventListener('message', (event) => upstream.send(`forwarded ${event.data}`))
      }),
    )
    const received = await exchange(`${realUrl}/bridged`, ['hello'], 2)
    assert.deepEqual(received, ['real server, bypass header: none', 'real echo: forwarded hello'])
  })
})
