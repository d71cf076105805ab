// Each interception mechanism is loaded by the first call that reaches it, not by `listen()`.
// Every test here imports mocklib afresh (vi.resetModules), so the call it makes right after
// listen(), in the same tick, is the one that loads its mechanism; the test then makes the same
// call again (mechanism loaded) and expects the same outcome.
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http'
import nodeHttp from 'node:http'
import nodeHttps from 'node:https'
import { expect, it, vi } from 'vitest'
import { closeServerAfterEach, failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const real = useLocalServer()
failOnUnhandledRejection()

const closeAfterTest = closeServerAfterEach()

/** A fresh mocklib, listening, with a REST and a GraphQL handler. */
async function listenFresh(onUnhandledRequest: 'error' | 'bypass' = 'error') {
  vi.resetModules()
  const { http, graphql, HttpResponse, bypass } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const bodies: string[] = []
  const server = setupServer(
    http.get('*/greeting', () => HttpResponse.text('mocked hello')),
    http.post('https://api.example.test/echo', async ({ request }) => {
      const body = await request.text()
      bodies.push(body)
      return HttpResponse.json({ echoed: body }, { status: 201 })
    }),
    http.get('https://api.example.test/through', ({ request }) => fetch(bypass(new URL('/from-real', real.origin), { headers: request.headers }))),
    graphql.query('Greeting', ({ variables }) => HttpResponse.json({ data: { greeting: `hello ${String(variables.name)}` } })),
  )
  server.listen({ onUnhandledRequest })
  closeAfterTest(server)
  return { bodies }
}

interface Outcome {
  status?: number
  headers?: Record<string, string | string[] | undefined>
  body?: string
  error?: string
  events: string[]
}

/** Sends one node:http(s) request and records what the client saw, in order. */
function send(start: () => ClientRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    const events: string[] = []
    const request = start()
    request.on('socket', () => events.push('socket'))
    request.on('response', (response: IncomingMessage) => {
      events.push('response')
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => {
        events.push('end')
        const { date: _date, ...headers } = response.headers
        resolve({ status: response.statusCode, headers, body, events })
      })
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      events.push('error')
      request.once('close', () => resolve({ error: `${error.code ?? ''} ${error.message}`, events: [...events, 'close'] }))
    })
  })
}

/** The call made twice: right after listen(), then with its mechanism loaded. */
async function firstAndNext(call: () => Promise<Outcome>): Promise<[Outcome, Outcome]> {
  const first = await call()
  const next = await call()
  return [first, next]
}

it('the first node:http GET, in the tick of listen(), is answered like the next', async () => {
  await listenFresh()
  const get = () => send(() => nodeHttp.get('http://api.example.test/greeting'))
  const [first, next] = await firstAndNext(get)
  expect(first).toEqual({ status: 200, headers: expect.objectContaining({ 'content-type': 'text/plain' }), body: 'mocked hello', events: ['socket', 'response', 'end'] })
  expect(first).toEqual(next)
})

it('the first https.request with a body written before end() reaches the resolver whole', async () => {
  const { bodies } = await listenFresh()
  const post = () =>
    send(() => {
      const options: RequestOptions = { method: 'POST', hostname: 'api.example.test', path: '/echo', headers: { 'content-type': 'text/plain' } }
      const request = nodeHttps.request(options)
      request.write('part one, ')
      request.end('part two')
      return request
    })
  const [first, next] = await firstAndNext(post)
  expect(first.status).toBe(201)
  expect(JSON.parse(first.body!)).toEqual({ echoed: 'part one, part two' })
  expect(first).toEqual(next)
  expect(bodies).toEqual(['part one, part two', 'part one, part two'])
})

it('the first request destroyed in the tick it was made fails as the next one does', async () => {
  const { bodies } = await listenFresh()
  const destroyed = () =>
    send(() => {
      const request = nodeHttps.request({ method: 'POST', hostname: 'api.example.test', path: '/echo' })
      request.end('never sent')
      request.destroy()
      return request
    })
  const [first, next] = await firstAndNext(destroyed)
  expect(first).toEqual({ error: 'ECONNRESET socket hang up', events: ['error', 'close'] })
  expect(first).toEqual(next)
  // Nothing was sent, so no handler was asked.
  expect(bodies).toEqual([])
})

it('the first request aborted by its signal fails with the abort, as the next one does', async () => {
  await listenFresh()
  const aborted = () =>
    send(() => {
      const controller = new AbortController()
      const request = nodeHttp.get('http://api.example.test/greeting', { signal: controller.signal })
      controller.abort()
      return request
    })
  const [first, next] = await firstAndNext(aborted)
  expect(first).toEqual({ error: 'ABORT_ERR The operation was aborted', events: ['error', 'close'] })
  expect(first).toEqual(next)
})

it('the first unhandled request fails under the error policy, as the next one does', async () => {
  await listenFresh('error')
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const unhandled = () => send(() => nodeHttp.get('http://api.example.test/nothing-here'))
    const [first, next] = await firstAndNext(unhandled)
    expect(first.error).toMatch(/without a matching request handler/)
    expect(first).toEqual(next)
  } finally {
    errors.mockRestore()
  }
})

it('the first request a handler passes through reaches the real server, as the next one does', async () => {
  await listenFresh()
  const through = () => send(() => nodeHttps.get('https://api.example.test/through'))
  const [first, next] = await firstAndNext(through)
  expect(first).toMatchObject({ status: 200, body: 'real GET /from-real' })
  expect(first).toEqual(next)
})

