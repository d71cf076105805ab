// ws handlers over the wire: the mock server accepts the upgrade, and real clients in another process (Node's
// global WebSocket, the `ws` package) talk to the same handler; a path no handler takes is refused with 404.
import { ws } from 'mocklib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../../src/api/server.js'
import { inChildProcess } from './clients.js'

const chat = ws.link('/chat/:room')
let server: MockServer

beforeAll(async () => {
  server = await createMockServer([
    chat.addEventListener('connection', ({ client, params }) => {
      client.send(`welcome to ${String(params.room)}`)
      client.addEventListener('message', (event) => client.send(`echo: ${String(event.data)}`))
    }),
  ])
})
afterAll(() => server.close())

const talk = (url: string, client: 'global' | 'ws') => `
  ${client === 'ws' ? `import WebSocket from ${JSON.stringify(import.meta.resolve('ws'))}` : ''}
  const socket = new WebSocket('${url}')
  const received = []
  await new Promise((resolve, reject) => {
    socket.addEventListener('message', (event) => {
      received.push(String(event.data))
      if (received.length === 1) socket.send('hi')
      else resolve()
    })
    socket.addEventListener('error', () => reject(new Error('socket error')))
  })
  socket.close()
  console.log(JSON.stringify(received))`

it("answers Node's global WebSocket and the ws package from another process", async () => {
  const url = `${server.url.replace('http:', 'ws:')}/chat/lobby`
  expect(await inChildProcess<string[]>(talk(url, 'global'))).toEqual(['welcome to lobby', 'echo: hi'])
  expect(await inChildProcess<string[]>(talk(url, 'ws'))).toEqual(['welcome to lobby', 'echo: hi'])
})

it('refuses an upgrade no handler takes with 404', async () => {
  const status = await inChildProcess<number>(`
    import WebSocket from ${JSON.stringify(import.meta.resolve('ws'))}
    const socket = new WebSocket('${server.url.replace('http:', 'ws:')}/elsewhere')
    socket.on('unexpected-response', (_request, response) => { console.log(JSON.stringify(response.statusCode)); process.exit(0) })
    socket.on('error', () => {})`)
  expect(status).toBe(404)
})

it('close() ends open WebSocket connections instead of waiting for them', async () => {
  const own = await createMockServer([chat.addEventListener('connection', ({ client }) => client.send('hello'))])
  const socket = new WebSocket(`${own.url.replace('http:', 'ws:')}/chat/a`)
  await new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }))
  const closed = new Promise((resolve) => socket.addEventListener('close', resolve, { once: true }))
  await own.close()
  await closed
  expect(socket.readyState).toBe(WebSocket.CLOSED)
})
