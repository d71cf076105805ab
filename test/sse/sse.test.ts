// sse(): the wire format, EventSource clients (the `eventsource` package and
// undici's EventSource, which is Node's global one), fetch readers, close,
// error, client aborts, and server.connect() to a real event stream.
import { EventSource as EventSourcePackage } from 'eventsource'
import { http, HttpResponse, sse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { EventSource as UndiciEventSource } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { clients as httpClients } from '../integration/support/clients.js'
import { failOnUnhandledRejection } from '../integration/support/harness.js'
import { collect, next, readText, useRealEventStream } from './support.js'

const API = 'http://sse.test'
const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const streamHeaders = { accept: 'text/event-stream' }

describe('the wire format', () => {
  it('sends named events, ids, retry, JSON data and multi-line data as event-stream frames', async () => {
    server.use(
      sse(`${API}/feed`, ({ client }) => {
        client.send({ data: 'plain' })
        client.send({ data: { id: 1, text: 'hi' } })
        client.send({ event: 'tick', id: '7', data: 'line one\nline two\r\nline three' })
        client.send({ retry: 1500 })
        client.send({ data: 42 })
        client.close()
      }),
    )
    const response = await fetch(`${API}/feed`, { headers: streamHeaders })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await readText(response)).toBe(
      'data:plain\n\n' +
        'data:{"id":1,"text":"hi"}\n\n' +
        'id:7\nevent:tick\ndata:line one\ndata:line two\ndata:line three\n\n' +
        'retry:1500\n\n' +
        'data:42\n\n',
    )
  })

  it.each(httpClients)('streams the same frames to %s', async (_name, client) => {
    server.use(
      sse(`${API}/any-client`, ({ client: stream }) => {
        stream.send({ event: 'greeting', id: '1', data: { hello: 'world' } })
        setTimeout(() => {
          stream.send({ data: 'later\nlines' })
          stream.close()
        }, 5)
      }),
    )
    const reply = await client(`${API}/any-client`, { headers: streamHeaders })
    expect(reply.status).toBe(200)
    expect(reply.headers['content-type']).toBe('text/event-stream')
    expect(reply.body).toBe('id:1\nevent:greeting\ndata:{"hello":"world"}\n\ndata:later\ndata:lines\n\n')
  })

  it('takes only requests that accept text/event-stream; a plain GET falls through to the next handler', async () => {
    server.use(
      sse(`${API}/feed`, ({ client }) => client.close()),
      http.get(`${API}/feed`, () => HttpResponse.text('not a stream')),
    )
    expect(await (await fetch(`${API}/feed`)).text()).toBe('not a stream')
  })

  it('gives the resolver params, cookies and the request', async () => {
    server.use(
      sse(`${API}/rooms/:room`, ({ client, params, cookies, request }) => {
        client.send({ data: { room: params.room, session: cookies.session, trace: request.headers.get('x-trace') } })
        client.close()
      }),
    )
    const response = await fetch(`${API}/rooms/lobby`, { headers: { ...streamHeaders, cookie: 'session=s1', 'x-trace': 't' } })
    expect(await readText(response)).toBe('data:{"room":"lobby","session":"s1","trace":"t"}\n\n')
  })

  it('forwards DOM events with dispatchEvent: a MessageEvent is sent, error errors the stream', async () => {
    server.use(
      sse(`${API}/dispatch`, ({ client }) => {
        client.dispatchEvent(new MessageEvent('note', { data: 'from an event', lastEventId: '3' }))
        client.dispatchEvent(new MessageEvent('message', { data: 'plain' }))
        setTimeout(() => client.dispatchEvent(new Event('close')), 5)
      }),
    )
    const response = await fetch(`${API}/dispatch`, { headers: streamHeaders })
    expect(await readText(response)).toBe('id:3\nevent:note\ndata:from an event\n\ndata:plain\n\n')
  })
})

describe('EventSource clients', () => {
  const clients = [
    ['the eventsource package', EventSourcePackage],
    ["undici's EventSource (Node's global EventSource)", UndiciEventSource],
  ] as const

  it.each(clients)('%s receives named events with ids, JSON and multi-line data', async (_name, EventSourceClass) => {
    server.use(
      sse(`${API}/events`, ({ client }) => {
        client.send({ data: { text: 'hello' } })
        client.send({ event: 'typing', id: 'e2', data: { user: 'ann' } })
        client.send({ id: 'e3', data: 'a\nb' })
      }),
    )
    const source = new EventSourceClass(`${API}/events`) as unknown as EventSource
    try {
      const received = await collect(source, ['message', 'typing'], 3)
      expect(received).toEqual([
        { type: 'message', data: '{"text":"hello"}', lastEventId: '' },
        { type: 'typing', data: '{"user":"ann"}', lastEventId: 'e2' },
        { type: 'message', data: 'a\nb', lastEventId: 'e3' },
      ])
    } finally {
      source.close()
    }
  })

  it.each(clients)('%s sees an error when the handler closes the stream, and reconnects after retry', async (_name, EventSourceClass) => {
    let connections = 0
    server.use(
      sse(`${API}/closing`, ({ client }) => {
        connections++
        client.send({ retry: 10 })
        client.send({ data: `connection ${connections}` })
        client.close()
      }),
    )
    const source = new EventSourceClass(`${API}/closing`) as unknown as EventSource
    try {
      const received = await collect(source, ['message'], 2)
      expect(received.map((event) => event.data)).toEqual(['connection 1', 'connection 2'])
      expect(connections).toBeGreaterThanOrEqual(2)
    } finally {
      source.close()
    }
  })

  it('the eventsource package sees client.error() as an error event', async () => {
    server.use(
      sse(`${API}/failing`, ({ client }) => {
        client.send({ data: 'before' })
        setTimeout(() => client.error(), 5)
      }),
    )
    const source = new EventSourcePackage(`${API}/failing`)
    try {
      const error = next(source, 'error')
      expect((await collect(source, ['message'], 1))[0]!.data).toBe('before')
      await error
    } finally {
      source.close()
    }
  })
})

