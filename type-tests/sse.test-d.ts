import { expectTypeOf } from 'expect-type'
import { sse, type HttpHandler, type ServerSentEventMessage } from 'mocklib'

type Chat = { from: string; text: string }

// Params are inferred from the path literal.
const handler = sse('/rooms/:room/events/:since?', ({ params, client, request, cookies }) => {
  expectTypeOf(params).toEqualTypeOf<{ room: string; since?: string | undefined }>()
  expectTypeOf(request).toExtend<Request>()
  expectTypeOf(cookies).toEqualTypeOf<Record<string, string>>()
  // @ts-expect-error no such param
  params.topic
  // Without an event map, any data goes as an unnamed message.
  client.send({ data: { anything: true } })
  client.send({ data: 'text', id: '1' })
  client.send({ retry: 1000 })
  client.send({ event: 'tick', id: '3', data: 42 })
  // @ts-expect-error retry is sent alone
  client.send({ retry: 1000, data: 'x' })
})
expectTypeOf(handler).toEqualTypeOf<HttpHandler>()

// An event map types client.send per event name.
sse<{ message: Chat; typing: { user: string } }>('/chat', ({ client, params }) => {
  expectTypeOf(params).toEqualTypeOf<Record<string, string>>()
  client.send({ data: { from: 'ann', text: 'hi' } })
  client.send({ event: 'message', data: { from: 'ann', text: 'hi' } })
  client.send({ event: 'typing', data: { user: 'bob' }, id: '2' })
  // @ts-expect-error a message's data must be a Chat
  client.send({ data: { from: 'ann' } })
  // @ts-expect-error typing's data has no text
  client.send({ event: 'typing', data: { text: 'hi' } })
  // @ts-expect-error no such event
  client.send({ event: 'joined', data: { user: 'bob' } })
  // @ts-expect-error data is required when its type does not allow undefined
  client.send({ event: 'typing' })
})

// Named events only: an unnamed message is not allowed.
sse<{ tick: number }>('/ticks', ({ client }) => {
  client.send({ event: 'tick', data: 1 })
  // @ts-expect-error the event name is required (there is no "message" event)
  client.send({ data: 1 })
  // @ts-expect-error tick data is a number
  client.send({ event: 'tick', data: 'one' })
})

// Explicit params as a second type argument (as msw).
sse<{ message: string }, { room: string }>('/rooms/:room', ({ params }) => {
  expectTypeOf(params.room).toEqualTypeOf<string>()
})

// The message type on its own.
expectTypeOf<{ event: 'typing'; data: { user: string } }>().toExtend<ServerSentEventMessage<{ typing: { user: string } }>>()
expectTypeOf<{ event: 'typing'; data: number }>().not.toExtend<ServerSentEventMessage<{ typing: { user: string } }>>()

// @ts-expect-error a resolver is required
sse('/stream')
