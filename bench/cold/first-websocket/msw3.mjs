// Cold start and the first mocked WebSocket message (see ../../scenarios/cold-first-websocket.mjs).
import { firstMessage, report } from '../first-call-clients.mjs'
const { ws } = await import('msw')
const { setupServer } = await import('msw/node')
const chat = ws.link('ws://localhost/chat')
const server = setupServer(chat.addEventListener('connection', ({ client }) => client.send('hello')))
server.listen({ onUnhandledRequest: 'error' })
const data = await firstMessage('ws://localhost/chat')
server.close()
report(data === 'hello')