it('the first unhandled request under bypass goes to the real server, as the next one does', async () => {
  await listenFresh('bypass')
  const { hostname, port } = new URL(real.origin)
  const bypassed = () => send(() => nodeHttp.get({ hostname, port, path: '/bypassed' }))
  const [first, next] = await firstAndNext(bypassed)
  expect(first).toMatchObject({ status: 200, body: 'real GET /bypassed' })
  expect(first).toEqual(next)
})

it('the first WebSocket, made in the tick of listen(), is mocked like the next', async () => {
  vi.resetModules()
  const { ws } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const chat = ws.link('wss://chat.example.test')
  const server = setupServer(chat.addEventListener('connection', ({ client }) => client.addEventListener('message', (event) => client.send(`echo ${String(event.data)}`))))
  server.listen({ onUnhandledRequest: 'error' })
  closeAfterTest(server)
  const roundTrip = () =>
    new Promise<string>((resolve, reject) => {
      const socket = new WebSocket('wss://chat.example.test')
      socket.onopen = () => socket.send('hi')
      socket.onmessage = (event) => {
        resolve(String(event.data))
        socket.close()
      }
      socket.onerror = () => reject(new Error('WebSocket error'))
    })
  expect(await roundTrip()).toBe('echo hi')
  expect(await roundTrip()).toBe('echo hi')
})

it('the first GraphQL request, in the tick of listen(), is answered like the next', async () => {
  await listenFresh()
  const query = async () => {
    const response = await fetch('https://api.example.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query Greeting($name: String) { greeting(name: $name) }', variables: { name: 'Ada' } }),
    })
    return { status: response.status, body: await response.text() }
  }
  const first = await query()
  expect(first).toEqual({ status: 200, body: JSON.stringify({ data: { greeting: 'hello Ada' } }) })
  expect(await query()).toEqual(first)
})

/** Posts a JSON body to the GraphQL endpoint with global fetch. */
async function postGraphQL(body: string): Promise<{ status: number; body: string }> {
  const response = await fetch('https://api.example.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return { status: response.status, body: await response.text() }
}

it('the first GraphQL batch, in the tick of listen(), is split and answered like the next', async () => {
  await listenFresh()
  const batch = JSON.stringify([
    { query: 'query Greeting($name: String) { greeting(name: $name) }', variables: { name: 'Ada' } },
    { query: 'query Greeting($name: String) { greeting(name: $name) }', variables: { name: 'Grace' } },
  ])
  const first = await postGraphQL(batch)
  expect(first).toEqual({ status: 200, body: JSON.stringify([{ data: { greeting: 'hello Ada' } }, { data: { greeting: 'hello Grace' } }]) })
  expect(await postGraphQL(batch)).toEqual(first)
})

it('the first GraphQL request that does not parse is unhandled with the same note as the next', async () => {
  await listenFresh()
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const broken = JSON.stringify({ query: 'query Greeting { greeting(' })
    await expect(postGraphQL(broken)).rejects.toThrow()
    await expect(postGraphQL(broken)).rejects.toThrow()
    const messages = errors.mock.calls.map((call) => String(call[0]))
    expect(messages).toHaveLength(2)
    expect(messages[0]).toMatch(/looks like a GraphQL request, but/)
    expect(messages[0]).toBe(messages[1])
  } finally {
    errors.mockRestore()
  }
})

it('the first graphql-ws subscription, in the tick of listen(), streams like the next', async () => {
  vi.resetModules()
  const { graphql } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const server = setupServer(
    graphql.subscription('OnCount', async function* ({ variables }) {
      for (let count = 1; count <= Number(variables.to); count++) yield { data: { count } }
    }),
  )
  server.listen({ onUnhandledRequest: 'error' })
  closeAfterTest(server)
  const subscribe = () =>
    new Promise<unknown[]>((resolve, reject) => {
      const received: unknown[] = []
      const socket = new WebSocket('ws://api.example.test/graphql', 'graphql-transport-ws')
      socket.onopen = () => socket.send(JSON.stringify({ type: 'connection_init' }))
      socket.onmessage = (event) => {
        const frame = JSON.parse(String(event.data)) as { type: string; payload?: unknown }
        if (frame.type === 'connection_ack') {
          socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription OnCount($to: Int!) { count(to: $to) }', variables: { to: 2 } } }))
        } else if (frame.type === 'next') {
          received.push(frame.payload)
        } else {
          received.push(frame.type)
          if (frame.type === 'complete' || frame.type === 'error') socket.close()
          resolve(received)
        }
      }
      socket.onerror = () => reject(new Error('WebSocket error'))
    })
  const first = await subscribe()
  expect(first).toEqual([{ data: { count: 1 } }, { data: { count: 2 } }, 'complete'])
  expect(await subscribe()).toEqual(first)
})

it('the first GraphQL subscription over SSE, in the tick of listen(), streams like the next', async () => {
  vi.resetModules()
  const { graphql } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const server = setupServer(
    graphql.subscription('OnTick', async function* () {
      yield { data: { tick: 1 } }
      yield { data: { tick: 2 } }
    }),
  )
  server.listen({ onUnhandledRequest: 'error' })
  closeAfterTest(server)
  const subscribe = async () => {
    const response = await fetch('https://api.example.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription OnTick { tick }' }),
    })
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
  }
  const first = await subscribe()
  expect(first.status).toBe(200)
  expect(first.type).toMatch(/^text\/event-stream/)
  expect(first.body).toContain('{"data":{"tick":2}}')
  expect(first.body).toMatch(/event: ?complete/)
  expect(await subscribe()).toEqual(first)
})