describe('fetch readers', () => {
  it('client.error() fails the reader', async () => {
    server.use(
      sse(`${API}/error`, ({ client }) => {
        client.send({ data: 'one' })
        setTimeout(() => client.error(), 5)
      }),
    )
    const response = await fetch(`${API}/error`, { headers: streamHeaders })
    await expect(readText(response)).rejects.toThrow()
  })

  it('a resolver that throws after the stream started is reported as unhandledException, errors its stream, and breaks nothing else', async () => {
    const reported: Array<{ message: string; url: string }> = []
    const onException = ({ error, request }: { error: Error; request: Request }) => reported.push({ message: error.message, url: request.url })
    server.events.on('unhandledException', onException)
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      server.use(
        sse(`${API}/late-error`, async ({ client, request }) => {
          client.send({ data: 'started' })
          await new Promise((resolve) => setTimeout(resolve, 5))
          if (new URL(request.url).searchParams.has('fail')) throw new Error('resolver failed late')
          client.send({ data: 'fine' })
          client.close()
        }),
      )
      const failing = await fetch(`${API}/late-error?fail`, { headers: streamHeaders })
      const reader = failing.body!.getReader()
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('data:started\n\n')
      await expect(reader.read()).rejects.toThrow()
      expect(reported).toEqual([{ message: 'resolver failed late', url: `${API}/late-error?fail` }])
      expect(String(printed.mock.calls[0]?.[0])).toMatch(/^\[mocklib\] The sse\(\) resolver for "http:\/\/sse\.test\/late-error" threw/)

      const healthy = await fetch(`${API}/late-error`, { headers: streamHeaders })
      expect(await readText(healthy)).toBe('data:started\n\ndata:fine\n\n')
    } finally {
      server.events.removeListener('unhandledException', onException)
      printed.mockRestore()
    }
  })

  it('an async resolver streams events as it sends them, not when it returns', async () => {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    server.use(
      sse(`${API}/slow`, async ({ client }) => {
        client.send({ data: 'first' })
        await released
        client.send({ data: 'second' })
        client.close()
      }),
    )
    const response = await fetch(`${API}/slow`, { headers: streamHeaders })
    const reader = response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data:first\n\n')
    release()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data:second\n\n')
    expect((await reader.read()).done).toBe(true)
  })

  it('an abort by the client aborts request.signal and closes the mocked stream', async () => {
    let aborted!: () => void
    const sawAbort = new Promise<void>((resolve) => (aborted = resolve))
    let clientOpenAfterAbort: boolean | undefined
    server.use(
      sse(`${API}/abort`, ({ client, request }) => {
        client.send({ data: 'tick' })
        request.signal.addEventListener('abort', () => {
          queueMicrotask(() => {
            clientOpenAfterAbort = client.isOpen
            aborted()
          })
        })
      }),
    )
    const controller = new AbortController()
    const response = await fetch(`${API}/abort`, { headers: streamHeaders, signal: controller.signal })
    const reader = response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data:tick\n\n')
    controller.abort()
    await sawAbort
    expect(clientOpenAfterAbort).toBe(false)
  })

  it('cancelling the body closes the mocked stream', async () => {
    let client: { isOpen: boolean } | undefined
    server.use(
      sse(`${API}/cancel`, (info) => {
        client = info.client
        info.client.send({ data: 'tick' })
      }),
    )
    const response = await fetch(`${API}/cancel`, { headers: streamHeaders })
    await readText(response, (text) => text.includes('tick'))
    await expect.poll(() => client?.isOpen).toBe(false)
  })
})

describe('server.connect()', () => {
  const real = useRealEventStream(['data:real one\n\n', 'event:secret\ndata:hidden\n\n', 'id:9\ndata:real two\n\n'])

  it('forwards the real stream, except events a listener prevented, and lets the handler patch them', async () => {
    server.use(
      sse(`${real.origin}/stream`, ({ client, server: upstream }) => {
        client.send({ data: 'mocked first' })
        const source = upstream.connect()
        source.addEventListener('secret', (event) => event.preventDefault())
        source.addEventListener('message', (event) => {
          if ((event as MessageEvent).data === 'real two') {
            event.preventDefault()
            client.send({ id: '9', data: 'patched two' })
          }
        })
      }),
    )
    const source = new EventSourcePackage(`${real.origin}/stream`)
    try {
      const received = await collect(source, ['message', 'secret'], 3)
      expect(received).toEqual([
        { type: 'message', data: 'mocked first', lastEventId: '' },
        { type: 'message', data: 'real one', lastEventId: '' },
        { type: 'message', data: 'patched two', lastEventId: '9' },
      ])
      expect(real.headers.at(-1)?.accept).toBe('text/event-stream')
    } finally {
      source.close()
    }
  })

  it('the real stream reaches no handler (it is bypassed)', async () => {
    let calls = 0
    server.use(
      sse(`${real.origin}/stream`, ({ server: upstream }) => {
        calls++
        upstream.connect()
      }),
    )
    const response = await fetch(`${real.origin}/stream`, { headers: streamHeaders })
    expect(await readText(response, (text) => text.includes('real two'))).toBe(
      'data:real one\n\nevent:secret\ndata:hidden\n\nid:9\ndata:real two\n\n',
    )
    expect(calls).toBe(1)
  })
})
