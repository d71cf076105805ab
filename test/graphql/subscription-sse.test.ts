// graphql.subscription over GraphQL-over-SSE ("distinct connections" mode):
// fetch with a stream reader, and the `eventsource` package's EventSource (GET).
import { EventSource as EventSourcePackage } from 'eventsource'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { failOnUnhandledRejection } from '../integration/support/harness.js'
import { readText } from '../sse/support.js'

const ENDPOINT = 'https://api.test/graphql'
const ON_COUNT = 'subscription OnCount($to: Int!) { count(to: $to) }'

const seen: { variables: unknown[]; transports: unknown[]; finally: number } = { variables: [], transports: [], finally: 0 }
let release: (() => void) | undefined

const server = setupServer(
  graphql.link(ENDPOINT).subscription<{ count: number }, { to: number }>('OnCount', async function* ({ variables, transport }) {
    seen.variables.push(variables)
    seen.transports.push(transport)
    for (let count = 1; count <= variables.to; count++) yield { data: { count } }
  }),
  graphql.subscription('Forever', async function* () {
    try {
      for (let tick = 1; ; tick++) {
        yield { data: { tick } }
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    } finally {
      seen.finally++
      release?.()
    }
  }),
  graphql.subscription('Broken', async function* () {
    yield { data: { ok: true } }
    throw new Error('the feed broke')
  }),
  graphql.query('Ping', () => HttpResponse.json({ data: { ping: 'pong' } })),
  http.get('https://api.test/health', () => HttpResponse.text('ok')),
)
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  seen.variables = []
  seen.transports = []
  seen.finally = 0
})
afterAll(() => server.close())

function post(query: string, variables?: Record<string, unknown>, init: RequestInit = {}): Promise<Response> {
  return fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query, variables }),
    ...init,
  })
}

/** The events of a GraphQL-over-SSE body: `[event, data]` pairs. */
function eventsOf(text: string): [string, string][] {
  return text
    .split('\n\n')
    .filter((frame) => frame !== '')
    .map((frame) => {
      const lines = frame.split('\n')
      const event = lines.find((line) => line.startsWith('event:'))?.slice(6) ?? 'message'
      const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5)).join('\n')
      return [event, data]
    })
}

describe('GraphQL over SSE with fetch and a stream reader', () => {
  it('streams three "next" events, then "complete"; variables reach the resolver', async () => {
    const response = await post(ON_COUNT, { to: 3 })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(eventsOf(await readText(response))).toEqual([
      ['next', '{"data":{"count":1}}'],
      ['next', '{"data":{"count":2}}'],
      ['next', '{"data":{"count":3}}'],
      ['complete', ''],
    ])
    expect(seen.variables).toEqual([{ to: 3 }])
    expect(seen.transports).toEqual(['sse'])
  })

  it('sends a resolver error as a last "next" with errors, then "complete"; the server keeps working', async () => {
    const errors: string[] = []
    server.events.on('unhandledException', ({ error }) => errors.push(error.message))
    try {
      expect(eventsOf(await readText(await post('subscription Broken { ok }')))).toEqual([
        ['next', '{"data":{"ok":true}}'],
        ['next', '{"errors":[{"message":"the feed broke"}]}'],
        ['complete', ''],
      ])
      expect(eventsOf(await readText(await post(ON_COUNT, { to: 1 })))).toEqual([
        ['next', '{"data":{"count":1}}'],
        ['complete', ''],
      ])
    } finally {
      server.events.removeAllListeners('unhandledException')
    }
  })

  it('ends the generator when the request is aborted (its finally runs)', async () => {
    const stopped = new Promise<void>((resolve) => (release = resolve))
    const controller = new AbortController()
    const response = await post('subscription Forever { tick }', undefined, { signal: controller.signal })
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    while (eventsOf(text).length < 2) text += decoder.decode((await reader.read()).value, { stream: true })
    // Only the signal: the reader is neither cancelled nor released.
    controller.abort()
    await stopped
    expect(eventsOf(text).slice(0, 2)).toEqual([
      ['next', '{"data":{"tick":1}}'],
      ['next', '{"data":{"tick":2}}'],
    ])
    expect(seen.finally).toBe(1)
    await expect(reader.read()).rejects.toThrow()
  })

  it('ends the generator when the reader cancels the body', async () => {
    const stopped = new Promise<void>((resolve) => (release = resolve))
    const response = await post('subscription Forever { tick }')
    const text = await readText(response, (received) => eventsOf(received).length >= 1)
    await stopped
    expect(eventsOf(text)[0]).toEqual(['next', '{"data":{"tick":1}}'])
    expect(seen.finally).toBe(1)
  })

  it('leaves queries to query handlers, and a subscription without Accept: text/event-stream unhandled', async () => {
    const query = await fetch(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify({ query: 'query Ping { ping }' }) })
    expect(await query.json()).toEqual({ data: { ping: 'pong' } })
    const printed: string[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void printed.push(args.map(String).join(' '))
    try {
      await expect(fetch(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: ON_COUNT, variables: { to: 1 } }) })).rejects.toThrow()
    } finally {
      console.error = original
    }
    // The unhandled-request message says why and what to write instead.
    expect(printed.join('\n')).toContain(`match it with graphql.subscription('OnCount', resolver)`)
    expect(printed.join('\n')).toContain('without "Accept: text/event-stream"')
  })

  it('scopes a graphql.link(url) subscription to its endpoint', async () => {
    await expect(
      fetch('https://elsewhere.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ query: ON_COUNT, variables: { to: 1 } }),
      }),
    ).rejects.toThrow()
  })
})

describe('GraphQL over SSE with the eventsource package', () => {
  it('receives "next" events and "complete" over GET', async () => {
    const url = new URL(ENDPOINT)
    url.searchParams.set('query', ON_COUNT)
    url.searchParams.set('variables', JSON.stringify({ to: 3 }))
    const source = new EventSourcePackage(url.href)
    try {
      const received = await new Promise<unknown[]>((resolve, reject) => {
        const data: unknown[] = []
        source.addEventListener('next', (event) => data.push(JSON.parse(event.data)))
        source.addEventListener('complete', () => resolve(data))
        source.addEventListener('error', () => reject(new Error(`EventSource error after ${JSON.stringify(data)}`)))
      })
      expect(received).toEqual([{ data: { count: 1 } }, { data: { count: 2 } }, { data: { count: 3 } }])
      expect(seen.variables).toEqual([{ to: 3 }])
    } finally {
      source.close()
    }
  })

  it('ends the generator when the EventSource closes', async () => {
    const stopped = new Promise<void>((resolve) => (release = resolve))
    const source = new EventSourcePackage(`${ENDPOINT}?query=${encodeURIComponent('subscription Forever { tick }')}`)
    await new Promise<void>((resolve) => source.addEventListener('next', () => resolve(), { once: true }))
    source.close()
    await stopped
    expect(seen.finally).toBe(1)
  })
})
