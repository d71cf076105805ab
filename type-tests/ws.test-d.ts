import { expectTypeOf } from 'expect-type'
import { mock, ws, type PendingMock, type WebSocketClient, type WebSocketConnectionRecord, type WebSocketData, type WebSocketHandler, type WebSocketMessageRecord } from 'mocklib'
import type { SetupServerApi } from 'mocklib/node'

// Params are inferred from the URL literal.
const chat = ws.link('wss://chat.example/rooms/:room/:thread?')
const handler = chat.addEventListener('connection', ({ client, server, params, info }) => {
  expectTypeOf(params).toEqualTypeOf<{ room: string; thread?: string | undefined }>()
  // @ts-expect-error no such param
  params.user
  expectTypeOf(info.protocols).toEqualTypeOf<string | readonly string[] | undefined>()
  expectTypeOf(client.id).toEqualTypeOf<string>()
  expectTypeOf(client.url).toEqualTypeOf<URL>()
  client.addEventListener('message', (event) => {
    // Untyped links carry raw frames, as msw.
    expectTypeOf(event.data).toEqualTypeOf<WebSocketData>()
    client.send(event.data)
  })
  client.addEventListener('close', (event) => {
    expectTypeOf(event.code).toEqualTypeOf<number>()
  })
  // @ts-expect-error a client has no "open" event
  client.addEventListener('open', () => {})
  server.connect()
  server.addEventListener('open', () => {})
  server.addEventListener('message', (event) => {
    expectTypeOf(event.data).toEqualTypeOf<WebSocketData>()
    event.preventDefault()
  })
})
expectTypeOf(handler).toExtend<WebSocketHandler<{ room: string; thread?: string | undefined }>>()
chat.broadcast('to all')
// @ts-expect-error a raw link sends raw data (or JSON values only when typed)
chat.broadcast(Symbol('nope'))

// A RegExp link has string params.
ws.link(/chat/).addEventListener('connection', ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<Record<string, string>>()
})

// Message types: declared, with a parse function for non-raw incoming messages.
type Say = { type: 'say'; text: string }
type Said = { type: 'said'; from: string; text: string }
const typed = ws.link<{ incoming: Say; outgoing: Said }>('wss://chat.example', { parse: ws.json })
typed.addEventListener('connection', ({ client, server }) => {
  client.addEventListener('message', (event) => {
    expectTypeOf(event.data).toEqualTypeOf<Say>()
    client.send({ type: 'said', from: client.id, text: event.data.text })
    // @ts-expect-error outgoing messages are Said
    client.send({ type: 'say', text: 'x' })
    // @ts-expect-error a raw string is not a Said
    client.send('raw')
  })
  server.send({ type: 'say', text: 'to the real server' })
})
typed.broadcast({ type: 'said', from: 'server', text: 'hi' })
// @ts-expect-error broadcast takes a Said
typed.broadcast({ type: 'said', text: 'missing from' })
expectTypeOf(typed.clients).toEqualTypeOf<Set<WebSocketClient<Say, Said>>>()

// @ts-expect-error a non-raw incoming type needs a parse function
ws.link<{ incoming: Say; outgoing: Said }>('wss://chat.example')

// String message types need no parse function.
ws.link<{ incoming: 'ping'; outgoing: 'pong' }>('wss://ping.example').addEventListener('connection', ({ client }) => {
  client.addEventListener('message', (event) => {
    expectTypeOf(event.data).toEqualTypeOf<'ping'>()
    client.send('pong')
    // @ts-expect-error only "pong" goes out
    client.send('ping')
  })
})

// A parse function alone types incoming messages and keeps the params.
ws.link('wss://feed.example/:topic', { parse: (data): { price: number } => JSON.parse(String(data)) }).addEventListener(
  'connection',
  ({ client, params }) => {
    expectTypeOf(params).toEqualTypeOf<{ topic: string }>()
    client.addEventListener('message', (event) => {
      expectTypeOf(event.data).toEqualTypeOf<{ price: number }>()
    })
    client.send({ any: 'json' })
  },
)

// @ts-expect-error links only have "connection"
chat.addEventListener('message', () => {})

// History: connection records typed with the link's params; limits; mock.ws expectations.

const rooms = ws.link('wss://chat.example/rooms/:room')
const limited = rooms.addEventListener('connection', () => {}, { once: true })
expectTypeOf(limited.connections).toEqualTypeOf<readonly WebSocketConnectionRecord<{ room: string }>[]>()
expectTypeOf(rooms.connections[0]!.params.room).toEqualTypeOf<string>()
expectTypeOf(limited.connections[0]!.messages).toEqualTypeOf<readonly WebSocketMessageRecord[]>()
expectTypeOf<WebSocketMessageRecord['direction']>().toEqualTypeOf<'incoming' | 'outgoing'>()
expectTypeOf(limited.connectionCount).toEqualTypeOf<number>()
rooms.addEventListener('connection', () => {}, { times: 2 })
// @ts-expect-error times is a number
rooms.addEventListener('connection', () => {}, { times: '2' })
// @ts-expect-error no such option
rooms.addEventListener('connection', () => {}, { twice: true })

const expected = mock.ws('wss://chat.example/rooms/:room').addEventListener('connection', ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<{ room: string }>()
})
expectTypeOf(expected.once()).toEqualTypeOf(expected)
expectTypeOf(expected.times(3)).toEqualTypeOf(expected)
const typedExpected = mock.ws<{ incoming: Say; outgoing: Said }>('wss://chat.example', { parse: ws.json })
typedExpected.addEventListener('connection', ({ client }) => {
  // @ts-expect-error outgoing messages are Said
  client.send({ type: 'say', text: 'x' })
})

declare const server: SetupServerApi
expectTypeOf(server.webSocketConnections()).toEqualTypeOf<readonly WebSocketConnectionRecord[]>()
expectTypeOf(server.pendingMocks()).toEqualTypeOf<readonly PendingMock[]>()
expectTypeOf(server.unhandledRequests()[0]!.kind).toEqualTypeOf<'http' | 'websocket'>()
