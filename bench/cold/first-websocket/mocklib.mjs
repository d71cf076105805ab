// Cold start and the first mocked WebSocket message (see ../../scenarios/cold-first-websocket.mjs).
import { firstMessage, report } from '../first-call-clients.mjs'
const dist = process.env.MOCKLIB_BENCH_DIST ? new URL(`file://${process.env.MOCKLIB_BENCH_DIST}/`) : new URL('../../../dist/', import.meta.url)
const { ws } = await import(new URL('index.js', dist).href)
const { setupServer } = await import(new URL('node.js', dist).href)
const chat = ws.link('ws://localhost/chat')
const server = setupServer(chat.addEventListener('connection', ({ client }) => client.send('hello')))
server.listen({ onUnhandledRequest: 'error' })
const data = await firstMessage('ws://localhost/chat')
server.close()
report(data === 'hello')
